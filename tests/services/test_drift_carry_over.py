"""A source drift is part of the edition: it survives export/import and a new edition."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def with_drift(root_document: dict[str, Any]) -> dict[str, Any]:
    exa = next(v for v in root_document["vendors"] if v["id"] == "exa")
    exa["cells"]["compliance"]["evidence"].append(
        {
            "id": "ev-drift-1",
            "artifact": "dpa",
            "state": "observed",
            "grade": "vendor_claimed",
            "url": "https://example.com/fictional/dpa",
            "retrieval_date": "2026-09-01",
            "capture_sha256": None,
            "quote": "A fictional quote that later vanished.",
            "note": None,
        }
    )
    root_document["source_drifts"] = [
        {
            "vendor": "exa",
            "dimension": "compliance",
            "evidence_id": "ev-drift-1",
            "url": "https://example.com/fictional/dpa",
            "detected_on": "2026-11-20",
            "new_capture_sha256": "e" * 64,
        }
    ]
    return root_document


def test_a_drift_round_trips_and_blocks(cli, root_document, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "drift.json"
    path.write_text(json.dumps(with_drift(root_document)))
    assert cli("import", str(path)).exit_code == 0
    exported = json.loads(cli("export").stdout)
    assert exported["source_drifts"][0]["evidence_id"] == "ev-drift-1"
    assert "source-drift" in [b["rule"] for b in exported["publication_blockers"]]
    again = tmp_path / "again.json"
    again.write_text(cli("export").stdout)
    assert cli("import", str(again), "--replace").exit_code == 0
    assert cli("export").stdout == again.read_text()


def test_a_new_edition_keeps_an_unanswered_drift(cli, root_document, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "drift.json"
    path.write_text(json.dumps(with_drift(root_document)))
    assert cli("import", str(path)).exit_code == 0
    assert cli("edition", "new", "--verification-date", "2026-11-25").exit_code == 0
    check = cli("check")
    assert "source-drift" in check.stdout
