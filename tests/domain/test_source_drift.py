"""Rule source-drift: a vanished quote makes its cell due and blocks until newer evidence."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from scorecard.domain.assessment import assess_edition
from scorecard.domain.blockers import compute_blockers
from scorecard.domain.enums import DimensionId, SourceGrade
from scorecard.domain.models import SourceDrift
from scorecard.domain.rubric import load_rubric
from scorecard.domain.rules.catalogue import RULES
from scorecard.domain.rules.source_drift import (
    RULE_ID,
    normalise_text,
    open_drifts,
    page_text,
    quote_found,
)
from tests.domain.factories import item
from tests.domain.test_blockers import publishable_snapshot

RUBRIC = load_rubric("1")
PRICE = DimensionId.PRICE_STABILITY
TODAY = date(2026, 10, 1)
DETECTED = date(2026, 9, 20)
PAGE = """<html><head><title>Pricing</title><script>var s = "Credits never expire";</script></head>
<body><p>Unused credits expire after
   <b>12&nbsp;months</b>.</p><p>Don’t miss our “Pro” plan — $99/month</p></body></html>"""


def drift(dimension: DimensionId = PRICE, key: str = "ev-quoted") -> SourceDrift:
    return SourceDrift(
        vendor="acme",
        dimension=dimension,
        evidence_key=key,
        url="https://example.com/pricing",
        detected_on=DETECTED,
        new_capture_sha256="b" * 64,
    )


def test_quotes_are_compared_on_normalised_visible_text() -> None:
    text = page_text(PAGE)
    assert quote_found("unused credits expire after 12 months.", text)
    assert quote_found('Don\'t miss our "Pro" plan - $99/month', text)
    assert quote_found("  Unused   credits\nexpire ", text)
    assert normalise_text("Ｐｒｏ\u00a0PLAN") == "pro plan"


def test_a_reworded_hidden_or_empty_quote_is_not_found() -> None:
    text = page_text(PAGE)
    assert not quote_found("Unused credits expire after 6 months.", text)
    assert not quote_found("Credits never expire", text)
    assert not quote_found("   ", text)


def test_a_drift_stays_open_until_the_cell_has_evidence_dated_after_it() -> None:
    older = item(PRICE, "live_pricing_page", retrieved=date(2026, 9, 1))
    same_day = item(PRICE, "live_pricing_page", retrieved=DETECTED)
    newer = item(PRICE, "live_pricing_page", retrieved=date(2026, 9, 21))
    assert open_drifts("acme", PRICE, [drift()], [older]) == (drift(),)
    assert open_drifts("acme", PRICE, [drift()], [older, same_day]) == (drift(),)
    assert open_drifts("acme", PRICE, [drift()], [older, newer]) == ()
    assert open_drifts("other", PRICE, [drift()], [older]) == ()
    assert open_drifts("acme", DimensionId.COMPLIANCE, [drift()], [older]) == ()


def test_an_open_drift_makes_the_cell_due_and_raises_the_source_drift_blocker() -> None:
    quoted = item(PRICE, "live_pricing_page", grade=SourceGrade.DIRECTLY_VERIFIABLE)._replace(
        key="ev-quoted",
        quote="Unused credits expire after 12 months.",
    )
    snapshot = replace(
        publishable_snapshot(), evidence=(quoted,), source_drifts=(drift(),), evidence_by_cell={}
    )
    assessment = assess_edition(snapshot, RUBRIC, TODAY)

    cell = assessment.cell("acme", PRICE)
    assert cell.reverification_due and cell.source_drifts == (drift(),)
    assert not assessment.cell("acme", DimensionId.COMPLIANCE).reverification_due
    blockers = [b for b in compute_blockers(assessment) if b.rule_id == RULE_ID]
    assert [(b.vendor, b.dimension) for b in blockers] == [("acme", PRICE)]
    assert (
        "ev-quoted" in blockers[0].message and "https://example.com/pricing" in blockers[0].message
    )

    answer = item(PRICE, "live_pricing_page", retrieved=date(2026, 9, 25))
    answered = replace(snapshot, evidence=(quoted, answer), evidence_by_cell={})
    assessment = assess_edition(answered, RUBRIC, TODAY)
    assert not assessment.cell("acme", PRICE).reverification_due
    assert RULE_ID not in [b.rule_id for b in compute_blockers(assessment)]


def test_the_rule_is_in_the_catalogue_with_its_source() -> None:
    info = RULES[RULE_ID]
    assert info.source == "Part B §12"
    assert "re-verification" in info.title and "publication" in info.title
