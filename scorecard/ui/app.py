"""The reviewers' terminal UI: key bindings, shared header and footer, and reading the edition.

The app owns the shared state (the current read of the edition and its blockers). Reads and
writes run in worker threads, one unit of work each; workers post messages and the handlers
here and in the screens own every change to the state. The first read may be done before the
app starts (see `launch`), so the first screen is laid out once, with the edition in it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.screen import Screen

from scorecard.domain.blockers import compute_blockers
from scorecard.domain.enums import DimensionId
from scorecard.domain.models import Blocker
from scorecard.ui.backend import Backend, Refusal
from scorecard.ui.commands import ScorecardCommands
from scorecard.ui.messages import (
    BlockersCounted,
    DataChanged,
    LoadFailed,
    OpenCell,
    OpenVendor,
    StateLoaded,
)
from scorecard.ui.screens.base import READ_GROUP, WRITE_GROUP
from scorecard.ui.screens.blockers import BlockersScreen
from scorecard.ui.screens.cell import CellScreen
from scorecard.ui.screens.conflicts import ConflictsScreen
from scorecard.ui.screens.help import HelpScreen
from scorecard.ui.screens.log import LogScreen
from scorecard.ui.screens.main import MainScreen
from scorecard.ui.screens.manual_blockers import ManualBlockersScreen
from scorecard.ui.screens.vendor import VendorScreen
from scorecard.ui.state import EditionState, load_edition_state
from scorecard.ui.widgets.scoregrid import ScoreGrid


def read_edition(backend: Backend) -> StateLoaded | LoadFailed:
    """Reads and judges the current edition in one transaction (off the event loop)."""
    try:
        sequence, state = backend.call_counted(load_edition_state, bulk_read=True)
    except Refusal as refusal:
        return LoadFailed(refusal.message)
    return StateLoaded(sequence, state)


class ScorecardApp(App[None]):
    # Absolute, so a subclass in another folder (the benchmark) finds the one stylesheet too.
    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "scorecard"
    COMMANDS = App.COMMANDS | {ScorecardCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit"),
        Binding("question_mark", "help", "Help"),
        Binding("b", "open_blockers", "Blockers"),
        Binding("c", "open_conflicts", "Conflicts", show=False),
        Binding("m", "open_manual_blockers", "Manual blockers", show=False),
        Binding("L", "open_log", "Log", show=False),
        Binding("r", "reload", "Reload", show=False),
    ]

    # The current read of the edition; compared by identity, as every read is a new value.
    state: var[EditionState | None] = var(None, always_update=True)
    blockers: var[tuple[Blocker, ...] | None] = var(None, always_update=True)

    def __init__(
        self,
        backend: Backend,
        first_read: StateLoaded | LoadFailed | None = None,
        *,
        on_first_frame: Callable[[], None] | None = None,
    ) -> None:
        """`first_read` is a read made before the app started; `on_first_frame` is called once
        the first screen shows the edition (or why it could not be read)."""
        super().__init__()
        self.backend = backend
        self._first_read = first_read
        self._on_first_frame = on_first_frame
        self._applied_read = 0
        self._uncounted: tuple[int, EditionState] | None = None
        self.main_screen = MainScreen()

    def get_default_screen(self) -> Screen[None]:
        return self.main_screen

    def on_load(self) -> None:
        first_read, self._first_read = self._first_read, None
        if isinstance(first_read, StateLoaded):
            # Applied before the screens mount: the grid is drawn in the first frame.
            self.on_state_loaded(first_read)
        elif isinstance(first_read, LoadFailed):
            # Shown once the screens exist to show it.
            self.call_after_refresh(self.on_load_failed, first_read)
        else:
            # Reading starts before the screens are built, so the two overlap.
            self.reload()

    # ---- reading the edition -----------------------------------------------------------------

    def reload(self) -> None:
        self.run_worker(self._read_edition, thread=True, group=READ_GROUP, name="read-edition")

    def _read_edition(self) -> None:
        """Runs in a worker thread: reads and judges the edition, and posts what it found."""
        self.post_message(read_edition(self.backend))

    def _count_blockers(self, sequence: int, state: EditionState) -> None:
        """Runs in a worker thread: the rules of `editions.blockers`, applied to the assessment
        just read rather than to a second read of the database."""
        self.post_message(BlockersCounted(sequence, tuple(compute_blockers(state.assessment))))

    def on_state_loaded(self, message: StateLoaded) -> None:
        if message.sequence < self._applied_read:
            return
        self._applied_read = message.sequence
        self._uncounted = (message.sequence, message.state)
        self.state = message.state
        # The blockers are counted once the grid shows the new read, so counting them never
        # delays the grid; with another screen on top there is no grid to wait for.
        if self.screen_stack and self.screen is not self.main_screen:
            self._count_uncounted()

    def on_score_grid_populated(self, message: ScoreGrid.Populated) -> None:
        self.call_after_refresh(self._count_uncounted)
        self.call_after_refresh(self._first_frame_shown)

    def _first_frame_shown(self) -> None:
        on_first_frame, self._on_first_frame = self._on_first_frame, None
        if on_first_frame is not None:
            on_first_frame()

    def _count_uncounted(self) -> None:
        if self._uncounted is None:
            return
        sequence, state = self._uncounted
        self._uncounted = None
        self.run_worker(
            partial(self._count_blockers, sequence, state),
            thread=True,
            group=READ_GROUP,
            name="count-blockers",
            # Without a description Textual writes `repr(work)`: the whole edition, as text.
            description="count-blockers",
        )

    def on_blockers_counted(self, message: BlockersCounted) -> None:
        if message.sequence == self._applied_read:
            self.blockers = message.blockers

    def on_load_failed(self, message: LoadFailed) -> None:
        self.main_screen.show_problem(message.message)
        self.notify(message.message, severity="error", timeout=15)
        self.call_after_refresh(self._first_frame_shown)

    def on_data_changed(self, message: DataChanged) -> None:
        self.reload()

    # ---- navigation --------------------------------------------------------------------------

    def on_open_cell(self, message: OpenCell) -> None:
        self.open_cell(message.vendor, message.dimension)

    def on_open_vendor(self, message: OpenVendor) -> None:
        self.open_vendor(message.vendor)

    def open_cell(self, vendor: str, dimension: DimensionId) -> None:
        if self.state is None:
            return
        self.push_screen(CellScreen(vendor, dimension, self.state.spec(dimension)))

    def open_vendor(self, vendor: str) -> None:
        self.push_screen(VendorScreen(vendor))

    def _open(self, screen_type: type[Screen[None]]) -> None:
        if not isinstance(self.screen, screen_type):
            self.push_screen(screen_type())

    def action_open_blockers(self) -> None:
        self._open(BlockersScreen)

    def action_open_log(self) -> None:
        self._open(LogScreen)

    def action_open_conflicts(self) -> None:
        self._open(ConflictsScreen)

    def action_open_manual_blockers(self) -> None:
        self._open(ManualBlockersScreen)

    def action_home(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_reload(self) -> None:
        self.reload()

    async def action_quit(self) -> None:
        """Leaves once any save in progress has committed, so nothing is left half-done."""
        saving = [w for w in self.workers if w.group == WRITE_GROUP and w.is_running]
        if saving:
            self.notify("Finishing the save in progress…")
            await self.workers.wait_for_complete(saving)
        self.exit()
