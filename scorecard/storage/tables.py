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
