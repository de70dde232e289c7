"""The figures ``make bench`` prints, and the table that sums them up."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Figure:
    """One line of the summary: what was measured, its value and target.

    ``passed`` is None for a figure that has no target of its own (shown for
    context) or that could not be measured.
    """

    label: str
    value: str
    target: str = ""
    passed: bool | None = None

    @property
    def verdict(self) -> str:
        if self.passed is None:
            return "n/a" if self.target else ""
        return "PASS" if self.passed else "FAIL"


def per_second(value: float) -> str:
    return f"{value:,.0f}/s"


def milliseconds(seconds: float) -> str:
    return f"{seconds * 1e3:.3f} ms"


def times(ratio: float) -> str:
    return f"{ratio:.2f}x"


def section(title: str) -> None:
    """Print a section heading for the detail lines that follow."""
    print(f"\n== {title}")


def table(figures: list[Figure]) -> str:
    """The figures as a fixed-width table."""
    header = ("figure", "value", "target", "result")
    rows = [header] + [(f.label, f.value, f.target, f.verdict) for f in figures]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = []
    for number, row in enumerate(rows):
        label, value, target, verdict = row
        line = f"{label:<{widths[0]}}  {value:>{widths[1]}}  {target:<{widths[2]}}  {verdict}"
        lines.append(line.rstrip())
        if number == 0:
            lines.append("-" * len(lines[0]))
    return "\n".join(lines)
