"""Keeper links: anyone who opens a game's keeper link records, corrects and undoes
that one game's hands, with no account, until the owner turns it off.

The token is stored only as its SHA-256; the owner's page derives it again
under the app's secret key.  Every change made through it is named in the
change log, and the owner's game page follows the game as other phones
change it (its live part, asked with an ETag).
"""

from __future__ import annotations

import hashlib
import json
import re
from io import BytesIO

import pytest
from jsonschema import Draft202012Validator
from sqlalchemy import select
from webpage import page

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Change, HandEntry, KeeperLink
from scorekeeper.services import backup
from scorekeeper.web import link_guesses

NAMES = ["Ann", "Bob", "Cara"]
HAND = {"out": "0", "p1-count": "12", "p2-count": "3"}


@pytest.fixture
def game(user, start_game, record):  # type: ignore[no-untyped-def]
    game = start_game(user, "basic", NAMES)
    assert record(user, game, HAND).status_code == 303
    return game


def keeper_link(owner, game) -> str:  # type: ignore[no-untyped-def]
    """Turn the keeper link on from the game page; its path as the page shows it."""
    response = owner.post(f"/games/{game}/keeper")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/games/{game}#keeper")
    return shown_link(owner, game)


def shown_link(owner, game) -> str:  # type: ignore[no-untyped-def]
    panel = page(owner.get(f"/games/{game}")).one("section", id="keeper")
    links = [a.get("href") or "" for a in panel.find_all("a")]
    found = [link for link in links if "/k/" in link]
    return re.sub(r"^https?://[^/]+", "", found[0]) if found else ""


@pytest.fixture
def phone(app):  # type: ignore[no-untyped-def]
    """A phone at the table with no account."""
    return app.test_client()


def test_a_phone_that_opens_the_keeper_link_lands_on_the_games_page_and_records_a_hand(
        user, game, phone, record):
    link = keeper_link(user, game)
    opened = phone.get(link)
    assert opened.status_code == 303 and opened.headers["Location"].endswith(f"/games/{game}")

    sheet = page(phone.get(f"/games/{game}"))
    assert "keeping score for this game through its keeper link" in sheet.text
    assert record(phone, game, {"out": "1", "p0-count": "4", "p2-count": "6"}).status_code == 303
    assert "Hand 2" in page(user.get(f"/games/{game}")).text


def test_a_keeper_corrects_and_undoes_and_the_change_log_names_the_keeper_link(app, user, game, phone, record):
    phone.get(keeper_link(user, game))
    assert record(phone, game, {"out": "1", "p0-count": "4", "p2-count": "6"}).status_code == 303
    assert re.search(r"hand 2 recorded: Bob out; Ann 4; Cara 6 \(from a keeper link\)",
                     page(user.get(f"/games/{game}")).one("section", cls="changes").text)
    assert phone.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p1-count": "20", "p2-count": "3"}
                      ).status_code == 303
    assert phone.post(f"/games/{game}/undo").status_code == 303

    with app.app_context():
        assert [h.via for h in db.session.scalars(select(HandEntry).order_by(HandEntry.number))] == [None]
        assert [(c.action, c.via) for c in db.session.scalars(select(Change).order_by(Change.id))] == [
            ("record", "keeper"), ("edit", "keeper"), ("undo", "keeper")]
        db.session.remove()
    log = page(user.get(f"/games/{game}")).one("section", cls="changes").text
    assert re.search(r"hand 1 changed from .* \(from a keeper link\)", log)
    assert re.search(r"hand 2 undone \(was: .*\) \(from a keeper link\)", log)


def test_the_owners_own_changes_are_not_named_as_a_keeper_links(app, user, game):
    keeper_link(user, game)
    assert user.post(f"/games/{game}/undo").status_code == 303
    with app.app_context():
        assert db.session.scalars(select(Change.via)).all() == [None]
        db.session.remove()


def test_a_keeper_cannot_delete_end_rematch_share_or_see_the_accounts_other_pages(
        user, game, phone, start_game):
    other_game = start_game(user, "gin", ["Dan", "Eve"])
    phone.get(keeper_link(user, game))
    shown = page(phone.get(f"/games/{game}")).text
    assert "Delete game" not in shown and "End the game here" not in shown and "Share a live link" not in shown

    for method, path in (("GET", f"/games/{other_game}"), ("GET", f"/games/{other_game}/hands/new"),
                         ("POST", f"/games/{game}/delete"), ("POST", f"/games/{game}/end"),
                         ("POST", f"/games/{game}/rematch"), ("POST", f"/games/{game}/share"),
                         ("POST", f"/games/{game}/keeper"), ("GET", f"/games/{game}/review"),
                         ("GET", f"/games/{game}/export.json")):
        response = phone.open(path, method=method)
        # No account: every page of one sends the phone to sign in; the other game is not there for it.
        assert response.status_code in (302, 401, 404), (method, path, response.status_code)
        assert response.status_code != 200
    for path in ("/games", "/players/", "/settings/tokens/", "/stats/"):
        assert phone.get(path).status_code in (302, 401), path
    assert user.get(f"/games/{game}").status_code == 200


def test_a_keeper_link_of_one_account_lets_another_account_keep_that_game_only(user, other, game, start_game):
    own_game = start_game(other, "basic", ["Xena", "Yuri"])
    other.get(keeper_link(user, game))
    assert other.get(f"/games/{game}").status_code == 200
    assert other.get(f"/games/{own_game}").status_code == 200
    assert "Ann" not in page(other.get("/games")).text  # the kept game is not in the other account's list


def test_turning_the_keeper_link_off_refuses_its_phones_at_once(user, game, phone, record):
    link = keeper_link(user, game)
    phone.get(link)
    assert phone.get(f"/games/{game}").status_code == 200

    assert user.post(f"/games/{game}/keeper/revoke").status_code == 303

    assert phone.get(link).status_code == 404
    assert phone.get(f"/games/{game}").status_code == 404
    assert record(phone, game, {"out": "1", "p0-count": "4", "p2-count": "6"}).status_code == 404
    assert phone.get(f"/games/{game}/live").status_code == 404
    # A new link gets a new token.
    assert keeper_link(user, game) not in ("", link)


def test_the_keeper_token_is_stored_only_as_its_sha256_and_shown_again_on_the_owners_page(app, user, game):
    link = keeper_link(user, game)
    token = link.rsplit("/", 1)[1]
    assert len(token) == 32 and re.fullmatch(r"[A-Za-z0-9_-]+", token)
    assert shown_link(user, game) == link  # the same link, shown again
    with app.app_context():
        stored = db.session.scalar(select(KeeperLink))
        db.session.remove()
    assert stored.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in (stored.nonce, stored.token_hash)


def test_a_second_tap_on_the_button_makes_no_second_keeper_link(app, user, game):
    first = keeper_link(user, game)
    assert keeper_link(user, game) == first
    with app.app_context():
        assert len(db.session.scalars(select(KeeperLink)).all()) == 1
        db.session.remove()


def test_wrong_keeper_tokens_are_still_slowed_per_address(phone, app):
    for _ in range(link_guesses.MOST_WRONG):
        assert phone.get("/k/not-a-real-token-at-all").status_code == 404

    refused = phone.get("/k/not-a-real-token-at-all")

    assert refused.status_code == 429
    assert 0 < int(refused.headers["Retry-After"]) <= 15 * 60
    assert "tried too many links that do not exist" in page(refused).text
    elsewhere = app.test_client().get("/k/not-a-real-token-at-all", environ_base={"REMOTE_ADDR": "198.51.100.9"})
    assert elsewhere.status_code == 404


def test_a_real_keeper_link_opens_after_the_networks_wrong_ones(app, user, game):
    """A guesser behind the table's Wi-Fi never locks the table out of its own game."""
    link = keeper_link(user, game)
    guesser = app.test_client()
    for _ in range(link_guesses.MOST_WRONG + 5):
        guesser.get("/k/not-a-real-token-at-all")
    assert guesser.get("/k/not-a-real-token-at-all").status_code == 429

    opened = app.test_client().get(link)

    assert opened.status_code == 303
    assert opened.headers["Location"].endswith(f"/games/{game}")


def test_behind_a_trusted_proxy_wrong_tokens_count_against_the_forwarded_address(app):
    behind = create_app({**app.config, "TRUSTED_PROXIES": 1})
    phone = behind.test_client()

    def open_from(address):  # type: ignore[no-untyped-def]
        return phone.get("/k/not-a-real-token-at-all", headers={"X-Forwarded-For": address},
                         environ_base={"REMOTE_ADDR": "10.0.0.2"})

    for _ in range(link_guesses.MOST_WRONG):
        open_from("203.0.113.77")

    assert open_from("203.0.113.77").status_code == 429
    assert open_from("198.51.100.1").status_code == 404


def test_wrong_passwords_from_an_address_never_refuse_a_keeper_link_from_it(app, user, game):
    link = keeper_link(user, game)
    guesser = app.test_client()
    for number in range(30):
        guesser.post("/login", data={"email": f"guess{number}@example.com", "password": "wrong horse"})

    assert app.test_client().get(link).status_code == 303


def test_an_overlong_keeper_token_is_refused_without_a_lookup(phone):
    assert phone.get("/k/" + "a" * 500).status_code == 404


def test_the_owners_page_live_part_is_304_until_another_phone_records_a_hand(user, game, phone, record):
    first = user.get(f"/games/{game}/live")
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert user.get(f"/games/{game}/live", headers={"If-None-Match": etag}).status_code == 304

    phone.get(keeper_link(user, game))
    assert record(phone, game, {"out": "1", "p0-count": "4", "p2-count": "6"}).status_code == 303

    changed = user.get(f"/games/{game}/live", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert 'data-hands="2"' in changed.get_data(as_text=True)


def test_the_game_page_holds_its_live_part_with_the_etag_it_was_drawn_at(user, game):
    shown = page(user.get(f"/games/{game}"))
    holder = shown.one("div", id="live-sheet")
    live = user.get(holder.get("data-src"))
    assert holder.get("data-etag") == live.headers["ETag"]


def test_an_export_keeps_what_a_keeper_link_made_and_an_import_brings_it_back(app, user, other, game, phone, record):
    phone.get(keeper_link(user, game))
    assert record(phone, game, {"out": "1", "p0-count": "4", "p2-count": "6"}).status_code == 303
    assert phone.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p1-count": "20", "p2-count": "3"}
                      ).status_code == 303
    exported = user.get(f"/games/{game}/export.json").get_json()
    assert [t.get("via") for t in exported["hand_times"]] == [None, "keeper"]
    assert [(c["action"], c.get("via")) for c in exported["changes"]] == [("record", "keeper"), ("edit", "keeper")]
    assert list(Draft202012Validator(backup.export_schema()).iter_errors(exported)) == []  # as published

    sent = other.post("/backup/import", data={"file": (BytesIO(json.dumps(exported).encode()), "game.json")},
                      content_type="multipart/form-data")
    assert sent.status_code in (200, 303), sent.get_data(as_text=True)[:500]
    with app.app_context():
        assert sorted(filter(None, db.session.scalars(select(HandEntry.via)))) == ["keeper", "keeper"]
        assert sorted(filter(None, db.session.scalars(select(Change.via)))) == ["keeper"] * 4
        db.session.remove()


def test_an_import_refuses_a_via_that_is_not_a_keeper_link(user, game):
    exported = user.get(f"/games/{game}/export.json").get_json()
    exported["hand_times"][0]["via"] = "hacker"
    sent = user.post("/backup/import", data={"file": (BytesIO(json.dumps(exported).encode()), "game.json")},
                     content_type="multipart/form-data")
    assert sent.status_code == 422
    assert "hand_times/0/via: 'hacker' is not 'keeper'" in page(sent).error_near("file")
