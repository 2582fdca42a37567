"""Polarity and ordering (Part B §6): the ceiling never falls when evidence moves toward its
favourable end, and a confirmed unfavourable fact scores strictly lower than an undetermined one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorecard.domain.enums import DimensionId, EvidenceState, Polarity, SourceGrade
from scorecard.domain.models import EvidenceItem
from scorecard.domain.rubric import load_rubric
from scorecard.domain.rules.ceiling import evidence_ceiling

RUBRIC = load_rubric("1")
STATES = list(EvidenceState)
GRADES = list(SourceGrade)
FAVOURABLE_STATE_ORDER = [
    EvidenceState.OBSERVED_ABSENT,
    EvidenceState.NOT_DISCLOSED,
    EvidenceState.OBSERVED,
]
GRADE_ORDER = [SourceGrade.THIRD_PARTY, SourceGrade.VENDOR_CLAIMED, SourceGrade.DIRECTLY_VERIFIABLE]


def _items(dimension: DimensionId) -> st.SearchStrategy[list[EvidenceItem]]:
    spec = RUBRIC.dimension(dimension)
    keys = [a.key for a in spec.artifacts]

    @st.composite
    def one(draw: st.DrawFn) -> EvidenceItem:
        state = draw(st.sampled_from(STATES))
        grade = draw(st.sampled_from(GRADES)) if state == EvidenceState.OBSERVED else None
        return EvidenceItem(
            key=f"ev-{draw(st.integers(0, 10**9))}",
            vendor="acme",
            dimension=dimension,
            artifact=draw(st.sampled_from(keys)),
            state=state,
            grade=grade,
            url="https://example.com/x",
        )

    return st.lists(one(), max_size=14)


def favourable_steps(item: EvidenceItem, polarity: Polarity) -> list[EvidenceItem]:
    """Every single move of the item one step toward its favourable end."""
    states = (
        FAVOURABLE_STATE_ORDER if polarity == Polarity.FAVOURABLE else FAVOURABLE_STATE_ORDER[::-1]
    )
    grades = GRADE_ORDER if polarity == Polarity.FAVOURABLE else GRADE_ORDER[::-1]
    moves = []
    position = states.index(item.state)
    if position + 1 < len(states):
        target = states[position + 1]
        grade = grades[0] if target == EvidenceState.OBSERVED else None
        if target == EvidenceState.OBSERVED and polarity == Polarity.FAVOURABLE:
            grade = SourceGrade.THIRD_PARTY
        if target == EvidenceState.OBSERVED and polarity == Polarity.ADVERSE:
            grade = SourceGrade.DIRECTLY_VERIFIABLE
        moves.append(item._replace(state=target, grade=grade))
    if item.state == EvidenceState.OBSERVED and item.grade is not None:
        g = grades.index(item.grade)
        if g + 1 < len(grades):
            moves.append(item._replace(grade=grades[g + 1]))
    return moves


def _check_monotone(dimension: DimensionId, items: list[EvidenceItem]) -> None:
    spec = RUBRIC.dimension(dimension)
    before = evidence_ceiling(spec, items).level
    for index, item in enumerate(items):
        artifact = spec.artifact(item.artifact)
        assert artifact is not None
        for moved in favourable_steps(item, artifact.polarity):
            after = evidence_ceiling(spec, [*items[:index], moved, *items[index + 1 :]]).level
            assert after >= before, (item, moved, before, after)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(list(DimensionId)).flatmap(lambda d: st.tuples(st.just(d), _items(d))))
def test_ceiling_never_falls_when_an_item_moves_toward_its_favourable_end(
    case: tuple[DimensionId, list[EvidenceItem]],
) -> None:
    _check_monotone(*case)


def test_the_step_function_moves_adverse_findings_away_from_observed() -> None:
    adverse = EvidenceItem(
        "ev-1",
        "acme",
        DimensionId.PRICE_STABILITY,
        "free_tier_withdrawn",
        EvidenceState.OBSERVED,
        SourceGrade.DIRECTLY_VERIFIABLE,
        "https://example.com/x",
    )
    steps = favourable_steps(adverse, Polarity.ADVERSE)
    assert {(s.state, s.grade) for s in steps} == {
        (EvidenceState.NOT_DISCLOSED, None),
        (EvidenceState.OBSERVED, SourceGrade.VENDOR_CLAIMED),
    }


CONFIRMED_UNFAVOURABLE = {
    DimensionId.COMPLIANCE: [
        ("soc2_type2", EvidenceState.OBSERVED_ABSENT),
        ("iso27001", EvidenceState.OBSERVED_ABSENT),
        ("dpa", EvidenceState.OBSERVED_ABSENT),
    ],
    DimensionId.PROCUREMENT_MATURITY: [
        ("invoicing_po", EvidenceState.OBSERVED_ABSENT),
        ("enterprise_tier", EvidenceState.OBSERVED_ABSENT),
        ("enterprise_contact_route", EvidenceState.OBSERVED_ABSENT),
    ],
    DimensionId.PRICE_STABILITY: [("live_pricing_page", EvidenceState.OBSERVED_ABSENT)],
}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(CONFIRMED_UNFAVOURABLE)))
def test_confirmed_unfavourable_scores_strictly_lower_than_undetermined(
    dimension: DimensionId,
) -> None:
    spec = RUBRIC.dimension(dimension)
    confirmed = [
        EvidenceItem(f"ev-{n}", "acme", dimension, key, state, None, "https://example.com/x")
        for n, (key, state) in enumerate(CONFIRMED_UNFAVOURABLE[dimension])
    ]
    undetermined = [i._replace(state=EvidenceState.NOT_DISCLOSED) for i in confirmed]
    assert evidence_ceiling(spec, confirmed).level < evidence_ceiling(spec, undetermined).level
