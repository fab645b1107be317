"""Fixtures of the browser tests: a live ``tuolaji serve`` per test module (per
pytest-xdist worker), Debian's Chromium driven by Playwright, and artefacts of failures.

Nothing is skipped: a client that is not built (``make web``) or a missing Chromium
(``make chromium``) fails the tests with a message that says what to run. Screenshots
and a Playwright trace of every page of a failed test go to ``test-artifacts/``
(``.venv/bin/playwright show-trace FILE`` opens a trace).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect, sync_playwright

from web.live_server import CHROMIUM, ROOT, STATIC_INDEX, LiveServer

ARTIFACTS = ROOT / "test-artifacts"
#: how long a Playwright action or expectation waits by default (ms): a whole round's
#: step on a loaded 2-core machine stays well inside it
DEFAULT_TIMEOUT_MS = 15_000
LAPTOP = {"width": 1280, "height": 800}

expect.set_options(timeout=DEFAULT_TIMEOUT_MS)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test item, so fixtures know whether it failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def artifact_folder(node: pytest.Item) -> Path:
    """``test-artifacts/<test name>/``, created empty (a former run's files removed)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", node.nodeid.split("/")[-1])
    folder = ARTIFACTS / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def _require_built_client() -> None:
    if not STATIC_INDEX.exists():
        pytest.fail(
            f"the browser table is not built ({STATIC_INDEX.relative_to(ROOT)} is missing): "
            "run `make web`",
            pytrace=False,
        )


def _require_chromium() -> None:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: run `make chromium` (it installs Debian's chromium "
            "with apt-get) before the browser tests",
            pytrace=False,
        )


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """A ``tuolaji serve`` for the test module (each module its own rate limits and
    rooms). Stopped by PID at the end; a traceback in its output fails the module."""
    _require_built_client()
    folder = tmp_path_factory.mktemp("serve")
    ARTIFACTS.mkdir(exist_ok=True)
    # pytest-xdist names its workers gw0, gw1…; without it the tests run in one process
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    log_path = ARTIFACTS / f"server-{worker}-{request.module.__name__.split('.')[-1]}.log"
    log_path.unlink(missing_ok=True)
    live = LiveServer(folder=folder, log_path=log_path)
    live.start()
    try:
        yield live
    finally:
        live.stop()
    problems = live.tracebacks()
    assert not problems, f"the server printed a traceback ({live.log_path}):\n{problems}"


class Chromium:
    """One Chromium for one test: pages in fresh contexts (a context is a browser
    profile: its own storage), each traced, with uncaught page errors collected."""

    def __init__(self, playwright: Playwright) -> None:
        self.browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"]
        )
        self.contexts: list[BrowserContext] = []
        #: uncaught exceptions of the pages' scripts (a test fails on any)
        self.page_errors: list[str] = []

    def new_page(
        self, viewport: dict[str, int] | None = None, locale: str = "en-GB", **options: Any
    ) -> Page:
        """A page in a fresh context: ``viewport`` (laptop by default), the browser's
        language ``locale``; ``options`` go to ``Browser.new_context``."""
        context = self.browser.new_context(
            viewport=viewport or LAPTOP,  # type: ignore[arg-type]
            locale=locale,
            **options,
        )
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        context.tracing.start(screenshots=True, snapshots=True)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.page_errors.append(f"{page.url}: {error}"))
        return page

    def close(self, failed: bool, folder: Path | None) -> None:
        """Close every context (saving screenshots and traces first when ``failed``),
        then the browser."""
        for number, context in enumerate(self.contexts):
            if failed and folder is not None:
                for index, page in enumerate(context.pages):
                    try:
                        page.screenshot(path=folder / f"context{number}-page{index}.png")
                    except Exception as error:
                        (folder / f"context{number}-page{index}.txt").write_text(str(error))
                context.tracing.stop(path=folder / f"trace-{number}.zip")
            else:
                context.tracing.stop()
            context.close()
        self.browser.close()


@pytest.fixture
def chromium(request: pytest.FixtureRequest) -> Iterator[Chromium]:
    """Chromium for this test (started per test: Playwright's synchronous API keeps an
    event loop running while it is open, which the asyncio tests that may share this
    pytest-xdist worker could not bear). Uncaught errors of the pages fail the test."""
    _require_built_client()
    _require_chromium()
    playwright = sync_playwright().start()
    browser: Chromium | None = None
    try:
        browser = Chromium(playwright)
        yield browser
    finally:
        report = getattr(request.node, "report_call", None)
        failed = report is None or report.failed
        if browser is not None:
            browser.close(failed, artifact_folder(request.node) if failed else None)
        playwright.stop()
    if browser is not None and browser.page_errors:
        pytest.fail("uncaught errors in the page:\n" + "\n".join(browser.page_errors))
