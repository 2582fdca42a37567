"""The methodology as data: the v1 rubric validates against its schema and states Part B's anchors."""

import json
from pathlib import Path

from jsonschema import Draft202012Validator

from scorecard.domain.enums import DimensionId, Polarity
from scorecard.domain.rubric import load_rubric
from scorecard.domain.rubric.loader import rubric_document

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"


def test_v1_validates_against_the_rubric_schema() -> None:
    schema = json.loads((SCHEMAS / "rubric.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    assert list(Draft202012Validator(schema).iter_errors(rubric_document("1"))) == []


def test_v1_has_five_dimensions_in_canonical_order_with_anchors_zero_to_four() -> None:
    rubric = load_rubric("1")
    assert [d.id for d in rubric.dimensions] == list(DimensionId)
    for spec in rubric.dimensions:
        assert [a.level for a in spec.anchors] == [0, 1, 2, 3, 4]
        assert spec.known_failure_mode


def test_only_price_stability_has_a_history_window_of_24_months() -> None:
    rubric = load_rubric("1")
    assert {d.id: d.window_months for d in rubric.dimensions if d.window_months} == {
        DimensionId.PRICE_STABILITY: 24
    }


def test_documentation_counts_the_eight_artifacts_of_part_b_section_9() -> None:
    spec = load_rubric("1").dimension(DimensionId.DOCUMENTATION_COMMITMENT)
    assert len(spec.artifacts) == 8 and spec.method == "count"
    assert all(a.polarity == Polarity.FAVOURABLE for a in spec.artifacts)


def test_adverse_findings_are_marked_adverse() -> None:
    price = load_rubric("1").dimension(DimensionId.PRICE_STABILITY)
    assert price.artifact("free_tier_withdrawn").polarity == Polarity.ADVERSE  # type: ignore[union-attr]
    assert price.artifact("live_pricing_page").polarity == Polarity.FAVOURABLE  # type: ignore[union-attr]
