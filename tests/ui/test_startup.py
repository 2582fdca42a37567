"""Starting the UI: the edition read before the app starts, and the collector held meanwhile."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any, TypeVar

import pytest

from scorecard.services.context import Context
from scorecard.services.database import open_database
from scorecard.ui import launch as launch_module
from scorecard.ui.app import ScorecardApp, read_edition
from scorecard.ui.backend import Backend
from scorecard.ui.messages import LoadFailed, StateLoaded
from scorecard.ui.startup import StartupCollector
from scorecard.ui.state import load_edition_state
from scorecard.ui.widgets.scoregrid import ScoreGrid
from tests.conftest import TODAY
from tests.ui.helpers import SIZE, settle

T = TypeVar("T")


class CountingBackend(Backend):
    """Counts the reads of the whole edition, so a test can tell a second read happened."""

    edition_reads = 0

    def call_counted(
        self, action: Callable[[Context], T], *, bulk_read: bool = False
    ) -> tuple[int, T]:
        if action is load_edition_state:
            self.edition_reads += 1
        return super().call_counted(action, bulk_read=bulk_read)


@pytest.fixture
def counting_backend(db_url: str) -> Iterator[CountingBackend]:
    engine = open_database(db_url, today=TODAY)
    yield CountingBackend(engine, today=TODAY, reviewer="test-reviewer", db_url=db_url)
    engine.dispose()


@pytest.fixture
def collector_restored() -> Iterator[None]:
    """Leaves the process's collector as it found it, whatever the test froze or disabled."""
    was_enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if was_enabled:
        gc.enable()
    else:
        gc.disable()


async def test_a_read_made_before_start_is_in_the_first_frame_and_not_read_again(
    counting_backend: CountingBackend,
) -> None:
    first_read = read_edition(counting_backend)
    assert isinstance(first_read, StateLoaded)
    rows_at_first_frame: list[int] = []
    app = ScorecardApp(
        counting_backend,
        first_read,
        on_first_frame=lambda: rows_at_first_frame.append(
            app.main_screen.query_one(ScoreGrid).row_count
        ),
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert rows_at_first_frame == [7]
        assert counting_backend.edition_reads == 1
        assert app.blockers is not None, "the blockers are still counted from that read"


async def test_a_first_read_that_failed_is_shown_in_the_app(db_url: str) -> None:
    engine = open_database(db_url, today=TODAY, seed=False)
    backend = Backend(engine, today=TODAY, reviewer="test-reviewer", db_url=db_url)
    first_read = read_edition(backend)
    assert isinstance(first_read, LoadFailed)
    frames: list[str] = []
    app = ScorecardApp(backend, first_read, on_first_frame=lambda: frames.append("shown"))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            detail = str(app.main_screen.query_one("#cell-detail").render())
            assert "holds no edition yet" in detail
            assert frames == ["shown"]
    finally:
        engine.dispose()


def test_the_collector_is_held_until_release_then_freezes_what_startup_built(
    collector_restored: None,
) -> None:
    gc.enable()
    collector = StartupCollector()
    collector.hold()
    assert not gc.isenabled()
    collector.release()
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    collector.release()
    assert gc.isenabled()


def test_a_collector_the_caller_disabled_stays_disabled(collector_restored: None) -> None:
    gc.disable()
    collector = StartupCollector()
    collector.hold()
    collector.release()
    assert not gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_launch_reads_before_the_app_starts_and_always_releases_the_collector(
    db_url: str, monkeypatch: pytest.MonkeyPatch, collector_restored: None
) -> None:
    gc.enable()
    started: list[Any] = []

    def run(app: ScorecardApp) -> None:
        # The app never draws here, so only launch itself can give the collector back.
        started.append((app._first_read, gc.isenabled()))

    monkeypatch.setattr(ScorecardApp, "run", run)
    launch_module.launch(SimpleNamespace(db_url=db_url, today=TODAY))
    ((first_read, collecting_while_starting),) = started
    assert isinstance(first_read, StateLoaded)
    assert len(first_read.state.assessment.vendors) == 7
    assert not collecting_while_starting
    assert gc.isenabled()
