"""The right-of-reply packet: one vendor's rows, the anchors, the evidence, the deadline."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from scorecard.exporters.pdf import render_packet_html, render_packet_pdf
from tests.exporters.sample_document import (
    ACME,
    ACME_NAME,
    GLOBEX,
    GLOBEX_NAME,
    build_sample_document,
    pdf_text,
    sha,
    squeeze,
)

SENT_ON = date(2026, 1, 16)
DEADLINE = date(2026, 1, 30)
WINDOW = 10


def packet(document: dict[str, Any], vendor_id: str) -> bytes:
    return render_packet_pdf(
        document, vendor_id, sent_on=SENT_ON, deadline=DEADLINE, window_working_days=WINDOW
    )


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return build_sample_document()


@pytest.fixture(scope="module")
def acme_text(document: dict[str, Any]) -> str:
    return pdf_text(packet(document, ACME))


def test_only_the_vendors_own_rows(acme_text: str) -> None:
    assert ACME_NAME in acme_text
    assert GLOBEX_NAME not in acme_text
    assert "globex-search.example" not in acme_text
    assert "Company age at the verification date 6 years, 10 months" in acme_text
    assert "Price stability 3" in acme_text
    assert "unscored" in acme_text
    assert "6 of 8" in acme_text


def test_deadline_window_and_sending_date(acme_text: str) -> None:
    assert "Response deadline 2026-01-30" in acme_text
    assert "Packet sent 2026-01-16" in acme_text
    assert "10 working days" in acme_text


def test_every_anchor_of_every_dimension(document: dict[str, Any], acme_text: str) -> None:
    # A line may break after a hyphen ("security-" / "review"); join those back up.
    text = acme_text.replace("- ", "-")
    for dimension in document["methodology"]["dimensions"]:
        for anchor in dimension["anchors"]:
            assert anchor["text"] in text, anchor["text"]


def test_evidence_cited_with_urls_dates_and_capture_hashes(
    document: dict[str, Any], acme_text: str
) -> None:
    squeezed = squeeze(acme_text)
    cells = document["vendors"][0]["cells"]
    items = [item for cell in cells.values() for item in cell["evidence"]]
    assert items
    for item in items:
        assert item["url"] in squeezed
        assert item["retrieval_date"] in acme_text
        assert item["capture_sha256"] in squeezed
    assert "Existing plans keep their current price." in acme_text
    assert "Acme Search states its crawler is listed under another name." in acme_text


def test_how_to_respond_and_the_policy(acme_text: str) -> None:
    assert "A factual correction, with a citable artifact" in acme_text
    assert "A disagreement about interpretation" in acme_text
    assert (
        "We do not offer to change a score in exchange for anything, including access, data, "
        "or advertising." in acme_text
    )
    assert "Nothing in this process makes a vendor a reviewer of its own row." in acme_text
    assert "it is recorded as no response. No response changes no score." in acme_text


def test_packet_for_a_vendor_with_insufficient_history(document: dict[str, Any]) -> None:
    text = pdf_text(packet(document, GLOBEX))
    assert GLOBEX_NAME in text
    assert ACME_NAME not in text
    assert "insufficient history" in text
    assert "Company age at the verification date unverified" in text
    assert "5 of 8" in text


def test_conflicts_and_revisions_are_filtered_to_the_vendor(document: dict[str, Any]) -> None:
    acme = render_packet_html(
        document, ACME, sent_on=SENT_ON, deadline=DEADLINE, window_working_days=WINDOW
    )
    globex = render_packet_html(
        document, GLOBEX, sent_on=SENT_ON, deadline=DEADLINE, window_working_days=WINDOW
    )
    assert "the registry lists no crawler" in acme
    assert "the registry lists no crawler" not in globex
    assert "Grandfathering confirmed" in acme
    assert "Grandfathering confirmed" not in globex
    # Nothing from the report's edition-wide sections leaks into a packet.
    assert sha("acme packet") not in globex
    assert "DRAFT" not in acme


def test_unknown_vendor(document: dict[str, Any]) -> None:
    with pytest.raises(KeyError):
        render_packet_html(
            document, "initech", sent_on=SENT_ON, deadline=DEADLINE, window_working_days=WINDOW
        )


@pytest.mark.parametrize(
    ("deadline", "window"),
    [(SENT_ON, WINDOW), (date(2026, 1, 10), WINDOW), (DEADLINE, 0)],
)
def test_refuses_an_impossible_window(
    document: dict[str, Any], deadline: date, window: int
) -> None:
    with pytest.raises(ValueError):
        render_packet_html(
            document, ACME, sent_on=SENT_ON, deadline=deadline, window_working_days=window
        )
