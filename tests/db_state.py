"""Reads every row of every table, so a test can prove a refused command changed nothing."""

from __future__ import annotations

from typing import Any

from sqlalchemy import MetaData, create_engine, select


def database_state(url: str) -> dict[str, list[tuple[Any, ...]]]:
    engine = create_engine(url)
    try:
        metadata = MetaData()
        metadata.reflect(engine)
        with engine.connect() as connection:
            return {
                name: sorted(connection.execute(select(table)).all(), key=repr)
                for name, table in sorted(metadata.tables.items())
            }
    finally:
        engine.dispose()
