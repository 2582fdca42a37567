"""Backing up the evidence database to a file, and restoring one into an empty database."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from sqlalchemy.engine import make_url

from scorecard.services.context import Context, ServiceError
from scorecard.storage import backup as storage_backup
from scorecard.storage import changelog
from scorecard.storage.engine import head_revision, is_sqlite


class BackupFormat(StrEnum):
    """auto: a SQLite file for SQLite, JSON for PostgreSQL; json: a portable dump for either."""

    AUTO = "auto"
    JSON = "json"


@dataclass(frozen=True, slots=True)
class BackupReport:
    path: Path
    kind: str  # "sqlite" or "json"
    rows: dict[str, int]

    @property
    def total_rows(self) -> int:
        return sum(self.rows.values())


@dataclass(frozen=True, slots=True)
class RestoreReport:
    path: Path
    rows: int
    replaced_rows: int
    chain_intact: bool
    chain_problem: str | None


def _sqlite_file(ctx: Context) -> Path | None:
    database = make_url(str(ctx.session.connection().engine.url)).database
    if not database or database == ":memory:":
        return None
    return Path(database).resolve()


def backup_database(
    ctx: Context, path: Path, fmt: BackupFormat = BackupFormat.AUTO
) -> BackupReport:
    """Writes a backup of every table to `path`, replacing any file there only when complete."""
    if ctx.session.get_bind().dialect.name == "postgresql":
        # One snapshot for every table, so rows written meanwhile cannot half-appear.
        connection = ctx.session.connection(
            execution_options={"isolation_level": "REPEATABLE READ"}
        )
    else:
        connection = ctx.session.connection()
    database_file = _sqlite_file(ctx) if is_sqlite(connection) else None
    if database_file is not None and path.resolve() == database_file:
        raise ServiceError(f"{path} is the database itself; choose another backup file.")
    if path.is_dir():
        raise ServiceError(f"{path} is a folder; name the backup file.")
    try:
        if is_sqlite(connection) and fmt == BackupFormat.AUTO:
            return BackupReport(
                path, "sqlite", storage_backup.write_sqlite_backup(ctx.session, path)
            )
        return BackupReport(path, "json", storage_backup.write_json_backup(ctx.session, path))
    except OSError as exc:
        raise ServiceError(f"{path}: cannot be written ({exc.strerror or exc}).") from None


def restore_database(ctx: Context, path: Path, *, force: bool = False) -> RestoreReport:
    """Loads a backup into the database in one transaction.

    The database must be empty (a new file, or a new PostgreSQL database); with `force`, every
    row already in it is replaced. A file that is not a backup, or one made by a tool with a
    different schema, is refused before anything is written.
    """
    try:
        contents = storage_backup.read_backup(path)
    except storage_backup.BackupError as exc:
        raise ServiceError(f"{exc}.") from None
    expected = head_revision()
    if contents.schema_revision != expected:
        raise ServiceError(
            f"{path} was made with database schema {contents.schema_revision}; this tool's "
            f"schema is {expected}. Restore it with the version of the tool that made it."
        )
    existing = storage_backup.stored_rows(ctx.session)
    if existing and not force:
        summary = ", ".join(f"{count} {name}" for name, count in sorted(existing.items()))
        raise ServiceError(
            f"The database is not empty ({summary} rows); restore into an empty database, "
            "or give --force to replace everything in it.",
        )
    try:
        storage_backup.restore_contents(ctx.session, contents, replace=bool(existing))
    except storage_backup.BackupError as exc:
        raise ServiceError(f"{path}: {exc}.") from None
    broken = changelog.verify_chain(ctx.session)
    return RestoreReport(
        path=path,
        rows=contents.row_count,
        replaced_rows=sum(existing.values()),
        chain_intact=broken is None,
        chain_problem=None if broken is None else f"entry {broken.entry_id}: {broken.reason}",
    )
