"""The refusals of :mod:`.variant`'s reading of an entry, keyed: each a :class:`~..declare.Note`.

:class:`~.variant.Variant` and :class:`~.variant.PlayedInSides` raise these
(kept apart so that module stays short), so a page writes a refused entry in
its reader's language from the key and the values: the names, numbers and
keys of the log (already quoted as the English quotes them), never words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..declare import Note
from ..notes import sentences

#: each refusal's sentence by key; ``{fields:...}``, ``{keys:list}`` and ``{values:list}`` are the log's keys
NOTES: Mapping[str, str] = sentences({
    "variant.refuse.entry_not_an_object": "an entry must be an object with who went out and each player's hand",
    "variant.refuse.not_in_entry": "{given} is not part of a {game} entry (it takes {keys:list})",
    "variant.refuse.say_who_went_out": "say who went out: {game} has no hand without a winner",
    "variant.refuse.hands_not_a_mapping": "hands must map each player to their cards or count",
    "variant.refuse.not_a_player": "{name} is not a player in this game",
    "variant.refuse.eliminated": "{player} is out of the game since hand {hand} and takes no input",
    "variant.refuse.give_cards_or_count": "give the cards left in hand or a count",
    "variant.refuse.not_an_input": "{given} is not an input here (give {fields})",
    "variant.refuse.either": "{first} or {rest}",
    "variant.refuse.cards_and_count": "give either the cards or a count, not both",
    "variant.refuse.true_or_false": "{field} must be true or false",
    "variant.refuse.needs_out": "{field} needs the player who went out",
    "variant.refuse.not_one_of": "{field} is one of {values:list}, not {value}",
    "variant.refuse.out_holds_nothing": "{player} went out, so has no cards left and counts 0",
    "variant.refuse.sides_not_a_mapping": "sides must map each side's name to its input",
    "variant.refuse.not_a_side": "{side} is not a side in this game (sides: {sides:list})",
    "variant.refuse.give_side_fields": "give the side's {fields:list}",
    "variant.refuse.not_a_side_input": "{given} is not a side's input here (give {fields:list})",
    "variant.refuse.tally_among": "{field} must list values among {values:list}",
    "variant.refuse.tally_most": "{field} lists at most {most}, got {count}",
    "variant.refuse.tally_not_one_of": "{field}: {value} is not one of {values:list}",
})


def either(keys: Sequence[str]) -> str:
    """The keys as a choice, ``or`` between each two (``count or cards or opened``): a note
    ``{first} or {rest}`` a pair, nested, so a page writes each ``or`` in its language.

    (The ``either`` form of a note's value writes ``count, cards or opened``: these
    refusals have said each ``or`` since before they were keyed, and say it still.)

    >>> either(["count", "cards", "opened"])
    'count or cards or opened'
    >>> either(["points"])
    'points'
    """
    *firsts, text = keys
    for key in reversed(firsts):
        text = Note("variant.refuse.either", first=key, rest=text)
    return text
