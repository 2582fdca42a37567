"""The CSV export: one row a cell, for reviewers who work in spreadsheets."""

from __future__ import annotations

import csv
import io
from typing import Any

COLUMNS = (
    "vendor_id",
    "vendor_name",
    "included",
    "exclusion_reason",
    "company_age_months",
    "founding_date_status",
    "dimension",
    "outcome",
    "score",
    "raw_count",
    "ceiling",
    "evidence_state",
    "source_grade",
    "source_url",
    "retrieval_date",
    "stale",
    "reverification_due",
    "rationale",
    "evidence_items",
    "disagreements",
)


def _cell_text(value: object) -> str:
    """Plain text for a spreadsheet; a leading formula character is quoted so it is not run."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text
    return text


def render_csv(document: dict[str, Any]) -> bytes:
    """Rows in the document's vendor order and the canonical dimension order."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for vendor in document["vendors"]:
        for dimension, cell in vendor["cells"].items():
            row = (
                vendor["id"],
                vendor["name"],
                vendor["included"],
                vendor["exclusion_reason"],
                vendor["company_age_months"],
                vendor["founding_date_status"],
                dimension,
                cell["outcome"],
                cell["score"],
                cell["raw_count"],
                cell["ceiling"],
                cell["evidence_state"],
                cell["source_grade"],
                cell["source_url"],
                cell["retrieval_date"],
                cell["stale"],
                cell["reverification_due"],
                cell["rationale"],
                len(cell["evidence"]),
                " | ".join(d["text"] for d in cell["disagreements"]),
            )
            writer.writerow([_cell_text(v) for v in row])
    return buffer.getvalue().encode("utf-8")
