"""The table page around the games, in real Chromium: the notation folded into a closed "Type a move"
section, nothing left to press once a game is over, the hint opening by the board, and on a phone
the player's own hand in view whenever their turn comes.
Screenshots: /tmp/polish-table/ (both sizes)."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    DESKTOP,
    DRAWN,
    NEEDS_CHROMIUM,
    PHONE,
    Pages,
    legal_moves,
    log_count,
    open_moves,
    type_move,
    wait_log_beyond,
)
from playwright.sync_api import Page, ViewportSize, expect

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/polish-table")


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def make_table(base_url: str, game: str, seats: list[str | None], names: dict[int, str],
               rules: dict[str, Any] | None = None) -> tuple[str, dict[str, str]]:
    """A table made through the API (``None``: a person; else a bot level), with its people seated."""
    form = {"game": game, "rules": rules or {}, "seats": [{"bot": b} for b in seats],
            "join": [{"seat": s, "name": n} for s, n in names.items()]}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(form).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        body = json.load(response)
    return body["code"], body["tokens"]


def open_table(pages: Pages, base_url: str, code: str, tokens: dict[str, str],
               viewport: ViewportSize = DESKTOP) -> Page:
    """The table on a new device holding ``tokens`` (its seats)."""
    page = pages.new(viewport)
    page.add_init_script(f"localStorage.setItem('parlour:tokens:{code}', '{json.dumps(tokens)}')")
    page.goto(f"{base_url}/t/{code}")
    return page


def my_turn(page: Page) -> None:
    page.wait_for_function(f"() => document.querySelectorAll('.move-btn').length > 0 && {DRAWN}")


# ---- the moves in notation: folded away ------------------------------------------------------------
def test_the_notation_is_folded_away_and_a_typed_move_plays(pages: Pages, base_url: str) -> None:
    """Yahtzee's 33 keep buttons and Blackjack's bets are in a closed "Type a move" section; the game's
    own controls play without it, and a move typed in it plays too."""
    code, tokens = make_table(base_url, "yahtzee", [None], {0: "Ann"})
    page = open_table(pages, base_url, code, tokens)
    my_turn(page)
    section = page.locator("#type-move")
    expect(section).not_to_have_attribute("open", "")
    expect(page.locator("#type-move > summary")).to_be_visible()
    assert len(legal_moves(page)) >= 1
    expect(page.locator(".move-btn").first).to_be_hidden()
    expect(page.locator("#move-text")).to_be_hidden()
    shot(page, "yahtzee-folded")
    before = log_count(page)
    type_move(page, legal_moves(page)[0])  # opens the section, types, presses Enter
    wait_log_beyond(page, before)
    expect(section).to_have_attribute("open", "")  # it stays open for those who like notation
    expect(page.locator("#move-error")).to_be_empty()
    expect(page.locator(".move-btn[data-move^='keep']").first).to_be_visible()  # the dice have landed
    my_turn(page)
    moves = legal_moves(page)
    assert sum(m.startswith("keep") for m in moves) >= 10
    for button in page.locator(".move-btn").all()[:3]:
        expect(button).to_be_visible()
    shot(page, "yahtzee-open")

    code, tokens = make_table(base_url, "blackjack", [None], {0: "Ann"}, {"rounds": 2})
    page = open_table(pages, base_url, code, tokens, PHONE)
    my_turn(page)
    assert "bet 1" in legal_moves(page) and "bet 20" in legal_moves(page)
    expect(page.locator(".move-btn[data-move='bet 20']")).to_be_hidden()
    shot(page, "blackjack-folded-phone")
    before = log_count(page)
    page.fill("#bj-bet-amount", "3")  # the game's own bet form, the section still closed
    page.click("[data-action=bet]")
    wait_log_beyond(page, before)
    expect(page.locator("#type-move")).not_to_have_attribute("open", "")
    # the bet made (the log, since a natural may settle the round at once and clear the spot)
    expect(page.locator("#log li[data-n]").nth(before)).to_contain_text("Ann: bet 3")


# ---- nothing dead once the game is over --------------------------------------------------------------
LIVE_CONTROLS = """() => {
  // the controls one could still press in the game's part of the page (the board, the moves, the hint):
  // on screen, not disabled; a summary that only shows or hides a record is not a move
  const out = [];
  for (const area of document.querySelectorAll('#board, #controls, .turn-row')) {
    const controls = 'button, input, select, textarea, a[href], [role=button], summary';
    for (const el of area.querySelectorAll(controls)) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || el.closest('[hidden]')) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (el.disabled || el.getAttribute('aria-disabled') === 'true') continue;
      if (el.tagName === 'SUMMARY' && el.closest('#board')) continue;
      const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '');
      out.push(`${name}: ${el.textContent.trim().slice(0, 40)}`);
    }
  }
  return out; }"""


def play_to_the_end(page: Page, limit: int = 400) -> None:
    """Type the first legal move until the game is over."""
    open_moves(page)
    for _ in range(limit):
        page.wait_for_function("() => !document.getElementById('result').hidden"
                               " || document.querySelectorAll('.move-btn').length > 0")
        if page.locator("#result").is_visible():
            return
        moves = legal_moves(page)
        ending = [m for m in moves if m.startswith(("gin ", "knock "))]  # Gin Rummy: end the hand
        before = log_count(page)
        type_move(page, (ending or moves)[0])
        wait_log_beyond(page, before)
    pytest.fail("the game did not end")


@pytest.mark.parametrize(("game", "seats", "rules"), [
    ("shut-the-box", [None], {}),
    ("blackjack", [None], {"rounds": 1}),
    ("dominoes", [None, "random"], {"target": 1}),
    ("gin-rummy", [None, "random"], {"target": 1, "knock_limit": 100}),
    ("go-fish", [None, "random"], {}),
])
def test_nothing_is_left_to_press_once_the_game_is_over(
        pages: Pages, base_url: str, game: str, seats: list[str | None], rules: dict[str, Any]) -> None:
    for _ in range(5):  # a random bot may end a one-hand game before Ann's first turn: deal again
        code, tokens = make_table(base_url, game, seats, {0: "Ann"}, rules)
        page = open_table(pages, base_url, code, tokens)
        page.wait_for_function("() => !document.getElementById('result').hidden"
                               f" || (document.querySelectorAll('.move-btn').length > 0 && {DRAWN})")
        if not page.locator("#result").is_visible():
            break
    else:
        pytest.fail("five games ended before Ann's first turn")
    assert page.evaluate(LIVE_CONTROLS) != []  # the check sees controls while there are some
    play_to_the_end(page)
    expect(page.locator("#turn-text")).to_have_text("Game over")
    expect(page.locator("#again")).to_be_enabled()
    expect(page.locator("#controls")).to_be_hidden()
    expect(page.locator("#hint-button")).to_be_hidden()
    assert page.evaluate(LIVE_CONTROLS) == []
    shot(page, f"{game}-over")
    page.set_viewport_size(PHONE)
    assert page.evaluate(LIVE_CONTROLS) == []
    shot(page, f"{game}-over-phone")


# ---- the hint ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_hint_opens_by_the_board(pages: Pages, base_url: str, viewport: ViewportSize) -> None:
    """The Hint button sits by the turn banner; its advice opens right there, above the board, on
    screen, and choosing an option plays it."""
    code, tokens = make_table(base_url, "shut-the-box", [None, "optimal"], {0: "Ann"})
    page = open_table(pages, base_url, code, tokens, viewport)
    my_turn(page)
    before = log_count(page)
    page.click("[data-action=roll2]")  # the view's own button
    wait_log_beyond(page, before)
    expect(page.locator("[data-action=cover]")).to_be_visible()  # the dice have landed: tiles to cover
    my_turn(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#hint-button")
    panel = page.locator("#hint-panel")
    expect(panel.locator(".hint-options button").first).to_be_visible()
    box = panel.bounding_box()
    board = page.locator("#board").bounding_box()
    assert box is not None and board is not None
    assert box["y"] + box["height"] <= board["y"]  # between the banner and the board
    assert box["y"] >= 0 and box["y"] + min(box["height"], 200) <= viewport["height"]  # on screen
    shot(page, f"hint-{viewport['width']}")
    before = log_count(page)
    panel.locator(".hint-options button").first.click()
    wait_log_beyond(page, before)
    expect(panel).to_be_hidden()


# ---- phones: the hand in view on your turn ---------------------------------------------------------------
def go_fish_turn(page: Page) -> None:
    page.locator(".gf-you .gf-group.playable").first.click()
    page.locator(".gf-actions .gf-ask-btn").first.click()


def gin_rummy_turn(page: Page) -> None:
    moves = legal_moves(page)
    if "draw" in moves:
        page.click(".gr-stock")
    elif "pass" in moves:
        page.click("[data-action=pass]")
    elif "done" in moves:
        page.click("[data-action=done]")
    else:
        page.locator(".gr-you .gr-card.playable").first.click()


def dominoes_turn(page: Page) -> None:
    if legal_moves(page) == ["knock"]:
        page.click("[data-action=knock]")
        return
    tile = page.locator(".dm-you .dm-tile.playable").first
    both = tile.get_attribute("aria-pressed") is not None  # it fits both ends: choose one on the line
    tile.click()
    if both:
        page.locator(".dm-line .dm-end").first.click()


def whose_turn(ann: Page, bob: Page) -> Page | None:
    """The page that may move now (None: the game is over)."""
    for _ in range(600):
        if ann.locator("#result").is_visible():
            return None
        for page in (ann, bob):
            if page.locator(".move-btn").count():
                return page
        ann.wait_for_timeout(25)
    pytest.fail("nobody may move")


HAND_IN_VIEW = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight
    && r.left >= 0 && r.right <= window.innerWidth; }"""


@pytest.mark.parametrize(("game", "bots", "hand", "turn"), [
    ("go-fish", [], ".gf-you", go_fish_turn),
    ("gin-rummy", [], ".gr-you", gin_rummy_turn),
    ("dominoes", ["random", "random"], ".dm-you", dominoes_turn),
])
def test_on_a_phone_the_hand_is_in_view_whenever_it_is_your_turn(
        pages: Pages, base_url: str, game: str, bots: list[str], hand: str, turn: Any) -> None:
    """Ann on a phone, Bob on a laptop (and bots).  While the others play, Ann looks at the top of the
    page; when her turn comes her hand is on her screen, whole, without her scrolling."""
    code, tokens = make_table(base_url, game, [None, None, *bots], {0: "Ann", 1: "Bob"})
    ann = open_table(pages, base_url, code, {"0": tokens["0"]}, PHONE)
    bob = open_table(pages, base_url, code, {"1": tokens["1"]}, DESKTOP)
    checked = 0
    while checked < 4:
        actor = whose_turn(ann, bob)
        if actor is None:
            break
        if actor is bob:
            ann.evaluate("window.scrollTo(0, 0)")  # Ann reads the top of the page as the others play
            before = log_count(bob)
            type_move(bob, legal_moves(bob)[0])
            wait_log_beyond(bob, before)
            continue
        my_turn(ann)
        ann.wait_for_function(HAND_IN_VIEW, arg=hand, timeout=5_000)
        if checked == 0:
            ann.screenshot(path=str(SHOTS / f"{game}-hand-phone.png"))
        checked += 1
        before = log_count(ann)
        turn(ann)
        wait_log_beyond(ann, before)
    assert checked >= 3


# ---- Blackjack's count -----------------------------------------------------------------------------
def test_blackjacks_count_shows_at_a_trainer_table_or_when_asked_for(pages: Pages, base_url: str) -> None:
    code, tokens = make_table(base_url, "blackjack", [None], {0: "Ann"}, {"rounds": 3})
    page = open_table(pages, base_url, code, tokens, PHONE)
    my_turn(page)
    toggle = page.locator(".bj-count-toggle")
    expect(page.locator(".bj-count")).to_contain_text("The count is hidden.")
    expect(page.locator(".bj-running")).to_have_count(0)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()  # asked for
    expect(page.locator(".bj-running")).to_be_visible()
    expect(toggle).to_have_text("Hide the count")
    shot(page, "blackjack-count-phone")
    page.reload()  # remembered on this device
    my_turn(page)
    expect(page.locator(".bj-running")).to_be_visible()
    toggle.click()
    expect(page.locator(".bj-running")).to_have_count(0)
    page.reload()
    my_turn(page)
    expect(page.locator(".bj-count")).to_contain_text("The count is hidden.")

    code, tokens = make_table(base_url, "blackjack", [None], {0: "Ann"}, {"rounds": 3, "trainer": True})
    page = open_table(pages, base_url, code, tokens)  # another device: a trainer table shows it
    my_turn(page)
    expect(page.locator(".bj-running")).to_be_visible()
    expect(page.locator(".bj-count-toggle")).to_have_attribute("aria-pressed", "true")
    shot(page, "blackjack-count-trainer")


# ---- Shut the Box: the scores in the end banner ----------------------------------------------------------
def test_shut_the_boxs_end_banner_shows_every_score(pages: Pages, base_url: str) -> None:
    code, tokens = make_table(base_url, "shut-the-box", [None, "optimal"], {0: "Ann"})
    page = open_table(pages, base_url, code, tokens, PHONE)
    my_turn(page)
    play_to_the_end(page)
    rows = page.locator(".stb-scores tbody tr")
    expect(rows).to_have_count(2)
    scores = [rows.nth(i).locator("td").nth(3).inner_text().strip() for i in range(2)]
    words = ["did not throw" if s in ("\u2014", "-") else s for s in scores]
    expect(page.locator("#result-text")).to_have_text(
        re.compile(rf"(wins|share the win|Nobody won)\. Scores: Ann: {words[0]}, Optimal bot: {words[1]}\.$"))
    shot(page, "shut-the-box-two-over-phone")
    page.set_viewport_size(DESKTOP)
    shot(page, "shut-the-box-two-over")
