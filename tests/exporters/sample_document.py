"""A small schema-valid edition with two fictional vendors, and PDF reading helpers for tests."""

from __future__ import annotations

import copy
import hashlib
import io
import json
from pathlib import Path
from typing import Any

from pypdf import PdfReader

REPO_ROOT = Path(__file__).resolve().parents[2]
SCHEMA_PATH = REPO_ROOT / "schemas" / "scorecard.schema.json"
RUBRIC_PATH = REPO_ROOT / "scorecard" / "domain" / "rubric" / "v1.json"

ACME = "acme"
GLOBEX = "globex"
ACME_NAME = "Acme Search"
GLOBEX_NAME = "Globex Search"


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def methodology() -> dict[str, Any]:
    """The v1 rubric in the export's shape (anchor requirements become text or null)."""
    rubric = json.loads(RUBRIC_PATH.read_text(encoding="utf-8"))
    dimensions = []
    for dim in rubric["dimensions"]:
        dimensions.append(
            {
                "id": dim["id"],
                "name": dim["name"],
                "signals": dim["signals"],
                "window_months": dim.get("window_months"),
                "method": dim["method"],
                "artifacts": [
                    {"key": a["key"], "label": a["label"], "polarity": a["polarity"]}
                    for a in dim["artifacts"]
                ],
                "anchors": [
                    {
                        "level": a["level"],
                        "text": a["text"],
                        "requires": None
                        if a.get("requires") is None
                        else json.dumps(a["requires"], sort_keys=True),
                    }
                    for a in dim["anchors"]
                ],
                "known_failure_mode": dim["known_failure_mode"],
            }
        )
    return {
        "version": rubric["version"],
        "title": rubric["title"],
        "source": rubric["source"],
        "dimensions": dimensions,
    }


def evidence(
    item_id: str,
    artifact: str,
    *,
    state: str = "observed",
    grade: str | None = "directly_verifiable",
    url: str | None = None,
    retrieved: str | None = "2026-01-10",
    quote: str | None = None,
    note: str | None = None,
) -> dict[str, Any]:
    observed = state == "observed"
    return {
        "id": item_id,
        "artifact": artifact,
        "state": state,
        "grade": grade,
        "url": url,
        "retrieval_date": retrieved if url else None,
        "capture_sha256": sha(item_id) if url and observed else None,
        "quote": quote,
        "note": note,
    }


def cell(
    outcome: str,
    score: int | None,
    *,
    state: str = "observed",
    grade: str | None = "directly_verifiable",
    url: str | None = None,
    retrieved: str | None = "2026-01-10",
    raw_count: int | None = None,
    ceiling: int = 4,
    stale: bool = False,
    reverification_due: bool = False,
    rationale: str | None = None,
    disagreements: list[dict[str, Any]] | None = None,
    items: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "outcome": outcome,
        "score": score,
        "raw_count": raw_count,
        "ceiling": ceiling,
        "evidence_state": state,
        "source_grade": grade,
        "source_url": url,
        "retrieval_date": retrieved if url else None,
        "stale": stale,
        "reverification_due": reverification_due,
        "rationale": rationale,
        "disagreements": disagreements or [],
        "evidence": items or [],
    }


def acme() -> dict[str, Any]:
    base = "https://acme-search.example"
    return {
        "id": ACME,
        "name": ACME_NAME,
        "homepage": f"{base}/",
        "included": True,
        "exclusion_reason": None,
        "founding_date": "2019-03-01",
        "founding_date_status": "verified",
        "founding_date_source": "Company registry filing (fictional)",
        "company_age_months": 82,
        "events": [
            {
                "kind": "pricing",
                "date": "2025-06-01",
                "source_url": f"{base}/blog/pricing-update",
                "note": "Announced a new pricing tier with existing plans grandfathered.",
            }
        ],
        "cells": {
            "price_stability": cell(
                "scored",
                3,
                url=f"{base}/pricing",
                rationale="One adverse change, announced in advance, existing plans grandfathered.",
                items=[
                    evidence("acme-pricing-page", "live_pricing_page", url=f"{base}/pricing"),
                    evidence(
                        "acme-pricing-blog",
                        "pricing_announcements",
                        url=f"{base}/blog/pricing-update",
                        quote="Existing plans keep their current price.",
                    ),
                ],
            ),
            "supply_independence": cell(
                "scored",
                2,
                grade="vendor_claimed",
                url=f"{base}/about/index",
                ceiling=2,
                rationale="Own index claimed; no directly verifiable crawler listing found.",
                disagreements=[
                    {
                        "received_on": "2026-01-20",
                        "text": "Acme Search states its crawler is listed under another name.",
                    }
                ],
                items=[
                    evidence(
                        "acme-own-index",
                        "own_index",
                        grade="vendor_claimed",
                        url=f"{base}/about/index",
                    )
                ],
            ),
            "documentation_commitment": cell(
                "scored",
                3,
                url=f"{base}/docs",
                raw_count=6,
                items=[evidence("acme-docs", "changelog_recent", url=f"{base}/changelog")],
            ),
            "compliance": cell(
                "unscored",
                None,
                state="not_disclosed",
                grade=None,
                rationale="Trust center capture pending.",
            ),
            "procurement_maturity": cell(
                "scored",
                2,
                url=f"{base}/enterprise",
                stale=True,
                reverification_due=True,
                items=[evidence("acme-enterprise", "enterprise_tier", url=f"{base}/enterprise")],
            ),
        },
    }


def globex(*, included: bool = True) -> dict[str, Any]:
    base = "https://globex-search.example"
    return {
        "id": GLOBEX,
        "name": GLOBEX_NAME,
        "homepage": f"{base}/",
        "included": included,
        "exclusion_reason": None if included else "Resells another provider's results (fictional).",
        "founding_date": None,
        "founding_date_status": "unverified",
        "founding_date_source": None,
        "company_age_months": None,
        "events": [],
        "cells": {
            "price_stability": cell(
                "insufficient_history",
                None,
                url=f"{base}/pricing",
                rationale="Pricing page captures cover less than the 24-month window.",
                items=[evidence("globex-pricing", "live_pricing_page", url=f"{base}/pricing")],
            ),
            "supply_independence": cell("scored", 1, url=f"{base}/sources"),
            "documentation_commitment": cell("scored", 2, url=f"{base}/docs", raw_count=5),
            "compliance": cell("scored", 1, state="not_disclosed", grade=None),
            "procurement_maturity": cell(
                "scored",
                0,
                state="observed_absent",
                url=f"{base}/billing",
                items=[
                    evidence(
                        "globex-billing",
                        "invoicing_po",
                        state="observed_absent",
                        url=f"{base}/billing",
                    )
                ],
            ),
        },
    }


def build_sample_document(
    *,
    status: str = "draft",
    blockers: bool = True,
    globex_included: bool = True,
) -> dict[str, Any]:
    """A valid edition: Acme fully populated, Globex with insufficient history and no age."""
    document: dict[str, Any] = {
        "schema_version": "1.0.0",
        "edition": {
            "version": "2026.1",
            "verification_date": "2026-01-15",
            "valid_until": "2026-04-15",
            "published": None,
            "status": status,
            "checked_on": "2026-01-21",
            "run_window": {"start": "2026-01-05", "end": "2026-01-15"},
            "unresolved_placeholders": [],
            "validity_days": 90,
        },
        "methodology": methodology(),
        "vendors": [acme(), globex(included=globex_included)],
        "source_conflicts": [
            {
                "id": "acme-index-conflict",
                "vendor": ACME,
                "dimension": "supply_independence",
                "primary_source": "https://acme-search.example/about/index",
                "conflicting_source": "https://registry.example/crawlers",
                "description": "The vendor claims its own index; the registry lists no crawler.",
                "logged_on": "2026-01-12",
                "resolution": None,
                "resolved_on": None,
            }
        ],
        "revision_log": [
            {
                "id": "rev-1",
                "date": "2026-01-18",
                "vendor": ACME,
                "dimension": "price_stability",
                "field": "score",
                "old": "2",
                "new": "3",
                "reason": "Grandfathering confirmed in the vendor's announcement.",
                "artifact_url": "https://acme-search.example/blog/pricing-update",
            }
        ],
        "right_of_reply": {
            "conducted": False,
            "response_window_working_days": 10,
            "vendors": [
                {
                    "vendor": ACME,
                    "status": "awaiting",
                    "packet_sent_on": "2026-01-16",
                    "packet_sha256": sha("acme packet"),
                    "deadline": "2026-01-30",
                    "responses": [],
                },
                {
                    "vendor": GLOBEX,
                    "status": "not_sent",
                    "packet_sent_on": None,
                    "packet_sha256": None,
                    "deadline": None,
                    "responses": [],
                },
            ],
        },
        "source_drifts": [],
        "manual_blockers": [],
        "publication_blockers": [],
    }
    if blockers:
        document["publication_blockers"] = [
            {
                "rule": "right_of_reply",
                "message": "Right of reply has not closed for every included vendor.",
                "vendor": None,
                "dimension": None,
            },
            {
                "rule": "evidence_fields",
                "message": "Compliance evidence lacks a retrieval date.",
                "vendor": ACME,
                "dimension": "compliance",
            },
        ]
    return document


def document_bytes(document: dict[str, Any]) -> bytes:
    """The export's bytes, as `scorecard export` would write them."""
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def with_note(document: dict[str, Any], note: str) -> dict[str, Any]:
    """A copy whose first Acme evidence item carries `note` (for injection tests)."""
    changed = copy.deepcopy(document)
    changed["vendors"][0]["cells"]["price_stability"]["evidence"][0]["note"] = note
    return changed


def pdf_text(pdf: bytes) -> str:
    """All page text of a PDF with whitespace collapsed, so wrapped lines still match."""
    reader = PdfReader(io.BytesIO(pdf))
    return " ".join(" ".join(page.extract_text() or "" for page in reader.pages).split())


def squeeze(text: str) -> str:
    """Text with all whitespace removed, for strings a column may break anywhere (hashes, URLs)."""
    return "".join(text.split())
