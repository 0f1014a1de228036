"""Replays in real Chromium (Playwright): a finished game of each of the seven games stepped through
from the table page's Replay link by clicks and keys, and opened fresh from a link; a finished Gin
Rummy game whose replay shows no card a spectator did not see; and draughts' look back at a game in
progress, the live game going on meanwhile.

The games are played by bots at tables made through the API (the server's chance seeded); the
replays are used as a person would.  The real app runs in-process (see conftest.py).
"""

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any

import pytest
from browserkit import DESKTOP, NEEDS_CHROMIUM, PHONE, Pages, api, open_moves, shown
from playwright.sync_api import Page, expect
from test_browser_draughts import create_table as lobby_draughts_table

from parlour.games.gin_rummy.view import CARDS, Phase, cards_of, known_cards

pytestmark = NEEDS_CHROMIUM

BOTS = {
    "blackjack": ["dealer-mimic"], "dominoes": ["heuristic", "heuristic"], "draughts": ["casual", "random"],
    "gin-rummy": ["simple", "simple"], "go-fish": ["memory", "memory", "memory"],
    "shut-the-box": ["greedy", "greedy"], "yahtzee": ["greedy"],
}


def bot_table(served: tuple[str, Any], game: str, seed: int, seats: list[str | None] | None = None) -> str:
    """A table of bots only (or of ``seats``: a bot level or ``None`` for a person), its chance seeded;
    the bots play at once."""
    base_url, app = served
    app.state.hub.rng = random.Random(seed)
    body = json.dumps({"game": game, "seats": [{"bot": b} for b in seats or BOTS[game]]}).encode()
    request = urllib.request.Request(base_url + "/api/tables", data=body,
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request) as response:
        code: str = json.load(response)["code"]
    return code


def watch_to_the_end(page: Page, base_url: str, code: str) -> None:
    """Open the table as a spectator and wait for the game's end (its Replay link)."""
    page.goto(f"{base_url}/t/{code}")
    expect(page.locator("#replay-link")).to_be_visible(timeout=120_000)


def at_step(page: Page, n: int, last: int, game_no: int = 1) -> None:
    expect(page.locator("#board")).to_have_attribute("data-drawn", f"replay:{game_no}:{n}")
    expect(page.locator("#replay-step")).to_contain_text(f"Step {n} of {last}")
    expect(page.locator(f".replay-goto[data-n='{n}']")).to_have_attribute("aria-current", "step")


@pytest.mark.parametrize("game", sorted(BOTS))
def test_a_finished_game_is_stepped_through_by_clicks_and_keys(
        pages: Pages, served: tuple[str, Any], game: str) -> None:
    base_url = served[0]
    code = bot_table(served, game, seed=11)
    page = pages.new(DESKTOP)
    watch_to_the_end(page, base_url, code)
    history_link = page.locator("#history-list a[data-replay='1']")
    expect(history_link).to_have_accessible_name("Replay game 1")
    (history_link if game < "e" else page.locator("#replay-link")).click()
    page.wait_for_url(re.compile(rf".*/t/{code}/replay/1(#0)?$"))
    replay = api(base_url, f"/api/tables/{code}/replay?game_no=1")
    steps, last = replay["steps"], len(replay["steps"]) - 1
    assert last >= 4 and replay["over"]
    at_step(page, 0, last)
    expect(page.locator("#replay-heading")).to_have_text("Replay of game 1")
    expect(page.locator("#replay-result")).to_have_text(replay["result"])
    expect(page.locator("#replay-first")).to_be_disabled()
    expect(page.locator("#replay-back")).to_be_disabled()
    start = page.locator("#board").inner_html()

    page.click("#replay-forward")
    at_step(page, 1, last)
    expect(page.locator("#replay-step")).to_contain_text(steps[1]["text"])
    page.keyboard.press("ArrowRight")
    at_step(page, 2, last)
    page.click("#replay-forward")
    at_step(page, 3, last)
    page.keyboard.press("ArrowLeft")
    at_step(page, 2, last)
    page.click("#replay-back")
    at_step(page, 1, last)
    page.keyboard.press("End")
    at_step(page, last, last)
    expect(page.locator("#replay-forward")).to_be_disabled()
    expect(page.locator("#replay-last")).to_be_disabled()
    page.keyboard.press("ArrowRight")  # nothing after the end
    at_step(page, last, last)
    assert page.locator("#board").inner_html() != start  # the end is drawn, not the start
    page.keyboard.press("Home")
    at_step(page, 0, last)
    page.click("#replay-last")
    at_step(page, last, last)
    page.click("#replay-first")
    at_step(page, 0, last)
    page.click(f".replay-goto[data-n='{last - 1}']")
    at_step(page, last - 1, last)
    assert page.url.endswith(f"/t/{code}/replay/1#{last - 1}")  # the address says where, to share
    expect(page.locator("#back-to-table")).to_have_attribute("href", f"/t/{code}")

    fresh = pages.new(PHONE)  # a link opened fresh, on a phone
    fresh.goto(f"{base_url}/t/{code}?replay=1#3")
    at_step(fresh, 3, last)
    fresh.locator("#replay-back").click()
    at_step(fresh, 2, last)
    fresh.goto(f"{base_url}/t/{code}/replay")  # no number: the table's current game, here game 1
    at_step(fresh, 0, last)


def test_a_replay_refuses_a_game_in_play_and_one_that_does_not_exist(
        pages: Pages, served: tuple[str, Any]) -> None:
    base_url = served[0]
    code = bot_table(served, "gin-rummy", seed=3, seats=[None, "simple"])  # waits for its person
    page = pages.new()
    page.goto(f"{base_url}/t/{code}?replay=1")
    expect(page.locator("#not-found-text")).to_contain_text("can be replayed once it is over")
    expect(page.locator("#replay")).to_be_hidden()
    page.goto(f"{base_url}/t/{code}/replay/2")
    expect(page.locator("#not-found-text")).to_contain_text("has no game 2")
    expect(page.locator("#not-found-back")).to_have_attribute("href", f"/t/{code}")
    page.goto(f"{base_url}/t/NOSUCH/replay/1")
    expect(page.locator("#not-found-text")).to_contain_text("There is no table")
    page.goto(f"{base_url}/t/{code}/replay/x")
    expect(page.locator("#not-found-text")).to_contain_text("not a game number")


def gin_states(served: tuple[str, Any], code: str) -> list[Any]:
    """Every state of game 1 at a table, from the server's own record (what the test may know)."""
    hub = served[1].state.hub
    table = hub.get(code)
    game = table.game
    state = game.initial_state(table.rules, len(table.seats))
    states = [state]
    for seat, text, _ in hub.storage.game_log(table.id, 1):
        state = game.apply(state, seat, game.parse_action(state, seat, text))
        states.append(state)
    return states


def test_a_card_game_replay_shows_hidden_cards_only_as_the_game_revealed_them(
        pages: Pages, served: tuple[str, Any]) -> None:
    base_url = served[0]
    code = bot_table(served, "gin-rummy", seed=5)
    page = pages.new()
    watch_to_the_end(page, base_url, code)
    with page.expect_response(lambda r: "/replay" in r.url and "/api/" in r.url) as answer:
        page.click("#replay-link")
    sent = answer.value.json()["steps"]  # all that the page was given, not only what it draws
    states = gin_states(served, code)
    last = len(states) - 1
    at_step(page, 0, last)
    # the first hand (later hands are dealt from the same 52 cards: an earlier hand's showdown,
    # shown on the board, names cards hidden in the next one)
    playing = [n for n, s in enumerate(states) if s.phase not in (Phase.CUT, Phase.DEAL, Phase.OVER)
               and s.hand_number == 1 and s.stock and s.hands[0] and s.hands[1]]
    assert len(playing) > 8
    for n in (playing[3], playing[len(playing) // 2], playing[-2]):
        page.click(f".replay-goto[data-n='{n}']")
        at_step(page, n, last)
        state = states[n]
        known = {str(c) for seat in (0, 1) for c in cards_of(known_cards(state)[seat])}
        in_hands = {str(c) for seat in (0, 1) for c in cards_of(state.hands[seat])}
        stock = {str(CARDS[c]) for c in state.stock}
        hidden = (in_hands - known) | stock
        assert len(hidden) > 20
        # (the list of moves beside the board names later discards: the game is over, and they
        # were made in front of everyone; the board and the step shown must hide what was hidden)
        html = page.locator("#board").inner_html() + page.locator(".replay-card").inner_html()
        assert shown(html, hidden) == set(), f"step {n} shows hidden cards"
        assert shown(json.dumps(sent[n]), hidden) == set(), f"step {n} was sent hidden cards"
    page.keyboard.press("End")
    at_step(page, last, last)
    assert states[-1].phase is Phase.OVER
    # The last hand's showdown turned both hands up: the replay's end shows them, as the game did.
    knock = states[max(n for n, s in enumerate(states) if s.hands[0] and s.hands[1])]
    revealed = {str(c) for seat in (0, 1) for c in cards_of(knock.hands[seat])}
    assert len(shown(page.locator("#board").inner_html(), revealed)) >= 10


def test_draughts_look_back_while_the_game_goes_on(pages: Pages, served: tuple[str, Any]) -> None:
    base_url, app = served
    page = pages.new()
    code = lobby_draughts_table(page, base_url, ["person", "bot:random"], "first-black")
    table = app.state.hub.get(code)
    log = page.locator("#log li[data-n]")
    for _ in range(2):  # two moves of Ann's and the bot's answers, by clicks
        before = log.count()
        open_moves(page)
        page.locator("#legal .move-btn").first.click()
        expect(log).to_have_count(before + 2)
    board = page.locator(".dr-svg")
    live = board.get_attribute("data-fen")
    expect(page.locator("[data-action='look-forward']")).to_be_hidden()
    seq = table.seq

    page.click("[data-action='look-back']")
    positions = [s for s in api(base_url, f"/api/tables/{code}/replay?live=true")["steps"] if s["seat"] != -1]
    assert positions[-1]["view"]["fen"] == live
    expect(page.locator(".dr-look-status")).to_contain_text("Looking back")
    expect(board).to_have_attribute("data-fen", positions[-2]["view"]["fen"])
    page.click("[data-action='look-back']")
    two_back = positions[-3]["view"]["fen"]
    expect(board).to_have_attribute("data-fen", two_back)
    expect(page.locator(".dr-look-status")).to_contain_text(f"the position after {positions[-3]['move']}")
    assert table.seq == seq  # the live game is untouched
    expect(page.locator(".dr-sq.movable")).to_have_count(0)  # nothing to play on an old position
    expect(page.locator(".dr-prompt")).to_contain_text("Looking back at an earlier position")

    before = log.count()  # the live game goes on: Ann plays from the moves list, the bot answers
    page.locator("#legal .move-btn").first.click()
    expect(log).to_have_count(before + 2)
    assert table.seq == seq + 2
    expect(board).to_have_attribute("data-fen", two_back)  # still looking back
    page.click("[data-action='look-return']")
    now = table.game.view(table.state, None).to_json()["fen"]
    assert now != live
    expect(board).to_have_attribute("data-fen", now)  # the bot's move that came meanwhile is shown
    expect(page.locator(".dr-look-status")).to_have_text("")
    expect(page.locator("[data-action='look-return']")).to_be_hidden()
    expect(page.locator(".dr-sq.movable").first).to_be_visible()  # and Ann may play again
