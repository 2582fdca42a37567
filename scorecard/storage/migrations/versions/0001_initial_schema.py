"""initial schema

Revision ID: 0001
Revises: 
Create Date: 2026-11-29
"""

from alembic import op
import sqlalchemy as sa


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('capture',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('sha256', sa.String(), nullable=False),
    sa.Column('url', sa.String(), nullable=False),
    sa.Column('final_url', sa.String(), nullable=True),
    sa.Column('retrieved_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('origin', sa.String(), nullable=False),
    sa.Column('status', sa.Integer(), nullable=True),
    sa.Column('content_type', sa.String(), nullable=True),
    sa.Column('archive_timestamp', sa.String(), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('capture', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_capture_sha256'), ['sha256'], unique=False)

    op.create_table('change_log',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('reviewer', sa.String(), nullable=False),
    sa.Column('edition_id', sa.Integer(), nullable=True),
    sa.Column('entity', sa.String(), nullable=False),
    sa.Column('entity_key', sa.String(), nullable=False),
    sa.Column('action', sa.String(), nullable=False),
    sa.Column('old_value', sa.String(), nullable=True),
    sa.Column('new_value', sa.String(), nullable=True),
    sa.Column('reason', sa.String(), nullable=True),
    sa.Column('prev_hash', sa.String(), nullable=True),
    sa.Column('entry_hash', sa.String(), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('edition',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('verification_date', sa.Date(), nullable=False),
    sa.Column('valid_until', sa.Date(), nullable=False),
    sa.Column('methodology_version', sa.String(), nullable=False),
    sa.Column('version', sa.String(), nullable=True),
    sa.Column('published_date', sa.Date(), nullable=True),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('run_start', sa.Date(), nullable=True),
    sa.Column('run_end', sa.Date(), nullable=True),
    sa.Column('reply_window_working_days', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('edition', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_edition_verification_date'), ['verification_date'], unique=False)

    op.create_table('manual_blocker',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('edition_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(), nullable=False),
    sa.Column('message', sa.String(), nullable=False),
    sa.Column('vendor_key', sa.String(), nullable=True),
    sa.Column('dimension', sa.String(), nullable=True),
    sa.Column('resolved', sa.Boolean(), nullable=False),
    sa.Column('resolution_note', sa.String(), nullable=True),
    sa.ForeignKeyConstraint(['edition_id'], ['edition.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('edition_id', 'key')
    )
    with op.batch_alter_table('manual_blocker', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_manual_blocker_edition_id'), ['edition_id'], unique=False)

    op.create_table('reply_packet',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('edition_id', sa.Integer(), nullable=False),
    sa.Column('vendor_key', sa.String(), nullable=False),
    sa.Column('sent_on', sa.Date(), nullable=False),
    sa.Column('deadline', sa.Date(), nullable=False),
    sa.Column('packet_sha256', sa.String(), nullable=False),
    sa.ForeignKeyConstraint(['edition_id'], ['edition.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('reply_packet', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_reply_packet_edition_id'), ['edition_id'], unique=False)

    op.create_table('reply_response',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('edition_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(), nullable=False),
    sa.Column('vendor_key', sa.String(), nullable=False),
    sa.Column('kind', sa.String(), nullable=False),
    sa.Column('dimension', sa.String(), nullable=True),
    sa.Column('received_on', sa.Date(), nullable=False),
    sa.Column('text', sa.String(), nullable=True),
    sa.Column('artifact_url', sa.String(), nullable=True),
    sa.ForeignKeyConstraint(['edition_id'], ['edition.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('edition_id', 'key')
    )
    with op.batch_alter_table('reply_response', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_reply_response_edition_id'), ['edition_id'], unique=False)

    op.create_table('revision',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('edition_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(), nullable=False),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('vendor_key', sa.String(), nullable=True),
    sa.Column('dimension', sa.String(), nullable=True),
    sa.Column('field', sa.String(), nullable=True),
    sa.Column('old_value', sa.String(), nullable=True),
    sa.Column('new_value', sa.String(), nullable=True),
    sa.Column('reason', sa.String(), nullable=False),
    sa.Column('artifact_url', sa.String(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['edition_id'], ['edition.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('edition_id', 'key')
    )
    with op.batch_alter_table('revision', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_revision_edition_id'), ['edition_id'], unique=False)

    op.create_table('source_conflict',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('edition_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(), nullable=False),
    sa.Column('vendor_key', sa.String(), nullable=False),
    sa.Column('dimension', sa.String(), nullable=True),
    sa.Column('primary_source', sa.String(), nullable=False),
    sa.Column('conflicting_source', sa.String(), nullable=False),
    sa.Column('description', sa.String(), nullable=False),
    sa.Column('logged_on', sa.Date(), nullable=False),
    sa.Column('resolution', sa.String(), nullable=True),
    sa.Column('resolved_on', sa.Date(), nullable=True),
    sa.ForeignKeyConstraint(['edition_id'], ['edition.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('edition_id', 'key')
    )
    with op.batch_alter_table('source_conflict', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_source_conflict_edition_id'), ['edition_id'], unique=False)

    op.create_table('vendor',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('edition_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('homepage', sa.String(), nullable=True),
    sa.Column('founding_date', sa.Date(), nullable=True),
    sa.Column('founding_date_status', sa.String(), nullable=False),
    sa.Column('founding_date_source', sa.String(), nullable=True),
    sa.Column('included', sa.Boolean(), nullable=False),
    sa.Column('exclusion_reason', sa.String(), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['edition_id'], ['edition.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('edition_id', 'key')
    )
    with op.batch_alter_table('vendor', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vendor_edition_id'), ['edition_id'], unique=False)

    op.create_table('cell',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('edition_id', sa.Integer(), nullable=False),
    sa.Column('vendor_id', sa.Integer(), nullable=False),
    sa.Column('dimension', sa.String(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['edition_id'], ['edition.id'], ),
    sa.ForeignKeyConstraint(['vendor_id'], ['vendor.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('vendor_id', 'dimension')
    )
    with op.batch_alter_table('cell', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_cell_edition_id'), ['edition_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_cell_vendor_id'), ['vendor_id'], unique=False)

    op.create_table('event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('edition_id', sa.Integer(), nullable=False),
    sa.Column('vendor_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(), nullable=False),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('source_url', sa.String(), nullable=False),
    sa.Column('note', sa.String(), nullable=True),
    sa.ForeignKeyConstraint(['edition_id'], ['edition.id'], ),
    sa.ForeignKeyConstraint(['vendor_id'], ['vendor.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_edition_id'), ['edition_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_event_vendor_id'), ['vendor_id'], unique=False)

    op.create_table('evidence',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('edition_id', sa.Integer(), nullable=False),
    sa.Column('cell_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(), nullable=False),
    sa.Column('artifact', sa.String(), nullable=False),
    sa.Column('state', sa.String(), nullable=False),
    sa.Column('grade', sa.String(), nullable=True),
    sa.Column('url', sa.String(), nullable=True),
    sa.Column('retrieval_date', sa.Date(), nullable=True),
    sa.Column('capture_sha256', sa.String(), nullable=True),
    sa.Column('quote', sa.String(), nullable=True),
    sa.Column('note', sa.String(), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['cell_id'], ['cell.id'], ),
    sa.ForeignKeyConstraint(['edition_id'], ['edition.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('edition_id', 'key')
    )
    with op.batch_alter_table('evidence', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_evidence_cell_id'), ['cell_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_evidence_edition_id'), ['edition_id'], unique=False)

    op.create_table('scoring',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('cell_id', sa.Integer(), nullable=False),
    sa.Column('reviewer', sa.String(), nullable=False),
    sa.Column('role', sa.String(), nullable=False),
    sa.Column('outcome', sa.String(), nullable=False),
    sa.Column('score', sa.Integer(), nullable=True),
    sa.Column('rationale', sa.String(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['cell_id'], ['cell.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('scoring', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_scoring_cell_id'), ['cell_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('scoring', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_scoring_cell_id'))

    op.drop_table('scoring')
    with op.batch_alter_table('evidence', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_evidence_edition_id'))
        batch_op.drop_index(batch_op.f('ix_evidence_cell_id'))

    op.drop_table('evidence')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_vendor_id'))
        batch_op.drop_index(batch_op.f('ix_event_edition_id'))

    op.drop_table('event')
    with op.batch_alter_table('cell', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_cell_vendor_id'))
        batch_op.drop_index(batch_op.f('ix_cell_edition_id'))

    op.drop_table('cell')
    with op.batch_alter_table('vendor', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vendor_edition_id'))

    op.drop_table('vendor')
    with op.batch_alter_table('source_conflict', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_source_conflict_edition_id'))

    op.drop_table('source_conflict')
    with op.batch_alter_table('revision', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_revision_edition_id'))

    op.drop_table('revision')
    with op.batch_alter_table('reply_response', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_reply_response_edition_id'))

    op.drop_table('reply_response')
    with op.batch_alter_table('reply_packet', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_reply_packet_edition_id'))

    op.drop_table('reply_packet')
    with op.batch_alter_table('manual_blocker', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_manual_blocker_edition_id'))

    op.drop_table('manual_blocker')
    with op.batch_alter_table('edition', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_edition_verification_date'))

    op.drop_table('edition')
    op.drop_table('change_log')
    with op.batch_alter_table('capture', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_capture_sha256'))

    op.drop_table('capture')
