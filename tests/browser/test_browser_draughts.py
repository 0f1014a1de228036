"""Draughts' view in real Chromium (Playwright): moves by clicking and by keyboard, a multiple jump
clicked landing by landing, refused clicks that change nothing, flipping the board, the draw offer and
resignation, the move list and its PDN; and a whole game against the random bot played by clicks.

The real app runs in-process (uvicorn in a thread) on a free port with a fresh SQLite database; the
browser is Debian's chromium.  Screenshots go to each test's ``tmp_path``.
"""

from __future__ import annotations

import re
from pathlib import Path

from browserkit import NEEDS_CHROMIUM, PHONE, Pages, log_count, wait_log_beyond
from playwright.sync_api import Locator, Page, expect

from parlour.games.draughts.board import BIT, Colour, Position, legal_moves, material, play
from parlour.games.draughts.notation import parse_fen
from parlour.games.draughts.pdn import read_game

pytestmark = NEEDS_CHROMIUM


# ---- helpers ----------------------------------------------------------------------------
def create_table(page: Page, base_url: str, seats: list[str], colours: str,
                 names: tuple[str, str] = ("Ann", "Bob"), pass_and_play: bool = False,
                 start: str = "") -> str:
    """Choose Draughts in the lobby and make a table; ``seats`` are "person" or "bot:LEVEL"."""
    page.goto(base_url + "/")
    page.click("button[data-game='draughts']")
    expect(page.locator("#new-table-heading")).to_contain_text("Draughts")
    if pass_and_play:
        page.check("#pass-and-play")
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}-kind", kind)
    page.fill("#seat-0-name", names[0])
    if pass_and_play:
        page.fill("#seat-1-name", names[1])
    page.select_option("#opt-colours", colours)
    if start:
        page.fill("#opt-start", start)
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    expect(page.locator(".dr .dr-svg")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def sq(page: Page, n: int) -> Locator:
    return page.locator(f".dr-sq[data-sq='{n}']")


def last_log(page: Page) -> str:
    return page.locator("#log li[data-n]").last.inner_text()


def legal(page: Page) -> list[str]:
    moves: list[str] = page.locator(".move-btn").evaluate_all("els => els.map(e => e.dataset.move)")
    return moves


def squares_with(page: Page, cls: str) -> set[int]:
    found: list[str] = page.locator(f".dr-sq.{cls}").evaluate_all("els => els.map(e => e.dataset.sq)")
    return {int(s) for s in found}


def click_move(page: Page, move: str) -> None:
    """Play a move on the board by clicking the piece (unless it is chosen already) and then each
    square it lands on."""
    path = [int(s) for s in re.split(r"[-x]", move)]
    before = log_count(page)
    if squares_with(page, "selected") != {path[0]}:
        sq(page, path[0]).click()
    expect(sq(page, path[0])).to_have_class(re.compile(r"\bselected\b"))
    for i, square in enumerate(path[1:], start=1):
        expect(sq(page, square)).to_have_class(re.compile(r"\bstep\b"))
        sq(page, square).click()
        if i < len(path) - 1:
            expect(sq(page, square)).to_have_class(re.compile(r"\bvisited\b"))
    wait_log_beyond(page, before)
    said = page.locator("#log li[data-n]").nth(before).inner_text()  # a bot may have answered already
    assert f": {move}" in said, (move, said)


def refused(page: Page, square: int, words: str) -> None:
    """Click a square that may not be chosen: the reason shows and nothing is sent or chosen."""
    before = log_count(page)
    selected = squares_with(page, "selected")
    sq(page, square).click()
    expect(page.locator(".dr-prompt")).to_contain_text(words)
    expect(page.locator(".dr-prompt")).to_have_class(re.compile(r"\brefused\b"))
    assert squares_with(page, "selected") == selected
    assert log_count(page) == before


def y_of(page: Page, square: int) -> float:
    box = sq(page, square).bounding_box()
    assert box is not None
    return box["y"]


def wait_for_turn_or_end(page: Page) -> bool:
    """Wait until this page may move on the board (True) or the game is over (False).  A draw
    offered by the bot (in a dead position, or after a long chase) is declined on the way."""
    while True:
        page.wait_for_function(
            "() => !document.getElementById('result').hidden"
            " || document.querySelectorAll('.dr-sq.movable').length > 0"
            " || !document.querySelector('[data-action=decline]')?.hidden",
            timeout=20_000)
        if page.locator("#result").is_visible():
            return False
        if not page.locator("[data-action=decline]").is_visible():
            return True
        expect(page.locator(".dr-offer")).to_contain_text("offers a draw")
        page.click("[data-action=decline]")
        expect(page.locator("[data-action=decline]")).to_be_hidden()


# A small searcher to choose the test player's moves against the random bot (material, a little
# advancement, and kings drawn towards the enemy so that the game ends).
def _score(pos: Position) -> float:
    me, them = pos.turn, pos.turn.other
    value = 10.0 * (material(pos, me) - material(pos, them))
    board = [(s, pos.piece_at(s)) for s in range(1, 33)]
    mine = [s for s, p in board if p is not None and p.colour is me]
    theirs = [s for s, p in board if p is not None and p.colour is them]
    for s, p in board:
        if p is None or p.king:
            continue
        row = (s - 1) // 4
        advance = row if p.colour is Colour.BLACK else 7 - row
        value += 0.1 * advance * (1 if p.colour is me else -1)
    if theirs:
        for s in mine:
            if pos.kings & BIT[s]:
                value -= 0.05 * min(abs((s - 1) // 4 - (t - 1) // 4) + abs((s - 1) % 4 - (t - 1) % 4)
                                    for t in theirs)
    return value


def _negamax(pos: Position, depth: int) -> float:
    moves = legal_moves(pos, True)
    if not moves:
        return -1000.0 - depth
    if depth == 0:
        return _score(pos)
    return max(-_negamax(play(pos, m), depth - 1) for m in moves)


def choose(fen: str, allowed: list[str]) -> str:
    pos = parse_fen(fen)
    moves = [m for m in legal_moves(pos, True) if m.text in allowed]
    return max(moves, key=lambda m: -_negamax(play(pos, m), 2)).text


# ---- tests ------------------------------------------------------------------------------
def test_pass_and_play_by_clicks_and_keys_with_a_double_jump_flip_draw_offer_and_resignation(
        pages: Pages, base_url: str, tmp_path: Path) -> None:
    page = pages.new()
    create_table(page, base_url, ["person", "person"], "first-black", pass_and_play=True)
    board = page.locator(".dr-svg")
    expect(page.locator(".dr-sq")).to_have_count(32)
    expect(page.locator(".dr-piece")).to_have_count(24)
    expect(page.locator(".dr-piece.king")).to_have_count(0)
    expect(page.locator(".dr-head .chip:not(.dr-clock-chip)")).to_have_text("Captures are compulsory")
    # Ann holds seat 1, Black: Black at the bottom
    expect(board).to_have_attribute("data-bottom", "black")
    assert y_of(page, 1) > y_of(page, 32)
    expect(page.locator(".dr-player.bottom")).to_contain_text("Ann · Black")
    expect(page.locator(".dr-player.bottom")).to_have_class(re.compile(r"\bto-move\b"))
    expect(page.locator(".dr-player.top")).to_contain_text("Bob · White")
    assert "null" not in page.locator(".dr").inner_text()
    assert squares_with(page, "movable") == {9, 10, 11, 12}
    expect(page.locator(".dr-moves .dr-nomoves")).to_be_visible()
    expect(page.locator("[data-action=offer-draw]")).to_be_visible()
    expect(page.locator("[data-action=resign]")).to_be_visible()
    expect(page.locator(".dr-confirm")).to_be_hidden()
    expect(page.locator(".dr-offer")).to_be_hidden()

    # refused clicks: a blocked man, the other side's man, an empty square
    refused(page, 1, "The man on 1 has no move")
    refused(page, 22, "That is White's man")
    refused(page, 18, "Square 18 is empty")
    # choose, cancel with Esc, choose again, a wrong destination, then the move
    sq(page, 9).click()
    assert squares_with(page, "selected") == {9} and squares_with(page, "step") == {13, 14}
    expect(page.locator(".dr-prompt")).to_contain_text("The piece on 9 can go to 13 or 14")
    page.keyboard.press("Escape")
    expect(page.locator(".dr-sq.selected")).to_have_count(0)
    sq(page, 9).click()
    refused(page, 17, "The piece on 9 cannot go to 17")
    click_move(page, "9-13")
    expect(sq(page, 13).locator(".dr-piece.black")).to_have_count(1)
    expect(sq(page, 9)).to_have_class(re.compile(r"\blast-from\b"))
    expect(sq(page, 13)).to_have_class(re.compile(r"\blast-to\b"))
    expect(page.locator(".dr-last-arrow")).to_have_count(1)

    # Bob's turn on the same device: the board stays the way it was, the strips say who moves
    expect(page.locator(".dr-player.top")).to_have_class(re.compile(r"\bto-move\b"))
    expect(page.locator(".dr-turn")).to_contain_text("Bob (White) to move")
    expect(board).to_have_attribute("data-bottom", "black")
    page.click("[data-action=flip]")
    expect(board).to_have_attribute("data-bottom", "white")
    expect(page.locator("[data-action=flip]")).to_have_attribute("aria-pressed", "true")
    assert y_of(page, 1) < y_of(page, 32)
    expect(page.locator(".dr-player.bottom")).to_contain_text("Bob · White")
    page.locator("body").press("f")  # the F key flips it back
    expect(board).to_have_attribute("data-bottom", "black")
    expect(page.locator(".dr-num").first).to_be_visible()
    page.locator("body").press("n")  # N hides the square numbers, and the box says so
    expect(page.locator(".dr-num").first).to_be_hidden()
    expect(page.locator("[data-action=numbers]")).not_to_be_checked()
    page.check("[data-action=numbers]")
    expect(page.locator(".dr-num").first).to_be_visible()
    click_move(page, "21-17")

    # Ann moves 6-9 by keyboard: Enter on 6, the up arrow to 9, Enter
    sq(page, 6).focus()
    page.keyboard.press("Enter")
    expect(sq(page, 6)).to_have_class(re.compile(r"\bselected\b"))
    page.keyboard.press("ArrowUp")
    expect(sq(page, 9)).to_be_focused()
    board.screenshot(path=str(tmp_path / "board-keyboard-focus.png"))
    before = log_count(page)
    page.keyboard.press("Enter")
    wait_log_beyond(page, before)
    assert "6-9" in last_log(page)
    click_move(page, "17-14")

    # the capture is compulsory: 11 may not move; 9 takes 14
    assert squares_with(page, "movable") == {9, 10}
    refused(page, 11, "you must capture")
    click_move(page, "9x18")
    expect(page.locator(".dr-player.bottom .dr-taken-count")).to_have_text("took 1")
    expect(sq(page, 14).locator(".dr-piece")).to_have_count(0)

    # Bob's double jump, clicked landing by landing, with a refused click in the middle
    sq(page, 22).click()
    assert squares_with(page, "step") == {15} and squares_with(page, "target") == {6}
    before = log_count(page)
    sq(page, 15).click()
    expect(sq(page, 15)).to_have_class(re.compile(r"\bvisited\b"))
    expect(sq(page, 15).locator(".dr-badge")).to_have_text("1")
    assert squares_with(page, "jumped") == {18} and squares_with(page, "step") == {6}
    expect(page.locator(".dr-path-line")).to_have_count(1)
    expect(page.locator(".dr-prompt")).to_contain_text("22x15 so far: jump on to 6")
    page.screenshot(path=str(tmp_path / "desktop-double-jump.png"), full_page=True)
    board.screenshot(path=str(tmp_path / "board-double-jump.png"))
    refused(page, 19, "From 15 the piece cannot land on 19")
    assert squares_with(page, "visited") == {15}
    sq(page, 6).click()
    wait_log_beyond(page, before)
    assert "22x15x6, taking 2 pieces" in last_log(page)
    expect(page.locator(".dr-player.top .dr-taken-count")).to_have_text("took 2")
    expect(page.locator(".dr-lastline")).to_contain_text("Last move: 22x15x6 by White, taking 2 pieces")

    # Ann takes back, with whichever capture is first
    captures = [m for m in legal(page) if "x" in m]
    assert captures and all("x" in m for m in legal(page) if m[0].isdigit())
    click_move(page, captures[0])

    # Bob offers a draw; Ann declines; Bob resigns (after first cancelling)
    before = log_count(page)
    page.click("[data-action=offer-draw]")
    wait_log_beyond(page, before)
    expect(page.locator(".dr-offer")).to_be_visible()
    expect(page.locator(".dr-offer")).to_contain_text("Bob offers a draw")
    expect(page.locator(".dr-player.bottom")).to_contain_text("to answer")
    expect(page.locator("[data-action=resign]")).to_be_hidden()
    refused(page, 10, "Answer the draw offer first")
    before = log_count(page)
    page.click("[data-action=decline]")
    wait_log_beyond(page, before)
    expect(page.locator(".dr-offer")).to_be_hidden()
    expect(page.locator(".dr-notes")).to_contain_text("Black declined a draw: 40 moves left")
    expect(page.locator("[data-action=offer-draw]")).to_be_hidden()  # once a turn
    page.click("[data-action=resign]")
    expect(page.locator(".dr-confirm")).to_be_visible()
    page.click("[data-action=cancel-resign]")
    expect(page.locator(".dr-confirm")).to_be_hidden()
    assert "resigns" not in page.locator("#log").inner_text()
    page.click("[data-action=resign]")
    page.click("[data-action=confirm-resign]")

    result = page.locator("#result-text")
    expect(result).to_have_text("Ann (Black) wins: Bob (White) resigned.")
    expect(page.locator(".dr-turn")).to_contain_text("Game over")
    expect(page.locator(".dr-game-actions")).to_be_hidden()
    expect(page.locator(".dr-sq.movable")).to_have_count(0)
    refused(page, 10, "The game is over")

    # the move list and its PDN
    rows = page.locator(".dr-movetable tbody tr")
    expect(rows.first).to_contain_text("1.")
    expect(page.locator(".dr-movetable")).to_contain_text("22x15x6")
    expect(page.locator(".dr-movetable .dr-note-row")).to_have_count(3)  # offer, decline, resign
    page.locator(".dr-pdn summary").click()  # the PDN, as the server writes it
    expect(page.locator(".dr-pdn-text")).to_have_value(re.compile(r'\[Result "1-0"\]'))
    pdn = page.locator(".dr-pdn-text").input_value()
    assert re.search(r'\[Event "Parlour table [A-Z0-9]+"\]', pdn) and '[Round "1"]' in pdn
    flat = " ".join(pdn.split())  # (the writer wraps lines at 79 characters, comments too)
    assert "4. 1x10 {White offers a draw} {Black declines the draw} {White resigns} 1-0" in flat
    assert '[Black "Ann"]' in pdn and '[White "Bob"]' in pdn and '[Result "1-0"]' in pdn
    assert "1. 9-13 21-17 2. 6-9 17-14 3. 9x18 22x15x6 4." in pdn and pdn.rstrip().endswith("1-0")
    game = read_game(pdn)
    assert [m.text for m in game.moves][:6] == ["9-13", "21-17", "6-9", "17-14", "9x18", "22x15x6"]
    assert game.result == "1-0"
    with page.expect_download() as download:
        page.click("[data-action=download-pdn]")
    assert download.value.suggested_filename.endswith(".pdn")
    assert Path(download.value.path()).read_text() == pdn
    # the engine's review of the finished game, the same as the server's, marked in the move list
    expect(page.locator(".dr-review")).to_be_visible()
    page.click("[data-action=review]")
    expect(page.locator(".dr-review-status")).to_contain_text("moves reviewed", timeout=60_000)
    code = page.url.rsplit("/", 1)[1]
    review = page.request.get(f"{base_url}/api/tables/{code}/review").json()
    assert review["moves"] == 7
    expect(page.locator(".dr-review-list li")).to_have_count(len(review["mistakes"]))
    expect(page.locator(".dr-movetable td.dr-mistake")).to_have_count(len(review["mistakes"]))
    for m in review["mistakes"]:
        expect(page.locator(f".dr-review-list li[data-ply='{m['ply']}']")).to_contain_text(f"{m['played']}?")
    expect(page.locator("[data-action=review]")).to_be_hidden()
    expect(page.locator(".dr-import-why")).to_contain_text("game is over")
    expect(page.locator("[data-action=import-pdn]")).to_be_disabled()
    page.screenshot(path=str(tmp_path / "desktop-over.png"), full_page=True)

    # on a phone: the board first, full width, the side panel below it
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    box = board.bounding_box()
    side = page.locator(".dr-side").bounding_box()
    assert box and side and box["width"] > 300 and side["y"] > box["y"] + box["height"]
    page.screenshot(path=str(tmp_path / "phone-over.png"), full_page=True)

    # a new game at the table, where a PDN may be imported: the moves are replayed for both sides
    page.click("#again")
    expect(page.locator(".dr-piece")).to_have_count(24)
    expect(page.locator("[data-action=import-pdn]")).to_be_enabled()
    page.locator(".dr-import summary").click()
    # (22x6 names one double jump by its ends, as PDN allows)
    page.fill(".dr-import-text", '[GameType "21"]\n1. 9-13 22-18 2. 6-9 25-22 3. 13-17 22x6 4. 2x9 *')
    page.click("[data-action=import-pdn]")
    expect(page.locator(".dr-import-status")).to_have_text("Imported 7 moves.")
    expect(page.locator(".dr-movetable")).to_contain_text("22x13x6")
    expect(page.locator(".dr-lastline")).to_contain_text("Last move: 2x9 by Black")
    expect(page.locator(".dr-turn")).to_contain_text("Bob (White) to move")


def test_a_whole_game_against_the_random_bot_by_clicks(pages: Pages, base_url: str, tmp_path: Path) -> None:
    page = pages.new()
    code = create_table(page, base_url, ["person", "bot:random"], "second-black")
    watcher = pages.new(PHONE)  # a spectator on another device
    watcher.goto(f"{base_url}/t/{code}")
    expect(watcher.locator(".dr-svg")).to_have_attribute("data-bottom", "white")
    refused(watcher, 9, "You are watching")
    expect(watcher.locator(".dr-game-actions")).to_be_hidden()
    # Ann plays White: White at the bottom; the bot (Black) moves first
    expect(page.locator(".dr-svg")).to_have_attribute("data-bottom", "white")
    expect(page.locator(".dr-player.bottom")).to_contain_text("Ann · White")
    expect(page.locator(".dr-player.bottom .dr-you")).to_be_visible()
    captures = 0
    moves = 0
    while wait_for_turn_or_end(page):
        if moves == 12:
            page.set_viewport_size(PHONE)  # the rest of the game on a phone
        if moves >= 80:  # a safety net (a long chase of a last king): resign, which ends it too
            page.click("[data-action=resign]")
            page.click("[data-action=confirm-resign]")
            break
        fen = page.locator(".dr-svg").get_attribute("data-fen")
        assert fen
        move = choose(fen, legal(page))
        if moves == 3:
            page.screenshot(path=str(tmp_path / "desktop-vs-bot.png"))
        click_move(page, move)
        captures += "x" in move
        moves += 1
        if moves == 14:
            page.screenshot(path=str(tmp_path / "phone-vs-bot.png"))
    expect(page.locator("#result-text")).to_be_visible()
    expect(watcher.locator("#result-text")).to_have_text(page.locator("#result-text").inner_text())
    final = page.locator(".dr-svg").get_attribute("data-fen") or ""
    expect(watcher.locator(".dr-svg")).to_have_attribute("data-fen", final)
    assert captures >= 1, "no capture was made by clicks"
    expect(page.locator(".dr-sq.movable")).to_have_count(0)
    expect(page.locator(".dr-game-actions")).to_be_hidden()
    page.locator(".dr-pdn summary").click()
    expect(page.locator(".dr-pdn-text")).to_have_value(re.compile(r"\[Result "))
    pdn = page.locator(".dr-pdn-text").input_value()
    game = read_game(pdn)
    assert len(game.moves) >= 2 * moves - 1
    assert game.final.fen() == final
    page.screenshot(path=str(tmp_path / "phone-vs-bot-over.png"), full_page=True)
    page.locator(".dr-board-col").screenshot(path=str(tmp_path / "phone-vs-bot-board.png"))
    print(f"{moves} moves by clicks, {captures} captures; {page.locator('#result-text').inner_text()}")


SETUP = "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"


def test_a_table_set_up_from_a_position_in_the_lobby_with_its_pdn_imported(
        pages: Pages, base_url: str, tmp_path: Path) -> None:
    page = pages.new()
    # a position that cannot start a game is refused in the lobby, with the reason
    page.goto(base_url + "/")
    page.click("button[data-game='draughts']")
    page.fill("#opt-start", "B:W1:B5")
    page.click("#create-table")
    expect(page.locator("#create-error")).to_contain_text("a white man on 1 would have been crowned")
    assert "/t/" not in page.url

    create_table(page, base_url, ["person", "person"], "first-black", pass_and_play=True, start=SETUP)
    board = page.locator(".dr-svg")
    expect(board).to_have_attribute("data-fen", SETUP)
    expect(page.locator(".dr-piece")).to_have_count(12)
    expect(page.locator(".dr-piece.king")).to_have_count(5)
    expect(page.locator(".dr-turn")).to_contain_text("Bob (White) to move")
    expect(page.locator(".dr-taken-count")).to_have_text(["took 0", "took 0"])  # nothing taken yet
    moves = [m for m in legal(page) if re.fullmatch(r"\d+([-x]\d+)+", m)]
    assert moves and squares_with(page, "movable") == {int(re.split("[-x]", m)[0]) for m in moves}
    assert squares_with(page, "movable") <= {10, 15, 18, 24, 27, 28}  # White's pieces
    # a game from the usual opening is not this table's game; one from this position is
    page.locator(".dr-import summary").click()
    page.fill(".dr-import-text", "1. 11-15 23-19 *")
    page.click("[data-action=import-pdn]")
    expect(page.locator(".dr-import-status")).to_contain_text("This table starts from a set-up position")
    page.fill(".dr-import-text", f'[SetUp "1"]\n[FEN "{SETUP}"]\n1... 10-6 2. 16-19 6-1 *')
    page.click("[data-action=import-pdn]")
    expect(page.locator(".dr-import-status")).to_have_text("Imported 3 moves.")
    rows = page.locator(".dr-movetable tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_text(re.compile(r"^\s*1\.\s*…\s*10-6\s*$"))  # White moved first
    expect(rows.nth(1)).to_have_text(re.compile(r"^\s*2\.\s*16-19\s*6-1\s*$"))
    page.locator(".dr-pdn summary").click()
    expect(page.locator(".dr-pdn-text")).to_have_value(re.compile(r"1\.\.\. 10-6 2\. 16-19 6-1 \*"))
    pdn = page.locator(".dr-pdn-text").input_value()
    assert f'[FEN "{SETUP}"]' in pdn and '[SetUp "1"]' in pdn
    game = read_game(pdn)
    expect(board).to_have_attribute("data-fen", game.final.fen())
    page.screenshot(path=str(tmp_path / "set-up-position.png"), full_page=True)


def test_the_bot_offers_a_draw_in_a_dead_position_and_the_person_accepts_it(
        pages: Pages, base_url: str, tmp_path: Path) -> None:
    """The manual has a draw only by agreement: with a king each, the bot (Black, to move) offers one."""
    page = pages.new()
    create_table(page, base_url, ["person", "bot:club"], "second-black", start="B:WK32:BK1")
    offer = page.locator(".dr-offer")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("Club bot offers a draw")
    expect(page.locator("[data-action=accept]")).to_be_visible()
    expect(page.locator(".dr-sq.movable")).to_have_count(0)  # the answer first
    page.screenshot(path=str(tmp_path / "bot-offers-a-draw.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(tmp_path / "bot-offers-a-draw-phone.png"), full_page=True)
    page.click("[data-action=accept]")
    expect(page.locator("#result-text")).to_contain_text("A draw by agreement")
    expect(offer).to_be_hidden()
    expect(page.locator(".dr-game-actions")).to_be_hidden()
