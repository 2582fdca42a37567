"""The root scorecard.json: valid, round-trips byte for byte, and states only the methodology's facts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorecard.document.validate import schema_problems

ROOT = Path(__file__).resolve().parents[2] / "scorecard.json"


def test_the_root_file_validates_against_the_schema(root_document: dict[str, Any]) -> None:
    assert schema_problems(root_document) == []


def test_import_then_export_reproduces_the_file_byte_for_byte(cli, root_document) -> None:  # type: ignore[no-untyped-def]
    assert cli("import", str(ROOT)).exit_code == 0
    result = cli("export", today=root_document["edition"]["checked_on"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout_bytes == ROOT.read_bytes()


def test_the_first_use_of_a_database_seeds_it_with_the_same_edition(cli, root_document) -> None:  # type: ignore[no-untyped-def]
    result = cli("export", today=root_document["edition"]["checked_on"])
    assert result.stdout_bytes == ROOT.read_bytes()


def test_checked_after_valid_until_the_edition_is_stale_and_blocked(cli) -> None:  # type: ignore[no-untyped-def]
    before = cli("check", today="2026-12-02")
    after = cli("check", today="2026-12-03")
    assert before.exit_code == after.exit_code == 1
    assert "edition-stale" not in before.stdout
    assert "edition-stale" in after.stdout and "2026-12-02" in after.stdout
    export = cli("export", today="2026-12-03")
    assert '"status": "stale"' in export.stdout


def test_the_edition_states_the_methodologys_dates_and_open_placeholders(root_document) -> None:  # type: ignore[no-untyped-def]
    edition = root_document["edition"]
    assert (edition["verification_date"], edition["valid_until"]) == ("2026-09-03", "2026-12-02")
    assert edition["version"] is None and edition["published"] is None
    assert {"VERSION", "PUBLISH_DATE", "RUN_START", "RUN_END"} <= set(
        edition["unresolved_placeholders"]
    )
    assert root_document["right_of_reply"]["conducted"] is False


def test_seven_vendors_serper_excluded_at_zero_keenable_insufficient_history(root_document) -> None:  # type: ignore[no-untyped-def]
    vendors = {v["id"]: v for v in root_document["vendors"]}
    assert set(vendors) == {
        "exa",
        "tavily",
        "linkup",
        "you-com",
        "brave-search-api",
        "keenable",
        "serper",
    }
    serper = vendors.pop("serper")
    assert serper["included"] is False and serper["exclusion_reason"]
    assert {c["score"] for c in serper["cells"].values()} == {0}
    assert vendors["keenable"]["cells"]["price_stability"]["outcome"] == "insufficient_history"
    for vendor in [*vendors.values(), serper]:
        assert vendor["founding_date"] is None and vendor["founding_date_status"] == "unverified"
        assert vendor["homepage"] is None
        for dimension, cell in vendor["cells"].items():
            assert cell["evidence"] == []
            if vendor["id"] != "serper" and (vendor["id"], dimension) != (
                "keenable",
                "price_stability",
            ):
                assert cell["outcome"] == "unscored" and cell["score"] is None


def test_the_blockers_include_the_two_the_methodology_names(root_document) -> None:  # type: ignore[no-untyped-def]
    rules = [b["rule"] for b in root_document["publication_blockers"]]
    assert "right-of-reply-not-conducted" in rules
    assert rules.count("founding-date-unverified") == 7
    assert "insufficient-history-provisional" in rules
