"""The web client in real Chromium (Playwright): lobby, table, Shut the Box view, the protocol end to end.

The real app runs in-process (uvicorn in a thread) on a free port with a fresh SQLite database; the
browser is Debian's chromium.  Each test saves a screenshot in its ``tmp_path``.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    NEEDS_CHROMIUM,
    PHONE,
    Pages,
    api,
    legal_moves,
    log_count,
    open_moves,
    type_move,
    wait_for_turn_or_end,
    wait_log_beyond,
)
from playwright.sync_api import Page, expect

pytestmark = NEEDS_CHROMIUM


# ---- helpers ----------------------------------------------------------------------------
def create_in_lobby(page: Page, base_url: str, seats: list[str], name: str = "Ann",
                    rules: dict[str, str] | None = None) -> str:
    """Fill the lobby's New-table form; ``seats`` are "person" or "bot:LEVEL". Returns the code."""
    page.goto(base_url + "/")
    page.click("button[data-game='shut-the-box']")
    expect(page.locator("#new-table")).to_be_visible()
    page.select_option("#seat-count", str(len(seats)))
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}-kind", kind)
    page.fill("#seat-0-name", name)
    for key, value in (rules or {}).items():
        page.select_option(f"#opt-{key}", value)
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    expect(page.locator(".stb")).to_be_visible()
    code = page.url.rsplit("/", 1)[1]
    expect(page.locator("#table-code")).to_have_text(code)
    return code


def play_by_clicking(page: Page) -> str:
    """Make one move through the Shut the Box view: roll, or pick the first legal flip's tiles."""
    moves = legal_moves(page)
    before = log_count(page)
    if "roll 2" in moves:
        page.click("[data-action=roll2]")
        played = "roll 2"
    else:
        played = moves[0]
        assert re.fullmatch(r"\d+(\+\d+)*", played), moves
        for tile in played.split("+"):
            page.click(f".tile[data-tile='{tile}']")
            expect(page.locator(f".tile[data-tile='{tile}']")).to_have_class(re.compile(r"\bselected\b"))
        cover = page.locator("[data-action=cover]")
        expect(cover).to_have_text(f"Cover {played}")
        expect(cover).to_be_enabled()
        cover.click()
    wait_log_beyond(page, before)
    return played


# ---- tests ------------------------------------------------------------------------------
def test_full_game_against_the_optimal_bot_then_play_again(pages: Pages, base_url: str,
                                                           tmp_path: Path) -> None:
    page = pages.new()
    create_in_lobby(page, base_url, ["person", "bot:optimal"])
    seats = page.locator("#seats .seat")
    expect(seats.nth(0)).to_contain_text("Ann")
    expect(seats.nth(0)).to_have_class(re.compile(r"\bmine\b"))
    expect(seats.nth(1)).to_contain_text("bot · optimal")
    expect(page.locator("#turn-text")).to_have_text("Your turn")

    played = []
    for _ in range(100):
        if not wait_for_turn_or_end(page):
            break
        played.append(play_by_clicking(page))
    else:
        pytest.fail("the game did not end")
    assert played[0] == "roll 2" and len(played) >= 2

    result = page.locator("#result-text")
    expect(result).to_have_text(re.compile(r"(Ann|Optimal bot).*(wins|share)"))
    result_text = result.inner_text().strip()
    expect(page.locator("#turn-text")).to_have_text("Game over")
    expect(page.locator("#history-list li")).to_have_count(1)
    expect(page.locator("#history-list li").first).to_contain_text("Game 1: " + result_text)
    expect(page.locator(".stb-rounds tbody tr")).to_have_count(1)
    page.screenshot(path=str(tmp_path / "game-over.png"), full_page=True)

    page.click("#again")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("[data-action=roll2]")).to_be_visible()
    expect(page.locator("#standings")).to_contain_text("After 1 game")
    expect(page.locator("#history-list li")).to_have_count(1)
    expect(page.locator(".stb .tile.covered")).to_have_count(0)
    page.screenshot(path=str(tmp_path / "game-two.png"), full_page=True)


def test_two_devices_play_each_other_to_the_end(pages: Pages, base_url: str, tmp_path: Path) -> None:
    ann = pages.new()
    code = create_in_lobby(ann, base_url, ["person", "person"])
    expect(ann.locator("#seats .seat").nth(1)).to_contain_text("waiting for a player")

    bob = pages.new(PHONE)
    bob.goto(base_url + "/")
    expect(bob.locator(f"#open-tables li[data-code='{code}']")).to_contain_text("1 free seat")
    bob.fill("#join-code", code.lower())
    bob.press("#join-code", "Enter")
    bob.wait_for_url(re.compile(rf".*/t/{code}$", re.IGNORECASE))
    expect(bob.locator("#join-card")).to_be_visible()
    expect(bob.locator("#turn-text")).to_have_text("Waiting for a player to sit in seat 2")
    bob.fill("#join-name-1", "Bob")
    bob.click("#join-seats button")
    expect(bob.locator("#join-card")).to_be_hidden()
    expect(bob.locator("#seats .seat.mine")).to_contain_text("Bob")
    expect(ann.locator("#seats .seat").nth(1)).to_contain_text("Bob")
    expect(ann.locator("#seats .seat").nth(1)).to_contain_text("online")
    expect(bob.locator("#turn-text")).to_have_text("Waiting for Ann")

    movers: set[str] = set()

    def play_out() -> None:
        for _ in range(200):
            actor = None
            deadline = time.monotonic() + 20
            while actor is None and time.monotonic() < deadline:
                if ann.locator("#result").is_visible() and bob.locator("#result").is_visible():
                    break
                actor = next((p for p in (ann, bob) if p.locator(".move-btn").count()), None)
                if actor is None:
                    ann.wait_for_timeout(30)
            if actor is None:
                return
            other = bob if actor is ann else ann
            before = log_count(actor)
            if actor is ann:
                open_moves(ann)
                ann.locator(".move-btn").first.click()
                movers.add("Ann")
            else:
                move = legal_moves(bob)[0]
                # typed in the text box; flips typed lowest first, spaced: the server reads any order
                typed = move if move.startswith("roll") else " ".join(reversed(move.split("+")))
                type_move(bob, typed)
                movers.add("Bob")
            wait_log_beyond(actor, before)
            wait_log_beyond(other, before)
        pytest.fail("the game did not end")

    play_out()
    for _ in range(4):  # Ann may shut the box on the first turn, and Bob never plays: deal again
        if "Bob" in movers:
            break
        ann.click("#again")
        expect(bob.locator("#result")).to_be_hidden()
        play_out()

    assert movers == {"Ann", "Bob"}
    expect(ann.locator("#result")).to_be_visible()
    expect(bob.locator("#result")).to_be_visible()
    text = ann.locator("#result-text").inner_text().strip()
    assert re.search(r"(Ann|Bob|draw)", text), text
    expect(bob.locator("#result-text")).to_have_text(text)
    expect(bob.locator("#log li[data-n]")).to_have_count(log_count(ann))
    ann.screenshot(path=str(tmp_path / "ann.png"), full_page=True)
    bob.screenshot(path=str(tmp_path / "bob-phone.png"), full_page=True)


def test_reload_rejoins_the_same_seat(pages: Pages, base_url: str, tmp_path: Path) -> None:
    page = pages.new()
    code = create_in_lobby(page, base_url, ["person", "bot:greedy"], name="Cleo")
    token = page.evaluate(f"() => localStorage.getItem('parlour:tokens:{code}')")
    assert token and json.loads(token).get("0")

    play_by_clicking(page)  # roll: now Cleo must cover tiles
    expect(page.locator(".tile.enabled").first).to_be_visible()
    moves = legal_moves(page)
    lines = log_count(page)

    page.reload()
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    expect(page.locator("#seats .seat.mine")).to_have_count(1)
    expect(page.locator("#seats .seat.mine .name")).to_have_text("Cleo")
    expect(page.locator("#join-card")).to_be_hidden()
    expect(page.locator("#log li[data-n]")).to_have_count(lines)
    assert legal_moves(page) == moves
    expect(page.locator("#turn-text")).to_have_text("Your turn")
    assert api(base_url, f"/api/tables/{code}")["seats"][0]["connected"] is True

    # still able to move after the reload, this time by keyboard: digits pick tiles, Enter covers
    flip = moves[0]
    page.locator("#seats-heading").click()  # focus on the page, not in a text box
    for tile in flip.split("+"):
        page.keyboard.press(tile)
    expect(page.locator("[data-action=cover]")).to_have_text(f"Cover {flip}")
    page.keyboard.press("Enter")
    wait_log_beyond(page, lines)
    expect(page.locator("#log li[data-n]").nth(lines)).to_contain_text("Cleo covers")
    for tile in flip.split("+"):
        expect(page.locator(f".stb .tile[data-tile='{tile}']")).to_have_class(re.compile(r"\bcovered\b"))
    page.screenshot(path=str(tmp_path / "after-reload.png"), full_page=True)


def test_refused_moves_show_the_servers_message_and_change_nothing(pages: Pages, base_url: str,
                                                                   tmp_path: Path) -> None:
    page = pages.new()
    create_in_lobby(page, base_url, ["person", "bot:optimal"])
    error = page.locator("#move-error")
    expect(error).to_be_empty()

    type_move(page, "roll 3")
    expect(error).to_have_text("Throw one die or two, not 3.")
    expect(page.locator("#log li[data-n]")).to_have_count(0)
    expect(page.locator("[data-action=roll2]")).to_be_visible()
    expect(page.locator("#move-text")).to_have_value("roll 3")  # kept, to be corrected

    play_by_clicking(page)
    dice = page.locator(".stb-scores tbody tr").first.locator("td").nth(2).inner_text()
    total = sum(int(d) for d in dice.split("+"))
    moves, lines = legal_moves(page), log_count(page)
    wrong = "1" if total != 1 else "2"
    type_move(page, wrong)
    expect(error).to_have_text(f"{wrong} makes {wrong}, but the throw was {total}.")
    page.screenshot(path=str(tmp_path / "refused.png"), full_page=True)
    expect(page.locator("#log li[data-n]")).to_have_count(lines)
    assert legal_moves(page) == moves
    expect(page.locator(".stb .tile.covered")).to_have_count(0)

    # a good move clears the message
    type_move(page, moves[0])
    wait_log_beyond(page, lines)
    expect(error).to_be_empty()


def test_every_house_rule_is_in_the_lobby_form(pages: Pages, base_url: str, tmp_path: Path) -> None:
    game = next(g for g in api(base_url, "/api/games") if g["name"] == "shut-the-box")
    assert game["options"], "Shut the Box has house rules"
    page = pages.new(PHONE)
    page.goto(base_url + "/")
    page.click("button[data-game='shut-the-box']")
    form = page.locator("#new-table-form")
    expect(form).to_be_visible()
    assert form.locator("[data-kind]").count() == len(game["options"])
    for option in game["options"]:
        control = form.locator(f"#opt-{option['name']}")
        expect(control).to_have_count(1)
        label = form.locator(f"label[for='opt-{option['name']}']")
        expect(label).to_contain_text(option["help"])
        if option["kind"] == "bool":
            assert control.get_attribute("type") == "checkbox"
            assert control.is_checked() is option["default"]
        elif option["choices"]:
            values = control.locator("option").evaluate_all("os => os.map(o => o.value)")
            assert values == [str(c) for c in option["choices"]]
            expect(control).to_have_value(str(option["default"]))
        else:
            assert control.get_attribute("type") == "number"
            expect(control).to_have_value(str(option["default"]))
    for n in range(game["min_players"], game["max_players"] + 1):
        expect(page.locator(f"#seat-count option[value='{n}']")).to_have_count(1)
    levels = page.locator("#seat-1-kind option").evaluate_all("os => os.map(o => o.value)")
    assert levels == ["person"] + [f"bot:{b}" for b in game["bots"]]
    expect(page.locator("#seat-1-kind")).to_have_value(f"bot:{game['default_bot']}")
    expect(page.locator("#allow-hints")).to_be_checked()
    page.screenshot(path=str(tmp_path / "form-phone.png"), full_page=True)

    # a form the game refuses shows the server's reason (the long game takes exactly 2 players)
    page.select_option("#opt-mode", "long")
    page.select_option("#seat-count", "3")
    page.click("#create-table")
    expect(page.locator("#create-error")).to_contain_text("the long game takes 2 players, not 3")
    assert page.url == base_url + "/"


def _fake_state(seq: int, to_act: list[int], legal: dict[str, list[str]]) -> dict[str, Any]:
    """A state message of a made-up hidden-information game that has no view module."""
    seats = [{"seat": s, "name": n, "bot": None, "taken": True, "connected": True}
             for s, n in enumerate(("Ann", "Bob"))]
    return {"type": "state", "code": "FAKE1", "game": "secret-cards", "title": "Secret Cards", "game_no": 1,
            "seq": seq, "seats": seats, "to_act": to_act, "you": [0, 1],
            "views": {"0": {"hand": ["AS", "7H"]}, "1": {"hand": ["KD", "2C"]}}, "view": None,
            "legal": legal, "log": [{"n": i + 1, "seat": 0, "text": f"move {i + 1}"} for i in range(seq)],
            "over": False, "result": None, "winners": [], "standings": [], "history": [],
            "hints": False, "hidden_information": True, "move_help": "Play a card: AS"}


def test_pass_and_play_hides_a_hand_until_ready_and_unknown_games_get_the_generic_view(
        pages: Pages, base_url: str, tmp_path: Path) -> None:
    """The client side of the contract, with the socket played by the test (no such game exists yet)."""
    page = pages.new(PHONE)
    page.route("**/api/tables/FAKE1", lambda route: route.fulfill(json={
        "code": "FAKE1", "game": "secret-cards", "title": "Secret Cards", "rules": {}, "hints": False,
        "game_no": 1, "over": False, "seats": []}))
    received: list[dict[str, Any]] = []

    def socket(ws: Any) -> None:
        def on_message(text: str | bytes) -> None:
            message = json.loads(text)
            received.append(message)
            if message["type"] == "hello":
                ws.send(json.dumps({"type": "welcome", "seats": [0, 1], "names": {"0": "Ann", "1": "Bob"}}))
                ws.send(json.dumps(_fake_state(1, [0], {"0": ["AS", "7H"]})))
            elif message["type"] == "move" and message.get("seat") == 0:
                ws.send(json.dumps(_fake_state(2, [1], {"1": ["KD", "2C"]})))
        ws.on_message(on_message)

    page.route_web_socket("**/ws/FAKE1", socket)
    page.add_init_script("localStorage.setItem('parlour:tokens:FAKE1', JSON.stringify({0: 'ta', 1: 'tb'}))")
    page.goto(base_url + "/t/FAKE1")

    cover = page.locator("#pass-cover")
    expect(cover).to_be_visible()
    expect(page.locator("#pass-title")).to_have_text("Pass the device to Ann")
    assert "7H" not in page.locator("#board").inner_text()
    page.click("#pass-ready")
    expect(cover).to_be_hidden()
    expect(page.locator("#board .generic-view")).to_contain_text("AS, 7H")
    expect(page.locator("#moves-for")).to_have_text("for Ann")
    page.click(".move-btn[data-move='AS']")

    expect(cover).to_be_visible()
    expect(page.locator("#pass-title")).to_have_text("Pass the device to Bob")
    assert "KD" not in page.locator("body").inner_text() and "7H" not in page.locator("body").inner_text()
    page.screenshot(path=str(tmp_path / "pass-cover.png"))
    page.click("#pass-ready")
    expect(page.locator("#board .generic-view")).to_contain_text("KD, 2C")
    assert received[0] == {"type": "hello", "tokens": ["ta", "tb"]}
    assert received[1] == {"type": "move", "move": "AS", "seat": 0, "seq": 1, "game_no": 1}
    page.screenshot(path=str(tmp_path / "generic-view.png"), full_page=True)
