"""Validates a document against schemas/scorecard.schema.json (draft 2020-12, formats checked).

jsonschema is imported on first use, not with this module: with the format-nongpl extra its
import compiles a grammar (rfc3987-syntax) that costs seconds, and most commands never validate.
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any

from scorecard.resources import scorecard_schema_path

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


class DocumentInvalid(ValueError):
    """The document breaks the schema; `problems` are 'JSON path: message' lines."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = json.loads(scorecard_schema_path().read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def _describe(error: ValidationError) -> str:
    message = error.message
    if len(message) > 300:
        message = message[:300] + "…"
    return f"{error.json_path}: {message}"


def schema_problems(document: Any, limit: int = 20) -> list[str]:
    errors = sorted(_validator().iter_errors(document), key=lambda e: list(e.absolute_path))
    return [_describe(e) for e in errors[:limit]]


def validate_document(document: Any) -> None:
    problems = schema_problems(document)
    if problems:
        raise DocumentInvalid(problems)
