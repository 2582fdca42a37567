"""Vendors of the current edition: list, show, add and change their facts."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from scorecard.domain.assessment import VendorAssessment
from scorecard.domain.enums import FoundingDateStatus
from scorecard.domain.integrity import check_vendor
from scorecard.domain.models import Vendor
from scorecard.services import editions, lookup
from scorecard.services.context import Context, ServiceError
from scorecard.services.revisions import RevisionRequest, guard_change, revision_needed
from scorecard.storage import changelog, repository

_KEY = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")


def list_vendors(ctx: Context) -> list[VendorAssessment]:
    return list(editions.assess(ctx).vendors)


def show_vendor(ctx: Context, key: str) -> VendorAssessment:
    edition = editions.current_edition(ctx)
    lookup.vendor_row(ctx, edition, key)
    for assessed in editions.assess(ctx, edition).vendors:
        if assessed.vendor.key == key:
            return assessed
    raise AssertionError("a vendor row without an assessment")


def add_vendor(ctx: Context, vendor: Vendor) -> Vendor:
    edition = editions.current_edition(ctx)
    assert edition.id is not None
    if not _KEY.match(vendor.key):
        raise ServiceError(
            f"Vendor id {vendor.key!r} refused: use lowercase letters, digits, '.', '_' or '-'."
        )
    if repository.find_vendor_row(ctx.session, edition.id, vendor.key) is not None:
        raise ServiceError(f"Vendor {vendor.key!r} already exists.")
    if revision_needed(edition):
        raise ServiceError("The current edition is published and frozen; start a new edition.")
    check_vendor(vendor)
    repository.add_vendor(ctx.session, edition.id, vendor)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="vendor",
        entity_key=vendor.key,
        action="add",
        new={"name": vendor.name, "included": vendor.included},
    )
    return vendor


def set_vendor(
    ctx: Context,
    key: str,
    *,
    name: str | None = None,
    homepage: str | None = None,
    founding_date: date | None = None,
    founding_date_status: FoundingDateStatus | None = None,
    founding_date_source: str | None = None,
    included: bool | None = None,
    exclusion_reason: str | None = None,
    revision: RevisionRequest | None = None,
) -> Vendor:
    """Changes a vendor's facts; a verified founding date needs its source."""
    edition = editions.current_edition(ctx)
    row = lookup.vendor_row(ctx, edition, key)
    before = repository.vendor_from_row(row)
    changes: dict[str, object] = {}
    for field, value in (
        ("name", name),
        ("homepage", homepage),
        ("founding_date", founding_date),
        ("founding_date_status", founding_date_status),
        ("founding_date_source", founding_date_source),
        ("included", included),
        ("exclusion_reason", exclusion_reason),
    ):
        if value is not None:
            changes[field] = value
    if not changes:
        raise ServiceError("Nothing to set: name at least one field.")
    if changes.get("included") is True and "exclusion_reason" not in changes:
        changes["exclusion_reason"] = None
    after = replace(before, **changes)  # type: ignore[arg-type]
    if after.founding_date_status == FoundingDateStatus.VERIFIED and not (
        after.founding_date and (after.founding_date_source or "").strip()
    ):
        raise ServiceError(
            "A verified founding date needs the date and its source (--founding-source)."
        )
    if after.founding_date and after.founding_date > edition.verification_date:
        raise ServiceError("The founding date is after the verification date.")
    check_vendor(after)
    old = {k: _plain(getattr(before, k)) for k in changes}
    new = {k: _plain(getattr(after, k)) for k in changes}
    guard_change(
        ctx,
        edition,
        revision,
        vendor=key,
        dimension=None,
        field="vendor",
        old=str(old),
        new=str(new),
    )
    for field in changes:
        value = getattr(after, field)
        setattr(row, field, value.value if isinstance(value, FoundingDateStatus) else value)
    row.version += 1
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="vendor",
        entity_key=key,
        action="update",
        old=old,
        new=new,
        reason=revision.reason if revision else None,
    )
    ctx.session.flush()
    return after


def _plain(value: object) -> object:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, FoundingDateStatus):
        return value.value
    return value
