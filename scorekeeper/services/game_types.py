"""An account's own games ("Our Marriage"): a game the table defines, kept to start games of.

A game type is a variant the table defines (the catalogue's
``defined_by_table``) and its whole definition, checked by the engine as a
game's options are, and kept with every option's effective value: a game
started from it copies that definition into its own log, so it replays the
same anywhere, a change to the type applies to new games only, and a
deleted type leaves its games as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..engine import InvalidEntry, game_name, options_of
from ..engine.bounds import name_key
from ..engine.games import VARIANTS
from ..extensions import db
from ..models import Account, GameType, utcnow
from .errors import ServiceError

#: the own games one account keeps at most
MAX_GAME_TYPES = 50


def definable(variant: str) -> bool:
    """Whether ``variant`` is a game the table defines (only those are kept as game types)."""
    found = VARIANTS.get(variant)
    return found is not None and found.defined_by_table


def definition(variant: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The whole definition the engine makes of these options: every option with its
    effective value, or :class:`InvalidEntry` (``where`` "options", ``field`` the option)."""
    if not definable(variant):
        raise ServiceError(_("%(variant)s is not a game a table defines.", variant=repr(variant)), "variant",
                           code="not_definable")
    return options_of(variant, options)


def game_types(account: Account) -> list[GameType]:
    """The account's own games, by name."""
    found = db.session.scalars(select(GameType).where(GameType.account_id == account.id)).all()
    return sorted(found, key=lambda kept: (kept.name.casefold(), kept.id))


def save_game_type(account: Account, variant: str, options: Mapping[str, Any] | None, *,
                   game_type: GameType | None = None) -> GameType:
    """Keep a new game type, or change ``game_type``; the engine checks the definition first.

    The very definition the account keeps already is that game type (a
    form sent twice keeps it once).  Refused (nothing written): a definition
    the engine refuses
    (:class:`InvalidEntry`), a name another of the account's games has but
    for letter case or spaces, or a game past :data:`MAX_GAME_TYPES`.
    """
    try:
        defined = definition(variant, options)
        name = game_name(variant, defined)
        if game_type is None:
            same = _same_definition(account, variant, defined)
            if same is not None:
                return same  # the form sent twice (a double tap): kept once
        _check_name_free(account, name, game_type)
        if game_type is None:
            kept = db.session.scalar(select(func.count()).select_from(GameType)
                                     .where(GameType.account_id == account.id)) or 0
            if kept >= MAX_GAME_TYPES:
                raise ServiceError(_("You keep %(kept)s games of your own, the most an account keeps; delete one "
                                     "you no longer play first.", kept=kept), "name", code="too_many_game_types")
            game_type = GameType(account_id=account.id, variant=variant, created_at=utcnow())
            db.session.add(game_type)
        game_type.variant, game_type.name, game_type.options = variant, name, defined
        game_type.updated_at = game_type.created_at if game_type.id is None else utcnow()
        db.session.commit()
    except (ServiceError, InvalidEntry):
        db.session.rollback()
        raise
    except IntegrityError:  # the same name saved at the same moment by another request
        db.session.rollback()
        raise _name_taken(name) from None
    return game_type


def delete_game_type(game_type: GameType) -> None:
    """Forget the game type; the games played with it keep their definitions in their logs."""
    db.session.delete(game_type)
    db.session.commit()


def _same_definition(account: Account, variant: str, defined: dict[str, Any]) -> GameType | None:
    return next((kept for kept in game_types(account) if kept.variant == variant and kept.options == defined), None)


def _check_name_free(account: Account, name: str, keeping: GameType | None) -> None:
    for other in game_types(account):
        if other is not keeping and name_key(other.name) == name_key(name):
            raise _name_taken(other.name)


def _name_taken(name: str) -> ServiceError:
    return ServiceError(_("You already have a game called %(name)s; give this one a name of its own.", name=name),
                        "name", code="same_name")


__all__ = ["MAX_GAME_TYPES", "definable", "definition", "delete_game_type", "game_types", "save_game_type"]
