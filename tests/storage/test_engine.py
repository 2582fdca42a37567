"""The engine on SQLite and PostgreSQL: migrations, first use, and how writers are serialized."""

from __future__ import annotations

import sqlite3
import threading
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlmodel import select

from scorecard.services.database import open_database
from scorecard.storage import repository
from scorecard.storage.engine import (
    DatabaseUrlError,
    create_db_engine,
    head_revision,
    migrate,
    schema_revision,
    unit_of_work,
    write_lock,
)
from scorecard.storage.tables import ChangeLogRow, EditionRow, SQLModel

TODAY = date(2026, 11, 29)


def test_migrations_bring_an_empty_database_to_the_newest_schema(any_db_url: str) -> None:
    engine = create_db_engine(any_db_url)
    try:
        migrate(engine)
        migrate(engine)  # a second run changes nothing
        assert set(SQLModel.metadata.tables) <= set(inspect(engine).get_table_names())
        with engine.connect() as connection:
            assert schema_revision(connection) == head_revision()
    finally:
        engine.dispose()


def test_two_first_uses_at_once_seed_the_edition_once(any_db_url: str) -> None:
    """Two reviewers opening a new shared database together must not get two editions."""
    failures: list[BaseException] = []
    start = threading.Barrier(2)

    def first_use() -> None:
        try:
            start.wait(timeout=30)
            open_database(any_db_url, today=TODAY).dispose()
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=first_use) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert failures == []
    engine = create_db_engine(any_db_url)
    try:
        with unit_of_work(engine) as session:
            assert repository.edition_count(session) == 1
            assert len(session.exec(select(ChangeLogRow)).all()) == 1
    finally:
        engine.dispose()


def test_a_postgresql_url_without_a_driver_uses_psycopg() -> None:
    engine = create_db_engine("postgresql://reviewer@127.0.0.1:1/scorecard")
    try:
        assert engine.dialect.name == "postgresql"
        assert engine.dialect.driver == "psycopg"
    finally:
        engine.dispose()


@pytest.mark.parametrize("url", ["nonsense://", "not a url", "mysql+nosuchdriver://x/y"])
def test_an_unusable_url_is_refused_with_its_reason(url: str) -> None:
    with pytest.raises(DatabaseUrlError, match="database"):
        create_db_engine(url)


def test_a_sqlite_transaction_holds_the_write_lock_from_begin(tmp_path: Path) -> None:
    """A transaction that has only read still keeps other writers out until it ends, so what it
    read cannot change under it (BEGIN IMMEDIATE)."""
    url = f"sqlite:///{tmp_path / 'locked.db'}"
    engine = open_database(url, today=TODAY)
    try:
        with unit_of_work(engine) as session:
            session.exec(select(EditionRow)).all()
            other = sqlite3.connect(make_url(url).database or "", timeout=0.2)
            try:
                with pytest.raises(sqlite3.OperationalError, match="locked"):
                    other.execute("BEGIN IMMEDIATE")
            finally:
                other.close()
        other = sqlite3.connect(make_url(url).database or "", timeout=0.2)
        other.execute("BEGIN IMMEDIATE")  # free again once the transaction ended
        other.close()
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_a_postgresql_writer_holds_the_write_lock_until_it_ends(fresh_pg_url: str) -> None:
    engine = open_database(fresh_pg_url, today=TODAY)
    try:
        with unit_of_work(engine) as first:
            first.exec(select(EditionRow)).all()
            assert not _lock_is_taken(engine)  # reading takes no lock
            edition = first.exec(select(EditionRow)).one()
            edition.version = "locked"
            first.add(edition)
            first.flush()  # the first write takes it
            assert _lock_is_taken(engine)
        assert not _lock_is_taken(engine)
        with unit_of_work(engine) as explicit:
            write_lock(explicit)
            assert _lock_is_taken(engine)
    finally:
        engine.dispose()


def _lock_is_taken(engine: object) -> bool:
    """Whether another connection could not take the write lock right now."""
    from scorecard.storage.engine import WRITE_LOCK_KEY

    probe = create_db_engine(str(engine.url))  # type: ignore[attr-defined]
    try:
        with probe.connect() as connection:
            got = connection.execute(
                text("SELECT pg_try_advisory_xact_lock(:key)"), {"key": WRITE_LOCK_KEY}
            ).scalar()
            connection.rollback()
            return not got
    except OperationalError:
        return True
    finally:
        probe.dispose()
