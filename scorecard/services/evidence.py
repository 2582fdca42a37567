"""Recording evidence: add, edit, list and remove the items behind a cell."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date

from sqlmodel import select

from scorecard.domain.enums import DimensionId, EvidenceState, SourceGrade
from scorecard.domain.integrity import check_item
from scorecard.domain.models import EvidenceItem
from scorecard.domain.rubric import load_rubric
from scorecard.services import editions, lookup
from scorecard.services.cells import StaleEdit
from scorecard.services.context import Context, NotFound
from scorecard.services.revisions import RevisionRequest, guard_change
from scorecard.storage import changelog, repository, versioning
from scorecard.storage.tables import CellRow, EditionRow, EvidenceRow, VendorRow


def new_key() -> str:
    return f"ev-{uuid.uuid4().hex[:12]}"


def _summary(item: EvidenceItem) -> dict[str, object]:
    return {
        "artifact": item.artifact,
        "state": item.state.value,
        "grade": item.grade.value if item.grade else None,
        "url": item.url,
        "retrieval_date": item.retrieval_date.isoformat() if item.retrieval_date else None,
        "capture_sha256": item.capture_sha256,
        "quote": item.quote,
        "note": item.note,
    }


def add_evidence(
    ctx: Context,
    vendor: str,
    dimension: DimensionId,
    *,
    artifact: str,
    state: EvidenceState,
    grade: SourceGrade | None = None,
    url: str | None = None,
    retrieval_date: date | None = None,
    capture_sha256: str | None = None,
    quote: str | None = None,
    note: str | None = None,
    revision: RevisionRequest | None = None,
) -> EvidenceItem:
    """Stores one evidence item after the evidence rules accept it; the date defaults to today."""
    edition = editions.current_edition(ctx)
    vendor_row = lookup.vendor_row(ctx, edition, vendor)
    cell = lookup.cell_row(ctx, vendor_row, dimension)
    item = EvidenceItem(
        key=new_key(),
        vendor=vendor,
        dimension=dimension,
        artifact=artifact,
        state=state,
        grade=grade,
        url=url or None,
        retrieval_date=retrieval_date or ctx.today,
        capture_sha256=capture_sha256 or None,
        quote=quote or None,
        note=note or None,
    )
    check_item(item, load_rubric(edition.methodology_version), ctx.today)
    guard_change(
        ctx,
        edition,
        revision,
        vendor=vendor,
        dimension=dimension,
        field="evidence",
        old=None,
        new=f"{item.key} {item.artifact} {item.state.value}",
    )
    assert edition.id is not None and cell.id is not None
    ctx.session.add(
        EvidenceRow(
            edition_id=edition.id,
            cell_id=cell.id,
            **repository.evidence_row_values(item),  # type: ignore[arg-type]
        )
    )
    versioning.bump_version(ctx.session, cell)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="evidence",
        entity_key=item.key,
        action="add",
        new={"cell": f"{vendor}/{dimension.value}", **_summary(item)},
        reason=revision.reason if revision else None,
    )
    ctx.session.flush()
    return item


def _find(ctx: Context, edition: EditionRow, key: str) -> tuple[EvidenceRow, CellRow, VendorRow]:
    statement = select(EvidenceRow).where(
        EvidenceRow.edition_id == edition.id, EvidenceRow.key == key
    )
    row = ctx.session.exec(statement).first()
    if row is None:
        raise NotFound(f"No evidence item {key!r} in the current edition.")
    cell = ctx.session.get(CellRow, row.cell_id)
    assert cell is not None
    vendor = ctx.session.get(VendorRow, cell.vendor_id)
    assert vendor is not None
    return row, cell, vendor


def _stale_evidence(key: str, expected: int | None, current: int) -> StaleEdit:
    return StaleEdit(
        f"Evidence {key} was changed by someone else since you opened it "
        f"(version {expected}, now {current}). Reload and try again."
    )


def _claim(ctx: Context, row: EvidenceRow, expected_version: int | None) -> None:
    """Bumps the item's version if it still is `expected_version`, else refuses the edit.

    The row is re-read afterwards: the UPDATE locked it, so it now shows the stored values.
    """
    try:
        versioning.bump_version(ctx.session, row, expected_version)
    except versioning.VersionConflict as conflict:
        if conflict.current is None:
            raise NotFound(f"Evidence {row.key} was removed by someone else.") from None
        raise _stale_evidence(row.key, expected_version, conflict.current) from None
    ctx.session.refresh(row)


def update_evidence(
    ctx: Context,
    key: str,
    *,
    expected_version: int | None = None,
    revision: RevisionRequest | None = None,
    **changes: object,
) -> EvidenceItem:
    """Edits an item's fields; refused when another reviewer changed it first."""
    edition = editions.current_edition(ctx)
    row, cell, vendor = _find(ctx, edition, key)
    if expected_version is not None and row.version != expected_version:
        raise _stale_evidence(key, expected_version, row.version)
    # The comparison above only answers early; the conditional UPDATE refuses a stale edit
    # however two reviewers interleave, and locks the item so `before` is what this replaces.
    _claim(ctx, row, expected_version)
    dimension = DimensionId(cell.dimension)
    before = repository.evidence_from_row(row, vendor.key, dimension)
    after = before._replace(**changes)  # type: ignore[arg-type]
    check_item(after, load_rubric(edition.methodology_version), ctx.today)
    versioning.bump_version(ctx.session, cell)
    guard_change(
        ctx,
        edition,
        revision,
        vendor=vendor.key,
        dimension=dimension,
        field=f"evidence {key}",
        old=str(_summary(before)),
        new=str(_summary(after)),
    )
    for field, value in repository.evidence_row_values(after).items():
        setattr(row, field, value)
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="evidence",
        entity_key=key,
        action="update",
        old=_summary(before),
        new=_summary(after),
        reason=revision.reason if revision else None,
    )
    ctx.session.flush()
    return after


def remove_evidence(
    ctx: Context,
    key: str,
    revision: RevisionRequest | None = None,
    *,
    expected_version: int | None = None,
) -> EvidenceItem:
    """Deletes an item; refused when another reviewer changed it since `expected_version`."""
    edition = editions.current_edition(ctx)
    row, cell, vendor = _find(ctx, edition, key)
    if expected_version is not None and row.version != expected_version:
        raise _stale_evidence(key, expected_version, row.version)
    _claim(ctx, row, expected_version)
    item = repository.evidence_from_row(row, vendor.key, DimensionId(cell.dimension))
    guard_change(
        ctx,
        edition,
        revision,
        vendor=vendor.key,
        dimension=item.dimension,
        field="evidence",
        old=f"{item.key} {item.artifact} {item.state.value}",
        new=None,
    )
    ctx.session.delete(row)
    versioning.bump_version(ctx.session, cell)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="evidence",
        entity_key=key,
        action="remove",
        old={"cell": f"{vendor.key}/{item.dimension.value}", **_summary(item)},
        reason=revision.reason if revision else None,
    )
    ctx.session.flush()
    return item


def list_evidence(
    ctx: Context, vendor: str | None = None, dimension: DimensionId | None = None
) -> list[EvidenceItem]:
    edition = editions.current_edition(ctx)
    if vendor is not None:
        lookup.vendor_row(ctx, edition, vendor)
    items = editions.snapshot(ctx, edition).evidence
    return [
        i
        for i in items
        if (vendor is None or i.vendor == vendor)
        and (dimension is None or i.dimension == dimension)
    ]


@dataclass(frozen=True, slots=True)
class EvidenceView:
    """One item and the version an edit of it is based on (for --expected-version)."""

    item: EvidenceItem
    version: int


def show_evidence(ctx: Context, key: str) -> EvidenceView:
    edition = editions.current_edition(ctx)
    row, cell, vendor = _find(ctx, edition, key)
    item = repository.evidence_from_row(row, vendor.key, DimensionId(cell.dimension))
    return EvidenceView(item=item, version=row.version)


def evidence_version(ctx: Context, key: str) -> int:
    edition = editions.current_edition(ctx)
    return _find(ctx, edition, key)[0].version
