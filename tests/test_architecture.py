"""The architecture holds: a pure domain core, and no module importing a layer above its own."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorecard"
IO_LIBRARIES = (
    "sqlmodel",
    "sqlalchemy",
    "httpx",
    "textual",
    "weasyprint",
    "waybackpy",
    "typer",
    "rich",
    "jsonschema",
    "alembic",
)

# Each layer may import only the layers listed for it (and itself).
ALLOWED = {
    "domain": {"domain"},
    "document": {"document", "domain", "resources"},
    "exporters": {"exporters", "document", "domain", "resources"},
    "storage": {"storage", "domain"},
    "adapters": {"adapters", "domain"},
    "services": {"services", "storage", "adapters", "exporters", "document", "domain", "resources"},
    "cli": {"cli", "services", "domain", "document", "presentation", "ui"},
    "ui": {"ui", "services", "domain", "presentation"},
}


def test_importing_the_domain_loads_no_io_library() -> None:
    code = (
        "import sys, scorecard.domain.assessment, scorecard.domain.blockers, "
        "scorecard.domain.integrity, scorecard.domain.rubric, scorecard.domain.reply\n"
        "import pkgutil, importlib, scorecard.domain as d\n"
        "for m in pkgutil.walk_packages(d.__path__, 'scorecard.domain.'): importlib.import_module(m.name)\n"
        f"print(sorted(n for n in {IO_LIBRARIES!r} if n in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _layer_modules() -> list[tuple[str, Path]]:
    found = []
    for layer in ALLOWED:
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            if "migrations" not in path.parts:
                found.append((layer, path))
    return found


@pytest.mark.parametrize(
    ("layer", "path"), _layer_modules(), ids=lambda v: str(v).split("scorecard/")[-1]
)
def test_no_module_imports_a_layer_above_its_own(layer: str, path: Path) -> None:
    for name in _imports(path):
        parts = name.split(".")
        if parts[0] != "scorecard" or len(parts) < 2:
            continue
        assert parts[1] in ALLOWED[layer], f"{path.name} ({layer}) imports {name}"
