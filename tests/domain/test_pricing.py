"""Pricing facts and timelines from (fictional) archived pricing pages."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorecard.domain.pricing import (
    CaptureFacts,
    Gap,
    capture_facts,
    coverage_gaps,
    decode_html,
    diff_captures,
    extract_price_facts,
    timeline,
    visible_text,
)

FIXTURES = Path(__file__).parent.parent / "fixtures" / "archive"
CAPTURE_DATES = ["2023-01-15", "2023-03-01", "2023-09-20", "2024-01-10", "2024-03-05"]


def archive_url(day: str) -> str:
    return (
        f"https://web.archive.org/web/{day.replace('-', '')}000000id_/https://example.com/pricing"
    )


def fixture_capture(day: str) -> CaptureFacts:
    html = (FIXTURES / f"acme_pricing_{day}.html").read_text()
    return capture_facts(archive_url(day), date.fromisoformat(day), html)


def facts_of(*lines: str) -> list[tuple[str, str, Decimal | None, str | None, str | None]]:
    return [(f.kind, f.text, f.amount, f.currency, f.unit) for f in extract_price_facts(lines)]


def capture(day: str, *lines: str) -> CaptureFacts:
    facts = tuple(extract_price_facts(lines))
    return CaptureFacts(archive_url(day), date.fromisoformat(day), facts)


# --- visible text -------------------------------------------------------------------------------


def test_visible_text_drops_scripts_styles_and_noscript() -> None:
    html = (FIXTURES / "acme_pricing_2023-01-15.html").read_text()

    text = "\n".join(visible_text(html))

    # The fixture hides "$1 per request" in a <script>, a <style> and a <noscript>.
    assert "$1 per request" not in text
    assert "window.analytics" not in text
    assert "font-weight" not in text
    assert "Simple, usage-based pricing" in text


def test_visible_text_keeps_a_table_row_on_one_line_and_joins_inline_markup() -> None:
    html = (
        "<table><tr><th>Search API</th><td>$5 per 1,000 requests</td></tr></table>"
        '<p class="price">$29<span class="per">/month</span></p>'
    )

    assert visible_text(html) == ["Search API $5 per 1,000 requests", "$29/month"]


def test_visible_text_collapses_source_line_breaks_and_decodes_entities() -> None:
    html = "<p>Pro\n      plan &amp; more&nbsp;seats</p><br/><div>  </div><p>Next</p>"

    assert visible_text(html) == ["Pro plan & more seats", "Next"]


def test_decode_html_reads_the_meta_charset() -> None:
    body = '<html><head><meta charset="iso-8859-1"></head><body>29 €</body></html>'.encode(
        "iso-8859-15"
    )

    assert "€" not in decode_html(body)
    assert "€" in decode_html(body, "iso-8859-15")
    assert decode_html(b"\xef\xbb\xbf<p>caf\xc3\xa9</p>") == "<p>café</p>"


# --- facts --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("$5 per 1,000 requests", ("$5 per 1,000 requests", Decimal(5), "USD", "1,000 requests")),
        ("$0.008 per credit", ("$0.008 per credit", Decimal("0.008"), "USD", "credit")),
        ("$49/month", ("$49/month", Decimal(49), "USD", "month")),
        ("Only $49 / mo.", ("$49 / mo", Decimal(49), "USD", "month")),
        ("$1,200 billed annually", ("$1,200 billed annually", Decimal(1200), "USD", "year")),
        ("€29 per user/month", ("€29 per user/month", Decimal(29), "EUR", "user/month")),
        ("49 EUR a month", ("49 EUR a month", Decimal(49), "EUR", "month")),
        ("£10", ("£10", Decimal(10), "GBP", None)),
    ],
)
def test_amounts_are_read_with_currency_and_unit(
    line: str, expected: tuple[str, Decimal, str, str | None]
) -> None:
    text, amount, currency, unit = expected

    assert facts_of(line) == [("amount", text, amount, currency, unit)]


def test_several_amounts_on_one_line_are_all_read() -> None:
    facts = extract_price_facts(["Pro $49/mo or $490/yr"])

    assert [(f.kind, f.text) for f in facts] == [
        ("plan", "Pro"),
        ("amount", "$49/mo"),
        ("amount", "$490/yr"),
    ]
    assert [(f.amount, f.unit, f.plan) for f in facts[1:]] == [
        (Decimal(49), "month", "Pro"),
        (Decimal(490), "year", "Pro"),
    ]


def test_percentages_and_plain_numbers_are_not_prices() -> None:
    assert facts_of("Save 20% on 3 projects", "99.9% uptime") == []


@pytest.mark.parametrize(
    ("line", "quantity", "unit"),
    [
        ("1,000 free searches per month", Decimal(1000), "searches per month"),
        ("First 100 requests free", Decimal(100), "requests"),
        ("Free tier includes 5,000 requests/month", Decimal(5000), "requests per month"),
        ("The first 10k API calls each month are free", Decimal(10000), "api calls per month"),
    ],
)
def test_free_tier_quantities_are_read(line: str, quantity: Decimal, unit: str) -> None:
    [fact] = [f for f in extract_price_facts([line]) if f.kind == "free_tier"]

    assert (fact.amount, fact.unit) == (quantity, unit)


@pytest.mark.parametrize(
    ("line", "text", "amount", "unit"),
    [
        (
            "Credits expire after 12 months.",
            "Credits expire after 12 months",
            Decimal(12),
            "months",
        ),
        (
            "Unused credits are valid for 1 year",
            "Unused credits are valid for 1 year",
            Decimal(1),
            "years",
        ),
        ("Prepaid credits never expire!", "Prepaid credits never expire", None, "never"),
    ],
)
def test_credit_expiry_terms_are_read(
    line: str, text: str, amount: Decimal | None, unit: str
) -> None:
    assert facts_of(line) == [("credit_expiry", text, amount, None, unit)]


def test_a_credit_card_and_a_trial_expiry_are_not_credit_terms() -> None:
    assert facts_of("No credit card required, trial expires in 14 days") == []


@pytest.mark.parametrize(
    ("line", "plan"),
    [
        ("Pro", "Pro"),
        ("Starter plan", "Starter"),
        ("Business Plus", "Business Plus"),
        ("Enterprise – contact sales", "Enterprise"),
        ("Voyager Plan", "Voyager"),
    ],
)
def test_plan_names_are_read(line: str, plan: str) -> None:
    assert facts_of(line) == [("plan", plan, None, None, None)]


@pytest.mark.parametrize(
    "line", ["Choose Your Plan", "Compare plans", "Professional services available on request"]
)
def test_headings_about_plans_are_not_plan_names(line: str) -> None:
    assert facts_of(line) == []


def test_a_price_just_below_a_plan_name_belongs_to_that_plan() -> None:
    facts = extract_price_facts(
        ["Pro", "Most popular", "$99/month", "Email", "Support", "SSO", "$0.008 per credit"]
    )

    plans = {f.text: f.plan for f in facts if f.kind == "amount"}
    assert plans == {"$99/month": "Pro", "$0.008 per credit": None}


def test_a_fixture_page_yields_its_facts() -> None:
    facts = fixture_capture("2023-01-15").facts

    by_kind = {(f.kind, f.plan, f.text) for f in facts}
    assert by_kind == {
        ("plan", None, "Free"),
        ("free_tier", "Free", "1,000 free searches per month"),
        ("plan", None, "Starter"),
        ("amount", "Starter", "$29/month"),
        ("plan", None, "Pro"),
        ("amount", "Pro", "$99/month"),
        ("amount", None, "$5 per 1,000 requests"),
        ("amount", None, "$0.008 per credit"),
        ("credit_expiry", None, "Credits expire after 12 months"),
    }


def test_a_script_rendered_page_yields_no_facts() -> None:
    assert fixture_capture("2024-03-05").facts == ()


@given(st.decimals(min_value=0, max_value=99999, places=2, allow_nan=False))
def test_any_dollar_monthly_price_is_read_back(price: Decimal) -> None:
    [plan, fact] = extract_price_facts([f"Pro: ${price}/month"])

    assert (plan.kind, plan.text) == ("plan", "Pro")
    assert (fact.amount, fact.currency, fact.unit, fact.plan) == (price, "USD", "month", "Pro")


@given(st.text(max_size=200))
def test_visible_text_never_returns_blank_or_untrimmed_lines(html: str) -> None:
    for line in visible_text(html):
        assert line and line == line.strip()


# --- changes ------------------------------------------------------------------------------------


def test_a_price_change_cites_both_captures() -> None:
    before = fixture_capture("2023-01-15")
    after = fixture_capture("2023-03-01")

    [change] = diff_captures(before, after)

    assert change.kind == "changed"
    assert change.before is not None and change.after is not None
    assert (change.before.text, change.after.text) == ("$99/month", "$119/month")
    assert change.fact.plan == "Pro"
    assert change.from_archive_url == archive_url("2023-01-15")
    assert change.to_archive_url == archive_url("2023-03-01")
    assert (change.from_date, change.to_date) == (date(2023, 1, 15), date(2023, 3, 1))
    assert change.summary == (
        "2023-01-15 → 2023-03-01: changed amount (Pro): '$99/month' → '$119/month'"
    )


def test_identical_captures_have_no_changes() -> None:
    first = fixture_capture("2023-01-15")
    again = CaptureFacts(archive_url("2023-02-01"), date(2023, 2, 1), first.facts)

    assert diff_captures(first, again) == []


def test_added_and_removed_facts_are_reported() -> None:
    before = capture("2023-01-01", "Starter", "$29/month", "Pro", "$99/month")
    after = capture("2023-02-01", "Pro", "$99/month", "Enterprise – contact sales")

    changes = {(c.kind, c.fact.kind, c.fact.text) for c in diff_captures(before, after)}

    assert changes == {
        ("removed", "plan", "Starter"),
        ("removed", "amount", "$29/month"),
        ("added", "plan", "Enterprise"),
    }


def test_a_reworded_line_with_the_same_price_is_a_change_not_silence() -> None:
    before = capture("2023-01-01", "Search API: $5 per 1,000 requests")
    after = capture("2023-02-01", "Search API (pay as you go) — $5 per 1,000 requests")

    [change] = diff_captures(before, after)

    assert change.kind == "changed"
    assert change.before is not None and change.after is not None
    assert change.before.line != change.after.line


def test_the_same_price_moving_to_another_plan_is_not_paired() -> None:
    before = capture("2023-01-01", "Pro", "$49/month")
    after = capture("2023-02-01", "Team", "$49/month")

    kinds = sorted((c.kind, c.fact.kind, c.fact.plan) for c in diff_captures(before, after))

    assert kinds == [
        ("added", "amount", "Team"),
        ("added", "plan", None),
        ("removed", "amount", "Pro"),
        ("removed", "plan", None),
    ]


# --- timeline -----------------------------------------------------------------------------------


def test_the_fixture_history_reads_as_a_timeline() -> None:
    captures = [fixture_capture(day) for day in reversed(CAPTURE_DATES)]

    result = timeline(captures)

    assert result.capture_count == 5
    assert result.first is not None and result.first.captured_on == date(2023, 1, 15)
    assert result.last is not None and result.last.captured_on == date(2024, 3, 5)
    assert [c.summary for c in result.changes] == [
        "2023-01-15 → 2023-03-01: changed amount (Pro): '$99/month' → '$119/month'",
        "2023-03-01 → 2023-09-20: changed free_tier (Free): "
        "'1,000 free searches per month' → '500 free searches per month'",
        "2023-03-01 → 2023-09-20: changed credit_expiry: "
        "'Credits expire after 12 months' → 'Credits expire after 6 months'",
        "2023-03-01 → 2023-09-20: added plan: 'Enterprise'",
        "2023-09-20 → 2024-01-10: changed amount: "
        "'$5 per 1,000 requests' → '$8 per 1,000 requests'",
        "2023-09-20 → 2024-01-10: removed plan: 'Starter'",
        "2023-09-20 → 2024-01-10: removed amount (Starter): '$29/month'",
    ]
    assert result.gaps == (
        Gap(date(2023, 3, 1), date(2023, 9, 20), 203),
        Gap(date(2023, 9, 20), date(2024, 1, 10), 112),
    )


def test_a_capture_without_facts_is_listed_not_read_as_everything_removed() -> None:
    captures = [fixture_capture(day) for day in CAPTURE_DATES[-2:]]

    result = timeline(captures)

    assert result.changes == ()
    assert [c.captured_on for c in result.without_facts] == [date(2024, 3, 5)]


def test_window_edges_count_as_gaps() -> None:
    captures = [fixture_capture("2023-01-15")]

    result = timeline(captures, window_start=date(2022, 6, 1), window_end=date(2024, 5, 31))

    assert result.gaps == (
        Gap(date(2022, 6, 1), date(2023, 1, 15), 228),
        Gap(date(2023, 1, 15), date(2024, 5, 31), 502),
    )


def test_an_empty_history_has_no_first_or_last_and_one_window_gap() -> None:
    result = timeline([], window_start=date(2022, 6, 1), window_end=date(2024, 5, 31))

    assert (result.first, result.last, result.capture_count) == (None, None, 0)
    assert result.gaps == (Gap(date(2022, 6, 1), date(2024, 5, 31), 730),)


def test_a_gap_must_be_longer_than_90_days() -> None:
    days = [date(2023, 1, 1), date(2023, 4, 1), date(2023, 7, 1)]  # 90 then 91 days apart

    assert coverage_gaps(days) == [Gap(date(2023, 4, 1), date(2023, 7, 1), 91)]
