"""The refusals of :mod:`.variant`'s reading of an entry, keyed: each a :class:`~..declare.Note`.

:class:`~.variant.Variant` and :class:`~.variant.PlayedInSides` raise these
(kept apart so that module stays short), so a page writes a refused entry in
its reader's language from the key and the values: the names, numbers and
keys of the log (already quoted as the English quotes them), never words.
A refusal whose very words other modules still write as plain text (``... must
be true or false``, ``... is not a player in this game``) stays plain text in
:mod:`.variant` until those are keyed with it: one sentence, one key.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..notes import sentences

#: each refusal's sentence by key; ``{keys:list}``, ``{fields:list}`` and ``{values:list}`` are the log's keys
NOTES: Mapping[str, str] = sentences({
    "variant.refuse.not_in_entry": "{given} is not part of a {game} entry (it takes {keys:list})",
    "variant.refuse.say_who_went_out": "say who went out: {game} has no hand without a winner",
    "variant.refuse.eliminated": "{player} is out of the game since hand {hand} and takes no input",
    "variant.refuse.give_cards_or_count": "give the cards left in hand or a count",
    "variant.refuse.needs_out": "{field} needs the player who went out",
    "variant.refuse.not_one_of": "{field} is one of {values:list}, not {value}",
    "variant.refuse.sides_not_a_mapping": "sides must map each side's name to its input",
    "variant.refuse.give_side_fields": "give the side's {fields:list}",
    "variant.refuse.not_a_side_input": "{given} is not a side's input here (give {fields:list})",
    "variant.refuse.tally_among": "{field} must list values among {values:list}",
    "variant.refuse.tally_most": "{field} lists at most {most}, got {count}",
    "variant.refuse.tally_not_one_of": "{field}: {value} is not one of {values:list}",
})

