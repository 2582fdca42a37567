"""The domain's records: vendors, evidence, cells and editions, as plain frozen values.

Storage rows are converted to these before any rule sees them, so rules never touch a database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple

from scorecard.domain.enums import (
    DimensionId,
    EditionStatus,
    EventKind,
    EvidenceState,
    FoundingDateStatus,
    Outcome,
    SourceGrade,
)


@dataclass(frozen=True, slots=True)
class Vendor:
    key: str
    name: str
    homepage: str | None = None
    founding_date: date | None = None
    founding_date_status: FoundingDateStatus = FoundingDateStatus.UNVERIFIED
    founding_date_source: str | None = None
    included: bool = True
    exclusion_reason: str | None = None


class EvidenceItem(NamedTuple):
    """One piece of evidence behind a cell (Part B §4), immutable.

    A named tuple rather than a frozen dataclass like the other values: an edition holds these by
    the ten thousand, and a named tuple is built several times faster, which is most of the time
    the terminal UI takes to open a large edition. Change one with `item._replace(...)`.
    """

    key: str
    vendor: str
    dimension: DimensionId
    artifact: str
    state: EvidenceState
    grade: SourceGrade | None = None
    url: str | None = None
    retrieval_date: date | None = None
    capture_sha256: str | None = None
    quote: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class CellScore:
    """A cell's outcome as a reviewer set it. Kept apart from the cell so a later second review fits."""

    outcome: Outcome = Outcome.UNSCORED
    score: int | None = None
    rationale: str | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """A known event (Part B §12) that makes dimensions due for re-verification."""

    vendor: str
    kind: EventKind
    date: date
    source_url: str
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Edition:
    verification_date: date
    valid_until: date
    methodology_version: str
    version: str | None = None
    published_date: date | None = None
    status: EditionStatus = EditionStatus.DRAFT
    run_start: date | None = None
    run_end: date | None = None
    reply_window_working_days: int | None = None


@dataclass(frozen=True, slots=True)
class SourceConflict:
    key: str
    vendor: str
    dimension: DimensionId | None
    primary_source: str
    conflicting_source: str
    description: str
    logged_on: date
    resolution: str | None = None
    resolved_on: date | None = None


@dataclass(frozen=True, slots=True)
class ManualBlocker:
    key: str
    message: str
    vendor: str | None = None
    dimension: DimensionId | None = None
    resolved: bool = False
    resolution_note: str | None = None


@dataclass(frozen=True, slots=True)
class SourceDrift:
    """A cited quote no longer found when its source page was captured again (Part B §12).

    The capture the quote was first read from stays stored as proof of what was seen;
    `new_capture_sha256` names the capture where it was missing.
    """

    vendor: str
    dimension: DimensionId
    evidence_key: str
    url: str
    detected_on: date
    new_capture_sha256: str


@dataclass(frozen=True, slots=True)
class Blocker:
    """One reason the edition cannot be published, computed or recorded by hand."""

    rule_id: str
    message: str
    vendor: str | None = None
    dimension: DimensionId | None = None
    manual_key: str | None = None
    detail: str | None = None


@dataclass(frozen=True, slots=True)
class EditionSnapshot:
    """Everything the rules need to judge one edition at one checking date."""

    edition: Edition
    vendors: tuple[Vendor, ...]
    evidence: tuple[EvidenceItem, ...]
    scores: dict[tuple[str, DimensionId], CellScore]
    events: tuple[Event, ...] = ()
    conflicts: tuple[SourceConflict, ...] = ()
    manual_blockers: tuple[ManualBlocker, ...] = ()
    revisions: tuple[RevisionEntry, ...] = ()
    reply_packets: tuple[ReplyPacket, ...] = ()
    reply_responses: tuple[ReplyResponse, ...] = ()
    source_drifts: tuple[SourceDrift, ...] = ()
    evidence_by_cell: dict[tuple[str, DimensionId], tuple[EvidenceItem, ...]] = field(
        default_factory=dict
    )

    def __post_init__(self) -> None:
        if not self.evidence_by_cell and self.evidence:
            grouped: dict[tuple[str, DimensionId], list[EvidenceItem]] = {}
            for item in self.evidence:
                grouped.setdefault((item.vendor, item.dimension), []).append(item)
            self.evidence_by_cell.update({k: tuple(v) for k, v in grouped.items()})

    def cell_evidence(self, vendor: str, dimension: DimensionId) -> tuple[EvidenceItem, ...]:
        return self.evidence_by_cell.get((vendor, dimension), ())

    def cell_score(self, vendor: str, dimension: DimensionId) -> CellScore:
        return self.scores.get((vendor, dimension), CellScore())


@dataclass(frozen=True, slots=True)
class RevisionEntry:
    """A dated change to a published figure (Part B §16); never edited or deleted."""

    key: str
    date: date
    reason: str
    vendor: str | None = None
    dimension: DimensionId | None = None
    field: str | None = None
    old_value: str | None = None
    new_value: str | None = None
    artifact_url: str | None = None


@dataclass(frozen=True, slots=True)
class ReplyPacket:
    vendor: str
    sent_on: date
    deadline: date
    packet_sha256: str


@dataclass(frozen=True, slots=True)
class ReplyResponse:
    key: str
    vendor: str
    kind: str
    received_on: date
    dimension: DimensionId | None = None
    text: str | None = None
    artifact_url: str | None = None
