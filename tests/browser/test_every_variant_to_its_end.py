"""Every one of the twelve variants played to its end on a phone, as a newcomer
would: start it, record hands with the variant's own controls (the card picker
at least once each), correct the first hand after the second, see hand 2's
running total follow, then finish the game and read the winner on the banner.

Each game is kept short with a small house-rule target.  The numbers are
worked out by hand from SCORING.md section 5, next to each game below.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .browser_kit import (
    LiveServer,
    pick_cards,
    player,
    row_totals,
    save,
    screenshot,
    start_game,
    totals,
    type_count,
    went_out,
)

pytestmark = pytest.mark.browser

Step = tuple[Any, ...]
AB = ["Ann", "Bob"]
ABC = ["Ann", "Bob", "Cara"]
# Thirteen cards with no three in a sequence or a set: every card counts in Indian.
NO_MELDS_13 = [
    "2 of clubs", "5 of clubs", "8 of clubs", "jack of clubs",
    "2 of diamonds", "5 of diamonds", "8 of diamonds", "jack of diamonds",
    "3 of hearts", "6 of hearts", "9 of hearts", "queen of hearts", "4 of spades",
]


@dataclass
class Game:
    variant: str
    names: list[str]
    options: dict[str, str | bool]
    hands: list[list[Step]]  # hand 1, hand 2, ..., the last hand
    correction: list[Step]  # applied to hand 1 once hand 2 is recorded
    row2: list[str]  # hand 2's running totals after the correction
    final: list[str]  # the totals line at the end
    banner: str
    end_by_agreement: bool = False
    settlement: dict[str, list[str]] = field(default_factory=dict)  # Gin family


GAMES = [
    # Winner scoring to 30.  1: Ann out, Bob 10: Ann 10.  2: Bob out with a
    # rummy, Ann 3C 4C = 7, doubled: Bob 14.  Correct 1 to Bob 12: 12 / 14.
    # 3: Ann out, Bob 20: Ann 32 >= 30, Ann wins 32 / 14.
    Game("basic", AB, {"target": "30"},
         [[("out", "Ann"), ("count", "Bob", 10)],
          [("out", "Bob"), ("rummy",), ("pick", "Ann", ["3 of clubs", "4 of clubs"])],
          [("out", "Ann"), ("count", "Bob", 20)]],
         [("count", "Bob", 12)], ["12", "14"], ["32", "14"], "Ann wins!"),
    # To 30.  1: block, Ann 6 Bob 15: Ann wins the difference 9.  2: Bob out,
    # Ann 7S = 7: Bob 7.  Correct 1 to Bob 20: Ann 14 / 7.  3: Bob out with a
    # rummy, Ann 12 doubled = 24: Bob 31 >= 30, Bob wins 14 / 31.
    Game("block", AB, {"target": "30"},
         [[("out", "Block"), ("count", "Ann", 6), ("count", "Bob", 15)],
          [("out", "Bob"), ("pick", "Ann", ["7 of spades"])],
          [("out", "Bob"), ("rummy",), ("count", "Ann", 12)]],
         [("count", "Bob", 20)], ["14", "7"], ["14", "31"], "Bob wins!"),
    # One point an unmatched card, to 5.  1: Ann out, Bob 2 cards: Ann 2.
    # 2: Bob out, Ann KH 2C 9D (no meld, not even around the corner): Bob 3.
    # Correct 1 to Bob 4: 4 / 3.  3: Ann out, Bob 1: Ann 5, Ann wins 5 / 3.
    Game("boathouse", AB, {"target": "5"},
         [[("out", "Ann"), ("count", "Bob", 2)],
          [("out", "Bob"), ("pick", "Ann", ["king of hearts", "2 of clubs", "9 of diamonds"])],
          [("out", "Ann"), ("count", "Bob", 1)]],
         [("count", "Bob", 4)], ["4", "3"], ["5", "3"], "Ann wins!"),
    # Seven deals, lowest wins.  1: Ann out, Bob 10, Cara 20.  2: Bob out, Ann
    # AS = 15, Cara 5: 15 / 10 / 25.  Correct 1 to Cara 30: 15 / 10 / 35.
    # 3-7: Cara out, Ann 1, Bob 1 each: 20 / 15 / 35, Bob wins.
    Game("contract", ABC, {},
         [[("out", "Ann"), ("count", "Bob", 10), ("count", "Cara", 20)],
          [("out", "Bob"), ("pick", "Ann", ["ace of spades"]), ("count", "Cara", 5)]]
         + [[("out", "Cara"), ("count", "Ann", 1), ("count", "Bob", 1)]] * 5,
         [("count", "Cara", 30)], ["15", "10", "35"], ["20", "15", "35"], "Bob wins!"),
    # Zero-sum, no target.  1: Ann knocks 3, Bob 10: Ann +7.  2: Bob knocks 5,
    # Ann 2H = 2 is lower: Bob pays 3 + 10 = 13: 20 / -20.  Correct 1 to Bob
    # 12: Ann +9, so 22 / -22.  3: Bob knocks a rum hand, Ann 4: Bob wins
    # 4 + 25 = 29: -7 / 7.  The table stops: Bob leads.
    Game("knock", AB, {},
         [[("out", "Ann"), ("count", "Ann", 3), ("count", "Bob", 10)],
          [("out", "Bob"), ("count", "Bob", 5), ("pick", "Ann", ["2 of hearts"])],
          [("out", "Bob"), ("count", "Bob", 0), ("count", "Ann", 4)]],
         [("count", "Bob", 12)], ["22", "-22"], ["-7", "7"], "Bob wins by agreement!",
         end_by_agreement=True),
    # Out at 30.  1: Ann tunks, Bob 10.  2: Bob tunks, Ann KC 3D = 13: 13 / 10.
    # Correct 1 to Bob 15: 13 / 15.  3: Ann tunks, Bob 20: 35, out; Ann is the
    # last player left: 13 / 35.
    Game("tunk", AB, {"eliminate_at": "30"},
         [[("out", "Ann"), ("count", "Bob", 10)],
          [("out", "Bob"), ("pick", "Ann", ["king of clubs", "3 of diamonds"])],
          [("out", "Ann"), ("count", "Bob", 20)]],
         [("count", "Bob", 15)], ["13", "15"], ["13", "35"], "Ann wins!"),
    # To 30.  1: Ann knocks 5, Bob 15: Ann 10.  2: Bob knocks 4, Ann's ten
    # cards AH 2H 3H, 5C 5D 5S, 9C 9D 9H melded, KS 10 left: Bob 6.  Correct
    # 1 to Bob 20: Ann 15 / 6.  3: Ann gin, Bob 10: 10 + 25 = 35: 50 / 6.
    # Game 100, no shutout, boxes 2 x 25 = 50 and 1 x 25 = 25: 200 / 31, net 169.
    Game("gin", AB, {"target": "30"},
         [[("out", "Ann"), ("count", "Ann", 5), ("count", "Bob", 15)],
          [("out", "Bob"), ("count", "Bob", 4),
           ("pick", "Ann", ["ace of hearts", "2 of hearts", "3 of hearts", "5 of clubs", "5 of diamonds",
                            "5 of spades", "9 of clubs", "9 of diamonds", "9 of hearts", "king of spades"])],
          [("out", "Ann"), ("count", "Ann", 0), ("count", "Bob", 10)]],
         [("count", "Bob", 20)], ["15", "6"], ["50", "6"], "Ann wins!",
         settlement={"Grand total": ["200", "31"], "Net": ["169", "0"]}),
    # To 30, the upcard is the knock limit.  1: upcard 7H, Ann knocks 5, Bob
    # 15: 10.  2: upcard 10S (limit 10), Bob knocks 3, Ann 9: Bob 6.  Correct
    # 1 to Bob 25: Ann 20 / 6.  3: upcard KD, Ann knocks 2, Bob 12: 30 / 6.
    # Game 100, boxes 50 and 25: 180 / 31, net 149.
    Game("oklahoma-gin", AB, {"target": "30"},
         [[("upcard", "7 of hearts"), ("out", "Ann"), ("count", "Ann", 5), ("count", "Bob", 15)],
          [("upcard", "10 of spades"), ("out", "Bob"), ("count", "Bob", 3), ("count", "Ann", 9)],
          [("upcard", "king of diamonds"), ("out", "Ann"), ("count", "Ann", 2), ("count", "Bob", 12)]],
         [("count", "Bob", 25)], ["20", "6"], ["30", "6"], "Ann wins!",
         settlement={"Grand total": ["180", "31"], "Net": ["149", "0"]}),
    # To 30.  1: Ann knocks 5, Bob 15: 10.  2: Bob knocks 2, Ann's QH KH AH
    # (around the corner), 5C 5D 5S, 9C 9D 9H melded, 3S left: Bob 1.
    # Correct 1 to Bob 25: 20 / 1.  3: Ann gin, Bob 10: 35, so 55 / 1.
    # Game 100, boxes 50 and 25: 205 / 26, net 179.
    Game("corner-gin", AB, {"target": "30"},
         [[("out", "Ann"), ("count", "Ann", 5), ("count", "Bob", 15)],
          [("out", "Bob"), ("count", "Bob", 2),
           ("pick", "Ann", ["queen of hearts", "king of hearts", "ace of hearts", "5 of clubs", "5 of diamonds",
                            "5 of spades", "9 of clubs", "9 of diamonds", "9 of hearts", "3 of spades"])],
          [("out", "Ann"), ("count", "Ann", 0), ("count", "Bob", 10)]],
         [("count", "Bob", 25)], ["20", "1"], ["55", "1"], "Ann wins!",
         settlement={"Grand total": ["205", "26"], "Net": ["179", "0"]}),
    # Melded minus left, to 100.  1: Ann out melding 30; Bob 10 - 20 = -10.
    # 2: Bob out melding 7H 8H 9H = 24; Ann AC 2C 3C with a low ace = 6,
    # left 5: +1, so 31 / 14.  Correct 1 to Ann melding 40: 41 / 14.
    # 3: Ann out melding 60, Bob 0 - 10: 101 / 4, Ann wins.
    Game("500", AB, {"target": "100"},
         [[("out", "Ann"), ("fill", "Ann", "Melded", "30"), ("fill", "Bob", "Melded", "10"),
           ("fill", "Bob", "Left in hand", "20")],
          [("out", "Bob"), ("pick500", "Bob", "Melded", ["7 of hearts", "8 of hearts", "9 of hearts"]),
           ("fill", "Ann", "Melded", "AC 2C 3C"), ("fill", "Ann", "Low aces", "1"),
           ("fill", "Ann", "Left in hand", "5")],
          [("out", "Ann"), ("fill", "Ann", "Melded", "60"), ("fill", "Bob", "Melded", "0"),
           ("fill", "Bob", "Left in hand", "10")]],
         [("fill", "Ann", "Melded", "40")], ["41", "14"], ["101", "4"], "Ann wins!"),
    # Penalty points, lowest wins, no pool.  1: Ann declares, Bob first drop
    # 20, Cara 30.  2: wild 7, Bob declares, Ann wrong show 80, Cara's
    # thirteen cards hold no meld: 82, capped at 80: 80 / 20 / 110.  Correct 1
    # to Cara 10: 80 / 20 / 90.  3: Cara declares, Ann middle drop 40, Bob 5:
    # 120 / 25 / 90.  The table stops: Bob is lowest.
    Game("indian", ABC, {},
         [[("out", "Ann"), ("status", "Bob", "First drop"), ("count", "Cara", 30)],
          [("wild", "7"), ("out", "Bob"), ("status", "Ann", "Wrong show"), ("pick", "Cara", NO_MELDS_13)],
          [("out", "Cara"), ("status", "Ann", "Middle drop"), ("count", "Bob", 5)]],
         [("count", "Cara", 10)], ["80", "20", "90"], ["120", "25", "90"], "Bob wins by agreement!",
         end_by_agreement=True),
    # Q of spades 40, A 15, K-10 10, 2-9 5; out scores the rest + 25, the
    # others lose their own.  To 100.  1: Ann out, Bob 20: 45 / -20.  2: Bob
    # out, Ann QS 3H = 45: Bob 70, 0 / 50.  Correct 1 to Bob 10: Ann 35 / -10,
    # so -10 / 60.  3: Ann out with a rummy, Bob 50 doubled + 25 = 125, Bob
    # -50: 115 / 10, Ann wins.
    Game("sai", AB, {"target": "100"},
         [[("out", "Ann"), ("count", "Bob", 20)],
          [("out", "Bob"), ("pick", "Ann", ["queen of spades", "3 of hearts"])],
          [("out", "Ann"), ("rummy",), ("count", "Bob", 50)]],
         [("count", "Bob", 10)], ["-10", "60"], ["115", "10"], "Ann wins!"),
]


def _pick_into(page: Page, name: str, label: str, cards: list[str]) -> None:
    """Tap cards in the picker under one of a 500 player's two card fields."""
    box = player(page, name).locator(".field", has=page.get_by_label(re.compile(f"^{label}")))
    box.get_by_role("button", name="Pick cards").click()
    grid = player(page, name).locator(".picker:not([hidden])")
    for card in cards:
        grid.get_by_role("button", name=card, exact=True).click()
    box.get_by_role("button", name="Pick cards").click()


def _do(page: Page, step: Step) -> None:
    kind, *args = step
    if kind == "out":
        went_out(page, args[0])
    elif kind == "count":
        type_count(page, args[0], args[1])
    elif kind == "pick":
        pick_cards(page, args[0], args[1])
    elif kind == "pick500":
        _pick_into(page, *args)
    elif kind == "fill":
        player(page, args[0]).get_by_label(re.compile(f"^{args[1]}")).fill(args[2])
    elif kind == "rummy":
        page.get_by_role("checkbox", name=re.compile("Rummy")).check()
    elif kind == "upcard":
        page.get_by_role("button", name="Pick the card").click()
        page.get_by_role("button", name=args[0], exact=True).click()
    elif kind == "wild":
        page.get_by_label("Wild rank this deal").select_option(args[0])
    elif kind == "status":
        player(page, args[0]).get_by_text(args[1], exact=True).click()
    else:
        raise AssertionError(f"unknown step {step}")


def _record(page: Page, number: int, steps: list[Step]) -> None:
    page.get_by_role("link", name=f"Record hand {number}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Hand {number}")
    expect(page.locator("#how-to")).to_contain_text("Tap who")  # what to enter, before the first tap
    for step in steps:
        _do(page, step)
    save(page)
    expect(page.locator(".flash.error")).to_have_count(0)


@pytest.mark.parametrize("game", GAMES, ids=[g.variant for g in GAMES])
def test_each_variant_plays_to_its_end_with_a_corrected_hand_and_the_right_winner(
    signed_in: Page, live_server: LiveServer, game: Game
) -> None:
    page = signed_in
    start_game(page, live_server, game.variant, game.names, **game.options)
    screenshot(page, f"every-{game.variant}-start")

    first, second, *rest = game.hands
    _record(page, 1, first)
    _record(page, 2, second)
    before = row_totals(page, 2)

    page.get_by_role("link", name="Hand 1: why").click()
    page.get_by_role("link", name="Correct hand 1").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct hand 1")
    for step in game.correction:
        _do(page, step)
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".flash")).to_have_text("Hand 1 corrected; every total after it is recomputed.")
    after = row_totals(page, 2)
    assert after == game.row2
    assert after != before

    for number, steps in enumerate(rest, start=3):
        if number == len(game.hands):
            page.get_by_role("link", name=f"Record hand {number}").click()
            screenshot(page, f"every-{game.variant}-entry")
            page.go_back()
        _record(page, number, steps)

    if game.end_by_agreement:
        expect(page.locator(".banner")).to_have_count(0)
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="End the game here").click()
    expect(page.locator(".banner")).to_have_text(game.banner)
    expect(page.get_by_role("link", name=re.compile("^Record hand"))).to_have_count(0)
    assert totals(page) == game.final
    expect(page.locator(".sheet-key")).to_contain_text("Underlined: who")
    for label, values in game.settlement.items():
        expect(page.locator("table.final tr", has=page.locator("th", has_text=label)).locator("td")).to_have_text(
            values
        )
    screenshot(page, f"every-{game.variant}-finished")
