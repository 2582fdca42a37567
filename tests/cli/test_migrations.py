"""Alembic migrations bring an empty database to the newest schema, and again is a no-op."""

from __future__ import annotations

from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from scorecard.storage.engine import alembic_config, create_db_engine, migrate
from scorecard.storage.tables import SQLModel


def test_an_empty_database_upgrades_to_the_single_head(db_url: str) -> None:
    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    assert len(heads) == 1
    engine = create_db_engine(db_url)
    migrate(engine)
    migrate(engine)
    tables = set(inspect(engine).get_table_names())
    assert set(SQLModel.metadata.tables) <= tables
    with engine.connect() as connection:
        version = connection.exec_driver_sql("select version_num from alembic_version").scalar()
    assert version == heads[0]
    engine.dispose()
