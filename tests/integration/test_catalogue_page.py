"""The front page lists every variant the engine offers, served with nothing from outside."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from scorekeeper.engine import variants
from scorekeeper.web import catalogue


class PageReader(HTMLParser):
    """Collects what the tests look at: tag attributes, and the text of each variant's article."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.article_text: dict[str, str] = {}
        self._article: str | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag == "article":
            self._article = attributes.get("id")
            self.article_text[self._article] = ""

    def handle_endtag(self, tag):
        if tag == "article":
            self._article = None

    def handle_data(self, data):
        if self._article is not None:
            self.article_text[self._article] += data

    def links(self) -> list[str]:
        return [
            value
            for _, attributes in self.tags
            for name, value in attributes.items()
            if name in ("src", "href", "action", "srcset", "poster") and value is not None
        ]


def read_page(client, path="/variants"):
    response = client.get(path)
    assert response.status_code == 200
    reader = PageReader()
    reader.feed(response.get_data(as_text=True))
    return reader


GIN = {
    "key": "gin",
    "name": "Gin Rummy",
    "summary": "Two players knock or go gin; undercuts, boxes and a game bonus.",
    "min_players": 2,
    "max_players": 2,
    "cards_each": {"2": 10},
    "decks": {"2": 1},
    "jokers": {"2": 0},
    "options": [
        {"key": "target", "default": 100, "type": "int", "choices": None,
         "help": "The game ends after the hand in which a total reaches this."},
    ],
}

BASIC = {
    "key": "basic",
    "name": "Basic Rummy",
    "summary": "Meld, lay off and go out; the others pay for what they hold.",
    "min_players": 2,
    "max_players": 6,
    "cards_each": {"2": 10, "3": 7, "4": 7, "5": 6, "6": 6},
    "decks": {"2": 1, "3": 1, "4": 1, "5": 1, "6": 1},
    "jokers": {"2": 0, "3": 0, "4": 0, "5": 0, "6": 0},
    "options": [
        {"key": "ace", "default": "low", "type": "choice", "choices": ["low", "high_or_low"],
         "help": "Whether an ace may also count high."},
        {"key": "deals", "default": None, "type": "int", "choices": None,
         "help": "Stop after this many deals."},
        {"key": "rummy", "default": False, "type": "bool", "choices": None,
         "help": "Going out in one turn doubles the hand."},
    ],
}


@pytest.fixture
def fake_catalogue(monkeypatch):
    monkeypatch.setattr(catalogue, "variants", lambda: [GIN, BASIC])


def test_front_page_is_served_as_html(client):
    response = client.get("/variants")

    assert response.status_code == 200
    assert response.mimetype == "text/html"


def test_front_page_lists_every_variant_with_its_option_keys(client):
    page = read_page(client)

    for variant in variants():
        text = page.article_text.get(variant["key"])
        assert text is not None, f"no article for {variant['key']!r}"
        assert variant["name"] in text
        for option in variant["options"]:
            assert option["key"] in text, f"{variant['key']}: option {option['key']!r} missing"


def test_front_page_fits_a_phone_screen(client):
    page = read_page(client)

    viewports = [attrs for tag, attrs in page.tags if tag == "meta" and attrs.get("name") == "viewport"]
    assert len(viewports) == 1
    assert "width=device-width" in (viewports[0].get("content") or "")


def test_front_page_references_nothing_outside_the_app(client):
    page = read_page(client)

    links = page.links()
    assert links, "the page should at least link its stylesheet"
    outside = [link for link in links if link.startswith(("http://", "https://", "//"))]
    assert outside == []


def test_everything_the_front_page_loads_is_served_by_the_app(client):
    page = read_page(client)
    stylesheets = [attrs["href"] for tag, attrs in page.tags if tag == "link" and attrs.get("rel") == "stylesheet"]
    assert stylesheets

    for href in stylesheets:
        response = client.get(href)
        assert response.status_code == 200, href
        css = response.get_data(as_text=True)
        assert "http://" not in css and "https://" not in css and "@import" not in css


def test_variant_shows_players_deal_and_options(client, fake_catalogue):
    page = read_page(client)
    basic = page.article_text["basic"]

    assert "Basic Rummy" in basic
    assert "2–6 players" in basic
    assert "2 players: 10 cards · 3–4 players: 7 cards · 5–6 players: 6 cards" in basic
    assert "1 deck" in basic
    assert "default: low" in basic
    assert "One of: low, high_or_low" in basic
    assert "default: none" in basic
    assert "default: no" in basic
    assert "Stop after this many deals." in basic


def test_two_player_only_variant_says_so(client, fake_catalogue):
    gin = read_page(client).article_text["gin"]

    assert "2 players" in gin
    assert "2 players: 10 cards" in gin
    assert "default: 100" in gin


@pytest.mark.parametrize(
    ("cards_each", "deal"),
    [
        ({"2": 10}, "2 players: 10 cards"),
        ({"2": 10, "3": 7, "4": 7}, "2 players: 10 cards · 3–4 players: 7 cards"),
        ({"3": 7, "2": 10, "4": 7}, "2 players: 10 cards · 3–4 players: 7 cards"),
        ({"2": 13, "3": 13, "4": 13, "5": 13, "6": 13}, "2–6 players: 13 cards"),
        ({"2": 7, "4": 7}, "2 players: 7 cards · 4 players: 7 cards"),
        ({"9": 6, "10": 6, "11": 5}, "9–10 players: 6 cards · 11 players: 5 cards"),
        ({"2": 1}, "2 players: 1 card"),
        ({}, ""),
    ],
)
def test_deal_merges_neighbouring_player_counts_dealt_alike(cards_each, deal):
    assert " · ".join(catalogue.deal_parts(cards_each)) == deal


@pytest.mark.parametrize(
    ("decks", "jokers", "pack"),
    [
        ({"2": 1}, {"2": 0}, "1 deck"),
        ({"2": 1, "3": 1, "4": 1}, {}, "1 deck"),
        ({"3": 2, "4": 2}, {"3": 2, "4": 2}, "2 decks and 2 jokers"),
        ({"2": 1, "3": 1, "4": 2, "5": 2}, {"2": 0, "3": 0, "4": 2, "5": 2},
         "2–3 players: 1 deck · 4–5 players: 2 decks and 2 jokers"),
        ({"2": 1}, {"2": 1}, "1 deck and 1 joker"),
        ({}, {}, ""),
    ],
)
def test_pack_names_player_counts_only_when_it_changes(decks, jokers, pack):
    assert " · ".join(catalogue.pack_parts(decks, jokers)) == pack


@pytest.mark.parametrize(
    ("value", "shown"),
    [(None, "none"), (True, "yes"), (False, "no"), (0, "0"), (500, "500"), ("high_or_low", "high_or_low")],
)
def test_option_default_reads_as_a_player_would_say_it(value, shown):
    assert catalogue.describe_value(value) == shown


def test_a_variant_of_some_player_counts_names_them_and_its_partnerships(client):
    canasta = read_page(client).article_text["canasta"]

    assert "2–6 players (4, 5 and 6 in partnerships)" in canasta
