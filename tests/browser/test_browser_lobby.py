"""The lobby in real Chromium: the game cards' grid, the house rules' labels, the bots'
descriptions, the Rules panel and the tables list, used as a person would."""

from __future__ import annotations

from pathlib import Path

from browserkit import DESKTOP, NEEDS_CHROMIUM, Pages
from playwright.sync_api import expect

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/lobby")


def test_the_game_cards_in_a_row_line_up(pages: Pages, base_url: str) -> None:
    """Every card in a row of the grid starts at the same height and is as tall as the others
    (a margin meant for stacked cards once pushed all but the first of a row down)."""
    page = pages.new(DESKTOP)
    page.goto(base_url + "/")
    cards = page.locator(".game-card")
    expect(cards).to_have_count(7)
    columns = page.locator("#games").evaluate(
        "g => getComputedStyle(g).gridTemplateColumns.split(' ').length")
    assert columns >= 3, f"the desktop grid shows 3 or more cards a row, not {columns}"
    boxes = [cards.nth(i).bounding_box() for i in range(7)]
    for start in range(0, 7, columns):
        row = [b for b in boxes[start:start + columns] if b is not None]
        assert len({round(b["y"]) for b in row}) == 1, f"the tops in a row differ: {row}"
        assert len({round(b["height"]) for b in row}) == 1, f"the heights in a row differ: {row}"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "lobby-desktop.png"), full_page=True)
