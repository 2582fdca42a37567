"""The JSON export: refused when it would carry a composite or break the schema."""

from __future__ import annotations

from typing import Any

from scorecard.document.serialize import dump_bytes
from scorecard.document.validate import validate_document
from scorecard.domain.rules.no_composite import check_no_composite


def render_json(document: dict[str, Any]) -> bytes:
    check_no_composite(document)
    validate_document(document)
    return dump_bytes(document)
