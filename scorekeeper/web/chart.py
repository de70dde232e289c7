"""A game's running totals as an inline SVG chart, drawn on the server.

A pure function of the engine's sheet: no Flask, no database, no script.
Colours come from CSS classes (``series-0`` ...), so the page's light and
dark styles (and print) choose them; each player's line also has its own
dash pattern, so the chart still reads in greyscale and on paper.
"""

from __future__ import annotations

import math

from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup, escape

from ..engine.sheet import Row as SheetRow
from ..engine.sheet import Sheet
from .note_words import limit_label, listed
from .numbers import number

#: the drawing's own units; the SVG scales to the width of its container
WIDTH = 360
PLOT_HEIGHT = 200
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 14, 30
LEGEND_ROW = 18
LEGEND_COLUMNS = 2
#: dash patterns by series, repeated after eight players (colours repeat too)
DASHES = ("", "6 3", "2 3", "8 3 2 3", "12 4", "4 2 1 2", "1 2", "10 2 2 2 2 2")
SERIES = len(DASHES)


def running_totals_svg(sheet: Sheet | None) -> Markup:
    """The SVG markup of the sheet's running totals; empty when no hand was played.

    One polyline per player (per side in a game scored by sides), from 0 before hand 1 to their total after each
    hand (a player put out stops at the hand they went out, marked with a
    cross); the target or limit as a dashed labelled line.
    """
    if sheet is None or not sheet["hands"]:
        return Markup("")
    hands = sheet["hands"]
    names = columns_of(sheet)
    limit = chart_limit(sheet)
    series = {name: _series(name, hands, sheet["eliminated"].get(name)) for name in names}
    values = [v for points in series.values() for v in points] + ([limit[1]] if limit else [])
    low, high, step = _scale(min(0, *values), max(0, *values))
    frame = _Frame(len(hands), low, high)
    legend_rows = math.ceil(len(names) / LEGEND_COLUMNS)
    height = TOP + PLOT_HEIGHT + BOTTOM + legend_rows * LEGEND_ROW + 4
    summary = chart_summary(sheet)
    parts = [
        (f'<svg class="chart" role="img" aria-label="{escape(summary)}" viewBox="0 0 {WIDTH} {height}" '
         f'width="100%" preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">'),
        f"<title>{escape(summary)}</title>",
        *_axes(frame, low, high, step),
    ]
    if limit:
        parts.append(_limit_line(frame, *limit))
    for index, name in enumerate(names):
        parts.append(_polyline(frame, index, name, series[name]))
    for index, name in enumerate(names):
        out = sheet["eliminated"].get(name)
        if out:
            parts.append(_elimination(frame, index, name, out, series[name][-1]))
    parts.extend(_legend(names, sheet["eliminated"], top=TOP + PLOT_HEIGHT + BOTTOM))
    parts.append("</svg>")
    return Markup("".join(parts))


def chart_limit(sheet: Sheet) -> tuple[str, float] | None:
    """The line a game plays to or out at, as (label, value), if it has one."""
    limit = sheet["guide"]["limit"]
    if limit is None:
        return None
    return f"{limit_label(sheet['guide'])} {number(limit['value'])}", float(limit["value"])


def chart_summary(sheet: Sheet) -> str:
    """The chart in one sentence, for screen readers: ``Running totals over 3 hands: Ann 40, Bob 12.``"""
    count = len(sheet["hands"])
    totals = listed(f"{name} {number(sheet['totals'][name])}" for name in columns_of(sheet))
    text = ngettext("Running totals over %(num)d hand: %(totals)s.", "Running totals over %(num)d hands: %(totals)s.",
                    count, totals=totals)
    limit = chart_limit(sheet)
    if limit:
        text += f" {limit[0]}."
    for name, hand in sheet["eliminated"].items():
        text += " " + _("%(name)s out at hand %(number)s.", name=name, number=hand)
    return text


def columns_of(sheet: Sheet) -> list[str]:
    """The sheet's columns in seat order: its sides where it is scored by side (SCORING.md
    section 3, "Sides"), else its players; the chart draws a line for each."""
    return list(sheet.get("sides") or sheet["players"])


class _Frame:
    """Maps (hand, total) to the drawing's coordinates."""

    def __init__(self, hands: int, low: float, high: float) -> None:
        self.hands = max(hands, 1)
        self.low = low
        self.high = high

    def x(self, hand: int) -> float:
        return round(LEFT + (WIDTH - LEFT - RIGHT) * hand / self.hands, 2)

    def y(self, value: float) -> float:
        return round(TOP + PLOT_HEIGHT * (self.high - value) / (self.high - self.low), 2)


def _series(name: str, hands: list[SheetRow], eliminated_at: int | None) -> list[float]:
    """The player's total before hand 1 (0) and after each hand they played."""
    last = eliminated_at if eliminated_at else len(hands)
    return [0.0] + [float(hand["totals"][name]) for hand in hands[:last]]


def _scale(low: float, high: float) -> tuple[float, float, float]:
    """A round range covering low..high and its tick step (1, 2 or 5 times a power of ten)."""
    if high == low:
        high = low + 10
    rough = (high - low) / 4
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _axes(frame: _Frame, low: float, high: float, step: float) -> list[str]:
    bottom = TOP + PLOT_HEIGHT
    hand_word = escape(_("hand"))
    parts = ['<g class="axis">']
    value = low
    while value <= high + step / 1000:
        y = frame.y(value)
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y}" y2="{y}"/>'
            f'<text class="tick-y" x="{LEFT - 4}" y="{y + 4}" text-anchor="end">{number(value)}</text>'
        )
        value += step
    every = max(1, math.ceil(frame.hands / 6))
    for hand in range(0, frame.hands + 1, every):
        x = frame.x(hand)
        parts.append(
            f'<line class="tick" x1="{x}" x2="{x}" y1="{bottom}" y2="{bottom + 4}"/>'
            f'<text class="tick-x" x="{x}" y="{bottom + 16}" text-anchor="middle">{hand}</text>'
        )
    parts.append(
        f'<line class="baseline" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{bottom}" y2="{bottom}"/>'
        f'<line class="baseline" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{bottom}"/>'
        f'<text class="axis-label" x="{WIDTH - RIGHT}" y="{bottom + 28}" text-anchor="end">{hand_word}</text>'
        "</g>"
    )
    return parts


def _limit_line(frame: _Frame, label: str, value: float) -> str:
    y = frame.y(value)
    return (
        f'<g class="limit"><line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y}" y2="{y}" stroke-dasharray="3 3"/>'
        f'<text x="{LEFT + 4}" y="{y - 4}">{escape(label)}</text></g>'
    )


def _polyline(frame: _Frame, index: int, name: str, totals: list[float]) -> str:
    points = " ".join(f"{frame.x(hand)},{frame.y(total)}" for hand, total in enumerate(totals))
    dash = DASHES[index % SERIES]
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<polyline class="line series-{index % SERIES}" data-player="{escape(name)}" '
        f'points="{points}" fill="none"{dashes}/>'
    )


def _elimination(frame: _Frame, index: int, name: str, hand: int, total: float) -> str:
    x, y, r = frame.x(hand), frame.y(total), 5
    title = _("%(name)s out at hand %(number)s", name=name, number=hand)
    return (
        f'<path class="eliminated series-{index % SERIES}" data-player="{escape(name)}" data-hand="{hand}" '
        f'd="M{x - r},{y - r}L{x + r},{y + r}M{x - r},{y + r}L{x + r},{y - r}">'
        f"<title>{escape(title)}</title></path>"
    )


def _legend(names: list[str], eliminated: dict[str, int], *, top: int) -> list[str]:
    parts = ['<g class="legend">']
    column_width = (WIDTH - LEFT) / LEGEND_COLUMNS
    for index, name in enumerate(names):
        x = LEFT + (index % LEGEND_COLUMNS) * column_width
        y = top + (index // LEGEND_COLUMNS) * LEGEND_ROW + 10
        dash = DASHES[index % SERIES]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        out = " " + _("(out %(number)s)", number=eliminated[name]) if eliminated.get(name) else ""
        parts.append(
            f'<line class="line series-{index % SERIES}" x1="{x}" x2="{x + 24}" y1="{y - 4}" y2="{y - 4}"{dashes}/>'
            f'<text x="{x + 30}" y="{y}">{escape(_short(name))}{escape(out)}</text>'
        )
    parts.append("</g>")
    return parts


def _short(name: str) -> str:
    """A long name cut so two fit side by side on a phone (the title has it whole)."""
    return name if len(name) <= 14 else name[:13] + "…"
