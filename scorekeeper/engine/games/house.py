"""House rules: a game the table defines once (its name, entry, scoring and end) and plays like any other."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bounds import (
    MAX_CARD_VALUE, MAX_DEALT, MAX_NAME, MAX_OWN_DEALS, MAX_POINTS, shown,
)
from ..cards import Card
from ..declare import ELIMINATED, Field, Note, count_or_cards
from ..errors import InvalidEntry
from ..notes import sentences
from ..options import Option, deals, eliminate_at, target
from .base import (
    PICK, Game, Hand, HandResult, PlayerInput, Score, Variant, decided, eliminate_over_limit, hand_value,
    last_player_left, zero_scores,
)

#: every note of a house game: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces (``hands``: each player's number, by name);
#: a player out over ``eliminate_at`` adds the notes of :data:`.base.NOTES`
NOTES: Mapping[str, str] = sentences({
    "house.own": "{player} went out; each player scores their own: {hands:list}.",
    "house.own_nobody_out": "Nobody went out; each player scores their own: {hands:list}.",
    "house.winner_takes": "{player} went out and takes what the others hold: {hands:plus} = {total}; they score 0.",
    "house.zero_sum": "{player} went out; each other player pays {player} what they hold: {hands:plus} = {total}.",
    "house.bonus": "Going-out bonus: {bonus} to {player}.",
    "house.bonus_paid": "Going-out bonus: each other player pays {player} {bonus} more, {paid} in all.",
})

#: a card's value by default: ace 1, pictures and tens 10, pips their face, joker 0
DEFAULT_VALUES: Mapping[str, Any] = {"ace": 1, "pictures": 10, "ten": 10, "pips": "face", "joker": 0}


def _value(key: str, help: str, label: str, **more: Any) -> Option:
    return Option(key, "int", DEFAULT_VALUES[key], help, minimum=0, maximum=MAX_CARD_VALUE, label=label, **more)


VALUES = Option(
    "values", "table", DEFAULT_VALUES, "What a card left in hand counts against its player.",
    parts=(
        _value("ace", "An ace.", "Ace"),
        _value("pictures", "A king, queen or jack.", "K Q J"),
        _value("ten", "A ten.", "Ten"),
        _value("pips", 'A 2 to 9: its face value ("face"), or one number for each.', "2 to 9", also=("face",)),
        _value("joker", "A printed joker.", "Joker"),
    ),
    label="Card values", when=("entry", "cards"),
)

#: the scoring modes in the players' words
SCORING_WORDS = {
    "own": "each player scores their own hand",
    "winner_takes": "whoever goes out scores what the others hold, they score 0",
    "zero_sum": "each other player pays what they hold to whoever went out",
}

ENDING = "How the game ends"


def _points(out: str) -> Field:
    return Field("points", "count", "Points", "the player's points for the hand, as the table counts them "
                 "(below 0 for points off)", out=out, minimum=-MAX_POINTS, maximum=MAX_POINTS)


#: points, where the one who went out scores their own too (``own`` scoring), or by the rules
OWN_POINTS, POINTS = _points("optional"), _points("none")
CARD_FIELDS = count_or_cards("the cards' worth, as the table adds it up with this game's values",
                             "the cards left in hand; the app counts them with this game's values")


class House(Variant):
    """House rules: a game the table defines (seed 001: Tres y Dos, Loba, Marriage, Seven Bridge...).

    2-10 players.  The table gives the game's rules as its options, four of
    them required (no default): ``name`` (1-40 characters, trimmed, no
    control character), ``entry``, ``scoring`` and ``lowest_wins``.  The
    app writes every option into the log, so the game replays the same
    anywhere; the sheet's ``name`` is the option ``name``.

    ``entry: "points"``: each player's input is ``{"points": n}``, a whole
    number from -10,000 to 10,000 (negative points are scored as given).
    ``entry: "cards"``: the cards left in hand or their count, every card
    counting by ``values`` (``ace``, ``pictures`` K Q J, ``ten``, ``pips``
    2-9 and ``joker``, each 0-1,000; ``pips`` may be ``"face"``, each card
    its own number; by default 1, 10, 10, face and 0); the pack is
    ``decks`` (1-4, default 1) and ``jokers`` (0-8, default 0), and an entry
    holds no card more often than the pack does.  The pack is shown on the
    sheet in either entry, as guidance.

    ``scoring``: ``own``, each column gets its own entry (who went out may
    be null: then every player gives one); ``winner_takes``, who went out
    scores the others' sum and they score 0; ``zero_sum``, each other
    player pays their entry to the one who went out.  The last two need
    somebody to have gone out.  ``going_out_bonus`` (-10,000 to 10,000,
    default 0) goes to whoever went out; in ``zero_sum`` each other player
    pays it too.  Whoever went out enters nothing (or 0), except in ``own``
    with points, where their own points count too.

    The end: ``target`` (1-100,000; after the hand in which a total reaches
    it), ``deals`` (1-100), ``eliminate_at`` (1-100,000: a player whose
    total reaches it is out from the next hand, skipped when dealing; it
    needs ``lowest_wins`` and cannot go with ``target``; the last player
    left wins, and when the last ones cross together the lowest of them
    wins, as in Tunk), or none of them (the default): the game ends when
    the table ends it.  ``deals`` may go with ``target`` or
    ``eliminate_at``, whichever comes first.  ``lowest_wins`` says who
    wins at the end (among the players still in); ties share.
    ``cards_each`` (1-30, or none) is the deal, as guidance.  The deal
    passes left, skipping players out.

    Cards, A 15, pictures and ten 10, pips face, joker 25, ``own``, bonus
    -10: Ann goes out, Bob AS 9H JK, Cara a count of 12: -10, 49, 12.  With
    ``zero_sum`` and bonus 0: +61, -49, -12.
    """

    key = "house"
    name = "House rules"
    summary = "Define the game your table plays: its name, how hands are entered and scored, and how it ends."
    decisions = decided("""
        - **The definition is the options, all of them.** `name`, `entry`,
          `scoring` and `lowest_wins` have no default (a missing one is refused,
          `options: scoring must be given ...`, code `bad_option`); the app writes
          every option with its effective value into the game's log (and into the
          saved game type), so a game replays the same in any Scorekeeper, whatever
          defaults a later version has. The name is trimmed before its 1 to 40
          characters are counted, and stored trimmed.
        - **Whoever went out** enters nothing, or 0 (their input is refused
          otherwise), except in `own` scoring by points, where their own points
          count too (a table where going out scores points off types them; left
          empty, they score 0). In `own` scoring nobody may go out (`out: null`,
          the "Nobody went out" tile): then every player gives an entry. In
          `winner_takes` and `zero_sum` somebody must have gone out, and the tile is
          not offered.
        - **The going-out bonus** is added to the hand's score of whoever went out
          in `own` and `winner_takes`; in `zero_sum` each other player pays it on top
          of their entry (so the one who went out gets it once from each). With
          nobody out there is no bonus. Negative bonuses and points are scored as
          given, in every mode (a negative entry in `zero_sum` is paid back).
        - **Card values**: every card left in hand counts (no melds are worked out):
          ace, K Q J, ten, and 2 to 9 either their face value or one number for all
          of them; a joker its own value. A typed count is trusted. The pack (`decks`,
          `jokers`) bounds what an entry may hold (no card more often than the pack
          has, no joker without jokers) and is shown on the sheet's next-deal line
          as guidance in a points game too (Marriage is played with three decks and
          entered by points). The card values are asked for (and checked by the
          form) only when hands are entered as cards; a points game keeps their
          defaults.
        - **The end**: `target` ends the game after the hand in which any total
          reaches it, for lowest-wins games too (then the lowest total wins);
          `eliminate_at` puts out a player whose total reaches it, from the next
          hand (no input, skipped when dealing), and needs lowest wins (a limit is
          a penalty) and no target; the last player left wins, and when the last
          ones cross together the lowest of them wins (ties share), as in Tunk.
          `deals` ends the game after that many hands, with either of the others,
          whichever comes first. With none of them the table ends the game; ended
          by agreement, the best total among the players still in wins. Ties share
          everywhere (no "led before the last hand" rule).
        - **The hand's winner** (for the statistics' hands won and the underline on
          the sheet) is whoever went out; a hand with nobody out is won by nobody.
          The statistics count eliminations as a moment.
        - **`cards_each`** is guidance only: the next-deal line says "Ann deals 13
          cards", or just "Ann deals" without it; no cards input is held to it.
        - **The form**: a number left empty takes its default, or none; the form
          checks each number against the declared bounds and says them ("Type a
          whole number from 0 to 1000, or leave it empty for 1."), and the engine's
          own refusals (a name with a control character, an elimination limit with
          a target) come next to the option they name, in its words. Values are
          shown as words everywhere a person reads them (the form, the list of own
          games, the catalogue page), never keys such as `zero_sum`; the API and
          the catalogue keep the keys.
        - **An own game is an account's**: at most 50, each name once (letter case
          and spaces aside), the same definition sent twice kept once. Changing one
          changes the games started from then on; deleting one leaves its games as
          they were (their logs hold their rules). A backup carries them; importing
          one whose name the account already has keeps the account's.
    """)
    min_players, max_players = 2, 10
    #: the table's ``decks`` and ``jokers`` options go up to these
    max_decks, max_jokers = 4, 8
    defined_by_table = True
    options = (
        Option("name", "text", None, "What the table calls the game: the sheet, the history and the statistics "
               "show it.", minimum=1, maximum=MAX_NAME, required=True, label="Name of the game"),
        Option("entry", "choice", None, "How each player's hand is entered.", choices=("points", "cards"),
               labels=("Points: type each player's points for the hand",
                       "Cards: pick the cards left in hand, or type their worth, valued as below"),
               required=True, label="How hands are entered"),
        VALUES,
        Option("decks", "int", 1, "Decks in the pack.", minimum=1, maximum=max_decks, label="Decks"),
        Option("jokers", "int", 0, "Printed jokers in the pack.", minimum=0, maximum=max_jokers, label="Jokers"),
        Option("scoring", "choice", None, "What each player's entry does to the columns.",
               choices=tuple(SCORING_WORDS),
               labels=("Each player scores their own hand",
                       "Whoever goes out scores what the others hold; they score 0",
                       "Each other player pays what they hold to whoever went out"),
               required=True, label="Scoring"),
        Option("going_out_bonus", "int", 0, "Points for whoever goes out (below 0 for points off); where each "
               "other player pays what they hold, each pays this too.", minimum=-MAX_POINTS, maximum=MAX_POINTS,
               label="Going-out bonus"),
        Option("lowest_wins", "bool", None, "Who wins at the end.",
               labels=("Lowest total wins", "Highest total wins"), required=True, label="Who wins"),
        target(None, "The game ends after the hand in which a total reaches this.",
               label="Game to", group=ENDING),
        deals("The game ends after this many deals (or at the target or the last player left, if "
              "first).", maximum=MAX_OWN_DEALS, label="Number of deals", group=ENDING),
        eliminate_at(None, "A player whose total reaches this is out; the last player left wins (lowest "
                     "wins only, no target). All three empty: play until you agree to stop.",
                     label="Out at", group=ENDING),
        Option("cards_each", "int", None, "Cards dealt to each player, shown on the sheet as guidance.", minimum=1, maximum=MAX_DEALT, label="Cards dealt"),
    )
    fields = (OWN_POINTS, *CARD_FIELDS)
    moments = (ELIMINATED,)
    out_may_be_null = True

    # -- the definition -------------------------------------------------------

    def title(self, options: Mapping[str, Any]) -> str:
        given = options.get("name")
        return given.strip() if isinstance(given, str) and given.strip() else self.name

    def resolve_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        if options["eliminate_at"] is not None:
            if not options["lowest_wins"]:
                raise InvalidEntry("eliminate_at needs lowest_wins: a player is put out for a high total, "
                                   "so the lowest total wins", where="options", field="eliminate_at",
                                   code="bad_option")
            if options["target"] is not None:
                raise InvalidEntry("eliminate_at and target cannot both end the game: choose one (deals may "
                                   "go with either)", where="options", field="eliminate_at", code="bad_option")
        return options

    def is_lowest_wins(self, options: Mapping[str, Any]) -> bool:
        return bool(options.get("lowest_wins"))

    def fields_for(self, options: Mapping[str, Any] | None) -> tuple[Field, ...]:
        if options is None:
            return self.fields
        if options.get("entry") == "cards":
            return CARD_FIELDS
        return (OWN_POINTS,) if options.get("scoring") == "own" else (POINTS,)

    def out_may_be_null_for(self, options: Mapping[str, Any] | None) -> bool:
        return options is None or options.get("scoring") == "own"

    # -- the deal and the pack -------------------------------------------------

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 0  # the table's own deal is an option: see deal()

    def deal(self, players: int, hand_number: int, options: Mapping[str, Any]) -> int | None:
        dealt = options.get("cards_each")
        return dealt if isinstance(dealt, int) else None

    def pack(self, players: int, options: Mapping[str, Any]) -> tuple[int, int]:
        return int(options.get("decks") or 1), int(options.get("jokers") or 0)

    def most_cards(self, hand_number: int = 1) -> int:
        # Every card counts and no meld is worked out, so any hand is quick
        # to score; no player holds more than the largest pack.
        return self.max_decks * 52 + self.max_jokers

    def card_value(self, card: Card, options: Any) -> int:
        values = options["values"]
        if card.is_joker:
            return int(values["joker"])
        if card.rank == 1:
            return int(values["ace"])
        if card.rank > 10:
            return int(values["pictures"])
        if card.rank == 10:
            return int(values["ten"])
        return card.rank if values["pips"] == "face" else int(values["pips"])

    # -- guidance --------------------------------------------------------------

    def how_to(self, options: Mapping[str, Any]) -> str:
        scoring = options.get("scoring")
        own = scoring == "own"
        who = "Tap who went out (or nobody)" if own else "Tap who went out"
        if options.get("entry") == "cards":
            what = f"; for each player left with cards, every card counts ({self.values_words(options)})." + PICK
        elif own:
            what = "; type each player's points (below 0 for points off), the one who went out too if they score."
        else:
            what = "; type everyone else's points (below 0 for points off)."
        return f"{who}{what} Scoring: {SCORING_WORDS.get(str(scoring), '')}."

    @staticmethod
    def values_words(options: Mapping[str, Any]) -> str:
        """``A 15, K Q J 10, 10 10, 2-9 their pips, joker 25``."""
        values = options["values"]
        pips = "2-9 their pips" if values["pips"] == "face" else f"2-9 {values['pips']}"
        joker = f", joker {values['joker']}" if options.get("jokers") else ""
        return f"A {values['ace']}, K Q J {values['pictures']}, 10 {values['ten']}, {pips}{joker}"

    def goal(self, options: Mapping[str, Any]) -> str:
        parts = []
        ends = options.get("eliminate_at") or options.get("target")
        if options.get("eliminate_at"):
            parts += [f"Out at {options['eliminate_at']}", "last player left wins"]
        elif options.get("target"):
            parts.append(f"Game to {options['target']}")
        if options.get("deals"):
            parts.append(f"at most {options['deals']} deals" if ends else f"{options['deals']} deals")
        if not parts:
            parts.append("Play until you agree to stop")
        parts.append("lowest wins" if options.get("lowest_wins") else "highest wins")
        return "; ".join(parts)

    # -- reading an entry --------------------------------------------------------

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        if not isinstance(raw, Mapping):
            raise hand.invalid("give the player's points" if hand.options["entry"] == "points"
                               else "give the cards left in hand or a count", player)
        wanted = tuple(field.key for field in self.fields_for(hand.options))
        unknown = next((key for key in raw if key not in wanted), None)
        if unknown is not None:
            raise hand.invalid(f"{unknown!r} is not an input here (this game is entered as "
                               f"{' or '.join(wanted)})", player, field=str(unknown))
        if hand.options["entry"] == "cards":
            return super().read_input(hand, player, raw)
        return PlayerInput(count=read_points(hand, player, raw.get("points")))

    def check_required(self, hand: Hand) -> None:
        options = hand.options
        if hand.out is None:
            if options["scoring"] != "own":
                raise hand.invalid(f"say who went out: here {SCORING_WORDS[options['scoring']]}", field="out")
            required: tuple[str, ...] = hand.players
        else:
            required = hand.others
        for player in required:
            if player not in hand.inputs:
                raise hand.missing(player)
        went_out = hand.inputs.get(hand.out) if hand.out is not None else None
        counts_own = options["entry"] == "points" and options["scoring"] == "own"
        if went_out is not None and not went_out.is_empty and not counts_own:
            entered = "has no cards left and counts 0" if options["entry"] == "cards" else "scores by the rules"
            raise hand.invalid(f"{hand.out} went out, so {entered}: leave their input empty", hand.out)

    # -- scoring -------------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        options = hand.options
        out = hand.out
        values = {p: self.value_of(hand, i) for p, i in hand.inputs.items()}
        details: dict[str, dict[str, Any]] = {p: {"value": v} for p, v in values.items()}
        if out is not None:
            details.setdefault(out, {"value": 0})
        scoring = options["scoring"]
        if scoring == "own":
            scores, notes = self.score_own(hand, values)
        else:
            scores, notes = self.score_out(hand, values, paying=scoring == "zero_sum")
        return HandResult(scores, notes, details, winner=out, kind="out" if out is not None else "nobody_out")

    def value_of(self, hand: Hand, given: PlayerInput) -> int:
        """What one player's entry holds: their points, their count, or their cards by the values table
        (``hand.values``, made from it by :meth:`card_value` as the game starts)."""
        if hand.options["entry"] == "points":
            return given.count or 0
        return hand_value(given, hand.values)

    def score_own(self, hand: Hand, values: dict[str, int]) -> tuple[dict[str, Score], list[str]]:
        out, bonus = hand.out, hand.options["going_out_bonus"]
        scores = zero_scores(hand.players)
        own = {p: values[p] for p in hand.players if p in values}
        scores.update(own)
        if out is None:
            return scores, [Note("house.own_nobody_out", hands=own)]
        notes: list[str] = [Note("house.own", player=out, hands=own)]
        if bonus:
            scores[out] += bonus
            notes.append(Note("house.bonus", bonus=bonus, player=out))
        return scores, notes

    def score_out(self, hand: Hand, values: dict[str, int], *, paying: bool) -> tuple[dict[str, Score], list[str]]:
        out, bonus = hand.out, hand.options["going_out_bonus"]
        assert out is not None
        scores = zero_scores(hand.players)
        others = {p: values[p] for p in hand.others}
        total = sum(others.values())
        notes: list[str]
        if paying:
            for player, value in others.items():
                scores[player] = -(value + bonus)
            scores[out] = total + bonus * len(others)
            notes = [Note("house.zero_sum", player=out, hands=others, total=total)]
            if bonus:
                notes.append(Note("house.bonus_paid", player=out, bonus=bonus, paid=bonus * len(others)))
            return scores, notes
        scores[out] = total + bonus
        notes = [Note("house.winner_takes", player=out, hands=others, total=total)]
        if bonus:
            notes.append(Note("house.bonus", bonus=bonus, player=out))
        return scores, notes

    # -- the end -------------------------------------------------------------------

    def eliminate(self, game: Game, number: int) -> None:
        limit = game.options["eliminate_at"]
        if limit is not None:
            eliminate_over_limit(game, number, limit)

    def is_over(self, game: Game) -> bool:
        limit = game.options["eliminate_at"]
        if limit is not None and last_player_left(game, limit):
            return True
        return super().is_over(game)


def read_points(hand: Hand, player: str, raw: Any) -> int | None:
    """A house game's points: a whole number from -10,000 to 10,000, or None (nothing typed)."""
    if raw is None:
        return None
    rule = f"points must be a whole number from -{MAX_POINTS} to {MAX_POINTS}"
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise hand.invalid(f"{rule}, not {shown(raw)}", player, field="points")
    if not -MAX_POINTS <= raw <= MAX_POINTS:
        raise hand.invalid(rule, player, field="points", code="out_of_bounds")
    return raw

