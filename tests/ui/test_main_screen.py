"""The main screen: vendors against dimensions, the marks, the header and its STALE banner."""

from __future__ import annotations

from datetime import date
from typing import Any

from scorecard.domain.enums import DimensionId
from scorecard.ui.screens.vendor import VendorScreen
from scorecard.ui.widgets.scoregrid import ScoreGrid
from tests.ui.helpers import SIZE, settle


def _banner(app: Any) -> Any:
    return app.screen.query_one("#stale-banner")


async def test_the_stale_banner_shows_after_valid_until(make_app: Any) -> None:
    app = make_app(date(2026, 12, 3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        banner = _banner(app)
        assert banner.display
        assert "STALE" in str(banner.render())
        assert "2026-12-02" in str(banner.render())


async def test_no_stale_banner_within_validity(make_app: Any) -> None:
    app = make_app(date(2026, 11, 29))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not _banner(app).display
        header = str(app.screen.query_one("#edition-line").render())
        assert "valid until 2026-12-02" in header and "verification 2026-09-03" in header
        assert "[VERSION] unresolved" in header


async def test_the_grid_marks_insufficient_history_and_unscored_never_as_zero(
    make_app: Any,
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(ScoreGrid)
        price = DimensionId.PRICE_STABILITY.value
        assert str(grid.get_cell("keenable", price)) == "IH"
        assert str(grid.get_cell("exa", price)) == "–"
        assert str(grid.get_cell("exa", DimensionId.DOCUMENTATION_COMMITMENT.value)) == "– (0/8)"
        assert str(grid.get_cell("exa", "age")) == "unverified"


async def test_excluded_vendors_come_last_and_are_marked(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(ScoreGrid)
        last_row = grid.coordinate_to_cell_key((grid.row_count - 1, 0)).row_key.value
        assert last_row == "serper"
        assert "excluded" in str(grid.get_cell("serper", "vendor"))
        grid.move_cursor(row=grid.row_count - 1, column=0)
        await settle(pilot)
        detail = str(app.screen.query_one("#cell-detail").render())
        assert "excluded:" in detail


async def test_the_footer_line_counts_the_publication_blockers(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.blockers is not None
        status = str(app.screen.query_one("StatusBar").render())
        assert f"publication blockers: {len(app.blockers)}" in status


async def test_arrows_and_hjkl_move_and_enter_on_a_name_opens_the_vendor(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(ScoreGrid)
        await pilot.press("l", "right", "j", "down", "h", "k", "left")
        assert tuple(grid.cursor_coordinate) == (1, 0)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, VendorScreen)
        chart = str(app.screen.query_one("#pentagon").render())
        assert "unscored" in chart
        await pilot.press("escape")
        assert app.screen.query_one(ScoreGrid)
