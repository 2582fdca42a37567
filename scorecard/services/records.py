"""Events, source conflicts and hand-recorded blockers of the current edition."""

from __future__ import annotations

from datetime import date

from sqlmodel import select

from scorecard.domain.enums import DimensionId, EventKind
from scorecard.domain.rules.evidence_fields import url_problem
from scorecard.domain.rules.text_fields import LONG_TEXT_LIMIT, check_text
from scorecard.services import editions, lookup
from scorecard.services.context import Context, NotFound, ServiceError
from scorecard.storage import changelog, repository
from scorecard.storage.tables import EditionRow, EventRow, ManualBlockerRow, SourceConflictRow


def _cited(url: str, what: str) -> None:
    problem = url_problem(url)
    if problem:
        raise ServiceError(f"The {what} cannot be cited: {problem}.")


def _not_future(ctx: Context, value: date, what: str) -> None:
    if value > ctx.today:
        raise ServiceError(f"The {what} {value} is in the future (today is {ctx.today}).")


def _next_key(
    ctx: Context,
    table: type[SourceConflictRow] | type[ManualBlockerRow],
    edition: EditionRow,
    prefix: str,
) -> str:
    existing = ctx.session.exec(select(table.key).where(table.edition_id == edition.id)).all()
    numbers = [
        int(k.split("-")[-1])
        for k in existing
        if k.startswith(prefix) and k.split("-")[-1].isdigit()
    ]
    return f"{prefix}{max(numbers, default=0) + 1}"


def add_event(
    ctx: Context, vendor: str, kind: EventKind, on: date, source_url: str, note: str | None = None
) -> EventRow:
    """Records a known event; the dimensions it touches become due for re-verification."""
    edition = editions.current_edition(ctx)
    vendor_row = lookup.vendor_row(ctx, edition, vendor)
    _cited(source_url, "event source")
    _not_future(ctx, on, "event date")
    check_text("Note", note, limit=LONG_TEXT_LIMIT, multiline=True)
    row = EventRow(
        edition_id=edition.id,  # type: ignore[arg-type]
        vendor_id=vendor_row.id,  # type: ignore[arg-type]
        kind=kind.value,
        date=on,
        source_url=source_url,
        note=note,
    )
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="event",
        entity_key=f"{vendor}/{kind.value}/{on.isoformat()}",
        action="add",
        new={"source_url": source_url, "note": note},
    )
    ctx.session.flush()
    return row


def add_conflict(
    ctx: Context,
    vendor: str,
    dimension: DimensionId | None,
    primary_source: str,
    conflicting_source: str,
    description: str,
) -> SourceConflictRow:
    edition = editions.current_edition(ctx)
    lookup.vendor_row(ctx, edition, vendor)
    check_text("Primary source", primary_source, limit=2_000)
    check_text("Conflicting source", conflicting_source, limit=2_000)
    check_text("Description", description, limit=LONG_TEXT_LIMIT, multiline=True)
    if not description.strip():
        raise ServiceError("A source conflict needs a description.")
    row = SourceConflictRow(
        edition_id=edition.id,  # type: ignore[arg-type]
        key=_next_key(ctx, SourceConflictRow, edition, "conflict-"),
        vendor_key=vendor,
        dimension=dimension.value if dimension else None,
        primary_source=primary_source,
        conflicting_source=conflicting_source,
        description=description.strip(),
        logged_on=ctx.today,
    )
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="source_conflict",
        entity_key=row.key,
        action="add",
        new={"vendor": vendor, "description": row.description},
    )
    ctx.session.flush()
    return row


def resolve_conflict(ctx: Context, key: str, resolution: str) -> SourceConflictRow:
    """Logs how a conflict was resolved, dated today; the primary source wins (Part B §12)."""
    edition = editions.current_edition(ctx)
    row = ctx.session.exec(
        select(SourceConflictRow).where(
            SourceConflictRow.edition_id == edition.id, SourceConflictRow.key == key
        )
    ).first()
    if row is None:
        raise NotFound(f"No source conflict {key!r} in the current edition.")
    if row.resolution is not None:
        raise ServiceError(f"Source conflict {key} was already resolved on {row.resolved_on}.")
    check_text("Resolution", resolution, limit=LONG_TEXT_LIMIT, multiline=True)
    if not resolution.strip():
        raise ServiceError("A resolution says what was decided.")
    row.resolution = resolution.strip()
    row.resolved_on = ctx.today
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="source_conflict",
        entity_key=key,
        action="resolve",
        new={"resolution": row.resolution},
    )
    ctx.session.flush()
    return row


def list_conflicts(ctx: Context) -> list[SourceConflictRow]:
    edition = editions.current_edition(ctx)
    assert edition.id is not None
    return repository.rows_of(ctx.session, SourceConflictRow, edition.id)


def add_blocker(
    ctx: Context, message: str, vendor: str | None = None, dimension: DimensionId | None = None
) -> ManualBlockerRow:
    edition = editions.current_edition(ctx)
    if vendor is not None:
        lookup.vendor_row(ctx, edition, vendor)
    check_text("Blocker", message, limit=LONG_TEXT_LIMIT, multiline=True)
    if not message.strip():
        raise ServiceError("A blocker needs a message.")
    row = ManualBlockerRow(
        edition_id=edition.id,  # type: ignore[arg-type]
        key=_next_key(ctx, ManualBlockerRow, edition, "blocker-"),
        message=message.strip(),
        vendor_key=vendor,
        dimension=dimension.value if dimension else None,
    )
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="manual_blocker",
        entity_key=row.key,
        action="add",
        new={"message": row.message},
    )
    ctx.session.flush()
    return row


def resolve_blocker(ctx: Context, key: str, note: str) -> ManualBlockerRow:
    edition = editions.current_edition(ctx)
    row = ctx.session.exec(
        select(ManualBlockerRow).where(
            ManualBlockerRow.edition_id == edition.id, ManualBlockerRow.key == key
        )
    ).first()
    if row is None:
        raise NotFound(f"No manual blocker {key!r} in the current edition.")
    if row.resolved:
        raise ServiceError(f"Blocker {key} is already resolved.")
    check_text("Resolution note", note, limit=LONG_TEXT_LIMIT, multiline=True)
    if not note.strip():
        raise ServiceError("Resolving a blocker needs a note saying how it was resolved.")
    row.resolved = True
    row.resolution_note = note.strip()
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="manual_blocker",
        entity_key=key,
        action="resolve",
        new={"note": row.resolution_note},
    )
    ctx.session.flush()
    return row


def list_manual_blockers(ctx: Context) -> list[ManualBlockerRow]:
    edition = editions.current_edition(ctx)
    assert edition.id is not None
    return repository.rows_of(ctx.session, ManualBlockerRow, edition.id)
