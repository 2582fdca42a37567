"""A vendor's price history screen: archive look-up in a worker, progress, timeline, classes.

It shows the changes between consecutive captures and lets the reviewer classify each one
(Part B §7). The screen needs no app internals: it is given the vendor and a callable opening
one unit of work. The look-up runs in a thread worker that only posts messages; it stops at
the next progress report when the screen is closed, and captures downloaded so far stay stored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Protocol

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, ProgressBar, Static
from textual.worker import get_current_worker

from scorecard.domain.enums import DimensionId
from scorecard.domain.errors import RuleViolation
from scorecard.services import editions
from scorecard.services.captures import ContextFactory
from scorecard.services.context import Context, ServiceError
from scorecard.services.price_history import (
    DEFAULT_MONTHS,
    ChangeView,
    Classification,
    HistoryResult,
    Progress,
    classify_change,
    list_changes,
    run_price_history_with_defaults,
)
from scorecard.services.refusals import STORAGE_ERRORS
from scorecard.ui.backend import refusal_message
from scorecard.ui.widgets.price_timeline import PriceTimeline, class_words

PRICE = DimensionId.PRICE_STABILITY


class HistoryRunner(Protocol):
    """The shape of services.price_history.run_price_history_with_defaults (tests pass a fake)."""

    def __call__(
        self,
        open_context: ContextFactory,
        vendor: str,
        *,
        url: str | None = ...,
        months: int = ...,
        third_party: bool = ...,
        on_progress: Progress | None = ...,
    ) -> HistoryResult: ...


class RunStopped(Exception):
    """Raised from the progress callback when the screen's worker was cancelled."""


def summary_lines(result: HistoryResult) -> list[str]:
    """The run's coverage, gaps, skipped captures and requests, as the command line words them."""
    plan, history = result.plan, result.timeline
    lines = [f"{plan.url} (from {plan.url_source}) · {plan.start} to {plan.end}"]
    if result.status == "no_captures":
        lines.append("No captures in the window: the archive answered and holds none.")
    elif history.first is not None and history.last is not None:
        lines.append(
            f"{history.capture_count} capture(s), first {history.first.captured_on}, "
            f"last {history.last.captured_on}"
        )
    lines.extend(f"Gap: {g.start} to {g.end} ({g.days} days)" for g in history.gaps)
    lines.extend(
        f"No price facts in the capture of {c.captured_on}; left out" for c in history.without_facts
    )
    lines.extend(f"Not used: {s.captured_on}: {s.reason}" for s in result.skipped)
    if result.skipped_rows:
        lines.append(f"{len(result.skipped_rows)} unreadable index row(s) skipped")
    lines.append(
        f"Requests {result.requests_made} (minimum {result.minimum_requests}); "
        f"downloaded {result.downloaded}, reused {result.reused}"
    )
    return lines


class PriceHistoryScreen(Screen[None]):
    """Push with `PriceHistoryScreen(vendor_id, open_context)`; Escape closes it."""

    DEFAULT_CSS = """
    PriceHistoryScreen #price-history { height: 1fr; }
    PriceHistoryScreen #ph-summary { max-height: 10; overflow-y: auto; }
    PriceHistoryScreen #ph-timeline { height: 1fr; min-height: 5; }
    PriceHistoryScreen #ph-detail { height: auto; min-height: 3; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back"),
        Binding("r", "run", "Run again"),
        Binding("a", "classify('adverse')", "Adverse"),
        Binding("g", "classify('grandfathered')", "Grandfathered"),
        Binding("d", "classify('drift')", "Drift"),
        Binding("f", "classify('free-tier-withdrawn')", "Free tier withdrawn"),
        Binding("n", "classify('not-adverse')", "Not adverse"),
        Binding("u", "focus_announcement", "Announcement URL"),
    ]

    class Progressed(Message):
        def __init__(self, done: int, total: int, text: str) -> None:
            super().__init__()
            self.done, self.total, self.text = done, total, text

    class Finished(Message):
        def __init__(self, result: HistoryResult) -> None:
            super().__init__()
            self.result = result

    class ChangesLoaded(Message):
        def __init__(self, views: list[ChangeView]) -> None:
            super().__init__()
            self.views = views

    class Classified(Message):
        def __init__(self, view: ChangeView, before: int, after: int) -> None:
            super().__init__()
            self.view, self.before, self.after = view, before, after

    class Refused(Message):
        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(
        self,
        vendor_id: str,
        open_context: ContextFactory,
        *,
        url: str | None = None,
        months: int = DEFAULT_MONTHS,
        on_changed: Callable[[str], None] | None = None,
        run_history: HistoryRunner = run_price_history_with_defaults,
    ) -> None:
        super().__init__()
        self.vendor_id = vendor_id
        self._open_context = open_context
        self._url = url
        self._months = months
        self._on_changed = on_changed
        self._run_history = run_history
        self.result: HistoryResult | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="price-history"):
            yield Static(f"Price history: {self.vendor_id}", id="ph-title", markup=False)
            yield ProgressBar(total=None, show_eta=False, id="ph-progress")
            yield Static("", id="ph-status", markup=False)
            yield Static("", id="ph-summary", markup=False)
            yield PriceTimeline(id="ph-timeline")
            yield Static("", id="ph-detail", markup=False)
            yield Input(
                placeholder="Announcement URL (g grandfathered needs one; a adverse takes one)",
                id="ph-announced",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.load_changes()
        self.action_run()
        self.query_one(PriceTimeline).focus()

    # ---- workers (threads): they call services and post messages, never touch widgets ---------

    @work(thread=True, group="price-history-read")
    def load_changes(self) -> None:
        try:
            with self._open_context() as ctx:
                views = list_changes(ctx, self.vendor_id)
        except (ServiceError, RuleViolation, *STORAGE_ERRORS) as exc:
            self.post_message(self.Refused(refusal_message(exc)))
            return
        self.post_message(self.ChangesLoaded(views))

    @work(thread=True, exclusive=True, group="price-history-run")
    def run_in_worker(self) -> None:
        worker = get_current_worker()

        def on_progress(done: int, total: int, text: str) -> None:
            if worker.is_cancelled:
                raise RunStopped
            self.post_message(self.Progressed(done, total, text))

        try:
            result = self._run_history(
                self._open_context,
                self.vendor_id,
                url=self._url,
                months=self._months,
                on_progress=on_progress,
            )
        except RunStopped:
            return
        except (ServiceError, RuleViolation, *STORAGE_ERRORS) as exc:
            self.post_message(self.Refused(refusal_message(exc)))
            return
        self.post_message(self.Finished(result))

    @work(thread=True, group="price-history-write")
    def classify_in_worker(self, key: str, classification: Classification, announced: str) -> None:
        def ceiling(ctx: Context) -> int:
            return editions.assess(ctx).cell(self.vendor_id, PRICE).ceiling.level

        try:
            with self._open_context() as ctx:
                before = ceiling(ctx)
                view, _item = classify_change(
                    ctx, self.vendor_id, key, classification, announced_url=announced or None
                )
                after = ceiling(ctx)
        except (ServiceError, RuleViolation, *STORAGE_ERRORS) as exc:
            self.post_message(self.Refused(refusal_message(exc)))
            return
        self.post_message(self.Classified(view, before, after))

    # ---- actions -----------------------------------------------------------------------------

    def action_run(self) -> None:
        self._status("Reading the archive's index…")
        self.query_one(ProgressBar).update(total=None, progress=0)
        self.run_in_worker()

    def action_classify(self, classification: str) -> None:
        view = self.query_one(PriceTimeline).selected()
        if view is None:
            self._status("No change selected.")
            return
        announced = self.query_one("#ph-announced", Input).value.strip()
        self._status(f"Classifying {view.key} as {classification}…")
        self.classify_in_worker(view.key, Classification(classification), announced)

    def action_focus_announcement(self) -> None:
        self.query_one("#ph-announced", Input).focus()

    def action_close(self) -> None:
        if self.focused is self.query_one("#ph-announced", Input):
            self.query_one(PriceTimeline).focus()
            return
        self.workers.cancel_group(self, "price-history-run")
        self.dismiss(None)

    # ---- message handlers (UI thread) --------------------------------------------------------

    def on_price_history_screen_progressed(self, message: Progressed) -> None:
        bar = self.query_one(ProgressBar)
        bar.update(total=message.total or None, progress=message.done)
        self._status(message.text)

    def on_price_history_screen_finished(self, message: Finished) -> None:
        self.result = message.result
        total = max(message.result.minimum_requests, 1)
        self.query_one(ProgressBar).update(total=total, progress=total)
        self.query_one("#ph-summary", Static).update("\n".join(summary_lines(message.result)))
        self.query_one(PriceTimeline).show(message.result.changes)
        count = len(message.result.changes)
        self._status(
            f"{count} change(s), {message.result.new_changes} new. "
            "Select one and press a, g, d, f or n to classify it."
        )
        self._show_detail()

    def on_price_history_screen_changes_loaded(self, message: ChangesLoaded) -> None:
        # A finished run's timeline takes precedence over the stored list it started from.
        if self.result is None:
            self.query_one(PriceTimeline).show(message.views)
            self._show_detail()

    def on_price_history_screen_classified(self, message: Classified) -> None:
        self.query_one(PriceTimeline).replace(message.view)
        self._status(
            f"{message.view.key}: {class_words(message.view)}. Price stability evidence "
            f"ceiling {message.after} (was {message.before})."
        )
        self._show_detail()
        if self._on_changed is not None:
            self._on_changed(f"price change {message.view.key} classified")

    def on_price_history_screen_refused(self, message: Refused) -> None:
        self._status(message.text)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        view = self.query_one(PriceTimeline).selected()
        detail = self.query_one("#ph-detail", Static)
        if view is None:
            detail.update("")
            return
        lines = [view.summary, f"before {view.from_archive_url}", f"after  {view.to_archive_url}"]
        if view.announced_url:
            lines.append(f"announced {view.announced_url}")
        if view.located_only:
            lines.append("Seen on a third-party page: it locates the change, never establishes it.")
        detail.update("\n".join(lines))

    def _status(self, text: str) -> None:
        self.query_one("#ph-status", Static).update(text)
