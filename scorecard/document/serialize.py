"""Deterministic JSON text: the same document always gives the same bytes, so files diff cleanly."""

from __future__ import annotations

import json
from typing import Any


def dumps(document: Any) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def dump_bytes(document: Any) -> bytes:
    return dumps(document).encode("utf-8")
