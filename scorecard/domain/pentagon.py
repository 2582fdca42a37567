"""Pentagon geometry for one vendor's five scores: pure arithmetic, no drawing."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scorecard.domain.enums import DimensionId

# The canonical axis order: the first axis points straight up, the rest follow clockwise.
AXIS_ORDER: tuple[DimensionId, ...] = tuple(DimensionId)
MAX_SCORE = 4
RING_LEVELS: tuple[int, ...] = (1, 2, 3, 4)


class AxisMark(StrEnum):
    """How an axis is drawn: a scored vertex, or one of the two marks that are never a 0."""

    SCORED = "scored"
    INSUFFICIENT_HISTORY = "insufficient_history"
    UNSCORED = "unscored"


# The two values an axis may take instead of an integer score.
MISSING_MARKS: frozenset[AxisMark] = frozenset({AxisMark.INSUFFICIENT_HISTORY, AxisMark.UNSCORED})

# Enum members hash by name, so plain strings are matched against the values instead.
_MISSING_VALUES: frozenset[str] = frozenset(mark.value for mark in MISSING_MARKS)

AxisValue = int | AxisMark


@dataclass(frozen=True, slots=True)
class Point:
    """A point in a unit frame: centre at (0, 0), radius 1 is score 4, y grows downwards (SVG)."""

    x: float
    y: float

    def scaled(self, factor: float) -> Point:
        return Point(self.x * factor, self.y * factor)


CENTRE = Point(0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Axis:
    """One of the five axes and what sits on it."""

    index: int
    dimension: DimensionId
    mark: AxisMark
    score: int | None
    direction: Point  # unit vector from the centre; also the rim point (radius 1 = score 4)
    vertex: Point | None  # the plotted score; None when the axis has no score

    @property
    def missing(self) -> bool:
        return self.mark in MISSING_MARKS


@dataclass(frozen=True, slots=True)
class Pentagon:
    """Everything needed to draw the chart; missing axes carry no vertex and no area."""

    axes: tuple[Axis, ...]
    rings: tuple[tuple[int, tuple[Point, ...]], ...]  # (level, five corner points) per grid ring
    complete: bool  # all five axes scored, so `polygon` is a closed shape
    polygon: tuple[Point, ...]  # the five vertices when complete, else empty
    runs: tuple[tuple[Point, ...], ...]  # maximal open runs of adjacent scored vertices
    sectors: tuple[tuple[Point, Point, Point], ...]  # filled triangles between adjacent scores

    @property
    def missing_axes(self) -> tuple[Axis, ...]:
        return tuple(axis for axis in self.axes if axis.missing)


def axis_direction(index: int, count: int = len(AXIS_ORDER)) -> Point:
    """Unit vector of axis `index`: the first points up, the rest follow clockwise."""
    angle = -math.pi / 2 + 2 * math.pi * index / count
    return Point(_clean(math.cos(angle)), _clean(math.sin(angle)))


def ring(level: int) -> tuple[Point, ...]:
    """The five corners of the grid ring for a score level (1-4)."""
    if not 0 <= level <= MAX_SCORE:
        raise ValueError(f"ring level must be 0-{MAX_SCORE}, got {level}")
    factor = level / MAX_SCORE
    return tuple(axis_direction(i).scaled(factor) for i in range(len(AXIS_ORDER)))


def pentagon(values: Sequence[AxisValue | str]) -> Pentagon:
    """Geometry for five axis values in canonical order: an int 0-4 or a missing mark.

    A missing mark (insufficient history, unscored) never becomes a vertex, so it cannot be
    read as a 0 at the centre; the polygon is closed only when all five axes are scored.
    """
    if len(values) != len(AXIS_ORDER):
        raise ValueError(f"expected {len(AXIS_ORDER)} values, got {len(values)}")
    axes = tuple(_axis(i, value) for i, value in enumerate(values))
    complete = all(not axis.missing for axis in axes)
    polygon = tuple(axis.vertex for axis in axes if axis.vertex is not None) if complete else ()
    return Pentagon(
        axes=axes,
        rings=tuple((level, ring(level)) for level in RING_LEVELS),
        complete=complete,
        polygon=polygon,
        runs=() if complete else _runs(axes),
        sectors=_sectors(axes),
    )


def _axis(index: int, value: AxisValue | str) -> Axis:
    dimension = AXIS_ORDER[index]
    direction = axis_direction(index)
    # bool is an int subclass; True must not pass for a score of 1.
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= MAX_SCORE:
            raise ValueError(f"{dimension}: score must be 0-{MAX_SCORE}, got {value}")
        vertex = direction.scaled(value / MAX_SCORE)
        return Axis(index, dimension, AxisMark.SCORED, value, direction, vertex)
    if isinstance(value, str) and value in _MISSING_VALUES:
        return Axis(index, dimension, AxisMark(value), None, direction, None)
    raise ValueError(
        f"{dimension}: expected an int 0-{MAX_SCORE}, 'insufficient_history' or 'unscored', "
        f"got {value!r}"
    )


def _runs(axes: tuple[Axis, ...]) -> tuple[tuple[Point, ...], ...]:
    """Runs of adjacent scored vertices, walking the cycle from just after a missing axis."""
    count = len(axes)
    start = next(i for i, axis in enumerate(axes) if axis.missing)
    runs: list[tuple[Point, ...]] = []
    current: list[Point] = []
    for offset in range(1, count + 1):
        axis = axes[(start + offset) % count]
        if axis.vertex is None:
            if current:
                runs.append(tuple(current))
            current = []
        else:
            current.append(axis.vertex)
    if current:
        runs.append(tuple(current))
    return tuple(runs)


def _sectors(axes: tuple[Axis, ...]) -> tuple[tuple[Point, Point, Point], ...]:
    """Triangles (centre, vertex i, vertex i+1) for each pair of adjacent scored axes."""
    count = len(axes)
    sectors = []
    for i, axis in enumerate(axes):
        following = axes[(i + 1) % count]
        if axis.vertex is not None and following.vertex is not None:
            sectors.append((CENTRE, axis.vertex, following.vertex))
    return tuple(sectors)


def _clean(value: float) -> float:
    """Round away float noise so cos(90°) is exactly 0 and output is stable."""
    rounded = round(value, 12)
    return 0.0 if rounded == 0 else rounded
