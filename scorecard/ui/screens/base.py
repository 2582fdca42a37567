"""What every full screen shares: header, status line, key bindings, and service calls in workers."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer

from scorecard.services.context import Context
from scorecard.ui.backend import Backend, Refusal
from scorecard.ui.messages import ActionDone, ActionRefused, DataChanged
from scorecard.ui.state import EditionState
from scorecard.ui.widgets.edition_header import EditionHeader
from scorecard.ui.widgets.marks import MARK_CLASSES
from scorecard.ui.widgets.status_bar import StatusBar

if TYPE_CHECKING:
    from scorecard.ui.app import ScorecardApp

WRITE_GROUP = "write"
READ_GROUP = "read"


class ReviewScreen(Screen[None]):
    """A full screen of the UI. Subclasses compose their body and react to `show_state`."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]
    # The colours of score marks, for every widget of the screen (see widgets/marks.py).
    COMPONENT_CLASSES: ClassVar[set[str]] = set(MARK_CLASSES)

    def compose(self) -> ComposeResult:
        yield EditionHeader()
        yield from self.compose_body()
        yield StatusBar()
        yield Footer()

    def compose_body(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        # Textual calls every class's on_mount, the subclass's first: a subclass sets up its
        # widgets in its own on_mount (never calling this one), then this draws the state.
        self.watch(self.app, "state", self._state_changed)

    def _state_changed(self, state: EditionState | None) -> None:
        if state is not None:
            self.show_state(state)

    def show_state(self, state: EditionState) -> None:
        """Draws the screen from a fresh read of the edition."""

    @property
    def scorecard(self) -> ScorecardApp:
        return cast("ScorecardApp", self.app)

    @property
    def backend(self) -> Backend:
        return self.scorecard.backend

    @property
    def state(self) -> EditionState | None:
        return self.scorecard.state

    def submit(self, tag: str, action: Callable[[Context], Any], *, writes: bool = True) -> None:
        """Runs one service call in a worker; its outcome comes back as ActionDone/ActionRefused."""
        group = WRITE_GROUP if writes else READ_GROUP
        work = partial(self._perform, tag, action, writes)
        # A description of our own: Textual would otherwise describe the worker by `repr(work)`.
        self.run_worker(work, thread=True, group=group, name=tag, description=tag)

    def _perform(self, tag: str, action: Callable[[Context], Any], writes: bool) -> None:
        """Runs in a worker thread: calls the service and posts what happened, touching no widget."""
        try:
            result = self.backend.call(action)
        except Refusal as refusal:
            self.post_message(ActionRefused(tag, refusal.message))
            return
        self.post_message(ActionDone(tag, result))
        if writes:
            self.app.post_message(DataChanged(tag))

    def action_back(self) -> None:
        self.app.pop_screen()
