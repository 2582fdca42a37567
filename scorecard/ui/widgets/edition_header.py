"""The header of every screen: edition version, dates, status, and the STALE banner."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from scorecard.ui.state import EditionState
from scorecard.ui.widgets.plain import Plain

if TYPE_CHECKING:
    from scorecard.ui.app import ScorecardApp


def edition_line(state: EditionState, today_text: str) -> str:
    edition = state.edition
    version = edition.version or "[VERSION] unresolved"
    status = edition.status.value
    if edition.published_date:
        status += f" {edition.published_date}"
    if state.revision_needed:
        status += " (changes need a revision reason)"
    return (
        f"scorecard · edition {version} · {status} · verification {edition.verification_date}"
        f" · valid until {edition.valid_until} · checking date {today_text}"
    )


def stale_banner(state: EditionState) -> str:
    edition = state.edition
    return (
        f"STALE — this edition was valid until {edition.valid_until}; the checking date is "
        f"{state.assessment.today}. Re-verify and start a new edition before publishing."
    )


class EditionHeader(Vertical):
    def compose(self) -> ComposeResult:
        yield Plain("scorecard · reading the edition…", id="edition-line")
        yield Plain("", id="stale-banner")

    def on_mount(self) -> None:
        self.watch(self.app, "state", self._show)

    def _show(self, state: EditionState | None) -> None:
        banner = self.query_one("#stale-banner", Static)
        if state is None:
            banner.display = False
            return
        today_text = cast("ScorecardApp", self.app).backend.today.isoformat()
        self.query_one("#edition-line", Static).update(edition_line(state, today_text))
        banner.display = state.assessment.stale
        if state.assessment.stale:
            banner.update(stale_banner(state))
