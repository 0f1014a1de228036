"""The draughts clock in real Chromium: chosen in the lobby's New-table form, shown to both players
on their own devices (two browser contexts), counting down for the side to move, and a flag fall
shown as the loss on both pages.  Screenshots go to /tmp/clock/."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

from browserkit import DESKTOP, NEEDS_CHROMIUM, PHONE, Pages
from playwright.sync_api import Page, expect

pytestmark = NEEDS_CHROMIUM
SHOTS = Path("/tmp/clock")


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def seconds(text: str) -> float:
    """A clock's text ("4:59", "8.3") in seconds."""
    if ":" in text:
        minutes, rest = text.split(":")
        return int(minutes) * 60 + int(rest)
    return float(text)


def sit(page: Page, base_url: str, code: str, seat: int, name: str) -> None:
    """Open the table and take a seat by its join card, as a person does."""
    page.goto(f"{base_url}/t/{code}")
    page.fill(f"#join-name-{seat}", name)
    page.locator(f"form.join-seat[data-seat='{seat}'] button[type=submit]").click()
    expect(page.locator("#join-card")).to_be_hidden()


def test_the_clock_chosen_in_the_lobby_runs_for_the_side_to_move(pages: Pages, base_url: str) -> None:
    page = pages.new(DESKTOP)
    page.goto(base_url + "/")
    page.click("button[data-game='draughts']")
    expect(page.get_by_label("Clock")).to_have_value("")  # off by default
    page.select_option("#seat-1-kind", "bot:random")
    page.fill("#seat-0-name", "Ann")
    page.select_option("#opt-colours", "second-black")  # the bot moves first
    page.get_by_label("Clock").select_option(label="5 min + 3 s a move")
    page.get_by_label("Clock").scroll_into_view_if_needed()
    shot(page, "lobby-form-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "lobby-form-phone")
    page.set_viewport_size(DESKTOP)
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    expect(page.locator(".dr-clock-chip")).to_have_text("Clock: 5 min + 3 s a move")
    mine = page.get_by_role("timer", name="Ann's clock")
    bots = page.get_by_role("timer", name="Random bot's clock")
    expect(mine).to_have_class(re.compile(r"\brunning\b"))  # the bot has moved: Ann's time runs
    expect(bots).not_to_have_class(re.compile(r"\brunning\b"))
    assert 300 < seconds(bots.inner_text()) <= 303  # its move took no time, and it got 3 s
    first = seconds(mine.inner_text())
    assert 295 < first <= 300
    expect(mine).not_to_have_text(mine.inner_text())  # it counts down
    assert seconds(mine.inner_text()) < first
    shot(page, "lobby-clock-desktop")
    page.set_viewport_size(PHONE)
    expect(mine).to_be_in_viewport()
    shot(page, "lobby-clock-phone")


def test_two_people_see_both_clocks_and_both_see_the_loss_on_time(pages: Pages, base_url: str) -> None:
    request = urllib.request.Request(base_url + "/api/tables", method="POST",
                                     headers={"Content-Type": "application/json"},
                                     data=json.dumps({"game": "draughts", "seats": [{}, {}],
                                                      "rules": {"colours": "first-black"},
                                                      "clock": {"base": 6, "increment": 1}}).encode())
    with urllib.request.urlopen(request) as response:
        code = json.load(response)["code"]
    ann, bob = pages.new(DESKTOP), pages.new(PHONE)
    sit(ann, base_url, code, 0, "Ann")
    # nobody's time runs while a seat is free
    expect(ann.get_by_role("timer", name="Ann's clock")).to_have_text("6.0")
    sit(bob, base_url, code, 1, "Bob")
    for page in (ann, bob):
        expect(page.get_by_role("timer", name="Ann's clock")).to_be_visible()
        expect(page.get_by_role("timer", name="Bob's clock")).to_have_text("6.0")
        expect(page.get_by_role("timer", name="Ann's clock")).to_have_class(re.compile(r"\brunning\b"))
    ann.locator(".dr-sq[data-sq='11']").click()
    ann.locator(".dr-sq[data-sq='15']").click()
    for page in (ann, bob):  # Bob's time now runs on both devices, in tenths
        clock = page.get_by_role("timer", name="Bob's clock")
        expect(clock).to_have_class(re.compile(r"\brunning\b"))
        expect(clock).to_have_text(re.compile(r"^[0-5]\.[0-9]$"))
        expect(page.get_by_role("timer", name="Ann's clock")).not_to_have_class(re.compile(r"\brunning\b"))
        assert 5 < seconds(page.get_by_role("timer", name="Ann's clock").inner_text()) <= 7  # + 1 s
    shot(ann, "two-clocks-desktop")
    shot(bob, "two-clocks-phone")
    # a reload does not reset the clock: it goes on from where it was
    before = seconds(bob.get_by_role("timer", name="Bob's clock").inner_text())
    bob.reload()
    expect(bob.get_by_role("timer", name="Bob's clock")).to_be_visible()
    assert seconds(bob.get_by_role("timer", name="Bob's clock").inner_text()) <= before
    # Bob lets his time run out: the server notices with nobody moving, and both pages say so
    for page in (ann, bob):
        expect(page.locator("#result")).to_contain_text("Bob (White) ran out of time", timeout=20_000)
        expect(page.locator("#result")).to_contain_text("Ann (Black) wins")
        expect(page.get_by_role("timer", name="Bob's clock")).to_have_text("0.0")
        expect(page.get_by_role("timer", name="Bob's clock")).not_to_have_class(re.compile(r"\brunning\b"))
    expect(bob.locator("#log")).to_contain_text("Bob (White) runs out of time")
    shot(ann, "flag-desktop")
    shot(bob, "flag-phone")
