"""Right of reply as a use case: windows and deadlines, sending, responses, and `conducted`."""

from __future__ import annotations

import hashlib
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from scorecard.domain.enums import DimensionId, Outcome
from scorecard.domain.errors import RuleViolation
from scorecard.domain.reply import ReplyKind, ReplyState
from scorecard.services import cells, editions, exchange, reply
from scorecard.services.context import ServiceError

FRIDAY = date(2026, 11, 27)
DEADLINE = date(2026, 12, 11)  # ten working days after Friday 2026-11-27, weekends skipped
AFTER_DEADLINE = date(2026, 12, 14)
INCLUDED = ("exa", "tavily", "linkup", "you-com", "brave-search-api", "keenable")
COMPLIANCE = DimensionId.COMPLIANCE


@pytest.fixture
def packet_file(tmp_path: Path) -> Path:
    """Stands in for the PDF a reviewer sent, so these tests need not render one."""
    path = tmp_path / "sent.pdf"
    path.write_bytes(b"%PDF-1.7\nfictional packet for tests\n%%EOF\n")
    return path


def send(ctx: Any, vendor: str, packet_file: Path, on: date = FRIDAY) -> reply.SentPacket:
    return reply.send_packet(ctx, vendor, sent_on=on, packet_file=packet_file)


def document(ctx: Any) -> dict[str, Any]:
    return exchange.export_document(ctx)


def exa_revisions(exported: dict[str, Any]) -> list[dict[str, Any]]:
    """The revision entries about Exa (the seeded edition carries its own, about no vendor)."""
    return [entry for entry in exported["revision_log"] if entry["vendor"] == "exa"]


def test_the_deadline_counts_working_days_and_the_packet_hash_is_recorded(
    context_factory: Any, packet_file: Path
) -> None:
    with context_factory() as ctx:
        sent = send(ctx, "exa", packet_file)
    assert (sent.deadline, sent.window_working_days) == (DEADLINE, 10)
    assert sent.sha256 == hashlib.sha256(packet_file.read_bytes()).hexdigest()
    with context_factory() as ctx:
        exa = next(v for v in document(ctx)["right_of_reply"]["vendors"] if v["vendor"] == "exa")
    assert exa["packet_sent_on"] == "2026-11-27"
    assert exa["deadline"] == "2026-12-11"
    assert exa["packet_sha256"] == sent.sha256
    assert exa["status"] == "awaiting"


def test_the_editions_window_wins_and_a_contradicting_window_is_refused(
    context_factory: Any,
) -> None:
    with context_factory() as ctx:
        edition = editions.current_edition(ctx)
        assert reply.window_working_days(edition) == 10
        assert reply.window_working_days(edition, 5) == 5
        with pytest.raises(ServiceError, match="1 to 60"):
            reply.window_working_days(edition, 0)
        editions.set_placeholders(ctx, reply_window_working_days=15)
        assert reply.window_working_days(edition) == 15
        assert reply.window_working_days(edition, 15) == 15
        with pytest.raises(ServiceError, match="contradicts"):
            reply.window_working_days(edition, 5)


@pytest.mark.parametrize(
    ("on", "message"),
    [
        (date(2026, 11, 30), "in the future"),
        (date(2026, 9, 1), "before the edition's verification date"),
    ],
)
def test_send_refuses_impossible_dates(
    context_factory: Any, packet_file: Path, on: date, message: str
) -> None:
    with context_factory() as ctx, pytest.raises(ServiceError, match=message):
        send(ctx, "exa", packet_file, on)


def test_send_refuses_a_file_that_is_not_a_pdf_and_the_same_packet_twice(
    context_factory: Any, packet_file: Path, tmp_path: Path
) -> None:
    text = tmp_path / "packet.txt"
    text.write_text("not a pdf")
    with context_factory() as ctx, pytest.raises(ServiceError, match="not a PDF"):
        send(ctx, "exa", text)
    with context_factory() as ctx, pytest.raises(ServiceError, match="no such file"):
        send(ctx, "exa", tmp_path / "missing.pdf")
    with context_factory() as ctx:
        send(ctx, "exa", packet_file)
    with context_factory() as ctx, pytest.raises(ServiceError, match="already recorded"):
        send(ctx, "exa", packet_file)
    with context_factory() as ctx, pytest.raises(ServiceError, match="cannot come after"):
        send(ctx, "exa", packet_file, date(2026, 11, 20))


def test_no_response_for_a_vendor_never_sent_a_packet(context_factory: Any) -> None:
    with context_factory() as ctx, pytest.raises(ServiceError, match="never sent a packet"):
        reply.record_response(ctx, "tavily", ReplyKind.DISAGREEMENT, dimension=COMPLIANCE, text="x")


def test_no_response_is_recorded_only_after_the_deadline_and_changes_nothing(
    context_factory: Any, packet_file: Path
) -> None:
    with context_factory() as ctx:
        send(ctx, "exa", packet_file)
    # The deadline day itself still belongs to the vendor.
    with context_factory(today=DEADLINE) as ctx, pytest.raises(ServiceError, match="until"):
        reply.record_response(ctx, "exa", ReplyKind.NO_RESPONSE)
    with context_factory(today=AFTER_DEADLINE) as ctx:
        before = document(ctx)
        recorded = reply.record_response(ctx, "exa", ReplyKind.NO_RESPONSE)
        after = document(ctx)
    assert recorded.revision_key is None and recorded.new_score is None
    assert before["vendors"] == after["vendors"]
    assert before["revision_log"] == after["revision_log"]
    exa = next(v for v in after["right_of_reply"]["vendors"] if v["vendor"] == "exa")
    assert exa["status"] == "no_response"
    assert exa["responses"][0]["kind"] == "no_response"
    assert exa["responses"][0]["received_on"] == "2026-12-14"
    with context_factory(today=AFTER_DEADLINE) as ctx, pytest.raises(ServiceError, match="already"):
        reply.record_response(ctx, "exa", ReplyKind.NO_RESPONSE)


def test_no_response_is_refused_once_something_was_received(
    context_factory: Any, packet_file: Path
) -> None:
    with context_factory() as ctx:
        send(ctx, "exa", packet_file)
        reply.record_response(ctx, "exa", ReplyKind.DISAGREEMENT, dimension=COMPLIANCE, text="x")
    with (
        context_factory(today=AFTER_DEADLINE) as ctx,
        pytest.raises(ServiceError, match="responded"),
    ):
        reply.record_response(ctx, "exa", ReplyKind.NO_RESPONSE)


def test_a_response_after_the_deadline_or_before_the_packet_is_refused(
    context_factory: Any, packet_file: Path
) -> None:
    with context_factory() as ctx:
        send(ctx, "exa", packet_file)
    with context_factory(today=AFTER_DEADLINE) as ctx, pytest.raises(ServiceError, match="after"):
        reply.record_response(ctx, "exa", ReplyKind.DISAGREEMENT, dimension=COMPLIANCE, text="x")
    with context_factory() as ctx, pytest.raises(ServiceError, match="before the first packet"):
        reply.record_response(
            ctx,
            "exa",
            ReplyKind.DISAGREEMENT,
            dimension=COMPLIANCE,
            text="x",
            received_on=date(2026, 11, 26),
        )


def test_a_response_between_two_sendings_is_recorded(
    context_factory: Any, packet_file: Path, tmp_path: Path
) -> None:
    corrected = tmp_path / "corrected.pdf"
    corrected.write_bytes(b"%PDF-1.7\nthe fictional packet, corrected\n%%EOF\n")
    later = date(2026, 12, 2)
    with context_factory() as ctx:
        send(ctx, "exa", packet_file)
    with context_factory(today=later) as ctx:
        send(ctx, "exa", corrected, later)
    with context_factory(today=later) as ctx:
        recorded = reply.record_response(
            ctx,
            "exa",
            ReplyKind.DISAGREEMENT,
            dimension=COMPLIANCE,
            text="We answered the first packet.",
            received_on=date(2026, 11, 30),
        )
        assert recorded.received_on == date(2026, 11, 30)


def test_a_disagreement_is_published_beside_the_score_and_never_changes_it(
    context_factory: Any, packet_file: Path
) -> None:
    with context_factory() as ctx:
        cells.set_cell(ctx, "exa", COMPLIANCE, outcome=Outcome.SCORED, score=1, rationale="Test.")
        send(ctx, "exa", packet_file)
    with context_factory() as ctx:
        recorded = reply.record_response(
            ctx,
            "exa",
            ReplyKind.DISAGREEMENT,
            dimension=COMPLIANCE,
            text="We read the anchor differently.",
            received_on=date(2026, 11, 28),
        )
        cell = next(v for v in document(ctx)["vendors"] if v["id"] == "exa")["cells"]["compliance"]
    assert recorded.new_score is None and recorded.revision_key is None
    assert cell["score"] == 1 and cell["rationale"] == "Test."
    assert cell["disagreements"] == [
        {"received_on": "2026-11-28", "text": "We read the anchor differently."}
    ]


def test_a_disagreement_needs_the_vendors_words_and_a_dimension(
    context_factory: Any, packet_file: Path
) -> None:
    with context_factory() as ctx:
        send(ctx, "exa", packet_file)
    with context_factory() as ctx, pytest.raises(ServiceError, match="--text"):
        reply.record_response(ctx, "exa", ReplyKind.DISAGREEMENT, dimension=COMPLIANCE)
    with context_factory() as ctx, pytest.raises(ServiceError, match="dimension"):
        reply.record_response(ctx, "exa", ReplyKind.DISAGREEMENT, text="x")
    with context_factory() as ctx, pytest.raises(ServiceError, match="never does"):
        reply.record_response(
            ctx,
            "exa",
            ReplyKind.DISAGREEMENT,
            dimension=COMPLIANCE,
            text="x",
            score_change=reply.ScoreChange(Outcome.SCORED, 2),
        )


def test_a_correction_needs_a_citable_artifact(context_factory: Any, packet_file: Path) -> None:
    with context_factory() as ctx:
        send(ctx, "exa", packet_file)
    with context_factory() as ctx, pytest.raises(ServiceError, match="citable artifact"):
        reply.record_response(ctx, "exa", ReplyKind.CORRECTION, dimension=COMPLIANCE)
    with context_factory() as ctx, pytest.raises(ServiceError, match="cannot be cited"):
        reply.record_response(
            ctx, "exa", ReplyKind.CORRECTION, dimension=COMPLIANCE, artifact_url="file:///etc/x"
        )


def test_a_correction_on_a_draft_is_a_dated_revision_entry_with_its_artifact(
    context_factory: Any, packet_file: Path
) -> None:
    with context_factory() as ctx:
        send(ctx, "exa", packet_file)
    with context_factory() as ctx:
        recorded = reply.record_response(
            ctx,
            "exa",
            ReplyKind.CORRECTION,
            dimension=COMPLIANCE,
            text="The DPA is public.",
            artifact_url="https://example.com/exa/dpa.pdf",
            score_change=reply.ScoreChange(Outcome.SCORED, 1, "Fictional DPA page."),
        )
        exported = document(ctx)
    assert (recorded.old_score, recorded.new_score) == ("unscored", "1")
    [entry] = exa_revisions(exported)
    assert entry["id"] == recorded.revision_key
    assert (entry["date"], entry["vendor"], entry["dimension"]) == (
        "2026-11-29",
        "exa",
        "compliance",
    )
    assert (entry["field"], entry["old"], entry["new"]) == ("score", "unscored", "1")
    assert entry["artifact_url"] == "https://example.com/exa/dpa.pdf"
    assert "The DPA is public." in entry["reason"]
    assert exported["edition"]["status"] == "draft"
    cell = next(v for v in exported["vendors"] if v["id"] == "exa")["cells"]["compliance"]
    assert (cell["score"], cell["rationale"], cell["disagreements"]) == (
        1,
        "Fictional DPA page.",
        [],
    )


def test_a_correction_without_a_score_change_is_still_logged(
    context_factory: Any, packet_file: Path
) -> None:
    with context_factory() as ctx:
        send(ctx, "exa", packet_file)
        reply.record_response(
            ctx,
            "exa",
            ReplyKind.CORRECTION,
            dimension=COMPLIANCE,
            artifact_url="https://example.com/exa/subprocessors",
        )
        [entry] = exa_revisions(document(ctx))
    assert entry["artifact_url"] == "https://example.com/exa/subprocessors"
    assert entry["field"] == "correction" and entry["date"] == "2026-11-29"


def test_a_refused_score_change_leaves_no_response_and_no_revision(
    context_factory: Any, packet_file: Path
) -> None:
    with context_factory() as ctx:
        send(ctx, "exa", packet_file)
    with context_factory() as ctx, pytest.raises(RuleViolation, match="ceiling"):
        reply.record_response(
            ctx,
            "exa",
            ReplyKind.CORRECTION,
            dimension=COMPLIANCE,
            artifact_url="https://example.com/exa/soc2",
            score_change=reply.ScoreChange(Outcome.SCORED, 4),
        )
    with context_factory() as ctx:
        exported = document(ctx)
    assert exa_revisions(exported) == []
    exa = next(v for v in exported["right_of_reply"]["vendors"] if v["vendor"] == "exa")
    assert exa["responses"] == []


def test_conducted_only_when_every_included_vendor_was_sent_and_every_window_closed(
    context_factory: Any, packet_file: Path
) -> None:
    with context_factory() as ctx:
        for vendor in INCLUDED[:-1]:
            send(ctx, vendor, packet_file)
    with context_factory(today=AFTER_DEADLINE) as ctx:
        status = reply.reply_status(ctx)
    assert not status.conducted
    assert {v.vendor: v.state for v in status.vendors}["keenable"] == ReplyState.NOT_SENT
    with context_factory() as ctx:
        send(ctx, "keenable", packet_file, date(2026, 11, 26))  # deadline 2026-12-10
    with context_factory(today=DEADLINE) as ctx:
        assert not reply.reply_status(ctx).conducted  # Thursday's window closed, Friday's not
    with context_factory(today=AFTER_DEADLINE) as ctx:
        status = reply.reply_status(ctx)
        blockers = [b.rule_id for b in editions.blockers(ctx)]
    assert status.conducted  # serper is excluded and was never sent one
    assert "right-of-reply-not-conducted" not in blockers
    states = {v.vendor: v.state for v in status.vendors}
    assert states["exa"] == ReplyState.WINDOW_CLOSED and states["serper"] == ReplyState.NOT_SENT
