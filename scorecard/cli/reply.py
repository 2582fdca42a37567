"""`scorecard reply` and `scorecard report`: right-of-reply packets and the PDF report."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from scorecard.cli.common import console, date_option, err_console, fail, options, run
from scorecard.domain.enums import DimensionId, Outcome
from scorecard.domain.reply import ReplyKind
from scorecard.services import reply, report
from scorecard.services.context import Context

app = typer.Typer(help="Right of reply (Part B §14): packets, sending, responses, status.")

STATE_WORDS = {
    "not_sent": "not sent",
    "awaiting": "awaiting reply",
    "responded": "responded",
    "no_response": "no response",
    "window_closed": "window closed",
}


class KindChoice(StrEnum):
    """How a response is named on the command line."""

    CORRECTION = "correction"
    DISAGREEMENT = "disagreement"
    NO_RESPONSE = "no-response"


KIND = {
    KindChoice.CORRECTION: ReplyKind.CORRECTION,
    KindChoice.DISAGREEMENT: ReplyKind.DISAGREEMENT,
    KindChoice.NO_RESPONSE: ReplyKind.NO_RESPONSE,
}

WindowOption = typer.Option(
    None,
    "--window",
    help="Working days to respond when the edition's [N] is unset (default 10); "
    "the edition's own window wins and a different --window is refused.",
)


def register(root: typer.Typer) -> None:
    """Adds this module's top-level commands (report) to the application."""
    root.command("report")(report_command)


def report_command(
    ctx: typer.Context,
    out: Path = typer.Option(report.DEFAULT_REPORT_PATH, "--out", help="Output PDF file."),
) -> None:
    """Render the current edition's PDF report, with the JSON export attached (PDF/A-3b)."""
    result = run(ctx, lambda c: report.write_report(c, out))
    marks = [mark for mark, on in (("DRAFT", result.draft), ("STALE", result.stale)) if on]
    shown = f"; marked {' and '.join(marks)}" if marks else ""
    err_console.print(f"Wrote {out} ({len(result.pdf):,} bytes{shown}).")


@app.command("packet")
def packet_command(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    out: Path | None = typer.Option(
        None, "--out", help="Output PDF; default reports/packets/<vendor>-<date>.pdf."
    ),
    sent_on: str | None = typer.Option(
        None, "--date", help="Sending date the deadline counts from (default today)."
    ),
    window: int | None = WindowOption,
) -> None:
    """Render one vendor's packet: its rows, anchors, evidence, deadline and the policy."""
    on = date_option(sent_on) or options(ctx).today

    def action(c: Context) -> reply.Packet:
        packet = reply.render_packet(c, vendor, sent_on=on, window=window)
        reply.write_packet(packet, out or reply.packet_path(vendor, on))
        return packet

    packet = run(ctx, action)
    err_console.print(
        f"Wrote {out or reply.packet_path(vendor, on)}: {packet.vendor_name}, sent {on}, "
        f"respond by {packet.deadline} ({packet.window_working_days} working days); "
        f"SHA-256 {packet.sha256}."
    )


@app.command("send")
def send_command(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    sent_on: str = typer.Option(..., "--date", help="The date the packet was sent."),
    packet: Path | None = typer.Option(
        None,
        "--packet",
        help="The packet file sent (its SHA-256 is recorded); default: render one now and "
        "write it to reports/packets/<vendor>-<date>.pdf.",
    ),
    window: int | None = WindowOption,
) -> None:
    """Record a packet as sent, with its SHA-256 and the response deadline."""
    on = date_option(sent_on)
    assert on is not None
    sent = run(
        ctx, lambda c: reply.send_packet(c, vendor, sent_on=on, packet_file=packet, window=window)
    )
    console.print(
        f"Recorded the packet to {vendor} as sent on {sent.sent_on}: respond by {sent.deadline} "
        f"({sent.window_working_days} working days). {sent.path} SHA-256 {sent.sha256}"
    )


@app.command("record")
def record_command(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    kind: KindChoice = typer.Option(..., "--kind", help="What the vendor sent back, if anything."),
    dimension: DimensionId | None = typer.Option(
        None, "--dimension", help="The dimension it concerns (not for no-response)."
    ),
    text: str | None = typer.Option(
        None, "--text", help="The vendor's words: required for a disagreement."
    ),
    artifact: str | None = typer.Option(
        None, "--artifact", help="The citable artifact (http/https): required for a correction."
    ),
    received_on: str | None = typer.Option(
        None, "--date", help="When it was received, or for no-response today (default today)."
    ),
    score: int | None = typer.Option(
        None, "--score", help="A correction that changes the score: the new score 0-4."
    ),
    insufficient_history: bool = typer.Option(
        False,
        "--insufficient-history",
        help="A correction that makes the cell insufficient history.",
    ),
    rationale: str | None = typer.Option(
        None, "--rationale", help="With --score: the new rationale (default: keep the current one)."
    ),
) -> None:
    """Record a correction (a dated revision), a disagreement (beside the score) or no response."""
    if score is not None and insufficient_history:
        fail("give at most one of --score N and --insufficient-history.")
    change = None
    if score is not None:
        change = reply.ScoreChange(Outcome.SCORED, score, rationale)
    elif insufficient_history:
        change = reply.ScoreChange(Outcome.INSUFFICIENT_HISTORY, None, rationale)
    elif rationale is not None:
        fail("--rationale goes with --score or --insufficient-history.")
    on = date_option(received_on)
    recorded = run(
        ctx,
        lambda c: reply.record_response(
            c,
            vendor,
            KIND[kind],
            dimension=dimension,
            text=text,
            artifact_url=artifact,
            received_on=on,
            score_change=change,
        ),
    )
    where = f" on {recorded.dimension.value}" if recorded.dimension else ""
    console.print(
        f"Recorded {recorded.key}: {kind.value} from {vendor}{where}, {recorded.received_on}."
    )
    if recorded.revision_key:
        console.print(f"Revision entry {recorded.revision_key} dated {options(ctx).today}.")
    if recorded.new_score is not None:
        console.print(f"Score {recorded.old_score} -> {recorded.new_score}.")
    elif kind != KindChoice.CORRECTION:
        console.print("No score changed.")


@app.command("status")
def status_command(ctx: typer.Context) -> None:
    """Where each vendor stands: state, sending date, deadline, responses."""
    status = run(ctx, reply.reply_status)
    today = options(ctx).today
    conducted = "conducted" if status.conducted else "not conducted"
    window = (
        f"{status.edition_window} working days"
        if status.edition_window is not None
        else "not set (packets use --window or 10 working days)"
    )
    console.print(f"Right of reply at {today}: {conducted}. Response window: {window}.")
    names = {
        v.vendor: f"{v.name} ({v.vendor})" + ("" if v.included else ", excluded")
        for v in status.vendors
    }
    width = max((len(name) for name in names.values()), default=6)
    console.print(f"{'vendor':<{width}}  {'state':<14}  {'sent':<10}  {'deadline':<10}  responses")
    for vendor in status.vendors:
        packet = vendor.packet
        responses = "; ".join(
            " ".join(
                part
                for part in (
                    r.kind.replace("_", " "),
                    r.dimension.value if r.dimension else "",
                    r.received_on.isoformat(),
                )
                if part
            )
            for r in vendor.responses
        )
        console.print(
            f"{names[vendor.vendor]:<{width}}  {STATE_WORDS[vendor.state.value]:<14}  "
            f"{packet.sent_on.isoformat() if packet else '–':<10}  "
            f"{packet.deadline.isoformat() if packet else '–':<10}  {responses or '–'}"
        )
