"""13-card Indian Rummy, points: drops, wrong shows and the 80-point cap."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from .. import guide
from ..cards import CardError, format_cards, parse_rank, rank_name
from ..declare import ELIMINATED, Choice, Moment, Note, Status, count_or_cards
from ..melds import MeldRules, indian_points, is_declaration
from ..notes import Words, sentences
from ..options import Option, points
from .base import (
    PICK, Game, Hand, HandResult, PlayerInput, Variant, decided, eliminate_over_limit, last_player_left,
    zero_scores,
)

HAND_SIZE = 13

DROPS = Moment("drops", "Drops", "Indian hands this player dropped")

#: every note of Indian Rummy: its key (see :class:`~.declare.Note`) and its
#: sentence, the values in braces; a player out of the pool adds the notes of
#: :data:`.base.NOTES`.  ``hands`` gives each other player's line as
#: ``{"kind", "points"}`` and ``capped_at`` when the cap cut it, the kinds
#: being :data:`POINT_LINES`

#: the kinds of a player's line in the ``indian.points`` note, each with its
#: words (and ``, capped at {capped_at}`` after it when capped)
POINT_LINES: Mapping[str, str] = {
    "first_drop": "{player} first drop {points}",
    "middle_drop": "{player} middle drop {points}",
    "wrong_show": "{player} wrong show {points}",
    "count": "{player} {points}",
    "outside_melds": "{player} {points} outside melds",
    "every_card": "{player} {points} (no two sequences with one pure: every card counts)",
}

NOTES: Mapping[str, str] = sentences({
    "indian.how_to": "Tap who declared; for everyone else, a drop, a wrong show, or their points (A K Q J 10, "
                     "jokers 0, at most {most}).",
    "indian.declared": "{player} declared and scores 0.",
    "indian.declared_wild": "{player} declared and scores 0. Wild rank: {wild}.",
    "indian.points": "{hands:lines}.",
}, lines=Words(POINT_LINES, after={"capped_at": ", capped at {capped_at}"}, sep="; "))

#: what Indian Rummy refuses: each key with its sentence (apart from :data:`NOTES`, the notes a
#: replayed hand writes; ``key``, ``value``: what was given, quoted; ``kinds``: the inputs given)
REFUSALS: Mapping[str, str] = sentences({
    "indian.refuse.give_something": "give the cards, a count, a drop or a wrong show",
    "indian.refuse.not_an_input": "{key} is not an input here (give cards, count, drop or wrong_show)",
    "indian.refuse.only_one": "give only one of {kinds:list}",
    "indian.refuse.drop_first_or_middle": 'drop must be "first" or "middle", got {value}',
    "indian.refuse.wrong_show_true": "wrong_show must be true",
    "indian.refuse.declarer_drops": "{player} declared, so cannot drop or make a wrong show",
    "indian.refuse.declarer_counts": "{player} declared and counts 0; give the {cards} cards or nothing",
    "indian.refuse.not_a_declaration": "{cards} is not a valid declaration (every card in melds, two sequences, one "
                                       "pure): record it as a wrong show for the player who showed",
})


@lru_cache(maxsize=14)
def meld_rules(wild_rank: int | None) -> MeldRules:
    """A K Q J 10, others their pips, jokers and the wild rank 0; aces low or high."""
    values = [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    if wild_rank is not None:
        values[wild_rank - 1] = 0
    return MeldRules(
        rank_values=tuple(values), ace_high=True, wild_rank=wild_rank, joker_value=0, min_natural=1
    )


class Indian(Variant):
    """13-card Indian Rummy, points rummy (seed 002).

    2-6 players, 13 cards each; one deck and one printed joker for two
    players, two decks and two printed jokers for more.  Each deal may have
    a wild rank (``"wild": "7"``: every 7 is a joker for that hand).  A meld
    is a sequence (3 or more cards of one suit in order; ace low A-2-3 or
    high Q-K-A, never K-A-2) or a set (3 or 4 cards of one rank, distinct
    suits); a meld needs only one natural card.  A sequence with no joker
    standing in is pure.

    Enter who declared and, for every other player, the cards in hand, a
    count, ``{"drop": "first"}``, ``{"drop": "middle"}`` or
    ``{"wrong_show": true}``.  A valid declaration melds all 13 cards with at
    least two sequences, one of them pure; if the declarer's cards are
    entered they must form one (else record a wrong show).

    Points: the declarer 0; a first drop 20, a middle drop 40 (also for three
    missed turns), a wrong show 80.  A player with cards scores the lower of
    all their cards and, over every arrangement holding two sequences with
    one pure, the cards outside its melds: A K Q J 10, others their pips,
    jokers (printed and wild) 0; at most 80 (``max_points``, which caps a
    typed count too; drops and wrong shows are not capped).  A table may
    change each of those numbers.

    Lowest total wins.  With ``pool`` (101 or 201) a player whose total
    reaches it is eliminated and the last player left wins; otherwise the
    game ends when the table says so.  Ties share.  The deal passes left,
    skipping eliminated players.
    """

    key = "indian"
    name = "Indian Rummy (13 cards)"
    summary = "Meld all 13 with two sequences, one pure; drops, wrong shows and an 80-point cap."
    decisions = decided("""
        - **Indian melds**: a set holds 3 or 4 cards in all, jokers included. One
          natural card with two jokers (`5H JK JK`) counts as an impure sequence,
          which is what a table would call it. The declarer may be given as the 13
          cards, `{}`, or a count of 0.
    """)
    min_players, max_players = 2, 6
    options = (
        Option("pool", "int", None,
               "Pool rummy: a player whose total reaches 101 or 201 is out (none: play points).",
               allowed=(101, 201), minimum=101),
        points("first_drop", 20, "Points for dropping before drawing a card."),
        points("middle_drop", 40, "Points for dropping later (or missing three turns)."),
        points("wrong_show", 80, "Points for declaring a hand that is not valid."),
        points("max_points", 80, "The most a hand of cards can cost."),
    )
    choices = (Choice("wild", "rank", "Wild rank this deal", "Every card of this rank is a joker for the hand."),)
    fields = count_or_cards("their points, as the table adds them up", "all 13 cards; the app finds the melds",
                            cards_out="optional")
    statuses = (
        Status("first", "First drop", {"drop": "first"}, "Dropped before drawing a card."),
        Status("middle", "Middle drop", {"drop": "middle"}, "Dropped later, or missed three turns."),
        Status("wrong", "Wrong show", {"wrong_show": True}, "Declared a hand that is not valid."),
    )
    moments = (DROPS, ELIMINATED)
    exact_cards = HAND_SIZE
    lowest_wins = True
    out_verb = "declared"

    def cards_each(self, players: int, hand_number: int = 1) -> int:
        return HAND_SIZE

    def how_to(self, options: Any) -> guide.GuideLine:
        return guide.how_to(Note("indian.how_to", most=options.get("max_points", 80)), PICK)

    def decks(self, players: int) -> int:
        return 1 if players == 2 else 2

    def jokers(self, players: int, options: Mapping[str, Any]) -> int:
        return 1 if players == 2 else 2

    def wild_rank(self, hand: Hand) -> int | None:
        raw = hand.entry.get("wild")
        if raw is None:
            return None
        try:
            return parse_rank(str(raw)) if isinstance(raw, (str, int)) and not isinstance(raw, bool) else parse_rank("?")
        except CardError as error:
            raise hand.invalid(Note("cards.wild_not_a_rank", token=error.token or str(raw)), field="wild") from None

    def read_input(self, hand: Hand, player: str, raw: Any) -> PlayerInput:
        if not isinstance(raw, Mapping):
            raise hand.invalid(Note("indian.refuse.give_something"), player)
        for key in raw:
            # A typo ("drops") must not pass as an empty hand that scores 0.
            if key not in self.input_fields:
                raise hand.invalid(Note("indian.refuse.not_an_input", key=repr(key)), player)
        kinds = [k for k in raw if raw[k] not in (None, False)]
        if len(kinds) > 1:
            raise hand.invalid(Note("indian.refuse.only_one", kinds=kinds), player)
        if "drop" in raw and raw["drop"] is not None:
            if raw["drop"] not in ("first", "middle"):
                raise hand.invalid(Note("indian.refuse.drop_first_or_middle", value=repr(raw["drop"])), player)
            return PlayerInput(extra={"drop": raw["drop"]})
        if "wrong_show" in raw and raw["wrong_show"] not in (None, False):
            if raw["wrong_show"] is not True:
                raise hand.invalid(Note("indian.refuse.wrong_show_true"), player)
            return PlayerInput(extra={"wrong_show": True})
        return super().read_input(hand, player, {k: v for k, v in raw.items() if k in ("cards", "count")})

    def check_required(self, hand: Hand) -> None:
        wild = self.wild_rank(hand)
        super().check_required(hand) if hand.out not in hand.inputs else self._check_others(hand)
        declarer = hand.out
        assert declarer is not None
        given = hand.inputs.get(declarer)
        if given is None:
            return
        if given.extra:
            raise hand.invalid(Note("indian.refuse.declarer_drops", player=declarer), declarer)
        if given.count:
            raise hand.invalid(Note("indian.refuse.declarer_counts", player=declarer, cards=HAND_SIZE), declarer)
        if given.cards is not None and not is_declaration(given.cards, meld_rules(wild)):
            raise hand.invalid(Note("indian.refuse.not_a_declaration", cards=format_cards(given.cards)), declarer)

    def _check_others(self, hand: Hand) -> None:
        for player in hand.others:
            if player not in hand.inputs:
                raise hand.missing(player)

    def preview(self, cards: Any, options: Any, entry: Any = None, *, went_out: bool = False,
                number: int = 1) -> dict[str, Any]:
        raw_wild = (entry or {}).get("wild")
        try:
            wild = parse_rank(str(raw_wild)) if raw_wild not in (None, "") else None
        except CardError:
            wild = None
        rules = meld_rules(wild)
        if went_out:
            return {"value": 0, "valid_declaration": is_declaration(cards, rules)}
        points = indian_points(cards, rules)
        shown: dict[str, Any] = {"value": min(points.points, options["max_points"])}
        if points.arrangement is not None:
            shown["melds"] = [format_cards(m) for m in points.arrangement.melds]
            shown["unmatched"] = format_cards(points.arrangement.unmatched)
        return shown

    def score(self, hand: Hand) -> HandResult:
        declarer = hand.out
        assert declarer is not None
        opts = hand.options
        wild = self.wild_rank(hand)
        rules = meld_rules(wild)
        scores = zero_scores(hand.players)
        details: dict[str, dict[str, Any]] = {declarer: {"value": 0}}
        hands: dict[str, dict[str, Any]] = {}
        for player in hand.others:
            value, detail, hands[player] = self._points(hand.inputs[player], rules, opts)
            scores[player] = value
            details[player] = {"value": value, **detail}
        if wild:
            declared = Note("indian.declared_wild", player=declarer, wild=rank_name(wild))
        else:
            declared = Note("indian.declared", player=declarer)
        notes: list[str] = [declared, Note("indian.points", hands=hands)]
        kinds = {d.get("drop") for d in details.values()}
        dropped = {p: [DROPS.key] for p, d in details.items() if d.get("drop")}
        return HandResult(scores, notes, details, winner=declarer,
                          kind="drop" if kinds - {None} else "declare", moments=dropped)

    @staticmethod
    def _points(player_input: PlayerInput, rules: MeldRules,
                opts: Mapping[str, Any]) -> tuple[int, dict[str, Any], dict[str, Any]]:
        """A player's points, details and the values of their line of the note."""
        cap = opts["max_points"]
        if "drop" in player_input.extra:
            which = player_input.extra["drop"]
            value = opts["first_drop"] if which == "first" else opts["middle_drop"]
            return value, {"drop": which}, {"kind": f"{which}_drop", "points": value}
        if "wrong_show" in player_input.extra:
            value = opts["wrong_show"]
            return value, {"wrong_show": True}, {"kind": "wrong_show", "points": value}
        if player_input.cards is None:
            count = player_input.count or 0
            capped = min(count, cap)
            return capped, {}, _line("count", count, cap)
        result = indian_points(player_input.cards, rules)
        all_cards = rules.hand_value(player_input.cards)
        detail: dict[str, Any] = {"all_cards": all_cards}
        if result.arrangement is not None:
            detail["melds"] = [format_cards(m) for m in result.arrangement.melds]
            detail["unmatched"] = format_cards(result.arrangement.unmatched)
            kind = "outside_melds"
        else:
            kind = "every_card"
        return min(result.points, cap), detail, _line(kind, result.points, cap)

    def eliminate(self, game: Game, number: int) -> None:
        if game.options["pool"] is not None:
            eliminate_over_limit(game, number, game.options["pool"])

    def is_over(self, game: Game) -> bool:
        pool = game.options["pool"]
        if pool is None:
            return False
        return last_player_left(game, pool)


def _line(kind: str, points: int, cap: int) -> dict[str, Any]:
    """The values of a player's line of points: ``capped_at`` only when the cap cut them."""
    return {"kind": kind, "points": points, "capped_at": cap} if points > cap else {"kind": kind, "points": points}
