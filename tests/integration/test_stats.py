"""Player statistics: small fixed games counted by hand, kept in step with every change.

Each fixture game's expectations below were worked out from the rules, not
read back from the app: the comments show the sums.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from webpage import page

from scorekeeper import stats
from scorekeeper.engine import replay, variants
from scorekeeper.extensions import db
from scorekeeper.models import MOMENT_KEY_LENGTH, Game, Player, SeatMoment, SeatResult


def player_id(app: Flask, name: str) -> int:
    with app.app_context():
        found = db.session.scalar(select(Player.id).where(Player.name == name))
        db.session.remove()
        assert found is not None
        return found


def results(app: Flask, game_id: int) -> list[dict[str, Any]]:
    """The game's statistics rows, seat by seat, as plain dicts: the seat's
    columns, and each moment's count by its key (0 for every declared moment
    with no row)."""
    with app.app_context():
        found = db.session.scalars(
            select(SeatResult).where(SeatResult.game_id == game_id).order_by(SeatResult.seat)
        ).all()
        rows = [{c.name: getattr(r, c.name) for c in SeatResult.__table__.columns} for r in found]
        for row in rows:
            row.update(dict.fromkeys(stats.MOMENTS, 0))
        for seat, moment, count in moment_rows(app, game_id):
            rows[seat][moment] = count
        db.session.remove()
        return rows


def moment_rows(app: Flask, game_id: int) -> list[tuple[int, str, int]]:
    """The game's SeatMoment rows as stored: (seat, moment, count), in key order."""
    with app.app_context():
        found = db.session.execute(
            select(SeatMoment.seat, SeatMoment.moment, SeatMoment.count)
            .where(SeatMoment.game_id == game_id).order_by(SeatMoment.seat, SeatMoment.moment)
        ).all()
        db.session.remove()
        return [tuple(row) for row in found]  # type: ignore[misc]


def by_variant(app: Flask, account_player: str) -> dict[str, stats.Line]:
    pid = player_id(app, account_player)
    with app.app_context():
        account_id = db.session.get(Player, pid).account_id
        lines = {line.variant: line for line in stats.player_lines(account_id, pid)}
        db.session.remove()
        return lines


def ok(response: Any) -> None:
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]


@pytest.fixture
def gin(user: FlaskClient, start_game: Any, record: Any) -> int:
    """Ann v Bob, ended by agreement after four hands, Ann ahead.

    1. Ann gin, Bob 30: Ann 30 + 25 = 55.
    2. Bob knocks 8, Ann 5: Ann undercuts, 8 - 5 + 25 = 28.
    3. Ann knocks 4, Bob 20: Ann 16.
    4. Bob gin, Ann 10: Bob 10 + 25 = 35.
    Ann 99 in 4 hands (3 won: 1 gin, 1 undercut), best 55; Bob 35 (1 won: a gin), best 35.
    """
    game = start_game(user, "gin", ["Ann", "Bob"])
    ok(record(user, game, {"out": "0", "p0-count": "0", "p1-count": "30"}))
    ok(record(user, game, {"out": "1", "p1-count": "8", "p0-count": "5"}))
    ok(record(user, game, {"out": "0", "p0-count": "4", "p1-count": "20"}))
    ok(record(user, game, {"out": "1", "p1-count": "0", "p0-count": "10"}))
    ok(user.post(f"/games/{game}/end"))
    return game


@pytest.fixture
def knock(user: FlaskClient, start_game: Any, record: Any) -> int:
    """Ann, Bob, Cara; ended by agreement after three hands.

    1. Ann knocks with 0 (rum), Bob 10, Cara 5: Bob pays 35, Cara 30, Ann +65.
    2. Bob knocks 6, Ann 6, Cara 3: Cara beats it; Bob pays 6 - 3 + 10 = 13,
       Ann 3, Cara +16.
    3. Cara knocks 7, Ann 4, Bob 4: both beat it; Cara pays 13, 6.5 each;
       no single winner.
    Ann 68.5 (hand 1 won, a rum hand, a knock beaten), Bob -41.5 (a knock
    beaten), Cara -27 (hand 2 won, a knock beaten).  Ann wins the game.
    """
    game = start_game(user, "knock", ["Ann", "Bob", "Cara"])
    ok(record(user, game, {"out": "0", "p0-count": "0", "p1-count": "10", "p2-count": "5"}))
    ok(record(user, game, {"out": "1", "p1-count": "6", "p0-count": "6", "p2-count": "3"}))
    ok(record(user, game, {"out": "2", "p2-count": "7", "p0-count": "4", "p1-count": "4"}))
    ok(user.post(f"/games/{game}/end"))
    return game


@pytest.fixture
def tunk(user: FlaskClient, start_game: Any, record: Any) -> int:
    """Ann, Cara, Dan; Cara is out after hand 2 (60 + 45 = 105); ended by agreement.

    1. Ann tunks: Cara 60, Dan 3.   2. Ann tunks: Cara 45, Dan 2.
    3. Dan tunks: Ann 10.
    Ann 10 in 3 hands (2 won), Cara 105 in 2 hands (eliminated), Dan 5 in 3
    hands (1 won).  Lowest wins: Dan; every best hand is 0 but Cara's, 45.
    """
    game = start_game(user, "tunk", ["Ann", "Cara", "Dan"])
    ok(record(user, game, {"out": "0", "p1-count": "60", "p2-count": "3"}))
    ok(record(user, game, {"out": "0", "p1-count": "45", "p2-count": "2"}))
    ok(record(user, game, {"out": "2", "p0-count": "10"}))
    ok(user.post(f"/games/{game}/end"))
    return game


def test_a_gin_game_counts_hands_gins_undercuts_and_the_win_as_counted_by_hand(app, gin):
    ann, bob = results(app, gin)

    assert (ann["finished"], ann["won"], ann["hands"], ann["hands_won"]) == (True, True, 4, 3)
    assert (ann["score_sum"], ann["best_hand"], ann["gins"], ann["undercuts"]) == (99, 55, 1, 1)
    assert (bob["won"], bob["hands"], bob["hands_won"], bob["score_sum"], bob["best_hand"]) == (False, 4, 1, 35, 35)
    assert (bob["gins"], bob["undercuts"], bob["players"]) == (1, 0, 2)


def test_knock_counts_rum_hands_and_every_player_who_beat_a_knock(app, knock):
    ann, bob, cara = results(app, knock)

    assert (ann["hands_won"], ann["rum_hands"], ann["knocks_beaten"], ann["score_sum"]) == (1, 1, 1, 68.5)
    assert (bob["hands_won"], bob["rum_hands"], bob["knocks_beaten"], bob["score_sum"]) == (0, 0, 1, -41.5)
    assert (cara["hands_won"], cara["knocks_beaten"], cara["score_sum"], cara["best_hand"]) == (1, 1, -27, 16)
    assert [ann["won"], bob["won"], cara["won"]] == [True, False, False]


def test_tunk_counts_an_elimination_and_the_hands_before_it_and_best_is_the_lowest(app, tunk):
    ann, cara, dan = results(app, tunk)

    assert (cara["eliminated"], cara["hands"], cara["score_sum"], cara["best_hand"]) == (1, 2, 105, 45)
    assert (ann["hands"], ann["hands_won"], ann["best_hand"], ann["won"]) == (3, 2, 0, False)
    assert (dan["hands"], dan["hands_won"], dan["score_sum"], dan["won"]) == (3, 1, 5, True)
    assert ann["lowest_wins"] and ann["eliminated"] == 0


def test_indian_counts_each_players_drops_and_a_running_game_adds_hands_but_no_game(app, user, start_game, record):
    game = start_game(user, "indian", ["Ann", "Bob", "Cara"])
    ok(record(user, game, {"out": "0", "p1-status": "first", "p2-count": "30"}))
    ok(record(user, game, {"out": "1", "p0-status": "middle", "p2-status": "first"}))

    ann, bob, cara = results(app, game)

    assert [ann["drops"], bob["drops"], cara["drops"]] == [1, 1, 1]
    assert [ann["hands_won"], bob["hands_won"], cara["hands_won"]] == [1, 1, 0]
    line = by_variant(app, "Cara")["indian"]
    assert (line.games, line.playing, line.hands, line.score_sum) == (0, 1, 2, 50)


def test_basic_counts_a_rummy_for_whoever_went_out_in_one_turn(app, user, start_game, record):
    game = start_game(user, "basic", ["Ann", "Bob"])
    ok(record(user, game, {"out": "0", "rummy": "1", "p1-count": "20"}))
    ok(record(user, game, {"out": "1", "p0-count": "5"}))

    ann, bob = results(app, game)

    assert (ann["rummies"], ann["hands_won"], bob["rummies"], bob["hands_won"]) == (1, 1, 0, 1)


def test_a_players_sums_per_variant_and_win_rate(app, gin, knock, tunk):
    ann = by_variant(app, "Ann")

    assert set(ann) == {"gin", "knock", "tunk"}
    assert (ann["gin"].games, ann["gin"].won, ann["gin"].win_rate) == (1, 1, 100.0)
    assert ann["gin"].average == pytest.approx(99 / 4)
    assert (ann["tunk"].won, ann["tunk"].win_rate, ann["tunk"].best_hand) == (0, 0.0, 0)
    total = stats.player_total(list(ann.values()))
    assert (total.games, total.won, total.hands, total.hands_won) == (3, 2, 4 + 3 + 3, 3 + 1 + 2)


def test_correcting_a_hand_refreshes_the_statistics(app, user, gin):
    # Hand 1 becomes a knock with 3 instead of a gin: Ann 27, no gin.
    response = user.post(f"/games/{gin}/hands/1/edit", data={"out": "0", "p0-count": "3", "p1-count": "30"})
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]

    ann, _ = results(app, gin)

    assert (ann["gins"], ann["score_sum"], ann["best_hand"]) == (0, 99 - 55 + 27, 28)


def test_undoing_a_hand_and_ending_refresh_the_statistics(app, user, start_game, record):
    game = start_game(user, "gin", ["Ann", "Bob"])
    ok(record(user, game, {"out": "0", "p0-count": "0", "p1-count": "30"}))
    ok(record(user, game, {"out": "1", "p1-count": "0", "p0-count": "40"}))
    assert [r["hands"] for r in results(app, game)] == [2, 2]

    ok(user.post(f"/games/{game}/undo"))
    assert [(r["hands"], r["gins"], r["finished"]) for r in results(app, game)] == [(1, 1, False), (1, 0, False)]

    ok(user.post(f"/games/{game}/end"))
    assert [(r["finished"], r["won"]) for r in results(app, game)] == [(True, True), (True, False)]


def test_a_new_game_has_its_rows_at_once_and_deleting_it_removes_them(app, user, start_game, record):
    game = start_game(user, "gin", ["Ann", "Bob"])
    assert [(r["hands"], r["finished"]) for r in results(app, game)] == [(0, False), (0, False)]
    ok(record(user, game, {"out": "0", "p0-count": "0", "p1-count": "30"}))
    assert moment_rows(app, game) == [(0, "gins", 1)]

    ok(user.post(f"/games/{game}/delete"))

    assert results(app, game) == []
    assert moment_rows(app, game) == []


def test_only_the_moments_that_happened_are_stored_one_row_per_seat_and_moment(app, gin, knock):
    # Gin: Ann a gin and an undercut, Bob a gin.  Knock: Ann a rum hand and a
    # knock beaten, Bob and Cara a knock beaten each.
    assert moment_rows(app, gin) == [(0, "gins", 1), (0, "undercuts", 1), (1, "gins", 1)]
    assert moment_rows(app, knock) == [(0, "knocks_beaten", 1), (0, "rum_hands", 1),
                                       (1, "knocks_beaten", 1), (2, "knocks_beaten", 1)]


def test_a_moment_no_game_had_before_is_stored_and_summed_with_no_change_to_the_schema(app, user, gin):
    # What a new game brings: a moment the catalogue did not have, named by
    # its sheet's declaration and its rows.  Ann's two gins become "kalookies".
    with app.app_context():
        game = db.session.get(Game, gin)
        sheet = replay(game.log())
        sheet["moments"] = [*sheet["moments"], {"key": "kalookies", "heading": "Kalookies", "counts": "x"}]
        for number in (0, 2):
            sheet["hands"][number]["moments"] = {"Ann": ["kalookies"]}
        stats.store_results([(game, sheet)])
        db.session.commit()
        ann = db.session.get(Player, game.seats[0].player_id)
        (line,) = stats.player_lines(game.account_id, ann.id)
        (table_line, _) = stats.table_lines(game.account_id, "gin")
        db.session.remove()

    assert moment_rows(app, gin) == [(0, "kalookies", 2), (0, "undercuts", 1), (1, "gins", 1)]
    assert (line.moments["kalookies"], line.moments["gins"], line.moments["undercuts"]) == (2, 0, 1)
    assert table_line.name == "Ann" and table_line.moments["kalookies"] == 2


def test_every_moment_the_catalogue_declares_fits_its_column():
    keys = {moment["key"] for variant in variants() for moment in variant["moments"]}

    assert keys and all(0 < len(key) <= MOMENT_KEY_LENGTH for key in keys)


@pytest.mark.parametrize("variant", [v for v in variants() if v["moments"]], ids=lambda v: v["key"])
def test_the_pages_show_the_moments_each_variant_declares_with_their_headings(app, user, start_game, variant):
    names = ["Ann", "Bob", "Cara", "Dan"][:max(variant["min_players"], 2)]
    start_game(user, variant["key"], names)
    declared = [moment["heading"] for moment in variant["moments"]]

    table = page(user.get(f"/stats/?variant={variant['key']}")).one("table", cls="players-table")
    headings = [" ".join(th.text.split()) for th in table.find("thead").find_all("th")]
    card = facts(page(user.get(f"/stats/players/{player_id(app, 'Ann')}")).one("article", cls="stat-card"))

    assert headings[-len(declared):] == declared
    assert list(card)[-len(declared):] == declared


def test_an_imported_backup_brings_the_same_statistics(app, user, sign_up, gin, knock):
    backup = user.get("/backup/export.json").get_data()
    before = by_variant(app, "Ann")
    fresh = app.test_client()
    sign_up(fresh)

    response = fresh.post("/backup/import", data={"file": (io.BytesIO(backup), "backup.json")},
                          content_type="multipart/form-data")
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]

    with app.app_context():
        anns = db.session.scalars(select(Player).where(Player.name == "Ann").order_by(Player.id)).all()
        assert len(anns) == 2
        again = {line.variant: line for line in stats.player_lines(anns[1].account_id, anns[1].id)}
        db.session.remove()
    assert again == {key: _with_id(line, anns[1].id) for key, line in before.items()}


def _with_id(line: stats.Line, pid: int) -> stats.Line:
    line.player_id = pid
    return line


def test_the_players_page_shows_the_numbers_and_what_best_means(app, user, gin, tunk):
    response = user.get(f"/stats/players/{player_id(app, 'Ann')}")
    assert response.status_code == 200
    view = page(response)
    text = " ".join(view.text.split())

    assert "Gin Rummy" in text and "Tunk" in text
    assert "Best hand: the highest hand score" in text
    assert "Best hand: the lowest hand score" in text
    cards = view.find_all("article", cls="stat-card")
    gin_card = facts(next(c for c in cards if "Gin" in c.text))
    assert (gin_card["Gins"], gin_card["Undercuts"], gin_card["Hands won"]) == ("1", "1", "3")
    assert (gin_card["Per hand"], gin_card["Best hand"], gin_card["Win rate"]) == ("24.8", "55", "100%")


def facts(node: Any) -> dict[str, str]:
    """A card's numbers: each <dt> heading with its <dd> value."""
    return {" ".join(d.find("dt").text.split()): " ".join(d.find("dd").text.split())
            for d in node.one("dl").find_all("div")}


def test_the_head_to_head_counts_finished_two_player_games_and_links_to_them(app, user, gin, start_game, record):
    ok(record(user, start_game(user, "gin", ["Bob", "Ann"]), {"out": "0", "p0-count": "0", "p1-count": "9"}))
    ann, bob = player_id(app, "Ann"), player_id(app, "Bob")

    view = page(user.get(f"/stats/players/{ann}"))
    rows = view.one("section", **{"aria-labelledby": "h2h-heading"}).find_all("tr")[1:]

    assert len(rows) == 1  # the running game does not count yet
    text = " ".join(rows[0].text.split())
    assert "Bob" in text and "Gin Rummy" in text and "1–0" in text
    link = rows[0].find_all("a")[1].get("href")
    assert f"player={ann}" in link and f"opponent={bob}" in link and "variant=gin" in link


def test_the_table_across_players_ranks_by_games_won_and_shows_a_variants_moments(app, user, gin, knock):
    view = page(user.get("/stats/?variant=knock"))
    table = view.one("table", cls="players-table")
    names = [" ".join(row.find("th").text.split()) for row in table.find_all("tr")[1:]]
    headings = [" ".join(th.text.split()) for th in table.find("thead").find_all("th")]

    assert names == ["Ann", "Bob", "Cara"]
    assert "Rum hands" in headings and "Knocks beaten" in headings and "Gins" not in headings


def test_an_unknown_variant_in_the_table_filter_is_said_and_not_applied(user, gin):
    response = user.get("/stats/?variant=snap")

    assert response.status_code == 422
    assert "There is no game called &#39;snap&#39;" in response.get_data(as_text=True)


def test_another_accounts_player_is_not_found_and_their_games_are_not_counted(app, user, other, gin):
    ann = player_id(app, "Ann")

    assert other.get(f"/stats/players/{ann}").status_code == 404
    text = other.get("/stats/").get_data(as_text=True)
    assert "Ann" not in text and "No games yet" in text


def test_the_head_to_head_link_lists_just_those_two_players_games_of_that_variant(app, user, gin, start_game, record):
    with_cara = start_game(user, "gin", ["Ann", "Cara"])
    ok(record(user, with_cara, {"out": "0", "p0-count": "0", "p1-count": "9"}))
    ok(user.post(f"/games/{with_cara}/end"))
    basic = start_game(user, "basic", ["Ann", "Bob"])
    ok(user.post(f"/games/{basic}/end"))
    rows = page(user.get(f"/stats/players/{player_id(app, 'Ann')}")).one(
        "section", **{"aria-labelledby": "h2h-heading"}).find_all("tr")[1:]
    bob_gin = next(row for row in rows if "Bob" in row.text and "Gin" in row.text)

    listed = page(user.get(bob_gin.find_all("a")[1].get("href"))).one("ul", cls="history").find_all("a")

    assert [int(a.get("href").split("/")[2]) for a in listed] == [gin]


def test_the_history_refuses_an_opponent_not_on_the_roster(user, gin):
    response = user.get("/history?opponent=999")

    assert response.status_code == 422
    assert "That player is not on your roster" in response.get_data(as_text=True)


def test_stats_refresh_rewrites_the_rows_from_the_logs(app, runner, gin, knock):
    kept = results(app, gin) + results(app, knock)
    with app.app_context():
        db.session.execute(SeatResult.__table__.update().values(hands=0))
        db.session.execute(SeatMoment.__table__.update().values(count=99))
        db.session.execute(SeatMoment.__table__.insert().values(game_id=gin, seat=1, moment="drops", count=3))
        db.session.commit()
        db.session.remove()

    outcome = runner.invoke(args=["stats-refresh"])

    assert outcome.exit_code == 0, outcome.output
    assert "Refreshed the statistics of 2 games." in outcome.output
    assert results(app, gin) + results(app, knock) == kept
    assert ("drops", 3) not in [(moment, count) for _, moment, count in moment_rows(app, gin)]


def test_a_shared_win_counts_for_both_and_as_shared_head_to_head(app, user, start_game, record):
    # Ann gin (30 + 25 = 55), then Bob gin (30 + 25 = 55): level when they stop.
    game = start_game(user, "gin", ["Ann", "Bob"])
    ok(record(user, game, {"out": "0", "p0-count": "0", "p1-count": "30"}))
    ok(record(user, game, {"out": "1", "p1-count": "0", "p0-count": "30"}))
    ok(user.post(f"/games/{game}/end"))

    assert [r["won"] for r in results(app, game)] == [True, True]
    with app.app_context():
        account_id = db.session.scalar(select(Player.account_id).where(Player.name == "Ann"))
        (pair,) = stats.head_to_head(account_id)
        db.session.remove()
    assert (pair.name, pair.opponent, pair.games, pair.won, pair.lost, pair.shared) == ("Ann", "Bob", 1, 0, 0, 1)


def test_the_table_says_best_is_the_lowest_for_a_lowest_wins_game(user, tunk):
    text = " ".join(page(user.get("/stats/?variant=tunk")).text.split())

    assert "Best hand: the lowest hand score." in text


# -- per hand, per game: never averaged across games of different scales (issue 24) -----


def headings_of(view: Any) -> list[str]:
    table = view.one("table", cls="players-table")
    return [" ".join(th.text.split()) for th in table.find("thead").find_all("th")]


def column_of(view: Any, heading: str) -> dict[str, str]:
    """One column of the players' table: each player's name with the cell under ``heading``."""
    table = view.one("table", cls="players-table")
    at = headings_of(view).index(heading)
    return {" ".join(row.find("th").text.split()): " ".join(row.find_all("td")[at - 1].text.split())
            for row in table.find_all("tr")[1:]}


def test_every_game_leaves_out_the_score_per_hand_that_would_mix_games_of_different_scales(user, gin, knock):
    view = page(user.get("/stats/"))

    assert headings_of(view) == ["Player", "Games", "Won", "Win rate", "Hands", "Hands won"]
    assert column_of(view, "Hands") == {"Ann": "7", "Bob": "7", "Cara": "3"}  # counts add up across games
    assert "Per hand: pick a game; hands of different games score on different scales." in " ".join(view.text.split())


def test_one_games_table_gives_the_score_per_hand_of_that_game_alone(user, gin, knock):
    view = page(user.get("/stats/?variant=gin"))

    assert column_of(view, "Per hand") == {"Ann": "24.8", "Bob": "8.8"}  # 99 / 4 and 35 / 4


def test_a_players_totals_over_several_games_give_no_score_per_hand_but_each_games_card_does(app, user, gin, tunk):
    view = page(user.get(f"/stats/players/{player_id(app, 'Ann')}"))
    totals = facts(view.one("section", **{"aria-labelledby": "all-heading"}))
    cards = [facts(card) for card in view.find_all("article", cls="stat-card")]

    assert "Per hand" not in totals and totals["Hands"] == "7"
    assert sorted(card["Per hand"] for card in cards) == ["24.8", "3.3"]  # Gin 99 / 4, Tunk 10 / 3
    assert stats.player_total(list(by_variant(app, "Ann").values())).average is None


def test_a_game_played_two_ways_of_winning_gives_no_score_per_hand_across_them(app, user, start_game, record):
    usual = start_game(user, "basic", ["Ann", "Bob"])
    penalty = start_game(user, "basic", ["Ann", "Bob"], scoring="penalty")
    ok(record(user, usual, {"out": "0", "p1-count": "30"}))  # Ann +30
    ok(record(user, penalty, {"out": "0", "p1-count": "30"}))  # Bob 30 against him

    view = page(user.get("/stats/?variant=basic"))

    assert column_of(view, "Per hand") == {"Ann": "–", "Bob": "–"}
    assert "different names or ways of winning" in " ".join(view.text.split())
