"""The command palette (ctrl+p): every screen and action, every vendor and every cell."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from scorecard.domain.enums import DimensionId

if TYPE_CHECKING:
    from scorecard.ui.app import ScorecardApp

Command = tuple[str, Callable[[], object], str]


class ScorecardCommands(Provider):
    @property
    def scorecard(self) -> ScorecardApp:
        return cast("ScorecardApp", self.app)

    def actions(self) -> list[Command]:
        app = self.scorecard
        return [
            ("Score grid", app.action_home, "All vendors against the five dimensions"),
            ("Publication blockers", app.action_open_blockers, "What blocks publication now"),
            (
                "Change and revision log",
                app.action_open_log,
                "Every write, and published revisions",
            ),
            ("Source conflicts", app.action_open_conflicts, "Log and resolve source conflicts"),
            (
                "Manual blockers",
                app.action_open_manual_blockers,
                "Add and resolve blockers by hand",
            ),
            ("Read the database again", app.action_reload, "Reload the edition"),
            ("Help: keys and legend", app.action_help, "Every key binding and mark"),
            ("Quit", app.action_quit, "Leave the scorecard"),
        ]

    def places(self) -> list[Command]:
        """A command for every vendor and every cell of the current edition."""
        app = self.scorecard
        state = app.state
        if state is None:
            return []
        found: list[Command] = []
        for assessed in state.vendors_in_order():
            vendor = assessed.vendor
            found.append(
                (
                    f"Vendor: {vendor.name}",
                    partial(app.open_vendor, vendor.key),
                    "Facts and pentagon",
                )
            )
            for dimension in DimensionId:
                found.append(
                    (
                        f"Cell: {vendor.name} / {state.spec(dimension).name}",
                        partial(app.open_cell, vendor.key, dimension),
                        "Anchors, score and evidence",
                    )
                )
        return found

    async def discover(self) -> Hits:
        for text, command, help_text in self.actions():
            yield DiscoveryHit(text, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, command, help_text in [*self.actions(), *self.places()]:
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), command, text=text, help=help_text)
