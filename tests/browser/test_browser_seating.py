"""Sitting down (real Chromium, Playwright): a table whose people's seats are not all taken waits,
says so and shows its code; the game starts when the last person sits down, and each player is
called by the name given when sitting down, everywhere.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from browserkit import NEEDS_CHROMIUM, PHONE, Pages, type_move
from playwright.sync_api import expect

pytestmark = NEEDS_CHROMIUM


def test_a_two_person_table_waits_for_the_second_person(pages: Pages, served: tuple[str, Any],
                                                          tmp_path: Path) -> None:
    base_url, app = served
    ann = pages.new()
    ann.goto(base_url + "/")
    ann.click("button[data-game='gin-rummy']")
    expect(ann.locator("#new-table-heading")).to_contain_text("Gin Rummy")
    ann.select_option("#seat-0-kind", "person")
    ann.select_option("#seat-1-kind", "person")
    ann.fill("#seat-0-name", "Ann")
    ann.click("#create-table")
    ann.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    code = ann.url.rsplit("/", 1)[1]
    banner = ann.locator("#turn-banner")
    expect(banner).to_contain_text("Waiting for a player to sit in seat 2")
    expect(banner).to_contain_text(f"Share the code {code}")
    expect(ann.locator("#no-moves")).to_have_text("The game starts when every seat is taken.")
    expect(ann.locator("#seats li[data-seat='1']")).to_contain_text("Empty seat")
    expect(ann.locator("#seats li[data-seat='1']")).to_contain_text("waiting for a player")
    ann.screenshot(path=str(tmp_path / "waiting-desktop.png"))
    # nothing has happened: no deal, nobody's turn
    table = app.state.hub.get(code)
    assert table.seq == 0
    expect(ann.locator("#log li.empty")).to_be_visible()
    assert "Your turn" not in banner.inner_text()
    assert ann.locator(".move-btn").count() == 0

    bob = pages.new(PHONE)
    bob.goto(f"{base_url}/t/{code}")
    expect(bob.locator("#turn-banner")).to_contain_text("Waiting for a player to sit in seat 2")
    bob.screenshot(path=str(tmp_path / "waiting-phone.png"))
    bob.fill("#join-name-1", "Bob")
    bob.click("form.join-seat[data-seat='1'] button[type=submit]")
    # the game starts: the deal, then someone's turn, on both devices
    expect(ann.locator("#seats li[data-seat='1'] .name")).to_have_text("Bob")
    ann.wait_for_function("() => document.querySelectorAll('#log li[data-n]').length > 0")
    expect(ann.locator("#turn-banner")).not_to_contain_text("Waiting for a player")
    bob.wait_for_function("() => document.querySelectorAll('#log li[data-n]').length > 0")
    for page in (ann, bob):
        text = page.locator("main").inner_text()
        assert "Player 2" not in text and "Seat 2" not in text and "seat 2" not in text, text
        assert re.search(r"(Ann|Bob) deals first", page.locator("#log").inner_text())


def test_a_move_before_everyone_sits_is_refused(pages: Pages, served: tuple[str, Any]) -> None:
    """Typed into the move box while seat 2 is free: refused with the reason, nothing changes."""
    base_url, app = served
    ann = pages.new()
    ann.goto(base_url + "/")
    ann.click("button[data-game='draughts']")
    ann.select_option("#seat-0-kind", "person")
    ann.select_option("#seat-1-kind", "person")
    ann.fill("#seat-0-name", "Ann")
    ann.click("#create-table")
    ann.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    code = ann.url.rsplit("/", 1)[1]
    expect(ann.locator("#turn-banner")).to_contain_text("Waiting for a player to sit in seat 2")
    type_move(ann, "11-15")
    expect(ann.locator("#move-error")).to_contain_text("seat 2 is still free")
    assert app.state.hub.get(code).seq == 0


def test_bots_names_do_not_read_as_scores_in_the_result(pages: Pages, served: tuple[str, Any]) -> None:
    """Four-player Go Fish, two bots of one level: each is told apart by a letter, and the result
    sets every name apart from its number of books ("Memory bot B: 2", never "Memory bot 2 2")."""
    base_url, _ = served
    seats = [{"bot": "random"}, {"bot": "memory"}, {"bot": "memory"}, {"bot": "strong"}]
    body = {"game": "go-fish", "rules": {}, "join": [], "hints": False, "seats": seats}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        code = json.load(response)["code"]
    page = pages.new()
    page.goto(f"{base_url}/t/{code}")
    names = ["Random bot", "Memory bot A", "Memory bot B", "Strong bot"]
    for seat, name in enumerate(names):
        expect(page.locator(f"#seats li[data-seat='{seat}'] .name")).to_have_text(name)
    result = page.locator("#result-text")
    expect(result).to_be_visible(timeout=60_000)
    text = result.inner_text()
    assert not re.search(r"bot \d", text), text
    for name in names:
        assert re.search(rf"{name}: \d+\b", text), (name, text)
