"""Reads and writes editions through the tables; converts rows to domain values and back.

Functions take the caller's session and never commit: the caller owns the transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Row, func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from scorecard.domain.enums import (
    DimensionId,
    EditionStatus,
    EventKind,
    EvidenceState,
    FoundingDateStatus,
    Outcome,
    SourceGrade,
)
from scorecard.domain.models import (
    CellScore,
    Edition,
    EditionSnapshot,
    Event,
    EvidenceItem,
    ManualBlocker,
    ReplyPacket,
    ReplyResponse,
    RevisionEntry,
    SourceConflict,
    SourceDrift,
    Vendor,
)
from scorecard.storage.tables import (
    CellRow,
    EditionRow,
    EventRow,
    EvidenceRow,
    ManualBlockerRow,
    PriceChangeRow,
    ReplyPacketRow,
    ReplyResponseRow,
    RevisionRow,
    ScoringRow,
    SourceConflictRow,
    SourceDriftRow,
    VendorRow,
)

_EditionOwned = (
    VendorRow
    | EventRow
    | SourceConflictRow
    | ManualBlockerRow
    | RevisionRow
    | ReplyPacketRow
    | ReplyResponseRow
    | SourceDriftRow
)


def now() -> datetime:
    return datetime.now(UTC)


def _dimension(value: str | None) -> DimensionId | None:
    return DimensionId(value) if value else None


# ---- editions -------------------------------------------------------------------------------


def edition_rows(session: Session) -> list[EditionRow]:
    return list(session.exec(select(EditionRow).order_by(col(EditionRow.id))))


def current_edition_row(session: Session) -> EditionRow | None:
    """The newest edition: the one reviewers work on."""
    statement = select(EditionRow).order_by(
        col(EditionRow.verification_date).desc(), col(EditionRow.id).desc()
    )
    return session.exec(statement).first()


def edition_from_row(row: EditionRow) -> Edition:
    return Edition(
        verification_date=row.verification_date,
        valid_until=row.valid_until,
        methodology_version=row.methodology_version,
        version=row.version,
        published_date=row.published_date,
        status=EditionStatus(row.status),
        run_start=row.run_start,
        run_end=row.run_end,
        reply_window_working_days=row.reply_window_working_days,
    )


# ---- vendors and cells ----------------------------------------------------------------------


def vendor_from_row(row: VendorRow | Row[Any]) -> Vendor:
    return Vendor(
        key=row.key,
        name=row.name,
        homepage=row.homepage,
        founding_date=row.founding_date,
        founding_date_status=FoundingDateStatus(row.founding_date_status),
        founding_date_source=row.founding_date_source,
        included=row.included,
        exclusion_reason=row.exclusion_reason,
    )


def vendor_rows(session: Session, edition_id: int) -> list[VendorRow]:
    statement = (
        select(VendorRow).where(VendorRow.edition_id == edition_id).order_by(col(VendorRow.id))
    )
    return list(session.exec(statement))


def find_vendor_row(session: Session, edition_id: int, key: str) -> VendorRow | None:
    statement = select(VendorRow).where(VendorRow.edition_id == edition_id, VendorRow.key == key)
    return session.exec(statement).first()


def find_cell_row(session: Session, vendor_id: int, dimension: DimensionId) -> CellRow | None:
    statement = select(CellRow).where(
        CellRow.vendor_id == vendor_id, CellRow.dimension == dimension.value
    )
    return session.exec(statement).first()


def current_scoring(session: Session, cell_id: int) -> ScoringRow | None:
    statement = (
        select(ScoringRow)
        .where(ScoringRow.cell_id == cell_id, ScoringRow.role == "primary")
        .order_by(col(ScoringRow.id).desc())
    )
    return session.exec(statement).first()


def add_vendor(session: Session, edition_id: int, vendor: Vendor) -> VendorRow:
    """A vendor row and its five cells, unscored."""
    row = VendorRow(
        edition_id=edition_id,
        key=vendor.key,
        name=vendor.name,
        homepage=vendor.homepage,
        founding_date=vendor.founding_date,
        founding_date_status=vendor.founding_date_status.value,
        founding_date_source=vendor.founding_date_source,
        included=vendor.included,
        exclusion_reason=vendor.exclusion_reason,
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    for dimension in DimensionId:
        session.add(CellRow(edition_id=edition_id, vendor_id=row.id, dimension=dimension.value))
    session.flush()
    return row


def evidence_row_values(item: EvidenceItem) -> dict[str, object]:
    return {
        "key": item.key,
        "artifact": item.artifact,
        "state": item.state.value,
        "grade": item.grade.value if item.grade else None,
        "url": item.url,
        "retrieval_date": item.retrieval_date,
        "capture_sha256": item.capture_sha256,
        "quote": item.quote,
        "note": item.note,
    }


def evidence_from_row(row: EvidenceRow, vendor_key: str, dimension: DimensionId) -> EvidenceItem:
    return EvidenceItem(
        key=row.key,
        vendor=vendor_key,
        dimension=dimension,
        artifact=row.artifact,
        state=EvidenceState(row.state),
        grade=SourceGrade(row.grade) if row.grade else None,
        url=row.url,
        retrieval_date=row.retrieval_date,
        capture_sha256=row.capture_sha256,
        quote=row.quote,
        note=row.note,
    )


# ---- whole editions -------------------------------------------------------------------------


def load_snapshot(session: Session, edition: EditionRow) -> EditionSnapshot:
    """Everything of one edition, read in one query a table."""
    assert edition.id is not None
    edition_id = edition.id
    vendors = _rows(session, VendorRow, edition_id)
    key_of_vendor = {v.id: v.key for v in vendors}
    # Plain column reads, not ORM objects: an edition can hold tens of thousands of items.
    cells = CellRow.__table__  # type: ignore[attr-defined]
    cell_place = {
        cell_id: (key_of_vendor[vendor_id], DimensionId(dimension))
        for cell_id, vendor_id, dimension in session.connection()
        .execute(
            sa_select(cells.c.id, cells.c.vendor_id, cells.c.dimension).where(
                cells.c.edition_id == edition_id
            )
        )
        .all()
    }
    scorings = ScoringRow.__table__  # type: ignore[attr-defined]
    newest_scoring = (
        sa_select(func.max(scorings.c.id))
        .join(cells, cells.c.id == scorings.c.cell_id)
        .where(cells.c.edition_id == edition_id, scorings.c.role == "primary")
        .group_by(scorings.c.cell_id)
    )
    scores: dict[tuple[str, DimensionId], CellScore] = {}
    for cell_id, outcome, score, rationale in (
        session.connection()
        .execute(
            sa_select(
                scorings.c.cell_id, scorings.c.outcome, scorings.c.score, scorings.c.rationale
            ).where(scorings.c.id.in_(newest_scoring))
        )
        .all()
    ):
        scores[cell_place[cell_id]] = CellScore(Outcome(outcome), score, rationale)
    table = EvidenceRow.__table__  # type: ignore[attr-defined]
    evidence_statement = (
        sa_select(
            table.c.cell_id,
            table.c.key,
            table.c.artifact,
            table.c.state,
            table.c.grade,
            table.c.url,
            table.c.retrieval_date,
            table.c.capture_sha256,
            table.c.quote,
            table.c.note,
        )
        .where(table.c.edition_id == edition_id)
        .order_by(table.c.id)
    )
    states = {s.value: s for s in EvidenceState}
    grades: dict[str | None, SourceGrade | None] = {g.value: g for g in SourceGrade}
    grades[None] = None
    # Grouped by cell as it is read. The loop runs once per evidence item (tens of thousands
    # in a large edition), so each item is built positionally, in the field order.
    evidence: list[EvidenceItem] = []
    by_cell: dict[tuple[str, DimensionId], list[EvidenceItem]] = {}
    for cell_id, key, artifact, state, grade, url, retrieved, sha, quote, note in (
        session.connection().execute(evidence_statement).all()
    ):
        place = cell_place[cell_id]
        item = EvidenceItem(
            key,
            place[0],
            place[1],
            artifact,
            states[state],
            grades[grade or None],
            url,
            retrieved,
            sha,
            quote,
            note,
        )
        evidence.append(item)
        cell_items = by_cell.get(place)
        if cell_items is None:
            by_cell[place] = [item]
        else:
            cell_items.append(item)
    events = tuple(
        Event(key_of_vendor[e.vendor_id], EventKind(e.kind), e.date, e.source_url, e.note)
        for e in _rows(session, EventRow, edition_id)
    )
    conflicts = tuple(
        SourceConflict(
            key=c.key,
            vendor=c.vendor_key,
            dimension=_dimension(c.dimension),
            primary_source=c.primary_source,
            conflicting_source=c.conflicting_source,
            description=c.description,
            logged_on=c.logged_on,
            resolution=c.resolution,
            resolved_on=c.resolved_on,
        )
        for c in _rows(session, SourceConflictRow, edition_id)
    )
    manual = tuple(
        ManualBlocker(
            key=m.key,
            message=m.message,
            vendor=m.vendor_key,
            dimension=_dimension(m.dimension),
            resolved=m.resolved,
            resolution_note=m.resolution_note,
        )
        for m in _rows(session, ManualBlockerRow, edition_id)
    )
    revisions = tuple(
        RevisionEntry(
            key=r.key,
            date=r.date,
            reason=r.reason,
            vendor=r.vendor_key,
            dimension=_dimension(r.dimension),
            field=r.field,
            old_value=r.old_value,
            new_value=r.new_value,
            artifact_url=r.artifact_url,
        )
        for r in _rows(session, RevisionRow, edition_id)
    )
    packets = tuple(
        ReplyPacket(p.vendor_key, p.sent_on, p.deadline, p.packet_sha256)
        for p in _rows(session, ReplyPacketRow, edition_id)
    )
    responses = tuple(
        ReplyResponse(
            key=r.key,
            vendor=r.vendor_key,
            kind=r.kind,
            received_on=r.received_on,
            dimension=_dimension(r.dimension),
            text=r.text,
            artifact_url=r.artifact_url,
        )
        for r in _rows(session, ReplyResponseRow, edition_id)
    )
    drifts = tuple(
        SourceDrift(
            vendor=d.vendor_key,
            dimension=DimensionId(d.dimension),
            evidence_key=d.evidence_key,
            url=d.url,
            detected_on=d.detected_on,
            new_capture_sha256=d.new_capture_sha256,
        )
        for d in _rows(session, SourceDriftRow, edition_id)
    )
    return EditionSnapshot(
        edition=edition_from_row(edition),
        vendors=tuple(vendor_from_row(v) for v in vendors),
        evidence=tuple(evidence),
        scores=scores,
        events=events,
        conflicts=conflicts,
        manual_blockers=manual,
        revisions=revisions,
        reply_packets=packets,
        reply_responses=responses,
        source_drifts=drifts,
        evidence_by_cell={place: tuple(items) for place, items in by_cell.items()},
    )


def _rows(session: Session, table: type[_EditionOwned], edition_id: int) -> Sequence[Row[Any]]:
    """All rows of one edition-owned table, in insertion order, as plain column values.

    Core rows rather than ORM objects: a first read on a new engine compiles every statement,
    and ORM statements cost several times more to compile.
    """
    core = table.__table__  # type: ignore[union-attr]
    statement = sa_select(core).where(core.c.edition_id == edition_id).order_by(core.c.id)
    return session.connection().execute(statement).all()


def write_snapshot(
    session: Session, snapshot: EditionSnapshot, reviewer: str, *, created: datetime | None = None
) -> EditionRow:
    """Writes a whole edition (import, seeding, a new edition) and returns its row."""
    stamp = created or now()
    edition = snapshot.edition
    row = EditionRow(
        verification_date=edition.verification_date,
        valid_until=edition.valid_until,
        methodology_version=edition.methodology_version,
        version=edition.version,
        published_date=edition.published_date,
        status=edition.status.value,
        run_start=edition.run_start,
        run_end=edition.run_end,
        reply_window_working_days=edition.reply_window_working_days,
        created_at=stamp,
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    edition_id = row.id
    cell_ids: dict[tuple[str, DimensionId], int] = {}
    vendor_ids: dict[str, int] = {}
    for vendor in snapshot.vendors:
        vendor_row = add_vendor(session, edition_id, vendor)
        assert vendor_row.id is not None
        vendor_ids[vendor.key] = vendor_row.id
    key_of_vendor = {vid: key for key, vid in vendor_ids.items()}
    for cell in session.exec(select(CellRow).where(CellRow.edition_id == edition_id)):
        assert cell.id is not None
        cell_ids[(key_of_vendor[cell.vendor_id], DimensionId(cell.dimension))] = cell.id
    scorings = [
        {
            "cell_id": cell_ids[place],
            "reviewer": reviewer,
            "role": "primary",
            "outcome": score.outcome.value,
            "score": score.score,
            "rationale": score.rationale,
            "created_at": stamp,
        }
        for place, score in snapshot.scores.items()
        if score.outcome != Outcome.UNSCORED or score.rationale
    ]
    if scorings:
        session.execute(ScoringRow.__table__.insert(), scorings)  # type: ignore[attr-defined]
    evidence = [
        {
            "edition_id": edition_id,
            "cell_id": cell_ids[(item.vendor, item.dimension)],
            "version": 1,
            **evidence_row_values(item),
        }
        for item in snapshot.evidence
    ]
    if evidence:
        session.execute(EvidenceRow.__table__.insert(), evidence)  # type: ignore[attr-defined]
    for e in snapshot.events:
        session.add(
            EventRow(
                edition_id=edition_id,
                vendor_id=vendor_ids[e.vendor],
                kind=e.kind.value,
                date=e.date,
                source_url=e.source_url,
                note=e.note,
            )
        )
    for c in snapshot.conflicts:
        session.add(
            SourceConflictRow(
                edition_id=edition_id,
                key=c.key,
                vendor_key=c.vendor,
                dimension=c.dimension.value if c.dimension else None,
                primary_source=c.primary_source,
                conflicting_source=c.conflicting_source,
                description=c.description,
                logged_on=c.logged_on,
                resolution=c.resolution,
                resolved_on=c.resolved_on,
            )
        )
    for m in snapshot.manual_blockers:
        session.add(
            ManualBlockerRow(
                edition_id=edition_id,
                key=m.key,
                message=m.message,
                vendor_key=m.vendor,
                dimension=m.dimension.value if m.dimension else None,
                resolved=m.resolved,
                resolution_note=m.resolution_note,
            )
        )
    for r in snapshot.revisions:
        session.add(
            RevisionRow(
                edition_id=edition_id,
                key=r.key,
                date=r.date,
                vendor_key=r.vendor,
                dimension=r.dimension.value if r.dimension else None,
                field=r.field,
                old_value=r.old_value,
                new_value=r.new_value,
                reason=r.reason,
                artifact_url=r.artifact_url,
                created_at=stamp,
            )
        )
    for p in snapshot.reply_packets:
        session.add(
            ReplyPacketRow(
                edition_id=edition_id,
                vendor_key=p.vendor,
                sent_on=p.sent_on,
                deadline=p.deadline,
                packet_sha256=p.packet_sha256,
            )
        )
    for resp in snapshot.reply_responses:
        session.add(
            ReplyResponseRow(
                edition_id=edition_id,
                key=resp.key,
                vendor_key=resp.vendor,
                kind=resp.kind,
                dimension=resp.dimension.value if resp.dimension else None,
                received_on=resp.received_on,
                text=resp.text,
                artifact_url=resp.artifact_url,
            )
        )
    for drift in snapshot.source_drifts:
        session.add(
            SourceDriftRow(
                edition_id=edition_id,
                vendor_key=drift.vendor,
                dimension=drift.dimension.value,
                evidence_key=drift.evidence_key,
                url=drift.url,
                detected_on=drift.detected_on,
                new_capture_sha256=drift.new_capture_sha256,
            )
        )
    session.flush()
    return row


def edition_count(session: Session) -> int:
    return int(session.exec(select(func.count()).select_from(EditionRow)).one())


def rows_of(session: Session, table: type[_EditionOwned], edition_id: int) -> list[Any]:
    return list(_rows(session, table, edition_id))


def last_cells(session: Session, edition_id: int) -> dict[tuple[str, DimensionId], CellRow]:
    vendors = {v.id: v.key for v in vendor_rows(session, edition_id)}
    statement = select(CellRow).where(CellRow.edition_id == edition_id)
    return {(vendors[c.vendor_id], DimensionId(c.dimension)): c for c in session.exec(statement)}


def today_utc() -> date:
    return now().date()


def delete_edition(session: Session, edition: EditionRow) -> None:
    """Removes a draft edition and everything it owns (an import with --replace)."""
    edition_id = edition.id
    cell_ids = list(session.exec(select(CellRow.id).where(CellRow.edition_id == edition_id)))
    for scoring in session.exec(select(ScoringRow).where(col(ScoringRow.cell_id).in_(cell_ids))):
        session.delete(scoring)
    for table in (
        EvidenceRow,
        EventRow,
        SourceConflictRow,
        ManualBlockerRow,
        RevisionRow,
        ReplyPacketRow,
        ReplyResponseRow,
        SourceDriftRow,
        PriceChangeRow,
    ):
        for row in session.exec(select(table).where(table.edition_id == edition_id)):
            session.delete(row)
    session.flush()
    for cell in session.exec(select(CellRow).where(CellRow.edition_id == edition_id)):
        session.delete(cell)
    session.flush()
    for vendor in session.exec(select(VendorRow).where(VendorRow.edition_id == edition_id)):
        session.delete(vendor)
    session.flush()
    session.delete(edition)
    session.flush()


def edition_by_verification_date(session: Session, verification: date) -> EditionRow | None:
    statement = select(EditionRow).where(EditionRow.verification_date == verification)
    return session.exec(statement).first()
