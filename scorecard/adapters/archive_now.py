"""Ask the Wayback Machine to capture a page now (Save Page Now), bounded in time, never raising."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Literal, Protocol

from waybackpy import WaybackMachineSaveAPI
from waybackpy.exceptions import (
    BlockedSiteError,
    MaximumSaveRetriesExceeded,
    TooManyRequestsError,
    WaybackError,
)

from scorecard.adapters.http_fetch import require_http_url
from scorecard.adapters.interface import FetchRefused

SaveStatus = Literal["archived", "refused", "rate_limited", "timeout", "failed"]
USER_AGENT = "scorecard/0.1 (vendor-vetting evidence capture)"
# waybackpy retries up to max_tries with 5-10 s sleeps in between; the time bound caps it anyway.
SAVE_MAX_TRIES = 3


class SaveApi(Protocol):
    """The part of waybackpy's WaybackMachineSaveAPI this module uses."""

    def save(self) -> str: ...


SaveApiFactory = Callable[[str], SaveApi]


@dataclass(frozen=True, slots=True)
class SaveResult:
    """What the archive did with a capture request; `archive_url` is set only when archived."""

    status: SaveStatus
    archive_url: str | None
    message: str


def waybackpy_save_api(url: str) -> SaveApi:
    """The real Save Page Now client (network access happens only when `save` is called)."""
    return WaybackMachineSaveAPI(url, user_agent=USER_AGENT, max_tries=SAVE_MAX_TRIES)


def request_capture_now(
    url: str,
    timeout_s: float = 120.0,
    *,
    save_api_factory: SaveApiFactory = waybackpy_save_api,
) -> SaveResult:
    """Ask the archive to capture `url`, waiting at most `timeout_s` seconds for its answer.

    waybackpy sets no timeout of its own, so the call runs in a daemon worker thread: on timeout
    the result says so and the thread is abandoned (a daemon thread cannot keep the CLI alive,
    unlike a ThreadPoolExecutor worker, which is joined at interpreter exit).
    """
    try:
        cleaned = require_http_url(url)
    except FetchRefused as exc:
        return SaveResult("refused", None, exc.message)
    future: Future[str] = Future()
    worker = threading.Thread(
        target=_run_save,
        args=(save_api_factory, cleaned, future),
        name="scorecard-save-page-now",
        daemon=True,
    )
    worker.start()
    try:
        archive_url = future.result(timeout=timeout_s)
    except FutureTimeout:
        return SaveResult(
            "timeout",
            None,
            f"The archive did not confirm a capture of {cleaned} within {timeout_s:g}s; "
            "it may still appear later.",
        )
    except Exception as exc:
        return result_for_error(cleaned, exc)
    return SaveResult("archived", archive_url, f"Archived {cleaned} as {archive_url}.")


def _run_save(factory: SaveApiFactory, url: str, future: Future[str]) -> None:
    """Worker body: hand the archive URL, or whatever was raised, to the waiting caller."""
    if not future.set_running_or_notify_cancel():
        return
    try:
        future.set_result(factory(url).save())
    except BaseException as exc:
        future.set_exception(exc)


def result_for_error(url: str, exc: BaseException) -> SaveResult:
    """The SaveResult a reviewer should see for an exception raised while saving."""
    if isinstance(exc, TooManyRequestsError):
        return SaveResult(
            "rate_limited",
            None,
            f"The archive is rate limiting capture requests; try {url} again in a few minutes.",
        )
    if isinstance(exc, BlockedSiteError):
        return SaveResult("refused", None, f"The archive refuses to capture {url} (site excluded).")
    if isinstance(exc, MaximumSaveRetriesExceeded):
        return SaveResult(
            "refused",
            None,
            f"The archive did not return a capture of {url} after {SAVE_MAX_TRIES} tries; "
            "it may exclude the site. Check https://web.archive.org/save by hand.",
        )
    if isinstance(exc, WaybackError) and "active sessions" in str(exc):
        # waybackpy reports HTTP 509 (too many concurrent captures) as a plain WaybackError.
        return SaveResult(
            "rate_limited", None, f"The archive has too many captures in progress for {url}."
        )
    # requests' errors (waybackpy's transport) are OSErrors; no direct import of requests needed.
    if isinstance(exc, OSError | WaybackError):
        return SaveResult("failed", None, f"Could not ask the archive to capture {url}: {exc}")
    return SaveResult(
        "failed", None, f"Unexpected error asking the archive to capture {url}: {exc!r}"
    )
