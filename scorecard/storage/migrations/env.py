"""Alembic environment: runs migrations on the connection the caller hands over."""

from alembic import context
from sqlmodel import SQLModel

from scorecard.storage import tables  # noqa: F401  (registers the tables on the metadata)

target_metadata = SQLModel.metadata
connection = context.config.attributes.get("connection")

if connection is None:
    raise RuntimeError("scorecard migrations run through scorecard.storage.engine.migrate()")

context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
