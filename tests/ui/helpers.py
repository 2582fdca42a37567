"""Steps a reviewer takes in the UI, shared by the UI tests."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Select

from scorecard.domain.enums import DimensionId
from scorecard.ui.app import ScorecardApp
from scorecard.ui.screens.cell import CellScreen
from scorecard.ui.widgets.scoregrid import ScoreGrid

SIZE = (160, 45)


async def settle(pilot: Pilot[Any]) -> None:
    """Waits until no worker runs and every message they posted has been handled."""
    app = pilot.app
    for _ in range(20):
        await pilot.pause()
        running = [worker for worker in app.workers if worker.is_running]
        if not running:
            await pilot.pause()
            if not any(worker.is_running for worker in app.workers):
                return
        else:
            await app.workers.wait_for_complete(running)
    raise AssertionError("the UI kept working")


def scorecard(pilot: Pilot[Any]) -> ScorecardApp:
    app = pilot.app
    assert isinstance(app, ScorecardApp)
    return app


async def open_cell(pilot: Pilot[Any], vendor: str, dimension: DimensionId) -> CellScreen:
    """Moves the grid cursor with h/j/k/l from the top-left corner and opens the cell with Enter."""
    await settle(pilot)
    app = scorecard(pilot)
    assert app.state is not None
    grid = app.screen.query_one(ScoreGrid)
    grid.move_cursor(row=0, column=0)
    row = [v.vendor.key for v in app.state.vendors_in_order()].index(vendor)
    column = 2 + list(DimensionId).index(dimension)
    await pilot.press(*(["j"] * row), *(["l"] * column), "enter")
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, CellScreen)
    assert (screen.vendor_key, screen.dimension) == (vendor, dimension)
    return screen


async def type_into(pilot: Pilot[Any], selector: str, text: str) -> None:
    """Focuses an input, empties it and types the text key by key."""
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    field.value = ""
    await pilot.press(*text)


def choose(pilot: Pilot[Any], selector: str, value: str) -> None:
    pilot.app.screen.query_one(selector, Select).value = value
