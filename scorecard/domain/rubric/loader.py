"""Reads a rubric shipped inside the package by methodology version."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from scorecard.domain.rubric.model import Rubric

KNOWN_VERSIONS: tuple[str, ...] = ("1",)


class UnknownMethodologyVersion(ValueError):
    pass


@cache
def load_rubric(version: str = "1") -> Rubric:
    """The rubric of one methodology version; cached because it is immutable package data."""
    if version not in KNOWN_VERSIONS:
        raise UnknownMethodologyVersion(
            f"methodology version {version!r} is not known; known versions: "
            + ", ".join(KNOWN_VERSIONS)
        )
    text = resources.files(__package__).joinpath(f"v{version}.json").read_text("utf-8")
    return Rubric.model_validate(json.loads(text))


def rubric_document(version: str = "1") -> dict[str, object]:
    """The raw rubric JSON, for validation against schemas/rubric.schema.json."""
    text = resources.files(__package__).joinpath(f"v{version}.json").read_text("utf-8")
    data: dict[str, object] = json.loads(text)
    return data
