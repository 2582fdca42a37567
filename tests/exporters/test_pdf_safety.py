"""Hostile text renders as text, and the fetcher serves only the stylesheet and data: URLs."""

from __future__ import annotations

import io
import re
import socket
from datetime import date
from pathlib import Path
from typing import Any, cast

import pytest
from pypdf import PdfReader
from pypdf.generic import StreamObject

from scorecard.exporters.pdf import (
    ATTACHMENT_NAME,
    RefusedURLError,
    SafeURLFetcher,
    UnsafeResourceError,
    bundled_fetcher,
    html_to_pdf,
    render_packet_pdf,
    render_report_html,
    render_report_pdf,
)
from scorecard.exporters.templates import templates_dir
from tests.exporters.sample_document import (
    ACME,
    build_sample_document,
    document_bytes,
    pdf_text,
    with_note,
)

TODAY = date(2026, 1, 22)
IMG = '<img src="file:///etc/hostname">'
LINK = '<link rel="attachment" href="file:///etc/passwd">'
PASSWD = Path("/etc/passwd")
HOSTNAME = Path("/etc/hostname")


def hostile_document() -> dict[str, Any]:
    document = with_note(build_sample_document(), f"{IMG} {LINK}")
    # The vendor name also reaches the SVG title and the page margins.
    document["vendors"][1]["name"] = f"Globex {IMG}"
    return document


def stream_data(reader: PdfReader) -> list[bytes]:
    """Decoded data of every stream object in the file."""
    found = []
    for number in range(1, cast(int, reader.trailer["/Size"])):
        try:
            obj = reader.get_object(number)
        except Exception:  # free or compressed-away object numbers
            continue
        if isinstance(obj, StreamObject):
            found.append(obj.get_data())
    return found


def assert_nothing_read_from_etc(pdf: bytes, allowed_attachments: set[str]) -> None:
    reader = PdfReader(io.BytesIO(pdf))
    assert set(reader.attachments) == allowed_attachments
    for page in reader.pages:
        assert list(page.images) == []
        for annotation in page.get("/Annots") or []:
            assert annotation.get_object().get("/Subtype") != "/FileAttachment"
    if PASSWD.exists():
        first_line = PASSWD.read_text(encoding="utf-8").splitlines()[0].encode()
        streams = stream_data(reader)
        assert streams  # pages, fonts and metadata at least
        assert all(first_line not in data for data in streams)
    if HOSTNAME.exists():
        host = HOSTNAME.read_text(encoding="utf-8").strip()
        text = pdf_text(pdf)
        assert re.search(rf"(?<![\w.-]){re.escape(host)}(?![\w.-])", text) is None


@pytest.fixture(scope="module")
def hostile() -> dict[str, Any]:
    return hostile_document()


def test_hostile_notes_are_escaped_in_the_html(hostile: dict[str, Any]) -> None:
    html = render_report_html(hostile, today=TODAY)
    assert IMG not in html
    assert LINK not in html
    assert "&lt;img src=&#34;file:///etc/hostname&#34;&gt;" in html
    assert "&lt;link rel=&#34;attachment&#34; href=&#34;file:///etc/passwd&#34;&gt;" in html


def test_report_shows_hostile_notes_as_text_and_embeds_nothing(hostile: dict[str, Any]) -> None:
    pdf = render_report_pdf(hostile, today=TODAY, document_bytes=document_bytes(hostile))
    text = pdf_text(pdf)
    assert IMG in text
    assert LINK in text
    assert_nothing_read_from_etc(pdf, {ATTACHMENT_NAME})
    attached = PdfReader(io.BytesIO(pdf)).attachments[ATTACHMENT_NAME]
    assert attached == [document_bytes(hostile)]


def test_packet_shows_hostile_notes_as_text_and_embeds_nothing(hostile: dict[str, Any]) -> None:
    pdf = render_packet_pdf(
        hostile, ACME, sent_on=date(2026, 1, 16), deadline=date(2026, 1, 30), window_working_days=10
    )
    assert LINK in pdf_text(pdf)
    assert_nothing_read_from_etc(pdf, set())


@pytest.mark.parametrize(
    "markup",
    [
        '<link rel="attachment" href="file:///etc/passwd">',
        '<img src="file:///etc/hostname">',
        '<img src="https://example.com/pixel.png">',
        '<link rel="stylesheet" href="file:///etc/passwd">',
        '<img src="../../pyproject.toml">',
        '<img src="report.html.j2">',
        '<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/hostname"/></svg>',
    ],
)
def test_a_template_slip_stops_rendering_instead_of_embedding(
    markup: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(socket.socket, "connect", _no_network)
    html = (
        f'<html><head><link rel="stylesheet" href="report.css"></head><body>{markup}</body></html>'
    )
    with pytest.raises(UnsafeResourceError):
        html_to_pdf(html)


def test_the_bundled_stylesheet_and_data_urls_are_served() -> None:
    fetcher = bundled_fetcher()
    css_url = (templates_dir() / "report.css").as_uri()
    response = fetcher.fetch(css_url)
    assert response.content_type == "text/css"
    assert response.read() == (templates_dir() / "report.css").read_bytes()
    data = fetcher.fetch("data:text/plain;base64,aGVsbG8=")
    assert data.read() == b"hello"
    pdf = html_to_pdf(
        '<p>pixel <img src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%221%22 height=%221%22/%3E"></p>'
    )
    assert pdf.startswith(b"%PDF-")


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "file:///etc/hostname",
        "file://localhost/etc/passwd",
        "http://example.com/",
        "https://example.com/report.css",
        "http://127.0.0.1:9/redirect?to=file:///etc/passwd",
        "ftp://example.com/file",
        "report.css",
        "/etc/passwd",
    ],
)
def test_fetcher_refuses_everything_else(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket.socket, "connect", _no_network)
    with pytest.raises(RefusedURLError):
        bundled_fetcher().fetch(url)


def test_fetcher_refuses_other_files_beside_the_stylesheet() -> None:
    fetcher = bundled_fetcher()
    directory = templates_dir()
    for url in (
        (directory / "report.html.j2").as_uri(),
        (directory / "packet.html.j2").as_uri(),
        directory.as_uri() + "/../../pyproject.toml",
        directory.as_uri() + "/report.css?x=1",
        directory.as_uri() + "/report.css#top",
        directory.as_uri() + "/",
    ):
        with pytest.raises(RefusedURLError):
            fetcher.fetch(url)


def test_fetcher_allowlist_is_by_resolved_path(tmp_path: Path) -> None:
    asset = tmp_path / "style.css"
    asset.write_text("p { color: red }", encoding="utf-8")
    fetcher = SafeURLFetcher([asset])
    dotted = tmp_path.as_uri() + "/sub/../style.css"
    assert fetcher.fetch(dotted).read() == b"p { color: red }"
    with pytest.raises(RefusedURLError):
        fetcher.fetch((tmp_path / "other.css").as_uri())


def _no_network(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("the fetcher must not open a connection")
