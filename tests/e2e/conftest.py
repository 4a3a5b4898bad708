"""Fixtures for the browser tests: one Chromium per session (Debian's, driven by Playwright), one real
``planechase serve`` process per module (:mod:`server.live`), a fresh browser context per device, and
screenshots saved under ``artifacts/screenshots``.

Playwright's own browser download does not work here, so the tests drive the system's Chromium: the one
named by ``PLANECHASE_CHROMIUM``, else ``chromium`` on the ``PATH``, else ``/usr/bin/chromium``. Without it
the tests fail (never skip) and say to run ``scripts/setup``.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect, sync_playwright

from server.live import LiveServer, free_port

#: The repository: screenshots go to its git-ignored ``artifacts/screenshots``.
REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "artifacts" / "screenshots"

#: How long any one wait in a browser (an element, a navigation, an expectation) may take.
TIMEOUT_MS = 15_000

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

#: A table creation limit the tests sharing a server never meet.
UNLIMITED = 100_000

#: A desktop and a phone: two devices at the same table see the two layouts of the table page.
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}

expect.set_options(timeout=TIMEOUT_MS)


def chromium_path() -> str:
    """The Chromium to drive: ``$PLANECHASE_CHROMIUM``, ``chromium`` on the PATH, or ``/usr/bin/chromium``; fails
    the test, saying to run ``scripts/setup``, when there is none."""
    named = os.environ.get("PLANECHASE_CHROMIUM")
    if named:
        if Path(named).is_file():
            return named
        pytest.fail(
            f"PLANECHASE_CHROMIUM={named} is not a file: run scripts/setup, or name Chromium's path.", pytrace=False
        )
    found = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None)
    if found is None:
        pytest.fail(
            "No Chromium for the browser tests (no `chromium` on the PATH, no /usr/bin/chromium): run scripts/setup "
            "to install it, or set PLANECHASE_CHROMIUM to its path.",
            pytrace=False,
        )
    return found


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole session (asked for by :func:`device` when a test opens its first
    page, so a missing Chromium fails the test rather than erroring its setup)."""
    executable = chromium_path()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One running server for the module's tests; each test makes its own table."""
    live = LiveServer(
        tmp_path_factory.mktemp("e2e-server"),
        free_port(),
        create_limit=UNLIMITED,
        args=("--tune", f"lab_limit={UNLIMITED}"),
    ).start()
    try:
        yield live
    finally:
        live.stop()


#: ``device(url, viewport=...)``: a page in a browser context of its own (its own storage, as another
#: phone or computer would have), opened at ``url``.
Device = Callable[..., Page]


@pytest.fixture
def device(request: pytest.FixtureRequest) -> Iterator[Device]:
    """Open pages on devices of their own; every context is closed after the test, and a JavaScript error on
    any page fails it."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_device(url: str, *, viewport: ViewportSize = DESKTOP) -> Page:
        browser: Browser = request.getfixturevalue("browser")
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
        page.goto(url)
        return page

    try:
        yield open_device
    finally:
        for context in contexts:
            context.close()
    assert not errors, "JavaScript errors on the pages:\n" + "\n".join(errors)


def _file_name(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text)


#: ``screenshot(page, step)``: save the whole page as ``artifacts/screenshots/<test>-<step>.png``.
Screenshot = Callable[[Page, str], Path]


@pytest.fixture
def screenshot(request: pytest.FixtureRequest) -> Screenshot:
    """Save full-page screenshots named after the test and the step, to look at after a run."""
    test = _file_name(request.node.name)

    def take(page: Page, step: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{test}-{_file_name(step)}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
