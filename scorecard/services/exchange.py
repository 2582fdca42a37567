"""Import, export and validation of edition documents."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from scorecard.document.build import build_document
from scorecard.document.parse import parse_document
from scorecard.document.validate import DocumentInvalid, schema_problems, validate_document
from scorecard.domain.enums import EditionStatus
from scorecard.domain.integrity import check_snapshot
from scorecard.domain.rubric import KNOWN_VERSIONS, load_rubric
from scorecard.exporters.csv_export import render_csv
from scorecard.exporters.json_export import render_json
from scorecard.services import editions
from scorecard.services.context import Context, ServiceError
from scorecard.storage import changelog, repository
from scorecard.storage.files import StagedFile, stage_atomic, write_atomic
from scorecard.storage.tables import EditionRow

DEFAULT_MAX_IMPORT_BYTES = 20 * 1024 * 1024


def max_import_bytes() -> int:
    configured = os.environ.get("SCORECARD_MAX_IMPORT_BYTES", "")
    return int(configured) if configured.isdigit() else DEFAULT_MAX_IMPORT_BYTES


def read_document_file(path: Path) -> Any:
    """The parsed JSON of a file, or a ServiceError saying exactly what is wrong with it."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise ServiceError(f"{path}: no such file.") from None
    except OSError as exc:
        raise ServiceError(f"{path}: cannot be read ({exc.strerror}).") from None
    if not path.is_file():
        raise ServiceError(f"{path}: not a regular file.")
    limit = max_import_bytes()
    if size > limit:
        raise ServiceError(
            f"{path}: {size:,} bytes is larger than the import limit of {limit:,} bytes "
            "(SCORECARD_MAX_IMPORT_BYTES)."
        )
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ServiceError(f"{path}: not UTF-8 text (byte {exc.start}).") from None
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise ServiceError(
            f"{path}: malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}."
        ) from None
    except RecursionError:
        raise ServiceError(f"{path}: JSON nested too deeply.") from None
    except ValueError as exc:  # a number with thousands of digits, NaN or Infinity
        raise ServiceError(f"{path}: not usable JSON ({exc}).") from None


def _refuse_constant(name: str) -> Any:
    """NaN and Infinity are not JSON, though Python's parser accepts them."""
    raise ValueError(f"{name} is not a JSON number")


def document_problems(document: Any) -> list[str]:
    """Schema problems (with their JSON paths), then the methodology version check."""
    problems = schema_problems(document)
    if problems:
        return problems
    version = document["methodology"]["version"]
    if version not in KNOWN_VERSIONS:
        return [f"$.methodology.version: {version!r} is not a known methodology version"]
    return []


def import_document(ctx: Context, document: Any, *, replace: bool = False) -> EditionRow:
    """Validates, checks every input rule, then loads the edition in the caller's transaction."""
    problems = document_problems(document)
    if problems:
        raise DocumentInvalid(problems)
    parsed = parse_document(document)
    rubric = load_rubric(parsed.snapshot.edition.methodology_version)
    check_snapshot(parsed.snapshot, rubric, ctx.today)
    verification = parsed.snapshot.edition.verification_date
    existing = repository.edition_by_verification_date(ctx.session, verification)
    if existing is not None:
        if existing.status == EditionStatus.PUBLISHED.value:
            raise ServiceError(
                f"The edition of {verification} is published and frozen; it cannot be replaced."
            )
        if not replace:
            raise ServiceError(
                f"An edition of {verification} already exists; use --replace to replace this draft."
            )
        repository.delete_edition(ctx.session, existing)
    row = repository.write_snapshot(ctx.session, parsed.snapshot, ctx.reviewer)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=row.id,
        entity="edition",
        entity_key=verification.isoformat(),
        action="replace" if existing else "import",
        new={
            "vendors": len(parsed.snapshot.vendors),
            "evidence": len(parsed.snapshot.evidence),
        },
    )
    return row


def export_document(ctx: Context) -> dict[str, Any]:
    """The current edition's document; `render` validates it before any byte is written."""
    return build_document(editions.assess(ctx))


def render(document: dict[str, Any], fmt: str) -> bytes:
    if fmt == "json":
        return render_json(document)
    if fmt == "csv":
        validate_document(document)
        return render_csv(document)
    raise ServiceError(f"Unknown export format {fmt!r}: use json or csv.")


def stage_output(path: Path, data: bytes) -> StagedFile:
    """Writes the output beside its target without replacing it yet (see StagedFile)."""
    try:
        return stage_atomic(path, data)
    except OSError as exc:
        raise ServiceError(f"{path}: cannot be written ({exc.strerror}).") from None


def install_output(staged: StagedFile) -> None:
    try:
        staged.install()
    except OSError as exc:
        staged.discard()
        raise ServiceError(f"{staged.path}: cannot be written ({exc.strerror}).") from None


def write_output(path: Path, data: bytes) -> None:
    """Replaces the output file atomically, so an interrupted export leaves the old file."""
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise ServiceError(f"{path}: cannot be written ({exc.strerror}).") from None
