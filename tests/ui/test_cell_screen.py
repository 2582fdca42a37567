"""Scoring a cell and recording evidence in the UI; refusals show the rule's words, save nothing."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input

from scorecard.domain.enums import DimensionId, EditionStatus, EvidenceState, Outcome, SourceGrade
from scorecard.services import cells, editions, evidence, history
from scorecard.services.context import Context
from scorecard.ui.screens.revision_reason import RevisionReasonDialog
from scorecard.ui.widgets.scoregrid import ScoreGrid
from tests.db_state import database_state
from tests.ui.helpers import SIZE, choose, open_cell, settle, type_into

PRICE = DimensionId.PRICE_STABILITY


def _mark_published(ctx: Context) -> None:
    """Arranged directly: publishing itself is refused while the seed's blockers remain."""
    row = editions.current_edition(ctx)
    row.status = EditionStatus.PUBLISHED.value
    ctx.session.add(row)


def _error_text(app: Any, selector: str) -> str:
    error = app.screen.query_one(selector)
    return str(error.render()) if error.display else ""


async def test_scoring_a_cell_saves_the_score_and_shows_it_in_the_grid(
    make_app: Any, read: Any
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_cell(pilot, "exa", PRICE)
        await pilot.press("2", "ctrl+s")
        await settle(pilot)
        assert _error_text(app, "#score-error") == ""
        await pilot.press("escape")
        await settle(pilot)
        grid = app.screen.query_one(ScoreGrid)
        assert str(grid.get_cell("exa", PRICE.value)).startswith("2")
    view = read(lambda c: cells.show_cell(c, "exa", PRICE))
    assert (view.cell.score.outcome, view.cell.score.score) == (Outcome.SCORED, 2)
    assert view.version == 2


async def test_adding_evidence_lists_it_and_raises_the_ceiling(make_app: Any, read: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_cell(pilot, "exa", PRICE)
        ceiling_before = screen.detail.cell.ceiling.level
        await pilot.press("a")
        choose(pilot, "#ev-artifact", "live_pricing_page")
        choose(pilot, "#ev-grade", SourceGrade.DIRECTLY_VERIFIABLE.value)
        await type_into(pilot, "#ev-url", "https://example.com/fictional/pricing")
        await type_into(pilot, "#ev-quote", "Fictional plan: 10 credits")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert _error_text(app, "#evidence-error") == ""
        assert not app.screen.query_one("#evidence-form").display
        table = app.screen.query_one("#evidence")
        assert table.row_count == 1
        assert screen.detail.cell.ceiling.level > ceiling_before
    items = read(lambda c: evidence.list_evidence(c, "exa", PRICE))
    assert len(items) == 1
    item = items[0]
    assert (item.artifact, item.state, item.grade) == (
        "live_pricing_page",
        EvidenceState.OBSERVED,
        SourceGrade.DIRECTLY_VERIFIABLE,
    )
    assert item.url == "https://example.com/fictional/pricing"
    assert item.retrieval_date is not None and item.retrieval_date.isoformat() == "2026-11-29"


async def test_a_score_above_the_ceiling_is_refused_inline_and_saves_nothing(
    make_app: Any, db_url: str
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_cell(pilot, "exa", PRICE)
        assert screen.detail.cell.ceiling.level < 4
        before = database_state(db_url)
        await pilot.press("4", "ctrl+s")
        await settle(pilot)
        message = _error_text(app, "#score-error")
        assert "[score-above-ceiling]" in message
        assert "above the evidence ceiling" in message
        assert database_state(db_url) == before


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("javascript:alert(1)", ("javascript", "only http and https")),
        # A lone surrogate: what a paste of bytes that are not UTF-8 can leave in a field.
        ("https://example.com/\udcff", ("not valid UTF-8",)),
    ],
    ids=["javascript-url", "text-that-cannot-be-stored"],
)
async def test_a_url_that_cannot_be_cited_or_stored_is_refused_inline_and_saves_nothing(
    make_app: Any, db_url: str, url: str, expected: tuple[str, ...]
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_cell(pilot, "exa", PRICE)
        before = database_state(db_url)
        await pilot.press("a")
        choose(pilot, "#ev-artifact", "live_pricing_page")
        choose(pilot, "#ev-grade", SourceGrade.VENDOR_CLAIMED.value)
        app.screen.query_one("#ev-url", Input).value = url
        await pilot.press("ctrl+s")
        await settle(pilot)
        message = _error_text(app, "#evidence-error")
        assert all(words in message for words in expected), message
        assert app.screen.query_one("#evidence-form").display
        assert database_state(db_url) == before


async def test_a_date_that_is_not_a_date_is_refused_before_reaching_the_database(
    make_app: Any, db_url: str
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_cell(pilot, "exa", PRICE)
        before = database_state(db_url)
        await pilot.press("a")
        choose(pilot, "#ev-artifact", "live_pricing_page")
        await type_into(pilot, "#ev-date", "2026-02-30")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "'2026-02-30' is not a calendar date" in _error_text(app, "#evidence-error")
        assert database_state(db_url) == before


async def test_an_edit_based_on_an_old_version_is_refused_with_both_versions(
    make_app: Any, read: Any, db_url: str
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_cell(pilot, "exa", PRICE)
        # Another reviewer scores the cell while this one is still thinking.
        read(
            lambda c: cells.set_cell(
                c,
                "exa",
                PRICE,
                outcome=Outcome.SCORED,
                score=1,
                rationale="fictional other reviewer",
            )
        )
        before = database_state(db_url)
        await pilot.press("2", "ctrl+s")
        await settle(pilot)
        message = _error_text(app, "#score-error")
        assert "version 1, now 2" in message
        assert database_state(db_url) == before


async def test_a_published_edition_asks_for_the_revision_reason_before_saving(
    make_app: Any, read: Any, db_url: str
) -> None:
    read(_mark_published)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_cell(pilot, "exa", PRICE)
        before = database_state(db_url)
        await pilot.press("2", "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, RevisionReasonDialog)
        assert database_state(db_url) == before
        await type_into(pilot, "#revision-reason", "Fictional correction")
        await pilot.press("ctrl+s")
        await settle(pilot)
    view = read(lambda c: cells.show_cell(c, "exa", PRICE))
    assert view.cell.score.score == 2
    revisions = read(lambda c: history.log_view(c, 10)).revisions
    assert [r.reason for r in revisions if r.field == "score"] == ["Fictional correction"]


async def test_cancelling_the_revision_reason_saves_nothing(
    make_app: Any, read: Any, db_url: str
) -> None:
    read(_mark_published)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_cell(pilot, "exa", PRICE)
        before = database_state(db_url)
        await pilot.press("2", "ctrl+s")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert database_state(db_url) == before
