"""`scorecard report`: the seeded edition's PDF, its marks, and the export attached byte for byte."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pytest
from pypdf import PdfReader
from pypdf.generic import StreamObject

from tests.conftest import Cli

VENDOR_NAMES = ("Exa", "Tavily", "Linkup", "You.com", "Brave Search API", "Keenable", "Serper")
STALE_DAY = "2026-12-03"  # the seeded edition is valid until 2026-12-02
FRESH_DAY = "2026-11-29"


@dataclass(frozen=True)
class Rendered:
    stale_pdf: bytes
    fresh_pdf: bytes
    stale_export: bytes
    fresh_message: str


def text_of(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return " ".join(" ".join(page.extract_text() or "" for page in reader.pages).split())


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rendered]:
    """The seeded edition's report at two checking dates; rendered once, as it is slow."""
    folder = tmp_path_factory.mktemp("report")
    cli = Cli(f"sqlite:///{folder / 'scorecard.db'}")
    stale = cli("report", "--out", str(folder / "stale.pdf"), today=STALE_DAY)
    assert stale.exit_code == 0, stale.stderr
    fresh = cli("report", "--out", str(folder / "fresh.pdf"), today=FRESH_DAY)
    assert fresh.exit_code == 0, fresh.stderr
    export = cli("export", "--out", str(folder / "export.json"), today=STALE_DAY)
    assert export.exit_code == 0, export.stderr
    yield Rendered(
        stale_pdf=(folder / "stale.pdf").read_bytes(),
        fresh_pdf=(folder / "fresh.pdf").read_bytes(),
        stale_export=(folder / "export.json").read_bytes(),
        fresh_message=fresh.stderr,
    )


@pytest.fixture(scope="module")
def stale_text(rendered: Rendered) -> str:
    return text_of(rendered.stale_pdf)


def test_report_shows_every_vendor_and_the_missing_values_in_words(stale_text: str) -> None:
    for name in VENDOR_NAMES:
        assert name in stale_text, name
    assert "insufficient history" in stale_text
    assert "unverified" in stale_text  # company age where the founding date is not verified
    assert "Right of reply has not been completed" in stale_text


def test_draft_and_stale_marks_follow_the_checking_date(
    rendered: Rendered, stale_text: str
) -> None:
    fresh_text = text_of(rendered.fresh_pdf)
    assert "DRAFT" in stale_text and "DRAFT" in fresh_text  # publication blockers remain
    assert "STALE" in stale_text
    assert "STALE" not in fresh_text
    assert "marked DRAFT" in rendered.fresh_message
    assert "STALE" not in rendered.fresh_message


def test_the_attachment_is_the_export_byte_for_byte(rendered: Rendered) -> None:
    reader = PdfReader(io.BytesIO(rendered.stale_pdf))
    assert dict(reader.attachments) == {"scorecard.json": [rendered.stale_export]}
    metadata = cast(StreamObject, reader.root_object["/Metadata"].get_object()).get_data()
    assert b'pdfaid:part="3"' in metadata  # PDF/A-3, which allows the attached data


def test_report_writes_the_default_path(cli: Any) -> None:
    result = cli("report")
    assert result.exit_code == 0, result.stderr
    assert Path("reports/scorecard.pdf").read_bytes().startswith(b"%PDF-")
    assert "Wrote reports/scorecard.pdf" in result.stderr


def test_an_unwritable_output_is_refused_without_a_traceback(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    result = cli("report", "--out", str(tmp_path / "taken"))
    assert result.exit_code == 2
    assert "cannot be written" in result.stderr
    assert "Traceback" not in result.stderr
