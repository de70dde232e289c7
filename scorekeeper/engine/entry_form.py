"""Reading the hand entry form: its posted fields to the engine's entry, and its errors back.

Standard library and engine only: the server reads a save with it, and the
browser's engine worker (:mod:`.in_browser`, in the engine bundle) reads a
hand kept on the phone with the very same code.  The web form
(:mod:`scorekeeper.web.entry`) declares the fields and checks the CSRF token;
this says what they mean.

The form is drawn from the variant's declarations in the engine's catalogue
(:mod:`scorekeeper.engine.declare`), never from which game it is.  Field
names: ``out`` (a seat number, ``none``, or an ending's key such as
``block``), each hand-level choice by its key (``rummy``, ``upcard``,
``wild``...; a ``players`` choice per seat as ``p<seat>-<key>``), and per
seat ``p<seat>-<field>`` for each declared field (``count``, ``cards``,
``melded``...) and ``p<seat>-status`` for a declared status (a drop, never
opened).  In a game played in sides, each side's declared fields (the
catalogue's ``side_fields``: Canasta's meld points, canastas, red threes) are
``s<side>-<field>``, the sides numbered in seat order, in a group named for
the side that holds its players' panels.  The form checks fields (a count
is a whole number); the engine checks the rules, and
:meth:`EntryForm.add_engine_error` puts its message next to the player, the
side's field or the control it concerns.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, CardError, find_excess_copies, parse_cards
from .declare import Note
from .errors import InvalidEntry
from .form_notes import NOTES  # noqa: F401  (the form's sentences, listed for the catalogues)


#: a ``player`` choice's first entry: no player named
NOBODY = "nobody"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@dataclass
class Seat:
    index: int
    name: str
    playing: bool  # still in the game (not eliminated)
    values: dict[str, str] = field(default_factory=dict)
    error: str = ""
    missing: bool = False  # the error is that nothing was typed for this player

    def field(self, name: str) -> str:
        return f"p{self.index}-{name}"

    def value(self, name: str) -> str:
        return self.values.get(name, "")


@dataclass
class SideGroup:
    """One side of a game played in sides: its own fields, and its players' panels."""

    index: int
    name: str
    seats: list[Seat]
    values: dict[str, str] = field(default_factory=dict)
    error: str = ""
    error_field: str = ""  # the side's field the error is about ("" for the side as a whole)

    def field(self, name: str) -> str:
        return f"s{self.index}-{name}"

    def value(self, name: str) -> str:
        return self.values.get(name, "")

    @property
    def alone(self) -> bool:
        """A side of one player (each for themselves): its fields sit in the player's panel."""
        return len(self.seats) == 1


@dataclass
class EntryForm:
    variant: Mapping[str, Any]  # the engine's catalogue entry
    names: Sequence[str]  # every seat, in order
    active: Sequence[str]  # the players still in for this hand
    number: int  # the hand this form records or edits
    token: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)  # the game's effective house rules
    guide: Mapping[str, Any] = field(default_factory=dict)  # the sheet's guide: how_to, goal, next
    pack: tuple[int, int] | None = None  # the decks and jokers in play (the sheet's next); None: by player count
    #: each side's players in seat order, by side (the sheet's ``side_players``); None: not in sides
    sides: Mapping[str, Sequence[str]] | None = None
    #: the sheet's ``next`` as this hand starts (None: not known), for a field's ``numbered_by``
    upcoming: Mapping[str, Any] | None = None
    values: dict[str, str] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    side_groups: list[SideGroup] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)
    #: the entry as far as it reads when the form has mistakes of its own (a seat with one left
    #: out), for the engine to find every missing input too; None when not even that reads
    partial: dict[str, Any] | None = None
    #: players in the game who sit this hand out (see :func:`sitting_out`): named, given no panel
    sitting_out: Sequence[str] = ()
    #: where each hand is several games at once (the catalogue's ``games_at_once``): each game's
    #: two players, the sheet's ``pairings`` for this hand; None: one game, the usual ``out``
    pairings: Sequence[Sequence[str]] | None = None
    #: who the hand leaves out, in words (``["Sits out: Cara"]``): the form names them
    aside: Sequence[str] = ()

    def __post_init__(self) -> None:
        self.seats = [Seat(i, name, name in self.active and name not in self.sitting_out)
                      for i, name in enumerate(self.names)]
        if self.sides and self.side_fields:
            by_name = {seat.name: seat for seat in self.seats}
            self.side_groups = [SideGroup(i, side, [by_name[p] for p in seated if p in by_name])
                                for i, (side, seated) in enumerate(self.sides.items())]

    # -- facts for the template -------------------------------------------

    @property
    def rules(self) -> Mapping[str, Any]:
        rules: Mapping[str, Any] = self.variant["entry"]
        return rules

    @property
    def endings(self) -> list[Mapping[str, Any]]:
        return list(self.rules["endings"])

    @property
    def choices(self) -> list[Mapping[str, Any]]:
        """The hand-level choices the form shows once (not a ``players`` choice, which is per seat)."""
        return [c for c in self.rules["choices"] if c["kind"] != "players"]

    @property
    def seat_choices(self) -> list[Mapping[str, Any]]:
        """The ``players`` choices: a box per seat (who re-enters)."""
        return [c for c in self.rules["choices"] if c["kind"] == "players"]

    @property
    def fields(self) -> list[Mapping[str, Any]]:
        return list(self.rules["fields"])

    @property
    def statuses(self) -> list[Mapping[str, Any]]:
        return list(self.rules["statuses"])

    @property
    def side_fields(self) -> list[Mapping[str, Any]]:
        """Each side's declared fields (whole numbers), in the catalogue's order."""
        return list(self.rules.get("side_fields") or ())

    @property
    def side_field_rows(self) -> list[list[Mapping[str, Any]]]:
        """The side's fields as a group lays them out: a big number (meld points) a row of its
        own, the small counts after it (canastas, red threes: at most 99) side by side, the
        switches (a flag, a count of at most 1) together in a row, each tally a row of its own."""
        rows: list[list[Mapping[str, Any]]] = []
        for spec in self.side_fields:
            shape = side_shape(spec)
            if shape in ("small", "stepper", "switch") and rows and side_shape(rows[-1][-1]) == shape:
                rows[-1].append(spec)
            elif shape == "stepper" and rows and side_shape(rows[-1][-1]) == "small":
                rows[-1].append(spec)
            else:
                rows.append([spec])
        return rows

    def side_shape(self, spec: Mapping[str, Any]) -> str:
        """How a side's field is drawn (see :func:`side_shape`)."""
        return side_shape(spec)

    def side_names(self, spec: Mapping[str, Any]) -> list[str]:
        """The keys a side's field posts (and keeps) its values under: one, or one for each value
        a tally counts (``wild.twos``)."""
        if spec["kind"] == "tally":
            return [f"{spec['key']}.{one['value']}" for one in spec["among"]]
        return [spec["key"]]

    @property
    def sitters(self) -> list[str]:
        """The players who sit this hand out, in seat order."""
        return [name for name in self.names if name in self.sitting_out]

    def shown_in(self, group: SideGroup) -> list[Seat]:
        """The side's players with a panel this hand (see :meth:`shown_seats`)."""
        return [seat for seat in group.seats if seat.playing or self.may_return(seat)]

    @property
    def status_choices(self) -> list[tuple[str, str]]:
        """The pills of a player's panel where the variant has statuses: cards or count, or each status."""
        return [("", Note("form.cards_or_count")), *((s["key"], s["label"]) for s in self.statuses)]

    @property
    def field_rows(self) -> list[list[Mapping[str, Any]]]:
        """The fields as the panel lays them out: a pair (count or cards) side by side, a small
        number (500's low aces) beside the field before it, small numbers after a pair a row of
        their own (Modern Canasta's sevens and aces held), the rest a row each."""
        rows: list[list[Mapping[str, Any]]] = []
        for spec in self.fields:
            last = rows[-1][-1] if rows else None
            if last is not None and ((spec["pair"] and spec["pair"] == last["pair"]) or
                                     (spec["kind"] == "number" and (not last["pair"] or last["kind"] == "number"))):
                rows[-1].append(spec)
            else:
                rows.append([spec])
        return rows

    def label(self, seat: Seat, spec: Mapping[str, Any]) -> str:
        """A field's label in a player's panel: a field ``numbered_by`` a value of the next deal ends
        with this player's number there ("Made phase 3")."""
        key = spec.get("numbered_by")
        number = ((self.upcoming or {}).get(key) or {}).get(seat.name) if key else None
        return f"{spec['label']} {number}" if number is not None else str(spec["label"])

    @property
    def own_cards(self) -> Mapping[str, Any] | None:
        """The game's own pack (Phase 10's), as its picker shows it; None: the 52 cards and jokers."""
        own: Mapping[str, Any] | None = self.rules.get("own_cards")
        return own

    @property
    def games(self) -> list[tuple[str, list[Seat]]]:
        """Each game of the hand, as its ``out`` field's name and its players' seats (one game:
        ``out`` and every seat)."""
        if not self.pairings:
            return [("out", self.seats)]
        by_name = {seat.name: seat for seat in self.seats}
        return [(f"g{i}-out", [by_name[name] for name in pair]) for i, pair in enumerate(self.pairings)]

    @property
    def out_names(self) -> list[str]:
        return [name for name, _ in self.games]

    @property
    def out_gives_some_input(self) -> bool:
        """Whether the player who went out gives any field (their panel stays open)."""
        return any(f["out"] != "none" for f in self.fields)

    def shown_seats(self) -> list[Seat]:
        """The seats with a panel: those in the hand, and those out when one may re-enter."""
        return [s for s in self.seats if s.playing or self.may_return(s)]

    def may_return(self, seat: Seat) -> bool:
        return not seat.playing and any(c["among"] == "out" for c in self.seat_choices)

    @property
    def nobody(self) -> str:
        """A ``player`` choice left unmade: nobody (no instant win this hand)."""
        return NOBODY

    @property
    def ranks(self) -> tuple[str, ...]:
        return RANKS

    def decks(self) -> int:
        """The decks in play: the game's options may change them (Three Thirteen's ``decks``)."""
        return self.pack[0] if self.pack else int(self.variant["decks"][str(len(self.names))])

    def jokers(self) -> int:
        """The jokers in play: the game's options may change them (Kalooki's ``jokers``)."""
        return self.pack[1] if self.pack else int(self.variant["jokers"][str(len(self.names))])

    def value(self, name: str) -> str:
        return self.values.get(name, "")

    @property
    def field_help(self) -> list[tuple[str, str]]:
        """What to enter in each of a player's fields, from the variant's declarations:
        ``("Count", "the unmatched cards; ...")``, ``("or the cards", "all ten cards; ...")``."""
        return [(str(f["label"]), str(f["help"])) for f in self.fields if f.get("help")]

    @property
    def summary(self) -> list[tuple[str, str]]:
        """Every refused field as the list at the top of the form: the id to go to, the message."""
        shown: list[tuple[str, str]] = []
        for key, message in self.errors.items():
            if key == "form":
                continue
            shown.append((self.target(key), self.named(key, message)))
        return shown

    def target(self, key: str) -> str:
        """The id of the first control an error's key is about (see :attr:`errors`)."""
        seat = next((s for s in self.seats if f"p{s.index}" == key), None)
        if seat is not None:
            return seat.field(self.fields[0]["key"]) if self.fields else seat.field("error")
        group = next((g for g in self.side_groups if f"s{g.index}" == key), None)
        if group is not None:
            return group.field(group.error_field or self.side_fields[0]["key"])
        if key == "out":
            return "out-first"
        if key in self.out_names:
            return f"{key}-first"
        return key

    def named(self, key: str, message: str) -> str:
        """A summary line says whose field it is about, where the message does not (a note,
        as the engine's refusal names a player: ``Bob: ...``)."""
        seat = next((s for s in self.seats if f"p{s.index}" == key), None)
        group = next((g for g in self.side_groups if f"s{g.index}" == key), None)
        who = seat.name if seat is not None else group.name if group is not None else ""
        return Note("errors.player", player=who, message=message) if who and who not in message else message

    @property
    def how_to(self) -> str:
        """One line for a newcomer: what to tap and what a player's number is (the variant's own)."""
        return str(self.guide.get("how_to") or "")

    # -- reading ------------------------------------------------------------

    def _seat_keys(self) -> list[str]:
        keys = [f["key"] for f in self.fields] + [c["key"] for c in self.seat_choices]
        return keys + (["status"] if self.statuses else [])

    def field_names(self) -> list[str]:
        """Every field the form posts (but its CSRF token), by name: what :meth:`load_post` reads."""
        names = ["token", *self.out_names, *(c["key"] for c in self.choices)]
        names += [seat.field(key) for seat in self.seats for key in self._seat_keys()]
        return names + [group.field(key) for group in self.side_groups for f in self.side_fields
                        for key in self.side_names(f)]

    def load_post(self, data: Mapping[str, str]) -> None:
        """Keep everything typed, so a refused entry comes back as it was."""
        self.values = {key: data.get(key, "") for key in (*self.out_names, *(c["key"] for c in self.choices))}
        self.token = data.get("token", "")
        for seat in self.seats:
            seat.values = {name: data.get(seat.field(name), "") for name in self._seat_keys()}
        for group in self.side_groups:
            group.values = {key: data.get(group.field(key), "") for f in self.side_fields
                            for key in self.side_names(f)}

    def load_entry(self, entry: Mapping[str, Any]) -> None:
        """Fill the form from a recorded entry (names), to edit it."""
        if self.pairings:
            self._load_games(entry)
            return
        out = entry.get("out")
        ending = declared_match(entry, self.endings, "entry")
        self.values = {
            "out": ending["key"] if ending else (str(self.names.index(out)) if out is not None else "none"),
        }
        for choice in self.choices:
            given = entry.get(choice["key"])
            self.values[choice["key"]] = ("1" if given else "") if choice["kind"] == "flag" else str(given or "")
        hands = entry.get("hands") or {}
        for seat in self.seats:
            given = hands.get(seat.name, {})
            seat.values = {f["key"]: _typed(given.get(f["key"]), f) for f in self.fields}
            for choice in self.seat_choices:
                seat.values[choice["key"]] = "1" if seat.name in (entry.get(choice["key"]) or ()) else ""
            status = declared_match(given, self.statuses, "input")
            if self.statuses:
                seat.values["status"] = status["key"] if status else ""
                if status:
                    for f in self.fields:
                        seat.values[f["key"]] = ""
        sides = entry.get("sides") or {}
        for group in self.side_groups:
            given = sides.get(group.name) or {}
            group.values = {}
            for f in self.side_fields:
                value = given.get(f["key"])
                if f["kind"] == "tally":
                    for one in f["among"]:
                        n = list(value or ()).count(one["value"])
                        group.values[f"{f['key']}.{one['value']}"] = str(n) if n else ""
                elif f["kind"] == "flag":
                    group.values[f["key"]] = "1" if value else ""
                else:
                    group.values[f["key"]] = str(value) if value is not None else ""

    def _load_games(self, entry: Mapping[str, Any]) -> None:
        """Fill the form of a hand of several games from its entry's ``games``, each matched to
        its pairing by the players it names (a game naming nobody: the one left)."""
        games = [g for g in entry.get("games") or () if isinstance(g, Mapping)]
        left = list(self.games)
        self.values = {name: "" for name in self.out_names}
        by_game: list[tuple[str, Mapping[str, Any]]] = []
        for one in sorted(games, key=lambda g: not (g.get("hands") or g.get("out"))):
            named = {one.get("out"), *(one.get("hands") or {})} - {None}
            found = next((g for g in left if named <= {seat.name for seat in g[1]}), None)
            if found is None:
                continue
            left.remove(found)
            by_game.append((found[0], one))
        hands: dict[str, Any] = {}
        for name, one in by_game:
            out = one.get("out")
            self.values[name] = str(self.names.index(out)) if out in self.names else "none"
            hands.update(one.get("hands") or {})
        for seat in self.seats:
            given = hands.get(seat.name, {})
            seat.values = {
                f["key"]: str(given[f["key"]]) if given.get(f["key"]) is not None else "" for f in self.fields
            }

    def _games_entry(self) -> dict[str, Any] | None:
        """The entry of a hand of several games: each game's ``out`` and its players' input."""
        games: list[dict[str, Any]] = []
        for name, seats in self.games:
            value = self.value(name)
            out_name: str | None = None
            if value == "":
                self.errors[name] = self._tap_who(" v ".join(s.name for s in seats))
                continue
            if value != "none":
                out_name = next((s.name for s in seats if str(s.index) == value), None)
                if out_name is None:
                    self.errors[name] = Note("form.tap_who", verb=self.rules["out_verb"])
                    continue
            hands: dict[str, Any] = {}
            for seat in seats:
                given = self._seat_input(seat)
                if given is not None:
                    hands[seat.name] = given
            games.append({"out": out_name, "hands": hands})
        entry = {"games": games}
        if self.errors:
            self.partial = entry
            return None
        return entry

    def _tap_who(self, game: str = "") -> Note:
        """Nobody tapped as going out (of ``game``, where a hand plays several): say who to tap,
        and the tile for nobody where the game has one."""
        verb, nobody = self.rules["out_verb"], self.rules.get("no_out_label")
        if game:
            return (Note("form.game_tap_who_or_nobody", game=game, verb=verb, nobody=nobody) if nobody
                    else Note("form.game_tap_who", game=game, verb=verb))
        return (Note("form.tap_who_or_nobody", verb=verb, nobody=nobody) if nobody
                else Note("form.tap_who", verb=verb))

    def to_entry(self) -> dict[str, Any] | None:
        """The engine's entry, or None with field errors set."""
        if self.pairings:
            return self._games_entry()
        entry: dict[str, Any] = {}
        out_value = self.value("out")
        out_name: str | None = None
        ending = next((e for e in self.endings if e["key"] == out_value), None)
        if ending is not None:
            entry.update(ending["entry"])
        elif out_value == "none":
            pass  # nobody went out: the engine says whether this game allows it
        elif out_value == "":
            # Only the tile says "nobody": an untouched choice is a missed tap,
            # never a stalemate recorded by accident.
            self.errors["out"] = self._tap_who()
            return None
        else:
            try:
                out_name = self.names[int(out_value)]
            except (ValueError, IndexError):
                self.errors["out"] = Note("form.tap_who", verb=self.rules["out_verb"])
                return None
        entry["out"] = out_name
        for choice in self.choices:
            text = self.value(choice["key"]).strip()
            if choice["kind"] == "flag":
                entry[choice["key"]] = bool(text)
            elif choice["kind"] == "rank":
                entry[choice["key"]] = text or None
            elif text:
                entry[choice["key"]] = text
        returning: dict[str, list[str]] = {}
        for choice in self.seat_choices:
            named = [seat.name for seat in self.seats if seat.value(choice["key"])]
            if named:
                entry[choice["key"]] = returning[choice["key"]] = named
        back = {name for names in returning.values() for name in names}
        hands: dict[str, Any] = {}
        for seat in self.seats:
            if not seat.playing and seat.name not in back:
                if self._typed_for(seat):
                    self._seat_error(seat, self._not_back(seat))
                continue
            given = self._seat_input(seat)
            if seat.name == out_name and not self.out_gives_some_input:
                # Went out: scored by the rules.  Their switches are folded away with their panel,
                # so say nothing of them (the rules know what going out means).
                switches = {f["key"] for f in self.fields if f["kind"] == "flag"}
                given = {key: value for key, value in (given or {}).items() if key not in switches} or None
                if not given:
                    continue
            if given is not None:
                hands[seat.name] = given
        entry["hands"] = hands
        if self.side_groups:
            entry["sides"] = {group.name: self._side_input(group) for group in self.side_groups}
        if self.errors:
            self.partial = entry
            return None
        return entry

    def _side_input(self, group: SideGroup) -> dict[str, Any]:
        """A side's numbers as typed (a field left empty is left out: the engine says what it needs),
        its switches ticked (true) and its tallies, each value as often as its count says."""
        given: dict[str, Any] = {}
        for spec in self.side_fields:
            if spec["kind"] == "flag":
                if group.value(spec["key"]).strip():
                    given[spec["key"]] = True
                continue
            if spec["kind"] == "tally":
                tally = self._tally(group, spec)
                if tally:
                    given[spec["key"]] = tally
                continue
            text = group.value(spec["key"]).strip()
            if not text:
                continue
            bound = _out_of_bounds(text, spec)
            if bound:
                self._side_error(group, bound, spec["key"])
                continue
            number = _whole_number(text)
            if number is None:
                example = SIDE_EXAMPLE if spec["maximum"] > SMALL_COUNT else 1
                self._side_error(group, Note("form.whole_number", label=spec["label"], example=example, text=text),
                                 spec["key"])
                continue
            given[spec["key"]] = number
        return given

    def _tally(self, group: SideGroup, spec: Mapping[str, Any]) -> list[str]:
        """A tally's values, each as often as its count (a box ticked is 1)."""
        tally: list[str] = []
        for one in spec["among"]:
            key = f"{spec['key']}.{one['value']}"
            text = group.value(key).strip()
            if not text:
                continue
            number = _whole_number(text)
            if number is None or number > spec["maximum"]:
                self._side_error(group, Note("form.how_many", label=one["label"], most=spec["maximum"], text=text),
                                 spec["key"])
                continue
            tally += [one["value"]] * number
        return tally

    def _seat_input(self, seat: Seat) -> dict[str, Any] | None:
        status = next((s for s in self.statuses if s["key"] == seat.value("status")), None)
        if status is not None:
            return dict(status["input"])
        given: dict[str, Any] = {}
        flags = [spec for spec in self.fields if spec["kind"] == "flag"]
        switches = {spec["key"]: bool(seat.value(spec["key"]).strip()) for spec in flags}
        for spec in self.fields:
            text = seat.value(spec["key"]).strip()
            kind = spec["kind"]
            if not text or kind == "flag":
                continue
            if kind in ("count", "number"):
                signed = (spec.get("minimum") or 0) < 0
                bound = _out_of_bounds(text, spec)
                if bound:
                    self._seat_error(seat, bound)
                    return None
                number = _whole_number(text, signed=signed)
                if number is None:
                    self._seat_error(seat, Note("form.whole_number_signed" if signed else "form.whole_number",
                                                label=spec["label"], example=17 if kind == "count" else 1, text=text))
                    return None
                given[spec["key"]] = number
            elif kind == "cards_or_points":
                number = _whole_number(text)
                given[spec["key"]] = number if number is not None else text
            else:
                too_many = too_many_cards(self.variant, text)
                if too_many:
                    self._seat_error(seat, too_many)
                    return None
                given[spec["key"]] = text
        # A switch every player answers (out "required": Marriage's Showed) is an answer on its own,
        # off too; any other goes with what is typed (Phase 10's Made phase), and alone is nothing
        # typed: the engine asks for this player, never a silent 0.
        if not given and not any(spec["out"] == "required" for spec in flags):
            return None
        return {**switches, **given}  # a switch off is said (false), beside what was typed

    def _typed_for(self, seat: Seat) -> bool:
        """Whether anything of a player's own input is filled in (a field, or a status tapped)."""
        return any(seat.value(f["key"]).strip() for f in self.fields) or bool(seat.value("status"))

    def _not_back(self, seat: Seat) -> str:
        """A player out of the game has input typed but is not ticked to come back: say what to do.

        Dropping the typing would record the hand without them, with no word.
        """
        labels = [c["label"] for c in self.seat_choices if c["among"] == "out"]
        if labels:
            return Note("form.not_back_tick", name=seat.name, label=labels[0])
        return Note("form.not_back", name=seat.name)

    def _nothing_typed(self, name: str) -> str:
        """The engine's "no input for Bob", said as what to do about it, from the declared inputs
        (not those only the player who went out gives: a house game's bonus)."""
        fields = [f for f in self.fields if f["out"] != "only" and f["kind"] != "flag"]
        kinds = {f["kind"] for f in fields}
        values: dict[str, Any] = {"name": name}
        if kinds - {"number"} == {"count", "cards"}:  # (small numbers beside them are 0 when left empty)
            key = "form.nothing_count_or_cards"
        elif len(fields) == 1:
            key, values["label"] = "form.nothing_one", fields[0]["label"]
        else:
            key, values["labels"] = "form.nothing_each", [f["label"].split(" (")[0] for f in fields
                                                          if f["kind"] != "number"]
        if self.statuses:
            key, values["statuses"] = key + "_or_tap", [s["label"] for s in self.statuses]
        return Note(key, **values)

    def _seat_error(self, seat: Seat, message: str) -> None:
        seat.error = message
        self.errors[f"p{seat.index}"] = message

    def add_missing(self, players: Sequence[str]) -> None:
        """Mark every player the engine found without input (see :attr:`InvalidEntry.missing`),
        but for a seat marked already: its own mistake comes first."""
        for name in players:
            seat = next((s for s in self.seats if s.name == name), None)
            if seat is not None and not seat.error:
                self._seat_error(seat, self._nothing_typed(name))
                seat.missing = True

    def _side_error(self, group: SideGroup, message: str, key: str = "") -> None:
        if group.error:
            return  # the first mistake of a side is the one shown
        group.error, group.error_field = message, key
        self.errors[f"s{group.index}"] = message

    # -- the engine's verdict -------------------------------------------------

    def add_engine_error(self, error: InvalidEntry) -> None:
        """Put the engine's message next to the player or control it is about.

        Read from the error's ``player``, ``code`` and ``field``, never from its wording.
        """
        message = error.message
        # A side's mistake names the side; at a table of sides of one the side is named by its
        # player, and the field tells the side's numbers from the player's own.
        group = next((g for g in self.side_groups if g.name == error.player), None)
        side_key = next((f["key"] for f in self.side_fields if f["key"] == error.field), "")
        if group is not None and (side_key or error.field == "sides" or group.name not in self.names):
            self._side_error(group, message, side_key)
            return
        if error.code == "missing_input" and error.player is not None:
            if error.missing and any(s.name == error.player for s in self.seats):
                self.add_missing(error.missing)  # every player still to enter, marked at once
                return
            message = self._nothing_typed(error.player)
        seat = next((s for s in self.seats if s.name == error.player), None)
        if seat is not None:
            self._seat_error(seat, message)
            return
        if error.field is not None and error.field in {c["key"] for c in self.choices}:
            self.errors[error.field] = message
            return
        self.errors[self.out_names[0]] = message


def _typed(value: Any, spec: Mapping[str, Any]) -> str:
    """A stored input's field as the form holds it: a switch "1" when on, a number or cards as text."""
    if spec["kind"] == "flag":
        return "1" if value else ""
    return "" if value is None else str(value)


def declared_match(given: Mapping[str, Any] | None, declared: Sequence[Mapping[str, Any]],
                   part: str) -> Mapping[str, Any] | None:
    """The declared ending (``part`` "entry") or status ("input") a stored entry or input is, if any.

    An ending or status stands for a few keys (Block: ``{"block": true}``; a
    first drop: ``{"drop": "first"}``); the given mapping is it when it holds
    them all.
    """
    if not given:
        return None
    return next((one for one in declared if all(given.get(k) == v for k, v in one[part].items())), None)


def most_cards(variant: Mapping[str, Any]) -> int:
    """More cards than anyone holds in this variant: the engine's bound (twice its biggest deal).

    Working out the melds of a hand takes time that grows fast with its size;
    a typed list of the whole pack must not keep the server busy for minutes.
    """
    return int(variant["entry"]["most_cards"])


def too_many_cards(variant: Mapping[str, Any], cards_text: str) -> str:
    """The message for a list of cards longer than a hand, or ``""``.

    500 Rummy's melded and left cards are only added up, so any number is quick.
    """
    if "cards" not in variant["entry"]["inputs"]:
        return ""
    try:
        cards = parse_cards(cards_text)
    except CardError:
        return ""  # the engine says which card is wrong
    limit = most_cards(variant)
    if len(cards) > limit:
        return Note("form.too_many_cards", count=len(cards), game=variant["name"], most=limit)
    return ""


def repeated_cards(cards: list[Card], *, decks: int, jokers: int, game: str) -> str:
    """The message for one field holding a card more often than the pack does, or ``""``.

    Said under that field while it is typed ("KH KH 5D" with one deck), not
    only by the preview of the whole hand at the bottom of the form.
    """
    excess = find_excess_copies({"": cards}, decks=decks, jokers=jokers, game=game)
    return Note("cards.take_one_out", problem=excess[1]) if excess else ""


#: a side's count up to this is a small one (canastas, red threes), laid out side by side
SMALL_COUNT = 99
#: a side's count up to this is a stepper (a box with a button less and a button more); at most 1, a switch
STEPPER_MOST = 9


def side_shape(spec: Mapping[str, Any]) -> str:
    """How a side's field is drawn: ``big`` (a number typed: meld points), ``small`` (a count typed),
    ``stepper`` (a count of at most 9 with a less and a more button), ``switch`` (a flag, or a count of
    at most 1: ticked is 1) or ``tally`` (a switch or stepper for each value it counts)."""
    kind, most = spec["kind"], spec["maximum"]
    if kind == "tally":
        return "tally"
    if kind == "flag" or (most is not None and most <= 1 and not spec["required"]):
        return "switch"
    if most is not None and most <= STEPPER_MOST and not spec["required"]:
        return "stepper"
    return "small" if most is not None and most <= SMALL_COUNT else "big"


def sitting_out(sheet: Mapping[str, Any], number: int) -> list[str]:
    """Who sits out hand ``number`` of this sheet: its row's ``sits_out`` for a hand played, the
    ``next`` deal's for the next hand (a name, a list of names, or none)."""
    rows = sheet.get("hands") or []
    where = rows[number - 1] if 0 < number <= len(rows) else sheet.get("next") or {}
    named = where.get("sits_out")
    if isinstance(named, str):
        return [named]
    return [name for name in named if isinstance(name, str)] if isinstance(named, list) else []
#: what a side's big number looks like, for the message asking for one
SIDE_EXAMPLE = 120

_WHOLE = re.compile(r"[0-9]{1,6}")
_DIGITS = re.compile(r"[-\u2212]?[0-9]+")


def _out_of_bounds(text: str, spec: Mapping[str, Any]) -> str:
    """The message for a typed number below its field's least or above its most, or ``""``:
    what is wrong and what the bound is (a number of any length: the text, not its value)."""
    text = text.strip()
    if not _DIGITS.fullmatch(text):
        return ""
    label = str(spec["label"]).split(" (")[0]
    low = spec.get("minimum")
    high = spec.get("maximum")
    negative = text[0] in "-\u2212"
    digits = text.lstrip("-\u2212").lstrip("0") or "0"
    if negative and digits != "0" and (low is None or low >= 0):
        return Note("form.below_zero", label=label, least=low or 0)
    if high is not None and not negative and (len(digits) > len(str(high)) or
                                              (len(digits) == len(str(high)) and digits > str(high))):
        return Note("form.too_big", text=text, label=label, most=high)
    if low is not None and negative and (len(digits) > len(str(-low)) or
                                         (len(digits) == len(str(-low)) and digits > str(-low))):
        return Note("form.too_far_below", text=text, label=label, least=low)
    return ""
_SIGNED = re.compile(r"[-\u2212]?[0-9]{1,6}")


def _whole_number(text: str, *, signed: bool = False) -> int | None:
    """A typed count: ASCII digits only, at most six (no hand counts a million); ``signed``:
    maybe below 0, with a minus (or the minus sign) first."""
    text = text.strip()
    if signed:
        return int(text.replace("\u2212", "-")) if _SIGNED.fullmatch(text) else None
    return int(text) if _WHOLE.fullmatch(text) else None
