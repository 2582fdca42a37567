"""Right of reply (Part B §14): vendor packets, recording them as sent, responses, and status."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlmodel import col, select

from scorecard.domain.enums import DimensionId, EditionStatus, Outcome
from scorecard.domain.models import CellScore, EditionSnapshot, ReplyPacket, ReplyResponse
from scorecard.domain.reply import (
    DEFAULT_WINDOW_WORKING_DAYS,
    ReplyKind,
    ReplyState,
    reply_conducted,
    reply_deadline,
    vendor_reply,
)
from scorecard.domain.rules.evidence_fields import url_problem
from scorecard.domain.rules.text_fields import LONG_TEXT_LIMIT, check_text
from scorecard.services import cells, editions, exchange, lookup, report, revisions
from scorecard.services.context import Context, ServiceError
from scorecard.storage import changelog, repository
from scorecard.storage.tables import (
    EditionRow,
    ReplyPacketRow,
    ReplyResponseRow,
    RevisionRow,
    VendorRow,
)

PACKETS_DIR = Path("reports") / "packets"
MIN_WINDOW, MAX_WINDOW = 1, 60  # the same bounds `edition set --reply-window` accepts
PDF_MAGIC = b"%PDF-"
MAX_PACKET_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Packet:
    """A vendor's packet as rendered, with the sending date and the deadline it states."""

    vendor: str
    vendor_name: str
    sent_on: date
    deadline: date
    window_working_days: int
    pdf: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.pdf).hexdigest()


@dataclass(frozen=True, slots=True)
class SentPacket:
    vendor: str
    sent_on: date
    deadline: date
    window_working_days: int
    sha256: str
    path: Path  # the packet file that was hashed: the one given, or the one rendered now


@dataclass(frozen=True, slots=True)
class ScoreChange:
    """The score a correction sets; `rationale` None keeps the cell's current rationale."""

    outcome: Outcome
    score: int | None = None
    rationale: str | None = None


@dataclass(frozen=True, slots=True)
class RecordedResponse:
    key: str
    vendor: str
    kind: ReplyKind
    dimension: DimensionId | None
    received_on: date
    revision_key: str | None  # the dated revision entry, for a correction
    old_score: str | None  # "2" -> "3" when a correction changed the score
    new_score: str | None


@dataclass(frozen=True, slots=True)
class VendorReplyStatus:
    vendor: str
    name: str
    included: bool
    state: ReplyState
    packet: ReplyPacket | None
    responses: tuple[ReplyResponse, ...]


@dataclass(frozen=True, slots=True)
class ReplyStatus:
    conducted: bool
    edition_window: int | None  # None: [N] unresolved, packets use --window or the default
    vendors: tuple[VendorReplyStatus, ...]


def window_working_days(edition: EditionRow, requested: int | None = None) -> int:
    """N: the edition's reply window, else the one requested, else the default of 10.

    A requested window that contradicts the edition's is refused rather than ignored, so the
    deadline printed is never one the reviewer did not ask for.
    """
    if requested is not None and not MIN_WINDOW <= requested <= MAX_WINDOW:
        raise ServiceError(
            f"The reply window is {MIN_WINDOW} to {MAX_WINDOW} working days, not {requested}."
        )
    configured = edition.reply_window_working_days
    if configured is not None:
        if requested is not None and requested != configured:
            raise ServiceError(
                f"The edition's reply window is {configured} working days; --window {requested} "
                "contradicts it. Change the edition's window with `scorecard edition set "
                "--reply-window N`, or leave --window out."
            )
        return configured
    return requested if requested is not None else DEFAULT_WINDOW_WORKING_DAYS


def packet_path(vendor: str, sent_on: date, directory: Path = PACKETS_DIR) -> Path:
    """Where a rendered packet is written by default: reports/packets/<vendor>-<date>.pdf."""
    return directory / f"{vendor}-{sent_on.isoformat()}.pdf"


def render_packet(ctx: Context, vendor: str, *, sent_on: date, window: int | None = None) -> Packet:
    """The vendor's packet: its rows only, anchors, evidence, the deadline and the policy."""
    from scorecard.exporters.pdf import render_packet_pdf  # WeasyPrint: loaded only when used

    edition = editions.current_edition(ctx)
    vendor_row = lookup.vendor_row(ctx, edition, vendor)
    days = window_working_days(edition, window)
    deadline = reply_deadline(sent_on, days)
    document = report.exported_document(ctx).document
    pdf = report.pdf_call(
        lambda: render_packet_pdf(
            document, vendor, sent_on=sent_on, deadline=deadline, window_working_days=days
        )
    )
    return Packet(vendor, vendor_row.name, sent_on, deadline, days, pdf)


def write_packet(packet: Packet, out: Path) -> None:
    exchange.write_output(out, packet.pdf)


def send_packet(
    ctx: Context,
    vendor: str,
    *,
    sent_on: date,
    packet_file: Path | None = None,
    window: int | None = None,
    packets_dir: Path = PACKETS_DIR,
) -> SentPacket:
    """Records the packet as sent on `sent_on`, with its SHA-256 and the deadline it gives.

    The hash is of `packet_file` when one is given (the file actually sent); otherwise a packet
    is rendered now, written to reports/packets/<vendor>-<date>.pdf, and that file is hashed.
    """
    edition = editions.current_edition(ctx)
    vendor_row = lookup.vendor_row(ctx, edition, vendor)
    if edition.status == EditionStatus.PUBLISHED.value:
        raise ServiceError(
            f"The edition of {edition.verification_date} is published: right of reply comes "
            "before publication. Start a new edition to send packets for it."
        )
    if sent_on > ctx.today:
        raise ServiceError(f"The sending date {sent_on} is in the future (today is {ctx.today}).")
    if sent_on < edition.verification_date:
        raise ServiceError(
            f"The sending date {sent_on} is before the edition's verification date "
            f"{edition.verification_date}; a packet sets out verified rows."
        )
    days = window_working_days(edition, window)
    deadline = reply_deadline(sent_on, days)
    snapshot = editions.snapshot(ctx, edition)
    earlier = vendor_reply(snapshot, vendor, ctx.today)
    if earlier.state == ReplyState.NO_RESPONSE:
        raise ServiceError(
            f"{vendor_row.name}: no response is already recorded; this round of right of reply "
            "is closed."
        )
    if earlier.packet is not None and sent_on < earlier.packet.sent_on:
        raise ServiceError(
            f"{vendor_row.name}: a packet sent on {earlier.packet.sent_on} is already recorded; "
            f"a packet sent on {sent_on} cannot come after it."
        )
    if packet_file is None:
        path = packet_path(vendor, sent_on, packets_dir)
        if path.exists():
            # PDF bytes differ from one rendering to the next, so overwriting a packet that may
            # already have gone out would record a hash that matches nothing the vendor has.
            raise ServiceError(
                f"{path} already exists: if it is the packet that was sent, give it with "
                "--packet; otherwise move it away and send again."
            )
        packet = render_packet(ctx, vendor, sent_on=sent_on, window=window)
        write_packet(packet, path)
        digest = packet.sha256
    else:
        path = packet_file
        digest = hashlib.sha256(_read_packet_file(packet_file)).hexdigest()
    if any(p.vendor == vendor and p.packet_sha256 == digest for p in snapshot.reply_packets):
        raise ServiceError(f"{vendor_row.name}: this packet ({digest[:12]}…) is already recorded.")
    row = ReplyPacketRow(
        edition_id=edition.id,  # type: ignore[arg-type]
        vendor_key=vendor,
        sent_on=sent_on,
        deadline=deadline,
        packet_sha256=digest,
    )
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="reply_packet",
        entity_key=f"{vendor}/{sent_on.isoformat()}",
        action="send",
        new={
            "sent_on": sent_on.isoformat(),
            "deadline": deadline.isoformat(),
            "window_working_days": days,
            "packet_sha256": digest,
        },
    )
    ctx.session.flush()
    return SentPacket(vendor, sent_on, deadline, days, digest, path)


def record_response(
    ctx: Context,
    vendor: str,
    kind: ReplyKind,
    *,
    dimension: DimensionId | None = None,
    text: str | None = None,
    artifact_url: str | None = None,
    received_on: date | None = None,
    score_change: ScoreChange | None = None,
) -> RecordedResponse:
    """Records what a vendor sent back, or that nothing came, by the rules of Part B §14.

    A correction needs a citable artifact and is logged as a dated revision entry (and, with a
    `score_change`, changes the cell through the same rules as `cell set`); a disagreement is
    stored beside the score and never changes it; no response is recorded only once the window
    has closed with nothing received, and changes nothing.
    """
    edition = editions.current_edition(ctx)
    vendor_row = lookup.vendor_row(ctx, edition, vendor)
    on = received_on or ctx.today
    text = (text or "").strip() or None
    snapshot = editions.snapshot(ctx, edition)
    current = vendor_reply(snapshot, vendor, ctx.today)
    packet = current.packet
    if packet is None:
        raise ServiceError(
            f"{vendor_row.name} was never sent a packet for this edition, so there is no "
            "response to record. Record the packet first: `scorecard reply send`."
        )
    if on > ctx.today:
        raise ServiceError(f"The date {on} is in the future (today is {ctx.today}).")
    # A packet sent again later (a corrected one) does not void what came back in between.
    first_sent_on = min(p.sent_on for p in snapshot.reply_packets if p.vendor == vendor)
    if on < first_sent_on:
        raise ServiceError(
            f"The date {on} is before the first packet was sent to {vendor_row.name} "
            f"({first_sent_on})."
        )
    if current.state == ReplyState.NO_RESPONSE:
        raise ServiceError(f"{vendor_row.name}: no response is already recorded for this packet.")
    check_text("Response text", text, limit=LONG_TEXT_LIMIT, multiline=True)
    if score_change is not None and kind != ReplyKind.CORRECTION:
        raise ServiceError(
            f"Only a factual correction can change a score; a {_kind_words(kind)} never does."
        )
    if kind == ReplyKind.NO_RESPONSE:
        _check_no_response(vendor_row, packet, current.responses, on, dimension, artifact_url)
    else:
        _check_response(vendor_row, kind, packet, on, dimension, text, artifact_url)
    revision_key, old_score, new_score = None, None, None
    if kind == ReplyKind.CORRECTION:
        assert dimension is not None and artifact_url is not None
        revision_key, old_score, new_score = _apply_correction(
            ctx, edition, vendor_row, dimension, on, text, artifact_url, score_change
        )
    elif revisions.revision_needed(edition):
        # A published edition changes only with a dated revision entry; a disagreement or a
        # no response now shows in its right-of-reply section, so it gets one too.
        revision_key = revisions.record_revision(
            ctx,
            edition,
            revisions.RevisionRequest(
                f"{vendor_row.name}: {_kind_words(kind)} received {on.isoformat()} recorded "
                "under right of reply; no score changed."
            ),
            vendor=vendor,
            dimension=dimension,
            field="right_of_reply",
            old=None,
            new=kind.value,
        ).key
    row = ReplyResponseRow(
        edition_id=edition.id,  # type: ignore[arg-type]
        key=_next_response_key(ctx, edition),
        vendor_key=vendor,
        kind=kind.value,
        dimension=dimension.value if dimension else None,
        received_on=on,
        text=text,
        artifact_url=artifact_url,
    )
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="reply_response",
        entity_key=row.key,
        action="record",
        new={
            "vendor": vendor,
            "kind": kind.value,
            "dimension": row.dimension,
            "received_on": on.isoformat(),
            "text": text,
            "artifact_url": artifact_url,
            "revision": revision_key,
        },
    )
    ctx.session.flush()
    return RecordedResponse(
        row.key, vendor, kind, dimension, on, revision_key, old_score, new_score
    )


def reply_status(ctx: Context) -> ReplyStatus:
    """Where each vendor of the current edition stands, and whether right of reply is conducted."""
    edition = editions.current_edition(ctx)
    snapshot = editions.snapshot(ctx, edition)
    vendors = tuple(
        _vendor_status(vendor.key, vendor.name, vendor.included, snapshot, ctx.today)
        for vendor in sorted(snapshot.vendors, key=lambda v: (not v.included, v.name.lower()))
    )
    return ReplyStatus(
        conducted=reply_conducted(snapshot, ctx.today),
        edition_window=edition.reply_window_working_days,
        vendors=vendors,
    )


def vendor_status(ctx: Context, vendor: str) -> VendorReplyStatus:
    """One vendor's right-of-reply standing (the UI's reply screen shows it)."""
    edition = editions.current_edition(ctx)
    vendor_row = lookup.vendor_row(ctx, edition, vendor)
    snapshot = editions.snapshot(ctx, edition)
    return _vendor_status(vendor, vendor_row.name, vendor_row.included, snapshot, ctx.today)


# --- Rules of a response ---------------------------------------------------------------------


def _check_no_response(
    vendor: VendorRow,
    packet: ReplyPacket,
    responses: tuple[ReplyResponse, ...],
    on: date,
    dimension: DimensionId | None,
    artifact_url: str | None,
) -> None:
    if on <= packet.deadline:
        raise ServiceError(
            f"{vendor.name} has until {packet.deadline} to respond, so it is too early to record "
            f"no response (the date given is {on})."
        )
    if responses:
        raise ServiceError(
            f"{vendor.name} responded ({len(responses)} response(s) recorded), so this is not "
            "a case of no response."
        )
    if dimension is not None or artifact_url is not None:
        raise ServiceError("No response concerns no dimension and cites no artifact.")


def _check_response(
    vendor: VendorRow,
    kind: ReplyKind,
    packet: ReplyPacket,
    on: date,
    dimension: DimensionId | None,
    text: str | None,
    artifact_url: str | None,
) -> None:
    what = _kind_words(kind)
    if on > packet.deadline:
        raise ServiceError(
            f"A {what} received on {on} arrived after {vendor.name}'s deadline of "
            f"{packet.deadline}. A fact it proves can still be corrected with a dated revision "
            "(`cell set` / `evidence update` with --revision-reason and --revision-artifact)."
        )
    if dimension is None:
        raise ServiceError(f"A {what} names the dimension it concerns (--dimension).")
    if kind == ReplyKind.CORRECTION:
        if artifact_url is None:
            raise ServiceError(
                "A factual correction is applied only with a citable artifact (--artifact URL)."
            )
    elif text is None:
        raise ServiceError("A disagreement is published in the vendor's words: give --text.")
    if artifact_url is not None:
        problem = url_problem(artifact_url)
        if problem:
            raise ServiceError(f"The artifact URL cannot be cited: {problem}.")


def _apply_correction(
    ctx: Context,
    edition: EditionRow,
    vendor: VendorRow,
    dimension: DimensionId,
    on: date,
    text: str | None,
    artifact_url: str,
    score_change: ScoreChange | None,
) -> tuple[str, str | None, str | None]:
    """Logs the correction as a dated revision entry; with a score change, applies it too."""
    reason = f"Factual correction from {vendor.name} received {on.isoformat()} (right of reply)"
    reason += f": {text}" if text else "."
    request = revisions.RevisionRequest(reason=reason, artifact_url=artifact_url)
    if score_change is None:
        row = revisions.record_revision(
            ctx,
            edition,
            request,
            vendor=vendor.key,
            dimension=dimension,
            field="correction",
            old=None,
            new=None,
        )
        return row.key, None, None
    old = _current_score(ctx, vendor, dimension)
    rationale = score_change.rationale if score_change.rationale is not None else old.rationale
    new = cells.set_cell(
        ctx,
        vendor.key,
        dimension,
        outcome=score_change.outcome,
        score=score_change.score,
        rationale=rationale,
        revision=request,
    )
    old_text, new_text = cells.describe_score(old), cells.describe_score(new)
    if revisions.revision_needed(edition):
        # On a published edition set_cell's guard wrote the entry: the newest row is it.
        return _newest_revision_key(ctx, edition), old_text, new_text
    row = revisions.record_revision(
        ctx,
        edition,
        request,
        vendor=vendor.key,
        dimension=dimension,
        field="score",
        old=old_text,
        new=new_text,
    )
    return row.key, old_text, new_text


def _newest_revision_key(ctx: Context, edition: EditionRow) -> str:
    statement = (
        select(RevisionRow.key)
        .where(RevisionRow.edition_id == edition.id)
        .order_by(col(RevisionRow.id).desc())
        .limit(1)
    )
    return ctx.session.exec(statement).one()


def _current_score(ctx: Context, vendor: VendorRow, dimension: DimensionId) -> CellScore:
    cell = lookup.cell_row(ctx, vendor, dimension)
    assert cell.id is not None
    previous = repository.current_scoring(ctx.session, cell.id)
    if previous is None:
        return CellScore()
    return CellScore(Outcome(previous.outcome), previous.score, previous.rationale)


def _next_response_key(ctx: Context, edition: EditionRow) -> str:
    statement = select(ReplyResponseRow.key).where(ReplyResponseRow.edition_id == edition.id)
    numbers = [
        int(key.removeprefix("reply-"))
        for key in ctx.session.exec(statement).all()
        if key.startswith("reply-") and key.removeprefix("reply-").isdigit()
    ]
    return f"reply-{max(numbers, default=0) + 1}"


def _vendor_status(
    key: str, name: str, included: bool, snapshot: EditionSnapshot, today: date
) -> VendorReplyStatus:
    reply = vendor_reply(snapshot, key, today)
    return VendorReplyStatus(key, name, included, reply.state, reply.packet, reply.responses)


def _kind_words(kind: ReplyKind) -> str:
    return {
        ReplyKind.CORRECTION: "factual correction",
        ReplyKind.DISAGREEMENT: "disagreement",
        ReplyKind.NO_RESPONSE: "no response",
    }[kind]


def _read_packet_file(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise ServiceError(f"{path}: not a regular file.")
        if size > MAX_PACKET_BYTES:
            raise ServiceError(f"{path}: {size:,} bytes is too large for a packet.")
        data = path.read_bytes()
    except FileNotFoundError:
        raise ServiceError(f"{path}: no such file.") from None
    except OSError as exc:
        raise ServiceError(f"{path}: cannot be read ({exc.strerror}).") from None
    if not data.startswith(PDF_MAGIC):
        raise ServiceError(f"{path}: not a PDF file; give the packet PDF that was sent.")
    return data
