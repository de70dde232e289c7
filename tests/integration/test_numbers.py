"""Scores are written one way on every page: the filters, the sheet, the chart and the flashes."""

import pytest

from scorekeeper.web.numbers import number, signed


@pytest.mark.parametrize(
    ("value", "shown"),
    [(17, "17"), (8.5, "8.5"), (-3.33, "-3.33"), (0, "0"), (12.0, "12"), (None, ""), ("—", "—")],
)
def test_a_score_is_written_without_needless_decimals(value, shown):
    assert number(value) == shown


@pytest.mark.parametrize(
    ("value", "shown"),
    [(17, "+17"), (8.5, "+8.5"), (-5, "-5"), (-3.33, "-3.33"), (0, "0"), (None, "")],
)
def test_a_hands_gain_carries_its_sign(value, shown):
    assert signed(value) == shown
