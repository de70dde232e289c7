"""The entry form's own messages in the phone's language: a count that is not a number, a player
left without input, a number past its bound, the "Cards or count" pill, each written from its key
by the page's language's sentence, with the field's label as that page shows it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from flask.testing import FlaskClient
from webpage import page

from scorekeeper.engine.notes import messages

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def _sentence(language: str, key: str) -> str:
    english = {message.context: message.english for message in messages()}[key]
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "notes.po", "rb") as file:
        found = read_po(file, locale=language, domain="notes").get(english, context=key)
    assert found is not None and found.string, f"{language} has no sentence for {key}"
    return str(found.string)


def _written(template: str, **values: Any) -> str:
    """The sentence with its values, a label written plain or in lower case as the sentence asks."""
    for name, value in values.items():
        template = template.replace(f"{{{name}:lower}}", str(value).lower()).replace(f"{{{name}}}", str(value))
    return template


def _in(user: FlaskClient, language: str) -> None:
    user.post("/language", data={"language": language, "next": "/"})


def _label(form: Any, name: str) -> str:
    return str(form.one("label", **{"for": name}).text).strip()


def _refused(user: FlaskClient, start_game: Any, record: Any, language: str,
             fields: dict[str, str]) -> tuple[int, Any]:
    """A Basic game of three, and the entry form it gives back refused on a phone in ``language``."""
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    _in(user, language)
    response = record(user, game, {"out": "0", **fields})
    assert response.status_code == 422
    return game, page(response)


def test_a_count_that_is_not_a_number_is_refused_in_the_phones_language_with_its_label(
        user: FlaskClient, start_game: Any, record: Any) -> None:
    _, form = _refused(user, start_game, record, "de", {"p1-count": "sieben", "p2-count": "4"})
    said = form.player_error(1)
    assert said == _written(_sentence("de", "form.whole_number"), label=_label(form, "p1-count"), example=17,
                            text="sieben")
    assert "Type the" not in said and "sieben" in said
    assert form.value("p1-count") == "sieben"  # the typing kept


def test_a_player_left_out_is_asked_for_in_the_phones_language_naming_the_games_choices_as_it_joins_them(
        user: FlaskClient, start_game: Any, record: Any) -> None:
    game = start_game(user, "indian", ["Ann", "Bob", "Cara"])
    _in(user, "es")
    form = page(record(user, game, {"out": "0", "p1-count": "3"}))

    said = form.player_error(2)
    pills = [str(label.text).strip() for label in form.player_panel(2).find_all("label", cls="pill")]
    statuses = pills[1:]  # after "Cards or count"
    assert len(statuses) == 3
    # Spanish joins a choice of three as CLDR writes "or": "A, B o C".
    either = f"{statuses[0]}, {statuses[1]} o {statuses[2]}"
    assert said == _sentence("es", "form.nothing_count_or_cards_or_tap").replace("{statuses:either}", either) \
        .replace("{name}", "Cara")
    assert pills[0] == _sentence("es", "form.cards_or_count") != "Cards or count"


def test_a_number_past_its_bound_is_refused_in_the_phones_language(
        user: FlaskClient, start_game: Any, record: Any) -> None:
    _, form = _refused(user, start_game, record, "ja", {"p1-count": "99999", "p2-count": "4"})

    said = form.player_error(1)
    template = _sentence("ja", "form.too_big").replace("{most:grouped}", "10,000").replace("{most}", "10000")
    assert said == _written(template, text="99999", label=_label(form, "p1-count"))
    assert "too big" not in said


def test_an_english_phone_keeps_the_english_of_each_message(
        user: FlaskClient, start_game: Any, record: Any) -> None:
    game = start_game(user, "indian", ["Ann", "Bob", "Cara"])
    form = page(record(user, game, {"out": "0", "p1-count": "lots"}))
    assert form.player_error(1) == "Type the count as a whole number, like 17 (not 'lots')."
    assert form.player_error(2) == ("Nothing typed for Cara: type their count, or pick their cards, "
                                    "or tap First drop, Middle drop or Wrong show.")


def test_a_card_that_is_not_a_card_is_refused_in_the_phones_language_quoting_what_was_typed(
        user: FlaskClient, start_game: Any, record: Any) -> None:
    game, form = _refused(user, start_game, record, "fr", {"p1-cards": "KH ZZ", "p2-count": "4"})
    assert form.player_error(1) == _sentence("fr", "cards.write_cards").replace("{token}", "ZZ")
    assert form.value("p1-cards") == "KH ZZ"
    # The picker's preview of the field, as it is typed, says so in French too.
    preview = user.get(f"/games/{game}/hands/preview?cards=KH+ZZ")
    assert preview.get_json()["error"] == _sentence("fr", "cards.not_a_card").replace("{token}", "ZZ")


def test_a_games_players_are_listed_with_the_languages_own_comma(
        user: FlaskClient, start_game: Any, record: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    assert record(user, game, {"out": "0", "p1-count": "7", "p2-count": "4"}).status_code == 303
    _in(user, "ja")
    comma = _sentence("ja", "notes.comma")
    assert comma != ", "
    review = page(user.get(f"/games/{game}/review"))
    assert f"Ann{comma}Bob{comma}Cara" in review.one("p", cls="lede").text
    assert "Ann, Bob, Cara" not in review.text


def test_a_card_typed_twice_is_said_in_the_phones_language_with_what_to_do_about_it(
        user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    _in(user, "de")
    answer = user.get(f"/games/{game}/hands/preview?cards=KH+KH+5D")

    assert answer.status_code == 422
    # A message quoting another: "KH appears twice, but this game uses one deck: take one out."
    problem = _sentence("de", "cards.copies_over")
    for name, value in (("card", "KH"), ("copies", 2), ("decks", 1)):
        problem = problem.replace(f"{{{name}}}", str(value))
    problem = re.sub(r"\{decks:([^|}]*)\|[^}]*\}", r"\1", problem)  # (one deck: a plural's first words)
    assert answer.get_json()["error"] == _sentence("de", "cards.take_one_out").replace("{problem}", problem)
    assert "take one out" not in answer.get_json()["error"]


def test_the_sheets_guide_is_written_in_the_phones_language(user: FlaskClient, start_game: Any) -> None:
    game = start_game(user, "basic", ["Ann", "Bob", "Cara"])
    english = page(user.get(f"/games/{game}")).one("p", cls="guide").text
    _in(user, "it")
    italian = page(user.get(f"/games/{game}")).one("p", cls="guide").text
    hand = _sentence("it", "guide.hand").replace("{hand}", "1")
    assert italian.startswith(hand + _sentence("it", "guide.dot")), italian
    assert english.startswith("Hand 1 · ") and italian != english
