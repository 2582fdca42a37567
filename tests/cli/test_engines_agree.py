"""A reviewer's whole session gives the same answers on PostgreSQL as on SQLite: the same output
from every command and the same exported bytes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Cli

RATIONALE = "Fictional test rationale: nothing observed yet."
FICTIONAL = "https://example.com/fictional"
# Generated ids and timestamps differ between any two runs; everything else must not.
VARYING = [
    (re.compile(r"\b(ev|rev|sc|mb|rr)-[0-9a-f]{12}\b"), r"\1-ID"),
    (re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}"), "TIME"),
]

SESSION: list[tuple[str, ...]] = [
    ("vendor", "list"),
    ("vendor", "add", "acme-search", "--name", "Acme Search (fictional) — ✓"),
    ("vendor", "set", "acme-search", "--homepage", f"{FICTIONAL}/acme"),
    ("cell", "set", "acme-search", "compliance", "--score", "0", "--rationale", RATIONALE),
    (
        "evidence", "add", "acme-search", "procurement_maturity", "--artifact", "msa",
        "--state", "observed", "--grade", "vendor_claimed", "--url", f"{FICTIONAL}/msa",
        "--retrieved", "2026-11-20", "--quote", "Fictional “quote” with ünïcode.",
    ),
    ("cell", "set", "acme-search", "procurement_maturity", "--score", "1", "--expected-version", "2"),
    ("cell", "set", "acme-search", "procurement_maturity", "--score", "0", "--expected-version", "2"),
    ("cell", "show", "acme-search", "procurement_maturity"),
    ("event", "add", "acme-search", "--kind", "pricing", "--date", "2026-11-01",
     "--source", f"{FICTIONAL}/news"),
    ("conflict", "add", "acme-search", "--primary", f"{FICTIONAL}/a",
     "--conflicting", f"{FICTIONAL}/b", "--description", "Fictional disagreement."),
    ("blocker", "add", "Fictional blocker for the test."),
    ("blocker", "list"),
    ("conflict", "list"),
    ("edition", "set", "--version", "2026.4-test", "--reply-window", "10"),
    ("edition", "list"),
    ("check",),
    ("export",),
    ("export", "--format", "csv"),
    ("edition", "new", "--verification-date", "2026-11-28"),
    ("vendor", "show", "acme-search"),
    ("export",),
    ("log", "verify"),
    ("reply", "status"),
]  # fmt: skip


def _normalised(text: str) -> str:
    for pattern, replacement in VARYING:
        text = pattern.sub(replacement, text)
    return text


def _run_session(cli: Cli) -> list[tuple[tuple[str, ...], int, str]]:
    transcript = []
    for args in SESSION:
        result = cli(*args)
        assert "Traceback" not in result.output, (args, result.output)
        transcript.append((args, result.exit_code, _normalised(result.stdout + result.stderr)))
    return transcript


@pytest.mark.postgres
def test_a_reviewers_session_reads_the_same_on_both_engines(pg_server: Any, tmp_path: Path) -> None:
    on_sqlite = _run_session(Cli(f"sqlite:///{tmp_path / 'scorecard.db'}"))
    postgres_url = pg_server.create_database("agree")
    try:
        on_postgres = _run_session(Cli(postgres_url))
    finally:
        pg_server.drop_database(postgres_url)

    for sqlite_step, postgres_step in zip(on_sqlite, on_postgres, strict=True):
        assert postgres_step == sqlite_step
    refused = {args: code for args, code, _ in on_sqlite if code not in (0, 1)}
    assert refused == {SESSION[6]: 2}, "only the stale edit is refused"
