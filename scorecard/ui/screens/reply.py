"""Right of reply for one vendor: generate its packet, record it as sent, record its responses.

Every action calls the same services as `scorecard reply`, in a worker thread, one unit of work
each (Backend.call); workers post messages and only the handlers touch widgets. Pushed by the
vendor screen: `self.app.push_screen(ReplyScreen(self.backend, self.vendor_key))`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import ClassVar, TypeVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Select

from scorecard.domain.enums import DimensionId, Outcome
from scorecard.domain.reply import ReplyKind
from scorecard.services import reply
from scorecard.services.context import Context
from scorecard.ui.backend import Backend, Refusal
from scorecard.ui.inputs import InputProblem, optional_date, optional_text
from scorecard.ui.messages import DataChanged
from scorecard.ui.widgets.plain import Plain

T = TypeVar("T")

STATE_WORDS = {
    "not_sent": "not sent",
    "awaiting": "awaiting reply",
    "responded": "responded",
    "no_response": "no response",
    "window_closed": "window closed, nothing received",
}
KIND_CHOICES = [
    ("factual correction (needs an artifact)", ReplyKind.CORRECTION.value),
    ("disagreement (published beside the score)", ReplyKind.DISAGREEMENT.value),
    ("no response (only after the deadline)", ReplyKind.NO_RESPONSE.value),
]
NO_SCORE_CHANGE = "keep"
INSUFFICIENT = "insufficient_history"
SCORE_CHOICES = [
    ("no score change", NO_SCORE_CHANGE),
    *((f"correct the score to {level}", str(level)) for level in range(5)),
    ("correct to insufficient history", INSUFFICIENT),
]


@dataclass(frozen=True, slots=True)
class ResponseInput:
    """A response as typed, already turned into values; the service judges it."""

    kind: ReplyKind
    dimension: DimensionId | None
    text: str | None
    artifact_url: str | None
    received_on: date | None
    score_change: reply.ScoreChange | None


class ReplyStatusLoaded(Message):
    def __init__(self, status: reply.VendorReplyStatus) -> None:
        super().__init__()
        self.status = status


class ReplyActionDone(Message):
    """A write or a packet file succeeded; `summary` is what the reviewer reads."""

    def __init__(self, summary: str, *, changed_data: bool) -> None:
        super().__init__()
        self.summary = summary
        self.changed_data = changed_data


class ReplyActionRefused(Message):
    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message


def status_text(status: reply.VendorReplyStatus) -> str:
    """The vendor's standing in plain words: state, sending date, deadline and responses."""
    lines = [f"{status.name} ({status.vendor}): {STATE_WORDS[status.state.value]}"]
    if not status.included:
        lines[0] += " · excluded from the scorecard"
    if status.packet is not None:
        lines.append(
            f"packet sent {status.packet.sent_on} · respond by {status.packet.deadline} · "
            f"SHA-256 {status.packet.packet_sha256[:16]}…"
        )
    for response in status.responses:
        where = f" on {response.dimension.value}" if response.dimension else ""
        said = f": {response.text}" if response.text else ""
        lines.append(f"{response.received_on} {response.kind.replace('_', ' ')}{where}{said}")
    if not status.responses:
        lines.append("no responses recorded")
    return "\n".join(lines)


class ReplyScreen(ModalScreen[None]):
    """Generates the vendor's packet, records it as sent, and records its responses."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("ctrl+g", "generate", "Generate packet"),
        Binding("ctrl+t", "send", "Record as sent"),
        Binding("ctrl+s", "record", "Record response"),
    ]

    def __init__(self, backend: Backend, vendor: str, *, packets_dir: Path | None = None) -> None:
        super().__init__()
        self.backend = backend
        self.vendor_key = vendor
        self.packets_dir = packets_dir or reply.PACKETS_DIR
        self._busy = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Plain(
                f"Right of reply: {self.vendor_key}", id="reply-title", classes="dialog-title"
            )
            yield Plain("reading…", id="reply-status")
            yield Plain("The packet", classes="form-title")
            with Horizontal(classes="form-row"):
                yield Plain("sending date", classes="form-label")
                yield Input(self.backend.today.isoformat(), id="reply-sent-on")
            with Horizontal(classes="form-row"):
                yield Plain("window (days)", classes="form-label")
                yield Input(placeholder="the edition's [N], else 10", id="reply-window")
            with Horizontal(classes="form-buttons"):
                yield Button("Generate packet (ctrl+g)", id="reply-generate", compact=True)
                yield Button("Record as sent (ctrl+t)", id="reply-send", compact=True)
            yield Plain("A response", classes="form-title")
            with Horizontal(classes="form-row"):
                yield Plain("kind", classes="form-label")
                yield Select(KIND_CHOICES, prompt="choose the kind", id="reply-kind")
            with Horizontal(classes="form-row"):
                yield Plain("dimension", classes="form-label")
                dimensions = [(d.value, d.value) for d in DimensionId]
                yield Select(dimensions, prompt="none", id="reply-dimension")
            with Horizontal(classes="form-row"):
                yield Plain("vendor's words", classes="form-label")
                yield Input(id="reply-text")
            with Horizontal(classes="form-row"):
                yield Plain("artifact URL", classes="form-label")
                yield Input(placeholder="https://…", id="reply-artifact")
            with Horizontal(classes="form-row"):
                yield Plain("received on", classes="form-label")
                yield Input(placeholder="YYYY-MM-DD (default today)", id="reply-received-on")
            with Horizontal(classes="form-row"):
                yield Plain("score", classes="form-label")
                yield Select(
                    SCORE_CHOICES, value=NO_SCORE_CHANGE, allow_blank=False, id="reply-score"
                )
            with Horizontal(classes="form-buttons"):
                yield Button(
                    "Record response (ctrl+s)", id="reply-record", variant="primary", compact=True
                )
                yield Button("Close (esc)", id="reply-close", compact=True)
            yield Plain("", id="reply-message")

    def on_mount(self) -> None:
        self.load_status()

    # --- Actions: read the form on the event loop, then hand plain values to a worker ----------

    def action_generate(self) -> None:
        packet_input = self._packet_input()
        if packet_input is not None and self._start("Rendering the packet…"):
            self.generate_packet(*packet_input)

    def action_send(self) -> None:
        packet_input = self._packet_input()
        if packet_input is not None and self._start("Recording the packet as sent…"):
            sent_on, window = packet_input
            generated = reply.packet_path(self.vendor_key, sent_on, self.packets_dir)
            # The file generated here for that date is the one sent; without one, render now.
            self.send_packet(sent_on, window, generated if generated.is_file() else None)

    def action_record(self) -> None:
        response = self._response_input()
        if response is not None and self._start("Recording the response…"):
            self.record_response(response)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        actions = {
            "reply-generate": self.action_generate,
            "reply-send": self.action_send,
            "reply-record": self.action_record,
            "reply-close": self.action_close,
        }
        actions[event.button.id or "reply-close"]()

    # --- Workers: service calls off the event loop; they post messages, never touch widgets ----

    @work(thread=True, group="reply-read")
    def load_status(self) -> None:
        vendor = self.vendor_key
        try:
            status = self.backend.call(lambda ctx: reply.vendor_status(ctx, vendor))
        except Refusal as refusal:
            self.post_message(ReplyActionRefused(refusal.message))
            return
        self.post_message(ReplyStatusLoaded(status))

    @work(thread=True, group="reply-write")
    def generate_packet(self, sent_on: date, window: int | None) -> None:
        vendor, out = self.vendor_key, reply.packet_path(self.vendor_key, sent_on, self.packets_dir)

        def action(ctx: Context) -> reply.Packet:
            packet = reply.render_packet(ctx, vendor, sent_on=sent_on, window=window)
            reply.write_packet(packet, out)
            return packet

        self._run(
            action,
            lambda packet: (
                f"Wrote {out}: respond by {packet.deadline} "
                f"({packet.window_working_days} working days). Send it, then record it as sent."
            ),
            changed_data=False,
        )

    @work(thread=True, group="reply-write")
    def send_packet(self, sent_on: date, window: int | None, packet_file: Path | None) -> None:
        vendor, packets_dir = self.vendor_key, self.packets_dir
        self._run(
            lambda ctx: reply.send_packet(
                ctx,
                vendor,
                sent_on=sent_on,
                packet_file=packet_file,
                window=window,
                packets_dir=packets_dir,
            ),
            lambda sent: (
                f"Recorded {sent.path} as sent on {sent.sent_on}; respond by "
                f"{sent.deadline}. SHA-256 {sent.sha256}"
            ),
            changed_data=True,
        )

    @work(thread=True, group="reply-write")
    def record_response(self, response: ResponseInput) -> None:
        vendor = self.vendor_key

        def summary(recorded: reply.RecordedResponse) -> str:
            text = f"Recorded {recorded.key} ({recorded.kind.value.replace('_', ' ')})."
            if recorded.revision_key:
                text += f" Revision entry {recorded.revision_key}."
            if recorded.new_score is not None:
                text += f" Score {recorded.old_score} -> {recorded.new_score}."
            else:
                text += " No score changed."
            return text

        self._run(
            lambda ctx: reply.record_response(
                ctx,
                vendor,
                response.kind,
                dimension=response.dimension,
                text=response.text,
                artifact_url=response.artifact_url,
                received_on=response.received_on,
                score_change=response.score_change,
            ),
            summary,
            changed_data=True,
        )

    def _run(
        self,
        action: Callable[[Context], T],
        describe: Callable[[T], str],
        *,
        changed_data: bool,
    ) -> None:
        """Runs in the worker thread: one unit of work, then one message with the outcome."""
        try:
            result = self.backend.call(action)
        except Refusal as refusal:
            self.post_message(ReplyActionRefused(refusal.message))
            return
        self.post_message(ReplyActionDone(describe(result), changed_data=changed_data))

    # --- Handlers: on the event loop, the only place widgets change ----------------------------

    def on_reply_status_loaded(self, message: ReplyStatusLoaded) -> None:
        status = message.status
        self.query_one("#reply-title", Plain).update(f"Right of reply: {status.name}")
        self.query_one("#reply-status", Plain).update(status_text(status))

    def on_reply_action_done(self, message: ReplyActionDone) -> None:
        self._busy = False
        self._show(message.summary, error=False)
        if message.changed_data:
            self.app.post_message(DataChanged(message.summary))
            self.load_status()

    def on_reply_action_refused(self, message: ReplyActionRefused) -> None:
        self._busy = False
        self._show(message.message, error=True)

    # --- Form reading ---------------------------------------------------------------------------

    def _start(self, note: str) -> bool:
        """Allows one write at a time, so a double key press does not record twice."""
        if self._busy:
            self._show("Still working on the last action; wait for it to finish.", error=True)
            return False
        self._busy = True
        self._show(note, error=False)
        return True

    def _show(self, text: str, *, error: bool) -> None:
        shown = self.query_one("#reply-message", Plain)
        shown.update(text)
        shown.set_class(error, "form-error")

    def _packet_input(self) -> tuple[date, int | None] | None:
        try:
            sent_on = optional_date(self.query_one("#reply-sent-on", Input).value, "sending date")
            window_text = self.query_one("#reply-window", Input).value.strip()
            if window_text and not window_text.isdigit():
                raise InputProblem(f"window {window_text!r} is not a whole number of days.")
        except InputProblem as problem:
            self._show(problem.message, error=True)
            return None
        return sent_on or self.backend.today, int(window_text) if window_text else None

    def _response_input(self) -> ResponseInput | None:
        kind = self.query_one("#reply-kind", Select).value
        if not isinstance(kind, str):
            self._show("Choose the kind of response.", error=True)
            return None
        dimension = self.query_one("#reply-dimension", Select).value
        score = self.query_one("#reply-score", Select).value
        try:
            received_on = optional_date(
                self.query_one("#reply-received-on", Input).value, "received on"
            )
        except InputProblem as problem:
            self._show(problem.message, error=True)
            return None
        change = None
        if score == INSUFFICIENT:
            change = reply.ScoreChange(Outcome.INSUFFICIENT_HISTORY)
        elif isinstance(score, str) and score.isdigit():
            change = reply.ScoreChange(Outcome.SCORED, int(score))
        return ResponseInput(
            kind=ReplyKind(kind),
            dimension=DimensionId(dimension) if isinstance(dimension, str) else None,
            text=optional_text(self.query_one("#reply-text", Input).value),
            artifact_url=optional_text(self.query_one("#reply-artifact", Input).value),
            received_on=received_on,
            score_change=change,
        )
