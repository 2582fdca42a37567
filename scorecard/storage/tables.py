"""The database tables. These are storage rows, not the domain model: repositories convert them."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel


class EditionRow(SQLModel, table=True):
    __tablename__ = "edition"

    id: int | None = Field(default=None, primary_key=True)
    verification_date: date = Field(index=True)
    valid_until: date
    methodology_version: str
    version: str | None = None
    published_date: date | None = None
    status: str = "draft"
    run_start: date | None = None
    run_end: date | None = None
    reply_window_working_days: int | None = None
    created_at: datetime


class VendorRow(SQLModel, table=True):
    __tablename__ = "vendor"
    __table_args__ = (UniqueConstraint("edition_id", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    key: str
    name: str
    homepage: str | None = None
    founding_date: date | None = None
    founding_date_status: str = "unverified"
    founding_date_source: str | None = None
    included: bool = True
    exclusion_reason: str | None = None
    version: int = 1


class CellRow(SQLModel, table=True):
    """One vendor x dimension cell; its score lives in scoring rows so several reviewers fit."""

    __tablename__ = "cell"
    __table_args__ = (UniqueConstraint("vendor_id", "dimension"),)

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    vendor_id: int = Field(foreign_key="vendor.id", index=True)
    dimension: str
    version: int = 1


class ScoringRow(SQLModel, table=True):
    """A reviewer's scoring of a cell. The newest primary row is the cell's score; older rows stay."""

    __tablename__ = "scoring"

    id: int | None = Field(default=None, primary_key=True)
    cell_id: int = Field(foreign_key="cell.id", index=True)
    reviewer: str
    role: str = "primary"
    outcome: str = "unscored"
    score: int | None = None
    rationale: str | None = None
    created_at: datetime


class EvidenceRow(SQLModel, table=True):
    __tablename__ = "evidence"
    __table_args__ = (UniqueConstraint("edition_id", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    cell_id: int = Field(foreign_key="cell.id", index=True)
    key: str
    artifact: str
    state: str
    grade: str | None = None
    url: str | None = None
    retrieval_date: date | None = None
    capture_sha256: str | None = None
    quote: str | None = None
    note: str | None = None
    version: int = 1


class EventRow(SQLModel, table=True):
    __tablename__ = "event"

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    vendor_id: int = Field(foreign_key="vendor.id", index=True)
    kind: str
    date: date
    source_url: str
    note: str | None = None


class SourceConflictRow(SQLModel, table=True):
    __tablename__ = "source_conflict"
    __table_args__ = (UniqueConstraint("edition_id", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    key: str
    vendor_key: str
    dimension: str | None = None
    primary_source: str
    conflicting_source: str
    description: str
    logged_on: date
    resolution: str | None = None
    resolved_on: date | None = None


class ManualBlockerRow(SQLModel, table=True):
    __tablename__ = "manual_blocker"
    __table_args__ = (UniqueConstraint("edition_id", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    key: str
    message: str
    vendor_key: str | None = None
    dimension: str | None = None
    resolved: bool = False
    resolution_note: str | None = None


class RevisionRow(SQLModel, table=True):
    """A dated revision of a published figure. Rows are only ever inserted."""

    __tablename__ = "revision"
    __table_args__ = (UniqueConstraint("edition_id", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    key: str
    date: date
    vendor_key: str | None = None
    dimension: str | None = None
    field: str | None = None
    old_value: str | None = None
    new_value: str | None = None
    reason: str
    artifact_url: str | None = None
    created_at: datetime


class ReplyPacketRow(SQLModel, table=True):
    __tablename__ = "reply_packet"

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    vendor_key: str
    sent_on: date
    deadline: date
    packet_sha256: str


class ReplyResponseRow(SQLModel, table=True):
    __tablename__ = "reply_response"
    __table_args__ = (UniqueConstraint("edition_id", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    key: str
    vendor_key: str
    kind: str
    dimension: str | None = None
    received_on: date
    text: str | None = None
    artifact_url: str | None = None


class CaptureRow(SQLModel, table=True):
    """A stored page body (content-addressed on disk by its SHA-256) and where it came from."""

    __tablename__ = "capture"

    id: int | None = Field(default=None, primary_key=True)
    sha256: str = Field(index=True)
    url: str
    final_url: str | None = None
    retrieved_at: datetime
    size: int
    origin: str
    status: int | None = None
    content_type: str | None = None
    archive_timestamp: str | None = None


class ChangeLogRow(SQLModel, table=True):
    """Append-only record of every write; each entry carries the hash of the one before it."""

    __tablename__ = "change_log"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime
    reviewer: str
    edition_id: int | None = None
    entity: str
    entity_key: str
    action: str
    old_value: str | None = None
    new_value: str | None = None
    reason: str | None = None
    prev_hash: str | None = None
    entry_hash: str | None = None


class ArchiveRequestRow(SQLModel, table=True):
    """What the Internet Archive answered when asked to capture a page now (Save Page Now)."""

    __tablename__ = "archive_request"

    id: int | None = Field(default=None, primary_key=True)
    capture_id: int | None = Field(default=None, foreign_key="capture.id", index=True)
    url: str
    requested_at: datetime
    # archived, refused, rate_limited, timeout or failed: a refusal is recorded, never raised.
    status: str
    archive_url: str | None = None
    message: str


class PriceChangeRow(SQLModel, table=True):
    """One difference between consecutive archive captures of a pricing page, and its class.

    `fingerprint` identifies the same change found again by a later run, so a re-run keeps the
    reviewer's classification; `key` is the short id a reviewer types.
    """

    __tablename__ = "price_change"
    __table_args__ = (
        UniqueConstraint("edition_id", "key"),
        UniqueConstraint("edition_id", "fingerprint"),
    )

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    key: str
    fingerprint: str
    vendor_key: str = Field(index=True)
    page_url: str
    kind: str
    fact_kind: str
    plan: str | None = None
    before_text: str | None = None
    after_text: str | None = None
    summary: str
    from_archive_url: str
    to_archive_url: str
    from_date: date
    to_date: date
    from_capture_sha256: str | None = None
    to_capture_sha256: str | None = None
    # directly_verifiable for the vendor's own page; third_party when a tracker's page showed it.
    grade: str
    found_on: date
    classification: str | None = None
    announced_url: str | None = None
    evidence_key: str | None = None
    classified_by: str | None = None
    classified_on: date | None = None


class SourceDriftRow(SQLModel, table=True):
    """A cited quote not found when its page was captured again; answered by newer evidence."""

    __tablename__ = "source_drift"

    id: int | None = Field(default=None, primary_key=True)
    edition_id: int = Field(foreign_key="edition.id", index=True)
    vendor_key: str
    dimension: str
    evidence_key: str
    url: str
    detected_on: date
    new_capture_sha256: str
