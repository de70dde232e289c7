"""The registry: every variant the engine scores, by its stable key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..declare import Note
from ..errors import InvalidEntry
from ..notes import sentences
from .base import Variant
from .basic import Basic, Block
from .boathouse import Boathouse
from .canasta import Canasta
from .contract import Contract
from .cutthroat_gin import CutthroatGin
from .five_hundred import FiveHundred
from .gin import CornerGin, Gin, OklahomaGin
from .hand_and_foot import HandAndFoot
from .hollywood import HollywoodGin
from .house import House
from .indian import Indian
from .kalooki import Kalooki
from .partnership_gin import PartnershipGin
from .knock import Knock
from .marriage import Marriage
from .phase10 import Phase10
from .sai import Sai
from .scala40 import Scala40
from .three_thirteen import ThreeThirteen
from .tunk import Tunk

VARIANTS: dict[str, Variant] = {
    variant.key: variant
    for variant in (
        Basic(), Block(), Boathouse(), Contract(), Knock(), Tunk(),
        Gin(), OklahomaGin(), CornerGin(), HollywoodGin(), FiveHundred(), Indian(), Sai(),
        Scala40(), Kalooki(), ThreeThirteen(), Canasta(), House(),
        HandAndFoot(), Marriage(), Phase10(), CutthroatGin(), PartnershipGin(),
    )
}

#: the words of each game's ``next`` extras in its next deal's line (``Contract: {value}``), a note each
NOTES = sentences({extra.note: extra.sentence for variant in VARIANTS.values() for extra in variant.worded_extras()})

#: what the registry refuses: a log's variant that is none of its keys (``variant``: as given, quoted)
REFUSALS = sentences({
    "games.refuse.not_a_variant": "{variant} is not a variant (variants: {variants:list})",
})

#: the ``next`` keys every game's sheet gives (null where the game has none): the
#: :class:`~scorekeeper.engine.extras.Extra` keys declared ``everywhere``
EVERY_NEXT: dict[str, None] = {}
#: what to do when the registry changes (the web's caches of the catalogue forget it)
_listeners: list[Callable[[], None]] = []


def _changed() -> None:
    EVERY_NEXT.clear()
    EVERY_NEXT.update({extra.key: None for variant in VARIANTS.values() for extra in variant.extras
                       if extra.everywhere and extra.where == "next"})
    for forget in _listeners:
        forget()


def when_registry_changes(forget: Callable[[], None]) -> Callable[[], None]:
    """Call ``forget`` whenever a variant is registered or removed (a cache of the catalogue)."""
    _listeners.append(forget)
    return forget


def register(variant: Variant) -> None:
    """Add a variant to the registry (a new game is a line in :data:`VARIANTS`; a test's, this)."""
    if variant.key in VARIANTS:
        raise ValueError(f"{variant.key!r} is registered already")
    VARIANTS[variant.key] = variant
    _changed()


def unregister(key: str) -> None:
    """Take a variant :func:`register` added out of the registry again."""
    del VARIANTS[key]
    _changed()


_changed()


def get_variant(key: Any) -> Variant:
    """The variant with this key, or :class:`InvalidEntry` listing the keys."""
    if not isinstance(key, str) or key not in VARIANTS:
        raise InvalidEntry(Note("games.refuse.not_a_variant", variant=f'"{key}"', variants=list(VARIANTS)),
                           where="variant")
    return VARIANTS[key]


def catalogue() -> list[dict[str, Any]]:
    """Every variant described for a new-game form (see :meth:`Variant.catalogue`)."""
    return [variant.catalogue() for variant in VARIANTS.values()]
