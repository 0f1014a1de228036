"""Fixtures for the browser tests: the real app in-process, Debian's chromium, and pages."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from browserkit import ARGS, CHROMIUM, Pages
from playwright.sync_api import Browser, sync_playwright

from parlour.server.app import create_app


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """The app on a free port with a fresh SQLite database (uvicorn in a thread): its address,
    and the app itself (its hub at hand, for tests that compare pages with the server's state)."""
    db = tmp_path_factory.mktemp("server") / "db.sqlite3"
    app = create_app("sqlite:///" + str(db), bot_delay=0.05)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}", app
    server.should_exit = True
    thread.join(10)


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
