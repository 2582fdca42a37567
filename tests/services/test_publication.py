"""Publication, the revision log, and editions: a published number never changes silently."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from scorecard.document.build import build_document
from scorecard.domain.assessment import assess_edition
from scorecard.domain.rubric import load_rubric
from tests.db_state import database_state
from tests.domain.test_blockers import publishable_snapshot


@pytest.fixture
def publishable(cli, tmp_path: Path) -> Path:  # type: ignore[no-untyped-def]
    snapshot = publishable_snapshot()
    document = build_document(assess_edition(snapshot, load_rubric("1"), date(2026, 10, 1)))
    document["edition"]["published"] = None
    document["edition"]["status"] = "draft"
    path = tmp_path / "acme.json"
    path.write_text(json.dumps(document))
    assert cli("import", str(path)).exit_code == 0
    return path


def test_publish_is_refused_while_blockers_remain_listing_them(cli, db_url) -> None:  # type: ignore[no-untyped-def]
    assert cli("vendor", "list").exit_code == 0
    before = database_state(db_url)
    result = cli("export", "--publish", "--out", "out.json")
    assert result.exit_code == 1
    assert "Publication refused" in result.stderr
    assert "right-of-reply-not-conducted" in result.stderr
    assert not Path("out.json").exists()
    assert database_state(db_url) == before


def test_publishing_freezes_the_edition_and_changes_then_need_a_revision(cli, publishable) -> None:  # type: ignore[no-untyped-def]
    ready = cli("check", today="2026-10-01")
    assert (
        ready.exit_code == 0 and "[PUBLISH_DATE]" in ready.stdout and "Publishable" in ready.stdout
    )
    published = cli(
        "export",
        "--publish",
        "--publish-date",
        "2026-10-01",
        "--out",
        "pub.json",
        today="2026-10-01",
    )
    assert published.exit_code == 0, published.stderr
    document = json.loads(Path("pub.json").read_text())
    assert document["edition"]["status"] == "published"
    assert document["edition"]["published"] == "2026-10-01"

    silent = cli("cell", "set", "acme", "compliance", "--score", "1", today="2026-10-02")
    assert silent.exit_code == 2 and "revision" in silent.stderr

    revised = cli(
        "cell",
        "set",
        "acme",
        "compliance",
        "--score",
        "1",
        "--revision-reason",
        "Vendor supplied its DPA; factual correction.",
        "--revision-artifact",
        "https://example.com/acme/dpa.pdf",
        today="2026-10-02",
    )
    assert revised.exit_code == 0, revised.stderr
    after = json.loads(cli("export", today="2026-10-02").stdout)
    entry = after["revision_log"][-1]
    assert (entry["date"], entry["vendor"], entry["dimension"]) == (
        "2026-10-02",
        "acme",
        "compliance",
    )
    assert (entry["old"], entry["new"]) == ("0", "1")
    assert entry["artifact_url"] == "https://example.com/acme/dpa.pdf"
    assert after["edition"]["status"] == "published"

    again = cli("export", "--publish", today="2026-10-02")
    assert again.exit_code == 2 and "already published" in again.stderr


def test_a_new_edition_carries_over_and_leaves_the_last_one_intact(cli, publishable) -> None:  # type: ignore[no-untyped-def]
    assert cli("export", "--publish", "--out", "pub.json", today="2026-10-01").exit_code == 0
    first = Path("pub.json").read_bytes()
    result = cli("edition", "new", "--verification-date", "2026-12-01", today="2026-12-01")
    assert result.exit_code == 0, result.stderr
    draft = json.loads(cli("export", today="2026-12-01").stdout)
    assert draft["edition"]["status"] == "draft" and draft["edition"]["valid_until"] == "2027-03-01"
    assert draft["edition"]["version"] is None
    acme = draft["vendors"][0]
    assert acme["cells"]["compliance"]["score"] == 0
    assert "right-of-reply-not-conducted" in [b["rule"] for b in draft["publication_blockers"]]
    listing = cli("edition", "list", today="2026-12-01").stdout
    assert "2026-09-03" in listing and "published" in listing and "2026-12-01" in listing
    assert Path("pub.json").read_bytes() == first


def test_an_event_makes_its_dimension_due_until_reverified(cli, publishable) -> None:  # type: ignore[no-untyped-def]
    assert (
        cli(
            "event",
            "add",
            "acme",
            "--kind",
            "pricing",
            "--date",
            "2026-09-20",
            "--source",
            "https://example.com/acme/blog/pricing",
            today="2026-10-01",
        ).exit_code
        == 0
    )
    check = cli("check", today="2026-10-01")
    assert "reverification-due" in check.stdout and check.exit_code == 1
    added = cli(
        "evidence",
        "add",
        "acme",
        "price_stability",
        "--artifact",
        "live_pricing_page",
        "--state",
        "observed",
        "--grade",
        "directly_verifiable",
        "--url",
        "https://example.com/acme/pricing",
        "--retrieved",
        "2026-09-25",
        today="2026-10-01",
    )
    assert added.exit_code == 0, added.stderr
    assert "reverification-due" not in cli("check", today="2026-10-01").stdout


def test_csv_has_one_row_a_cell(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("export", "--format", "csv")
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("vendor_id,vendor_name,included")
    assert len(lines) == 1 + 7 * 5
    assert any(
        line.startswith("keenable,Keenable,true") and "insufficient_history" in line
        for line in lines
    )


def test_scoring_records_who_and_what_in_the_change_log(cli) -> None:  # type: ignore[no-untyped-def]
    assert (
        cli(
            "cell",
            "set",
            "exa",
            "compliance",
            "--score",
            "0",
            "--rationale",
            "Fictional test rationale.",
        ).exit_code
        == 0
    )
    log = cli("log").stdout
    assert "test-reviewer" in log and "exa/compliance" in log and "score" in log
    assert cli("log", "verify").exit_code == 0
