"""Every one of the variants played to its end on a phone (390x844),
as a newcomer would: start it, record hands with the variant's own controls
(the card picker at least once each; a flag, a status pill, a returning
player's box where the game has them), correct the first hand after the
second, see hand 2's running total follow, then finish the game and read the
winner on the banner and the settlement, table by table.

Each game is kept short with a small house-rule target.  The numbers are
worked out by hand from SCORING.md section 5, next to each game below.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.engine import variants

from .browser_kit import (
    LiveServer,
    guide,
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
from .conftest import PHONE

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
    # Gin family: each settlement table by its caption, each line's values by its label
    settlement: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    guides: dict[int, str] = field(default_factory=dict)  # the sheet's next-hand line before hand n
    groups: list[str] = field(default_factory=list)  # the headings of a game of several's column groups


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
         settlement={"The settlement": {"Grand total": ["200", "31"], "Net": ["169", "0"]}}),
    # To 30, the upcard is the knock limit.  1: upcard 7H, Ann knocks 5, Bob
    # 15: 10.  2: upcard 10S (limit 10), Bob knocks 3, Ann 9: Bob 6.  Correct
    # 1 to Bob 25: Ann 20 / 6.  3: upcard KD, Ann knocks 2, Bob 12: 30 / 6.
    # Game 100, boxes 50 and 25: 180 / 31, net 149.
    Game("oklahoma-gin", AB, {"target": "30"},
         [[("upcard", "7 of hearts"), ("out", "Ann"), ("count", "Ann", 5), ("count", "Bob", 15)],
          [("upcard", "10 of spades"), ("out", "Bob"), ("count", "Bob", 3), ("count", "Ann", 9)],
          [("upcard", "king of diamonds"), ("out", "Ann"), ("count", "Ann", 2), ("count", "Bob", 12)]],
         [("count", "Bob", 25)], ["20", "6"], ["30", "6"], "Ann wins!",
         settlement={"The settlement": {"Grand total": ["180", "31"], "Net": ["149", "0"]}}),
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
         settlement={"The settlement": {"Grand total": ["205", "26"], "Net": ["179", "0"]}}),
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
    # Eleven deals, deal k gives k + 2 cards with rank k + 2 wild; only what
    # cannot be melded counts; lowest wins.  1 (threes wild): Ann out, Bob 10.
    # 2 (fours wild): Ann out, Bob 4H 9C 9D KS: the 4H makes nines, KS = 10:
    # 0 / 20.  Correct 1 to Bob 5H 5S 9C, picked on hand 1's own page: threes
    # wild, no meld, 5 + 5 + 9 = 19 (the next deal's fives would make it 0):
    # 0 / 29.  3 (fives wild): Bob out, Ann 5S 7H 8H KC KD: KC KD 5S, 7H 8H
    # left = 15.  4-11: Bob out, Ann 1 each: 23 / 29, Ann wins.
    Game("three-thirteen", AB, {},
         [[("out", "Ann"), ("count", "Bob", 10)],
          [("out", "Ann"), ("pick", "Bob", ["4 of hearts", "9 of clubs", "9 of diamonds", "king of spades"]),
           ("value", "Bob", "4 cards, worth 10")],
          [("out", "Bob"), ("pick", "Ann", ["5 of spades", "7 of hearts", "8 of hearts", "king of clubs",
                                            "king of diamonds"]),
           ("value", "Ann", "5 cards, worth 15")]]
         + [[("out", "Bob"), ("count", "Ann", 1)]] * 8,
         [("clear", "Bob", "Count"), ("pick", "Bob", ["5 of hearts", "5 of spades", "9 of clubs"]),
          ("value", "Bob", "3 cards, worth 19")],
         ["0", "29"], ["23", "29"], "Ann wins!",
         guides={1: "Hand 1 · Ann deals 3 cards · threes wild", 2: "Hand 2 · Bob deals 4 cards · fours wild",
                 3: "Hand 3 · Ann deals 5 cards · fives wild", 11: "Hand 11 · Ann deals 13 cards · kings wild"}),
    # Every card left counts (A 11, K Q J 10, joker 25), never opened 100,
    # in mano doubles the others; out at 60, one re-entry.  1: Ann closes in
    # mano, Bob 10, Cara KS 7D = 17: doubled, 0 / 20 / 34.  2: Bob closes,
    # Ann 5, Cara never opened 100: 5 / 20 / 134, Cara is out.  Correct 1 to
    # Bob 15 (30 doubled): 5 / 30 / 134.  3: Cara comes back at the highest
    # total still in, Bob's 30; Ann closes, Bob 10, Cara 20: 5 / 40 / 50.
    # 4: Cara closes, Ann 60 (65) and Bob 20 (60) both reach 60: Cara is the
    # last player left and wins, 65 / 60 / 50.
    Game("scala40", ABC, {"eliminate_at": "60", "reentries": "1"},
         [[("out", "Ann"), ("flag", "In mano"), ("count", "Bob", 10),
           ("pick", "Cara", ["king of spades", "7 of diamonds"]), ("value", "Cara", "2 cards, worth 17")],
          [("out", "Bob"), ("count", "Ann", 5), ("status", "Cara", "Never opened")],
          [("reenter", "Cara"), ("out", "Ann"), ("count", "Bob", 10), ("count", "Cara", 20)],
          [("out", "Cara"), ("count", "Ann", 60), ("count", "Bob", 20)]],
         [("count", "Bob", 15)], ["5", "30", "134"], ["65", "60", "50"], "Cara wins!"),
    # Every card left counts (A 11, K Q J 10 10, joker 15); out at 51, one
    # buy-back.  1: Ann goes out with a kalookie (noted, no doubling), Bob KS
    # KH 4D joker = 39, Cara 13: 0 / 39 / 13.  2: Bob out, Ann 10, Cara 40:
    # 53, out.  Correct 1 to Cara 20: 10 / 39 / 60.  3: Cara's 2 typed
    # without her box ticked is refused, kept; ticked, she buys back in at
    # Bob's 39; Ann out, Bob 5, Cara 2: 10 / 44 / 41.  4: Ann out, Bob 10
    # (54) and Cara 20 (61) both out: Ann is the last left, 10 / 54 / 61.
    Game("kalooki", ABC, {"eliminate_at": "51"},
         [[("out", "Ann"), ("flag", "Kalookie"), ("pick", "Bob", ["king of spades", "king of hearts",
                                                                 "4 of diamonds", "joker"]),
           ("value", "Bob", "4 cards, worth 39"), ("count", "Cara", 13)],
          [("out", "Bob"), ("count", "Ann", 10), ("count", "Cara", 40)],
          [("out", "Ann"), ("count", "Bob", 5), ("count", "Cara", 2),
           ("refused", "Cara", "Cara is out of the game, so nothing typed for them counts: tick Re-enters"),
           ("reenter", "Cara")],
          [("out", "Ann"), ("count", "Bob", 10), ("count", "Cara", 20)]],
         [("count", "Cara", 20)], ["10", "39", "60"], ["10", "54", "61"], "Ann wins!"),
    # Gin hands in three games at once, each to 30: a player's first win goes
    # to I, the second to I and II, the third on to I, II and III, open ones
    # only (all closed: the next open game).  1: Ann knocks 5, Bob 15: Ann 10
    # (I).  2: Bob knocks 4, Ann AH 2H 3H, 5C 5D 5S, 9C 9D 9H melded, KS
    # left: Bob 6 (I).  Correct 1 to Bob 20: I 15 / 6.  3: Ann gin, Bob 10:
    # 35, her second, in I (50, closes) and II (35, closes).  4: Bob knocks
    # 2, Ann 12: 10, his second; I and II closed, so III.  5: Bob gin, Ann 5:
    # 30, III 40, closes.  I: Ann 50 + 100 + 2 x 25 = 200 v 6 + 25 = 31, net
    # 169; II: 35 + 100 + 100 shutout + 25 = 260 v 0; III: Bob 40 + 100 +
    # 100 + 2 x 25 = 290 v 0.  Match: 169 + 260 = 429 v 290: 139 to Ann.
    Game("hollywood-gin", AB, {"target": "30"},
         [[("out", "Ann"), ("count", "Ann", 5), ("count", "Bob", 15)],
          [("out", "Bob"), ("count", "Bob", 4),
           ("pick", "Ann", ["ace of hearts", "2 of hearts", "3 of hearts", "5 of clubs", "5 of diamonds",
                            "5 of spades", "9 of clubs", "9 of diamonds", "9 of hearts", "king of spades"])],
          [("out", "Ann"), ("count", "Ann", 0), ("count", "Bob", 10)],
          [("out", "Bob"), ("count", "Bob", 2), ("count", "Ann", 12)],
          [("out", "Bob"), ("count", "Bob", 0), ("count", "Ann", 5)]],
         [("count", "Bob", 20)], ["15", "6", "0", "0", "0", "0"], ["50", "6", "35", "0", "0", "40"], "Ann wins!",
         settlement={
             "Game I": {"Grand total": ["200", "31"], "Net": ["169", "0"]},
             "Game II": {"Shutout bonus": ["100", "0"], "Grand total": ["260", "0"], "Net": ["260", "0"]},
             "Game III": {"Grand total": ["0", "290"], "Net": ["0", "290"]},
             "Match": {"Nets summed": ["429", "290"], "Net": ["139", "0"]},
         },
         guides={3: "Hand 3 · Ann deals 10 cards · games I, II and III open",
                 4: "Hand 4 · Bob deals 10 cards · game III open"},
         groups=["Game I", "Game II", "Game III"]),
    # A house game defined on its own form: cards valued ace 15, joker 25 (2 jokers), own scoring, a
    # going-out bonus of -10, lowest wins, game to 60.  1: Ann out, Bob AS 9H JK 49, Cara 12: -10 / 49 / 12.
    # 2: Bob out, Ann 5, Cara KS 10.  Correct 1 to Cara 2: -5 / 39 / 12.  3: Cara out, Ann 10, Bob 30:
    # Bob 69 reaches 60; 5 / 69 / 2, the lowest, Cara, wins.
    Game("house", ABC, {"name": "Our Marriage", "entry": "cards", "values": {"ace": "15", "joker": "25"},
                        "jokers": "2", "scoring": "own", "going_out_bonus": "-10", "lowest_wins": True,
                        "target": "60"},
         [[("out", "Ann"), ("pick", "Bob", ["ace of spades", "9 of hearts", "joker"]), ("value", "Bob", "49"),
           ("count", "Cara", 12)],
          [("out", "Bob"), ("count", "Ann", 5), ("pick", "Cara", ["king of spades"])],
          [("out", "Cara"), ("count", "Ann", 10), ("count", "Bob", 30)]],
         [("count", "Cara", 2)], ["-5", "39", "12"], ["5", "69", "2"], "Cara wins!"),
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
    elif kind == "clear":
        player(page, args[0]).get_by_label(args[1], exact=True).fill("")
    elif kind == "value":  # the live value under the picker, worked out by the engine for this hand
        expect(player(page, args[0]).locator(".value")).to_contain_text(args[1])
    elif kind == "rummy":
        page.get_by_role("checkbox", name=re.compile("Rummy")).check()
    elif kind == "flag":  # a hand-level box: in mano, kalookie
        page.get_by_role("checkbox", name=re.compile(f"^{re.escape(args[0])}")).check()
    elif kind == "refused":  # saved too soon: the page comes back with what was typed and what to do
        page.locator("#entry button[type=submit]").click()
        expect(player(page, args[0]).locator(".error")).to_contain_text(args[1])
    elif kind == "reenter":  # a player out of the game comes back: the box on their own panel
        player(page, args[0]).get_by_role("checkbox", name="Re-enters").check()
    elif kind == "upcard":
        page.get_by_role("button", name="Pick the card").click()
        page.get_by_role("button", name=args[0], exact=True).click()
    elif kind == "wild":
        page.get_by_label("Wild rank this deal").select_option(args[0])
    elif kind == "status":
        player(page, args[0]).get_by_text(args[1], exact=True).click()
    else:
        raise AssertionError(f"unknown step {step}")


def _record(page: Page, game: Game, number: int, steps: list[Step]) -> None:
    if number in game.guides:
        expect(guide(page)).to_have_text(game.guides[number])
    page.get_by_role("link", name=f"Record hand {number}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Hand {number}")
    expect(page.locator("#how-to")).to_contain_text("Tap who")  # what to enter, before the first tap
    for step in steps:
        _do(page, step)
    save(page)
    expect(page.locator(".flash.error")).to_have_count(0)


def _fits(page: Page, width: int = 360) -> None:
    """The sheet at ``width`` px: the page does not scroll sideways, nor the table inside its frame."""
    page.set_viewport_size({"width": width, "height": PHONE["height"]})
    scroll, inner = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert scroll <= inner, f"the page scrolls sideways at {width} px: {scroll} > {inner}"
    table, frame = page.locator(".table-wrap").evaluate("wrap => [wrap.scrollWidth, wrap.clientWidth]")
    assert table <= frame, f"the sheet scrolls sideways in its frame at {width} px: {table} > {frame}"
    page.set_viewport_size(PHONE)


def _headings_stay_on_top(page: Page, groups: list[str]) -> None:
    """Scrolled down the sheet, each game's heading still shows above its players' names.

    The names stay at the top of the screen while the hands scroll; with
    three games side by side, so must the games' headings, or Ann, Bob, Ann,
    Bob, Ann, Bob no longer say which game is which.  What the finger sees at
    each heading's middle is that heading, not a name stuck over it.
    """
    table = page.locator("table.sheet")
    page.evaluate("top => window.scrollBy(0, top + 60)", table.evaluate("t => t.getBoundingClientRect().top"))
    names = page.locator("table.sheet thead tr:not(.groups) th").first.bounding_box()
    assert names is not None and names["y"] < 100, f"the names row did not stay at the top: {names}"
    for number, group in enumerate(groups):
        seen = page.evaluate(
            """n => { const th = document.querySelectorAll('table.sheet tr.groups th')[n];
                      const box = th.getBoundingClientRect();
                      const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                      return [box.top, box.bottom, at && at.closest('th') ? at.closest('th').textContent : null]; }""",
            number,
        )
        top, bottom, text = seen
        assert 0 <= top and bottom <= names["y"] + 1, f"{group}'s heading is not above the names: {seen}, {names}"
        assert text is not None and group in text, f"{group}'s heading is covered: {seen}"
    page.evaluate("() => window.scrollTo(0, 0)")


#: games played to their end in a browser module of their own (sides take their own form)
OWN_MODULE = {"canasta": "test_canasta_in_browser.py", "hand-and-foot": "test_hand_and_foot_in_browser.py",
              "marriage": "test_marriage_in_browser.py",
              "phase10": "test_phase10_in_browser.py", "cutthroat-gin": "test_cutthroat_gin_in_browser.py",
              "partnership-gin": "test_partnership_gin_in_browser.py"}


def test_every_game_in_the_registry_is_played_to_its_end_here_or_in_its_own_module() -> None:
    assert {game.variant for game in GAMES} | set(OWN_MODULE) == {v["key"] for v in variants()}
    assert all((Path(__file__).parent / name).is_file() for name in OWN_MODULE.values())


@pytest.mark.parametrize("game", GAMES, ids=[g.variant for g in GAMES])
def test_each_variant_plays_to_its_end_with_a_corrected_hand_and_the_right_winner(
    signed_in: Page, live_server: LiveServer, game: Game
) -> None:
    page = signed_in
    assert page.viewport_size == PHONE
    start_game(page, live_server, game.variant, game.names, **game.options)
    screenshot(page, f"every-{game.variant}-start")

    first, second, *rest = game.hands
    _record(page, game, 1, first)
    _record(page, game, 2, second)
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
    expect(page.get_by_role("button", name="End the game here")).to_be_visible()  # by agreement, any time
    if game.groups:
        _fits(page)

    for number, steps in enumerate(rest, start=3):
        if number == len(game.hands):
            page.get_by_role("link", name=f"Record hand {number}").click()
            screenshot(page, f"every-{game.variant}-entry")
            page.go_back()
        _record(page, game, number, steps)

    if game.end_by_agreement:
        expect(page.locator(".banner")).to_have_count(0)
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="End the game here").click()
    expect(page.locator(".banner")).to_have_text(game.banner)
    expect(page.get_by_role("link", name=re.compile("^Record hand"))).to_have_count(0)
    assert totals(page) == game.final
    expect(page.locator(".sheet-key")).to_contain_text("Underlined: who")
    tables = page.locator("table.final")
    expect(tables.locator("caption")).to_have_text(list(game.settlement))
    for caption, lines in game.settlement.items():
        table = tables.filter(has=page.locator("caption", has_text=re.compile(f"^{re.escape(caption)}$")))
        for label, values in lines.items():
            line = table.locator("tr", has=page.locator("th", has_text=re.compile(f"^{re.escape(label)}$")))
            expect(line.locator("td")).to_have_text(values)
    if game.groups:
        headings = page.locator("table.sheet tr.groups th")
        expect(headings).to_have_count(len(game.groups))
        for heading, group in zip(headings.all(), game.groups, strict=True):
            expect(heading).to_contain_text(group)
        _fits(page)
        _headings_stay_on_top(page, game.groups)
    screenshot(page, f"every-{game.variant}-finished")
