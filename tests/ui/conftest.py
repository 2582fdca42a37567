"""Fixtures for the terminal UI: an app on a fresh seeded database, run headless with a Pilot."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

from scorecard.services.context import Context
from scorecard.services.database import open_database, unit_of_work
from scorecard.ui.app import ScorecardApp
from scorecard.ui.backend import Backend
from tests.conftest import TODAY


@pytest.fixture
def make_app(db_url: str) -> Any:
    """Builds the app on the test database at a checking date (default: the tests' TODAY)."""
    engines: list[Any] = []

    def build(today: date = TODAY) -> ScorecardApp:
        engine = open_database(db_url, today=today)
        engines.append(engine)
        return ScorecardApp(Backend(engine, today=today, reviewer="test-reviewer", db_url=db_url))

    yield build
    for engine in engines:
        engine.dispose()


@pytest.fixture
def read(db_url: str) -> Any:
    """Runs a service call against the test database in its own transaction, as a check."""
    engine = open_database(db_url, today=TODAY)

    def call(action: Callable[[Context], Any]) -> Any:
        with unit_of_work(engine) as session:
            return action(Context(session=session, today=TODAY, reviewer="checker"))

    yield call
    engine.dispose()
