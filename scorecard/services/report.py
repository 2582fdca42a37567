"""The PDF report of the current edition, rendered from the exact bytes `scorecard export` writes."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

from scorecard.services import exchange
from scorecard.services.context import Context, ServiceError

DEFAULT_REPORT_PATH = Path("reports") / "scorecard.pdf"

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ExportedDocument:
    """The validated JSON export and the document parsed back from those very bytes."""

    document: dict[str, Any]
    data: bytes


@dataclass(frozen=True, slots=True)
class Report:
    pdf: bytes
    draft: bool  # publication blockers remain, so the cover carries DRAFT
    stale: bool  # the edition is past its validity at the checking date, so it carries STALE


def exported_document(ctx: Context) -> ExportedDocument:
    """What `scorecard export` writes at this checking date, validated, and its parsed form.

    The PDFs are rendered from the parsed bytes rather than the builder's dict, so what they
    print is exactly what the attachment and the JSON export say.
    """
    data = exchange.render(exchange.export_document(ctx), "json")
    return ExportedDocument(document=json.loads(data), data=data)


def render_report(ctx: Context) -> Report:
    """The report of the current edition, with the export attached byte for byte (PDF/A-3b)."""
    # WeasyPrint takes over a second to import, so it loads only when a PDF is made, not with
    # every command.
    from scorecard.exporters.pdf import render_report_pdf

    exported = exported_document(ctx)
    document = exported.document
    pdf = pdf_call(
        lambda: render_report_pdf(document, today=ctx.today, document_bytes=exported.data)
    )
    return Report(pdf=pdf, draft=bool(document["publication_blockers"]), stale=_stale(document))


def write_report(ctx: Context, out: Path = DEFAULT_REPORT_PATH) -> Report:
    """Renders the report and replaces `out` atomically; an interrupted write keeps the old file."""
    report = render_report(ctx)
    exchange.write_output(out, report.pdf)
    return report


def pdf_call(render: Callable[[], T]) -> T:
    """Runs an exporter call, turning a refused resource into a reviewer's message."""
    from scorecard.exporters.pdf import UnsafeResourceError

    try:
        return render()
    except UnsafeResourceError as exc:
        raise ServiceError(f"The PDF was not rendered: {exc}") from None


def _stale(document: dict[str, Any]) -> bool:
    edition = document["edition"]
    checked_on = date.fromisoformat(edition["checked_on"])
    return edition["status"] == "stale" or checked_on > date.fromisoformat(edition["valid_until"])
