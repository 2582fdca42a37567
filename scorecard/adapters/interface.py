"""Ports for capturing live pages and querying a web archive, with their value types and errors."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal, Protocol

ArchiveFailure = Literal["rate_limited", "server_error", "network", "refused"]
RefusalReason = Literal["scheme", "too_large", "not_html", "redirects", "invalid_url"]


@dataclass(frozen=True, slots=True)
class FetchedPage:
    """One live page as retrieved: where it was asked for, where it ended up, and its bytes."""

    url: str
    final_url: str
    status: int
    content_type: str
    body: bytes
    retrieved_at: datetime
    sha256: str


@dataclass(frozen=True, slots=True)
class ArchiveCapture:
    """One archived capture listed by the archive's index (a CDX row)."""

    timestamp: str
    original_url: str
    digest: str
    mimetype: str
    status: int
    # The raw form (`/web/<timestamp>id_/<url>`): the page as captured, without archive chrome.
    archive_url: str
    captured_on: date


@dataclass(frozen=True, slots=True)
class CaptureList:
    """The captures of one URL in a date window; an empty tuple means "no captures", not a failure.

    `skipped_rows` describes index rows that could not be read and were left out, so a reviewer
    sees that the history may be incomplete rather than silently shorter.
    """

    url: str
    start: date
    end: date
    captures: tuple[ArchiveCapture, ...]
    pages: int
    requests_made: int
    skipped_rows: tuple[str, ...] = ()

    @property
    def has_captures(self) -> bool:
        return bool(self.captures)


class PageFetcher(Protocol):
    """Fetches one live web page for evidence capture."""

    def fetch(self, url: str) -> FetchedPage: ...


class ArchiveClient(ABC):
    """Lists and downloads archived captures; counts every HTTP request it sends."""

    @abstractmethod
    def list_captures(self, url: str, start: date, end: date) -> CaptureList:
        """Distinct successful captures of `url` between `start` and `end` inclusive."""

    @abstractmethod
    def download(self, capture: ArchiveCapture) -> bytes:
        """The raw archived body of one capture."""

    @property
    @abstractmethod
    def requests_made(self) -> int:
        """HTTP requests sent so far by this client, retries and redirects included."""


class FetchError(Exception):
    """A live page could not be captured; `message` is written for a reviewer."""

    def __init__(self, url: str, message: str) -> None:
        super().__init__(message)
        self.url = url
        self.message = message


class FetchRefused(FetchError):
    """The page was not captured on purpose: bad scheme, too large, not HTML, too many redirects."""

    def __init__(self, url: str, reason: RefusalReason, message: str) -> None:
        super().__init__(url, message)
        self.reason: RefusalReason = reason


class FetchFailed(FetchError):
    """The page could not be reached: a timeout or a network error."""


class ArchiveUnavailable(Exception):
    """The archive did not answer usefully (rate limited, erroring, unreachable) after retries.

    This is never "no history": the archive may well hold captures that could not be listed.
    """

    def __init__(
        self,
        message: str,
        *,
        reason: ArchiveFailure,
        requests_made: int,
        status: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.reason: ArchiveFailure = reason
        self.requests_made = requests_made
        self.status = status


class MalformedCdx(Exception):
    """The archive's index answer could not be read at all (not JSON, or no usable header)."""

    def __init__(self, message: str, *, requests_made: int) -> None:
        super().__init__(message)
        self.message = message
        self.requests_made = requests_made
