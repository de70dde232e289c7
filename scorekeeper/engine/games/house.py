"""House rules: a game the table defines once (its name, entry, scoring and end) and plays like any other."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import guide
from ..bounds import (
    MAX_CARD_VALUE, MAX_DEALT, MAX_NAME, MAX_OWN_DEALS, MAX_POINTS, MAX_REENTRIES, shown,
)
from ..cards import Card
from ..declare import ELIMINATED, REENTER, Choice, Field, Note, Sides, count_or_cards
from ..errors import InvalidEntry
from ..extras import Extra
from ..notes import Words, sentences
from ..options import Option, deals, eliminate_at, target
from . import house_rules as rules
from .base import (
    PICK, Game, Hand, HandResult, PlayedInSides, PlayerInput, Score, best_players, decided, eliminate_over_limit,
    last_player_left, zero_scores,
)
from .house_rules import bonus_note, entry_value, one_go_multiplier, out_bonus

#: the scoring modes in the players' words
SCORING_WORDS = {
    "own": "each player scores their own hand",
    "winner_takes": "whoever goes out scores what the others hold, they score 0",
    "zero_sum": "each other player pays what they hold to whoever went out",
    "lowest_scores_difference": "the lowest hand scores what each other hand holds more than it",
}
#: the key of the how-to's sentence naming each scoring mode
HOW_TO_SCORING = {scoring: f"house.how_to_scoring_{scoring}" for scoring in SCORING_WORDS}

#: every note of a house game: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces (``hands``: each player's number, by name);
#: a player out over ``eliminate_at`` adds the notes of :data:`.base.NOTES`,
#: the extensions those of :data:`.house_rules.NOTES`
NOTES: Mapping[str, str] = sentences({
    "house.how_to_cards": "Tap who went out; for each player left with cards, every card counts "
                          "({values:card_values}).",
    "house.how_to_cards_or_nobody": "Tap who went out (or nobody); for each player left with cards, every card "
                                    "counts ({values:card_values}).",
    "house.how_to_melded": "Tap who went out (or nobody); for every player, the cards melded and the cards left "
                           "({values:card_values}), as cards or points.",
    "house.how_to_points_own": "Tap who went out (or nobody); type each player's points (below 0 for points off), "
                               "the one who went out too if they score.",
    "house.how_to_points_lowest": "Tap who went out (or nobody); type each player's points (the one who went out "
                                  "counts 0).",
    "house.how_to_points": "Tap who went out; type everyone else's points (below 0 for points off).",
    **{HOW_TO_SCORING[scoring]: f"Scoring: {words}." for scoring, words in SCORING_WORDS.items()},
    "house.own": "{player} went out; each player scores their own: {hands:list}.",
    "house.own_nobody_out": "Nobody went out; each player scores their own: {hands:list}.",
    "house.winner_takes": "{player} went out and takes what the others hold: {hands:plus} = {total}; they score 0.",
    "house.zero_sum": "{player} went out; each other player pays {player} what they hold: {hands:plus} = {total}.",
    "house.bonus": "Going-out bonus: {bonus} to {player}.",
    "house.bonus_paid": "Going-out bonus: each other player pays {player} {bonus} more, {paid} in all.",
}, card_values=Words({"ace": "A {points}", "pictures": "K Q J {points}", "ten": "10 {points}",
                      "face_pips": "2-9 their pips", "pips": "2-9 {points}", "joker": "joker {points}",
                      "card": "{card} {points}"}))

#: the scoring modes in which somebody must go out, each with the key of the refusal of a hand nobody went out of
SAY_WHO_WENT_OUT = {scoring: f"house.refuse.say_who_went_out_{scoring}" for scoring in ("winner_takes", "zero_sum")}
#: why a house game's definition or an entry is refused, by key (what every game refuses is in
#: :mod:`.variant_refusals`); apart from :data:`NOTES`, the hand's notes, each of which some sheet writes
REFUSALS: Mapping[str, str] = sentences({
    "house.refuse.eliminate_needs_lowest": "eliminate_at needs lowest_wins: a player is put out for a high total, "
                                           "so the lowest total wins",
    "house.refuse.eliminate_or_target": "eliminate_at and target cannot both end the game: choose one (deals may "
                                        "go with either)",
    "house.refuse.reentries_need_eliminate": "reentries needs eliminate_at: only a player put out can come back",
    "house.refuse.meld_needs_own": 'meld_minus_hand needs scoring "own"',
    "house.refuse.not_in_sides": "a house game in sides cannot use {option}",
    "house.refuse.instant_win_off": "instant_win is off in this game",
    "house.refuse.not_a_player_still_in": "{name} is not a player still in this game",
    "house.refuse.give_points": "give the player's points",
    "house.refuse.not_an_input": "{given} is not an input here (this game is entered as {fields:either})",
    "house.refuse.one_go_without_out": "one_go needs a player who went out",
    **{key: f"say who went out: here {SCORING_WORDS[scoring]}" for scoring, key in SAY_WHO_WENT_OUT.items()},
    "house.refuse.out_leaves_left_empty": "{player} went out, so has no cards left: leave left empty",
    "house.refuse.out_holds_nothing": "{player} went out, so has no cards left and counts 0: leave their input empty",
    "house.refuse.out_scored": "{player} went out, so scores by the rules: leave their input empty",
})

#: a card's value by default: ace 1, pictures and tens 10, pips their face, joker 0
DEFAULT_VALUES: Mapping[str, Any] = {"ace": 1, "pictures": 10, "ten": 10, "pips": "face", "joker": 0}

#: the entry modes whose players give cards, valued by the table's ``values``
BY_CARDS = ("cards", "meld_minus_hand")


def _value(key: str, help: str, label: str, **more: Any) -> Option:
    return Option(key, "int", DEFAULT_VALUES[key], help, minimum=0, maximum=MAX_CARD_VALUE, label=label, **more)


VALUES = Option(
    "values", "table", DEFAULT_VALUES, "What a card counts against its player (or, melded, for them).",
    parts=(
        _value("ace", "An ace.", "Ace"),
        _value("pictures", "A king, queen or jack.", "K Q J"),
        _value("ten", "A ten.", "Ten"),
        _value("pips", 'A 2 to 9: its face value ("face"), or one number for each.', "2 to 9", also=("face",)),
        _value("joker", "A printed joker.", "Joker"),
    ),
    more=Option("card", "int", None, 'One rank ("7"), one card ("QS") or a rank by colour ("A red"), worth '
                "this instead; a card's own value comes first, then its rank by colour, then its rank.",
                minimum=0, maximum=MAX_CARD_VALUE, label="A rank, a card or a colour"),
    more_key=rules.value_key,
    label="Card values", when=("entry", BY_CARDS),
)

ENDING = "How the game ends"
#: the most deals a schedule lists, and the characters of a deal's contract
MAX_SCHEDULE, MAX_CONTRACT = 30, 80


def _points(out: str) -> Field:
    return Field("points", "count", "Points", "the player's points for the hand, as the table counts them "
                 "(below 0 for points off)", out=out, minimum=-MAX_POINTS, maximum=MAX_POINTS)


#: points, where the one who went out scores their own too (``own`` scoring), or by the rules
OWN_POINTS, POINTS = _points("optional"), _points("none")
CARD_FIELDS = count_or_cards("the cards' worth, as the table adds it up with this game's values",
                             "the cards left in hand; the app counts them with this game's values")
#: ``meld_minus_hand``: what each player melded (the one who went out too) and what they still hold
MELD_FIELDS = (
    Field("melded", "cards_or_points", "Melded (cards or points)",
          "every card melded or laid off this hand, or their worth", out="optional"),
    Field("left", "cards_or_points", "Left in hand (cards or points)",
          "the cards still in hand, or their worth; 0 for none"),
)
#: the player who went out may type their own bonus for the hand, instead of the definition's
BONUS = Field("bonus", "count", "Bonus", "the bonus for going out this hand, if the table works it out "
              "(instead of the game's going-out bonus)", out="only", minimum=-MAX_POINTS, maximum=MAX_POINTS)

ONE_GO = Choice("one_go", "flag", "In one go: out in one turn, never having melded",
                "Went out in one turn, never having melded before: the others' hands may count more, and the "
                "bonus may differ.", needs_out=True)
INSTANT_WIN = Choice("instant_win", "player", "Instant win",
                     "Showed a hand that wins the game at once: the hand is scored, then the game ends.")


class House(PlayedInSides):
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
    sheet in either entry, as guidance.  ``values`` may also value one rank
    (``"7": 20``; ``"T"`` is 10), one card (``"QS": 100``, symbols too) or
    a rank by colour (``"A red": 1``): a card's own key comes first, then
    its rank by colour, then its rank, then its group.
    ``entry: "meld_minus_hand"`` (with ``own`` scoring only): each player
    gives ``melded`` and ``left``, cards or their worth (left out: none),
    and scores melded minus left; who went out may have melded.

    ``scoring``: ``own``, each column gets its own entry (who went out may
    be null: then every player gives one); ``winner_takes``, who went out
    scores the others' sum and they score 0; ``zero_sum``, each other
    player pays their entry to the one who went out;
    ``lowest_scores_difference``, every player gives an entry (who went
    out, if anyone, counts 0) and the lowest scores the sum of each other
    entry less it, shared when tied, the others 0.  ``winner_takes`` and
    ``zero_sum`` need somebody to have gone out.  ``going_out_bonus``
    (-10,000 to 10,000, default 0) goes to whoever went out; in
    ``zero_sum`` each other player pays it too.  Whoever went out enters
    nothing (or 0), except in ``own`` with points, where their own points
    count too, and their melds.  They may type their own ``bonus`` for the
    hand (-10,000 to 10,000), which then stands instead.

    In one go (the entry's ``one_go``, with somebody out: out in one turn,
    never having melded): each other player's entry counts
    ``one_go_multiplier`` times (1-10, default 1; with melded minus left,
    their left), and the bonus is ``one_go_bonus`` (-10,000 to 10,000;
    none by default: the going-out bonus).

    The end: ``target`` (1-100,000; after the hand in which a total reaches
    it), ``deals`` (1-100), ``eliminate_at`` (1-100,000: a player whose
    total reaches it is out from the next hand, skipped when dealing; it
    needs ``lowest_wins`` and cannot go with ``target``; the last player
    left wins, and when the last ones cross together the lowest of them
    wins, as in Tunk), or none of them (the default): the game ends when
    the table ends it.  ``deals`` may go with ``target`` or
    ``eliminate_at``, whichever comes first.  With ``eliminate_at``,
    ``reentries`` (0-10, default 0) lets a player put out come back that
    many times (the entry's ``reenter``, as Scala 40's rientro: at the
    highest total still in).  ``instant_win`` (default false) lets an entry
    name one player (``"instant_win": "Cara"``) whose special hand ends the
    game once the hand is scored, that player the only winner (their side,
    in sides).  ``lowest_wins`` says who wins at the end (among the players
    still in); ties share.

    ``cards_each`` (1-30, or none) is the deal, as guidance; ``schedule``
    (1-30 deals, each ``{"cards": 1-30 or none, "contract": up to 80
    characters}``) gives each deal its own cards and contract, shown on the
    next deal and named in the hand's notes; with no ``deals``, the game
    ends after the last deal of the schedule.  The deal passes left,
    skipping players out.

    Sides: 4 to 10 players may sit in sides of equal size (``sides`` in the
    log, partners opposite), never with ``eliminate_at``, re-entries or
    ``lowest_scores_difference``: each player's score is worked out as
    without sides, and a side scores its players' sum; the totals, the
    target, the winners are the sides'.

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
          form) only when hands are entered as cards (or melded minus left); a
          points game keeps their defaults.
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
        - **The extensions** (the rule book's "house — extensions" (a)-(h); every
          one off by default, so a game defined before them replays as it did):
          a single value (`"7": 20`, `"QS": 100`, `"A red": 1`) is stored as the
          sheet writes cards (`"T"` as `"10"`, `"Q♠"` as `"QS"`, `"a Red"` as
          `"A red"`), two spellings of one key are refused, and one given as null
          is as if not given; a joker is valued by `joker` only. `one_go` is taken
          in any game with somebody out (it changes nothing where the multiplier
          is 1 and there is no one-go bonus; the form offers the switch only
          where it changes something), and the one who went out is never
          multiplied. The typed `bonus` is the out player's alone (another
          player's is refused, code `bad_field`); it stands instead of the
          going-out and the one-go bonus, and in `zero_sum` each other player
          pays it. In sides a row's details are the side's (`value`) with each
          player's inside (`players`), and the hand's winner is the side of the
          one who went out. When the lowest collects, a share that does not
          divide is kept exact (shown to 2 decimals), and with every hand equal
          nobody scores. An instant win ends the game once its hand is scored,
          and nobody is put out by that hand. The schedule's contract is named
          first in the hand's notes.
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
    #: any table of 4 to 10 may sit in sides of equal size, if it says so
    sides = Sides({players: tuple(size for size in range(players // 2, 1, -1) if players % size == 0)
                   for players in (4, 6, 8, 9, 10)}, optional=True)
    extras = (Extra("contract", "Contract", everywhere=True),)
    options = (
        Option("name", "text", None, "What the table calls the game: the sheet, the history and the statistics "
               "show it.", minimum=1, maximum=MAX_NAME, required=True, label="Name of the game"),
        Option("entry", "choice", None, "How each player's hand is entered.",
               choices=("points", "cards", "meld_minus_hand"),
               labels=("Points: type each player's points for the hand",
                       "Cards: pick the cards left in hand, or type their worth, valued as below",
                       "Melded minus left: each player's melded cards count for them, those left against "
                       "them"),
               required=True, label="How hands are entered"),
        VALUES,
        Option("decks", "int", 1, "Decks in the pack.", minimum=1, maximum=max_decks, label="Decks"),
        Option("jokers", "int", 0, "Printed jokers in the pack.", minimum=0, maximum=max_jokers, label="Jokers"),
        Option("scoring", "choice", None, "What each player's entry does to the columns.",
               choices=tuple(SCORING_WORDS),
               labels=("Each player scores their own hand",
                       "Whoever goes out scores what the others hold; they score 0",
                       "Each other player pays what they hold to whoever went out",
                       "The lowest hand scores what each other hand holds more than it; the others 0"),
               required=True, label="Scoring"),
        Option("going_out_bonus", "int", 0, "Points for whoever goes out (below 0 for points off); where each "
               "other player pays what they hold, each pays this too.", minimum=-MAX_POINTS, maximum=MAX_POINTS,
               label="Going-out bonus"),
        Option("one_go_multiplier", "int", 1, "Going out in one go (never having melded before): each other "
               "player's hand counts this many times.", minimum=1, maximum=10, label="In one go, the others count"),
        Option("one_go_bonus", "int", None, "Going out in one go: this bonus instead of the going-out bonus "
               "(empty: the same).", minimum=-MAX_POINTS, maximum=MAX_POINTS, label="In one go, the bonus"),
        Option("lowest_wins", "bool", None, "Who wins at the end.",
               labels=("Lowest total wins", "Highest total wins"), required=True, label="Who wins"),
        target(None, "The game ends after the hand in which a total reaches this.",
               label="Game to", group=ENDING),
        deals("The game ends after this many deals (or at the target or the last player left, if "
              "first).", maximum=MAX_OWN_DEALS, label="Number of deals", group=ENDING),
        eliminate_at(None, "A player whose total reaches this is out; the last player left wins (lowest "
                     "wins only, no target). All three empty: play until you agree to stop.",
                     label="Out at", group=ENDING),
        Option("reentries", "int", 0, "Times each player put out may come back, at the highest total still in "
               "(with Out at only).", minimum=0, maximum=MAX_REENTRIES, label="Re-entries", group=ENDING),
        Option("instant_win", "bool", False, "A special hand may win the game at once: the hand is scored, then "
               "the game ends with that player the winner.",
               labels=("A special hand wins at once", "No instant win"), label="Instant win"),
        Option("cards_each", "int", None, "Cards dealt to each player, shown on the sheet as guidance.", minimum=1,
               maximum=MAX_DEALT, label="Cards dealt"),
        Option("schedule", "list", None, "Each deal's cards and contract, in order, shown on the next deal; with "
               "no number of deals, the game ends after the last.", minimum=1, maximum=MAX_SCHEDULE,
               parts=(Option("cards", "int", None, "Cards dealt to each player in this deal (empty: as Cards "
                             "dealt).", minimum=1, maximum=MAX_DEALT, label="Cards"),
                      Option("contract", "text", "", "What each player must meld this deal, in words.",
                             minimum=0, maximum=MAX_CONTRACT, label="Contract")),
               items="deals", label="Deal by deal"),
    )
    fields = (OWN_POINTS, *CARD_FIELDS, *MELD_FIELDS, BONUS)
    choices = (ONE_GO, REENTER, INSTANT_WIN)
    moments = (ELIMINATED,)
    out_may_be_null = True

    # -- the definition -------------------------------------------------------

    def title(self, options: Mapping[str, Any]) -> str:
        given = options.get("name")
        return given.strip() if isinstance(given, str) and given.strip() else self.name

    def resolve_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        problem = _definition_problem(options)
        if problem is not None:
            raise InvalidEntry(Note(problem[1]), where="options", field=problem[0], code="bad_option")
        return options

    def start(self, game: Game) -> None:
        """A game in sides: not with eliminations, re-entries or the lowest collecting the differences."""
        if game.sides is None:
            return
        options = game.options
        for key, used in (("eliminate_at", options["eliminate_at"] is not None),
                          ("reentries", bool(options["reentries"])),
                          ("lowest_scores_difference", options["scoring"] == "lowest_scores_difference")):
            if used:
                raise InvalidEntry(Note("house.refuse.not_in_sides", option=key), where="sides", code="bad_option")

    def is_lowest_wins(self, options: Mapping[str, Any]) -> bool:
        return bool(options.get("lowest_wins"))

    def fields_for(self, options: Mapping[str, Any] | None) -> tuple[Field, ...]:
        if options is None:
            return self.fields
        if options.get("entry") == "cards":
            return (*CARD_FIELDS, BONUS)
        if options.get("entry") == "meld_minus_hand":
            return (*MELD_FIELDS, BONUS)
        return (OWN_POINTS if options.get("scoring") == "own" else POINTS, BONUS)

    def out_may_be_null_for(self, options: Mapping[str, Any] | None) -> bool:
        return options is None or options.get("scoring") in ("own", "lowest_scores_difference")

    def choices_for(self, options: Mapping[str, Any] | None) -> tuple[Choice, ...]:
        if options is None:
            return self.choices
        one_go = options.get("one_go_multiplier", 1) != 1 or options.get("one_go_bonus") is not None
        offered = ((ONE_GO, one_go), (REENTER, bool(options.get("reentries"))),
                   (INSTANT_WIN, bool(options.get("instant_win"))))
        return tuple(choice for choice, used in offered if used)

    # -- the deal and the pack -------------------------------------------------

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return 0  # the table's own deal is an option: see deal()

    def deal(self, players: int, hand_number: int, options: Mapping[str, Any]) -> int | None:
        scheduled = _scheduled(options, hand_number)
        if scheduled is not None and scheduled["cards"] is not None:
            return int(scheduled["cards"])
        dealt = options.get("cards_each")
        return dealt if isinstance(dealt, int) else None

    def next_extras(self, game: Game, number: int) -> dict[str, Any]:
        scheduled = _scheduled(game.options, number)
        return {"contract": scheduled["contract"] or None if scheduled is not None else None}

    def pack(self, players: int, options: Mapping[str, Any]) -> tuple[int, int]:
        return int(options.get("decks") or 1), int(options.get("jokers") or 0)

    def most_cards(self, hand_number: int = 1) -> int:
        # Every card counts and no meld is worked out, so any hand is quick
        # to score; no player holds more than the largest pack.
        return self.max_decks * 52 + self.max_jokers

    def card_value(self, card: Card, options: Any) -> int:
        return rules.card_value(card, options["values"])

    # -- guidance --------------------------------------------------------------

    def how_to(self, options: Mapping[str, Any]) -> guide.GuideLine:
        scoring = options.get("scoring")
        or_nobody = scoring in ("own", "lowest_scores_difference")
        scored = Note(HOW_TO_SCORING[str(scoring)])
        if options.get("entry") == "cards":
            cards = "house.how_to_cards_or_nobody" if or_nobody else "house.how_to_cards"
            return guide.how_to(Note(cards, values=self.values_listed(options)), PICK, scored)
        if options.get("entry") == "meld_minus_hand":  # (scored by "own" only: nobody may go out)
            return guide.how_to(Note("house.how_to_melded", values=self.values_listed(options)), scored)
        typed = {"own": "house.how_to_points_own", "lowest_scores_difference": "house.how_to_points_lowest"}
        return guide.how_to(Note(typed.get(str(scoring), "house.how_to_points")), scored)

    @staticmethod
    def values_listed(options: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The table's card values, each an item of a how-to's ``{values:card_values}``: ``A 15, K Q J 10,
        10 10, 2-9 their pips, joker 25`` (then ``7 20, QS 100``: single values)."""
        values = options["values"]
        pips = {"kind": "face_pips"} if values["pips"] == "face" else {"kind": "pips", "points": values["pips"]}
        jokers = [{"kind": "joker", "points": values["joker"]}] if options.get("jokers") else []
        return [{"kind": "ace", "points": values["ace"]}, {"kind": "pictures", "points": values["pictures"]},
                {"kind": "ten", "points": values["ten"]}, pips, *jokers,
                *({"kind": "card", "card": key, "points": value} for key, value in values.items()
                  if key not in DEFAULT_VALUES)]

    def goal(self, options: Mapping[str, Any]) -> guide.GuideLine:
        parts = []
        ends = options.get("eliminate_at") or options.get("target")
        if options.get("eliminate_at"):
            parts += [Note("guide.out_at", limit=options["eliminate_at"]), Note("guide.last_left_wins")]
        elif options.get("target"):
            parts.append(Note("guide.game_to", target=options["target"]))
        deals = options.get("deals") or len(options.get("schedule") or ())
        if deals:
            parts.append(Note("guide.at_most_deals" if ends else "guide.deals", deals=deals))
        if not parts:
            parts.append(Note("guide.until_agreed"))
        return guide.goal(*parts, guide.winning(bool(options.get("lowest_wins"))))

    # -- reading an entry --------------------------------------------------------

    def read(self, game: Game, number: int, entry: Any, dealer: str) -> Hand:
        hand = super().read(game, number, entry, dealer)
        winner = hand.entry.get("instant_win")
        if winner is not None:
            if not game.options["instant_win"]:
                raise hand.invalid(Note("house.refuse.instant_win_off"), field="instant_win", code="bad_field")
            if winner not in hand.players:
                raise hand.invalid(Note("house.refuse.not_a_player_still_in", name=shown(winner)),
                                   field="instant_win", code="not_a_player")
        return hand

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        if not isinstance(raw, Mapping):
            raise hand.invalid(Note("house.refuse.give_points" if hand.options["entry"] == "points"
                                    else "variant.refuse.give_cards_or_count"), player)
        wanted = tuple(field.key for field in self.fields_for(hand.options))
        unknown = next((key for key in raw if key not in wanted), None)
        if unknown is not None:
            given = [key for key in wanted if key != BONUS.key]  # (two at most, which the either form joins by "or")
            raise hand.invalid(Note("house.refuse.not_an_input", given=repr(unknown), fields=given), player,
                               field=str(unknown))
        bonus = rules.read_bonus(hand, player, raw.get(BONUS.key))
        extra: dict[str, Any] = {} if bonus is None else {"bonus": bonus}
        entry = hand.options["entry"]
        if entry == "meld_minus_hand":
            most = self.most_cards()
            for key in ("melded", "left"):
                extra[key] = rules.read_melded_or_left(hand, player, raw.get(key), key, most)
            return PlayerInput(extra=extra)
        if entry == "cards":
            plain = super().read_input(hand, player, {k: v for k, v in raw.items() if k != BONUS.key}
                                       if bonus is not None else raw)
            return PlayerInput(plain.cards, plain.count, extra) if extra else plain
        points = read_points(hand, player, raw.get("points"))
        return PlayerInput(count=points, extra=extra) if extra else PlayerInput(count=points)

    def check_flags(self, hand: Hand) -> None:
        if hand.entry.get("one_go") is True and hand.out is None:
            raise hand.invalid(Note("house.refuse.one_go_without_out"), field="one_go", code="one_go_without_out")
        super().check_flags(hand)

    def check_required(self, hand: Hand) -> None:
        options = hand.options
        if hand.out is None:
            if options["scoring"] not in ("own", "lowest_scores_difference"):
                raise hand.invalid(Note(SAY_WHO_WENT_OUT[options["scoring"]]), field="out")
            required: tuple[str, ...] = hand.players
        else:
            required = hand.others
        for player in required:
            if player not in hand.inputs:
                raise hand.missing(player)
        went_out = hand.inputs.get(hand.out) if hand.out is not None else None
        if went_out is not None and _holds_more_than_allowed(went_out, options):
            if options["entry"] == "meld_minus_hand":
                raise hand.invalid(Note("house.refuse.out_leaves_left_empty", player=hand.out), hand.out,
                                   field="left")
            why = "house.refuse.out_holds_nothing" if options["entry"] == "cards" else "house.refuse.out_scored"
            raise hand.invalid(Note(why, player=hand.out), hand.out)

    # -- scoring -------------------------------------------------------------------

    def score(self, hand: Hand) -> HandResult:
        out = hand.out
        values = {p: entry_value(hand, i) for p, i in hand.inputs.items()}
        details: dict[str, dict[str, Any]] = {p: {"value": v} for p, v in values.items()}
        if out is not None:
            details.setdefault(out, {"value": 0})
        notes: list[str] = []
        scheduled = _scheduled(hand.options, hand.number)
        if scheduled is not None and scheduled["contract"]:
            notes.append(Note("house.contract", contract=scheduled["contract"]))
        multiplier = one_go_multiplier(hand)
        if multiplier != 1:
            values, multiplied = _multiplied(hand, values, multiplier)
            notes.append(Note("house.one_go", player=out, multiplier=multiplier, hands=multiplied))
        scores, scored = self.score_mode(hand, values)
        notes += scored
        winner = out
        if hand.sides:
            scores, winner = self.by_sides(hand, scores, details, notes)
        kind = "out" if out is not None else "nobody_out"
        winning = hand.entry.get("instant_win")
        if winning is not None:
            # The hand's winner is who won the game at once (their side): see after_hand().
            winner, kind = rules.side_of(hand.sides, winning) if hand.sides else winning, INSTANT_WIN.key
            notes.append(Note("house.instant_win", player=winning, winner=winner))
        return HandResult(scores, notes, details, winner=winner, kind=kind)

    def score_mode(self, hand: Hand, values: dict[str, int]) -> tuple[dict[str, Score], list[str]]:
        """Each player's score and the notes, by the scoring mode (and the entry, for melded minus left)."""
        scoring = hand.options["scoring"]
        if scoring == "lowest_scores_difference":
            everyone = {p: values.get(p, 0) for p in hand.players}  # who went out counts 0
            scores, notes = rules.lowest_scores_difference(hand, everyone)
            return self.add_bonus(hand, scores, notes, paying=False)
        if scoring == "own":
            return self.score_own(hand, values)
        return self.score_out(hand, values, paying=scoring == "zero_sum")

    def by_sides(self, hand: Hand, scores: dict[str, Score], details: dict[str, dict[str, Any]],
                 notes: list[str]) -> tuple[dict[str, Score], str | None]:
        """The players' scores summed by side (the details too, each side's players within it)."""
        by_side = rules.side_scores(hand.sides, scores)
        players = dict(details)
        details.clear()
        for side, seated in hand.sides.items():
            details[side] = {"value": by_side[side], "players": {p: players[p] for p in seated if p in players}}
        notes.append(Note("house.sides", sides=by_side))
        return by_side, rules.side_of(hand.sides, hand.out) if hand.out is not None else None

    def score_own(self, hand: Hand, values: dict[str, int]) -> tuple[dict[str, Score], list[str]]:
        out = hand.out
        scores = zero_scores(hand.players)
        own = {p: values[p] for p in hand.players if p in values}
        scores.update(own)
        if hand.options["entry"] == "meld_minus_hand":
            lines = {p: _meld_line(hand, p, own[p]) for p in own}
            key = "house.melded_minus_left" if out is not None else "house.melded_minus_left_nobody_out"
            notes: list[str] = [Note(key, player=out, hands=lines) if out is not None else Note(key, hands=lines)]
        elif out is None:
            return scores, [Note("house.own_nobody_out", hands=own)]
        else:
            notes = [Note("house.own", player=out, hands=own)]
        return self.add_bonus(hand, scores, notes, paying=False)

    def add_bonus(self, hand: Hand, scores: dict[str, Score], notes: list[str], *,
                  paying: bool) -> tuple[dict[str, Score], list[str]]:
        """The out player's bonus added to their score (each other player paying it, where ``paying``)."""
        out = hand.out
        if out is None:
            return scores, notes
        bonus, source = out_bonus(hand)
        if not bonus:
            return scores, notes
        if paying:
            for player in hand.others:
                scores[player] -= bonus
            scores[out] += bonus * len(hand.others)
            notes.append(bonus_note(source, paying=True, player=out, bonus=bonus, paid=bonus * len(hand.others)))
        else:
            scores[out] += bonus
            notes.append(bonus_note(source, paying=False, bonus=bonus, player=out))
        return scores, notes

    def score_out(self, hand: Hand, values: dict[str, int], *, paying: bool) -> tuple[dict[str, Score], list[str]]:
        out = hand.out
        assert out is not None
        scores = zero_scores(hand.players)
        others = {p: values[p] for p in hand.others}
        total = sum(others.values())
        if paying:
            for player, value in others.items():
                scores[player] = -value
            scores[out] = total
            notes: list[str] = [Note("house.zero_sum", player=out, hands=others, total=total)]
        else:
            scores[out] = total
            notes = [Note("house.winner_takes", player=out, hands=others, total=total)]
        return self.add_bonus(hand, scores, notes, paying=paying)

    # -- the end -------------------------------------------------------------------

    def after_hand(self, game: Game, number: int) -> None:
        result = game.results[-1]
        if result.kind == INSTANT_WIN.key:
            game.state["instant_win"] = result.winner  # the game's only winner: a player, or their side

    def eliminate(self, game: Game, number: int) -> None:
        limit = game.options["eliminate_at"]
        if limit is not None and "instant_win" not in game.state:
            eliminate_over_limit(game, number, limit)

    def is_over(self, game: Game) -> bool:
        options = game.options
        if "instant_win" in game.state:
            return True
        limit = options["eliminate_at"]
        if limit is not None and last_player_left(game, limit):
            return True
        ends_after = options["deals"] if options["deals"] is not None else len(options["schedule"] or ()) or None
        if ends_after is not None and game.hands_played >= ends_after:
            return True
        target = options["target"]
        return target is not None and any(game.totals[column] >= target for column in _in_play(game))

    def winners(self, game: Game) -> list[str]:
        winner = game.state.get("instant_win")
        if winner is not None:
            return [winner]
        if not game.results:
            return []
        return best_players(game, lowest=self.is_lowest_wins(game.options), tie_break=False, among=_in_play(game))

    def sheet_extras(self, game: Game) -> dict[str, Any]:
        # Re-entries are counted on the sheet only where the game takes them (an old game's sheet stays as it was).
        return super().sheet_extras(game) if game.options["reentries"] else {}


def _in_play(game: Game) -> tuple[str, ...]:
    """The columns still in the game: the sides, or the players not put out."""
    return game.columns if game.sides is not None else game.active


def _definition_problem(options: Mapping[str, Any]) -> tuple[str, str] | None:
    """The option at fault and the key of why (one of :data:`REFUSALS`), where the options do not go
    together; None when they do."""
    if options["eliminate_at"] is not None:
        if not options["lowest_wins"]:
            return "eliminate_at", "house.refuse.eliminate_needs_lowest"
        if options["target"] is not None:
            return "eliminate_at", "house.refuse.eliminate_or_target"
    if options["reentries"] and options["eliminate_at"] is None:
        return "reentries", "house.refuse.reentries_need_eliminate"
    if options["entry"] == "meld_minus_hand" and options["scoring"] != "own":
        return "scoring", "house.refuse.meld_needs_own"
    return None


def _scheduled(options: Mapping[str, Any], number: int) -> Mapping[str, Any] | None:
    """Deal ``number``'s entry of the schedule, if the schedule reaches it."""
    schedule = options.get("schedule")
    if not schedule or number > len(schedule):
        return None
    deal: Mapping[str, Any] = schedule[number - 1]
    return deal


def _holds_more_than_allowed(went_out: PlayerInput, options: Mapping[str, Any]) -> bool:
    """Whether the player who went out entered what they cannot hold: cards left (or, where they score by
    the rules, anything), their typed bonus and their melds aside."""
    if options["entry"] == "meld_minus_hand":
        left = went_out.extra.get("left", ())
        return bool(left)
    if options["entry"] == "points" and options["scoring"] == "own":
        return False
    return bool(went_out.cards) or bool(went_out.count)


def _multiplied(hand: Hand, values: dict[str, int], multiplier: int) -> tuple[dict[str, int], dict[str, Any]]:
    """Each other player's value counting ``multiplier`` times (with melded minus left, their left only),
    and each one's line for the note."""
    counted = dict(values)
    lines: dict[str, Any] = {}
    for player in hand.others:
        given = hand.inputs.get(player)
        if given is None:
            continue
        if hand.options["entry"] == "meld_minus_hand":
            left = rules.worth(given.extra.get("left", ()), hand.values)
            counted[player] = values[player] - (multiplier - 1) * left
            lines[player] = {"value": left, "multiplier": multiplier, "points": left * multiplier}
        else:
            counted[player] = values[player] * multiplier
            lines[player] = {"value": values[player], "multiplier": multiplier, "points": counted[player]}
    return counted, lines


def _meld_line(hand: Hand, player: str, score: int) -> dict[str, int]:
    """A player's melded, left and score, as the note lists them (left as it counts, in one go too)."""
    given = hand.inputs.get(player)
    melded = rules.worth(given.extra.get("melded", ()), hand.values) if given is not None else 0
    return {"melded": melded, "left": melded - score, "score": score}


def read_points(hand: Hand, player: str, raw: Any) -> int | None:
    """A house game's points: a whole number from -10,000 to 10,000, or None (nothing typed)."""
    if raw is None:
        return None
    return rules.whole_points(hand, player, raw, "points")


__all__ = ["House", "read_points"]
