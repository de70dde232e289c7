"""The forms whose fields follow a game's declarations are WTForms classes made per shape, a field per declared kind."""

from __future__ import annotations

from flask import Flask
from werkzeug.datastructures import MultiDict

from scorekeeper.engine import entry_of, variants
from scorekeeper.web.entry import EntryForm
from scorekeeper.web.forms import bind, declared_form
from scorekeeper.web.newgame import new_game_form
from scorekeeper.web.owngame import define_form


def test_one_class_is_made_per_shape_of_form_with_a_field_per_declared_name(app: Flask) -> None:
    made = declared_form(("seat-0", "seat-1", "first_dealer"))

    assert made is declared_form(("seat-0", "seat-1", "first_dealer"))
    with app.test_request_context():
        assert list(made()._fields) == ["seat-0", "seat-1", "first_dealer"]


def test_binding_keeps_the_typing_and_leaves_out_what_was_not_sent(app: Flask) -> None:
    with app.test_request_context():
        bound = bind(["seat-0", "seat-1", "option-target"], MultiDict([("seat-0", "  Ann "), ("seat-1", ""),
                                                                       ("stray", "x")]))

    assert bound == {"seat-0": "  Ann ", "seat-1": ""}


def test_the_entry_form_reads_its_posted_fields_through_its_wtforms_class(app: Flask) -> None:
    rummy = next(v for v in variants() if v["min_players"] <= 2 and set(v["entry"]["inputs"]) >= {"count"})
    variant = {**rummy, "entry": entry_of(rummy["key"], {})}
    form = EntryForm(variant, ["Ann", "Bob"], ["Ann", "Bob"], 1)
    with app.test_request_context():
        form.load_post(MultiDict([("out", "0"), ("p1-count", "12"), ("token", "t1"), ("p9-count", "3")]))

    assert form.value("out") == "0" and form.token == "t1"
    assert form.seats[1].value("count") == "12"
    assert "out" in form.field_names() and "p1-count" in form.field_names() and "p9-count" not in form.field_names()


def test_the_new_game_form_keeps_a_choice_not_sent_at_its_default(app: Flask) -> None:
    with_choice = next((v for v in variants() if any(o["type"] == "choice" for o in v["options"])), None)
    assert with_choice is not None
    choice = next(o for o in with_choice["options"] if o["type"] == "choice")
    with app.test_request_context():
        form = new_game_form(with_choice, [], MultiDict([("seat-0", "Ann"), ("seat-1", "Bob")]))

    assert form[f"option-{choice['key']}"].data == str(choice["default"])
    assert form.seat_value(0) == "Ann" and form["first_dealer"].data == "0"


def test_the_new_game_forms_fields_are_of_each_options_declared_kind(app: Flask) -> None:
    kinds = {"bool": "BooleanField", "choice": "SelectField", "int": "WholeNumberField"}
    with app.test_request_context():
        for variant in (v for v in variants() if not v["defined_by_table"]):  # theirs: the own-game form
            form = new_game_form(variant, [])
            for option in variant["options"]:
                listed = option["type"] == "int" and option.get("choices")
                assert form[f"option-{option['key']}"].type == ("SelectField" if listed else kinds[option["type"]])


def test_the_engines_refusal_of_an_option_is_put_at_that_options_field(app: Flask) -> None:
    gin = next(v for v in variants() if v["key"] == "gin")
    with app.test_request_context():
        form = new_game_form(gin, [], MultiDict([("seat-0", "Ann"), ("seat-1", "Bob"), ("option-target", "0")]))

        assert not form.validate()

    assert form.errors == {"option-target": ["target must be a positive whole number, at most 100000"]}
    assert form["option-target"]._value() == "0"


def test_the_own_game_forms_fields_are_of_each_options_declared_kind_a_table_a_form_of_its_own(app: Flask) -> None:
    kinds = {"text": "StringField", "choice": "RadioField", "bool": "RadioField", "int": "WholeNumberField",
             "table": "FormField"}
    own = [v for v in variants() if v["defined_by_table"]]
    assert own
    with app.test_request_context():
        for variant in own:
            form = define_form(variant)
            for option in variant["options"]:
                field = form[f"option-{option['key']}"]
                assert field.type == kinds[option["type"]], option["key"]
                for part in option.get("parts") or []:
                    assert field.form[part["key"]].name == f"option-{option['key']}-{part['key']}"


def test_an_own_game_option_out_of_its_bounds_is_refused_by_its_field_with_the_typing_kept(app: Flask) -> None:
    own = next(v for v in variants() if v["defined_by_table"])
    number = next(o for o in own["options"] if o["type"] == "int" and o["maximum"] is not None)
    too_big = str(number["maximum"] + 1)
    with app.test_request_context():
        form = define_form(own, MultiDict([(f"option-{number['key']}", too_big)]))

        assert not form.validate(required=False)

    assert form.problems[f"option-{number['key']}"].startswith(
        f"Type a whole number from {number['minimum']} to {number['maximum']}")
    assert form[f"option-{number['key']}"]._value() == too_big
