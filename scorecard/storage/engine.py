"""Opens a database by URL, migrates it to the newest schema, and hands out sessions.

Nothing here runs at import time: callers create an engine when they need one.

Concurrent writers are serialized, so that no edit is lost and the change log's hash chain never
forks (two entries linked to the same predecessor):

- SQLite: the pysqlite driver's own transaction handling is switched off and every transaction
  starts with `BEGIN IMMEDIATE`, which takes the database's write lock at BEGIN. A second writer
  waits (busy_timeout) instead of failing half-way with "database is locked" when it upgrades a
  read lock, and what a transaction read cannot change before it commits. Keep transactions
  short: a transaction holds the write lock for as long as it is open.
- PostgreSQL: a transaction takes one advisory lock (`pg_advisory_xact_lock`) before its first
  INSERT, UPDATE or DELETE and holds it until it ends. Taking it before any row lock keeps the
  lock order the same in every writer, so writers queue instead of deadlocking. Reads take no
  lock. `write_lock(session)` takes it explicitly (the change log does, before it reads the
  chain's head).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError
from sqlmodel import Session

DEFAULT_DB_PATH = Path("evidence") / "scorecard.db"
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
SQLITE_BUSY_TIMEOUT_MS = 10_000

# One application-wide advisory lock key (a signed 64-bit number derived from a fixed name).
WRITE_LOCK_KEY = int.from_bytes(hashlib.sha256(b"scorecard.write").digest()[:8], "big", signed=True)
_WRITE_LOCK_SQL = f"SELECT pg_advisory_xact_lock({WRITE_LOCK_KEY})"
_WRITE_STATEMENT = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
_LOCKED_FLAG = "scorecard_write_locked"


class DatabaseUrlError(ValueError):
    pass


def default_url() -> str:
    return os.environ.get("SCORECARD_DB") or f"sqlite:///{DEFAULT_DB_PATH}"


def is_postgresql(engine_or_connection: Engine | Connection) -> bool:
    return engine_or_connection.dialect.name == "postgresql"


def is_sqlite(engine_or_connection: Engine | Connection) -> bool:
    return engine_or_connection.dialect.name == "sqlite"


# ---- SQLite ---------------------------------------------------------------------------------


def _sqlite_connect(dbapi_connection: Any, _record: object) -> None:
    """Foreign keys on, wait for a busy database, and leave BEGIN to `_sqlite_begin`."""
    # isolation_level None stops pysqlite from issuing its own (deferred) BEGIN.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    """Every transaction takes the write lock at BEGIN (see the module docstring)."""
    connection.exec_driver_sql("BEGIN IMMEDIATE")


# ---- PostgreSQL -----------------------------------------------------------------------------


def _pg_begin(connection: Connection) -> None:
    connection.info[_LOCKED_FLAG] = False


def _pg_before_cursor_execute(
    connection: Connection,
    _cursor: object,
    statement: str,
    _parameters: object,
    _context: object,
    _executemany: bool,
) -> None:
    """Takes the write lock before the transaction's first INSERT, UPDATE or DELETE."""
    if connection.info.get(_LOCKED_FLAG) or not _WRITE_STATEMENT.match(statement):
        return
    cursor = connection.connection.cursor()
    try:
        cursor.execute(_WRITE_LOCK_SQL)
    finally:
        cursor.close()
    connection.info[_LOCKED_FLAG] = True


def write_lock(session: Session) -> None:
    """Makes the session's transaction the only writer until it ends.

    On PostgreSQL this takes the advisory lock now (a no-op when the transaction holds it); on
    SQLite the transaction already holds the database's write lock since BEGIN IMMEDIATE.
    """
    connection = session.connection()
    if is_postgresql(connection) and not connection.info.get(_LOCKED_FLAG):
        connection.exec_driver_sql(_WRITE_LOCK_SQL)
        connection.info[_LOCKED_FLAG] = True


# ---- engines --------------------------------------------------------------------------------


def _with_default_driver(parsed: URL) -> URL:
    """`postgresql://` means the installed psycopg 3 driver, not SQLAlchemy's psycopg2 default."""
    if parsed.drivername in ("postgresql", "postgres"):
        return parsed.set(drivername="postgresql+psycopg")
    return parsed


def create_db_engine(url: str) -> Engine:
    """An engine for the URL; a SQLite file's folder is created, and foreign keys are enforced."""
    try:
        parsed = _with_default_driver(make_url(url))
    except ArgumentError as exc:
        raise DatabaseUrlError(f"not a database URL: {url!r}") from exc
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(parsed)
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    try:
        engine = create_engine(parsed, pool_pre_ping=True)
    except Exception as exc:  # a missing driver or malformed URL surfaces here
        raise DatabaseUrlError(
            f"cannot open the database {parsed.render_as_string()}: {exc}"
        ) from exc
    if is_postgresql(engine):
        event.listen(engine, "begin", _pg_begin)
        event.listen(engine, "before_cursor_execute", _pg_before_cursor_execute)
    return engine


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def migrate(engine: Engine) -> None:
    """Brings the database schema to the newest migration (a no-op when it is current).

    The migration runs in one transaction holding the write lock, so two processes opening a new
    database at once do not both create the tables.
    """
    with engine.connect() as connection:
        # The common case, checked without running alembic's environment (a few tens of ms).
        if schema_revision(connection) == head_revision():
            return
    config = alembic_config()
    with engine.begin() as connection:
        if is_postgresql(connection):
            connection.exec_driver_sql(_WRITE_LOCK_SQL)
            connection.info[_LOCKED_FLAG] = True
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def schema_revision(connection: Connection) -> str | None:
    """The alembic revision the database is at, or None for a database never migrated."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


@cache
def head_revision() -> str:
    """The newest migration this version of the tool knows (fixed for an installed version)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


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
