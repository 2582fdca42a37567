"""Pentagon geometry and its SVG: missing axes are never drawn as a 0 at the centre."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorecard.domain.enums import DimensionId
from scorecard.domain.pentagon import (
    AXIS_ORDER,
    CENTRE,
    AxisMark,
    AxisValue,
    Point,
    axis_direction,
    pentagon,
    ring,
)
from scorecard.exporters.pentagon_svg import MISSING, pentagon_svg

SVG = "{http://www.w3.org/2000/svg}"

axis_values = st.one_of(
    st.integers(min_value=0, max_value=4),
    st.sampled_from([AxisMark.INSUFFICIENT_HISTORY, AxisMark.UNSCORED]),
)


def radius(point: Point) -> float:
    return math.hypot(point.x, point.y)


def test_axes_follow_the_canonical_dimension_order() -> None:
    assert list(AXIS_ORDER) == [
        DimensionId.PRICE_STABILITY,
        DimensionId.SUPPLY_INDEPENDENCE,
        DimensionId.DOCUMENTATION_COMMITMENT,
        DimensionId.COMPLIANCE,
        DimensionId.PROCUREMENT_MATURITY,
    ]
    assert [axis.dimension for axis in pentagon([1, 2, 3, 4, 0]).axes] == list(AXIS_ORDER)


def test_first_axis_points_up_and_the_rest_go_clockwise() -> None:
    assert axis_direction(0) == Point(0.0, -1.0)
    # Clockwise in SVG coordinates (y down): the second axis is up and to the right.
    second = axis_direction(1)
    assert second.x > 0 and second.y < 0
    for index in range(5):
        assert radius(axis_direction(index)) == pytest.approx(1.0)


def test_full_scores_close_the_polygon_with_higher_scores_further_out() -> None:
    shape = pentagon([4, 3, 2, 1, 0])
    assert shape.complete
    assert shape.missing_axes == ()
    assert shape.runs == ()
    assert len(shape.polygon) == 5
    assert [radius(p) for p in shape.polygon] == pytest.approx([1.0, 0.75, 0.5, 0.25, 0.0])
    assert len(shape.sectors) == 5


def test_a_real_zero_sits_at_the_centre() -> None:
    axis = pentagon([0, 4, 4, 4, 4]).axes[0]
    assert axis.mark is AxisMark.SCORED
    assert axis.score == 0
    assert axis.vertex == CENTRE


@pytest.mark.parametrize("mark", [AxisMark.INSUFFICIENT_HISTORY, AxisMark.UNSCORED])
def test_a_missing_axis_has_no_vertex_and_opens_the_shape(mark: AxisMark) -> None:
    shape = pentagon([3, mark, 2, 0, 1])
    axis = shape.axes[1]
    assert axis.mark is mark
    assert axis.missing
    assert axis.score is None
    assert axis.vertex is None
    assert shape.missing_axes == (axis,)
    assert not shape.complete
    assert shape.polygon == ()
    # The outline runs round the gap: 2 → 0 → 1 → 3, never through the missing axis.
    assert len(shape.runs) == 1
    assert [radius(p) for p in shape.runs[0]] == pytest.approx([0.5, 0.0, 0.25, 0.75])
    # No filled sector touches the missing axis.
    assert len(shape.sectors) == 3


def test_plain_strings_are_accepted_for_the_missing_marks() -> None:
    shape = pentagon([1, "insufficient_history", "unscored", 2, 3])
    assert [axis.mark for axis in shape.axes[1:3]] == [
        AxisMark.INSUFFICIENT_HISTORY,
        AxisMark.UNSCORED,
    ]


def test_all_missing_draws_no_shape() -> None:
    shape = pentagon([AxisMark.UNSCORED] * 5)
    assert shape.runs == ()
    assert shape.sectors == ()
    assert all(axis.vertex is None for axis in shape.axes)


@pytest.mark.parametrize(
    "values",
    [
        [1, 2, 3, 4],
        [1, 2, 3, 4, 0, 1],
        [5, 0, 0, 0, 0],
        [-1, 0, 0, 0, 0],
        [True, 0, 0, 0, 0],
        [1.5, 0, 0, 0, 0],
        ["scored", 0, 0, 0, 0],
        ["0", 0, 0, 0, 0],
        [None, 0, 0, 0, 0],
    ],
)
def test_invalid_values_are_refused(values: list[object]) -> None:
    with pytest.raises(ValueError):
        pentagon(values)  # type: ignore[arg-type]


def test_rings_cover_levels_one_to_four() -> None:
    shape = pentagon([1, 1, 1, 1, 1])
    assert [level for level, _ in shape.rings] == [1, 2, 3, 4]
    for level, corners in shape.rings:
        assert [radius(p) for p in corners] == pytest.approx([level / 4] * 5)
    with pytest.raises(ValueError):
        ring(5)


@given(st.lists(axis_values, min_size=5, max_size=5))
def test_geometry_invariants(values: list[AxisValue]) -> None:
    shape = pentagon(values)
    scored = [axis for axis in shape.axes if not axis.missing]
    assert shape.complete == (len(scored) == 5)
    for axis, value in zip(shape.axes, values, strict=True):
        if isinstance(value, int):
            assert axis.vertex is not None
            assert radius(axis.vertex) == pytest.approx(value / 4)
        else:
            # Never at the centre, never a vertex: the gap stays visible.
            assert axis.vertex is None
            assert radius(axis.direction) == pytest.approx(1.0)
    # The outline runs hold every scored vertex exactly once.
    run_points = [point for run in shape.runs for point in run]
    if shape.complete:
        assert list(shape.polygon) == [axis.vertex for axis in shape.axes]
    else:
        assert sorted(run_points, key=lambda p: (p.x, p.y)) == sorted(
            (axis.vertex for axis in scored if axis.vertex is not None),
            key=lambda p: (p.x, p.y),
        )
    adjacent = sum(
        1 for i in range(5) if not shape.axes[i].missing and not shape.axes[(i + 1) % 5].missing
    )
    assert len(shape.sectors) == adjacent


def _svg(values: list[AxisValue], **kwargs: object) -> ET.Element:
    return ET.fromstring(pentagon_svg(pentagon(values), **kwargs))  # type: ignore[arg-type]


def test_svg_marks_missing_axes_distinctly() -> None:
    root = _svg([3, AxisMark.INSUFFICIENT_HISTORY, 2, AxisMark.UNSCORED, 1])
    dashed = [line for line in root.iter(f"{SVG}line") if line.get("stroke-dasharray")]
    assert len(dashed) == 2
    hollow_circles = [c for c in root.iter(f"{SVG}circle") if c.get("stroke") == MISSING]
    hollow_squares = [r for r in root.iter(f"{SVG}rect") if r.get("stroke") == MISSING]
    # One on the rim for the axis, one in the legend.
    assert len(hollow_circles) == 2
    assert len(hollow_squares) == 2
    # A partial shape is an open outline, not a closed polygon through the centre.
    assert root.findall(f"{SVG}polyline")
    text = "".join(root.itertext())
    assert "insufficient history" in text
    assert "unscored" in text


def test_svg_labels_and_rings() -> None:
    labels = {"price_stability": "Price stability", "compliance": "Compliance"}
    root = _svg([4, 3, 2, 1, 0], labels=labels)
    text = " ".join(root.itertext())
    assert "Price stability" in text
    assert "Compliance" in text
    assert "supply independence" in text  # no label given: falls back to the id in words
    rings = [p for p in root.iter(f"{SVG}polygon") if p.get("fill") == "none"]
    assert len(rings) == 4


def test_svg_escapes_labels_and_title() -> None:
    hostile = '</text><image href="file:///etc/hostname"/>'
    svg = pentagon_svg(
        pentagon([1, 2, 3, 4, 0]), {"price_stability": hostile}, title=f"<title>{hostile}"
    )
    root = ET.fromstring(svg)
    assert not list(root.iter(f"{SVG}image"))
    assert hostile in "".join(root.itertext())
