"""A move chosen while the server is away (real Chromium, Playwright): the page holds it, says so,
and sends it with the position it was chosen in once the connection is back; the server refuses it,
with a plain message, if the position changed meanwhile.  Never left hanging.

The server is stopped and started again on the same port with the same SQLite database
(the ``restartable`` fixture).
"""

from __future__ import annotations

import re
from pathlib import Path

from browserkit import NEEDS_CHROMIUM, PHONE, Pages, Server, log_count, open_moves, wait_log_beyond
from playwright.sync_api import Page, expect
from test_browser_draughts import click_move, create_table, legal, sq, wait_for_turn_or_end
from test_browser_gin_rummy import create_in_lobby

pytestmark = NEEDS_CHROMIUM


def board_moves(page: Page) -> list[str]:
    return [m for m in legal(page) if re.fullmatch(r"\d+([-x]\d+)+", m)]


def pick(page: Page, move: str) -> None:
    """Click the piece and the squares it lands on."""
    for square in re.split(r"[-x]", move):
        sq(page, int(square)).click()


def go_offline(page: Page, server: Server) -> None:
    server.stop()
    expect(page.locator("#conn-text")).to_contain_text("Offline")


def come_back(page: Page, server: Server) -> None:
    server.start()
    # the page retries by itself (at most 15 s apart); going "online" makes it try at once unless
    # a try is on its way already
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#conn-text")).to_have_text("Connected", timeout=20_000)


def test_a_draughts_move_chosen_offline_is_sent_on_reconnecting(pages: Pages, restartable: Server,
                                                                  tmp_path: Path) -> None:
    page = pages.new()
    create_table(page, restartable.url, ["person", "bot:random"], "first-black")
    for _ in range(2):
        assert wait_for_turn_or_end(page)
        click_move(page, legal(page)[0])
    assert wait_for_turn_or_end(page)
    before = log_count(page)
    move = board_moves(page)[0]
    go_offline(page, restartable)
    pick(page, move)
    expect(page.locator("#move-error")).to_contain_text(f"{move} will be sent when the connection is back")
    page.screenshot(path=str(tmp_path / "offline-desktop.png"))
    assert log_count(page) == before
    come_back(page, restartable)
    page.wait_for_function("n => document.querySelectorAll('#log li[data-n]').length > n", arg=before)
    said = page.locator("#log li[data-n]").nth(before).inner_text()
    assert f": {move}" in said, said
    expect(page.locator("#move-error")).to_have_text("")
    # the game goes on: the bot answers and the board takes moves again (click_move checks the log)
    assert wait_for_turn_or_end(page)
    click_move(page, legal(page)[0])


def test_a_gin_rummy_move_chosen_offline_is_sent_on_reconnecting(pages: Pages, restartable: Server,
                                                                   tmp_path: Path) -> None:
    page = pages.new(PHONE)
    create_in_lobby(page, restartable.url)
    page.wait_for_function("() => document.querySelectorAll('.move-btn').length > 0")
    moves = page.locator(".move-btn").evaluate_all("els => els.map(e => e.dataset.move)")
    move = "take" if "take" in moves else moves[0]
    before = log_count(page)
    open_moves(page)
    go_offline(page, restartable)
    page.click(f".move-btn[data-move='{move}']")
    expect(page.locator("#move-error")).to_contain_text(f"{move} will be sent when the connection is back")
    page.screenshot(path=str(tmp_path / "offline-phone.png"))
    come_back(page, restartable)
    wait_log_beyond(page, before)
    said = page.locator("#log li[data-n]").nth(before).inner_text()
    assert "Ann" in said, said
    expect(page.locator("#move-error")).to_have_text("")


def test_a_move_chosen_offline_is_refused_plainly_if_the_position_moved_on(
        pages: Pages, restartable: Server) -> None:
    """Ann's seat is open on two devices: one is offline when she chooses a move there, and she
    plays another on the other device meanwhile.  Back online, the first device's move is refused
    (it was chosen in a position that is gone) and the page says so; the board takes moves again."""
    page = pages.new()
    code = create_table(page, restartable.url, ["person", "bot:random"], "first-black")
    assert wait_for_turn_or_end(page)
    tokens = page.evaluate(f"localStorage.getItem('parlour:tokens:{code}')")
    other = pages.new(PHONE)
    other.goto(restartable.url + "/")
    other.evaluate(f"t => localStorage.setItem('parlour:tokens:{code}', t)", tokens)
    first, second = board_moves(page)[:2]
    go_offline(page, restartable)
    page.context.set_offline(True)  # and this device stays offline until the other has played
    pick(page, first)
    expect(page.locator("#move-error")).to_contain_text("will be sent when the connection is back")
    # the server is back, but this page has not noticed yet; the other device plays first
    restartable.start()
    other.goto(f"{restartable.url}/t/{code}")
    assert wait_for_turn_or_end(other)
    before = log_count(other)
    open_moves(other)
    other.click(f".move-btn[data-move='{second}']")
    wait_log_beyond(other, before)
    page.context.set_offline(False)
    expect(page.locator("#conn-text")).to_have_text("Connected", timeout=20_000)
    expect(page.locator("#move-error")).to_contain_text(f"Your move {first} was not made")
    assert not any(f": {first}" in t for t in page.locator("#log li[data-n]").all_inner_texts())
    assert wait_for_turn_or_end(page)
    click_move(page, legal(page)[0])
