"""Yahtzee's view in real Chromium (Playwright): a whole game by clicking, the score card, colour coding.

The real app runs in-process (uvicorn in a thread) on a free port with a fresh SQLite database; the
browser is Debian's chromium.  Screenshots go to each test's ``tmp_path``.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

from browserkit import DESKTOP, DRAWN, NEEDS_CHROMIUM, PHONE, Pages, api, log_count, wait_log_beyond
from playwright.sync_api import Page, expect

from parlour.games.yahtzee.rules import Rules
from parlour.games.yahtzee.solver.strategy import table

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
BOXES = (*UPPER, "3kind", "4kind", "house", "small", "large", "yahtzee", "chance")
MINUS = "\u2212"

pytestmark = NEEDS_CHROMIUM


# ---- helpers ----------------------------------------------------------------------------
def strongest_bot(base_url: str) -> str:
    game = next(g for g in api(base_url, "/api/games") if g["name"] == "yahtzee")
    return "bot:optimal" if "optimal" in game["bots"] else "bot:greedy"


def create_table(page: Page, base_url: str, bot: str, name: str = "Ann",
                 checks: dict[str, bool] | None = None) -> str:
    """Choose Yahtzee in the lobby, check its house rules are offered, seat ``name`` and a bot."""
    page.goto(base_url + "/")
    page.click("button[data-game='yahtzee']")
    expect(page.locator("#new-table")).to_be_visible()
    expect(page.locator("#new-table-heading")).to_contain_text("Yahtzee")
    expect(page.locator("#opt-joker option")).to_have_count(2)
    expect(page.locator("#opt-joker")).to_have_value("free")
    for option, default in (("bonus_needs_fifty", True), ("five_kind_house", False), ("preview", True),
                            ("colour_code", False)):
        control = page.locator(f"#opt-{option}")
        expect(control).to_have_count(1)
        assert control.is_checked() is default, option
    expect(page.locator("label[for='opt-preview']")).to_contain_text("Show what the dice would score")
    page.select_option("#seat-count", "2")
    page.select_option("#seat-0-kind", "person")
    page.select_option("#seat-1-kind", bot)
    page.fill("#seat-0-name", name)
    for key, value in (checks or {}).items():
        page.set_checked(f"#opt-{key}", value)
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    expect(page.locator(".yz")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def wait_turn_start_or_end(page: Page) -> bool:
    """Wait until this page may roll for a new turn (True) or the game is over (False)."""
    page.wait_for_function(
        "() => !document.getElementById('result').hidden || ([...document.querySelectorAll('.move-btn')]"
        ".map(b => b.dataset.move).join() === 'roll' && document.querySelector('.yz-roll:not([hidden])')"
        f" && {DRAWN})",
        timeout=20_000)
    return not page.locator("#result").is_visible()


def dice_values(page: Page) -> list[int]:
    values: list[str] = page.locator(".yz-slot").evaluate_all("els => els.map(e => e.dataset.value)")
    return [int(v) for v in values]


def roll(page: Page, expected_text: str) -> None:
    button = page.locator(".yz-roll")
    expect(button).to_contain_text(expected_text)
    before = log_count(page)
    button.click()
    wait_log_beyond(page, before)
    page.wait_for_function("() => document.querySelectorAll('.yz-slot[data-value=\"\"]').length === 0")


def hold_most_common(page: Page) -> list[int]:
    """Keep the dice of the most common face (the higher on a tie): the first by clicking the die,
    the others by their Keep boxes.  Returns the held slots (0-based)."""
    values = dice_values(page)
    face = max(range(1, 7), key=lambda f: (values.count(f), f))
    slots = [i for i, v in enumerate(values) if v == face]
    for n, i in enumerate(slots):
        slot = page.locator(".yz-slot").nth(i)
        if n % 2 == 0:
            slot.locator(".yz-die").click()
        else:
            slot.locator(".yz-keep").click()
        expect(slot.locator(".yz-die")).to_have_attribute("aria-pressed", "true")
        expect(slot.locator("input[type=checkbox]")).to_be_checked()
        expect(slot).to_have_class(re.compile(r"\bheld\b"))
    return slots


def best_box(page: Page) -> tuple[str, int]:
    """The playable box with the highest point preview (the first on a tie)."""
    boxes: list[list[str]] = page.locator(".yz-card .yz-box.playable").evaluate_all(
        "els => els.map(e => [e.dataset.box, e.dataset.preview])")
    assert boxes, "no box to score"
    box, preview = max(boxes, key=lambda b: int(b[1]))
    return box, int(preview)


def card_numbers(page: Page) -> dict[str, int]:
    scores: list[list[str]] = page.locator(".yz-card .yz-box").evaluate_all(
        "els => els.map(e => [e.dataset.box, e.dataset.score])")
    return {box: int(score) for box, score in scores if score}


def settle(page: Page) -> None:
    """Let the dice finish tumbling before a screenshot."""
    page.wait_for_timeout(650)


def number(text: str) -> int:
    text = text.strip()
    return 0 if text in ("", "—") else int(text)


# ---- tests ------------------------------------------------------------------------------
def test_a_whole_game_by_clicking_against_a_bot(pages: Pages, base_url: str, tmp_path: Path) -> None:
    page = pages.new()
    bot = strongest_bot(base_url)
    if bot == "bot:optimal":
        # The server runs in this process: solve the manual's table now (10-20 s on two busy
        # cores, once a test run, as each run starts with an empty cache), not in the bot's
        # first turn, which the turn waits below do not allow for.
        table(Rules())
    create_table(page, base_url, bot)
    bot_name = f"{bot.split(':')[1].capitalize()} bot"
    expect(page.locator("#seats .seat").nth(1)).to_contain_text(f"bot · {bot.split(':')[1]}")
    expect(page.locator(".yz-player")).to_have_count(2)
    expect(page.locator(".yz-player").nth(0)).to_have_class(re.compile(r"\bcurrent\b"))
    expect(page.locator(".yz-card-title")).to_have_text("Your score card")
    expect(page.locator(".yz-card .yz-upper .yz-box")).to_have_count(6)
    expect(page.locator(".yz-card .yz-lower .yz-box")).to_have_count(7)
    # the upper section is on the left of the lower one on a laptop
    upper = page.locator(".yz-upper").bounding_box()
    lower = page.locator(".yz-lower").bounding_box()
    assert upper and lower and upper["x"] + upper["width"] <= lower["x"] and abs(upper["y"] - lower["y"]) < 2

    scored: dict[str, int] = {}
    turns = 0
    for turn in range(1, 14):
        if turn == 8:
            page.set_viewport_size(PHONE)  # the rest of the game on a phone
        assert wait_turn_start_or_end(page), f"the game ended after {turns} turns"
        expect(page.locator(".yz-title")).to_have_text(f"Turn {turn} of 13")
        expect(page.locator(".yz-counter")).to_contain_text("3 rolls left")
        expect(page.locator(".yz-box.playable")).to_have_count(0)
        roll(page, "Roll the dice")
        expect(page.locator(".yz-counter")).to_contain_text("2 rolls left")
        held = hold_most_common(page)
        values = dice_values(page)
        if len(held) < 5:
            roll(page, f"Roll {5 - len(held)} di{'e' if len(held) == 4 else 'ce'}")
            after = dice_values(page)
            assert [after[i] for i in held] == [values[i] for i in held], "kept dice moved"
            expect(page.locator(".yz-counter")).to_contain_text("1 roll left")
        if turn == 4:
            settle(page)
            page.screenshot(path=str(tmp_path / "desktop-mid-game.png"), full_page=True)
        if turn == 9:
            settle(page)
            page.screenshot(path=str(tmp_path / "phone-mid-game.png"))
            page.locator("#board").screenshot(path=str(tmp_path / "phone-mid-game-board.png"))
        box, preview = best_box(page)
        before = log_count(page)
        page.click(f".yz-card .yz-box[data-box='{box}']")
        wait_log_beyond(page, before)
        cell = page.locator(f".yz-card[data-seat='0'] .yz-box[data-box='{box}']")
        expect(cell).to_have_class(re.compile(r"\bfilled\b"))
        expect(cell).to_have_attribute("data-score", str(preview))
        expect(cell.locator(".yz-points")).to_have_text(str(preview))
        scored[box] = preview
        turns += 1
    assert turns == 13 and set(scored) == set(BOXES)

    result = page.locator("#result-text")
    expect(result).to_be_visible(timeout=20_000)
    expect(result).to_have_text(re.compile(rf"(Ann|{bot_name})( and .+)? (wins|share the win) with \d+ "
                                           rf"\(Ann: \d+, {bot_name}: \d+\)\."))
    expect(page.locator("#turn-text")).to_have_text("Game over")
    expect(page.locator(".yz-tray")).to_be_hidden()
    card = page.locator(".yz-card[data-seat='0']")
    expect(card.locator(".yz-box.filled")).to_have_count(13)
    expect(card.locator(".yz-box.playable")).to_have_count(0)
    assert card_numbers(page) == scored

    upper_sum = sum(scored[b] for b in UPPER)
    expect(card.locator(".yz-subtotal-row .yz-val")).to_have_text(str(upper_sum))
    bonus = number(card.locator(".yz-bonus-row .yz-val").inner_text())
    assert bonus == (35 if upper_sum >= 63 else 0)
    chips = number(card.locator(".yz-chips-row .yz-val").inner_text())
    assert chips % 100 == 0
    total = int(card.locator(".yz-grand-val").inner_text())
    assert total == sum(scored.values()) + bonus + chips
    expect(page.locator(".yz-player").nth(0).locator(".yz-player-total")).to_have_text(str(total))
    assert f"Ann: {total}" in result.inner_text()
    page.screenshot(path=str(tmp_path / "phone-game-over.png"))
    page.locator("#board").screenshot(path=str(tmp_path / "phone-game-over-board.png"))

    # the bot's card, on request; then the final page on a laptop
    page.set_viewport_size(DESKTOP)
    page.locator(".yz-player").nth(1).click()
    expect(page.locator(".yz-card-title")).to_have_text(f"{bot_name}'s score card")
    expect(page.locator(".yz-card[data-seat='1'] .yz-box.filled")).to_have_count(13)
    page.locator(".yz-player").nth(0).click()
    expect(page.locator(".yz-card-title")).to_have_text("Your score card")
    expect(page.locator(".yz-all-table tbody tr")).to_have_count(16)
    page.screenshot(path=str(tmp_path / "desktop-game-over.png"), full_page=True)


def test_colour_code_marks_the_pace_and_the_keyboard_plays(pages: Pages, base_url: str,
                                                           tmp_path: Path) -> None:
    page = pages.new()
    create_table(page, base_url, "bot:greedy", name="Cleo", checks={"colour_code": True})
    expect(page.locator(".yz-rule-chips")).to_contain_text("Colour-coded pace")
    expect(page.locator(".yz-pace-row")).to_have_class(re.compile(r"\bpace-on-track\b"))
    expect(page.locator(".yz-pace-row")).to_contain_text("par")

    # by keyboard: R rolls, digits keep dice, Esc releases, Enter rolls again, S goes to the card
    page.locator("#seats-heading").click()
    before = log_count(page)
    page.keyboard.press("r")
    wait_log_beyond(page, before)
    page.wait_for_function("() => document.querySelectorAll('.yz-slot[data-value=\"\"]').length === 0")
    values = dice_values(page)
    page.keyboard.press("1")
    page.keyboard.press("2")
    expect(page.locator(".yz-slot.held")).to_have_count(2)
    expect(page.locator(".yz-roll")).to_contain_text("Roll 3 dice")
    page.keyboard.press("Escape")
    expect(page.locator(".yz-slot.held")).to_have_count(0)
    expect(page.locator(".yz-roll")).to_contain_text("Roll all 5")
    face = Counter(values).most_common(1)[0][0]
    for i, v in enumerate(values):
        if v == face:
            page.keyboard.press(str(i + 1))
    kept = values.count(face)
    expect(page.locator(".yz-slot.held")).to_have_count(kept)
    if kept < 5:
        keep_move = "keep " + " ".join([str(face)] * kept)
        expect(page.locator(".yz-roll")).to_have_attribute("data-move", keep_move)
        before = log_count(page)
        page.keyboard.press("Enter")
        wait_log_beyond(page, before)
        expect(page.locator("#log li[data-n]").nth(before)).to_contain_text(f"Cleo keeps {keep_move[5:]}")

    # score the upper box of the kept face (allowed: it is open on the first turn)
    box = UPPER[face - 1]
    page.keyboard.press("s")
    focused = page.evaluate("() => document.activeElement.dataset.box")
    assert focused in BOXES
    target = page.locator(f".yz-card .yz-box[data-box='{box}']")
    expect(target).to_have_class(re.compile(r"\bplayable\b"))
    preview = int(target.get_attribute("data-preview") or "0")
    target.focus()
    before = log_count(page)
    page.keyboard.press("Enter")
    wait_log_beyond(page, before)
    expect(target).to_have_attribute("data-score", str(preview))

    diff = preview - 3 * face
    text = "par" if diff == 0 else f"+{diff}" if diff > 0 else f"{MINUS}{-diff}"
    mark = "par" if diff == 0 else "over" if diff > 0 else "under"
    expect(target.locator(".yz-pace")).to_be_visible()
    expect(target.locator(".yz-pace")).to_have_text(text)
    expect(target).to_have_class(re.compile(rf"\bpace-{mark}\b"))
    status = "on-track" if diff == 0 else "ahead" if diff > 0 else "behind"
    pace_row = page.locator(".yz-pace-row")
    expect(pace_row).to_have_class(re.compile(rf"\bpace-{status}\b"))
    expect(pace_row.locator(".yz-pace-val")).to_have_text(text)
    words = "on track" if diff == 0 else f"ahead by {diff}" if diff > 0 else f"behind by {-diff}"
    expect(pace_row).to_contain_text(words)
    expect(page.locator(".yz-bonus-row")).to_contain_text(f"{63 - preview} to go")
    # the same mark in the compact table of every card
    mine = page.locator(".yz-all-table tbody tr").nth(face - 1).locator("td").nth(0)
    expect(mine.locator(".yz-mini-pace")).to_have_text(f" {text}")
    page.screenshot(path=str(tmp_path / "colour-code.png"), full_page=True)


def _state_message(seq: int, view: dict[str, Any], legal: list[str]) -> dict[str, Any]:
    seats = [{"seat": 0, "name": "Ann", "bot": None, "taken": True, "connected": True},
             {"seat": 1, "name": "Bob", "bot": None, "taken": True, "connected": True}]
    return {"type": "state", "code": "YAHT1", "game": "yahtzee", "title": "Yahtzee", "game_no": 1,
            "seq": seq, "seats": seats, "to_act": [0], "you": [0], "views": {"0": view}, "view": None,
            "legal": {"0": legal}, "log": [{"n": 1, "seat": 0, "text": "Ann rolls 5 dice"},
                                           {"n": 2, "seat": -1, "text": "Ann rolls 5,5,5,5,5"}],
            "log_from": 0, "over": False, "result": None, "winners": [], "standings": [], "history": [],
            "hints": False, "hidden_information": False, "move_help": "score fives"}


def test_a_forced_joker_blocks_boxes_with_the_reason_and_bonus_chips_show(
        pages: Pages, base_url: str, tmp_path: Path) -> None:
    """The engine's view of an extra Yahtzee under the forced-joker rule; the test plays the socket."""
    from parlour.games.yahtzee import GAME, Card, Joker, Rules, State
    from parlour.games.yahtzee.rules import Box

    boxes: list[int | None] = [None] * 13
    boxes[Box.YAHTZEE.index], boxes[Box.ONES.index], boxes[Box.CHANCE.index] = 50, 3, 22
    state = State(rules=Rules(joker=Joker.FORCED, colour_code=True), players=2,
                  cards=(Card(tuple(boxes), 1), Card()), dice=(5, 5, 5, 5, 5), rolls=1)
    legal = [GAME.format_move(state, 0, m) for m in GAME.legal_moves(state, 0)]
    assert "score fives" in legal and "score house" not in legal
    view = GAME.view(state, 0).to_json()

    page = pages.new(PHONE)
    page.route("**/api/tables/YAHT1", lambda route: route.fulfill(json={
        "code": "YAHT1", "game": "yahtzee", "title": "Yahtzee", "rules": {}, "hints": False,
        "game_no": 1, "over": False, "seats": []}))
    received: list[dict[str, Any]] = []

    def socket(ws: Any) -> None:
        def on_message(text: str | bytes) -> None:
            message = json.loads(text)
            received.append(message)
            if message["type"] == "hello":
                ws.send(json.dumps({"type": "welcome", "seats": [0], "names": {"0": "Ann"}}))
                ws.send(json.dumps(_state_message(2, view, legal)))
        ws.on_message(on_message)

    page.route_web_socket("**/ws/YAHT1", socket)
    page.add_init_script("localStorage.setItem('parlour:tokens:YAHT1', JSON.stringify({0: 'ta'}))")
    page.goto(base_url + "/t/YAHT1")

    expect(page.locator(".yz-rule-chips")).to_contain_text("Forced joker")
    expect(page.locator(".yz-status")).to_contain_text("Extra Yahtzee! +100 bonus")
    fives = page.locator(".yz-box[data-box='fives']")
    expect(fives).to_have_class(re.compile(r"\bplayable\b"))
    expect(fives).to_have_attribute("data-preview", "25")
    house = page.locator(".yz-box[data-box='house']")
    expect(house).to_have_class(re.compile(r"\bblocked\b"))
    expect(house).to_have_attribute("aria-disabled", "true")
    reason = "An extra Yahtzee of 5s must go in the Fives box while it is open."
    expect(house).to_have_attribute("title", reason)
    expect(house).to_contain_text("not now")
    expect(house).to_have_attribute("aria-description", f"Full house: not allowed now. {reason}")
    house.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    expect(page.locator(".yz-say")).to_have_text(reason)
    expect(page.locator(".yz-box.playable")).to_have_count(1)
    # filled boxes show their score; the bonus chip is counted
    expect(page.locator(".yz-box[data-box='yahtzee'] .yz-points")).to_have_text("50")
    expect(page.locator(".yz-box[data-box='ones'] .yz-pace")).to_have_text("par")
    expect(page.locator(".yz-chips-row")).to_contain_text("\u00d71")  # times one (one bonus chip)
    expect(page.locator(".yz-chips-row .yz-val")).to_have_text("100")
    expect(page.locator(".yz-grand-val")).to_have_text(str(3 + 50 + 22 + 100))
    # all five dice may be kept but that is no roll: the button says so
    for n in range(1, 6):
        page.locator(".yz-slot").nth(n - 1).locator(".yz-die").click()
    expect(page.locator(".yz-roll")).to_have_text("Release a die to roll")
    expect(page.locator(".yz-roll")).to_be_disabled()
    page.locator(".yz-slot").nth(4).locator(".yz-keep").click()
    expect(page.locator(".yz-roll")).to_have_attribute("data-move", "keep 5 5 5 5")
    page.wait_for_timeout(300)
    page.locator("#board").screenshot(path=str(tmp_path / "forced-joker-phone.png"))
    fives.click()
    deadline = time.monotonic() + 5
    while not any(m["type"] == "move" for m in received) and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    assert [m for m in received if m["type"] == "move"] == [
        {"type": "move", "move": "score fives", "seat": 0, "seq": 2, "game_no": 1}]


def test_the_point_preview_leaves_boxes_that_would_score_nothing_blank(pages: Pages, base_url: str,
                                                                      tmp_path: Path) -> None:
    """The manual: the slots show the points 'unless you would get zero points'.  Any five dice
    score nothing somewhere (a Yahtzee in the straights, anything else in Yahtzee)."""
    page = pages.new()
    create_table(page, base_url, "bot:greedy")
    roll(page, "Roll the dice")
    playable = page.locator(".yz-card .yz-box.playable")
    expect(playable).to_have_count(13)
    previews: list[list[str]] = playable.evaluate_all(
        "els => els.map(e => [e.dataset.box, e.dataset.preview])")
    zero = [box for box, points in previews if points == "0"]
    assert zero, previews
    for box, points in previews:
        cell = page.locator(f".yz-card .yz-box[data-box='{box}']")
        if points == "0":
            expect(cell.locator(".yz-points")).to_have_text("")
            expect(cell).to_have_attribute("aria-description", re.compile(r": no points$"))
        else:
            expect(cell.locator(".yz-points")).to_have_text(points)
    page.screenshot(path=str(tmp_path / "preview-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(tmp_path / "preview-phone.png"), full_page=True)


def test_held_dice_stay_held_after_a_reload(pages: Pages, base_url: str, tmp_path: Path) -> None:
    page = pages.new()
    create_table(page, base_url, "bot:greedy")
    roll(page, "Roll the dice")
    values = dice_values(page)
    slots = page.locator(".yz-slot")
    slots.nth(3).locator(".yz-die").click()
    slots.nth(1).locator(".yz-keep").click()
    expect(page.locator(".yz-slot.held")).to_have_count(2)
    move = "keep " + " ".join(map(str, sorted((values[1], values[3]), reverse=True)))
    expect(page.locator(".yz-roll")).to_have_attribute("data-move", move)

    page.reload()
    expect(page.locator(".yz")).to_be_visible()
    page.wait_for_function("() => document.querySelectorAll('.yz-slot[data-value=\"\"]').length === 0")
    assert dice_values(page) == values  # the dice where they were
    expect(page.locator(".yz-slot.held")).to_have_count(2)
    for i in (1, 3):
        expect(slots.nth(i)).to_have_class(re.compile(r"\bheld\b"))
        expect(slots.nth(i).locator(".yz-die")).to_have_attribute("aria-pressed", "true")
        expect(slots.nth(i).locator("input[type=checkbox]")).to_be_checked()
    expect(page.locator(".yz-roll")).to_have_text("Roll 3 dice")
    expect(page.locator(".yz-roll")).to_have_attribute("data-move", move)
    settle(page)
    page.locator("#board").screenshot(path=str(tmp_path / "held-after-reload.png"))

    # rolling keeps them: they stay in their slots, and the log says what was kept
    before = log_count(page)
    page.locator(".yz-roll").click()
    wait_log_beyond(page, before)
    expect(page.locator("#log li[data-n]").nth(before)).to_contain_text(f"Ann keeps {move[5:]}")
    expect(page.locator(".yz-counter")).to_contain_text("1 roll left")
    page.wait_for_function("() => document.querySelectorAll('.yz-slot[data-value=\"\"]').length === 0")
    after = dice_values(page)
    assert (after[1], after[3]) == (values[1], values[3])
    expect(page.locator(".yz-slot.held")).to_have_count(2)
    # a reload now shows the dice where they lie (not sorted again), the kept ones still held
    page.reload()
    expect(page.locator(".yz-counter")).to_contain_text("1 roll left")
    page.wait_for_function("() => document.querySelectorAll('.yz-slot[data-value=\"\"]').length === 0")
    assert dice_values(page) == after
    expect(page.locator(".yz-slot.held")).to_have_count(2)
    for i in (1, 3):
        expect(slots.nth(i)).to_have_class(re.compile(r"\bheld\b"))
    page.set_viewport_size(PHONE)
    settle(page)
    page.locator(".yz-tray").screenshot(path=str(tmp_path / "held-phone.png"))
