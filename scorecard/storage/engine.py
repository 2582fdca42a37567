"""Opens a database by URL, migrates it to the newest schema, and hands out sessions.

Nothing here runs at import time: callers create an engine when they need one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlmodel import Session

DEFAULT_DB_PATH = Path("evidence") / "scorecard.db"
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


class DatabaseUrlError(ValueError):
    pass


def default_url() -> str:
    return os.environ.get("SCORECARD_DB") or f"sqlite:///{DEFAULT_DB_PATH}"


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def create_db_engine(url: str) -> Engine:
    """An engine for the URL; a SQLite file's folder is created, and foreign keys are enforced."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise DatabaseUrlError(f"not a database URL: {url!r}") from exc
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    try:
        return create_engine(url, pool_pre_ping=True)
    except Exception as exc:  # a missing driver or malformed URL surfaces here
        raise DatabaseUrlError(f"cannot open {parsed.render_as_string()}: {exc}") from exc


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def migrate(engine: Engine) -> None:
    """Brings the database schema to the newest migration (a no-op when it is current)."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def is_empty(engine: Engine) -> bool:
    return not inspect(engine).has_table("edition")


@contextmanager
def unit_of_work(engine: Engine) -> Iterator[Session]:
    """One transaction: committed when the block ends cleanly, rolled back on any error."""
    with Session(engine, expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise
