"""A move the database cannot write (real Chromium, Playwright): another program holds SQLite's write
lock past the server's timeout.  The page says why the move was not made, stays connected, the board
lets go of the refused move, and the same move is made when picked again once the lock has gone.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from browserkit import DESKTOP, NEEDS_CHROMIUM, PHONE, Pages, Server, log_count
from playwright.sync_api import expect
from test_browser_draughts import create_table, wait_for_turn_or_end
from test_browser_offline import board_moves, pick

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/server-storage")

LOCKER = r"""
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
sys.stdin.readline()
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
"""
"""Another program: holds the database's write lock from its first line of input to its second."""


def test_a_move_the_locked_database_refuses_is_said_plainly_and_can_be_made_again(
        pages: Pages, restartable: Server) -> None:
    SHOTS.mkdir(exist_ok=True)
    for size, shot in ((DESKTOP, "locked-desktop.png"), (PHONE, "locked-phone.png")):
        page = pages.new(size)
        create_table(page, restartable.url, ["person", "bot:random"], "first-black")
        assert wait_for_turn_or_end(page)
        before = log_count(page)
        move = board_moves(page)[0]
        locker = subprocess.Popen([sys.executable, "-c", LOCKER, str(restartable.db)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        assert locker.stdin is not None and locker.stdout is not None
        try:
            locker.stdin.write("lock\n")
            locker.stdin.flush()
            assert locker.stdout.readline().strip() == "locked"
            pick(page, move)
            # the server waits 5 s for the lock, then refuses the move
            expect(page.locator("#move-error")).to_have_text(
                "The database is locked by another program: nothing was changed; try again in a moment.",
                timeout=20_000)
            expect(page.locator("#conn-text")).to_have_text("Connected")
            # the board no longer shows the refused move as on its way, nor its piece picked up
            expect(page.locator(".dr-prompt")).not_to_contain_text("Playing")
            expect(page.locator(".dr-board .dr-selected-ring")).to_have_count(0)
            assert log_count(page) == before
            page.screenshot(path=str(SHOTS / shot), full_page=True)
        finally:
            locker.stdin.close()
            locker.wait(timeout=30)
        pick(page, move)  # the same move again on the board, the lock gone: made
        expect(page.locator("#log li[data-n]").nth(before)).to_contain_text(f": {move}", timeout=10_000)
        page.close()
