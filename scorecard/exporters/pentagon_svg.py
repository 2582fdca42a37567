"""Inline SVG for one vendor's pentagon: rings 1-4, five labelled axes and a legend."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from html import escape

from scorecard.domain.pentagon import AxisMark, Pentagon, Point

# Drawing frame in SVG user units; the chart scales with the element's CSS width.
WIDTH = 392.0
CHART_HEIGHT = 300.0
LEGEND_HEIGHT = 60.0
HEIGHT = CHART_HEIGHT + LEGEND_HEIGHT
CENTRE_X = WIDTH / 2
CENTRE_Y = 156.0
RADIUS = 95.0
MARK_SIZE = 5.0
LABEL_GAP = 14.0
LABEL_WRAP = 16  # characters per label line, so side labels stay inside the frame
LINE_HEIGHT = 11.0
FONT = "DejaVu Sans, sans-serif"

INK = "#1f2933"
GRID = "#b8c2cc"
FILL = "#3b6ea5"
MISSING = "#8a5a00"

MISSING_WORDS: dict[AxisMark, str] = {
    AxisMark.INSUFFICIENT_HISTORY: "insufficient history",
    AxisMark.UNSCORED: "unscored",
}

LEGEND_TEXT: dict[AxisMark, str] = {
    AxisMark.SCORED: "score 0-4 (0 at the centre)",
    AxisMark.INSUFFICIENT_HISTORY: "insufficient history: no score, not a 0",
    AxisMark.UNSCORED: "unscored: no score, not a 0",
}


def pentagon_svg(
    shape: Pentagon,
    labels: Mapping[str, str] | None = None,
    *,
    title: str = "Scores on five dimensions",
) -> str:
    """The chart as an inline `<svg>` string; every label is XML-escaped."""
    names = labels or {}
    parts: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pentagon" role="img" '
        f'viewBox="0 0 {_n(WIDTH)} {_n(HEIGHT)}" width="{_n(WIDTH)}" height="{_n(HEIGHT)}" '
        f'font-family="{FONT}" font-size="9">',
        f"<title>{escape(title)}</title>",
    ]
    parts += _grid(shape)
    parts += _shape(shape)
    parts += _marks(shape)
    parts += _labels(shape, names)
    parts += _legend()
    parts.append("</svg>")
    return "\n".join(parts)


def _grid(shape: Pentagon) -> list[str]:
    parts = []
    for level, corners in shape.rings:
        parts.append(
            f'<polygon points="{_points(corners)}" fill="none" stroke="{GRID}" '
            f'stroke-width="{"0.9" if level == 4 else "0.6"}"/>'
        )
        # Ring numbers sit just right of the first (upward) axis, clear of a vertex dot.
        x, y = _xy(corners[0])
        parts.append(
            f'<text x="{_n(x + 5)}" y="{_n(y + 3)}" fill="{GRID}" font-size="7">{level}</text>'
        )
    for axis in shape.axes:
        x, y = _xy(axis.direction)
        # A missing axis keeps its spoke, dashed, so the gap is visible and not read as 0.
        style = (
            f'stroke="{MISSING}" stroke-dasharray="3 3" stroke-width="0.9"'
            if axis.missing
            else f'stroke="{GRID}" stroke-width="0.6"'
        )
        parts.append(
            f'<line x1="{_n(CENTRE_X)}" y1="{_n(CENTRE_Y)}" x2="{_n(x)}" y2="{_n(y)}" {style}/>'
        )
    return parts


def _shape(shape: Pentagon) -> list[str]:
    parts = []
    if shape.complete:
        parts.append(
            f'<polygon points="{_points(shape.polygon)}" fill="{FILL}" fill-opacity="0.25" '
            f'stroke="{FILL}" stroke-width="1.6" stroke-linejoin="round"/>'
        )
        return parts
    # Partial data: fill only the sectors bounded by two scored axes, outline only known edges.
    for sector in shape.sectors:
        parts.append(
            f'<polygon points="{_points(sector)}" fill="{FILL}" fill-opacity="0.25" stroke="none"/>'
        )
    for run in shape.runs:
        if len(run) > 1:
            parts.append(
                f'<polyline points="{_points(run)}" fill="none" stroke="{FILL}" '
                f'stroke-width="1.6" stroke-linejoin="round"/>'
            )
    return parts


def _marks(shape: Pentagon) -> list[str]:
    parts = []
    for axis in shape.axes:
        if axis.vertex is not None:
            x, y = _xy(axis.vertex)
            parts.append(_dot(x, y))
        else:
            x, y = _xy(axis.direction)
            parts.append(_missing_mark(axis.mark, x, y))
    return parts


def _labels(shape: Pentagon, names: Mapping[str, str]) -> list[str]:
    parts = []
    for axis in shape.axes:
        x, y = _xy(axis.direction.scaled(1 + LABEL_GAP / RADIUS))
        dx, dy = axis.direction.x, axis.direction.y
        anchor = "middle" if abs(dx) < 0.2 else ("start" if dx > 0 else "end")
        name = names.get(axis.dimension.value, axis.dimension.value.replace("_", " "))
        lines = [escape(line) for line in textwrap.wrap(name, LABEL_WRAP)] or [""]
        if axis.score is not None:
            lines.append(f'<tspan font-weight="bold" font-size="10">{axis.score}</tspan>')
        else:
            lines.append(f'<tspan fill="{MISSING}">{escape(MISSING_WORDS[axis.mark])}</tspan>')
        # Stack upwards above an upper rim point, downwards below a lower one, else centre it.
        if dy < -0.5:
            first_y = y - (len(lines) - 1) * LINE_HEIGHT
        elif dy > 0.5:
            first_y = y + LINE_HEIGHT - 2
        else:
            first_y = y + 3 - (len(lines) - 1) * LINE_HEIGHT / 2
        tspans = "".join(
            f'<tspan x="{_n(x)}" y="{_n(first_y + i * LINE_HEIGHT)}">{line}</tspan>'
            for i, line in enumerate(lines)
        )
        parts.append(f'<text text-anchor="{anchor}" fill="{INK}">{tspans}</text>')
    return parts


def _legend() -> list[str]:
    parts = [
        f'<line x1="16" y1="{_n(CHART_HEIGHT)}" x2="{_n(WIDTH - 16)}" y2="{_n(CHART_HEIGHT)}" '
        f'stroke="{GRID}" stroke-width="0.5"/>'
    ]
    for row, mark in enumerate(AxisMark):
        y = CHART_HEIGHT + 14 + row * 16
        symbol = _dot(28, y) if mark is AxisMark.SCORED else _missing_mark(mark, 28, y)
        parts.append(symbol)
        parts.append(
            f'<text x="42" y="{_n(y + 3)}" fill="{INK}" font-size="8.5">'
            f"{escape(LEGEND_TEXT[mark])}</text>"
        )
    return parts


def _dot(x: float, y: float) -> str:
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="3.2" fill="{FILL}" stroke="{FILL}"/>'


def _missing_mark(mark: AxisMark, x: float, y: float) -> str:
    """Hollow circle for insufficient history, hollow square for unscored, both on the rim."""
    if mark is AxisMark.INSUFFICIENT_HISTORY:
        return (
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(MARK_SIZE)}" fill="#ffffff" '
            f'stroke="{MISSING}" stroke-width="1.6"/>'
        )
    side = MARK_SIZE * 1.7
    return (
        f'<rect x="{_n(x - side / 2)}" y="{_n(y - side / 2)}" width="{_n(side)}" '
        f'height="{_n(side)}" fill="#ffffff" stroke="{MISSING}" stroke-width="1.6"/>'
    )


def _xy(point: Point) -> tuple[float, float]:
    return CENTRE_X + point.x * RADIUS, CENTRE_Y + point.y * RADIUS


def _points(points: Sequence[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in (_xy(p) for p in points))


def _n(value: float) -> str:
    """Compact, stable number formatting for SVG attributes."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
