"""House-rule options: what each variant lets a table change, and checking it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .bounds import MAX_DEALS, MAX_POINTS, MAX_REENTRIES, MAX_TARGET, shown
from .errors import InvalidEntry


@dataclass(frozen=True, slots=True)
class Option:
    """One house rule.  ``kind`` is "int", "bool" or "choice".

    ``default`` ``None`` means "none" (no target, no pool).  ``minimum`` and
    ``maximum`` bound the whole numbers accepted (0 to 10,000 for bonuses, 1
    to 100,000 for targets: SCORING.md section 6); ``allowed`` restricts whole
    numbers to a list (Indian's pool: 101, 201).
    """

    key: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = MAX_POINTS
    allowed: tuple[int, ...] = ()
    default_text: str = ""  # when the default depends on other options

    def catalogue(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "type": self.kind,
            "default": self.default,
            "choices": list(self.choices) or (list(self.allowed) if self.allowed else None),
            "minimum": self.minimum if self.kind == "int" and not self.allowed else None,
            "maximum": self.maximum if self.kind == "int" and not self.allowed else None,
            "nullable": self.default is None,
            "default_text": self.default_text or None,
            "help": self.help,
        }

    def check(self, value: Any) -> Any:
        """The value if the option accepts it, else :class:`InvalidEntry`."""
        if value is None:
            return self.default
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise self._invalid("must be true or false")
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise self._invalid(f"must be one of {', '.join(self.choices)}, got {value!r}")
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            raise self._invalid(self._int_rule())
        if self.allowed and value not in self.allowed:
            raise self._invalid(self._int_rule())
        if not self.minimum <= value <= self.maximum:
            raise self._invalid(self._int_rule())
        return value

    def _int_rule(self) -> str:
        if self.allowed:
            listed = ", ".join(str(n) for n in self.allowed[:-1])
            none = "none, " if self.default is None else ""
            return f"must be {none}{listed} or {self.allowed[-1]}"
        if self.minimum == 1:
            return f"must be a positive whole number, at most {self.maximum}"
        return f"must be a whole number from {self.minimum} to {self.maximum}"

    def _invalid(self, rule: str) -> InvalidEntry:
        return InvalidEntry(f"{self.key} {rule}", where="options", field=self.key, code="bad_option")


def target(default: int | None, help: str = "", default_text: str = "") -> Option:
    return Option(
        "target", "int", default,
        help or "The game ends after the hand in which a total reaches this.",
        minimum=1, maximum=MAX_TARGET, default_text=default_text,
    )


def deals(help: str = "") -> Option:
    return Option(
        "deals", "int", None,
        help or "The game ends after this many hands (or at the target, if first).",
        minimum=1, maximum=MAX_DEALS,
    )


def eliminate_at(default: int, help: str = "") -> Option:
    return Option(
        "eliminate_at", "int", default, help or "A player whose total reaches this is out of the game.",
        minimum=1, maximum=MAX_TARGET,
    )


def reentries(default: int) -> Option:
    """How often each player may come back after being put out (see ``declare.REENTER``)."""
    return Option(
        "reentries", "int", default,
        "Times each player put out may come back, at the highest total still in.",
        minimum=0, maximum=MAX_REENTRIES,
    )


def points(key: str, default: int, help: str) -> Option:
    return Option(key, "int", default, help, minimum=0, maximum=MAX_POINTS)


def check_options(
    declared: tuple[Option, ...], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Every declared option with its effective value; unknown keys are invalid."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidEntry("options must be an object of option names and values", where="options",
                           code="bad_option")
    known = {option.key: option for option in declared}
    for key in given:
        if key not in known:
            valid = ", ".join(known) or "none"
            raise InvalidEntry(f"{shown(key)} is not an option of this game (options: {valid})",
                               where="options", code="bad_option")
    return {key: option.check(given.get(key)) for key, option in known.items()}
