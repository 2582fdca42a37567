"""Judges every cell of an edition at a checking date: the one evaluation the CLI, UI and exporters share."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from scorecard.domain.enums import (
    GRADE_STRENGTH,
    DimensionId,
    EvidenceState,
    Outcome,
    SourceGrade,
)
from scorecard.domain.models import (
    CellScore,
    EditionSnapshot,
    Event,
    EvidenceItem,
    SourceDrift,
    Vendor,
)
from scorecard.domain.rubric.model import Rubric
from scorecard.domain.rules.ceiling import Ceiling, evidence_ceiling
from scorecard.domain.rules.insufficient_history import company_age_months, is_provisional
from scorecard.domain.rules.reverification import due_events
from scorecard.domain.rules.source_drift import open_drifts
from scorecard.domain.rules.validity import cell_is_stale, edition_is_stale


@dataclass(frozen=True, slots=True)
class CellAssessment:
    vendor: str
    dimension: DimensionId
    score: CellScore
    ceiling: Ceiling
    evidence: tuple[EvidenceItem, ...]
    evidence_state: EvidenceState
    source_grade: SourceGrade | None
    source_url: str | None
    retrieval_date: date | None
    stale: bool
    due_events: tuple[Event, ...]
    provisional_history: bool
    # Cited quotes no longer found on their page, not yet answered by newer evidence.
    source_drifts: tuple[SourceDrift, ...] = ()

    @property
    def reverification_due(self) -> bool:
        return bool(self.due_events or self.source_drifts)


@dataclass(frozen=True, slots=True)
class VendorAssessment:
    vendor: Vendor
    company_age_months: int | None
    cells: dict[DimensionId, CellAssessment]


@dataclass(frozen=True, slots=True)
class EditionAssessment:
    snapshot: EditionSnapshot
    rubric: Rubric
    today: date
    stale: bool
    vendors: tuple[VendorAssessment, ...]

    def cell(self, vendor: str, dimension: DimensionId) -> CellAssessment:
        for assessed in self.vendors:
            if assessed.vendor.key == vendor:
                return assessed.cells[dimension]
        raise KeyError(vendor)


def cell_evidence_state(items: tuple[EvidenceItem, ...]) -> EvidenceState:
    states = {i.state for i in items}
    if EvidenceState.OBSERVED in states:
        return EvidenceState.OBSERVED
    if EvidenceState.OBSERVED_ABSENT in states:
        return EvidenceState.OBSERVED_ABSENT
    return EvidenceState.NOT_DISCLOSED


def cell_source_grade(items: tuple[EvidenceItem, ...]) -> SourceGrade | None:
    """The grade most observed items carry; a tie goes to the weaker grade, to stay conservative."""
    grades: dict[SourceGrade, int] = {}
    for item in items:
        if item.state == EvidenceState.OBSERVED and item.grade is not None:
            grades[item.grade] = grades.get(item.grade, 0) + 1
    if not grades:
        return None
    return max(grades, key=lambda g: (grades[g], -GRADE_STRENGTH[g]))


def _cell_source(
    items: tuple[EvidenceItem, ...], grade: SourceGrade | None
) -> tuple[str | None, date | None]:
    """The newest item of the cell's grade (or the newest item at all) names the cell's source."""
    candidates = [i for i in items if i.grade == grade and i.state == EvidenceState.OBSERVED]
    if not candidates:
        candidates = [i for i in items if i.url is not None]
    if not candidates:
        return None, None
    newest = max(candidates, key=lambda i: (i.retrieval_date or date.min, i.key))
    return newest.url, newest.retrieval_date


def assess_cell(
    snapshot: EditionSnapshot,
    rubric: Rubric,
    vendor: Vendor,
    dimension: DimensionId,
    today: date,
    vendor_events: tuple[Event, ...],
) -> CellAssessment:
    """One cell judged at `today`; `vendor_events` are the events recorded for its vendor."""
    spec = rubric.dimension(dimension)
    items = snapshot.cell_evidence(vendor.key, dimension)
    score = snapshot.cell_score(vendor.key, dimension)
    grade = cell_source_grade(items)
    url, retrieved = _cell_source(items, grade)
    return CellAssessment(
        vendor=vendor.key,
        dimension=dimension,
        score=score,
        ceiling=evidence_ceiling(spec, items),
        evidence=items,
        evidence_state=cell_evidence_state(items),
        source_grade=grade,
        source_url=url,
        retrieval_date=retrieved,
        stale=cell_is_stale(items, today, rubric.validity_days),
        due_events=tuple(due_events(dimension, vendor_events, items)),
        provisional_history=score.outcome == Outcome.INSUFFICIENT_HISTORY
        and is_provisional(vendor),
        source_drifts=open_drifts(vendor.key, dimension, snapshot.source_drifts, items),
    )


def canonical_vendor_order(vendor: Vendor) -> tuple[bool, str, str]:
    """Included vendors first, then by name: the one order every view and export uses."""
    return (not vendor.included, vendor.name.casefold(), vendor.key)


def assess_edition(snapshot: EditionSnapshot, rubric: Rubric, today: date) -> EditionAssessment:
    verification = snapshot.edition.verification_date
    events: dict[str, list[Event]] = {}
    for event in snapshot.events:
        events.setdefault(event.vendor, []).append(event)
    assessed = []
    for vendor in sorted(snapshot.vendors, key=canonical_vendor_order):
        vendor_events = tuple(events.get(vendor.key, ()))
        cells = {
            d: assess_cell(snapshot, rubric, vendor, d, today, vendor_events) for d in DimensionId
        }
        age = company_age_months(vendor, verification)
        assessed.append(VendorAssessment(vendor=vendor, company_age_months=age, cells=cells))
    vendors = tuple(assessed)
    return EditionAssessment(
        snapshot=snapshot,
        rubric=rubric,
        today=today,
        stale=edition_is_stale(snapshot.edition.valid_until, today),
        vendors=vendors,
    )
