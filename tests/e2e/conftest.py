"""Fixtures for the real-browser tests: one chromium, a live server, browser contexts.

Chromium is Debian's (``require_chromium()`` skips, or fails under
CHROMINO_REQUIRE_BROWSER=1, when it is missing); Playwright only drives it. Pages run
in its headless shell when that is installed; a test marked ``full_chromium`` gets the
whole browser.
When a test fails, every page it opened is saved as a screenshot in
test-artifacts/e2e/<test name>-<n>.png.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright
from support.browser.chromium import ARTIFACTS, CHROMIUM_ARGS, TIMEOUT_MS, note_policy_violation
from support.browser.gameplay import DESKTOP, ContextFactory
from support.fixtures import LiveServers
from support.live import LiveServer
from support.services import require_chromium, require_full_chromium

REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()

expect.set_options(timeout=TIMEOUT_MS)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test, so fixtures know at teardown if it failed."""
    report = yield
    item.stash.setdefault(REPORTS, {})[report.when] = report
    return report


def _failed(item: pytest.Item) -> bool:
    reports = item.stash.get(REPORTS, {})
    return any(report.failed for report in reports.values())


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, once for the whole run (it starts one per thread at most)."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One headless chromium for the whole run."""
    launched = playwright.chromium.launch(executable_path=require_chromium(), args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture(scope="session")
def full_browser(playwright: Playwright) -> Iterator[Browser]:
    """The whole desktop chromium, started only for the tests marked ``full_chromium``."""
    executable = require_full_chromium()
    launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    """A real server for a module's tests; bots answer after a short pause. Pages open
    their game sockets from the server's own origin."""
    return serve(
        own_origin=True,
        bot_delay_seconds=0.2,
        bot_seconds=0.3,  # the Hard bot thinks briefly here
        coach_iterations=40,  # the coach's notes are the same on any machine
    )


@pytest.fixture
def new_context(
    browser: Browser, server: LiveServer, request: pytest.FixtureRequest
) -> Iterator[ContextFactory]:
    """Make browser contexts (each one a person with their own cookies) on the server;
    desktop-sized unless told otherwise. A failed test leaves screenshots. A script
    error nobody caught fails the test: it may break a page without a visible sign."""
    contexts: list[BrowserContext] = []
    blocked: list[str] = []
    uncaught: list[str] = []
    if request.node.get_closest_marker("full_chromium"):
        browser = request.getfixturevalue("full_browser")

    def make(**options: Any) -> BrowserContext:
        options.setdefault("viewport", DESKTOP)
        context = browser.new_context(base_url=server.url, **options)
        context.set_default_timeout(TIMEOUT_MS)
        context.on("console", lambda message: note_policy_violation(message.text, blocked))
        context.on("page", lambda page: _note_uncaught_errors(page, uncaught))
        contexts.append(context)
        return context

    yield make
    if _failed(request.node):
        _screenshots(request.node.name, contexts)
    for context in contexts:
        context.close()
    assert not blocked, f"the Content-Security-Policy blocked something: {blocked}"
    assert not uncaught, f"a script failed on a page: {uncaught}"


def _note_uncaught_errors(page: Page, uncaught: list[str]) -> None:
    page.on("pageerror", lambda error: uncaught.append(f"{page.url}: {error}"))


def _screenshots(test_name: str, contexts: list[BrowserContext]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^\w.-]+", "_", test_name)
    number = 0
    for context in contexts:
        for page in context.pages:
            number += 1
            try:
                page.screenshot(path=str(ARTIFACTS / f"{stem}-{number}.png"), full_page=True)
            except Exception as problem:  # a crashed or closed page must not hide the failure
                print(f"no screenshot of {page.url}: {problem}")
