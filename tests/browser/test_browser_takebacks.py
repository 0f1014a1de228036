"""Takebacks in real Chromium: two people at draughts on two devices (Ann moves, asks to take it back,
Bob accepts and the board is back; Bob declines and the move stays), and Shut the Box against a
low-level bot, which accepts at once.  Screenshots go to each test's ``tmp_path``."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from browserkit import DRAWN, NEEDS_CHROMIUM, PHONE, Pages, log_count, open_moves
from playwright.sync_api import Page, expect
from test_browser_draughts import click_move, create_table, sq

pytestmark = NEEDS_CHROMIUM


def holds(page: Page, square: int, piece: str) -> None:
    """The board says what stands on a square (its label: "Square 11, black man")."""
    expect(sq(page, square)).to_have_attribute("aria-label", re.compile(rf"^Square {square}, {piece}\b"))


def test_two_people_take_back_a_draughts_move_or_decline_to(
        pages: Pages, base_url: str, tmp_path: Path) -> None:
    ann = pages.new()
    code = create_table(ann, base_url, ["person", "person"], "first-black")
    bob = pages.new(PHONE)
    bob.goto(f"{base_url}/t/{code}")
    bob.fill("#join-name-1", "Bob")
    bob.locator("form.join-seat[data-seat='1'] button[type=submit]").click()
    expect(bob.locator("#join-card")).to_be_hidden()
    expect(ann.locator("#takeback-ask")).to_have_count(0)  # nothing to take back yet

    click_move(ann, "11-15")
    holds(bob, 15, "black man")
    ann.click("#takeback-ask")
    for page in (ann, bob):
        expect(page.locator("#takeback")).to_contain_text("Ann asks to take back 11-15")
    expect(ann.locator("#takeback")).to_contain_text("Waiting for an answer")
    expect(ann.locator("#takeback-accept")).to_have_count(0)  # Ann cannot answer her own request
    expect(bob.locator("#takeback-accept")).to_be_visible()
    ann.screenshot(path=str(tmp_path / "asked-desktop.png"), full_page=True)
    bob.screenshot(path=str(tmp_path / "asked-phone.png"))
    bob.click("#takeback-accept")
    for page in (ann, bob):
        expect(page.locator("#takeback-outcome")).to_have_text("Bob accepted: Ann's 11-15 taken back.")
        holds(page, 11, "black man")
        holds(page, 15, "empty")
        expect(page.locator("#log li[data-n]")).to_have_count(0)
    ann.wait_for_function(f"() => {DRAWN}")
    expect(ann.locator(".move-btn[data-move='11-15']")).to_have_count(1)
    ann.screenshot(path=str(tmp_path / "accepted-desktop.png"), full_page=True)

    click_move(ann, "11-15")
    expect(ann.locator("#takeback-outcome")).to_have_count(0)  # the game moved on
    ann.click("#takeback-ask")
    expect(bob.locator("#takeback-decline")).to_be_visible()
    bob.click("#takeback-decline")
    for page in (ann, bob):
        expect(page.locator("#takeback-outcome")).to_have_text("Bob declined: 11-15 stands.")
        holds(page, 15, "black man")
        holds(page, 11, "empty")
        assert log_count(page) == 1
    bob.screenshot(path=str(tmp_path / "declined-phone.png"))
    assert not pages.errors, pages.errors


def test_shut_the_box_against_a_low_level_bot_takes_back_the_tiles_shut(
        pages: Pages, served: tuple[str, Any], tmp_path: Path) -> None:
    base_url, _app = served
    form = {"game": "shut-the-box", "seats": [{"bot": None}, {"bot": "greedy"}],
            "join": [{"seat": 0, "name": "Ann"}]}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(form).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        body = json.load(response)
    code, tokens = body["code"], body["tokens"]
    ann = pages.new()
    ann.add_init_script(f"localStorage.setItem('parlour:tokens:{code}', '{json.dumps(tokens)}')")
    ann.goto(f"{base_url}/t/{code}")
    open_moves(ann)
    ann.locator(".move-btn[data-move^='roll']").first.click()
    ann.wait_for_function(f"() => document.querySelector('.move-btn:not([data-move^=roll])') && {DRAWN}")
    covers = ann.locator(".move-btn").evaluate_all("els => els.map(e => e.dataset.move)")
    ann.locator(f".move-btn[data-move='{covers[0]}']").click()
    expect(ann.locator("#log li[data-n]")).to_have_count(3)  # the throw, the dice, the tiles shut
    expect(ann.locator("#takeback-ask")).to_be_visible()
    ann.click("#takeback-ask")
    expect(ann.locator("#takeback-outcome")).to_have_text(
        re.compile(rf"^Greedy bot accepted: Ann's {re.escape(covers[0])} taken back\.$"))
    expect(ann.locator("#log li[data-n]")).to_have_count(2)
    ann.wait_for_function(f"() => {DRAWN}")
    assert ann.locator(".move-btn").evaluate_all("els => els.map(e => e.dataset.move)") == covers
    ann.screenshot(path=str(tmp_path / "shut-the-box-taken-back.png"), full_page=True)
    ann.set_viewport_size(PHONE)
    ann.screenshot(path=str(tmp_path / "shut-the-box-taken-back-phone.png"))
    # The throw itself cannot be taken back: after the dice, no button.
    ann.locator(f".move-btn[data-move='{covers[-1]}']").click()
    expect(ann.locator("#log li[data-n]")).to_have_count(3)
    ann.locator(".move-btn[data-move^='roll']").first.click()
    expect(ann.locator("#log li[data-n]")).not_to_have_count(3)
    ann.wait_for_function(f"() => {DRAWN}")
    expect(ann.locator("#takeback-ask")).to_have_count(0)
    assert not pages.errors, pages.errors
