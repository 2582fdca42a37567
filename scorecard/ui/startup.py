"""Holds the cyclic garbage collector off while the UI starts, then freezes what startup built.

Opening an edition builds tens of thousands of objects that live as long as the app: the edition
read, the screens and their widgets. Collected while they are being made, they are scanned again
by every full collection before the first frame; measured with benchmarks/ui_first_paint.py, that
was most of the UI's startup time beyond a bare table's. CPython's remedy for a program that
builds its long-lived objects at startup: no collections until startup ends, then `gc.freeze()`,
which moves everything alive into a generation the collector no longer scans. Reference counting
still frees those objects; only garbage cycles made during startup are kept, once.
"""

from __future__ import annotations

import gc


class StartupCollector:
    """`hold()` before the first read; `release()` once the first screen is drawn (idempotent)."""

    def __init__(self) -> None:
        self._held = False

    def hold(self) -> None:
        if gc.isenabled():
            gc.disable()
            self._held = True

    def release(self) -> None:
        if self._held:
            self._held = False
            gc.freeze()
            gc.enable()
