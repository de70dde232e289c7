"""Scores as the pages write them: one rule for the templates' filters, the sheet and the chart.

The engine hands over ints, or floats already cut to two decimals
(:func:`scorekeeper.engine.games.base.whole`); these only write them, in the
page's language: a German page writes ``1.234`` and ``8,5``, a Hindi one
``12,34,567`` (Babel, from the CLDR).  English, and anything written outside
a request, stays as the sheets have always written it: ``1234``, ``8.5``,
with no separator between thousands.
"""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal
from flask_babel import get_locale


def number(value: Any) -> str:
    """``17``, ``8.5``, ``-3.33``; ``None`` is blank, anything not a number as ``str`` writes it."""
    if type(value) is int and -1000 < value < 1000:  # most cells; every language offered writes these alike
        return str(value)
    if value is None:
        return ""
    if not isinstance(value, (int, float)):
        return str(value)
    locale = get_locale()
    if locale is None or locale.language == "en":
        return _english(value)
    if not isinstance(value, int) and not float(value).is_integer():
        value = round(value, 2)
    return format_decimal(value, locale=locale)


def _english(value: int | float) -> str:
    if type(value) is int:
        return str(value)
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def megabytes(size: int) -> str:
    """A download's ``size`` in bytes as megabytes to one decimal, in the page's language
    (``4.7``; German ``4,7``)."""
    return format_decimal(size / 1_000_000, "0.0", locale=get_locale() or "en")


def signed(value: Any) -> str:
    """A hand's score with its sign, as a column gains it: ``+17``, ``-5``, ``0``."""
    text = number(value)
    if isinstance(value, (int, float)) and value > 0:
        return "+" + text
    return text
