"""Fixtures for the browser tests: the real app in-process, Debian's chromium, and pages."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import ARGS, CHROMIUM, Pages, Server
from playwright.sync_api import Browser, sync_playwright


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """The app on a free port with a fresh SQLite database (uvicorn in a thread): its address,
    and the app itself (its hub at hand, for tests that compare pages with the server's state)."""
    server = Server(tmp_path_factory.mktemp("server") / "db.sqlite3", _free_port())
    server.start()
    yield server.url, server.app
    server.stop()


@pytest.fixture
def restartable(tmp_path: Path) -> Iterator[Server]:
    """Like :func:`served`, for one test, which may stop the server and start it again
    (``.stop()``, ``.start()``): the same port, the same database."""
    server = Server(tmp_path / "db.sqlite3", _free_port())
    server.start()
    yield server
    if server.running:
        server.stop()


@pytest.fixture(scope="module")
def base_url(served: tuple[str, Any]) -> str:
    """The address of :func:`served`."""
    return served[0]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def pages(browser: Browser) -> Iterator[Pages]:
    made = Pages(browser)
    yield made
    for context in made.contexts:
        context.close()
    assert made.errors == [], "JavaScript errors in the page"
