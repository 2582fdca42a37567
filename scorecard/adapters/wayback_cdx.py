"""The Wayback Machine over httpx: CDX listing with paging, raw capture download, polite retries."""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from email.utils import parsedate_to_datetime
from typing import Any

import httpx

from scorecard.adapters.interface import (
    ArchiveCapture,
    ArchiveClient,
    ArchiveFailure,
    ArchiveUnavailable,
    CaptureList,
    FetchRefused,
    MalformedCdx,
)
from scorecard.adapters.rate_limit import SlidingWindowLimiter

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://web.archive.org"
BASE_URL_ENV = "SCORECARD_WAYBACK_URL"
USER_AGENT = "scorecard/0.1 (vendor-vetting pricing history; polite, rate limited)"
REQUIRED_FIELDS = ("timestamp", "original", "mimetype", "statuscode", "digest")
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
DEFAULT_MAX_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Attempt:
    """The outcome of one HTTP try: `body` on success, else the status (None: network error)."""

    status: int | None
    body: bytes | None
    what: str
    retryable: bool = False
    retry_after: float | None = None


@dataclass(frozen=True, slots=True)
class CdxPage:
    """One page of a CDX answer: its data rows and the key to ask for the next page, if any."""

    header: tuple[str, ...]
    rows: tuple[Sequence[Any], ...]
    resume_key: str | None


def base_url_from_env() -> str:
    """The archive's base URL: $SCORECARD_WAYBACK_URL (a mirror, or a test server) or Wayback."""
    return (os.environ.get(BASE_URL_ENV) or DEFAULT_BASE_URL).rstrip("/")


def parse_retry_after(value: str | None, now: datetime) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), if readable."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - now).total_seconds())


def parse_cdx_page(payload: Any) -> CdxPage:
    """Split a decoded `output=json` answer into header, rows and resume key.

    The shape is `[[header...], [row...], ..., [], [resume_key]]`; the last two only appear
    when `showResumeKey=true` and more results remain. An empty window is `[]`.
    """
    if not isinstance(payload, list):
        raise ValueError(f"expected a JSON array, got {type(payload).__name__}")
    if not payload:
        return CdxPage(header=(), rows=(), resume_key=None)
    header, *rest = payload
    if not isinstance(header, list) or not all(isinstance(name, str) for name in header):
        raise ValueError(f"the first row is not a header of field names: {header!r}")
    missing = [name for name in REQUIRED_FIELDS if name not in header]
    if missing:
        raise ValueError(f"the header lacks field(s) {', '.join(missing)}: {header!r}")
    resume_key = None
    if len(rest) >= 2 and rest[-2] == [] and _is_resume_key(rest[-1]):
        resume_key = rest[-1][0]
        rest = rest[:-2]
    return CdxPage(header=tuple(header), rows=tuple(rest), resume_key=resume_key)


def _is_resume_key(row: Any) -> bool:
    return isinstance(row, list) and len(row) == 1 and isinstance(row[0], str) and bool(row[0])


def raw_capture_url(base_url: str, timestamp: str, original_url: str) -> str:
    """The `id_` form of a capture: the archived bytes without the archive's banner or rewriting."""
    return f"{base_url}/web/{timestamp}id_/{original_url}"


def capture_from_row(header: Sequence[str], row: Any, base_url: str) -> ArchiveCapture:
    """One ArchiveCapture from a CDX data row; ValueError says what is wrong with a bad row."""
    if not isinstance(row, list) or len(row) != len(header):
        raise ValueError(f"expected {len(header)} fields, got {row!r}")
    fields = dict(zip(header, row, strict=True))
    if not all(isinstance(fields[name], str) for name in REQUIRED_FIELDS):
        raise ValueError(f"non-text field in {row!r}")
    timestamp = fields["timestamp"]
    if len(timestamp) != 14 or not timestamp.isdigit():
        raise ValueError(f"timestamp {timestamp!r} is not 14 digits")
    captured_on = datetime.strptime(timestamp[:8], "%Y%m%d").date()
    if not fields["statuscode"].isdigit():
        raise ValueError(f"status {fields['statuscode']!r} is not a number")
    if not fields["original"]:
        raise ValueError("the original URL is empty")
    return ArchiveCapture(
        timestamp=timestamp,
        original_url=fields["original"],
        digest=fields["digest"],
        mimetype=fields["mimetype"],
        status=int(fields["statuscode"]),
        archive_url=raw_capture_url(base_url, timestamp, fields["original"]),
        captured_on=captured_on,
    )


class WaybackArchiveClient(ArchiveClient):
    """ArchiveClient for the Wayback Machine CDX server and raw captures.

    Every HTTP attempt passes the rate limiter and is counted. 429 and 5xx answers and network
    errors are retried with exponential backoff, honouring Retry-After; when retries run out,
    or the archive asks for a longer wait than `max_retry_after_s`, ArchiveUnavailable is raised.
    """

    def __init__(
        self,
        client: httpx.Client | None = None,
        *,
        base_url: str | None = None,
        limiter: SlidingWindowLimiter | None = None,
        sleep: Callable[[float], None] = time.sleep,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        max_retries: int = 4,
        backoff_base_s: float = 2.0,
        backoff_max_s: float = 60.0,
        max_retry_after_s: float = 300.0,
        page_size: int = 1000,
        max_pages: int = 50,
        max_bytes: int = DEFAULT_MAX_BYTES,
        connect_timeout_s: float = 10.0,
        read_timeout_s: float = 60.0,
    ) -> None:
        self._owns_client = client is None
        self._client = client or httpx.Client(headers={"User-Agent": USER_AGENT}, max_redirects=5)
        self.base_url = (base_url or base_url_from_env()).rstrip("/")
        self._sleep = sleep
        self._limiter = limiter or SlidingWindowLimiter(20, 60.0, sleep=sleep)
        self._now = now
        self.max_retries = max_retries
        self.backoff_base_s = backoff_base_s
        self.backoff_max_s = backoff_max_s
        self.max_retry_after_s = max_retry_after_s
        self.page_size = page_size
        self.max_pages = max_pages
        self.max_bytes = max_bytes
        self._timeout = httpx.Timeout(
            connect=connect_timeout_s,
            read=read_timeout_s,
            write=read_timeout_s,
            pool=connect_timeout_s,
        )
        self._requests_made = 0

    @property
    def requests_made(self) -> int:
        return self._requests_made

    def close(self) -> None:
        if self._owns_client:
            self._client.close()

    def __enter__(self) -> WaybackArchiveClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def list_captures(self, url: str, start: date, end: date) -> CaptureList:
        """All distinct 200 captures of `url` from `start` to `end` inclusive, across resume pages.

        Rows that cannot be read are skipped, logged as warnings and listed in `skipped_rows`.
        """
        if end < start:
            raise ValueError(f"the window ends ({end}) before it starts ({start})")
        before = self._requests_made
        captures: list[ArchiveCapture] = []
        skipped: list[str] = []
        resume_key: str | None = None
        pages = 0
        while True:
            page = self._cdx_page(url, start, end, resume_key, before)
            pages += 1
            for index, row in enumerate(page.rows):
                try:
                    captures.append(capture_from_row(page.header, row, self.base_url))
                except ValueError as exc:
                    note = f"CDX page {pages}, row {index + 1}: {exc}"
                    log.warning("skipping malformed CDX row for %s: %s", url, note)
                    skipped.append(note)
            resume_key = page.resume_key
            if resume_key is None:
                break
            if pages >= self.max_pages:
                raise ArchiveUnavailable(
                    f"The archive index for {url} has more than {self.max_pages} pages of "
                    f"{self.page_size} rows; narrow the window.",
                    reason="refused",
                    requests_made=self._requests_made - before,
                )
        return CaptureList(
            url=url,
            start=start,
            end=end,
            captures=tuple(captures),
            pages=pages,
            requests_made=self._requests_made - before,
            skipped_rows=tuple(skipped),
        )

    def download(self, capture: ArchiveCapture) -> bytes:
        """The raw bytes of one capture, fetched from its `id_` URL.

        Raises ArchiveUnavailable as list_captures does, and FetchRefused past `max_bytes`.
        """
        return self._get(capture.archive_url, None, self._requests_made)

    def _cdx_page(
        self, url: str, start: date, end: date, resume_key: str | None, before: int
    ) -> CdxPage:
        params: dict[str, str] = {
            "url": url,
            "output": "json",
            "from": start.strftime("%Y%m%d"),
            "to": end.strftime("%Y%m%d"),
            "filter": "statuscode:200",
            "collapse": "digest",
            "limit": str(self.page_size),
            "showResumeKey": "true",
        }
        if resume_key is not None:
            params["resumeKey"] = resume_key
        body = self._get(f"{self.base_url}/cdx/search/cdx", params, before)
        if not body.strip():
            # Wayback answers an empty window with `[]`; pywb-based mirrors with an empty 200 body.
            return CdxPage(header=(), rows=(), resume_key=None)
        try:
            return parse_cdx_page(json.loads(body))
        except ValueError as exc:
            raise MalformedCdx(
                f"The archive's index answer for {url} could not be read: {exc}",
                requests_made=self._requests_made - before,
            ) from exc

    def _get(self, url: str, params: dict[str, str] | None, before: int) -> bytes:
        """GET with rate limiting, counting, retries and backoff; returns the body of a 2xx."""
        # Errors quote the full query so a reviewer can repeat it by hand.
        shown = str(httpx.URL(url, params=params)) if params else url
        attempt = 0
        while True:
            self._limiter.acquire()
            result = self._attempt(url, params)
            if result.body is not None:
                return result.body
            if not result.retryable:
                raise ArchiveUnavailable(
                    f"The archive refused {shown}: {result.what}.",
                    reason="refused",
                    requests_made=self._requests_made - before,
                    status=result.status,
                )
            attempt += 1
            self._wait_or_give_up(shown, attempt, result, before)

    def _attempt(self, url: str, params: dict[str, str] | None) -> Attempt:
        """One try: a body on success, otherwise what went wrong and any Retry-After."""
        try:
            status, headers, body = self._send(url, params)
        except (httpx.TooManyRedirects, httpx.InvalidURL) as exc:
            return Attempt(status=None, body=None, what=str(exc))
        except httpx.RequestError as exc:
            return Attempt(status=None, body=None, what=f"network error {exc!r}", retryable=True)
        if 200 <= status < 300:
            return Attempt(status=status, body=body, what="ok")
        return Attempt(
            status=status,
            body=None,
            what=f"HTTP {status}",
            retryable=status in RETRY_STATUSES,
            retry_after=parse_retry_after(headers.get("retry-after"), self._now()),
        )

    def _wait_or_give_up(self, url: str, attempt: int, result: Attempt, before: int) -> None:
        """Sleep before the next try, or raise ArchiveUnavailable when no try is left."""
        reason: ArchiveFailure = (
            "rate_limited"
            if result.status == 429
            else "server_error"
            if result.status is not None
            else "network"
        )
        made = self._requests_made - before
        if attempt > self.max_retries:
            raise ArchiveUnavailable(
                f"The archive did not answer {url} after {made} request(s) (last: {result.what}); "
                "this is a failure to look, not an absence of captures.",
                reason=reason,
                requests_made=made,
                status=result.status,
            )
        if result.retry_after is not None and result.retry_after > self.max_retry_after_s:
            raise ArchiveUnavailable(
                f"The archive asked to wait {result.retry_after:.0f}s before retrying {url} "
                f"({result.what}); gave up rather than wait more than "
                f"{self.max_retry_after_s:.0f}s.",
                reason=reason,
                requests_made=made,
                status=result.status,
            )
        delay = result.retry_after if result.retry_after is not None else self._backoff(attempt)
        log.info("archive %s for %s; retry %d in %.1fs", result.what, url, attempt, delay)
        self._sleep(delay)

    def _backoff(self, attempt: int) -> float:
        return float(min(self.backoff_base_s * 2 ** (attempt - 1), self.backoff_max_s))

    def _send(self, url: str, params: dict[str, str] | None) -> tuple[int, httpx.Headers, bytes]:
        """One counted GET (redirects followed and counted too); the body is read up to the cap."""
        request = self._client.build_request("GET", url, params=params, timeout=self._timeout)
        self._requests_made += 1
        response = self._client.send(request, stream=True, follow_redirects=True)
        try:
            self._requests_made += len(response.history)
            body = self._read_capped(url, response) if response.is_success else b""
            return response.status_code, response.headers, body
        finally:
            response.close()

    def _read_capped(self, url: str, response: httpx.Response) -> bytes:
        chunks: list[bytes] = []
        size = 0
        for chunk in response.iter_bytes():
            size += len(chunk)
            if size > self.max_bytes:
                raise FetchRefused(
                    url, "too_large", f"Refused {url}: more than {self.max_bytes:,} bytes."
                )
            chunks.append(chunk)
        return b"".join(chunks)
