"""Responsiveness of the reviewers' UI on a large fictional edition (not a test: a measurement).

Generates a database of 200 fictional vendors with 10,000 evidence items, then, in the same run
and alternating rounds, measures the time to the first frame that shows the vendor rows of:
- a bare Textual DataTable app given the same rows, already in memory (the baseline);
- the scorecard UI, from opening the database (open, read, judge, draw the grid);
- for context, a bare DataTable app that reads the same rows through the same service call.
Each round's ratio UI / baseline sets the UI run against the baseline run just before it; their
median must be at most 2. Then the time of one cursor move in the grid (key
press to the frame showing the moved cursor and the explained cell), whose 95th percentile
must stay under 50 ms. Frames are timed where the app composes them (headless: not printed).

Usage: .venv/bin/python benchmarks/ui_first_paint.py [--rounds N] [--moves N]
Prints the figures and exits non-zero when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import DataTable, Footer, Header

from scorecard.document.build import build_document
from scorecard.domain.assessment import VendorAssessment, assess_edition
from scorecard.domain.enums import DimensionId, EvidenceState, Outcome, SourceGrade
from scorecard.domain.models import CellScore, Edition, EditionSnapshot, EvidenceItem, Vendor
from scorecard.domain.rubric import load_rubric
from scorecard.domain.rules.ceiling import evidence_ceiling
from scorecard.presentation import age_text, cell_text
from scorecard.services import vendors
from scorecard.services.context import Context
from scorecard.services.database import open_database, unit_of_work
from scorecard.services.exchange import import_document
from scorecard.ui.app import ScorecardApp, read_edition
from scorecard.ui.backend import Backend
from scorecard.ui.messages import LoadFailed, StateLoaded
from scorecard.ui.screens.main import MainScreen
from scorecard.ui.startup import StartupCollector
from scorecard.ui.state import EditionState
from scorecard.ui.widgets.scoregrid import ScoreGrid

VENDORS = 200
ITEMS_PER_CELL = 10  # 200 vendors x 5 cells x 10 = 10,000 evidence items
TODAY = date(2026, 11, 29)
VERIFICATION = date(2026, 9, 3)
VALID_UNTIL = date(2026, 12, 2)
SIZE = (160, 45)
PAINT_RATIO_TARGET = 2.0
MOVE_TARGET_MS = 50.0
TIMEOUT = 120.0
MOVE_DEADLINE = 10.0
STATES = (
    EvidenceState.OBSERVED,
    EvidenceState.OBSERVED,
    EvidenceState.NOT_DISCLOSED,
    EvidenceState.OBSERVED_ABSENT,
)
GRADES = tuple(SourceGrade)


def fictional_snapshot() -> EditionSnapshot:
    """200 fictional vendors, every tenth excluded; scores at the ceiling or left unscored."""
    rubric = load_rubric("1")
    fictional_vendors: list[Vendor] = []
    items: list[EvidenceItem] = []
    scores: dict[tuple[str, DimensionId], CellScore] = {}
    for number in range(VENDORS):
        key = f"fictional-{number:03d}"
        excluded = number % 10 == 9
        fictional_vendors.append(
            Vendor(
                key=key,
                name=f"Fictional Vendor {number:03d}",
                founding_date=date(2015 + number % 10, 1 + number % 12, 1),
                included=not excluded,
                exclusion_reason="Fictional exclusion for the benchmark." if excluded else None,
            )
        )
        for dimension in DimensionId:
            spec = rubric.dimension(dimension)
            cell_items = []
            for n in range(ITEMS_PER_CELL):
                artifact = spec.artifacts[(number + n) % len(spec.artifacts)]
                state = STATES[(number * 7 + n) % len(STATES)]
                grade = (
                    GRADES[(number + n) % len(GRADES)] if state == EvidenceState.OBSERVED else None
                )
                if artifact.key in ("soc2_type2", "iso27001") and grade == GRADES[0]:
                    grade = SourceGrade.VENDOR_CLAIMED  # a verified report would need its hash
                cell_items.append(
                    EvidenceItem(
                        key=f"ev-{number:03d}-{dimension.value}-{n}",
                        vendor=key,
                        dimension=dimension,
                        artifact=artifact.key,
                        state=state,
                        grade=grade,
                        url=f"https://example.com/{key}/{dimension.value}/{n}",
                        retrieval_date=TODAY - timedelta(days=(number + n) % 120),
                    )
                )
            items.extend(cell_items)
            if (number + n) % 3:
                level = evidence_ceiling(spec, cell_items).level
                scores[(key, dimension)] = CellScore(Outcome.SCORED, level)
    return EditionSnapshot(
        edition=Edition(
            verification_date=VERIFICATION, valid_until=VALID_UNTIL, methodology_version="1"
        ),
        vendors=tuple(fictional_vendors),
        evidence=tuple(items),
        scores=scores,
    )


def generate_database(url: str) -> list[tuple[str, ...]]:
    """Writes the fictional edition through the import service; returns the grid's rows as text."""
    snapshot = fictional_snapshot()
    assessment = assess_edition(snapshot, load_rubric("1"), TODAY)
    engine = open_database(url, today=TODAY, seed=False)
    try:
        with unit_of_work(engine) as session:
            import_document(Context(session, TODAY, "benchmark"), build_document(assessment))
    finally:
        engine.dispose()
    return grid_rows(assessment.vendors)


def grid_rows(assessed: Sequence[VendorAssessment]) -> list[tuple[str, ...]]:
    """The grid's rows as text: name, age, and the five cells as the command line writes them."""
    return [
        (v.vendor.name, age_text(v), *(cell_text(v.cells[d]) for d in DimensionId))
        for v in assessed
    ]


def clear_garbage() -> None:
    """Collects what earlier runs left, so no run pays for collecting another run's garbage.

    What an earlier UI run froze at startup (scorecard/ui/startup.py) is unfrozen first, so it
    can be collected too.
    """
    gc.unfreeze()
    gc.collect()


class PaintClock:
    """Mixed into an App: notes when each frame is composed (headless: composed, not printed)."""

    def start_clock(self) -> None:
        self.frames: list[float] = []
        self.rows_shown = asyncio.Event()
        self.rows_at = 0.0

    def _display(self, screen: Any, renderable: Any) -> None:
        super()._display(screen, renderable)  # type: ignore[misc]
        if renderable is not None:
            self.frame_composed()

    def frame_composed(self) -> None:
        now = time.perf_counter()
        self.frames.append(now)
        if self.rows_at and not self.rows_shown.is_set():
            self.painted_at = now
            self.rows_shown.set()


class TableApp(PaintClock, App[None]):
    """A header, a DataTable and a footer: the bare apps the UI is measured against."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable()
        yield Footer()


class BareTableApp(TableApp):
    """The baseline: a header, a DataTable given the rows, and a footer."""

    def __init__(self, rows: list[tuple[str, ...]]) -> None:
        super().__init__()
        self.rows = rows
        self.start_clock()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("vendor", "age", *(d.value for d in DimensionId))
        table.add_rows(self.rows)
        table.focus()
        self.rows_at = time.perf_counter()


class ReadingTableApp(TableApp):
    """A bare DataTable app that reads the same rows through `vendors.list_vendors` first."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.start_clock()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("vendor", "age", *(d.value for d in DimensionId))
        table.focus()
        self.run_worker(self._read, thread=True)

    def _read(self) -> None:
        engine = open_database(self.url, today=TODAY, seed=False)
        try:
            with unit_of_work(engine) as session:
                assessed = vendors.list_vendors(Context(session, TODAY, "benchmark"))
        finally:
            engine.dispose()
        self.call_from_thread(self._show, grid_rows(assessed))

    def _show(self, rows: list[tuple[str, ...]]) -> None:
        self.query_one(DataTable).add_rows(rows)
        self.rows_at = time.perf_counter()


class TimedMainScreen(MainScreen):
    """The main screen, noting when its grid first holds the edition's rows.

    The same moment as the baseline's, which notes it right after `add_rows`: timing from the
    grid's `Populated` message instead would wait for that message to reach the app, frames
    after the rows are drawn.
    """

    def show_state(self, state: EditionState) -> None:
        super().show_state(state)
        app = self.app
        assert isinstance(app, TimedScorecardApp)
        if not app.rows_at:
            app.rows_at = time.perf_counter()


class TimedScorecardApp(PaintClock, ScorecardApp):
    """The real app, noting the first frame composed after the grid holds the edition's rows."""

    def __init__(
        self,
        backend: Backend,
        first_read: StateLoaded | LoadFailed,
        on_first_frame: Callable[[], None],
    ) -> None:
        super().__init__(backend, first_read, on_first_frame=on_first_frame)
        self.main_screen = TimedMainScreen()
        self.start_clock()


async def bare_paint(rows: list[tuple[str, ...]]) -> float:
    clear_garbage()
    started = time.perf_counter()
    app = BareTableApp(rows)
    async with app.run_test(size=SIZE):
        await asyncio.wait_for(app.rows_shown.wait(), TIMEOUT)
    return app.painted_at - started


async def reading_paint(url: str) -> float:
    clear_garbage()
    started = time.perf_counter()
    app = ReadingTableApp(url)
    async with app.run_test(size=SIZE):
        await asyncio.wait_for(app.rows_shown.wait(), TIMEOUT)
    return app.painted_at - started


async def next_frame(app: PaintClock, after: float) -> float:
    """The time of the first frame composed after `after`."""
    while not app.frames or app.frames[-1] <= after:
        await asyncio.sleep(0.0005)
    return next(frame for frame in app.frames if frame > after)


async def timed_moves(app: Any, moves: int, explained: Any) -> list[float]:
    """Key press to the frame that shows the move (and, in the UI, the cell explained).

    The cursor starts away from the table's edges, so no key of the cycle is a no-op; a move
    not shown within MOVE_DEADLINE seconds stops the run with a message instead of waiting on.
    """
    grid = app.screen.query_one(DataTable)
    grid.move_cursor(row=2, column=3, animate=False)
    keys = ("right", "down", "right", "down", "left", "down", "left", "up")
    times = []
    for index in range(moves):
        before = grid.cursor_coordinate
        pressed = time.perf_counter()
        app.post_message(events.Key(keys[index % len(keys)], None))
        while grid.cursor_coordinate == before or not explained():
            if time.perf_counter() - pressed > MOVE_DEADLINE:
                raise RuntimeError(
                    f"move {index} ({keys[index % len(keys)]}) from {before} was not shown "
                    f"within {MOVE_DEADLINE:.0f} s"
                )
            await asyncio.sleep(0.0005)
        shown = await next_frame(app, time.perf_counter())
        times.append(shown - pressed)
        await asyncio.sleep(0.02)
    return times


async def ui_paint(url: str, moves: int = 0) -> tuple[float, float, list[float]]:
    """Seconds from opening the database to the painted grid, of which reading; then moves.

    As `scorecard` starts the UI (scorecard/ui/launch.py): open, read and judge the edition with
    the collector held, then start the app with that read (the status line is left out).
    """
    clear_garbage()
    started = time.perf_counter()
    engine = open_database(url, today=TODAY, seed=False)
    backend = Backend(engine, today=TODAY, reviewer="benchmark", db_url=url)
    collector = StartupCollector()
    collector.hold()
    first_read = read_edition(backend)
    read_seconds = time.perf_counter() - started
    app = TimedScorecardApp(backend, first_read, on_first_frame=collector.release)
    move_times: list[float] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            await asyncio.wait_for(app.rows_shown.wait(), TIMEOUT)
            first_paint = app.painted_at - started
            if moves:
                await app.workers.wait_for_complete()
                await pilot.pause()
                screen = app.main_screen
                grid = screen.query_one(ScoreGrid)

                def explained() -> bool:
                    return screen.explained == grid.place()

                move_times = await timed_moves(app, moves, explained)
    finally:
        collector.release()
        engine.dispose()
    return first_paint, read_seconds, move_times


async def bare_moves(rows: list[tuple[str, ...]], moves: int) -> list[float]:
    """The same moves in the bare table, for comparison."""
    app = BareTableApp(rows)
    async with app.run_test(size=SIZE) as pilot:
        await asyncio.wait_for(app.rows_shown.wait(), TIMEOUT)
        await pilot.pause()
        return await timed_moves(app, moves, lambda: True)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def measure(url: str, rows: list[tuple[str, ...]], rounds: int, moves: int) -> int:
    bare_times: list[float] = []
    ui_times: list[float] = []
    read_times: list[float] = []
    reading_times: list[float] = []
    # Warm-up: imports, the first stylesheet parse and the first read are not what is compared.
    await bare_paint(rows)
    await ui_paint(url)
    await reading_paint(url)
    for _ in range(rounds):
        bare_times.append(await bare_paint(rows))
        paint, read, _ = await ui_paint(url)
        ui_times.append(paint)
        read_times.append(read)
        reading_times.append(await reading_paint(url))
    _, _, move_times = await ui_paint(url, moves)
    bare_move_times = await bare_moves(rows, moves)

    # Each round's UI run is set against the bare run just before it, so a slow spell of the
    # machine weighs on both sides of a ratio; the target applies to the median of those ratios.
    ratios = [ui_time / bare_time for ui_time, bare_time in zip(ui_times, bare_times, strict=True)]
    ratio = statistics.median(ratios)
    reading_ratio = statistics.median(
        ui_time / reading_time
        for ui_time, reading_time in zip(ui_times, reading_times, strict=True)
    )
    move_p95 = percentile(move_times, 0.95) * 1000
    print(f"vendors {VENDORS}, evidence items {VENDORS * 5 * ITEMS_PER_CELL}, rounds {rounds}")
    print(f"bare DataTable, rows in memory:   {_times(bare_times)}")
    print(f"scorecard UI, from the database:  {_times(ui_times)}")
    print(f"  of which opening, reading and judging the edition: {_times(read_times)}")
    print(f"bare DataTable reading the rows through vendors.list_vendors: {_times(reading_times)}")
    listed_ratios = ", ".join(f"{value:.2f}" for value in ratios)
    print(
        f"first-paint ratio UI / bare: median {ratio:.2f} over the rounds ({listed_ratios})"
        f" (target <= {PAINT_RATIO_TARGET:.1f})"
    )
    print(f"  for context, UI / bare reading the same rows: median {reading_ratio:.2f}")
    print(
        f"cell move: median {statistics.median(move_times) * 1000:.1f} ms, p95 {move_p95:.1f} ms,"
        f" max {max(move_times) * 1000:.1f} ms over {moves} moves"
        f" (target p95 < {MOVE_TARGET_MS:.0f} ms)"
    )
    print(
        f"  for context, the same moves in the bare DataTable: median "
        f"{statistics.median(bare_move_times) * 1000:.1f} ms"
    )
    missed = []
    if ratio > PAINT_RATIO_TARGET:
        missed.append("first paint")
    if move_p95 >= MOVE_TARGET_MS:
        missed.append("cell move")
    if missed:
        print("MISSED: " + ", ".join(missed))
        return 1
    print("all targets met")
    return 0


def _times(values: list[float]) -> str:
    listed = ", ".join(f"{value * 1000:.0f}" for value in values)
    return f"median {statistics.median(values) * 1000:.0f} ms ({listed})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'benchmark.db'}"
        started = time.perf_counter()
        rows = generate_database(url)
        print(f"generated the fictional database in {time.perf_counter() - started:.1f} s")
        return asyncio.run(measure(url, rows, args.rounds, args.moves))


if __name__ == "__main__":
    sys.exit(main())
