"""What the browser tests share: Debian's chromium, viewports, pages that collect JS errors, the API,
and the ways a page can name a playing card (to prove hidden cards never reach it)."""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, ViewportSize, expect

from parlour.server.admission import UNLIMITED
from parlour.server.app import create_app
from parlour.server.limits import Limits

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}

NEEDS_CHROMIUM = pytest.mark.skipif(
    not Path(CHROMIUM).exists() and not os.environ.get("CI"),
    reason="needs Debian's chromium (the README's test command installs it)")
"""The README's test command installs chromium; only outside CI may a machine without it skip."""


BROWSER_NOTES = ("Failed to load resource", "WebSocket connection to")
"""How the browser's own console notes on failed requests begin (not errors of the page's code)."""


class Pages:
    """New pages in fresh contexts (separate devices), with their uncaught JS errors collected."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def new(self, viewport: ViewportSize = DESKTOP) -> Page:
        context = self.browser.new_context(viewport=viewport)
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"{page.url}: {exc}"))
        # console errors, except the browser's own notes on HTTP errors and refused connections
        # (a server stopped on purpose) that the tests provoke
        page.on("console", lambda msg: self.errors.append(f"{page.url}: {msg.text}")
                if msg.type == "error" and not msg.text.startswith(BROWSER_NOTES) else None)
        return page

class Server:
    """The app on one port with one SQLite database (uvicorn in a thread), which can be stopped and
    started again on the same port with the same database (a server restart, as people see it)."""

    def __init__(self, db: Path, port: int) -> None:
        self.db, self.port = db, port
        self.url = f"http://127.0.0.1:{port}"
        self.app: Any = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        assert self._server is None, "the server is running already"
        self.app = create_app("sqlite:///" + str(self.db), bot_delay=0.05, limits=Limits(tables=UNLIMITED))
        server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                               log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 15
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        self._server, self._thread = server, thread

    @property
    def running(self) -> bool:
        return self._server is not None

    def stop(self) -> None:
        assert self._server is not None and self._thread is not None, "the server is not running"
        self._server.should_exit = True
        self._thread.join(15)
        assert not self._thread.is_alive(), "the server did not stop"
        self._server = self._thread = None



def api(base_url: str, path: str) -> Any:
    with urllib.request.urlopen(base_url + path) as response:
        return json.load(response)


# ---- cards as a page may show them ------------------------------------------------------------
SUIT = {"C": ("clubs", "\u2663"), "D": ("diamonds", "\u2666"), "H": ("hearts", "\u2665"),
        "S": ("spades", "\u2660")}
RANK = {"A": ("ace", "A"), "T": ("10", "10"), "J": ("jack", "J"), "Q": ("queen", "Q"), "K": ("king", "K")}


def card_forms(card: str) -> list[re.Pattern[str]]:
    """The ways a page can name a card: ``7H`` (in capitals: ``<th>`` is no card), ``7 of hearts``, ``7♥``."""
    rank, (suit, symbol) = RANK.get(card[0], (card[0], card[0])), SUIT[card[1]]
    return [re.compile(rf"\b{card}\b"), re.compile(rf"\b{rank[0]} of {suit}\b", re.IGNORECASE),
            re.compile(rf"(?<![0-9A-Za-z]){re.escape(rank[1] + symbol)}")]


def shown(html: str, cards: set[str]) -> set[str]:
    """The cards among ``cards`` that the page names anywhere."""
    return {c for c in cards if any(form.search(html) for form in card_forms(c))}


def short(card: str) -> str:
    """A card as the pages write it: ``7♥``, ``10♠``."""
    return RANK.get(card[0], (card[0], card[0]))[1] + SUIT[card[1]][1]


DRAWN = ("document.getElementById('board').dataset.drawn !== undefined"
         " && document.getElementById('board').dataset.drawn"
         " === document.getElementById('legal').dataset.drawn")
"""True in the page once the board shows the same position as the moves list.  On a first load
table.js draws the moves list a moment before the board (the board waits for the game's view
module to be imported), so a test that waits for move buttons alone may read an empty board."""


def wait_for_turn_or_end(page: Page, timeout: float = 30_000) -> bool:
    """Wait until this page may move, with the board drawn (True), or the game is over (False)."""
    page.wait_for_function("() => !document.getElementById('result').hidden"
                           f" || (document.querySelectorAll('.move-btn').length > 0 && {DRAWN})",
                           timeout=timeout)
    return not page.locator("#result").is_visible()


def open_moves(page: Page) -> None:
    """Open the table's "Type a move" section (closed until a person opens it): the notation buttons
    and the text box are inside."""
    if page.locator("#type-move").get_attribute("open") is None:
        page.click("#type-move > summary")
    expect(page.locator("#move-text")).to_be_visible()


def type_move(page: Page, text: str) -> None:
    """Type a move in the "Type a move" section, as a person would, and press Enter."""
    open_moves(page)
    page.fill("#move-text", text)
    page.press("#move-text", "Enter")


# ---- the table page's log and notation buttons --------------------------------------------------
def log_count(page: Page) -> int:
    """How many lines the page's log shows."""
    return page.locator("#log li[data-n]").count()


def wait_log_beyond(page: Page, n: int) -> None:
    """Wait until the page's log shows more than ``n`` lines."""
    page.wait_for_function("n => document.querySelectorAll('#log li[data-n]').length > n", arg=n)


def legal_moves(page: Page) -> list[str]:
    """The moves the page offers in notation (its "Type a move" buttons, open or not)."""
    moves: list[str] = page.locator(".move-btn").evaluate_all("els => els.map(e => e.dataset.move)")
    return moves
