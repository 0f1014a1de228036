"""The lobby in real Chromium: the game cards' grid, the house rules' labels, the bots'
descriptions, the Rules panel and the tables list, used as a person would."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

from browserkit import DESKTOP, NEEDS_CHROMIUM, PHONE, Pages, api
from playwright.sync_api import expect

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/lobby")


def test_the_game_cards_in_a_row_line_up(pages: Pages, base_url: str) -> None:
    """Every card in a row of the grid starts at the same height and is as tall as the others
    (a margin meant for stacked cards once pushed all but the first of a row down)."""
    page = pages.new(DESKTOP)
    page.goto(base_url + "/")
    cards = page.locator(".game-card")
    count = len(api(base_url, "/api/games"))  # seven, and any toy game a test registered in this worker
    assert count >= 7
    expect(cards).to_have_count(count)
    columns = page.locator("#games").evaluate(
        "g => getComputedStyle(g).gridTemplateColumns.split(' ').length")
    assert columns >= 3, f"the desktop grid shows 3 or more cards a row, not {columns}"
    boxes = [cards.nth(i).bounding_box() for i in range(count)]
    for start in range(0, count, columns):
        row = [b for b in boxes[start:start + columns] if b is not None]
        assert len({round(b["y"]) for b in row}) == 1, f"the tops in a row differ: {row}"
        assert len({round(b["height"]) for b in row}) == 1, f"the heights in a row differ: {row}"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "lobby-desktop.png"), full_page=True)


def test_house_rules_have_plain_labels_and_the_rules_open_at_them(pages: Pages, base_url: str) -> None:
    page = pages.new(DESKTOP)
    page.goto(base_url + "/")
    page.click("button[data-game='yahtzee']")
    label = page.locator("label[for='opt-bonus_needs_fifty']")
    expect(label).to_contain_text("100 bonus only after a 50")
    expect(label).to_contain_text("only if the Yahtzee box holds 50")  # its help beside it
    expect(label).not_to_contain_text("bonus_needs_fifty")
    page.click("label[for='opt-bonus_needs_fifty']")  # a house rule changed ...
    expect(page.locator("#opt-bonus_needs_fifty")).not_to_be_checked()
    page.click("#form-rules")  # ... and the rules opened at it
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text("Rules of Yahtzee")
    changed = dialog.locator("dd[data-option='bonus_needs_fifty']")
    expect(dialog.locator("dt[data-option='bonus_needs_fifty']")).to_have_text("100 bonus only after a 50")
    expect(changed.locator(".value")).to_have_text("no")
    expect(changed.locator(".chip")).to_have_text("house rule")
    expect(dialog.locator("dd[data-option='joker'] .chip")).to_have_count(0)  # left as usual
    doc = dialog.locator(".rules-doc")
    expect(doc.locator("h3", has_text="The score card")).to_be_visible()
    expect(doc.locator("table.data").first).to_contain_text("Full house")
    expect(doc).not_to_contain_text("**")
    page.screenshot(path=str(SHOTS / "rules-lobby-desktop.png"))
    page.click("#rules-close")
    expect(dialog).to_be_hidden()

    # a game card's Rules button: another game's rules, all as usual
    page.click("button[data-rules='draughts']")
    expect(page.locator("#rules-title")).to_have_text("Rules of Draughts")
    expect(dialog).to_contain_text("All as usual: no house rule changed.")
    expect(dialog.locator("dt[data-option='colours']")).to_have_text("Who plays Black")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_each_bot_level_is_described_and_a_middle_one_is_offered(pages: Pages, base_url: str) -> None:
    game = next(g for g in api(base_url, "/api/games") if g["name"] == "draughts")
    lines = {b["name"]: b["description"] for b in game["bot_levels"]}
    page = pages.new(PHONE)
    page.goto(base_url + "/")
    page.click("button[data-game='draughts']")
    kind = page.locator("#seat-1-kind")
    expect(kind).to_have_value("bot:casual")  # not the strongest, "expert"
    about = page.locator("#seat-1-about")
    expect(about).to_have_text(lines["casual"])
    kind.select_option("bot:expert")
    expect(about).to_have_text(lines["expert"])
    kind.select_option("person")
    expect(about).to_be_hidden()
    levels = page.locator("#bot-levels")
    expect(levels.locator("dd").first).to_be_hidden()  # closed until asked for
    levels.locator("summary").click()
    expect(levels.locator("dd")).to_have_text(list(lines.values()))
    page.screenshot(path=str(SHOTS / "form-phone.png"), full_page=True)


def test_a_tables_rules_panel_shows_its_house_rules(pages: Pages, base_url: str) -> None:
    page = pages.new(PHONE)
    page.goto(base_url + "/")
    page.click("button[data-game='shut-the-box']")
    page.select_option("#opt-tiles", "12")
    page.fill("#seat-0-name", "Ann")
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    summary = page.locator("#rules-summary")
    expect(summary).to_contain_text("House rules at this table:")
    expect(summary.locator("li")).to_have_text(["Tiles in the box: 12"])
    page.click("#rules-open")
    dialog = page.locator("#rules-dialog")
    expect(page.locator("#rules-title")).to_have_text("Rules of Shut the Box")
    expect(dialog.locator("h3#rules-at-table")).to_have_text("House rules at this table")
    expect(dialog.locator("dd[data-option='tiles'] .value")).to_have_text("12")
    expect(dialog.locator("dd[data-option='tiles'] .chip")).to_have_text("house rule")
    expect(dialog.locator(".rules-doc h4", has_text="The long game")).to_have_count(1)
    page.screenshot(path=str(SHOTS / "rules-table-phone.png"))
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(SHOTS / "table-desktop.png"), full_page=True)


def test_the_tables_list_says_what_each_table_is_doing(pages: Pages, base_url: str) -> None:
    def post(body: dict[str, object]) -> str:
        request = urllib.request.Request(base_url + "/api/tables", json.dumps(body).encode(),
                                         {"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            code: str = json.load(response)["code"]
            return code

    finished = post({"game": "shut-the-box", "seats": [{"bot": "greedy"}]})  # bots alone finish at once
    ann = pages.new(DESKTOP)
    ann.goto(base_url + "/")
    ann.click("button[data-game='gin-rummy']")
    ann.select_option("#seat-1-kind", "person")
    ann.fill("#seat-0-name", "Ann")
    ann.click("#create-table")
    ann.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    waiting = ann.url.rsplit("/", 1)[1]
    ann.click("a.brand")  # back to the lobby

    mine = ann.locator(f"#tables-waiting li[data-code='{waiting}']")
    expect(mine).to_contain_text("1 free seat")
    expect(mine.locator(".chip.yours")).to_have_text("your seat")
    expect(mine.locator("a")).to_have_text(f"Return table {waiting}")
    expect(ann.locator("#finished-tables")).not_to_have_attribute("open", "")
    row = ann.locator(f"#finished-tables li[data-code='{finished}']")
    expect(row).to_be_hidden()  # out of the way ...
    ann.click("#finished-tables summary")  # ... until opened
    expect(row).to_be_visible()
    expect(row).to_contain_text("over")
    expect(row.locator("a")).to_have_text(f"Look table {finished}")
    ann.screenshot(path=str(SHOTS / "tables-desktop.png"), full_page=True)

    bob = pages.new(PHONE)  # another device: no seat there
    bob.goto(base_url + "/")
    theirs = bob.locator(f"#tables-waiting li[data-code='{waiting}']")
    expect(theirs.locator("a")).to_have_text(f"Join table {waiting}")
    expect(theirs.locator(".chip.yours")).to_have_count(0)
    theirs.locator("a").click()
    bob.wait_for_url(f"**/t/{waiting}")
    bob.fill("#join-seats input >> nth=0", "Bob")
    bob.locator("#join-seats button").first.click()
    expect(bob.locator("#seats .seat.mine")).to_contain_text("Bob")
    bob.goto(base_url + "/")  # now a table being played, where this device holds a seat
    playing = bob.locator(f"#tables-playing li[data-code='{waiting}']")
    expect(playing.locator("a")).to_have_text(f"Return table {waiting}")
    expect(bob.locator("#tables-waiting")).to_have_count(0)
    bob.screenshot(path=str(SHOTS / "tables-phone.png"), full_page=True)
