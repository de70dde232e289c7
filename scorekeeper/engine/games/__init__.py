"""The registry: every variant the engine scores, by its stable key."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidEntry
from .base import Variant
from .basic import Basic, Block
from .boathouse import Boathouse
from .canasta import Canasta
from .contract import Contract
from .five_hundred import FiveHundred
from .gin import CornerGin, Gin, OklahomaGin
from .hollywood import HollywoodGin
from .indian import Indian
from .kalooki import Kalooki
from .knock import Knock
from .sai import Sai
from .scala40 import Scala40
from .three_thirteen import ThreeThirteen
from .tunk import Tunk

VARIANTS: dict[str, Variant] = {
    variant.key: variant
    for variant in (
        Basic(), Block(), Boathouse(), Contract(), Knock(), Tunk(),
        Gin(), OklahomaGin(), CornerGin(), HollywoodGin(), FiveHundred(), Indian(), Sai(),
        Scala40(), Kalooki(), ThreeThirteen(), Canasta(),
    )
}


def get_variant(key: Any) -> Variant:
    """The variant with this key, or :class:`InvalidEntry` listing the keys."""
    if not isinstance(key, str) or key not in VARIANTS:
        raise InvalidEntry(
            f'"{key}" is not a variant (variants: {", ".join(VARIANTS)})', where="variant"
        )
    return VARIANTS[key]


def catalogue() -> list[dict[str, Any]]:
    """Every variant described for a new-game form (see :meth:`Variant.catalogue`)."""
    return [variant.catalogue() for variant in VARIANTS.values()]
