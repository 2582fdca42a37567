"""A vendor's five scores drawn as a pentagon in the terminal, from scorecard.domain.pentagon.

A missing axis (insufficient history, unscored) gets no vertex and no edges: its rim carries a
distinct mark and its label says which it is, so it can never be read as a 0 at the centre.
"""

from __future__ import annotations

from itertools import pairwise

from rich.text import Text
from textual.widget import Widget

from scorecard.domain.assessment import VendorAssessment
from scorecard.domain.enums import DimensionId, Outcome
from scorecard.domain.pentagon import (
    AXIS_ORDER,
    CENTRE,
    MAX_SCORE,
    AxisMark,
    AxisValue,
    Pentagon,
    Point,
    pentagon,
)
from scorecard.presentation import INSUFFICIENT_HISTORY_MARK, SHORT_NAMES, UNSCORED_MARK
from scorecard.ui.widgets.braille import BrailleCanvas
from scorecard.ui.widgets.marks import style_lookup

COLUMNS = 64
ROWS = 21
# Radius of score 4 in braille dots; dots are about square, so the pentagon is not squashed.
RADIUS_DOTS = 38
# The top vertex needs one row above it for its label; the bottom edge sits higher than the rim.
CENTRE_Y_DOTS = RADIUS_DOTS + 6
# Distinct rim marks for the two outcomes that are not scores.
RIM_MARK = {AxisMark.INSUFFICIENT_HISTORY: "◌", AxisMark.UNSCORED: "·"}
LAYER_STYLE = {
    "ring": "dim",
    "axis": "dim",
    "shape": "score",
    "vertex": "score",
    "label": "count",
    AxisMark.INSUFFICIENT_HISTORY.value: "insufficient",
    AxisMark.UNSCORED.value: "unscored",
}


def axis_values(assessed: VendorAssessment) -> list[AxisValue]:
    """The five axis values in the chart's order: a score, or the mark that replaces it."""
    values: list[AxisValue] = []
    for dimension in AXIS_ORDER:
        score = assessed.cells[dimension].score
        if score.outcome == Outcome.SCORED and score.score is not None:
            values.append(score.score)
        elif score.outcome == Outcome.INSUFFICIENT_HISTORY:
            values.append(AxisMark.INSUFFICIENT_HISTORY)
        else:
            values.append(AxisMark.UNSCORED)
    return values


def draw(shape: Pentagon, columns: int = COLUMNS, rows: int = ROWS) -> BrailleCanvas:
    canvas = BrailleCanvas(columns, rows)
    centre_x, centre_y = canvas.dot_width / 2, CENTRE_Y_DOTS

    def at(point: Point) -> tuple[float, float]:
        return centre_x + point.x * RADIUS_DOTS, centre_y + point.y * RADIUS_DOTS

    for level, corners in shape.rings:
        # The rim (score 4) is drawn denser than the inner rings so the scale reads at a glance.
        spacing = 2 if level == MAX_SCORE else 4
        for index, corner in enumerate(corners):
            following = corners[(index + 1) % len(corners)]
            canvas.line(at(corner), at(following), "ring", 0, every=spacing)
    for axis in shape.axes:
        canvas.line(at(CENTRE), at(axis.direction), "axis", 1, every=2)
    outlines = [(*shape.polygon, shape.polygon[0])] if shape.complete else list(shape.runs)
    for outline in outlines:
        for start, end in pairwise(outline):
            canvas.line(at(start), at(end), "shape", 2)
    for axis in shape.axes:
        if axis.vertex is not None:
            x, y = at(axis.vertex)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    canvas.dot(x + dx, y + dy, "vertex", 3)
        _label_axis(canvas, axis.dimension, axis.mark, axis.score, at(axis.direction))
    return canvas


def _label_axis(
    canvas: BrailleCanvas,
    dimension: DimensionId,
    mark: AxisMark,
    score: int | None,
    rim: tuple[float, float],
) -> None:
    """Names the axis beyond its rim; a missing axis also gets its mark on the rim itself."""
    column, row = int(rim[0] // 2), int(rim[1] // 4)
    if mark == AxisMark.SCORED:
        value, layer = str(score), "label"
    else:
        value = (
            INSUFFICIENT_HISTORY_MARK if mark == AxisMark.INSUFFICIENT_HISTORY else UNSCORED_MARK
        )
        layer = mark.value
        canvas.label(column, row, RIM_MARK[mark], layer)
    words = {AxisMark.INSUFFICIENT_HISTORY: " insufficient history", AxisMark.UNSCORED: " unscored"}
    text = f"{SHORT_NAMES[dimension]} {value}{words.get(mark, '')}"
    horizontal = rim[0] - canvas.dot_width / 2
    vertical = rim[1] - CENTRE_Y_DOTS
    if abs(horizontal) < 2:
        label_column = column - len(text) // 2
    elif horizontal > 0:
        label_column = column + 2
    else:
        label_column = column - len(text) - 1
    label_row = row + (-1 if vertical < -1 and abs(horizontal) < 2 else 0)
    label_row += 1 if vertical > 0 else 0
    canvas.label(label_column, label_row, text, layer)


class PentagonChart(Widget):
    """The pentagon of one vendor; `show` replaces it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._values: list[AxisValue] | None = None

    def show(self, assessed: VendorAssessment) -> None:
        self._values = axis_values(assessed)
        self.refresh()

    def render(self) -> Text:
        if self._values is None:
            return Text("")
        lookup = style_lookup(self)
        return draw(pentagon(self._values)).render(lambda layer: lookup(LAYER_STYLE[layer]))
