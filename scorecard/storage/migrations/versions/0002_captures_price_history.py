"""archive requests, price changes and source drifts

Revision ID: 0002_captures_price_history
Revises: 0001
Create Date: 2026-11-30

Hand-written. Adds the tables behind `scorecard capture --archive-now` (archive_request),
`scorecard price-history` (price_change) and `scorecard recheck` (source_drift).
"""

from alembic import op
import sqlalchemy as sa


revision = "0002_captures_price_history"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "archive_request",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("capture_id", sa.Integer(), nullable=True),
        sa.Column("url", sa.String(), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("archive_url", sa.String(), nullable=True),
        sa.Column("message", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["capture_id"], ["capture.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("archive_request", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_archive_request_capture_id"), ["capture_id"], unique=False
        )

    op.create_table(
        "price_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("edition_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("fingerprint", sa.String(), nullable=False),
        sa.Column("vendor_key", sa.String(), nullable=False),
        sa.Column("page_url", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("fact_kind", sa.String(), nullable=False),
        sa.Column("plan", sa.String(), nullable=True),
        sa.Column("before_text", sa.String(), nullable=True),
        sa.Column("after_text", sa.String(), nullable=True),
        sa.Column("summary", sa.String(), nullable=False),
        sa.Column("from_archive_url", sa.String(), nullable=False),
        sa.Column("to_archive_url", sa.String(), nullable=False),
        sa.Column("from_date", sa.Date(), nullable=False),
        sa.Column("to_date", sa.Date(), nullable=False),
        sa.Column("from_capture_sha256", sa.String(), nullable=True),
        sa.Column("to_capture_sha256", sa.String(), nullable=True),
        sa.Column("grade", sa.String(), nullable=False),
        sa.Column("found_on", sa.Date(), nullable=False),
        sa.Column("classification", sa.String(), nullable=True),
        sa.Column("announced_url", sa.String(), nullable=True),
        sa.Column("evidence_key", sa.String(), nullable=True),
        sa.Column("classified_by", sa.String(), nullable=True),
        sa.Column("classified_on", sa.Date(), nullable=True),
        sa.ForeignKeyConstraint(["edition_id"], ["edition.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("edition_id", "key"),
        sa.UniqueConstraint("edition_id", "fingerprint"),
    )
    with op.batch_alter_table("price_change", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_price_change_edition_id"), ["edition_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_price_change_vendor_key"), ["vendor_key"], unique=False
        )

    op.create_table(
        "source_drift",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("edition_id", sa.Integer(), nullable=False),
        sa.Column("vendor_key", sa.String(), nullable=False),
        sa.Column("dimension", sa.String(), nullable=False),
        sa.Column("evidence_key", sa.String(), nullable=False),
        sa.Column("url", sa.String(), nullable=False),
        sa.Column("detected_on", sa.Date(), nullable=False),
        sa.Column("new_capture_sha256", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["edition_id"], ["edition.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("source_drift", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_source_drift_edition_id"), ["edition_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("source_drift", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_source_drift_edition_id"))
    op.drop_table("source_drift")
    with op.batch_alter_table("price_change", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_price_change_vendor_key"))
        batch_op.drop_index(batch_op.f("ix_price_change_edition_id"))
    op.drop_table("price_change")
    with op.batch_alter_table("archive_request", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_archive_request_capture_id"))
    op.drop_table("archive_request")
