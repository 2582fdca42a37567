"""Guards a published edition: a change to it is refused unless it carries a dated revision entry."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from scorecard.domain.enums import DimensionId, EditionStatus
from scorecard.domain.rules.evidence_fields import url_problem
from scorecard.domain.rules.text_fields import LONG_TEXT_LIMIT, check_text
from scorecard.services.context import Context, ServiceError
from scorecard.storage import changelog, repository
from scorecard.storage.tables import EditionRow, RevisionRow

RULE_ID = "published-change-needs-revision"


@dataclass(frozen=True, slots=True)
class RevisionRequest:
    """Why a published figure changes, and the citable artifact where it is a correction."""

    reason: str
    artifact_url: str | None = None


def revision_needed(edition: EditionRow) -> bool:
    return edition.status == EditionStatus.PUBLISHED.value


def guard_change(
    ctx: Context,
    edition: EditionRow,
    revision: RevisionRequest | None,
    *,
    vendor: str | None,
    dimension: DimensionId | None,
    field: str,
    old: str | None,
    new: str | None,
) -> RevisionRow | None:
    """Records the revision entry a change to a published edition needs, or refuses the change."""
    if not revision_needed(edition):
        return None
    if revision is None or not revision.reason.strip():
        raise ServiceError(
            f"[{RULE_ID}] The edition of {edition.verification_date} is published: a change to it "
            "needs a dated revision entry. Give the reason (--revision-reason) and, for a "
            "correction, the citable artifact (--revision-artifact)."
        )
    return record_revision(
        ctx, edition, revision, vendor=vendor, dimension=dimension, field=field, old=old, new=new
    )


def record_revision(
    ctx: Context,
    edition: EditionRow,
    revision: RevisionRequest,
    *,
    vendor: str | None,
    dimension: DimensionId | None,
    field: str | None,
    old: str | None,
    new: str | None,
) -> RevisionRow:
    """Writes a dated revision entry whatever the edition's state.

    `guard_change` uses it for a published edition; a vendor's correction uses it on a draft
    too, so the correction is dated and visible in the revision log.
    """
    if not revision.reason.strip():
        raise ServiceError("A revision entry needs a reason.")
    check_text("Revision reason", revision.reason, limit=LONG_TEXT_LIMIT, multiline=True)
    if revision.artifact_url is not None:
        problem = url_problem(revision.artifact_url)
        if problem:
            raise ServiceError(f"The revision artifact URL cannot be cited: {problem}.")
    row = RevisionRow(
        edition_id=edition.id,  # type: ignore[arg-type]
        key=f"rev-{uuid.uuid4().hex[:12]}",
        date=ctx.today,
        vendor_key=vendor,
        dimension=dimension.value if dimension else None,
        field=field,
        old_value=old,
        new_value=new,
        reason=revision.reason.strip(),
        artifact_url=revision.artifact_url,
        created_at=repository.now(),
    )
    ctx.session.add(row)
    ctx.session.flush()
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="revision",
        entity_key=row.key,
        action="create",
        new={"field": field, "old": old, "new": new, "reason": row.reason},
        reason=row.reason,
    )
    return row
