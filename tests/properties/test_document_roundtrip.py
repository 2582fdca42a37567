"""Property: any valid edition document imports, and exports back with the same facts; exporting
what was exported, after importing it, gives the same bytes (on SQLite and PostgreSQL).

Documents are generated from the root scorecard.json: real vendors are kept as they are (or
left out when nothing refers to them), and fictional vendors with fictional evidence URLs are
added with scores, evidence and events that respect the input rules.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine

from scorecard.domain.dates import months_between
from scorecard.domain.rubric import load_rubric
from scorecard.domain.rules.text_fields import text_problem
from scorecard.services import exchange
from scorecard.services.context import Context
from scorecard.services.database import open_database
from scorecard.storage.engine import unit_of_work
from tests.conftest import REPO_ROOT

TODAY = date(2026, 11, 29)
ROOT: dict[str, Any] = json.loads((REPO_ROOT / "scorecard.json").read_text("utf-8"))
VERIFICATION = date.fromisoformat(ROOT["edition"]["verification_date"])
RUBRIC = load_rubric(ROOT["methodology"]["version"])
FICTIONAL_IDS = ["acme-search", "globex-index", "initech-web", "umbrella-query", "hooli-find"]
EXAMPLES = {"sqlite": 25, "postgresql": 25}


def _referenced_vendors() -> set[str]:
    referenced = {m["vendor"] for m in ROOT["manual_blockers"] if m["vendor"]}
    referenced |= {r["vendor"] for r in ROOT["revision_log"] if r["vendor"]}
    referenced |= {c["vendor"] for c in ROOT["source_conflicts"]}
    for reply in ROOT["right_of_reply"]["vendors"]:
        if reply["packet_sent_on"] or reply["responses"]:
            referenced.add(reply["vendor"])
    return referenced


def _plain(text: str) -> bool:
    return text_problem(text, limit=200) is None


# Text a reviewer could type: any letters, marks, symbols and spaces, never control characters or
# bidirectional overrides (those are refused, and tested as hostile input elsewhere).
plain_text = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Co", "Cn")), min_size=1, max_size=40
).filter(_plain)
optional_text = st.none() | plain_text
days_before_today = st.integers(min_value=0, max_value=900)


@st.composite
def evidence_items(draw: st.DrawFn, dimension: str, prefix: str) -> list[dict[str, Any]]:
    spec = RUBRIC.dimension(dimension)
    items = []
    for n in range(draw(st.integers(min_value=0, max_value=3))):
        artifact = draw(st.sampled_from([a.key for a in spec.artifacts]))
        state = draw(st.sampled_from(["observed", "observed_absent", "not_disclosed"]))
        observed = state == "observed"
        grade = draw(st.sampled_from(["vendor_claimed", "third_party", "directly_verifiable"]))
        sha = draw(st.none() | st.binary(min_size=32, max_size=32).map(bytes.hex))
        if grade == "directly_verifiable" and sha is None:
            grade = "third_party"  # a certification graded directly verifiable needs its report
        retrieved = TODAY - timedelta(days=draw(days_before_today))
        items.append(
            {
                "id": f"ev-{prefix}-{dimension[:4]}-{n}",
                "artifact": artifact,
                "state": state,
                "grade": grade if observed else None,
                "url": f"https://example.com/fictional/{prefix}/{artifact}/{n}"
                if observed or draw(st.booleans())
                else None,
                "retrieval_date": retrieved.isoformat()
                if observed or draw(st.booleans())
                else None,
                "capture_sha256": sha,
                "quote": draw(optional_text),
                "note": draw(optional_text),
            }
        )
    return items


@st.composite
def fictional_vendor(draw: st.DrawFn, vendor_id: str, template: dict[str, Any]) -> dict[str, Any]:
    vendor = copy.deepcopy(template)
    verified = draw(st.booleans())
    founded = VERIFICATION - timedelta(days=draw(st.integers(min_value=30, max_value=9000)))
    included = draw(st.booleans() | st.just(True))
    vendor.update(
        id=vendor_id,
        name=draw(plain_text),
        homepage=draw(st.none() | st.just(f"https://example.com/fictional/{vendor_id}")),
        included=included,
        exclusion_reason=None if included else draw(plain_text),
        founding_date=founded.isoformat() if verified else None,
        founding_date_status="verified" if verified else "unverified",
        founding_date_source=f"https://example.com/fictional/{vendor_id}/about"
        if verified
        else None,
        events=[
            {
                "kind": draw(st.sampled_from(["acquisition", "pricing", "certification", "other"])),
                "date": (TODAY - timedelta(days=draw(days_before_today))).isoformat(),
                "source_url": f"https://example.com/fictional/{vendor_id}/news/{n}",
                "note": draw(optional_text),
            }
            for n in range(draw(st.integers(min_value=0, max_value=2)))
        ],
    )
    young = verified and months_between(founded, VERIFICATION) < 24
    for dimension, cell in vendor["cells"].items():
        spec = RUBRIC.dimension(dimension)
        outcomes = ["unscored", "scored"]
        if spec.window_months is not None and (not verified or young):
            outcomes.append("insufficient_history")
        outcome = draw(st.sampled_from(outcomes))
        cell.update(
            outcome=outcome,
            score=draw(st.integers(min_value=0, max_value=4)) if outcome == "scored" else None,
            rationale=draw(optional_text),
            evidence=draw(evidence_items(dimension, vendor_id)),
        )
    return vendor


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    document = copy.deepcopy(ROOT)
    referenced = _referenced_vendors()
    document["vendors"] = [
        v for v in document["vendors"] if v["id"] in referenced or draw(st.booleans())
    ]
    template = next(v for v in ROOT["vendors"] if v["included"])
    chosen = draw(st.lists(st.sampled_from(FICTIONAL_IDS), unique=True, max_size=3))
    document["vendors"] += [draw(fictional_vendor(vendor_id, template)) for vendor_id in chosen]
    return document


def _facts(document: dict[str, Any]) -> dict[str, Any]:
    """What a document states (not what the tool computes from it), in a stable order."""
    vendors = {}
    for vendor in document["vendors"]:
        cells = {
            dimension: (
                cell["outcome"],
                cell["score"],
                cell["rationale"],
                sorted(json.dumps(item, sort_keys=True) for item in cell["evidence"]),
            )
            for dimension, cell in vendor["cells"].items()
        }
        stated = {k: v for k, v in vendor.items() if k not in ("cells", "company_age_months")}
        stated["events"] = sorted(json.dumps(e, sort_keys=True) for e in vendor["events"])
        vendors[vendor["id"]] = (stated, cells)
    edition = {k: document["edition"][k] for k in ("version", "verification_date", "valid_until")}
    return {
        "edition": edition,
        "vendors": vendors,
        "conflicts": document["source_conflicts"],
        "revisions": document["revision_log"],
        "manual_blockers": document["manual_blockers"],
    }


@pytest.fixture(
    scope="module",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)],
)
def roundtrip_engine(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Engine]]:
    """An empty migrated database per engine, shared by the examples (each replaces the draft)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('roundtrip') / 'scorecard.db'}"
    else:
        url = request.getfixturevalue("pg_server").create_database("roundtrip")
    engine = open_database(url, today=TODAY, seed=False)
    yield request.param, engine
    engine.dispose()


def _import_then_export(engine: Engine, document: dict[str, Any]) -> bytes:
    with unit_of_work(engine) as session:
        exchange.import_document(Context(session, TODAY, "property"), document, replace=True)
    with unit_of_work(engine) as session:
        exported = exchange.export_document(Context(session, TODAY, "property"))
        return exchange.render(exported, "json")


# A failing example is a whole document: its repr is long, and worth printing anyway.
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
def test_a_valid_document_exports_back_with_the_same_facts_and_then_the_same_bytes(
    roundtrip_engine: tuple[str, Engine],
) -> None:
    name, engine = roundtrip_engine

    @settings(
        max_examples=EXAMPLES[name],
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(document=documents())
    def roundtrip(document: dict[str, Any]) -> None:
        assert exchange.document_problems(document) == []

        first = _import_then_export(engine, document)

        exported = json.loads(first)
        assert exported["edition"]["checked_on"] == TODAY.isoformat()
        assert _facts(exported) == _facts(document)
        assert _import_then_export(engine, exported) == first

    roundtrip()
