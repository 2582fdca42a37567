"""request_capture_now: every outcome of Save Page Now comes back as a value, within the bound."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
import requests
from waybackpy import WaybackMachineSaveAPI
from waybackpy.exceptions import (
    BlockedSiteError,
    MaximumSaveRetriesExceeded,
    TooManyRequestsError,
    WaybackError,
)

from scorecard.adapters.archive_now import (
    SAVE_MAX_TRIES,
    SaveApi,
    request_capture_now,
    waybackpy_save_api,
)

PAGE = "https://example.com/pricing"
ARCHIVED = "https://web.archive.org/web/20240601120000/https://example.com/pricing"


class FakeSave:
    """Stands in for WaybackMachineSaveAPI: returns a URL or raises, recording what it was asked."""

    def __init__(self, outcome: str | BaseException) -> None:
        self.outcome = outcome
        self.asked: list[str] = []

    def __call__(self, url: str) -> SaveApi:
        self.asked.append(url)
        return self

    def save(self) -> str:
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        return self.outcome


class BlockingSave:
    """A save that never answers until released, like a hung Save Page Now request."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def __call__(self, url: str) -> SaveApi:
        return self

    def save(self) -> str:
        self.release.wait(timeout=10)
        return ARCHIVED


@pytest.fixture
def blocking_save() -> Iterator[BlockingSave]:
    save = BlockingSave()
    yield save
    save.release.set()


def test_a_successful_save_returns_the_archive_url() -> None:
    fake = FakeSave(ARCHIVED)

    result = request_capture_now(PAGE, 5.0, save_api_factory=fake)

    assert result.status == "archived"
    assert result.archive_url == ARCHIVED
    assert fake.asked == [PAGE]


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (TooManyRequestsError("Save Page Now limits saving 15 URLs per minutes."), "rate_limited"),
        (WaybackError("You have probably reached the limit of active sessions."), "rate_limited"),
        (BlockedSiteError("excluded"), "refused"),
        (MaximumSaveRetriesExceeded("Tried 3 times"), "refused"),
        (WaybackError("Wayback Machine API Service is unreachable"), "failed"),
        (requests.ConnectionError("connection reset"), "failed"),
        (RuntimeError("bug in a dependency"), "failed"),
    ],
)
def test_every_error_becomes_a_result_not_a_traceback(error: Exception, status: str) -> None:
    result = request_capture_now(PAGE, 5.0, save_api_factory=FakeSave(error))

    assert result.status == status
    assert result.archive_url is None
    assert PAGE in result.message


def test_a_hung_save_returns_timeout_within_the_bound(blocking_save: BlockingSave) -> None:
    started = time.monotonic()

    result = request_capture_now(PAGE, 0.2, save_api_factory=blocking_save)

    assert result.status == "timeout"
    assert result.archive_url is None
    assert "0.2s" in result.message
    assert time.monotonic() - started < 5.0


@pytest.mark.parametrize("url", ["javascript:alert(1)", "file:///etc/passwd"])
def test_a_non_web_url_is_refused_without_asking_the_archive(url: str) -> None:
    fake = FakeSave(ARCHIVED)

    result = request_capture_now(url, 5.0, save_api_factory=fake)

    assert result.status == "refused"
    assert fake.asked == []


def test_the_default_factory_builds_a_bounded_waybackpy_client() -> None:
    api = waybackpy_save_api(PAGE)

    # Building the client sends nothing; only save() touches the network.
    assert isinstance(api, WaybackMachineSaveAPI)
    assert api.request_url == f"https://web.archive.org/save/{PAGE}"
    assert api.max_tries == SAVE_MAX_TRIES
    assert "scorecard" in api.user_agent
