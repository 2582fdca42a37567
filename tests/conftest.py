"""Shared fixtures: a fresh database per test, a fixed checking date, and a CLI runner."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from typer.testing import CliRunner

from scorecard.cli import app
from scorecard.services.context import Context
from scorecard.services.database import open_database
from scorecard.storage.engine import unit_of_work
from tests.pg_server import (
    PostgresServer,
    PostgresUnavailable,
    external_server,
    in_ci,
    start_server,
)

REPO_ROOT = Path(__file__).resolve().parents[1]
TODAY = date(2026, 11, 29)


@pytest.fixture(autouse=True)
def _isolated_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test reads the developer's database, reviewer name or checking date."""
    monkeypatch.delenv("SCORECARD_DB", raising=False)
    monkeypatch.delenv("SCORECARD_TODAY", raising=False)
    monkeypatch.setenv("SCORECARD_REVIEWER", "test-reviewer")
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'scorecard.db'}"


@pytest.fixture
def seeded_engine(db_url: str) -> Any:
    engine = open_database(db_url, today=TODAY)
    yield engine
    engine.dispose()


@pytest.fixture
def context_factory(seeded_engine: Any) -> Iterator[Any]:
    """Opens one unit of work per `with` block, like a command does."""
    from contextlib import contextmanager

    @contextmanager
    def factory(today: date = TODAY, reviewer: str = "test-reviewer") -> Iterator[Context]:
        with unit_of_work(seeded_engine) as session:
            yield Context(session=session, today=today, reviewer=reviewer)

    yield factory


class Cli:
    """Runs `scorecard` in-process against one database; returns the click result."""

    def __init__(self, db_url: str) -> None:
        self.db_url = db_url
        self.runner = CliRunner()

    def __call__(self, *args: str, today: str = TODAY.isoformat()) -> Any:
        return self.runner.invoke(
            app, ["--db", self.db_url, "--today", today, *args], catch_exceptions=False
        )


@pytest.fixture
def cli(db_url: str) -> Cli:
    return Cli(db_url)


@pytest.fixture
def root_document() -> dict[str, Any]:
    return json.loads((REPO_ROOT / "scorecard.json").read_text("utf-8"))


# ---- PostgreSQL: one throwaway server per session, a fresh database per test ---------------


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    """A loopback PostgreSQL server: skipped with the reason locally when none can be started,
    a failure under CI=true (the PostgreSQL run is never silently skipped there)."""
    server = external_server()
    started_here = server is None
    if server is None:
        try:
            server = start_server()
        except PostgresUnavailable as exc:
            if in_ci():
                pytest.fail(f"PostgreSQL is required in CI: {exc}", pytrace=False)
            pytest.skip(f"PostgreSQL tests skipped: {exc}")
    try:
        yield server
    finally:
        if started_here:
            server.stop()


@pytest.fixture(scope="session")
def pg_url(pg_server: PostgresServer) -> Iterator[str]:
    """A database on the session's server, shared by the whole session."""
    url = pg_server.create_database("scorecard_session")
    yield url
    pg_server.drop_database(url)


@pytest.fixture
def fresh_pg_url(pg_server: PostgresServer) -> Iterator[str]:
    """An empty database of its own for one test, dropped afterwards."""
    url = pg_server.create_database()
    yield url
    pg_server.drop_database(url)


@pytest.fixture(
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)],
)
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database for one test, once on a SQLite file and once on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'scorecard.db'}"
    url: str = request.getfixturevalue("fresh_pg_url")
    return url


@pytest.fixture
def any_seeded_engine(any_db_url: str) -> Iterator[Engine]:
    """The seeded edition on each engine."""
    engine = open_database(any_db_url, today=TODAY)
    yield engine
    engine.dispose()


@pytest.fixture
def any_context_factory(any_seeded_engine: Engine) -> Any:
    """Like `context_factory`, on each engine."""

    @contextmanager
    def factory(today: date = TODAY, reviewer: str = "test-reviewer") -> Iterator[Context]:
        with unit_of_work(any_seeded_engine) as session:
            yield Context(session=session, today=today, reviewer=reviewer)

    return factory


@pytest.fixture
def any_cli(any_db_url: str) -> Cli:
    """The CLI runner against each engine."""
    return Cli(any_db_url)
