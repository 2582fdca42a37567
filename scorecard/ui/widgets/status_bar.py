"""The line above the key bindings: publication blockers, work in progress, who and where."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from scorecard.domain.models import Blocker
from scorecard.ui.widgets.plain import Plain

if TYPE_CHECKING:
    from scorecard.ui.app import ScorecardApp

# How often the line checks for running database work, in seconds.
POLL_SECONDS = 0.25


class StatusBar(Plain):
    def on_mount(self) -> None:
        self._working = False
        self.watch(self.app, "blockers", self._show)
        self.set_interval(POLL_SECONDS, self._poll_work)

    @property
    def scorecard(self) -> ScorecardApp:
        return cast("ScorecardApp", self.app)

    def _poll_work(self) -> None:
        working = any(worker.is_running for worker in self.app.workers)
        if working != self._working:
            self._working = working
            self._show(self.scorecard.blockers)

    def _show(self, blockers: tuple[Blocker, ...] | None) -> None:
        backend = self.scorecard.backend
        if blockers is None:
            count = "publication blockers: counting…"
        else:
            count = f"publication blockers: {len(blockers)} (b lists them)"
        self.set_class(bool(blockers), "-blocked")
        work = " · working…" if self._working else ""
        self.update(f"{count}{work} · reviewer {backend.reviewer} · {backend.db_url}")
