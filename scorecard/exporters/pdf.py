"""PDF report and right-of-reply packet from an exported edition document, via WeasyPrint."""

from __future__ import annotations

import json
import mimetypes
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import DataHandler, Request, url2pathname

import jinja2
import pydyf
from markupsafe import Markup
from weasyprint import HTML, Attachment
from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

from scorecard.domain.pentagon import AXIS_ORDER, AxisMark, pentagon
from scorecard.domain.rules.no_composite import check_no_composite
from scorecard.exporters.pentagon_svg import pentagon_svg
from scorecard.exporters.templates import templates_dir

__all__ = [
    "ATTACHMENT_NAME",
    "RefusedURLError",
    "SafeURLFetcher",
    "UnsafeResourceError",
    "bundled_fetcher",
    "company_age_text",
    "html_to_pdf",
    "render_packet_html",
    "render_packet_pdf",
    "render_report_html",
    "render_report_pdf",
]

REPORT_TEMPLATE = "report.html.j2"
PACKET_TEMPLATE = "packet.html.j2"
STYLESHEET = "report.css"
# Files the templates may load; everything else a document asks for is refused.
BUNDLED_ASSETS: tuple[str, ...] = (STYLESHEET,)
ATTACHMENT_NAME = "scorecard.json"
PDF_VARIANT = "pdf/a-3b"

OUTCOME_WORDS: dict[str, str] = {
    "insufficient_history": "insufficient history",
    "unscored": "unscored",
}


class RefusedURLError(ValueError):
    """A document asked for a resource outside the bundled assets and data: URLs."""


class UnsafeResourceError(RuntimeError):
    """Rendering stopped because the document asked for a refused resource."""


class SafeURLFetcher(URLFetcher):
    """Serves only allowlisted local files and `data:` URLs; refuses file:, http(s):, the rest.

    Refusals are fatal (fail_on_errors) and also recorded in `refused`, because WeasyPrint
    swallows even fatal errors inside SVG drawing; `html_to_pdf` fails on any refusal.
    """

    def __init__(self, allowed_files: Iterable[Path]) -> None:
        super().__init__(
            allowed_protocols=("data", "file"), allow_redirects=False, fail_on_errors=True
        )
        self._allowed = frozenset(path.resolve() for path in allowed_files)
        self.refused: list[str] = []

    def fetch(self, url: str, headers: Mapping[str, str] | None = None) -> URLFetcherResponse:
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme == "data":
            return _data_response(url)
        if scheme == "file":
            path = _local_path(url)
            if path is not None and path in self._allowed:
                content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
                return URLFetcherResponse(
                    url,
                    body=path.read_bytes(),
                    headers={"Content-Type": f"{content_type}; charset=utf-8"},
                )
        self.refused.append(url)
        raise RefusedURLError(f"refused to fetch {url!r}: only bundled assets and data: URLs")


def bundled_fetcher() -> SafeURLFetcher:
    """The fetcher the exporters use: the bundled stylesheet and data: URLs, nothing else."""
    directory = templates_dir()
    return SafeURLFetcher(directory / name for name in BUNDLED_ASSETS)


def render_report_html(document: Mapping[str, Any], *, today: date) -> str:
    """The report as HTML; links only the bundled stylesheet."""
    check_no_composite(document)
    return (
        _environment(templates_dir())
        .get_template(REPORT_TEMPLATE)
        .render(**_report_context(document, today))
    )


def render_packet_html(
    document: Mapping[str, Any],
    vendor_id: str,
    *,
    sent_on: date,
    deadline: date,
    window_working_days: int,
) -> str:
    """One vendor's right-of-reply packet (Part B §14) as HTML."""
    if window_working_days < 1:
        raise ValueError(f"window_working_days must be at least 1, got {window_working_days}")
    if deadline <= sent_on:
        raise ValueError(f"deadline {deadline} must fall after the sending date {sent_on}")
    check_no_composite(document)
    context = _packet_context(document, vendor_id, sent_on, deadline, window_working_days)
    return _environment(templates_dir()).get_template(PACKET_TEMPLATE).render(**context)


def render_report_pdf(document: Mapping[str, Any], *, today: date, document_bytes: bytes) -> bytes:
    """The report as PDF/A-3b with `document_bytes` attached verbatim as scorecard.json.

    `document_bytes` must be the export the dict was parsed from, so the attachment and the
    printed pages cannot disagree.
    """
    if json.loads(document_bytes) != document:
        raise ValueError("document_bytes do not decode to the document being rendered")
    # Date the attachment by the report's own date, not the wall clock.
    stamp = datetime.combine(today, time())
    attachment = Attachment(
        string=document_bytes,
        name=ATTACHMENT_NAME,
        description="The scorecard edition this report was rendered from",
        relationship="Data",
        created=stamp,
        modified=stamp,
        url_fetcher=bundled_fetcher(),
    )
    return html_to_pdf(render_report_html(document, today=today), attachments=[attachment])


def render_packet_pdf(
    document: Mapping[str, Any],
    vendor_id: str,
    *,
    sent_on: date,
    deadline: date,
    window_working_days: int,
) -> bytes:
    """One vendor's right-of-reply packet as PDF/A-3b."""
    html = render_packet_html(
        document,
        vendor_id,
        sent_on=sent_on,
        deadline=deadline,
        window_working_days=window_working_days,
    )
    return html_to_pdf(html)


def html_to_pdf(html: str, *, attachments: Sequence[Attachment] = ()) -> bytes:
    """Finished HTML to PDF with the safe fetcher; this is WeasyPrint's whole share of the work."""
    fetcher = bundled_fetcher()
    try:
        pdf = HTML(
            string=html, base_url=templates_dir().as_uri() + "/", url_fetcher=fetcher
        ).write_pdf(
            pdf_variant=PDF_VARIANT,
            attachments=list(attachments) or None,
            finisher=_dedupe_associated_files,
        )
    except FatalURLFetchingError as error:
        # WeasyPrint's fatal error is a BaseException; surface it as an ordinary one.
        raise UnsafeResourceError(str(error)) from error.__cause__
    if fetcher.refused:
        raise UnsafeResourceError(f"the document asked for refused resources: {fetcher.refused}")
    if pdf is None:  # only when a target is given, which it never is here
        raise RuntimeError("WeasyPrint returned no PDF")
    return bytes(pdf)


# --- Views: the document reshaped for the templates ---------------------------------------


@dataclass(frozen=True, slots=True)
class DimensionView:
    id: str
    name: str
    signals: str
    method: str
    window_months: int | None
    artifact_count: int
    anchors: list[dict[str, Any]]
    known_failure_mode: str


@dataclass(frozen=True, slots=True)
class CellView:
    dimension: DimensionView
    outcome: str
    score: int | None
    score_text: str  # the score, or the words "insufficient history" / "unscored"
    count_text: str | None  # "5 of 8" for a counted dimension
    evidence_state: str
    source_grade: str | None
    source_url: str | None
    retrieval_date: str | None
    marks: list[str]
    disagreements: list[dict[str, Any]]
    rationale: str | None
    evidence: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class VendorView:
    id: str
    name: str
    homepage: str | None
    included: bool
    exclusion_reason: str | None
    age_text: str
    founding_date: str | None
    founding_date_status: str
    founding_date_source: str | None
    events: list[dict[str, Any]]
    cells: list[CellView]
    chart: Markup


def _report_context(document: Mapping[str, Any], today: date) -> dict[str, Any]:
    edition = document["edition"]
    dimensions = _dimensions(document)
    names = _vendor_names(document)
    vendors = [_vendor_view(vendor, dimensions) for vendor in document["vendors"]]
    replies = {reply["vendor"]: reply for reply in document["right_of_reply"]["vendors"]}
    stale_reasons = _stale_reasons(edition, today)
    return {
        "edition": edition,
        "version_text": edition["version"] or "unresolved",
        "methodology": document["methodology"],
        "dimensions": list(dimensions.values()),
        "dimension_names": {key: view.name for key, view in dimensions.items()},
        "vendor_names": names,
        "included": [vendor for vendor in vendors if vendor.included],
        "excluded": [vendor for vendor in vendors if not vendor.included],
        "stale": bool(stale_reasons),
        "stale_reasons": stale_reasons,
        "draft": bool(document["publication_blockers"]),
        "blockers": document["publication_blockers"],
        "source_conflicts": document["source_conflicts"],
        "revision_log": document["revision_log"],
        "right_of_reply": document["right_of_reply"],
        "replies": [
            (names.get(vendor_id, vendor_id), reply) for vendor_id, reply in replies.items()
        ],
        "today": today.isoformat(),
    }


def _packet_context(
    document: Mapping[str, Any],
    vendor_id: str,
    sent_on: date,
    deadline: date,
    window_working_days: int,
) -> dict[str, Any]:
    matches = [vendor for vendor in document["vendors"] if vendor["id"] == vendor_id]
    if not matches:
        raise KeyError(f"no vendor {vendor_id!r} in this edition")
    dimensions = _dimensions(document)
    edition = document["edition"]
    # Only this vendor's conflicts and revisions: the packet shows no other vendor's rows.
    return {
        "edition": edition,
        "version_text": edition["version"] or "unresolved",
        "methodology": document["methodology"],
        "vendor": _vendor_view(matches[0], dimensions),
        "dimension_names": {key: view.name for key, view in dimensions.items()},
        "source_conflicts": [c for c in document["source_conflicts"] if c["vendor"] == vendor_id],
        "revision_log": [r for r in document["revision_log"] if r["vendor"] == vendor_id],
        "sent_on": sent_on.isoformat(),
        "deadline": deadline.isoformat(),
        "window_working_days": window_working_days,
    }


def _dimensions(document: Mapping[str, Any]) -> dict[str, DimensionView]:
    specs = {spec["id"]: spec for spec in document["methodology"]["dimensions"]}
    views = {}
    for dimension in AXIS_ORDER:
        spec = specs[dimension.value]
        views[dimension.value] = DimensionView(
            id=spec["id"],
            name=spec["name"],
            signals=spec["signals"],
            method=spec["method"],
            window_months=spec["window_months"],
            artifact_count=len(spec["artifacts"]),
            anchors=sorted(spec["anchors"], key=lambda anchor: anchor["level"]),
            known_failure_mode=spec["known_failure_mode"],
        )
    return views


def _vendor_names(document: Mapping[str, Any]) -> dict[str, str]:
    return {vendor["id"]: vendor["name"] for vendor in document["vendors"]}


def _vendor_view(vendor: Mapping[str, Any], dimensions: Mapping[str, DimensionView]) -> VendorView:
    cells = [_cell_view(vendor["cells"][key], view) for key, view in dimensions.items()]
    chart = pentagon_svg(
        pentagon([_axis_value(vendor["id"], cell) for cell in cells]),
        {key: view.name for key, view in dimensions.items()},
        title=f"{vendor['name']}: scores on five dimensions",
    )
    return VendorView(
        id=vendor["id"],
        name=vendor["name"],
        homepage=_http_url(vendor["homepage"]),
        included=vendor["included"],
        exclusion_reason=vendor["exclusion_reason"],
        age_text=company_age_text(vendor["company_age_months"]),
        founding_date=vendor["founding_date"],
        founding_date_status=vendor["founding_date_status"],
        founding_date_source=vendor["founding_date_source"],
        events=[{**event, "url": _http_url(event["source_url"])} for event in vendor["events"]],
        cells=cells,
        # The SVG builder escapes every label it writes, so the string is safe to embed.
        chart=Markup(chart),
    )


def _cell_view(cell: Mapping[str, Any], dimension: DimensionView) -> CellView:
    outcome = cell["outcome"]
    score = cell["score"] if outcome == "scored" else None
    count_text = None
    # A count beside "unscored" would read as a finding, so it is shown only with a score.
    if dimension.method == "count" and score is not None and cell["raw_count"] is not None:
        count_text = f"{cell['raw_count']} of {dimension.artifact_count}"
    marks = []
    if cell["stale"]:
        marks.append("stale")
    if cell["reverification_due"]:
        marks.append("re-verification due")
    if score is not None and cell["ceiling"] < 4:
        marks.append(f"evidence caps this cell at {cell['ceiling']}")
    return CellView(
        dimension=dimension,
        outcome=outcome,
        score=score,
        score_text=str(score) if score is not None else OUTCOME_WORDS.get(outcome, "unscored"),
        count_text=count_text,
        evidence_state=_words(cell["evidence_state"]),
        source_grade=_words(cell["source_grade"]) if cell["source_grade"] else None,
        source_url=_http_url(cell["source_url"]),
        retrieval_date=cell["retrieval_date"],
        marks=marks,
        disagreements=list(cell["disagreements"]),
        rationale=cell["rationale"],
        evidence=[
            {
                **item,
                "state_text": _words(item["state"]),
                "grade_text": _words(item["grade"]) if item["grade"] else "no grade",
                "href": _http_url(item["url"]),
            }
            for item in cell["evidence"]
        ],
    )


def _axis_value(vendor_id: str, cell: CellView) -> int | AxisMark:
    if cell.outcome == "scored":
        if cell.score is None:
            raise ValueError(f"{vendor_id}/{cell.dimension.id}: scored cell has no score")
        return cell.score
    if cell.outcome == "insufficient_history":
        return AxisMark.INSUFFICIENT_HISTORY
    return AxisMark.UNSCORED


def company_age_text(months: int | None) -> str:
    """Company age at the verification date in words; "unverified" when it is not known."""
    if months is None:
        return "unverified"
    if months < 0:
        raise ValueError(f"company age cannot be negative, got {months} months")
    years, rest = divmod(months, 12)
    parts = []
    if years:
        parts.append(f"{years} year{'s' if years != 1 else ''}")
    if rest or not years:
        parts.append(f"{rest} month{'s' if rest != 1 else ''}")
    return ", ".join(parts)


def _stale_reasons(edition: Mapping[str, Any], today: date) -> list[str]:
    reasons = []
    valid_until = date.fromisoformat(edition["valid_until"])
    if edition["status"] == "stale":
        reasons.append("the edition's status is stale")
    if date.fromisoformat(edition["checked_on"]) > valid_until:
        reasons.append(f"it was last checked on {edition['checked_on']}, after it expired")
    if today > valid_until:
        reasons.append(f"it is rendered on {today.isoformat()}, after it expired")
    return reasons


def _words(value: str) -> str:
    return value.replace("_", " ")


def _http_url(url: str | None) -> str | None:
    """A URL fit for a link target: http(s) only, so no other scheme becomes clickable."""
    if url and urlsplit(url).scheme.lower() in ("http", "https"):
        return url
    return None


@lru_cache(maxsize=4)
def _environment(directory: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(directory),
        autoescape=True,  # every template and every value, whatever the file extension
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["words"] = _words
    return env


def _dedupe_associated_files(_document: Any, pdf: Any) -> None:
    """WeasyPrint 70 lists each PDF/A-3 attachment twice in the catalog's /AF; keep one."""
    associated = pdf.catalog.get("AF")
    if associated:
        pdf.catalog["AF"] = pydyf.Array(dict.fromkeys(associated))


def _data_response(url: str) -> URLFetcherResponse:
    response = DataHandler().data_open(Request(url))
    return URLFetcherResponse(url, body=response.read(), headers=dict(response.headers.items()))


def _local_path(url: str) -> Path | None:
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost") or parts.query or parts.fragment:
        return None
    return Path(url2pathname(parts.path)).resolve()
