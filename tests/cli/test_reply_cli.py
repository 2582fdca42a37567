"""`scorecard reply packet|send|record|status`, end to end on the seeded edition."""

from __future__ import annotations

import hashlib
import io
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from scorecard.document.build import build_document
from scorecard.domain.assessment import assess_edition
from scorecard.domain.rubric import load_rubric
from tests.db_state import database_state
from tests.domain.test_blockers import publishable_snapshot

VENDOR_NAMES = ("Exa", "Tavily", "Linkup", "You.com", "Brave Search API", "Keenable", "Serper")
INCLUDED = ("exa", "tavily", "linkup", "you-com", "brave-search-api", "keenable")
POLICY = (
    "We do not offer to change a score in exchange for anything, including access, data, "
    "or advertising."
)


def text_of(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return " ".join(" ".join(page.extract_text() or "" for page in reader.pages).split())


def exported(cli: Any, today: str = "2026-11-29") -> dict[str, Any]:
    result = cli("export", today=today)
    assert result.exit_code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def send(cli: Any, vendor: str, packet: Path, on: str = "2026-11-27") -> None:
    result = cli("reply", "send", vendor, "--date", on, "--packet", str(packet))
    assert result.exit_code == 0, result.stderr


def reply_of(document: dict[str, Any], vendor: str) -> dict[str, Any]:
    return next(v for v in document["right_of_reply"]["vendors"] if v["vendor"] == vendor)


@pytest.fixture
def published_acme(cli: Any, tmp_path: Path) -> None:
    """A fictional one-vendor edition whose packet to Acme went out 2026-09-04 (due 09-18),
    imported and published on 2026-10-01."""
    document = build_document(
        assess_edition(publishable_snapshot(), load_rubric("1"), date(2026, 10, 1))
    )
    document["edition"]["published"] = None
    document["edition"]["status"] = "draft"
    path = tmp_path / "acme.json"
    path.write_text(json.dumps(document))
    assert cli("import", str(path)).exit_code == 0
    published = cli("export", "--publish", "--publish-date", "2026-10-01", today="2026-10-01")
    assert published.exit_code == 0, published.stderr


@pytest.fixture
def fake_packet(tmp_path: Path) -> Path:
    """A stand-in for a packet PDF already sent, so only the tests about rendering render one."""
    path = tmp_path / "sent-packet.pdf"
    path.write_bytes(b"%PDF-1.7\nfictional packet for tests\n%%EOF\n")
    return path


def test_packet_shows_one_vendor_the_deadline_and_the_policy_and_send_records_its_hash(
    cli: Any, tmp_path: Path
) -> None:
    out = tmp_path / "exa-packet.pdf"
    made = cli("reply", "packet", "exa", "--date", "2026-11-27", "--out", str(out))
    assert made.exit_code == 0, made.stderr
    assert "respond by 2026-12-11" in made.stderr
    text = text_of(out.read_bytes())
    assert "Exa" in text
    assert [name for name in VENDOR_NAMES if name in text] == ["Exa"]
    # Sent on Friday 2026-11-27, ten working days with the weekends skipped.
    assert "Packet sent 2026-11-27" in text
    assert "Response deadline 2026-12-11" in text
    assert "10 working days" in text
    assert POLICY in text
    assert "Nothing in this process makes a vendor a reviewer of its own row." in text
    assert "Evidence cited" in text and "Anchors used" in text

    sent = cli("reply", "send", "exa", "--date", "2026-11-27", "--packet", str(out))
    assert sent.exit_code == 0, sent.stderr
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    exa = reply_of(exported(cli), "exa")
    assert (exa["packet_sha256"], exa["packet_sent_on"], exa["deadline"]) == (
        digest,
        "2026-11-27",
        "2026-12-11",
    )


def test_send_without_a_file_renders_writes_and_hashes_the_packet(cli: Any) -> None:
    sent = cli("reply", "send", "tavily", "--date", "2026-11-27", "--window", "5")
    assert sent.exit_code == 0, sent.stderr
    written = Path("reports/packets/tavily-2026-11-27.pdf")
    assert written.read_bytes().startswith(b"%PDF-")
    tavily = reply_of(exported(cli), "tavily")
    assert tavily["packet_sha256"] == hashlib.sha256(written.read_bytes()).hexdigest()
    assert tavily["deadline"] == "2026-12-04"  # five working days
    assert "Response deadline 2026-12-04" in text_of(written.read_bytes())
    # A packet file that may already have gone out is never overwritten by a new rendering.
    written_bytes = written.read_bytes()
    again = cli("reply", "send", "tavily", "--date", "2026-11-27", "--window", "5")
    assert again.exit_code == 2 and "--packet" in again.stderr
    assert written.read_bytes() == written_bytes


def test_correction_is_a_dated_revision_entry_with_its_artifact(
    cli: Any, fake_packet: Path
) -> None:
    send(cli, "exa", fake_packet)
    result = cli(
        "reply", "record", "exa", "--kind", "correction", "--dimension", "compliance",
        "--text", "Our DPA is public.", "--artifact", "https://example.com/exa/dpa.pdf",
        "--score", "1", "--rationale", "Fictional DPA page.", "--date", "2026-11-28",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "Score unscored -> 1" in result.stdout
    document = exported(cli)
    [entry] = [r for r in document["revision_log"] if r["vendor"] == "exa"]
    assert (entry["date"], entry["dimension"], entry["old"], entry["new"]) == (
        "2026-11-29",
        "compliance",
        "unscored",
        "1",
    )
    assert entry["artifact_url"] == "https://example.com/exa/dpa.pdf"
    [response] = reply_of(document, "exa")["responses"]
    assert (response["kind"], response["received_on"]) == ("correction", "2026-11-28")


def test_disagreement_is_beside_the_score_and_the_score_is_unchanged(
    cli: Any, fake_packet: Path
) -> None:
    scored = cli("cell", "set", "exa", "compliance", "--score", "1", "--rationale", "Test only.")
    assert scored.exit_code == 0, scored.stderr
    send(cli, "exa", fake_packet)
    before = next(v for v in exported(cli)["vendors"] if v["id"] == "exa")["cells"]["compliance"]
    result = cli(
        "reply", "record", "exa", "--kind", "disagreement", "--dimension", "compliance",
        "--text", "We read anchor 2 differently.",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "No score changed." in result.stdout
    after = next(v for v in exported(cli)["vendors"] if v["id"] == "exa")["cells"]["compliance"]
    assert after["disagreements"] == [
        {"received_on": "2026-11-29", "text": "We read anchor 2 differently."}
    ]
    assert (after["outcome"], after["score"], after["rationale"]) == ("scored", 1, "Test only.")
    assert {k: v for k, v in after.items() if k != "disagreements"} == {
        k: v for k, v in before.items() if k != "disagreements"
    }
    refused = cli(
        "reply", "record", "exa", "--kind", "disagreement", "--dimension", "compliance",
        "--text", "Make it a 3.", "--score", "3",
    )  # fmt: skip
    assert refused.exit_code == 2 and "never does" in refused.stderr


def test_no_response_is_refused_before_the_deadline_and_recorded_after(
    cli: Any, db_url: str, fake_packet: Path
) -> None:
    send(cli, "exa", fake_packet)
    before = database_state(db_url)
    early = cli("reply", "record", "exa", "--kind", "no-response", today="2026-12-11")
    assert early.exit_code == 2
    assert "until 2026-12-11" in early.stderr and "Traceback" not in early.stderr
    assert database_state(db_url) == before
    late = cli("reply", "record", "exa", "--kind", "no-response", today="2026-12-14")
    assert late.exit_code == 0, late.stderr
    exa = reply_of(exported(cli, "2026-12-14"), "exa")
    assert exa["status"] == "no_response"
    assert [(r["kind"], r["received_on"]) for r in exa["responses"]] == [
        ("no_response", "2026-12-14")
    ]


def test_a_vendor_never_sent_a_packet_cannot_respond(cli: Any, db_url: str) -> None:
    cli("vendor", "list")  # seeds the database
    before = database_state(db_url)
    result = cli(
        "reply", "record", "linkup", "--kind", "correction", "--dimension", "compliance",
        "--artifact", "https://example.com/linkup/dpa",
    )  # fmt: skip
    assert result.exit_code == 2
    assert "never sent a packet" in result.stderr
    assert database_state(db_url) == before


def test_status_lists_each_vendors_state_dates_and_responses(cli: Any, fake_packet: Path) -> None:
    send(cli, "exa", fake_packet)
    assert cli(
        "reply", "record", "exa", "--kind", "disagreement", "--dimension", "compliance",
        "--text", "Fictional disagreement.", "--date", "2026-11-28",
    ).exit_code == 0  # fmt: skip
    result = cli("reply", "status")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "Right of reply at 2026-11-29: not conducted." in lines[0]
    exa = next(line for line in lines if line.startswith("Exa (exa)"))
    assert "responded" in exa and "2026-11-27" in exa and "2026-12-11" in exa
    assert "disagreement compliance 2026-11-28" in exa
    tavily = next(line for line in lines if line.startswith("Tavily (tavily)"))
    assert "not sent" in tavily
    assert any(line.startswith("Serper (serper), excluded") for line in lines)


def test_conducted_flips_only_when_every_included_window_closed(
    cli: Any, fake_packet: Path
) -> None:
    for vendor in INCLUDED[:-1]:
        send(cli, vendor, fake_packet)
    missing_one = cli("check", today="2026-12-14")
    assert "right-of-reply-not-conducted" in missing_one.stdout
    send(cli, "keenable", fake_packet)
    on_deadline = cli("check", today="2026-12-11")
    assert "right-of-reply-not-conducted" in on_deadline.stdout
    assert exported(cli, "2026-12-11")["right_of_reply"]["conducted"] is False
    after = cli("check", today="2026-12-14")
    assert "right-of-reply-not-conducted" not in after.stdout
    assert after.exit_code == 1  # other blockers (unscored cells, founding dates) remain
    assert exported(cli, "2026-12-14")["right_of_reply"]["conducted"] is True
    assert (
        "Right of reply at 2026-12-14: conducted."
        in cli("reply", "status", today="2026-12-14").stdout
    )


@pytest.mark.usefixtures("published_acme")
def test_a_correction_to_a_published_edition_writes_one_revision_entry(cli: Any) -> None:
    result = cli(
        "reply", "record", "acme", "--kind", "correction", "--dimension", "compliance",
        "--artifact", "https://example.com/acme/dpa.pdf", "--score", "1",
        "--rationale", "Fictional DPA page.", "--date", "2026-09-10", today="2026-10-02",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    document = exported(cli, "2026-10-02")
    [entry] = document["revision_log"]
    assert (entry["date"], entry["old"], entry["new"]) == ("2026-10-02", "0", "1")
    assert entry["artifact_url"] == "https://example.com/acme/dpa.pdf"
    assert document["edition"]["status"] == "published"
    refused = cli("reply", "send", "acme", "--date", "2026-10-02", today="2026-10-02")
    assert refused.exit_code == 2 and "published" in refused.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--kind", "maybe"), "maybe"),
        (("--kind", "no-response", "--rationale", "x"), "--rationale goes with"),
        (("--kind", "correction", "--score", "1", "--insufficient-history"), "at most one"),
        (("--kind", "disagreement", "--date", "2026-02-30"), "not a calendar date"),
    ],
)
def test_bad_record_options_are_refused_cleanly(
    cli: Any, args: tuple[str, ...], message: str
) -> None:
    result = cli("reply", "record", "exa", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_window_contradicting_the_editions_is_refused(cli: Any, fake_packet: Path) -> None:
    assert cli("edition", "set", "--reply-window", "15").exit_code == 0
    result = cli(
        "reply", "send", "exa", "--date", "2026-11-27", "--packet", str(fake_packet),
        "--window", "10",
    )  # fmt: skip
    assert result.exit_code == 2 and "contradicts" in result.stderr
    send(cli, "exa", fake_packet)
    assert reply_of(exported(cli), "exa")["deadline"] == "2026-12-18"  # fifteen working days
