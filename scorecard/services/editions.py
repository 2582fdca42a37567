"""Editions: find the current one, assess it, start the next, resolve placeholders, publish."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from sqlmodel import col, select

from scorecard.domain.assessment import EditionAssessment, assess_edition
from scorecard.domain.blockers import compute_blockers, stops_publication
from scorecard.domain.enums import EditionStatus
from scorecard.domain.integrity import check_reply_window
from scorecard.domain.models import Blocker, EditionSnapshot
from scorecard.domain.rubric import load_rubric
from scorecard.domain.rules.validity import default_valid_until
from scorecard.services.context import Context, NotFound, ServiceError
from scorecard.storage import changelog, repository
from scorecard.storage.tables import EditionRow


def current_edition(ctx: Context) -> EditionRow:
    row = repository.current_edition_row(ctx.session)
    if row is None:
        raise NotFound(
            "The database holds no edition yet: import one with `scorecard import FILE`."
        )
    return row


def snapshot(ctx: Context, edition: EditionRow | None = None) -> EditionSnapshot:
    return repository.load_snapshot(ctx.session, edition or current_edition(ctx))


def assess(ctx: Context, edition: EditionRow | None = None) -> EditionAssessment:
    """The current edition judged at the checking date: the evaluation every view shares."""
    row = edition or current_edition(ctx)
    return assess_edition(
        repository.load_snapshot(ctx.session, row), load_rubric(row.methodology_version), ctx.today
    )


def blockers(ctx: Context) -> list[Blocker]:
    return compute_blockers(assess(ctx))


def list_editions(ctx: Context) -> list[EditionRow]:
    statement = select(EditionRow).order_by(col(EditionRow.verification_date), col(EditionRow.id))
    return list(ctx.session.exec(statement))


def new_edition(
    ctx: Context, verification_date: date, valid_until: date | None = None
) -> EditionRow:
    """Starts the next edition as a draft carrying over vendors, evidence and scores.

    The previous edition is left as it was; carried-over evidence is then judged stale or due
    by the rules at the new checking date.
    """
    previous = current_edition(ctx)
    if verification_date <= previous.verification_date:
        raise ServiceError(
            f"The new verification date {verification_date} must be after the current edition's "
            f"{previous.verification_date}."
        )
    if verification_date > ctx.today:
        raise ServiceError(f"The verification date {verification_date} is in the future.")
    rubric = load_rubric(previous.methodology_version)
    until = valid_until or default_valid_until(verification_date, rubric.validity_days)
    if until < verification_date:
        raise ServiceError("valid-until cannot be before the verification date.")
    carried = snapshot(ctx, previous)
    edition = replace(
        carried.edition,
        verification_date=verification_date,
        valid_until=until,
        version=None,
        published_date=None,
        status=EditionStatus.DRAFT,
        run_start=None,
        run_end=None,
    )
    fresh = replace(
        carried,
        edition=edition,
        conflicts=tuple(c for c in carried.conflicts if c.resolution is None),
        manual_blockers=tuple(m for m in carried.manual_blockers if not m.resolved),
        revisions=(),
        reply_packets=(),
        reply_responses=(),
        evidence_by_cell={},
    )
    row = repository.write_snapshot(ctx.session, fresh, ctx.reviewer)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=row.id,
        entity="edition",
        entity_key=verification_date.isoformat(),
        action="create",
        new={
            "carried_from": previous.verification_date.isoformat(),
            "valid_until": until.isoformat(),
        },
    )
    return row


def set_placeholders(
    ctx: Context,
    *,
    version: str | None = None,
    run_start: date | None = None,
    run_end: date | None = None,
    reply_window_working_days: int | None = None,
) -> EditionRow:
    """Resolves the edition's placeholders ([VERSION], the run window, [N]); publishing sets the date."""
    row = current_edition(ctx)
    if row.status == EditionStatus.PUBLISHED.value:
        raise ServiceError("The current edition is published and frozen; start a new edition.")
    changes: dict[str, object] = {}
    if version is not None:
        if not version.strip() or len(version) > 50:
            raise ServiceError("A version is 1 to 50 characters.")
        changes["version"] = version.strip()
    if run_start is not None:
        changes["run_start"] = run_start
    if run_end is not None:
        changes["run_end"] = run_end
    start = changes.get("run_start", row.run_start)
    end = changes.get("run_end", row.run_end)
    if isinstance(start, date) and isinstance(end, date) and end < start:
        raise ServiceError("The run window ends before it starts.")
    if reply_window_working_days is not None:
        check_reply_window(reply_window_working_days)
        changes["reply_window_working_days"] = reply_window_working_days
    if not changes:
        raise ServiceError("Nothing to set: name at least one placeholder.")
    old = {k: _plain(getattr(row, k)) for k in changes}
    for key, value in changes.items():
        setattr(row, key, value)
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=row.id,
        entity="edition",
        entity_key=row.verification_date.isoformat(),
        action="update",
        old=old,
        new={k: _plain(v) for k, v in changes.items()},
    )
    ctx.session.flush()
    return row


def _plain(value: object) -> object:
    return value.isoformat() if isinstance(value, date) else value


def publish(ctx: Context, publish_date: date | None = None) -> EditionRow:
    """The act of publication: refused while any blocker remains, then the edition is frozen.

    Publishing resolves [PUBLISH_DATE] itself, so that placeholder alone does not block it.
    """
    row = current_edition(ctx)
    if row.status == EditionStatus.PUBLISHED.value:
        raise ServiceError("The current edition is already published.")
    on = publish_date or ctx.today
    if on < row.verification_date or on > ctx.today:
        raise ServiceError(
            f"The publish date {on} must lie between the verification date "
            f"{row.verification_date} and today {ctx.today}."
        )
    remaining = [b for b in blockers(ctx) if stops_publication(b)]
    if remaining:
        raise PublicationRefused(remaining)
    row.status = EditionStatus.PUBLISHED.value
    row.published_date = on
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=row.id,
        entity="edition",
        entity_key=row.verification_date.isoformat(),
        action="publish",
        new={"published_date": on.isoformat()},
    )
    ctx.session.flush()
    return row


class PublicationRefused(ServiceError):
    def __init__(self, remaining: list[Blocker]) -> None:
        super().__init__(
            f"Publication refused: {len(remaining)} blocker(s) remain.",
            exit_code=1,
            details=tuple(f"[{b.rule_id}] {b.message}" for b in remaining),
        )
        self.blockers = remaining
