"""Live page capture over httpx: http(s) only, bounded time, redirects and size, HTML only."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime
from urllib.parse import urljoin, urlsplit

import httpx

from scorecard.adapters.interface import FetchedPage, FetchFailed, FetchRefused

DEFAULT_MAX_BYTES = 10 * 1024 * 1024
DEFAULT_MAX_REDIRECTS = 5
USER_AGENT = "scorecard/0.1 (vendor-vetting evidence capture)"
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
# How much of a body without a Content-Type header is inspected to decide whether it is HTML.
SNIFF_BYTES = 1024


def require_http_url(url: str) -> str:
    """The URL stripped of surrounding space, or FetchRefused if it is not an http(s) URL."""
    cleaned = url.strip()
    try:
        parts = urlsplit(cleaned)
        _ = parts.port  # urlsplit checks the port only when it is read
    except ValueError as exc:
        raise FetchRefused(
            url, "invalid_url", f"Refused {url!r}: not a valid URL ({exc})."
        ) from exc
    if parts.scheme.lower() not in {"http", "https"}:
        shown = parts.scheme or "none"
        raise FetchRefused(
            url,
            "scheme",
            f"Refused {url!r}: only http and https pages can be captured (scheme: {shown}).",
        )
    if not parts.hostname:
        raise FetchRefused(url, "invalid_url", f"Refused {url!r}: the URL names no host.")
    if parts.username is not None or parts.password is not None:
        # Not echoed: the message would print the password; the request would send it.
        raise FetchRefused(
            url,
            "invalid_url",
            f"Refused a URL of {parts.hostname} that embeds credentials (user:password@).",
        )
    return cleaned


def media_type(content_type: str) -> str:
    """The bare, lower-case media type of a Content-Type header value."""
    return content_type.split(";", 1)[0].strip().lower()


def looks_like_html(prefix: bytes) -> bool:
    """True when the first bytes of a body open an HTML document."""
    head = prefix.lstrip().lower()
    return head.startswith((b"<!doctype html", b"<html"))


class HttpPageFetcher:
    """PageFetcher over httpx; redirects are followed by hand so every hop is checked."""

    def __init__(
        self,
        client: httpx.Client | None = None,
        *,
        max_bytes: int = DEFAULT_MAX_BYTES,
        max_redirects: int = DEFAULT_MAX_REDIRECTS,
        connect_timeout_s: float = 10.0,
        read_timeout_s: float = 30.0,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._owns_client = client is None
        self._client = client or httpx.Client(headers={"User-Agent": USER_AGENT})
        self.max_bytes = max_bytes
        self.max_redirects = max_redirects
        self._timeout = httpx.Timeout(
            connect=connect_timeout_s,
            read=read_timeout_s,
            write=read_timeout_s,
            pool=connect_timeout_s,
        )
        self._now = now

    def close(self) -> None:
        if self._owns_client:
            self._client.close()

    def __enter__(self) -> HttpPageFetcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def fetch(self, url: str) -> FetchedPage:
        """Fetch one HTML page; raises FetchRefused or FetchFailed with a reviewer's message."""
        current = require_http_url(url)
        for _hop in range(self.max_redirects + 1):
            try:
                request = self._client.build_request("GET", current, timeout=self._timeout)
            except httpx.InvalidURL as exc:
                raise FetchRefused(url, "invalid_url", f"Refused {current!r}: {exc}") from exc
            try:
                response = self._client.send(request, stream=True, follow_redirects=False)
            except httpx.TimeoutException as exc:
                raise FetchFailed(url, f"Timed out fetching {current}: {exc!r}.") from exc
            except httpx.HTTPError as exc:
                raise FetchFailed(url, f"Could not fetch {current}: {exc!r}.") from exc
            try:
                location = self._redirect_target(response)
                if location is None:
                    return self._page(url, response)
            finally:
                response.close()
            current = require_http_url(location)
        raise FetchRefused(
            url,
            "redirects",
            f"Refused {url!r}: more than {self.max_redirects} redirects (last: {current}).",
        )

    def _redirect_target(self, response: httpx.Response) -> str | None:
        """The absolute URL a redirect points to, or None when the response is not a redirect."""
        location = response.headers.get("location")
        if response.status_code not in REDIRECT_STATUSES or not location:
            return None
        return urljoin(str(response.url), location)

    def _page(self, url: str, response: httpx.Response) -> FetchedPage:
        content_type = response.headers.get("content-type", "")
        self._refuse_declared_size(url, response)
        if content_type and media_type(content_type) not in HTML_TYPES:
            raise FetchRefused(
                url,
                "not_html",
                f"Refused {url!r}: the server sent {media_type(content_type)!r}, not an HTML page.",
            )
        body = self._read_capped(url, response)
        if not content_type and not looks_like_html(body[:SNIFF_BYTES]):
            raise FetchRefused(
                url, "not_html", f"Refused {url!r}: no Content-Type and the body is not HTML."
            )
        return FetchedPage(
            url=url,
            final_url=str(response.url),
            status=response.status_code,
            content_type=content_type,
            body=body,
            retrieved_at=self._now(),
            sha256=hashlib.sha256(body).hexdigest(),
        )

    def _refuse_declared_size(self, url: str, response: httpx.Response) -> None:
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            raise FetchRefused(url, "too_large", self._too_large_message(url, int(declared)))

    def _read_capped(self, url: str, response: httpx.Response) -> bytes:
        """The body, read in chunks and abandoned as soon as it passes the cap."""
        chunks: list[bytes] = []
        size = 0
        try:
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > self.max_bytes:
                    raise FetchRefused(url, "too_large", self._too_large_message(url, size))
                chunks.append(chunk)
        except httpx.TimeoutException as exc:
            raise FetchFailed(url, f"Timed out reading {url}: {exc!r}.") from exc
        except httpx.HTTPError as exc:
            raise FetchFailed(url, f"Could not read {url}: {exc!r}.") from exc
        return b"".join(chunks)

    def _too_large_message(self, url: str, size: int) -> str:
        return (
            f"Refused {url!r}: the body is larger than the {self.max_bytes:,}-byte cap "
            f"(at least {size:,} bytes)."
        )
