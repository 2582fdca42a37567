"""Backups of the whole database: a SQLite file copy, or a portable JSON dump of every table.

A SQLite database is copied with SQLite's online backup API through the session's own DBAPI
connection, so the copy is one consistent state of the file. Any database can also be dumped to
JSON (every table, every row, dates as ISO text, times in UTC), which is the form PostgreSQL
backups take and which restores into either engine. Both are written to a temporary file beside
the target and renamed over it, so an interrupted backup never leaves half a file.
"""

from __future__ import annotations

import base64
import json
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Connection,
    Date,
    DateTime,
    Integer,
    LargeBinary,
    MetaData,
    Table,
    create_engine,
    func,
    select,
    text,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from scorecard.storage.engine import is_postgresql, is_sqlite, schema_revision
from scorecard.storage.files import stage_atomic

FORMAT_NAME = "scorecard-backup"
FORMAT_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"
ALEMBIC_TABLE = "alembic_version"
INSERT_BATCH_ROWS = 500


class BackupError(ValueError):
    """The file is not a usable backup, or the backup cannot be written; the text says why."""


@dataclass(frozen=True, slots=True)
class BackupContents:
    """What a backup holds: its schema revision and every table's rows as column -> value."""

    schema_revision: str | None
    tables: dict[str, list[dict[str, Any]]]

    @property
    def row_count(self) -> int:
        return sum(len(rows) for rows in self.tables.values())


# ---- the tables -----------------------------------------------------------------------------


def _reflect(connection: Connection) -> list[Table]:
    """The database's own tables (not alembic's), parents before children."""
    metadata = MetaData()
    metadata.reflect(bind=connection)
    return [t for t in metadata.sorted_tables if t.name != ALEMBIC_TABLE]


def row_counts(connection: Connection) -> dict[str, int]:
    return {
        table.name: int(connection.execute(select(func.count()).select_from(table)).scalar_one())
        for table in _reflect(connection)
    }


def _read_tables(connection: Connection) -> dict[str, list[dict[str, Any]]]:
    tables: dict[str, list[dict[str, Any]]] = {}
    for table in _reflect(connection):
        order = [c for c in table.primary_key.columns] or list(table.columns)
        statement = select(table).order_by(*order)
        tables[table.name] = [dict(row._mapping) for row in connection.execute(statement)]
    return tables


# ---- encoding values as JSON ----------------------------------------------------------------


def _utc(value: datetime) -> datetime:
    """An aware UTC time; a naive one is already UTC (how SQLite stores the tool's times)."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def _encode(value: Any) -> Any:
    if isinstance(value, datetime):
        return _utc(value).isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, bytes | bytearray | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    return value


def _decode(table: Table, column_name: str, value: Any) -> Any:
    """A JSON value as the target column's Python type; BackupError names a bad value."""
    if value is None:
        return None
    column = table.columns[column_name]
    try:
        if isinstance(column.type, DateTime):
            parsed = value if isinstance(value, datetime) else datetime.fromisoformat(value)
            return _utc(parsed)
        if isinstance(column.type, Date):
            return value if isinstance(value, date) else date.fromisoformat(value)
        if isinstance(column.type, Boolean):
            if isinstance(value, bool) or value in (0, 1):
                return bool(value)
            raise ValueError("not a boolean")
        if isinstance(column.type, Integer):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError("not an integer")
            return value
        if isinstance(column.type, LargeBinary):
            return value if isinstance(value, bytes) else base64.b64decode(value, validate=True)
    except (TypeError, ValueError) as exc:
        raise BackupError(f"table {table.name}, column {column_name}: {value!r} ({exc})") from None
    if isinstance(value, datetime):
        return _utc(value)
    return value


# ---- writing backups ------------------------------------------------------------------------


def dump_json(session: Session) -> tuple[bytes, dict[str, int]]:
    """Every table of the session's database as a JSON backup, and the row count of each."""
    connection = session.connection()
    tables = _read_tables(connection)
    document = {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "schema_revision": schema_revision(connection),
        "source_engine": connection.dialect.name,
        "created_at": datetime.now(UTC).isoformat(),
        "tables": {
            name: {
                "columns": list(rows[0].keys()) if rows else [],
                "rows": [[_encode(value) for value in row.values()] for row in rows],
            }
            for name, rows in tables.items()
        },
    }
    data = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return data, {name: len(rows) for name, rows in tables.items()}


def _backup_mode(path: Path) -> int:
    """A backup holds everything, so a new one is private (0600); a replaced one keeps its mode."""
    return path.stat().st_mode & 0o777 if path.exists() else 0o600


def write_json_backup(session: Session, path: Path) -> dict[str, int]:
    data, counts = dump_json(session)
    staged = stage_atomic(path, data)
    try:
        os.chmod(staged.temp_path, _backup_mode(path))
        staged.install()
    finally:
        staged.discard()
    return counts


def write_sqlite_backup(session: Session, path: Path) -> dict[str, int]:
    """Copies the session's SQLite database to `path` with the online backup API.

    The session's transaction holds the write lock (BEGIN IMMEDIATE), so nobody writes while
    the copy is made; the copy itself reads through a second DBAPI connection, because SQLite
    refuses to back up through a connection that is inside a write transaction.
    """
    connection = session.connection()
    if not is_sqlite(connection):
        raise BackupError("a SQLite file backup needs a SQLite database")
    counts = row_counts(connection)
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _backup_mode(path)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.fchmod(fd, mode)
    os.close(fd)
    raw = connection.engine.raw_connection()
    try:
        source = raw.driver_connection
        assert isinstance(source, sqlite3.Connection)
        target = sqlite3.connect(temp_name)
        try:
            source.backup(target)
        finally:
            target.close()
            raw.close()
        with open(temp_name, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    return counts


# ---- reading backups ------------------------------------------------------------------------


def read_backup(path: Path) -> BackupContents:
    """The contents of a backup file of either kind; BackupError says why a file is not one."""
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        raise BackupError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise BackupError(f"{path}: a folder, not a backup file") from None
    except OSError as exc:
        raise BackupError(f"{path}: cannot be read ({exc.strerror})") from None
    if head == SQLITE_MAGIC:
        return _read_sqlite_backup(path)
    if head.lstrip()[:1] == b"{":
        return _read_json_backup(path)
    raise BackupError(
        f"{path} is not a scorecard backup: it is neither a SQLite database nor a JSON backup"
    )


@contextmanager
def _read_only_sqlite(path: Path) -> Iterator[Connection]:
    engine = create_engine(
        "sqlite://",
        creator=lambda: sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True),
    )
    try:
        with engine.connect() as connection:
            yield connection
    finally:
        engine.dispose()


def _read_sqlite_backup(path: Path) -> BackupContents:
    try:
        with _read_only_sqlite(path) as connection:
            check = connection.execute(text("PRAGMA quick_check")).scalar()
            if check != "ok":
                raise BackupError(f"{path} is a damaged SQLite file ({check})")
            revision = schema_revision(connection)
            if revision is None:
                raise BackupError(f"{path} is a SQLite database but not a scorecard backup")
            return BackupContents(schema_revision=revision, tables=_read_tables(connection))
    except SQLAlchemyError as exc:
        detail = getattr(exc, "orig", exc)
        raise BackupError(f"{path} cannot be read as a SQLite backup ({detail})") from None


def _read_json_backup(path: Path) -> BackupContents:
    try:
        document = json.loads(path.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BackupError(f"{path} is not a scorecard backup: not valid JSON ({exc})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        hint = ""
        if isinstance(document, dict) and "schema_version" in document:
            hint = " (it looks like an edition document: load that with `scorecard import`)"
        raise BackupError(f"{path} is not a scorecard backup{hint}")
    if document.get("format_version") != FORMAT_VERSION:
        raise BackupError(
            f"{path} is backup format {document.get('format_version')!r}; "
            f"this tool reads format {FORMAT_VERSION}"
        )
    raw_tables = document.get("tables")
    revision = document.get("schema_revision")
    if not isinstance(raw_tables, dict) or not (revision is None or isinstance(revision, str)):
        raise BackupError(f"{path} is a damaged scorecard backup (no table section)")
    tables: dict[str, list[dict[str, Any]]] = {}
    for name, section in raw_tables.items():
        columns = section.get("columns") if isinstance(section, dict) else None
        rows = section.get("rows") if isinstance(section, dict) else None
        if (
            not isinstance(columns, list)
            or not all(isinstance(c, str) for c in columns)
            or not isinstance(rows, list)
            or not all(isinstance(r, list) and len(r) == len(columns) for r in rows)
        ):
            raise BackupError(f"{path} is a damaged scorecard backup (table {name!r})")
        tables[name] = [dict(zip(columns, row, strict=True)) for row in rows]
    return BackupContents(schema_revision=revision, tables=tables)


# ---- restoring ------------------------------------------------------------------------------


def stored_rows(session: Session) -> dict[str, int]:
    """Row counts of the tables that hold rows (an empty database gives {})."""
    counts = row_counts(session.connection())
    return {name: count for name, count in counts.items() if count}


def restore_contents(session: Session, contents: BackupContents, *, replace: bool) -> None:
    """Writes the backup's rows into the session's database, in its transaction.

    With `replace`, every row already there is deleted first. Ids are kept, so the change log's
    order and every reference survive; PostgreSQL's id sequences are moved past them.
    """
    connection = session.connection()
    tables = _reflect(connection)
    known = {t.name: t for t in tables}
    unknown = sorted(set(contents.tables) - set(known))
    if unknown:
        raise BackupError(f"the backup has tables this database does not: {', '.join(unknown)}")
    if replace:
        for table in reversed(tables):
            connection.execute(table.delete())
    for table in tables:
        rows = contents.tables.get(table.name, [])
        extra = {c for row in rows for c in row} - set(table.columns.keys())
        if extra:
            raise BackupError(f"table {table.name} has unknown columns: {', '.join(sorted(extra))}")
        decoded = [{k: _decode(table, k, v) for k, v in row.items()} for row in rows]
        for start in range(0, len(decoded), INSERT_BATCH_ROWS):
            connection.execute(table.insert(), decoded[start : start + INSERT_BATCH_ROWS])
    if is_postgresql(connection):
        for table in tables:
            _move_sequence_past_ids(connection, table)


def _move_sequence_past_ids(connection: Connection, table: Table) -> None:
    if "id" not in table.columns or not isinstance(table.columns["id"].type, Integer):
        return
    sequence = connection.execute(
        text("SELECT pg_get_serial_sequence(:table, 'id')"), {"table": table.name}
    ).scalar()
    if sequence is None:
        return
    connection.execute(
        text(
            f'SELECT setval(:sequence, COALESCE((SELECT MAX(id) FROM "{table.name}"), 0) + 1, '
            "false)"
        ),
        {"sequence": sequence},
    )
