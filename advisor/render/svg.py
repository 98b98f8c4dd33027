"""Bar charts as inline SVG geometry, shared by the HTML report and the web console.

Charts are computed here as plain numbers and drawn by the `bars` macro of
templates/charts.html.j2, so labels pass through Jinja's escaping like every other text and a page
needs no script, no image file and no external asset to show them. Colours are presentation
attributes (not `style`), which a strict Content-Security-Policy allows.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = {
    "critical": "#7b1020",
    "high": "#c0392b",
    "medium": "#d68910",
    "low": "#2874a6",
    "info": "#7f8c8d",
    "red": "#c0392b",
    "amber": "#d68910",
    "green": "#1e8449",
    "neutral": "#5d6d7e",
}
ROW_PX = 22
LABEL_PX = 170
BAR_PX = 360


@dataclass(frozen=True)
class Bar:
    label: str
    value: int | float
    colour: str
    y: int
    width: int
    href: str | None = None


@dataclass(frozen=True)
class Chart:
    title: str
    bars: tuple[Bar, ...]
    height: int
    label_px: int = LABEL_PX
    bar_px: int = BAR_PX

    @property
    def width(self) -> int:
        return self.label_px + self.bar_px + 60


def bar_chart(title: str, rows: list[tuple[str, int | float, str]], hrefs: list[str | None] | None = None) -> Chart:
    """Horizontal bars: `rows` are (label, value, colour key or #rgb); widths scale to the largest value.

    >>> c = bar_chart("Findings", [("high", 4, "high"), ("low", 2, "low")])
    >>> [(b.label, b.width) for b in c.bars]
    [('high', 360), ('low', 180)]
    """
    top = max((v for _, v, _ in rows), default=0) or 1
    links = hrefs or [None] * len(rows)
    bars = tuple(
        Bar(label, value, COLOURS.get(colour, colour), i * ROW_PX, round(BAR_PX * value / top), href)
        for i, ((label, value, colour), href) in enumerate(zip(rows, links, strict=True))
    )
    return Chart(title, bars, max(len(bars), 1) * ROW_PX)


COLUMN_PX = 28
COLUMN_HEIGHT_PX = 140


@dataclass(frozen=True)
class Segment:
    key: str
    value: int
    colour: str
    y: int
    height: int


@dataclass(frozen=True)
class Column:
    label: str
    total: int
    x: int
    segments: tuple[Segment, ...]


@dataclass(frozen=True)
class StackedChart:
    title: str
    columns: tuple[Column, ...]
    keys: tuple[str, ...]
    width: int
    height: int = COLUMN_HEIGHT_PX


def column_chart(title: str, columns: list[tuple[str, dict[str, int]]], keys: tuple[str, ...]) -> StackedChart:
    """Stacked columns over time (a label per column, e.g. a day, and counts per key, e.g. severity)."""
    top = max((sum(c.values()) for _, c in columns), default=0) or 1
    cols = []
    for i, (label, counts) in enumerate(columns):
        segments, y = [], COLUMN_HEIGHT_PX
        for key in keys:
            h = round(COLUMN_HEIGHT_PX * counts.get(key, 0) / top)
            if h:
                y -= h
                segments.append(Segment(key, counts.get(key, 0), COLOURS.get(key, COLOURS["neutral"]), y, h))
        cols.append(Column(label, sum(counts.values()), i * COLUMN_PX, tuple(segments)))
    return StackedChart(title, tuple(cols), keys, max(len(cols), 1) * COLUMN_PX)
