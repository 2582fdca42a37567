"""Blockers, the command palette, manual blockers, the vendor pentagon, and quitting cleanly."""

from __future__ import annotations

from typing import Any

from scorecard.domain.enums import DimensionId, Outcome
from scorecard.services import cells, history, records
from scorecard.ui.screens.blockers import BlockersScreen
from scorecard.ui.screens.cell import CellScreen
from scorecard.ui.screens.manual_blockers import ManualBlockersScreen
from scorecard.ui.screens.vendor import VendorScreen
from scorecard.ui.widgets.key_table import KeyTable
from tests.db_state import database_state
from tests.ui.helpers import SIZE, open_cell, settle, type_into

PRICE = DimensionId.PRICE_STABILITY


async def test_enter_on_a_cell_blocker_jumps_to_its_cell(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, BlockersScreen)
        blockers = app.blockers
        target = next(
            n
            for n, b in enumerate(blockers)
            if b.rule_id == "cell-unscored" and b.vendor == "tavily"
        )
        await pilot.press(*["j"] * target, "enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CellScreen)
        assert (screen.vendor_key, screen.dimension) == ("tavily", blockers[target].dimension)
        await pilot.press("escape")
        assert isinstance(app.screen, BlockersScreen)


async def test_the_command_palette_opens_every_screen(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"manual blockers")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ManualBlockersScreen)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"vendor: keenable")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, VendorScreen)
        assert app.screen.vendor_key == "keenable"


async def test_the_pentagon_draws_insufficient_history_on_the_rim_not_as_zero(
    make_app: Any,
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.open_vendor("keenable")
        await settle(pilot)
        chart = str(app.screen.query_one("#pentagon").render())
        assert "price IH insufficient history" in chart
        assert "◌" in chart
        assert "price 0" not in chart


async def test_manual_blockers_are_added_and_resolved(make_app: Any, read: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        before = len(read(records.list_manual_blockers))
        await pilot.press("a")
        await settle(pilot)
        await type_into(pilot, "#record-message", "Fictional blocker for the test")
        await pilot.press("ctrl+s")
        await settle(pilot)
        rows = read(records.list_manual_blockers)
        assert len(rows) == before + 1
        table = app.screen.query_one(KeyTable)
        assert table.row_count == before + 1
        table.move_cursor(row=before)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")  # an empty note: the service refuses it
        await settle(pilot)
        assert "needs a note" in str(app.screen.query_one("#manual-error").render())
        await pilot.press("enter")
        await settle(pilot)
        await type_into(pilot, "#prompt-input", "Fictional resolution")
        await pilot.press("enter")
        await settle(pilot)
    rows = read(records.list_manual_blockers)
    assert rows[-1].resolved and rows[-1].resolution_note == "Fictional resolution"


async def test_quitting_with_an_unsaved_edit_writes_nothing(make_app: Any, db_url: str) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_cell(pilot, "exa", PRICE)
        before = database_state(db_url)
        await pilot.press("2", "a")
        await type_into(pilot, "#ev-url", "https://example.com/fictional/unsaved")
        await pilot.press("escape", "q")
        await pilot.pause()
    assert not app.is_running
    assert database_state(db_url) == before


async def test_quitting_right_after_a_save_leaves_the_save_whole(make_app: Any, read: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_cell(pilot, "exa", PRICE)
        await pilot.press("2", "ctrl+s", "q")
        await pilot.pause()
    assert not app.is_running
    view = read(lambda c: cells.show_cell(c, "exa", PRICE))
    assert (view.cell.score.outcome, view.cell.score.score, view.version) == (
        Outcome.SCORED,
        2,
        2,
    )
    check = read(history.verify)
    assert check.broken is None
    assert any(entry.action == "score" for entry in read(lambda c: history.log_view(c, 5)).changes)
