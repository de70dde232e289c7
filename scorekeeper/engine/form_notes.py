"""The hand entry form's own messages, as keyed sentences.

They name the game's words (its verb for going out, its "nobody", a field's
label) and what was typed, so they are written, as the rules' notes are, from
a key and values (:mod:`.notes`): a page writes them in its reader's language
from the ``notes`` catalogue, and the labels come to the form in that
language already.  :mod:`.entry_form` makes them.
"""

from __future__ import annotations

from .notes import sentences

NOTES = sentences({
    "form.tap_who": "Tap who {verb}.",
    "form.tap_who_or_nobody": "Tap who {verb}, or '{nobody}'.",
    "form.game_tap_who": "{game}: tap who {verb}.",
    "form.game_tap_who_or_nobody": "{game}: tap who {verb}, or '{nobody}'.",
    "form.cards_or_count": "Cards or count",
    "form.whole_number": "Type the {label:lower} as a whole number, like {example} (not '{text}').",
    "form.whole_number_signed": "Type the {label:lower} as a whole number, like {example}, or below 0 like -5 "
                                "(not '{text}').",
    "form.how_many": "Type how many {label:lower} as a whole number from 0 to {most} (not '{text}').",
    "form.below_zero": "The {label:lower} cannot be below 0: type {least} or more.",
    "form.too_big": "{text} is too big for the {label:lower}: it is at most {most:grouped}.",
    "form.too_far_below": "{text} is too far below 0 for the {label:lower}: it is at least {least:grouped}.",
    "form.not_back": "{name} is out of the game, so nothing typed for them counts: clear it.",
    "form.not_back_tick": "{name} is out of the game, so nothing typed for them counts: tick {label} to bring "
                          "them back for this hand, or clear it.",
    "form.nothing_count_or_cards": "Nothing typed for {name}: type their count, or pick their cards.",
    "form.nothing_count_or_cards_or_tap": "Nothing typed for {name}: type their count, or pick their cards, "
                                          "or tap {statuses:either}.",
    "form.nothing_one": "Nothing typed for {name}: type their {label:lower}.",
    "form.nothing_one_or_tap": "Nothing typed for {name}: type their {label:lower}, or tap {statuses:either}.",
    "form.nothing_each": "Nothing typed for {name}: fill in {labels:names} (0 for none).",
    "form.nothing_each_or_tap": "Nothing typed for {name}: fill in {labels:names} (0 for none), "
                                "or tap {statuses:either}.",
    "form.too_many_cards": "{count} cards is more than a hand holds in {game} (at most {most}).",
})
