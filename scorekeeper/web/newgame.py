"""The new-game form: seats, first dealer and house rules, a WTForms form made for the game.

Its shape depends on the game (how many seats, which options, the sizes of
its sides), so :func:`new_game_form` makes its class for that shape: a
``seat-<n>`` text field per seat, ``first_dealer`` a select of the seats,
``side_size-<count>`` radios where that many players may sit in sides of
more than one size, and per house rule ``option-<key>`` a field of its
declared kind (a check box for yes or no, a select for a choice or a list of
numbers, a whole number otherwise).  CSRF is checked for every POST by
CSRFProtect before the view runs.

The form checks what is typed: a name's length and letters (per seat), a
name seated twice, as many names as the game takes and the dealer among the
seats named (across fields, in :meth:`NewGameForm.validate`), a whole number
where one is asked.  The rules stay the engine's: the options chosen are
checked by the engine (:func:`scorekeeper.engine.options_of`, its bounds
and values) within :meth:`~NewGameForm.validate`, and its message, like that
of the game's start, goes next to the field it names.  The seats' and the
sides' fieldsets have messages of their own (``group_errors``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext as _p
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, Field, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3; the stubs predate it
from wtforms.validators import ValidationError

from ..engine import InvalidEntry, opposite_sides, options_of, side_name, uneven_sides
from ..engine.bounds import look_alike, name_key
from ..models import Player
from ..services import MAX_NAME, too_long
from .catalogue import either, is_run, player_counts
from .forms import WholeNumberField, add_error
from .note_words import in_language

#: the partners line where this many players play each for themselves
ALONE = _l("Each plays for themselves.")
#: a side size the table may choose where sides are its choice: none, each plays for themselves
ALONE_SIZE, ALONE_WORDS = "0", _l("each for themselves")
#: what a box posts when ticked (any other value but these is a tick too, as a browser sends "on")
UNTICKED = (False, "", "0", "false", "off")


def new_game_form(variant: Mapping[str, Any], roster: Sequence[Player], data: Mapping[str, str] | None = None,
                  *, fixed: bool = False) -> NewGameForm:
    """The form for ``variant`` (the catalogue's entry; a kept game type's: named by its definition),
    bound to ``data`` (the request's form) or, when None, showing the defaults.

    ``fixed``: the rules come with the game type: no house rules to choose.
    """
    seats = range(variant["max_players"])
    fields: dict[str, Field] = {f"seat-{seat}": StringField(_("Seat %(number)s", number=seat + 1), [_seat_name],
                                                            render_kw={"list": "roster", "autocomplete": "off"})
                                for seat in seats}
    fields["first_dealer"] = SelectField(_("First dealer"), choices=[SelectChoice(str(seat)) for seat in seats], default="0",
                                         validate_choice=False)  # checked against the seats named
    for count, sizes in (variant.get("sides") or {}).items():
        if len(sizes) > 1:
            fields[f"side_size-{count}"] = RadioField(
                _("With %(count)s players", count=count),
                choices=[SelectChoice(str(size), sides_words(int(count), size)) for size in sizes],
                default=str(sizes[0]), validate_choice=False)  # one not offered: the first size
    # Sides a table may take or leave (a game it defines): each for themselves unless a size is chosen.
    for count, sizes in (variant.get("optional_sides") or {}).items():
        fields[f"side_size-{count}"] = RadioField(
            _("With %(count)s players", count=count), choices=[SelectChoice(ALONE_SIZE, str(ALONE_WORDS)),
                                              *(SelectChoice(str(size), sides_words(int(count), size)) for size in sizes)],
            default=ALONE_SIZE, validate_choice=False)  # one not offered: each for themselves
    if not fixed:
        fields.update({f"option-{option['key']}": option_field(option) for option in variant["options"]})
    made = type("NewGame", (NewGameForm,), fields)
    formdata = None if data is None else data if isinstance(data, MultiDict) else MultiDict(dict(data))
    return made(variant, roster, formdata=formdata, fixed=fixed)


def option_field(option: Mapping[str, Any]) -> Field:
    """A house rule's field, of its declared kind; its value is the engine's to check."""
    kind, default, label = option["type"], option["default"], option["label"]
    shown = {"description": option["help"]}
    if kind == "bool":
        return BooleanField(label, default=bool(default), false_values=UNTICKED, **shown)
    if kind == "choice":
        return SelectField(label, choices=[SelectChoice(str(choice), words(option, choice)) for choice in option["choices"]],
                           default=str(default), validate_choice=False, **shown)
    if option.get("choices"):  # a few numbers (Indian's pool), or none: the default
        return SelectField(label, choices=[SelectChoice("", _("none")), *(SelectChoice(str(n)) for n in option["choices"])],
                           default="", validate_choice=False, **shown)
    placeholder = option.get("default_text") or (_("none") if default is None else str(default))
    return WholeNumberField(label, message=_("Type a whole number, like %(example)s.", example=default or 100),
                            signed=True, digits=12,
                            render_kw={"inputmode": "numeric", "pattern": "[0-9]*", "placeholder": placeholder},
                            **shown)


def words(option: Mapping[str, Any], choice: Any) -> str:
    """A choice as the form shows it: its declared words, never a key such as ``plus10``."""
    labels = option.get("labels") or []
    if labels and option["type"] == "choice" and choice in option["choices"]:
        return str(labels[option["choices"].index(choice)])
    return str(choice)


def default_words(option: Mapping[str, Any]) -> str:
    """An option's default as the form's hint says it."""
    if option.get("default_text"):
        return str(option["default_text"])
    return _("none") if option["default"] is None else words(option, option["default"])


def sides_words(count: int, size: int) -> str:
    """``two sides of three``: ``count`` players in sides of ``size``."""
    return _("%(sides)s sides of %(size)s", sides=_word(count // size), size=_word(size))


def _seat_name(form: NewGameForm, field: Field) -> None:
    """A seat's name, spaces squeezed: within the service's bound, with a letter you can see."""
    name = " ".join((field.data or "").split())
    if len(name) > MAX_NAME:
        raise ValidationError(too_long(name))
    if name and not name_key(name):
        raise ValidationError(_("A name needs a letter you can see."))


class NewGameForm(FlaskForm):
    """The fields are the shape's (:func:`new_game_form`); this is what the page and the view ask of them."""

    class Meta:
        csrf = False  # CSRFProtect has checked every POST before the view runs

    def __init__(self, variant: Mapping[str, Any], roster: Sequence[Player], *, formdata: MultiDict[str, str] | None,
                 fixed: bool = False) -> None:
        super().__init__(formdata=formdata)
        self.variant, self.roster, self.fixed = variant, roster, fixed
        #: what the game starts with, once validated
        self.names: list[str] = []
        self.dealer_index = 0  # the first dealer's place among the players named
        self.options: dict[str, Any] = {}
        #: the log's sides header, where the variant is played in sides at this many players
        self.sides: list[list[str]] | None = None
        #: the messages of the seats' fieldset ("players") and the partners' ("sides")
        self.group_errors: dict[str, str] = {}
        self["first_dealer"].choices = [  # the names as typed, as newgame.js keeps them
            SelectChoice(str(seat), _("Seat %(number)s: %(name)s", number=seat + 1, name=typed)
                         if (typed := self.seat_value(seat)) else _("Seat %(number)s", number=seat + 1))
            for seat in self.seats]

    # -- what the page shows -----------------------------------------------

    @property
    def seats(self) -> range:
        return range(self.variant["max_players"])

    def seat_fields(self) -> list[Field]:
        return [self[f"seat-{seat}"] for seat in self.seats]

    def seat_value(self, seat: int) -> str:
        return str(self[f"seat-{seat}"].data or "")

    def option_fields(self) -> list[tuple[Mapping[str, Any], Field]]:
        """Each house rule with its field (none for a kept game type: its rules are fixed)."""
        return [] if self.fixed else [(option, self[f"option-{option['key']}"]) for option in self.variant["options"]]

    @staticmethod
    def default_words(option: Mapping[str, Any]) -> str:
        return default_words(option)

    @property
    def refused(self) -> bool:
        return bool(self.errors or self.group_errors)

    # -- sides (partnerships) --------------------------------------------------

    @property
    def side_sizes(self) -> dict[str, list[int]]:
        """The side sizes by number of players (``{"4": [2], "6": [3, 2]}``); empty: never in sides.
        Where sides are the table's choice (:attr:`sides_optional`), the sizes it may choose."""
        return dict(self.variant.get("sides") or self.variant.get("optional_sides") or {})

    @property
    def sides_optional(self) -> bool:
        """Whether the table may sit in sides or not (a game it defines): each for themselves by default."""
        return not self.variant.get("sides") and bool(self.variant.get("optional_sides"))

    @property
    def uneven_sizes(self) -> dict[str, list[int]]:
        """The sizes of uneven sides by number of players (Canasta's five: ``{"5": [3, 2]}``)."""
        return dict(self.variant.get("uneven_sides") or {})

    @property
    def player_counts(self) -> list[int]:
        return player_counts(self.variant)

    def size_fields(self) -> list[tuple[int, Field]]:
        """The player counts that may sit in sides of more than one size, with their radios: the
        form asks which (Canasta's six: two sides of three or three of two)."""
        return [(int(count), self[f"side_size-{count}"]) for count, sizes in self.side_sizes.items()
                if len(sizes) > 1 or self.sides_optional]

    def side_size(self, count: int) -> int:
        """The size chosen for ``count`` players (the first size, where none offered is; 0, each for
        themselves, where sides are the table's choice and none is chosen)."""
        sizes = self.side_sizes[str(count)]
        chosen = self[f"side_size-{count}"].data if len(sizes) > 1 or self.sides_optional else None
        return next((size for size in sizes if str(size) == chosen), 0 if self.sides_optional else sizes[0])

    @property
    def alone_line(self) -> str:
        return str(ALONE)

    def seated_names(self) -> list[str]:
        """The names typed so far, in seat order, empty seats skipped."""
        return [name for seat in self.seats if (name := " ".join(self.seat_value(seat).split()))]

    def sides_for(self, names: list[str]) -> list[list[str]] | None:
        """These players in sides, partners opposite; None where this many play each for themselves."""
        uneven = self.uneven_sizes.get(str(len(names)))
        if uneven:
            return uneven_sides(names, uneven)
        if str(len(names)) not in self.side_sizes or not self.side_size(len(names)):
            return None
        return opposite_sides(names, self.side_size(len(names)))

    def partners_line(self) -> str:
        """Who partners whom with the names as typed: ``Ann & Cara against Bob & Dan``, or the rule."""
        names = self.seated_names()
        sides = self.sides_for(names)
        if sides is not None:
            line = side_name(sides[0])
            for side in sides[1:]:
                line = _("%(sides)s against %(side)s", sides=line, side=side_name(side))
            return line
        return str(ALONE) if len(names) in self.player_counts else ""

    def sides_rule(self) -> str:
        """``With 4 or 6 players, partners sit opposite; 2 or 3 play each for themselves.``"""
        counts = sorted(int(count) for count in self.side_sizes)
        uneven = {int(count): sizes for count, sizes in self.uneven_sizes.items()}
        alone = [n for n in self.player_counts if n not in counts and n not in uneven]
        if self.sides_optional:
            return _("With %(counts)s players you may play in sides, partners opposite each other; "
                     "otherwise each plays for themselves.", counts=either(counts))
        # Each case one sentence (the uneven sides, rare, listed in one place): a translator words it whole.
        turns = "; ".join(_("%(count)s play in sides of %(sizes)s, seated in turn", count=count,
                            sizes=_word_list([_word(size) for size in sizes]))
                          for count, sizes in sorted(uneven.items()))
        if turns and alone:
            return _("With %(counts)s players, partners sit opposite each other; %(turns)s; %(alone)s play each "
                     "for themselves.", counts=either(counts), turns=turns, alone=either(alone))
        if turns:
            return _("With %(counts)s players, partners sit opposite each other; %(turns)s.",
                     counts=either(counts), turns=turns)
        if alone:
            return _("With %(counts)s players, partners sit opposite each other; %(alone)s play each for "
                     "themselves.", counts=either(counts), alone=either(alone))
        return _("With %(counts)s players, partners sit opposite each other.", counts=either(counts))

    def players_wanted(self) -> str:
        """``2``, ``2 to 6`` or ``2, 3, 4 or 6``: the numbers of players the variant is for."""
        counts = self.player_counts
        if is_run(counts):
            return str(counts[0]) if len(counts) == 1 else _("%(low)s to %(high)s", low=counts[0], high=counts[-1])
        return either(counts)

    # -- reading a submission ------------------------------------------------

    def validate(self, extra_validators: Mapping[str, Sequence[Any]] | None = None) -> bool:
        """The fields' own checks, then those across fields, then the engine's check of the options."""
        super().validate(extra_validators)
        named_seats = self._read_seats()
        if len(self.names) not in self.player_counts:
            self.add_error("players", _("%(game)s is for %(wanted)s players; %(named)s named.",
                                        game=self.variant["name"], wanted=self.players_wanted(),
                                        named=len(self.names)))
        self.sides = self.sides_for(self.names)
        # The dealer is picked by seat; the game counts only the seats named.
        dealer = self["first_dealer"].data
        if dealer in [str(seat) for seat in named_seats]:
            self.dealer_index = named_seats.index(int(dealer))
        elif self.names:
            self.dealer_index = -1
            self.add_error("first_dealer", _("Pick the first dealer from the players named."))
        self.options = self._read_options()
        if not self.fixed:
            try:
                options_of(self.variant["key"], self.options,
                           len(self.names) if len(self.names) in self.player_counts else None)
            except InvalidEntry as error:
                self.add_engine_error(error)
        return not self.refused

    def _read_seats(self) -> list[int]:
        """The names typed, in seat order (an empty seat skipped); a name seated twice is refused
        at its second seat.  The seats given a name."""
        self.names = []
        named_seats: list[int] = []
        for seat in self.seats:
            name = " ".join(self.seat_value(seat).split())
            if not name:
                continue
            seated = next((n for n in self.names if name_key(n) == name_key(name)), None)
            if seated is not None and seated.casefold() == name.casefold():
                self.add_error(f"seat-{seat}", _("%(name)s already has a seat.", name=name))
            elif seated is not None:
                self.add_error(f"seat-{seat}", _("%(why)s: each player needs their own name.",
                                                 why=in_language(look_alike(seated, name))))
            self.names.append(name)
            named_seats.append(seat)
        return named_seats

    def _read_options(self) -> dict[str, Any]:
        """The house rules chosen: a box as ticked or not, a choice or number as sent (one left
        empty, or not sent, is the game's default: left out)."""
        options: dict[str, Any] = {}
        for option, field in self.option_fields():
            if option["type"] == "bool":
                options[option["key"]] = bool(field.data)
            elif isinstance(field, SelectField):
                raw = (field.raw_data or [""])[0].strip()
                if raw:
                    options[option["key"]] = _number_or_text(raw) if _numbers(option) else raw
            elif field.data is not None:
                options[option["key"]] = field.data
        return options

    def add_error(self, name: str, message: str) -> None:
        """``message`` next to the field ``name`` (or the fieldset "players" or "sides"), unless
        it has one already: the first mistake of a field is the one shown."""
        if name in self._fields:
            if not self[name].errors:
                add_error(self[name], message)
        else:
            self.group_errors.setdefault(name, message)

    def add_engine_error(self, error: InvalidEntry) -> None:
        """Put the engine's message next to the field it is about (read from its ``field``)."""
        if error.where == "options" and f"option-{error.field}" in self._fields:
            self.add_error(f"option-{error.field}", in_language(error.message))
        elif error.where in ("sides", "first_dealer"):
            self.add_error(error.where, in_language(error.message))
        else:
            self.add_error("players", in_language(error.message))


def _numbers(option: Mapping[str, Any]) -> bool:
    choices = option.get("choices") or []
    return bool(choices) and isinstance(choices[0], int)


def _number_or_text(raw: str) -> Any:
    try:
        return int(raw)
    except ValueError:
        return raw


#: the numbers from one to ten as a side's size is said in them (``two sides of three``)
_WORDS = (_l("one"), _l("two"), _l("three"), _l("four"), _l("five"), _l("six"), _l("seven"), _l("eight"), _l("nine"),
          _l("ten"))


def _word(number: int) -> str:
    if number == 0:
        return _p("how many sides", "no")  # (not the "no" of yes or no)
    return str(_WORDS[number - 1]) if 1 <= number <= len(_WORDS) else str(number)


def _word_list(words: list[str]) -> str:
    """``three and two``: the sizes of uneven sides, in one phrase."""
    phrase = words[0]
    for word in words[1:]:
        phrase = _("%(some)s and %(last)s", some=phrase, last=word)
    return phrase
