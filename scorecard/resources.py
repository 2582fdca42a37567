"""Finds the files bundled with the package: the schemas and the current edition.

A wheel carries them under scorecard/_bundled; a source checkout keeps them at the repository root.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_REPO_ROOT = Path(__file__).resolve().parents[1]


def _bundled(*parts: str) -> Path:
    candidate = Path(str(resources.files("scorecard").joinpath("_bundled", *parts)))
    if candidate.exists():
        return candidate
    return _REPO_ROOT.joinpath(*parts)


def scorecard_schema_path() -> Path:
    return _bundled("schemas", "scorecard.schema.json")


def rubric_schema_path() -> Path:
    return _bundled("schemas", "rubric.schema.json")


def bundled_edition_path() -> Path:
    """The current edition as published with the package: the seed of a new database."""
    return _bundled("scorecard.json")
