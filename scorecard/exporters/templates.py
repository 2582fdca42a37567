"""Where the report templates and their stylesheet live, installed or in a source checkout."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

# A source or editable checkout keeps them at <repo root>/reports/templates.
SOURCE_TEMPLATES_DIR = Path(__file__).resolve().parents[2] / "reports" / "templates"


def templates_dir() -> Path:
    """The templates directory: the wheel's bundled copy first, else the source checkout's."""
    bundled = files("scorecard") / "_bundled" / "templates"
    # Only a real directory on disk will do: the fetcher allowlists assets by resolved path.
    if isinstance(bundled, Path) and bundled.is_dir():
        return bundled.resolve()
    if SOURCE_TEMPLATES_DIR.is_dir():
        return SOURCE_TEMPLATES_DIR
    raise FileNotFoundError(
        f"report templates not found in the installed package or at {SOURCE_TEMPLATES_DIR}"
    )
