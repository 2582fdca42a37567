"""HttpPageFetcher: what a reviewer's capture records, and every page it refuses to capture."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
import respx

from scorecard.adapters.http_fetch import HttpPageFetcher
from scorecard.adapters.interface import FetchFailed, FetchRefused

PAGE = "https://example.com/pricing"
HTML = b"<!DOCTYPE html><html><body><h1>Acme Search pricing</h1></body></html>"
WHEN = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def http() -> Iterator[httpx.Client]:
    with httpx.Client() as client:
        yield client


def fetcher(http: httpx.Client, **kwargs: Any) -> HttpPageFetcher:
    return HttpPageFetcher(http, now=lambda: WHEN, **kwargs)


def test_a_page_is_recorded_with_its_final_url_status_type_and_hash(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    respx_mock.get(PAGE).respond(200, content=HTML, headers={"Content-Type": "text/html"})

    page = fetcher(http).fetch(PAGE)

    assert page.url == PAGE
    assert page.final_url == PAGE
    assert page.status == 200
    assert page.content_type == "text/html"
    assert page.body == HTML
    assert page.sha256 == hashlib.sha256(HTML).hexdigest()
    assert page.retrieved_at == WHEN


def test_connect_and_read_timeouts_are_sent_with_the_request(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    route = respx_mock.get(PAGE).respond(200, content=HTML, headers={"Content-Type": "text/html"})

    fetcher(http, connect_timeout_s=3.0, read_timeout_s=7.0).fetch(PAGE)

    timeout = route.calls.last.request.extensions["timeout"]
    assert (timeout["connect"], timeout["read"]) == (3.0, 7.0)


def test_redirects_are_followed_and_the_final_url_recorded(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    respx_mock.get("http://example.com/pricing").respond(301, headers={"Location": PAGE})
    respx_mock.get(PAGE).respond(302, headers={"Location": "/pricing/2024"})
    respx_mock.get("https://example.com/pricing/2024").respond(
        200, content=HTML, headers={"Content-Type": "text/html; charset=utf-8"}
    )

    page = fetcher(http).fetch("http://example.com/pricing")

    assert page.url == "http://example.com/pricing"
    assert page.final_url == "https://example.com/pricing/2024"
    assert page.content_type == "text/html; charset=utf-8"


def test_more_than_five_redirects_are_refused(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    for hop in range(7):
        respx_mock.get(f"https://example.com/r{hop}").respond(
            302, headers={"Location": f"/r{hop + 1}"}
        )

    with pytest.raises(FetchRefused, match="more than 5 redirects") as caught:
        fetcher(http).fetch("https://example.com/r0")

    assert caught.value.reason == "redirects"
    assert respx_mock.calls.call_count == 6


def test_exactly_five_redirects_are_allowed(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    for hop in range(5):
        respx_mock.get(f"https://example.com/r{hop}").respond(
            302, headers={"Location": f"/r{hop + 1}"}
        )
    respx_mock.get("https://example.com/r5").respond(
        200, content=HTML, headers={"Content-Type": "text/html"}
    )

    assert fetcher(http).fetch("https://example.com/r0").final_url == "https://example.com/r5"


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(document.cookie)",
        " JavaScript:alert(1)",
        "file:///etc/passwd",
        "ftp://example.com/pricing.html",
        "data:text/html,<h1>hi</h1>",
        "example.com/pricing",
    ],
)
def test_non_web_schemes_are_refused_without_a_request(
    url: str, respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    with pytest.raises(FetchRefused, match="only http and https") as caught:
        fetcher(http).fetch(url)

    assert caught.value.reason == "scheme"
    assert not respx_mock.calls


@pytest.mark.parametrize(
    "url", ["http://[not-an-ip", "https://example.com:99999/", "https://ex\x00ample.com/"]
)
def test_malformed_urls_are_refused_without_a_request(
    url: str, respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    with pytest.raises(FetchRefused) as caught:
        fetcher(http).fetch(url)

    assert caught.value.reason == "invalid_url"
    assert not respx_mock.calls


def test_a_redirect_to_a_file_url_is_refused(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    respx_mock.get(PAGE).respond(302, headers={"Location": "file:///etc/passwd"})

    with pytest.raises(FetchRefused) as caught:
        fetcher(http).fetch(PAGE)

    assert caught.value.reason == "scheme"


def test_a_non_html_body_is_refused(respx_mock: respx.MockRouter, http: httpx.Client) -> None:
    respx_mock.get(PAGE).respond(
        200, content=b"%PDF-1.7 ...", headers={"Content-Type": "application/pdf"}
    )

    with pytest.raises(FetchRefused, match="application/pdf") as caught:
        fetcher(http).fetch(PAGE)

    assert caught.value.reason == "not_html"


def test_a_body_without_content_type_is_accepted_only_if_it_is_html(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    respx_mock.get(PAGE).respond(200, content=HTML)
    respx_mock.get("https://example.com/blob").respond(200, content=b"\x89PNG\r\n")

    assert fetcher(http).fetch(PAGE).body == HTML
    with pytest.raises(FetchRefused) as caught:
        fetcher(http).fetch("https://example.com/blob")
    assert caught.value.reason == "not_html"


def test_a_declared_oversized_body_is_refused_before_reading(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    respx_mock.get(PAGE).respond(
        200, content=b"x" * 2048, headers={"Content-Type": "text/html", "Content-Length": "2048"}
    )

    with pytest.raises(FetchRefused, match="1,000-byte cap") as caught:
        fetcher(http, max_bytes=1000).fetch(PAGE)

    assert caught.value.reason == "too_large"


def test_an_undeclared_oversized_body_stops_streaming_at_the_cap(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    sent: list[int] = []

    def chunks() -> Iterator[bytes]:
        for index in range(100):
            sent.append(index)
            yield b"<p>" + b"x" * 497

    respx_mock.get(PAGE).respond(200, content=chunks(), headers={"Content-Type": "text/html"})

    with pytest.raises(FetchRefused) as caught:
        fetcher(http, max_bytes=2000).fetch(PAGE)

    assert caught.value.reason == "too_large"
    # 500-byte chunks: the fifth passes the 2,000-byte cap and reading stops there.
    assert len(sent) == 5


def test_a_body_at_the_cap_is_accepted(respx_mock: respx.MockRouter, http: httpx.Client) -> None:
    body = b"<html>" + b"x" * 994
    respx_mock.get(PAGE).respond(200, content=body, headers={"Content-Type": "text/html"})

    assert fetcher(http, max_bytes=1000).fetch(PAGE).body == body


def test_an_error_page_is_captured_with_its_status(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    respx_mock.get(PAGE).respond(404, content=HTML, headers={"Content-Type": "text/html"})

    assert fetcher(http).fetch(PAGE).status == 404


def test_a_timeout_is_a_fetch_failure_not_a_refusal(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    respx_mock.get(PAGE).mock(side_effect=httpx.ReadTimeout("read timed out"))

    with pytest.raises(FetchFailed, match="Timed out"):
        fetcher(http).fetch(PAGE)


def test_a_connection_error_is_a_fetch_failure(
    respx_mock: respx.MockRouter, http: httpx.Client
) -> None:
    respx_mock.get(PAGE).mock(side_effect=httpx.ConnectError("name not resolved"))

    with pytest.raises(FetchFailed, match="Could not fetch"):
        fetcher(http).fetch(PAGE)
