"""A whole Contract game played on a phone: the card picker, typed counts,
the next deal's guide and the running totals after every deal.

The numbers are worked by hand from SCORING.md section 5 (contract): whoever
went out scores 0; every other player scores all cards left in hand, ace 15,
joker 15, J/Q/K 10, others their pips. 3 players: 2 decks + 1 joker, 10 cards
a deal (12 in the seventh), the deal passes left, lowest total after deal 7
wins.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

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

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cara"]
CONTRACTS = [
    "two groups", "one group and one sequence", "two sequences", "three groups",
    "two groups and a sequence", "one group and two sequences", "three sequences",
]
DEALERS = ["Ann", "Bob", "Cara", "Ann", "Bob", "Cara", "Ann"]


@dataclass(frozen=True)
class Count:
    """A count typed on the numeric keypad."""

    value: int


@dataclass(frozen=True)
class Pick:
    """Cards tapped in the picker, and what they are worth (worked by hand)."""

    cards: list[str]
    value: int


# (who went out, what each other player gives, totals after the deal)
DEALS: list[tuple[str, dict[str, Count | Pick], list[int]]] = [
    ("Ann", {"Bob": Pick(["king of hearts", "king of hearts", "ace of spades"], 35),  # 10+10+15
             "Cara": Count(12)}, [0, 35, 12]),
    ("Bob", {"Ann": Count(7),
             "Cara": Pick(["joker", "5 of diamonds", "9 of clubs"], 29)}, [7, 35, 41]),  # 15+5+9
    ("Cara", {"Ann": Pick(["queen of spades", "2 of hearts", "3 of hearts"], 15),  # 10+2+3
              "Bob": Count(40)}, [22, 75, 41]),
    ("Ann", {"Bob": Count(5),
             "Cara": Pick(["ace of hearts", "ace of diamonds", "10 of clubs"], 40)}, [22, 80, 81]),  # 15+15+10
    ("Bob", {"Ann": Count(18), "Cara": Count(3)}, [40, 80, 84]),
    ("Cara", {"Ann": Pick(["4 of spades", "4 of spades", "8 of diamonds"], 16),  # 4+4+8
              "Bob": Pick(["6 of clubs", "7 of clubs"], 13)}, [56, 93, 84]),
    ("Ann", {"Bob": Count(25), "Cara": Count(60)}, [56, 118, 144]),
]


def test_three_players_play_all_seven_contract_deals_to_a_winner(
    signed_in: Page, live_server: LiveServer
) -> None:
    page = signed_in
    start_game(page, live_server, "contract", PLAYERS)
    expect(guide(page)).to_have_text(
        "Hand 1 · Ann deals 10 cards · 2 decks + 1 joker · Contract: two groups"
    )

    for number, (out, inputs, after) in enumerate(DEALS, start=1):
        page.get_by_role("link", name=f"Record hand {number}").click()
        expect(page.get_by_role("heading", level=1)).to_have_text(f"Hand {number}")
        went_out(page, out)
        expect(player(page, out)).to_contain_text("Went out: scored by the rules.")
        for name, given in inputs.items():
            if isinstance(given, Count):
                type_count(page, name, given.value)
                continue
            pick_cards(page, name, given.cards)
            panel = player(page, name)
            expect(panel.get_by_label("or the cards")).to_have_value(_written(given.cards))
            for card in set(given.cards):
                expect(panel.get_by_role("button", name=card, exact=True)).to_have_attribute("aria-pressed", "true")
            expect(panel.locator(".value")).to_have_text(f"{len(given.cards)} cards, worth {given.value}")
        if number == 1:
            screenshot(page, "contract-entry-picker")
        save(page)

        expect(page.locator(".flash")).to_contain_text(f"Hand {number} saved")
        assert totals(page) == [str(total) for total in after]
        assert row_totals(page, number) == [str(total) for total in after]
        if number < 7:
            cards_each = 12 if number == 6 else 10
            expect(guide(page)).to_have_text(
                f"Hand {number + 1} · {DEALERS[number]} deals {cards_each} cards · 2 decks + 1 joker"
                f" · Contract: {CONTRACTS[number]}"
            )
        if number == 4:
            expect(page.locator("#hand-4")).to_have_attribute("open", "")
            page.wait_for_load_state("load")
            page.wait_for_function("() => scrollY === 0")  # the next hand's button in sight, not the notes
            screenshot(page, "sheet-phone", full_page=False)  # docs/sheet-phone.png

    expect(page.locator(".banner")).to_have_text("Ann wins!")
    expect(page.locator(".next")).to_have_count(0)
    expect(page.locator("table.sheet thead th.winner")).to_contain_text("Ann")
    page.locator("table.sheet tbody tr").nth(6).locator("td").nth(1).click()  # a tap on Bob's 118
    expect(page).to_have_url(re.compile("#hand-7$"))
    expect(page.locator("#hand-7")).to_have_attribute("open", "")
    expect(page.locator("#hand-7 .notes")).to_contain_text("Deal 7 of 7, contract: three sequences.")
    screenshot(page, "contract-finished")


_RANKS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J"}
_SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def _written(cards: list[str]) -> str:
    """The cards field as the picker writes it: "king of hearts" -> "KH"."""
    out = []
    for card in cards:
        if card == "joker":
            out.append("JK")
            continue
        rank, _, suit = card.split(" ")
        out.append(_RANKS.get(rank, rank) + _SUITS[suit])
    return " ".join(out)


