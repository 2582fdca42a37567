"""The network clients the use cases run on by default; tests replace these factories.

The command line and the UI never build clients themselves (they may not import the adapters):
they call the `*_with_defaults` use cases, which open clients through these functions, so a test
monkeypatches one function here to inject a client on a mocked transport with a fake clock.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scorecard.adapters.archive_now import SaveResult, request_capture_now
from scorecard.adapters.http_fetch import DEFAULT_MAX_BYTES, HttpPageFetcher
from scorecard.adapters.interface import ArchiveClient, PageFetcher
from scorecard.adapters.wayback_cdx import WaybackArchiveClient
from scorecard.storage.captures import CaptureStore

CAPTURES_ENV = "SCORECARD_CAPTURES"
DEFAULT_CAPTURES_ROOT = Path("evidence") / "captures"
# Save Page Now can take minutes; a reviewer waits at most this long for its answer.
SAVE_TIMEOUT_S = 120.0


def captures_root() -> Path:
    """Where capture bodies are stored: $SCORECARD_CAPTURES, else evidence/captures (cwd)."""
    configured = os.environ.get(CAPTURES_ENV, "").strip()
    return Path(configured) if configured else DEFAULT_CAPTURES_ROOT


def capture_store() -> CaptureStore:
    return CaptureStore(captures_root())


@contextmanager
def page_fetcher(max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[PageFetcher]:
    """A live-page fetcher with its own HTTP client, closed when the block ends."""
    with HttpPageFetcher(max_bytes=max_bytes) as fetcher:
        yield fetcher


@contextmanager
def archive_client() -> Iterator[ArchiveClient]:
    """A Wayback CDX client ($SCORECARD_WAYBACK_URL or web.archive.org), rate limited."""
    with WaybackArchiveClient() as client:
        yield client


def save_page_now(url: str) -> SaveResult:
    """Asks the Internet Archive to capture `url` now; every outcome comes back as a value."""
    return request_capture_now(url, SAVE_TIMEOUT_S)
