"""Scores as the pages write them: one rule for the templates' filters, the sheet and the chart.

The engine hands over ints, or floats already cut to two decimals
(:func:`scorekeeper.engine.games.base.whole`); these only write them.
"""

from __future__ import annotations

from typing import Any


def number(value: Any) -> str:
    """``17``, ``8.5``, ``-3.33``; ``None`` is blank, anything not a number as ``str`` writes it."""
    if type(value) is int:  # nearly every cell of a sheet
        return str(value)
    if value is None:
        return ""
    if isinstance(value, (int, float)):
        if float(value).is_integer():
            return str(int(value))
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def signed(value: Any) -> str:
    """A hand's score with its sign, as a column gains it: ``+17``, ``-5``, ``0``."""
    text = number(value)
    if isinstance(value, (int, float)) and value > 0:
        return "+" + text
    return text
