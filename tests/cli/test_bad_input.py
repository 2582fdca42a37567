"""Bad input gets a clear message, exit code 2, no traceback, and the database unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.db_state import database_state


@pytest.fixture
def seeded(cli, db_url):  # type: ignore[no-untyped-def]
    assert cli("vendor", "list").exit_code == 0
    return database_state(db_url)


def refused(result, *words: str) -> None:  # type: ignore[no-untyped-def]
    output = result.stdout + result.stderr
    assert result.exit_code == 2, output
    assert "Traceback" not in output
    for word in words:
        assert word in output, output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("cell", "set", "exa", "compliance", "--score", "5"), ("score-range", "0 to 4")),
        (
            ("cell", "set", "exa", "compliance", "--insufficient-history"),
            ("insufficient-history-window",),
        ),
        (
            ("cell", "set", "exa", "compliance", "--score", "3"),
            ("score-above-ceiling", "Level 2 needs"),
        ),
        (
            ("cell", "set", "nosuch", "compliance", "--score", "1"),
            ("Unknown vendor 'nosuch'", "exa"),
        ),
        (("cell", "set", "exa", "nosuch", "--score", "1"), ("nosuch",)),
        (
            (
                "evidence",
                "add",
                "exa",
                "compliance",
                "--artifact",
                "dpa",
                "--state",
                "observed",
                "--grade",
                "vendor_claimed",
                "--url",
                "javascript:alert(1)",
            ),
            ("only http and https",),
        ),
        (
            (
                "evidence",
                "add",
                "exa",
                "compliance",
                "--artifact",
                "dpa",
                "--state",
                "observed",
                "--grade",
                "vendor_claimed",
                "--url",
                "https://example.com/dpa",
                "--retrieved",
                "2026-12-01",
            ),
            ("in the future",),
        ),
        (
            (
                "evidence",
                "add",
                "exa",
                "compliance",
                "--artifact",
                "dpa",
                "--state",
                "observed",
                "--url",
                "https://example.com/dpa",
            ),
            ("source grade",),
        ),
        (
            (
                "evidence",
                "add",
                "exa",
                "compliance",
                "--artifact",
                "dpa",
                "--state",
                "observed",
                "--grade",
                "vendor_claimed",
                "--url",
                "https://example.com/dpa",
                "--retrieved",
                "2026-02-30",
            ),
            ("2026-02-30", "not a calendar date"),
        ),
        (("vendor", "set", "exa", "--name", "Exa\u202egnp.exe"), ("bidirectional",)),
        (
            (
                "event",
                "add",
                "exa",
                "--kind",
                "pricing",
                "--date",
                "2026-10-01",
                "--source",
                "file:///etc/passwd",
            ),
            ("only http and https",),
        ),
    ],
)
def test_each_refusal_names_the_problem_and_changes_nothing(
    cli, db_url, seeded, args, words
) -> None:  # type: ignore[no-untyped-def]
    refused(cli(*args), *words)
    assert database_state(db_url) == seeded


def test_malformed_json_names_line_and_column(cli, db_url, seeded, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema_version": "1.0.0",\n  "edition": }')
    refused(cli("import", str(bad)), "malformed JSON at line 2")
    refused(cli("validate", str(bad)), "malformed JSON")
    assert database_state(db_url) == seeded


def test_a_schema_invalid_file_names_the_json_path(
    cli, db_url, seeded, root_document, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    root_document["vendors"][0]["cells"]["compliance"]["score"] = 7
    root_document["edition"]["verification_date"] = "2026-02-30"
    bad = tmp_path / "invalid.json"
    bad.write_text(json.dumps(root_document))
    result = cli("import", str(bad), "--replace")
    refused(result, "$.vendors[0].cells.compliance.score", "$.edition.verification_date")
    refused(cli("validate", str(bad)), "$.vendors[0].cells.compliance.score")
    assert database_state(db_url) == seeded


def test_a_schema_valid_file_breaking_a_rule_is_refused_whole(
    cli, db_url, seeded, root_document, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    cell = root_document["vendors"][0]["cells"]["compliance"]
    cell["outcome"] = "insufficient_history"
    path = tmp_path / "rule.json"
    path.write_text(json.dumps(root_document))
    refused(cli("import", str(path), "--replace"), "insufficient-history-window")
    assert database_state(db_url) == seeded


def test_a_missing_file_is_a_clear_error(cli, db_url, seeded) -> None:  # type: ignore[no-untyped-def]
    refused(cli("import", "nowhere.json"), "no such file")
    assert database_state(db_url) == seeded


def test_a_bad_database_url_is_a_clear_error(cli) -> None:  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from scorecard.cli import app

    result = CliRunner().invoke(app, ["--db", "nonsense://", "vendor", "list"])
    refused(result, "database")
