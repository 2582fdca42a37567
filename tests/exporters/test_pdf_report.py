"""The report PDF: what a reader must find in it, and the exact JSON it was made from."""

from __future__ import annotations

import io
import json
import re
from datetime import date
from pathlib import Path
from typing import Any, cast

import pytest
from jsonschema import Draft202012Validator
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, StreamObject

from scorecard.domain.errors import RuleViolation
from scorecard.exporters import templates
from scorecard.exporters.pdf import (
    ATTACHMENT_NAME,
    company_age_text,
    render_report_html,
    render_report_pdf,
)
from tests.exporters.sample_document import (
    ACME_NAME,
    GLOBEX_NAME,
    SCHEMA_PATH,
    build_sample_document,
    document_bytes,
    pdf_text,
    squeeze,
)

TODAY = date(2026, 1, 22)
FORBIDDEN_WORDS = re.compile(r"\b(total|average|rank|ranking|overall)\b", re.IGNORECASE)
LIMITATIONS = [
    "Disclosure is not practice. A vendor may honour commitments it has not published, or "
    "publish commitments it does not honour.",
    "The scorecard favours vendors with resources to maintain public documentation surfaces, "
    "which correlates with size and funding.",
    "Compliance is the weakest dimension and currently rests substantially on vendor-claimed "
    "evidence.",
    "Supply independence rests partly on registries that are not censuses, so absence of a "
    "crawler listing proves little.",
    "Six vendors is a small field, and excluding Serper narrows the observed spread.",
    "The window is 24 months. A vendor with a poor record 30 months ago scores clean here.",
    "These scores expire. In a category where a free tier was withdrawn and three vendors "
    "repriced within one year, a scorecard older than a quarter should not be relied on.",
    "This is not a prediction. Nothing here estimates the probability that any vendor fails, "
    "is acquired, or discontinues its API.",
]


def render(document: dict[str, Any], today: date = TODAY) -> bytes:
    return render_report_pdf(document, today=today, document_bytes=document_bytes(document))


@pytest.fixture(scope="module")
def draft() -> dict[str, Any]:
    return build_sample_document()


@pytest.fixture(scope="module")
def draft_pdf(draft: dict[str, Any]) -> bytes:
    return render(draft)


@pytest.fixture(scope="module")
def draft_text(draft_pdf: bytes) -> str:
    return pdf_text(draft_pdf)


@pytest.fixture(scope="module")
def stale_pdf() -> bytes:
    return render(build_sample_document(status="stale", blockers=False, globex_included=False))


def test_sample_document_is_valid() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    for document in (
        build_sample_document(),
        build_sample_document(status="stale", blockers=False, globex_included=False),
    ):
        assert list(validator.iter_errors(document)) == []


def test_cover_shows_the_edition(draft_text: str) -> None:
    assert "Edition 2026.1" in draft_text
    assert "Verification date 2026-01-15" in draft_text
    assert "Valid until 2026-04-15" in draft_text
    assert "Status draft" in draft_text


def test_vendors_scores_and_distinct_missing_words(draft_text: str) -> None:
    assert ACME_NAME in draft_text
    assert GLOBEX_NAME in draft_text
    assert "Price stability 3" in draft_text
    assert "Procurement maturity 0" in draft_text
    assert "insufficient history" in draft_text
    assert "unscored" in draft_text
    assert "6 of 8" in draft_text
    assert "5 of 8" in draft_text


def test_company_age_beside_the_scores(draft_text: str) -> None:
    assert "Company age at the verification date 6 years, 10 months" in draft_text
    assert "Company age at the verification date unverified" in draft_text


def test_cell_details_marks_and_disagreements(draft_text: str) -> None:
    squeezed = squeeze(draft_text)
    assert "https://acme-search.example/pricing" in squeezed
    assert "2026-01-10" in draft_text
    assert "directly verifiable" in draft_text
    assert "vendor claimed" in draft_text
    assert "observed absent" in draft_text
    assert "stale" in draft_text
    assert "re-verification due" in draft_text
    assert "Acme Search states its crawler is listed under another name." in draft_text


def test_draft_mark_lists_the_blockers(draft_text: str) -> None:
    assert "DRAFT" in draft_text
    assert "Right of reply has not closed for every included vendor." in draft_text
    assert "Compliance evidence lacks a retrieval date." in draft_text
    assert "STALE" not in draft_text


def test_conflicts_revisions_reply_and_limitations(draft_text: str) -> None:
    assert "The vendor claims its own index; the registry lists no crawler." in draft_text
    assert "Grandfathering confirmed in the vendor's announcement." in draft_text
    assert "awaiting" in draft_text
    assert "2026-01-30" in draft_text
    for limitation in LIMITATIONS:
        assert limitation in draft_text


def test_stale_edition_is_marked_and_a_clean_one_is_not_draft(stale_pdf: bytes) -> None:
    text = pdf_text(stale_pdf)
    assert "STALE" in text
    assert "DRAFT" not in text


def test_expired_validity_marks_stale_even_when_published() -> None:
    document = build_sample_document(status="published", blockers=False)
    html = render_report_html(document, today=date(2026, 5, 1))
    assert "STALE" in html
    assert "after it expired" in html
    assert "STALE" not in render_report_html(document, today=TODAY)


def test_excluded_vendor_appears_only_in_the_appendix_with_its_reason(stale_pdf: bytes) -> None:
    text = pdf_text(stale_pdf)
    appendix = text.split("Appendix: excluded vendors", 1)
    assert len(appendix) == 2
    assert GLOBEX_NAME in appendix[1]
    assert "Resells another provider's results (fictional)." in appendix[1]
    assert "insufficient history" in appendix[1]
    # Globex has no vendor page of its own before the appendix.
    assert f"{GLOBEX_NAME} Price stability" not in appendix[0]


def test_unresolved_version() -> None:
    document = build_sample_document()
    document["edition"]["version"] = None
    html = render_report_html(document, today=TODAY)
    assert "<tr><th>Edition</th><td>unresolved</td></tr>" in html


def test_embeds_the_exact_json_bytes_as_pdf_a3_data(
    draft: dict[str, Any], draft_pdf: bytes
) -> None:
    reader = PdfReader(io.BytesIO(draft_pdf))
    assert dict(reader.attachments) == {ATTACHMENT_NAME: [document_bytes(draft)]}
    catalog = reader.root_object
    associated = [
        cast(DictionaryObject, ref.get_object()) for ref in cast(ArrayObject, catalog["/AF"])
    ]
    # One associated file, marked as the data the report was made from (PDF/A-3).
    assert len(associated) == 1
    assert associated[0]["/UF"] == ATTACHMENT_NAME
    assert associated[0]["/AFRelationship"] == "/Data"
    metadata = cast(StreamObject, catalog["/Metadata"].get_object()).get_data()
    assert b'pdfaid:part="3"' in metadata
    assert b'pdfaid:conformance="B"' in metadata


def test_attachment_keeps_the_exporters_formatting(draft: dict[str, Any]) -> None:
    compact = json.dumps(draft, separators=(",", ":")).encode()
    pdf = render_report_pdf(draft, today=TODAY, document_bytes=compact)
    assert PdfReader(io.BytesIO(pdf)).attachments[ATTACHMENT_NAME] == [compact]


def test_refuses_bytes_that_are_not_the_document(draft: dict[str, Any]) -> None:
    other = build_sample_document(blockers=False)
    with pytest.raises(ValueError, match="document_bytes"):
        render_report_pdf(draft, today=TODAY, document_bytes=document_bytes(other))


def test_refuses_a_composite_key() -> None:
    document = build_sample_document()
    document["vendors"][0]["total"] = 13
    with pytest.raises(RuleViolation):
        render_report_html(document, today=TODAY)


def test_no_composite_words_anywhere(draft_text: str) -> None:
    html = render_report_html(build_sample_document(globex_included=False), today=TODAY)
    assert FORBIDDEN_WORDS.findall(html) == []
    assert FORBIDDEN_WORDS.findall(draft_text) == []
    for path in templates.templates_dir().iterdir():
        assert FORBIDDEN_WORDS.findall(path.read_text(encoding="utf-8")) == [], path.name


def test_pentagon_is_inline_svg_with_distinct_missing_marks() -> None:
    html = render_report_html(build_sample_document(), today=TODAY)
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="pentagon"') == 2
    assert 'stroke-dasharray="3 3"' in html  # Globex price stability and Acme compliance


@pytest.mark.parametrize(
    ("months", "text"),
    [
        (None, "unverified"),
        (0, "0 months"),
        (1, "1 month"),
        (12, "1 year"),
        (13, "1 year, 1 month"),
        (82, "6 years, 10 months"),
    ],
)
def test_company_age_text(months: int | None, text: str) -> None:
    assert company_age_text(months) == text


def test_templates_resolve_to_the_source_checkout() -> None:
    directory = templates.templates_dir()
    assert (directory / "report.html.j2").is_file()
    assert (directory / "packet.html.j2").is_file()
    assert (directory / "report.css").is_file()
    assert directory == Path(templates.__file__).resolve().parents[2] / "reports" / "templates"
