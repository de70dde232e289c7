"""A catalogue template the app writes itself, from the engine: the rules' notes
(:mod:`.note_words`) and the games' words (:mod:`.engine_words`), each with its
``python -m`` command that ``make translations`` runs before ``pybabel update``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po


def empty(domain: str) -> Catalog:
    """A template of the project's, for ``domain``; dated once, so writing it again changes nothing."""
    return Catalog(project="Scorekeeper", copyright_holder="Scorekeeper's authors", domain=domain,
                   creation_date=datetime(2026, 1, 1, tzinfo=UTC), fuzzy=False)


def write(template: Callable[[], Catalog], argv: Sequence[str]) -> int:
    """``python -m <module> FILE``: the module's template written to FILE."""
    with open(argv[0], "wb") as file:
        write_po(file, template(), width=0, sort_output=False)
    return 0
