"""Live view: the owner shares a game's sheet by a link and its QR code; anyone
with the link follows it read-only, without an account, until it is turned off.

The live page asks for its sheet with the ETag it holds: an unchanged game
is answered 304 from one query, a changed one with the new sheet.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from PIL import Image
from sqlalchemy import event, select, text
from webpage import Node, flashes, page, without_language_switch

from scorekeeper.extensions import db
from scorekeeper.models import ShareLink
from scorekeeper.web import language, link_guesses

NAMES = ["Ann", "Bob", "Cara"]
TABLE_HOST = "http://192.168.1.20:5000"  # the serving machine as phones on the Wi-Fi reach it


@pytest.fixture
def game(user, start_game, record):  # type: ignore[no-untyped-def]
    """A Basic Rummy game with one hand: Ann went out, +15."""
    game = start_game(user, "basic", NAMES)
    assert record(user, game, {"out": "0", "p1-count": "12", "p2-count": "3"}).status_code == 303
    return game


def share(client, game):  # type: ignore[no-untyped-def]
    """Turn the live link on from the game page; the link as the page shows it."""
    response = client.post(f"/games/{game}/share")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/games/{game}#share")
    return shown_link(client, game)


def shown_link(client, game, **options):  # type: ignore[no-untyped-def]
    panel = page(client.get(f"/games/{game}", **options)).one("section", id="share")
    link = panel.find("a", cls=None)
    return link.get("href") if link is not None and "/s/" in (link.get("href") or "") else None


def token_of(url: str) -> str:
    match = re.fullmatch(r"https?://[^/]+/s/([A-Za-z0-9_-]+)", url)
    assert match, url
    return match.group(1)


def live_tokens(app):  # type: ignore[no-untyped-def]
    with app.app_context():
        found = db.session.scalars(select(ShareLink.token).where(ShareLink.revoked_at.is_(None))).all()
        db.session.remove()
        return found


# -- the owner: on, shown, off -------------------------------------------------


def test_a_game_without_a_live_link_offers_to_share_one(user, game):
    panel = page(user.get(f"/games/{game}")).one("section", id="share")

    assert panel.one("form").get("action") == f"/games/{game}/share"
    assert panel.find("svg") is None


def test_sharing_shows_the_full_link_and_its_qr_code_on_the_game_page(app, user, game):
    response = user.post(f"/games/{game}/share", follow_redirects=True)

    assert "Live link on" in " ".join(flashes(response))
    panel = page(response).one("section", id="share")
    url = panel.one("p", cls="share-url").one("a").get("href")
    # (The test client opens the app as localhost: the link names the machine's table address.)
    assert url == f"http://192.168.1.20/s/{token_of(url)}"
    assert len(token_of(url)) >= 32
    assert live_tokens(app) == [token_of(url)]
    assert decode_qr(panel.one("svg")) == url
    assert panel.one("form").get("action") == f"/games/{game}/share/revoke"


def test_the_link_names_the_address_the_phone_used_so_the_table_can_reach_it(user, game):
    share(user, game)

    # The same signed-in phone, reaching the app by the address the table's Wi-Fi gives it.
    user.set_cookie("session", user.get_cookie("session").value, domain="192.168.1.20")
    response = user.get(f"/games/{game}", base_url=TABLE_HOST)

    panel = page(response).one("section", id="share")
    url = panel.one("p", cls="share-url").one("a").get("href")
    assert url.startswith(f"{TABLE_HOST}/s/")
    assert decode_qr(panel.one("svg")) == url


def test_sharing_again_keeps_the_same_link(app, user, game):
    first = share(user, game)

    assert share(user, game) == first
    assert live_tokens(app) == [token_of(first)]


def test_a_turned_off_link_is_not_found_and_a_new_one_gets_a_new_token(app, client, user, game):
    old = share(user, game)

    response = user.post(f"/games/{game}/share/revoke", follow_redirects=True)

    assert "Live link turned off" in " ".join(flashes(response))
    assert shown_link(user, game) is None
    for path in (old, old + "/sheet"):
        gone = client.get(path)
        assert gone.status_code == 404, path
    assert "There is nothing here" in page(client.get(old)).text
    new = share(user, game)
    assert token_of(new) != token_of(old)
    assert client.get(old).status_code == 404
    assert client.get(new).status_code == 200
    assert live_tokens(app) == [token_of(new)]


def test_turning_off_a_game_without_a_link_says_so_and_changes_nothing(user, game, rows):
    before = rows()

    response = user.post(f"/games/{game}/share/revoke", follow_redirects=True)

    assert "This game had no live link." in flashes(response)
    assert rows() == before


@pytest.mark.parametrize("action", ["share", "share/revoke"])
def test_another_account_cannot_share_or_turn_off_a_game_it_does_not_own(app, client, user, other, game, rows,
                                                                         action):
    link = share(user, game)
    before = rows()

    response = other.post(f"/games/{game}/{action}")

    assert response.status_code == 404
    assert rows() == before
    assert client.get(link).status_code == 200


@pytest.mark.parametrize("action", ["share", "share/revoke"])
def test_sharing_and_turning_off_need_the_pages_csrf_token(app, user, game, rows, action):
    share(user, game)
    app.config["WTF_CSRF_ENABLED"] = True  # as in production, from here on
    before = rows()

    refused = user.post(f"/games/{game}/{action}")
    assert refused.status_code == 400
    assert rows() == before

    token = page(user.get(f"/games/{game}")).one("section", id="share").field("csrf_token").get("value")
    assert user.post(f"/games/{game}/{action}", data={"csrf_token": token}).status_code == 303


# -- everyone at the table: read-only, no account ------------------------------


def test_the_shared_sheet_opens_without_an_account(client, user, game):
    link = share(user, game)

    response = client.get(link)

    assert response.status_code == 200
    html = page(response)
    assert html.one("h1").text == "Basic Rummy"
    assert [cell.text for cell in html.one("tfoot").find_all("td")] == ["15", "0", "0"]
    assert html.one("p", cls="guide").text.startswith("Hand 2 · Bob deals")
    assert html.one("meta", name="robots").get("content").startswith("noindex")
    # What changed is announced in one short line; the table is not read out again.
    news = html.one("p", cls="live-news")
    assert (news.get("role"), news.get("aria-live")) == ("status", "polite")
    assert html.one("div", id="live-sheet").get("aria-live") is None
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize("viewer", ["stranger", "owner"])
def test_the_shared_page_has_no_form_and_no_link_that_changes_anything(app, client, user, game, record,
                                                                       viewer):
    record(user, game, {"out": "1", "p0-count": "4", "p2-count": "9"})
    user.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p1-count": "13", "p2-count": "3"})
    link = share(user, game)
    token = token_of(link)
    reader = client if viewer == "stranger" else user

    for path in (link, link + "?all=1", link + "/sheet"):
        html = without_language_switch(page(reader.get(path)))  # (it changes only what this phone reads)
        assert html.find_all("form") == [], path
        assert html.find_all("button") == [], path
        assert html.find_all("input") == [], path
        targets = [node.get("href") for node in html.find_all("a")]
        assert targets, path
        for target in targets:
            assert target.startswith(("#hand-", "#main", f"/s/{token}")), (path, target)
    assert "Correct hand" not in page(reader.get(link)).text
    assert "Record hand" not in page(reader.get(link)).text


def test_the_shared_page_shows_the_change_log_and_at_the_end_the_winner(client, user, game):
    link = share(user, game)
    user.post(f"/games/{game}/hands/1/edit", data={"out": "0", "p1-count": "20", "p2-count": "3"})
    user.post(f"/games/{game}/end")

    html = page(client.get(link))

    assert html.one("div", cls="banner").text == "Ann wins by agreement!"
    log = [item.text for item in html.one("section", cls="changes").find_all("li")]
    assert any("hand 1 changed from" in line for line in log)
    assert html.find("p", cls="guide") is None


@pytest.mark.parametrize("token", ["nothing-here", "x" * 32])
def test_an_unknown_token_is_not_found(client, user, game, token):
    share(user, game)

    assert client.get(f"/s/{token}").status_code == 404
    assert client.get(f"/s/{token}/sheet").status_code == 404


def test_a_real_share_link_opens_after_the_networks_wrong_ones_and_guessing_is_still_slowed(app, user, game):
    link = share(user, game)
    token = token_of(link)
    guesser = app.test_client()
    for number in range(link_guesses.MOST_WRONG):
        path = f"/s/not-a-real-token-{number}" + ("/sheet" if number % 2 else "")
        assert guesser.get(path).status_code == 404

    refused = guesser.get("/s/not-a-real-token-at-all/sheet")
    page_opened = app.test_client().get(f"/s/{token}")
    sheet_asked = app.test_client().get(f"/s/{token}/sheet")

    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 0
    assert page_opened.status_code == 200
    assert sheet_asked.status_code == 200


# -- live updates: 304 while unchanged, the new sheet after any change ---------


def ask(client, link, etag=None):  # type: ignore[no-untyped-def]
    return client.get(link + "/sheet", headers={"If-None-Match": etag} if etag else {})


def test_the_page_carries_the_etag_its_sheet_has_so_the_first_ask_is_a_304(client, user, game):
    link = share(user, game)
    holder = page(client.get(link)).one("div", id="live-sheet")

    response = ask(client, link, holder.get("data-etag"))

    assert holder.get("data-src") == f"/s/{token_of(link)}/sheet"
    assert response.status_code == 304
    assert response.data == b""


def test_a_live_ask_draws_its_sheet_without_making_the_language_switchs_form(client, user, game, monkeypatch):
    """The switch is on the shared page, not in the live fragment drawn again for every change."""
    link = share(user, game)
    made: list[object] = []
    make = language.LanguageForm.__init__

    def counted(form: object, *args: Any, **kwargs: Any) -> None:
        made.append(form)
        make(form, *args, **kwargs)

    monkeypatch.setattr(language.LanguageForm, "__init__", counted)
    assert ask(client, link).status_code == 200
    assert made == []
    whole = client.get(link)
    assert len(made) == 1 and page(whole).find("form", cls="language-switch") is not None


def test_the_first_ask_on_a_link_in_a_process_reads_its_etag_once_and_draws_its_sheet(app, client, user, game):
    link = share(user, game)
    etag = ask(client, link).headers["ETag"]
    app.wsgi_app._kept.clear()  # (this process as another worker sees it: nothing drawn yet)

    statements, response = statements_of(app, lambda: ask(client, link, etag))

    assert response.status_code == 304
    assert response.headers["ETag"] == etag
    assert response.headers["Cache-Control"] == "no-cache, private"
    assert len(etag_reads(statements)) == 1, statements


def record_second_hand(user, game, record):  # type: ignore[no-untyped-def]
    assert record(user, game, {"out": "1", "p0-count": "4", "p2-count": "9"}).status_code == 303


def correct_first_hand(user, game, record):  # type: ignore[no-untyped-def]
    assert user.post(f"/games/{game}/hands/1/edit",
                     data={"out": "0", "p1-count": "30", "p2-count": "3"}).status_code == 303


def undo_the_hand(user, game, record):  # type: ignore[no-untyped-def]
    assert user.post(f"/games/{game}/undo").status_code == 303


def end_the_game(user, game, record):  # type: ignore[no-untyped-def]
    assert user.post(f"/games/{game}/end").status_code == 303


def rename_bob(user, game, record):  # type: ignore[no-untyped-def]
    players = page(user.get("/players/"))
    rename = next(a.get("href") for a in players.find_all("a") if a.text == "Rename Bob")
    assert user.post(rename, data={"name": "Robert"}).status_code == 303


CHANGES = [
    # (what the owner does, the totals then, data-hands, data-latest, more text to find)
    (record_second_hand, ["15", "13", "0"], "2", "", "Hand 3"),
    (correct_first_hand, ["33", "0", "0"], "1", "Hand 1 corrected", "hand 1 changed from"),
    (undo_the_hand, [], "0", "Hand 1 undone", "No hands yet."),
    (end_the_game, ["15", "0", "0"], "1", "Game ended by agreement", "Ann wins by agreement!"),
    (rename_bob, ["15", "0", "0"], "1", "", "Robert"),
]


#: each change a live view shows, one test each
each_change = pytest.mark.parametrize(("change", "totals", "hands", "latest", "text"), CHANGES,
                                      ids=[change.__name__ for change, *_ in CHANGES])


@each_change
def test_after_any_change_the_live_sheet_comes_back_new(client, user, game, record, change, totals, hands,
                                                        latest, text):
    link = share(user, game)
    etag = ask(client, link).headers["ETag"]
    assert ask(client, link, etag).status_code == 304

    change(user, game, record)
    response = ask(client, link, etag)

    assert response.status_code == 200
    assert response.headers["ETag"] != etag
    fragment = page(response)
    content = fragment.one("div", cls="live-content")
    assert content.get("data-hands") == hands
    assert content.get("data-latest") == latest
    foot = fragment.find("tfoot")
    assert ([cell.text for cell in foot.find_all("td")] if foot else []) == totals
    assert text in fragment.text
    assert fragment.find("html") is None  # the part that is swapped in, not a page
    assert ask(client, link, response.headers["ETag"]).status_code == 304


# -- the asks that change nothing never reach the database (scorekeeper/live) ----------


def statements_of(app, call):  # type: ignore[no-untyped-def]
    """The SQL statements sent while ``call()`` runs, and what it returned."""
    with statements_seen(app) as statements:
        answer = call()
    return statements, answer


@contextlib.contextmanager
def statements_seen(app):  # type: ignore[no-untyped-def]
    """The SQL statements sent while inside, listed as they are sent (for a test to wait on)."""
    statements: list[str] = []

    def count(*args):  # type: ignore[no-untyped-def]
        statements.append(args[2])

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", count)


def etag_reads(statements):  # type: ignore[no-untyped-def]
    """The route's reads of a link's game (``_state``: the game through its link, with its seats' players)."""
    return [sql for sql in statements if "JOIN share_link" in sql and "JOIN player" in sql]


def primed(client, link):  # type: ignore[no-untyped-def]
    """The ETag of a link asked for as a phone does (this process has drawn its sheet)."""
    etag = ask(client, link).headers["ETag"]
    assert ask(client, link, etag).status_code == 304
    return etag


def test_an_unchanged_game_asked_again_is_answered_304_without_the_database(app, client, user, game):
    link = share(user, game)
    etag = primed(client, link)
    first = ask(client, link, etag)

    statements, response = statements_of(app, lambda: ask(client, link, etag))

    assert statements == []
    assert response.status_code == 304 and response.data == b""
    assert response.headers["ETag"] == etag
    assert response.headers["Cache-Control"] == "no-cache, private"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Robots-Tag"] == "noindex, nofollow"
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Request-ID"] != first.headers["X-Request-ID"]  # one of its own
    assert "Set-Cookie" not in response.headers and "Content-Type" not in response.headers


def test_a_phone_with_an_older_etag_is_sent_the_sheet_this_process_drew_without_the_database(
        app, client, user, game):
    link = share(user, game)
    etag = primed(client, link)
    drawn = ask(client, link, '"r0-stale"')

    statements, response = statements_of(app, lambda: ask(client, link, '"r0-stale"'))

    assert statements == []
    assert response.status_code == 200 and response.headers["ETag"] == etag
    assert response.data == drawn.data and int(response.headers["Content-Length"]) == len(drawn.data)


@each_change
def test_after_any_change_a_phone_holding_the_old_sheet_is_sent_the_new_one(
        app, client, user, game, record, change, totals, hands, latest, text):
    link = share(user, game)
    etag = primed(client, link)

    change(user, game, record)
    response = until_answered(lambda: ask(client, link, etag), lambda answer: answer.status_code != 304)

    assert response.status_code == 200
    assert response.headers["ETag"] != etag
    assert page(response).one("div", cls="live-content").get("data-hands") == hands


def until_answered(asking, done):  # type: ignore[no-untyped-def]
    """Asked again until ``done(answer)``: on SQLite the change reaches this process's board at the
    listener's next look at the folder's file of changes (20 ms), as it reaches another worker's."""
    deadline = time.monotonic() + 30
    while True:
        answer = asking()
        if done(answer):
            return answer
        assert time.monotonic() < deadline, "the change never reached the board"
        time.sleep(0.005)


@pytest.mark.parametrize("ending", ["share/revoke", "delete"])
def test_a_link_turned_off_or_of_a_deleted_game_is_not_found_as_soon_as_the_change_is_heard(client, user, game,
                                                                                              ending):
    link = share(user, game)
    etag = primed(client, link)

    assert user.post(f"/games/{game}/{ending}").status_code == 303

    assert until_answered(lambda: ask(client, link, etag), lambda answer: answer.status_code != 304).status_code == 404


def test_a_drawn_sheet_is_trusted_no_longer_than_live_stamps_trust(app, client, user, game):
    link = share(user, game)
    etag = primed(client, link)
    app.wsgi_app.trust = 0  # (what it draws from here on is old at once)
    app.wsgi_app._kept.clear()
    assert ask(client, link, etag).status_code == 304

    statements, response = statements_of(app, lambda: ask(client, link, etag))

    assert response.status_code == 304 and len(etag_reads(statements)) == 1


def test_a_kept_sheet_whose_trust_ran_out_is_kept_again_after_one_read_of_the_game_without_drawing_it(
        app, client, user, game, record):
    link = share(user, game)
    record_second_hand(user, game, record)
    etag = primed(client, link)
    app.wsgi_app.trust = 0  # (what it keeps from here on is old at once)
    app.wsgi_app._kept.clear()
    assert ask(client, link, etag).status_code == 304  # (drawn, kept, and its trust over at once)

    statements, response = statements_of(app, lambda: ask(client, link, etag))

    assert response.status_code == 304
    assert len(etag_reads(statements)) == 1
    assert not [sql for sql in statements if "FROM hand_entry" in sql or "FROM change" in sql]
    assert app.wsgi_app._kept  # (kept again, its trust renewed)


def test_sheets_drawn_together_are_not_all_looked_at_again_together(app, client, user, game):
    """Every phone asks at once after a restart: their sheets' trust runs out over its last quarter."""
    link = share(user, game)
    app.wsgi_app.trust = 1000
    app.wsgi_app._kept.clear()
    before = time.monotonic()
    for page_asked in range(1, 9):  # (each page of the link is kept apart)
        assert client.get(f"{link}/sheet?page={page_asked}").status_code == 200
    after = time.monotonic()

    untils = [drawn.until for drawn in app.wsgi_app._kept.values()]

    assert len(untils) == 8 and len(set(untils)) == 8
    assert all(before + 750 <= until <= after + 1000 for until in untils)


def test_a_change_the_app_was_not_told_of_reaches_the_phones_once_the_kept_sheets_trust_runs_out(
        app, client, user, game):
    link = share(user, game)
    etag = primed(client, link)
    app.wsgi_app.trust = 0
    app.wsgi_app._kept.clear()
    assert ask(client, link, etag).status_code == 304  # (drawn, kept, and its trust over at once)
    with app.app_context():  # (an edit made around the app: no live.changed, nothing heard)
        db.session.execute(text("UPDATE game SET revision = revision + 1 WHERE id = :game"), {"game": game})
        db.session.commit()

    response = ask(client, link, etag)

    assert response.status_code == 200 and response.headers["ETag"] != etag


def test_a_live_sheet_is_drawn_from_one_read_of_the_game_with_its_players_then_its_hands_and_changes(
        app, client, user, game, record):
    """Each worker draws the sheet again after every change: the game, its seats and their
    players come in one query (no second read of the game, no separate read of its seats)."""
    from scorekeeper import sheet_cache

    link = share(user, game)
    record_second_hand(user, game, record)
    app.wsgi_app._kept.clear()
    sheet_cache.replays._items.clear()  # (as in a worker that did not record it)

    statements, response = statements_of(app, lambda: ask(client, link))

    assert response.status_code == 200
    reads = [sql for sql in statements if sql.lstrip().upper().startswith("SELECT")]
    assert len(etag_reads(statements)) == 1
    assert [sql for sql in reads if "FROM game" in sql] == etag_reads(statements)
    assert not [sql for sql in reads if "FROM seat" in sql]
    assert len(reads) <= 4  # (the link's token checked, the game with its players, its hands, its changes)


def test_with_no_listener_hearing_every_ask_reads_the_database_and_none_is_held(app, client, user, game, monkeypatch):
    link = share(user, game)
    monkeypatch.setattr(listener_of(app), "use", lambda patience=0: False)  # (as while it reconnects)
    etag = ask(client, link).headers["ETag"]

    statements, response = statements_of(app, lambda: client.get(
        link + "/sheet", headers={"If-None-Match": etag, "Prefer": "wait=20"}))

    assert response.status_code == 304 and len(etag_reads(statements)) == 1
    assert "Preference-Applied" not in response.headers


def test_a_change_is_announced_only_by_its_commit(app, user, game):
    """On PostgreSQL the notice is sent in the change's transaction; on SQLite the game's line is
    written after its commit.  A change rolled back announces nothing; committed, it does."""
    from scorekeeper import live

    with app.app_context():
        with listening(app) as games:
            live.changed([game])
            db.session.rollback()
            live.changed([game + 1])
            db.session.commit()
        assert games == [game + 1]


@contextlib.contextmanager
def listening(app):  # type: ignore[no-untyped-def]
    """The games announced while inside, as another process hears them (a connection of its own
    that LISTENs, or the SQLite folder's file of changes), waited for at the end until one is heard."""
    from scorekeeper.live import Board
    from scorekeeper.live.hearing import Listener

    games: list[int] = []
    board = Board()
    board.mark = lambda ids, marked=board.mark: (games.extend(ids or []), marked(ids))[1]  # type: ignore[method-assign]
    listener = Listener(board, app.config["SQLALCHEMY_DATABASE_URI"], app.config["LIVE_STAMPS"],
                        app.config["LIVE_CHANNEL"] or "scorekeeper_live")
    assert listener.use(patience=30)
    try:
        yield games
    finally:
        until(lambda: games, "the committed change heard")
        listener.stop()


def test_the_whole_sheet_and_the_recent_hands_have_their_own_etags(client, user, game):
    link = share(user, game)

    recent = ask(client, link).headers["ETag"]
    every = client.get(link + "/sheet?all=1").headers["ETag"]

    assert recent != every
    # ?all=1, the older link to every hand, is the first page of hands; the
    # live page goes on asking for that page.
    assert page(client.get(link + "?all=1")).one("div", id="live-sheet").get("data-src").endswith("?page=1")




# -- reading the QR code back --------------------------------------------------


def decode_qr(svg: Node) -> str:
    """What a phone's camera reads from the page's QR code.

    The SVG (segno's: one path, ``M x y`` then ``h n`` for dark modules and
    ``m dx dy`` to move, on rows half a module down) is drawn module by
    module into an image, as a browser would paint it, and read by zxing-cpp.
    """
    size = int(svg.get("viewbox").split()[2])  # the HTML parser lower-cases names
    dark = svg.one("path", cls="qr-modules").get("d")
    image = Image.new("L", (size, size), 255)
    x = y = 0.0
    for command, numbers in re.findall(r"([MmHhVv])([-\d. ]+)", dark):
        values = [float(value) for value in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        elif command == "h":
            for column in range(int(x), int(x + values[0])):
                image.putpixel((column, int(y)), 0)
            x += values[0]
        else:
            raise AssertionError(f"a QR path command the test does not draw: {command}")
    image = image.resize((size * 8, size * 8), Image.NEAREST)
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, found
    return found[0].text


# -- held asks: a phone that can wait is answered when the game changes ------------------


def board_of(app):  # type: ignore[no-untyped-def]
    from scorekeeper.live.asks import BOARD

    return app.extensions[BOARD]


def listener_of(app):  # type: ignore[no-untyped-def]
    from scorekeeper.live.asks import LISTENER

    return app.extensions[LISTENER]


def held_ask(app, link, etag, wait):  # type: ignore[no-untyped-def]
    """Ask as share.js does, from a phone of its own in a thread: (the thread, its answer when done)."""
    answer: dict[str, Any] = {}

    def phone() -> None:
        response = app.test_client().get(link + "/sheet", headers={"If-None-Match": etag, "Prefer": f"wait={wait}"})
        answer.update(response=response)

    thread = threading.Thread(target=phone, daemon=True)
    thread.start()
    return thread, answer


def woken_by(app, link, etag, change):  # type: ignore[no-untyped-def]
    """A phone held on the link, then the change: its answer, asserted to be the change's (the
    hold let go because the game changed, not at its wait's end)."""
    board = board_of(app)
    thread, answer = held_ask(app, link, etag, wait=20)
    until_held(app)
    woken = board.woken
    change()
    thread.join(60)
    assert board.woken > woken, "let go at its wait's end, not at the change"
    return answer["response"]


def until(condition, what):  # type: ignore[no-untyped-def]
    """Wait for the condition (work done, polled), failing if it never comes."""
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.005)


def until_held(app, count=1):  # type: ignore[no-untyped-def]
    until(lambda: board_of(app).held >= count, "the ask held")


def test_a_held_ask_of_an_unchanged_game_is_answered_304_when_its_wait_is_over_without_the_database(
        app, client, user, game):
    link = share(user, game)
    etag = primed(client, link)
    woken = board_of(app).woken

    statements, response = statements_of(app, lambda: client.get(
        link + "/sheet", headers={"If-None-Match": etag, "Prefer": "wait=1"}))

    assert response.status_code == 304 and statements == []
    assert response.headers["Preference-Applied"] == "wait=1"  # held (the server says so), and
    assert board_of(app).woken == woken  # let go at its wait's end, the game unchanged
    assert response.headers["ETag"] == etag


def test_the_first_ask_on_a_link_this_process_never_drew_is_held_like_any_other(app, client, user, game):
    link = share(user, game)
    etag = page(client.get(link)).one("div", id="live-sheet").get("data-etag")

    response = client.get(link + "/sheet", headers={"If-None-Match": etag, "Prefer": "wait=1"})

    assert response.status_code == 304 and response.headers["Preference-Applied"] == "wait=1"


@each_change
def test_a_held_ask_is_answered_with_the_new_sheet_as_soon_as_the_game_changes(
        app, client, user, game, record, change, totals, hands, latest, text):
    link = share(user, game)
    etag = primed(client, link)

    response = woken_by(app, link, etag, lambda: change(user, game, record))  # (at the change, not after the 20 s)

    assert response.status_code == 200
    assert response.headers["ETag"] != etag
    assert response.headers["Preference-Applied"] == "wait=20"
    assert page(response).one("div", cls="live-content").get("data-hands") == hands
    assert board_of(app).held == 0


def test_an_ask_that_was_held_leaves_no_preference_applied_on_the_304s_that_follow(app, client, user, game, record):
    link = share(user, game)
    etag = primed(client, link)
    woken = woken_by(app, link, etag, lambda: record_second_hand(user, game, record))
    assert woken.status_code == 200 and woken.headers.getlist("Preference-Applied") == ["wait=20"]

    unheld = ask(client, link, woken.headers["ETag"])  # no Prefer: answered at once
    held = client.get(link + "/sheet", headers={"If-None-Match": woken.headers["ETag"], "Prefer": "wait=1"})

    assert unheld.status_code == 304 and "Preference-Applied" not in unheld.headers
    assert held.status_code == 304 and held.headers.getlist("Preference-Applied") == ["wait=1"]


def test_every_phone_held_on_a_game_is_sent_one_drawing_of_the_sheet_at_its_change(app, client, user, game, record):
    link = share(user, game)
    etag = primed(client, link)
    phones = [held_ask(app, link, etag, wait=20) for _ in range(3)]
    until_held(app, 3)
    woken = board_of(app).woken

    def change_and_answers() -> None:
        record_second_hand(user, game, record)  # (the phones wake at once: counted from before it)
        for thread, _ in phones:
            thread.join(60)

    statements, _ = statements_of(app, change_and_answers)

    responses = [answer["response"] for _, answer in phones]
    assert [response.status_code for response in responses] == [200, 200, 200]
    assert board_of(app).woken == woken + 3  # each at the change, none at its wait's end
    assert len({response.data for response in responses}) == 1
    assert len({response.headers["ETag"] for response in responses}) == 1
    assert len(etag_reads(statements)) == 1  # one drawing, not three


def test_a_listener_that_loses_its_source_answers_every_held_ask_and_hears_again(app, client, user, game, record):
    """The listener's connection killed from the database's side (PostgreSQL), its folder gone
    (SQLite): every held ask is answered, and the listener is back for the next."""
    link = share(user, game)
    etag = primed(client, link)
    listener = listener_of(app)
    connections = listener.connections
    thread, answer = held_ask(app, link, etag, wait=20)
    until_held(app)

    cut_off(app)
    thread.join(60)

    assert answer["response"].status_code == 304
    until(lambda: board_of(app).hearing and listener.connections > connections, "the listener back")
    assert woken_by(app, link, etag, lambda: record_second_hand(user, game, record)).status_code == 200


def cut_off(app) -> None:  # type: ignore[no-untyped-def]
    """The listener's source taken away: on PostgreSQL its connection ended by the server
    (``pg_terminate_backend``), on SQLite the folder removed."""
    listener = listener_of(app)
    if not listener.postgres:
        shutil.rmtree(app.config["LIVE_STAMPS"])
        return
    import psycopg

    with psycopg.connect(listener.conninfo, autocommit=True) as conn:
        ended = conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                             (listener.name,)).fetchall()
    assert ended == [(True,)]


def test_on_sqlite_a_file_of_changes_begun_again_is_followed_and_every_game_taken_as_changed(app, monkeypatch):
    """SQLite's file of changes is begun again past LONGEST: a listener takes every game as
    changed, then follows the new file, hearing each game's change there and no other game's."""
    from scorekeeper import live
    from scorekeeper.live import Board
    from scorekeeper.live.hearing import Listener

    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("PostgreSQL announces changes with NOTIFY, in no file")
    folder = Path(app.config["LIVE_STAMPS"])
    board = Board()
    listener = Listener(board, app.config["SQLALCHEMY_DATABASE_URI"], str(folder))
    assert listener.use(patience=30)
    try:
        first, seen = listener.connections, board.count
        live.stamp(folder, [1])
        until(lambda: board.changed_since(1, seen), "the first change heard")
        assert not board.changed_since(2, seen)

        monkeypatch.setattr(live, "LONGEST", 5)
        live.stamp(folder, [3])  # (the file past 5 bytes: another put in its place)
        until(lambda: listener.connections > first, "the new file followed")
        assert board.changed_since(2, seen) and (folder / live.CHANGES).stat().st_size == 0

        seen = board.count
        live.stamp(folder, [4])
        until(lambda: board.changed_since(4, seen), "a change in the new file heard")
        assert not board.changed_since(5, seen)
    finally:
        listener.stop()

def test_a_phone_may_ask_to_wait_25_seconds_at_most_and_anything_else_is_no_wait():
    from scorekeeper.live.asks import HOLD_LONGEST, _wait_asked

    def wait(prefer: str) -> int:
        return _wait_asked({"HTTP_PREFER": prefer})

    assert HOLD_LONGEST == 25
    assert [wait("wait=10"), wait("respond-async, wait=3"), wait("wait=99999"), wait("wait=25")] == [10, 3, 25, 25]
    assert [wait(""), wait("wait=abc"), wait("wait=1e9"), wait("nowait=5"), wait("wait=1234567")] == [0, 0, 0, 0, 0]
    assert _wait_asked({}) == 0


def test_a_worker_holding_all_it_may_answers_the_next_ask_at_once(app, client, user, game):
    link = share(user, game)
    etag = primed(client, link)
    board_of(app).most = 0

    response = client.get(link + "/sheet", headers={"If-None-Match": etag, "Prefer": "wait=20"})

    assert response.status_code == 304
    assert "Preference-Applied" not in response.headers  # not held: the phone asks again in a second


def test_a_worker_told_to_stop_answers_every_held_ask_at_once(app, client, user, game):
    from scorekeeper.live.asks import serve_in_worker

    link = share(user, game)
    etag = primed(client, link)
    thread, answer = held_ask(app, link, etag, wait=20)
    until_held(app)

    serve_in_worker(app, working=4, holds=10, serving=lambda: False)  # gunicorn: the worker was told to stop
    thread.join(60)
    until(lambda: board_of(app).held == 0, "the held ask let go")

    assert answer["response"].status_code == 304
    again = client.get(link + "/sheet", headers={"If-None-Match": etag, "Prefer": "wait=20"})
    assert again.status_code == 304 and "Preference-Applied" not in again.headers  # and holds no new one


def test_an_ask_answered_with_a_new_sheet_is_never_held(app, client, user, game):
    link = share(user, game)
    primed(client, link)

    stale = client.get(link + "/sheet", headers={"If-None-Match": '"r0-stale"', "Prefer": "wait=20"})

    assert stale.status_code == 200 and "Preference-Applied" not in stale.headers


def test_a_worker_lets_only_its_working_threads_into_flask_at_once_and_a_held_ask_takes_no_turn(
        app, client, user, game):
    from scorekeeper.live.asks import WORKING, serve_in_worker

    link = share(user, game)
    etag = primed(client, link)
    serve_in_worker(app, working=1, holds=10, serving=lambda: True)
    gate = app.extensions[WORKING].gate = _SeenGate(1)  # (the gate serve_in_worker made, seen)
    thread, answer = held_ask(app, link, etag, wait=3)
    until_held(app)

    assert gate.acquire(blocking=False)  # the held ask holds no turn: the one turn is free
    try:
        inside: dict[str, Any] = {}
        second = threading.Thread(target=lambda: inside.update(response=app.test_client().get("/login")))
        second.start()
        assert gate.asked.wait(30), "the second request never came to the gate"
        assert second.is_alive() and not inside  # waiting its turn (the one turn is this test's)
    finally:
        gate.release()
    second.join(60)
    thread.join(60)

    assert inside["response"].status_code == 200
    assert answer["response"].status_code == 304


class _SeenGate(threading.BoundedSemaphore):
    """The Working gate, saying when a request came to it (``with gate:``)."""

    def __init__(self, value: int) -> None:
        super().__init__(value)
        self.asked = threading.Event()

    def __enter__(self):  # type: ignore[no-untyped-def]
        self.asked.set()
        return super().__enter__()
