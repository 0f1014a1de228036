"""Dominoes' view in real Chromium (Playwright): a whole game by clicking tiles, ends and Knock against
the random bot; four players in partnerships on a phone, the line of play turning to fit the table;
the layout of long lines at every width; pass-and-play on one device.

The app runs in-process with its hub at hand, so at every decision the test compares the page with
the server's state: the tiles raised are exactly those with a legal move, the line holds every tile
laid, and the page names no tile its viewer may not know (another hand, a sleeping tile).  The hub's
chance is seeded, so a run is the same each time (the moves chosen here depend only on the page).
Screenshots: /tmp/dominoes.png (a laptop, a tile fitting both ends), /tmp/dominoes-narrow.png (a
phone, four players), /tmp/dominoes-snake.png (a long line, drawn from a real game).
"""

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any

from browserkit import (
    DESKTOP,
    NEEDS_CHROMIUM,
    PHONE,
    Pages,
    legal_moves,
    log_count,
    type_move,
    wait_for_turn_or_end,
    wait_log_beyond,
)
from playwright.sync_api import Page, expect

from parlour.core.protocol import CHANCE
from parlour.core.tiles import Tile
from parlour.games.dominoes import GAME, Rules
from parlour.games.dominoes.moves import Knock, Play
from parlour.games.dominoes.state import Phase, State
from parlour.games.dominoes.tileset import tiles_of

pytestmark = NEEDS_CHROMIUM

NARROW = {"width": 360, "height": 780}


# ---- the server's side --------------------------------------------------------------------------
def make_table(base_url: str, app: Any, seats: list[str | None], join: dict[int, str], rules: dict[str, Any],
               seed: int) -> tuple[str, dict[str, str], Any]:
    """A table made through the API (``None``: a person; else a bot's name), its chance seeded."""
    app.state.hub.rng = random.Random(seed)
    form = {"game": "dominoes", "rules": rules, "seats": [{"bot": b} for b in seats],
            "join": [{"seat": s, "name": n} for s, n in join.items()]}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(form).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        body = json.load(response)
    return body["code"], body["tokens"], app.state.hub.get(body["code"])


def open_table(pages: Pages, base_url: str, code: str, tokens: dict[str, str], viewport: Any) -> Page:
    page = pages.new(viewport)
    page.add_init_script(f"localStorage.setItem('parlour:tokens:{code}', '{json.dumps(tokens)}')")
    page.goto(f"{base_url}/t/{code}")
    return page


def secret(state: State, viewer: int | None) -> set[str]:
    """The tiles of the hand in play that ``viewer`` may not know: the other hands and the sleepers."""
    if state.phase is not Phase.PLAY:
        return set()
    out = {str(t) for t in tiles_of(state.sleeping)}
    for seat in range(state.players):
        if seat != viewer:
            out |= {str(t) for t in tiles_of(state.hands[seat])}
    return out


def on_line(state: State) -> int:
    return 0 if state.lead is None else 1 + len(state.left) + len(state.right)


def named(html: str, tiles: set[str]) -> set[str]:
    """The tiles among ``tiles`` that the page names (``6|4``, either way round)."""
    out = set()
    for text in tiles:
        t = Tile.parse(text)
        if re.search(rf"(?<![0-9]){t.high}\|{t.low}(?![0-9])|(?<![0-9]){t.low}\|{t.high}(?![0-9])", html):
            out.add(text)
    return out


# ---- the page's side ----------------------------------------------------------------------------


def board_html(page: Page) -> str:
    """The board without the last hand's panel (which shows the tiles left in a hand already over)."""
    html: str = page.evaluate("""() => {
        const copy = document.getElementById('board').cloneNode(true);
        copy.querySelectorAll('.dm-lasthand').forEach((e) => e.remove());
        return copy.outerHTML; }""")
    return html


def page_html(page: Page) -> str:
    """The whole page but the help on typing moves (whose examples name tiles: 6|6, 6|4)."""
    html: str = page.evaluate("""() => {
        const copy = document.documentElement.cloneNode(true);
        copy.querySelectorAll('#move-help').forEach((e) => e.remove());
        return copy.outerHTML; }""")
    return html


def outside(page: Page) -> list[str]:
    """The tiles laid on the line whose box is not inside the table's box (the line must turn)."""
    found: list[str] = page.evaluate("""() => {
        const box = document.querySelector('.dm-table').getBoundingClientRect();
        const out = [];
        for (const g of document.querySelectorAll('.dm-line .dm-laid')) {
          const r = g.getBoundingClientRect();
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 ||
              r.bottom > box.bottom + 0.5 || r.right > window.innerWidth) out.push(g.dataset.tile);
        }
        return out; }""")
    return found


def settled(page: Page) -> None:
    """Wait until the line is laid out for the width it has now.  A line drawn before the page
    has its layout is drawn at a default width, then again when its size is known (a
    ``ResizeObserver``): on a busy machine a test can look in between.  The width in squares is
    worked out from the line's width in pixels as ``drawLine`` does."""
    page.wait_for_function("""() => {
        const line = document.querySelector('.dm-line');
        const px = line && line.clientWidth;
        if (!px) return false;
        const unit = px >= 700 ? 34 : px >= 480 ? 28 : 23;
        const width = 4 * Math.max(2, Math.round((px / unit - 4.5) / 4)) + 4.5;
        return Number(line.dataset.width) === width; }""")


def rows_of_line(page: Page) -> int:
    """How many rows the line's lengthways tiles lie in (more than one: the snake has turned)."""
    rows: int = page.evaluate("""() => {
        const ys = new Set();
        for (const g of document.querySelectorAll('.dm-line .dm-laid:not(.double)')) {
          const r = g.getBoundingClientRect();
          if (r.width > r.height) ys.add(Math.round(r.top + r.height / 2));
        }
        return ys.size; }""")
    return rows


def check_turn(page: Page, table: Any, seat: int, first_hand: bool) -> list[str]:
    """The page against the server when ``seat`` is to play: returns the legal moves."""
    n = log_count(page)
    assert table.seq == n, "the table moved on while the person was to play"
    state = table.state
    moves = legal_moves(page)
    assert moves == [GAME.format_move(state, seat, m) for m in GAME.legal_moves(state, seat)]
    # the tiles raised are exactly the tiles with a legal move; a Knock button only when knocking is all
    tiles_of_page = "els => els.map(e => e.dataset.tile)"
    raised = set(page.locator(".dm-you .dm-tile.playable").evaluate_all(tiles_of_page))
    assert raised == {m.split()[0] for m in moves if m != "knock"}
    hand = page.locator(".dm-you .dm-tile").evaluate_all(tiles_of_page)
    assert sorted(hand) == sorted(str(t) for t in tiles_of(state.hands[seat]))
    expect(page.locator("[data-action=knock]")).to_have_count(1 if moves == ["knock"] else 0)
    # the line holds every tile laid; the others' tiles are backs only
    expect(page.locator(".dm-line .dm-laid")).to_have_count(on_line(state))
    for other in range(state.players):
        if other != seat:
            expect(page.locator(f".dm-others .dm-seat[data-seat='{other}'] .dm-back-tile")).to_have_count(
                state.hands[other].bit_count())
    expect(page.locator(".dm-others .dm-pip")).to_have_count(0)
    view = GAME.view(state, seat)
    expect(page.locator(".dm-stitched")).to_have_count(1 if view.stitched else 0)
    if view.ends is not None:
        expect(page.locator(".dm-ends")).to_have_attribute("aria-label", f"Open ends: left {view.ends[0]}, "
                                                           f"right {view.ends[1]}")
    sleeping = f"{view.sleeping} tile{'' if view.sleeping == 1 else 's'} sleeping"
    expect(page.locator(".dm-sleeping")).to_have_text(sleeping)
    expect(page.locator(".dm-title")).to_have_text(f"Hand {view.hand_no}")
    for other, numbers in enumerate(view.knocked):
        if numbers and other != seat:
            expect(page.locator(f".dm-others .dm-seat[data-seat='{other}'] .dm-knocked")).to_have_text(
                "knocked on " + ", ".join(str(x) for x in sorted(numbers, reverse=True)))
    # no tile this seat may not know is named anywhere in the page (the log too, in the first hand)
    hidden = secret(state, seat)
    assert named(board_html(page), hidden) == set()
    if first_hand:
        assert named(page_html(page), hidden) == set()
    return moves


def play_a_turn(page: Page, moves: list[str], choice: int) -> str:
    """Play by clicking: Knock, a tile that fits one way, or a tile then one of the two ends shown."""
    before = log_count(page)
    if moves == ["knock"]:
        page.click("[data-action=knock]")
        wait_log_beyond(page, before)
        return "knock"
    tiles: dict[str, list[str]] = {}
    for m in moves:
        tiles.setdefault(m.split()[0], []).append(m)
    both = [t for t, ms in tiles.items() if len(ms) == 2]
    tile = both[0] if both and choice % 2 == 0 else sorted(tiles)[choice % len(tiles)]
    button = page.locator(f".dm-you .dm-tile[data-tile='{tile}']")
    if len(tiles[tile]) == 1:
        label = re.compile(rf"^{re.escape(tile)}, (lead it|play on the (left|right) end \(\d\))$")
        expect(button).to_have_accessible_name(label)
        button.click()
        wait_log_beyond(page, before)
        return tiles[tile][0]
    # it fits both ends: both are shown on the line as buttons; choose one
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    ends = page.locator(".dm-line .dm-end")
    expect(ends).to_have_count(2)
    ends_now = ends_shown(page)
    expect(ends.nth(0)).to_have_attribute("aria-label", f"{tile}, play on the left end ({ends_now[0]})")
    expect(ends.nth(1)).to_have_attribute("aria-label", f"{tile}, play on the right end ({ends_now[1]})")
    assert outside(page) == []
    end = ("left", "right")[choice // 2 % 2]
    page.click(f".dm-line .dm-end[data-end='{end}']")
    wait_log_beyond(page, before)
    return f"{tile} {end}"


def ends_shown(page: Page) -> tuple[str, str]:
    label = page.locator(".dm-ends").get_attribute("aria-label") or ""
    found = re.fullmatch(r"Open ends: left (\d), right (\d)", label)
    assert found, label
    return found.group(1), found.group(2)


# ---- tests --------------------------------------------------------------------------------------
def test_a_whole_game_by_clicking_against_the_random_bot(pages: Pages, served: tuple[str, Any]) -> None:
    base_url, app = served
    code, tokens, table = make_table(base_url, app, [None, "random"], {0: "Ann"}, {"target": 10}, seed=11)
    page = open_table(pages, base_url, code, tokens, DESKTOP)
    expect(page.locator(".dm")).to_be_visible()
    expect(page.locator(".dm-chips")).to_contain_text("Game to 10")
    watcher = pages.new(PHONE)  # another device, watching: it sees no hand at all
    watcher.goto(f"{base_url}/t/{code}")
    expect(watcher.locator(".dm")).to_be_visible()

    turns, grew, both_ends, knocked, typed, keyed = 0, 0, False, False, False, False
    longest = 0
    shot = False
    while wait_for_turn_or_end(page):
        state = table.state
        first_hand = not state.sheet
        moves = check_turn(page, table, 0, first_hand)
        line = on_line(state)
        grew += line > longest
        longest = max(longest, line)
        if first_hand:
            watcher.wait_for_function("n => document.querySelectorAll('#log li[data-n]').length === n",
                                      arg=log_count(page))
            assert named(page_html(watcher), secret(state, None)) == set()
            expect(watcher.locator(".dm-you")).to_be_hidden()
        if not typed and moves != ["knock"]:
            # a typed move goes through the table's text box; a refused one changes nothing
            absent = next(str(t) for t in reversed(tiles_of((1 << 28) - 1)) if str(t) not in
                          {m.split()[0] for m in moves} and not state.hands[0] >> t.index & 1)
            type_move(page, f"{absent} left")
            expect(page.locator("#move-error")).to_have_text(re.compile(r"^You do not hold"))
            assert log_count(page) == table.seq and legal_moves(page) == moves
            page.fill("#move-text", "")
            typed = True
        if not keyed and len(moves) == 1 and moves != ["knock"]:
            before = log_count(page)  # by keyboard: the only tile that fits, then Enter
            page.locator(".dm-you .dm-tile.playable").focus()
            page.keyboard.press("Enter")
            wait_log_beyond(page, before)
            keyed = True
            turns += 1
            continue
        twice = [m.split()[0] for m in moves if sum(x.split()[0] == m.split()[0] for x in moves) == 2]
        if not shot and line >= 3 and (twice or line >= 6):
            if twice:  # a tile that fits both ends: the ends on the line become buttons until it is put back
                page.click(f".dm-you .dm-tile[data-tile='{twice[0]}']")
                expect(page.locator(".dm-line .dm-end")).to_have_count(2)
            page.screenshot(path="/tmp/dominoes.png", full_page=True)
            if twice:
                page.keyboard.press("Escape")
                expect(page.locator(".dm-line .dm-end")).to_have_count(0)
            shot = True
        played = play_a_turn(page, moves, turns)
        both_ends |= bool(twice) and played.split()[0] in twice
        knocked |= played == "knock"
        turns += 1
    # the game is over: the winner, the last hand's tiles left with their spots, the score sheet
    state = table.state
    assert state.phase is Phase.OVER and state.winner is not None
    winners = "Ann" if state.winner == 0 else "Random bot"
    expect(page.locator("#result-text")).to_contain_text("win")
    expect(page.locator(".dm-over")).to_contain_text(f"{winners} reaches 10 and wins the game")
    expect(page.locator(".dm-sheet tbody tr[data-hand]")).to_have_count(len(state.sheet))
    last = state.sheet[-1]
    expect(page.locator(".dm-lasthand")).to_have_attribute("open", "")
    for seat in (0, 1):
        row = page.locator(f".dm-lasthand .dm-left-row[data-seat='{seat}']")
        expect(row.locator(".dm-mini")).to_have_count(len(last.left[seat]))
        spots = sum(t.pips for t in last.left[seat])
        expect(row.locator(".dm-left-spots")).to_have_text(f"{spots} spot{'' if spots == 1 else 's'}")
    lead, left, right = last.line  # the line as the hand ended, drawn under the tiles left
    assert lead is not None
    laid = page.locator(".dm-lasthand .dm-final-svg .dm-laid")
    expect(laid).to_have_count(1 + len(left) + len(right))
    assert sorted(laid.evaluate_all("els => els.map((e) => e.dataset.tile)")) == sorted(
        str(p.tile) for p in (lead, *left, *right))
    for side in (0, 1):
        expect(page.locator(f".dm-track[data-side='{side}'] .dm-track-score")).to_have_text(
            f"{state.scores[side]} / 10")
    expect(page.locator(f".dm-track.winner[data-side='{state.winner}']")).to_have_count(1)
    page.screenshot(path="/tmp/dominoes-over.png", full_page=True)
    assert turns >= 3 and grew >= 2 and typed and keyed, (turns, grew, typed, keyed)
    print(f"turns {turns}, hands {len(state.sheet)}, both ends {both_ends}, knocked {knocked}")


def test_four_partners_on_a_phone_and_the_line_turns(pages: Pages, served: tuple[str, Any]) -> None:
    base_url, app = served
    code, tokens, table = make_table(base_url, app, [None, "random", "random", "random"], {0: "Ann"},
                                     {"target": 1000}, seed=5)
    page = open_table(pages, base_url, code, tokens, NARROW)
    expect(page.locator(".dm")).to_be_visible()
    # partners: seat 2 sits opposite Ann, on her side; seats 1 and 3 are the other side
    expect(page.locator(".dm-others .dm-seat")).to_have_count(3)
    expect(page.locator(".dm-others .dm-seat[data-seat='2'] .dm-side")).to_have_text("partner")
    for seat in (1, 3):
        expect(page.locator(f".dm-others .dm-seat[data-seat='{seat}'] .dm-side")).to_have_text("opponent")
    names = [s["name"] for s in sorted(table.public_seats(), key=lambda s: s["seat"])]
    expect(page.locator(".dm-you .dm-partner")).to_have_text(f"partner of {names[2]}")
    bob = page.locator(".dm-others .dm-seat[data-seat='1']")
    expect(bob.locator(".dm-partner")).to_have_text(f"partner of {names[3]}")
    expect(page.locator(".dm-scores .dm-score-chip")).to_have_count(2)
    expect(page.locator(".dm-scores .dm-score-chip[data-side='0']")).to_contain_text(f"Ann & {names[2]}")

    rows = 0
    hand = table.state.hand_no
    turns = 0
    while wait_for_turn_or_end(page) and table.state.hand_no == hand:
        moves = check_turn(page, table, 0, True)
        assert outside(page) == [], "a tile lies off the table"
        rows = max(rows, rows_of_line(page))
        if rows >= 2 and on_line(table.state) >= 8 and turns >= 2:
            break
        play_a_turn(page, moves, turns)
        turns += 1
    assert outside(page) == []
    page.screenshot(path="/tmp/dominoes-narrow.png", full_page=True)
    assert rows >= 2 or table.state.hand_no != hand, "the line never turned"


def a_long_line(seed: int) -> tuple[dict[str, Any], list[str]]:
    """The view (seat 0) and legal moves of a real four-player hand with a long line, by random play."""
    rng = random.Random(seed)
    best: tuple[int, State] | None = None
    for _ in range(60):
        state = GAME.initial_state(Rules(hand_size=7, partnerships=False), 4)
        while GAME.to_act(state) == (CHANCE,):
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
        while state.phase is Phase.PLAY:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_moves(state, seat)
            if seat == 0 and on_line(state) >= 18 and any(isinstance(m, Play) for m in legal):
                if best is None or on_line(state) > best[0]:
                    best = (on_line(state), state)
                break
            plays = [m for m in legal if isinstance(m, Play)]
            state = GAME.apply(state, seat, rng.choice(plays) if plays else Knock())
        if best and best[0] >= 20:
            break
    assert best is not None
    state = best[1]
    return GAME.view(state, 0).to_json(), [GAME.format_move(state, 0, m) for m in GAME.legal_moves(state, 0)]


# Every tile of each line at widths 10 to 34 squares: on the table, on no other tile, touching the one it
# was played to with the matching halves (along a whole side), a double at its middle.
LAYOUT_CHECK = """async (lines) => {
  const {layoutLine} = await import('/static/games/dominoes.js');
  const problems = [];
  const squareOf = (t, half) => ({x: t.x + (t.w > t.h ? half : 0), y: t.y + (t.w > t.h ? 0 : half),
                                  w: 1, h: 1});
  const touch = (a, b) => {
    const ox = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
    const oy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
    const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y);
    if (Math.abs(ox) < 1e-9 && oy > 1e-9) return {len: oy, x, y: y + oy / 2};
    if (Math.abs(oy) < 1e-9 && ox > 1e-9) return {len: ox, x: x + ox / 2, y};
    return null;
  };
  const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  for (const view of lines) {
    for (let width = 10; width <= 34; width += 0.5) {
      const lay = layoutLine(view, width);
      const tiles = lay.tiles;
      const say = (text) => problems.push(`${width}: ${text}`);
      if (tiles.length !== 1 + view.left.length + view.right.length) say('tiles missing');
      for (const t of tiles) {
        if (t.x < 0 || t.y < 0 || t.x + t.w > width || t.y + t.h > lay.height) say(`${t.tile} off the table`);
      }
      tiles.forEach((a, i) => tiles.slice(i + 1).forEach((b) => {
        if (overlap(a, b)) say(`${a.tile} on ${b.tile}`);
      }));
      for (const arm of ['left', 'right']) {
        let prev = tiles.find((t) => t.arm === 'lead');
        for (const t of tiles.filter((x) => x.arm === arm).sort((a, b) => a.index - b.index)) {
          const [hi, lo] = t.tile.split('|').map(Number);
          const same = (t.first === hi && t.second === lo) || (t.first === lo && t.second === hi);
          if (!same) say(`${t.tile} numbers`);
          const mine = t.double ? t : squareOf(t, t.first === prev.outer ? 0 : 1);
          const theirs = prev.double ? prev : squareOf(prev, prev.first === prev.outer ? 0 : 1);
          const e = touch(mine, theirs);
          if (!e) { say(`${t.tile} does not touch ${prev.tile}`); prev = t; continue; }
          if (!t.double && !prev.double && Math.abs(e.len - 1) > 1e-9) say(`${t.tile} touches by half`);
          for (const d of [t, prev].filter((x) => x.double)) {
            const middle = d.w > d.h ? Math.abs(e.x - (d.x + d.w / 2)) < 1e-9
              : Math.abs(e.y - (d.y + d.h / 2)) < 1e-9;
            if (!middle) say(`${t.tile} not at the middle of ${d.tile}`);
          }
          prev = t;
        }
      }
    }
  }
  return problems; }"""


def test_long_lines_turn_and_fit_any_width(pages: Pages, served: tuple[str, Any]) -> None:
    """The layout of long lines of real hands, at many widths: every tile on the table, none on
    another, each touching the tile it was played to with the matching numbers (a double at its
    middle); and the view drawn with such a line on a phone."""
    base_url, _ = served
    page = pages.new(NARROW)
    page.goto(base_url + "/")
    lines = [a_long_line(seed)[0] for seed in (1, 2, 3)]
    problems = page.evaluate(LAYOUT_CHECK, lines)
    assert problems == []

    # the whole view drawn with a long line, as a phone shows it (and at a laptop's width)
    view, legal = a_long_line(4)
    page.evaluate("""async ([view, legal]) => {
      const {render} = await import('/static/games/dominoes.js');
      const host = document.createElement('div');
      host.id = 'dm-host';
      host.style.padding = '8px';
      document.body.replaceChildren(host);
      render(host, {view, legal, seat: 0, names: ['Ann', 'Bob', 'Cat', 'Dan'], held: [0], play: () => {},
                    state: {game_no: 1}});
    }""", [view, legal])
    expect(page.locator(".dm-line .dm-laid")).to_have_count(1 + len(view["left"]) + len(view["right"]))
    settled(page)
    assert outside(page) == []
    assert rows_of_line(page) >= 3
    page.screenshot(path="/tmp/dominoes-snake.png", full_page=True)
    page.set_viewport_size(DESKTOP)
    page.wait_for_function("() => Number(document.querySelector('.dm-line').dataset.width) > 20")
    assert outside(page) == []
    page.screenshot(path="/tmp/dominoes-snake-wide.png", full_page=True)


FIRST_ROW = """() => {
  // the tiles lying across the lead's middle: the line's first row, and how much of the table it spans
  const table = document.querySelector('.dm-table').getBoundingClientRect();
  const lead = document.querySelector('.dm-line .dm-laid[data-arm=lead]').getBoundingClientRect();
  const y = lead.top + lead.height / 2;
  const row = [...document.querySelectorAll('.dm-line .dm-laid')].map((g) => g.getBoundingClientRect())
    .filter((r) => r.top < y && r.bottom > y);
  return (Math.max(...row.map((r) => r.right)) - Math.min(...row.map((r) => r.left))) / table.width; }"""


def test_the_line_uses_the_tables_width_before_it_turns(pages: Pages, served: tuple[str, Any]) -> None:
    """A line played mostly on one end runs across the whole table before its first corner, on a phone
    and on a laptop (the lead moves aside), and every tile still lies on the table, none on another."""
    base_url, _ = served
    page = pages.new(PHONE)
    page.goto(base_url + "/")

    def one_end(view: dict[str, Any]) -> dict[str, Any]:
        """The line with its longer arm on the right and one tile on the left."""
        long, short = sorted((view["left"], view["right"]), key=len, reverse=True)
        return dict(view, right=long, left=short[:1])

    view, legal = a_long_line(4)
    view = one_end(view)
    lopsided = [one_end(a_long_line(seed)[0]) for seed in (1, 2, 3)]
    assert page.evaluate(LAYOUT_CHECK, lopsided) == []
    page.evaluate("""async ([view, legal]) => {
      const {render} = await import('/static/games/dominoes.js');
      const host = document.createElement('div');
      document.body.replaceChildren(host);
      render(host, {view, legal, seat: 0, names: ['Ann', 'Bob', 'Cat', 'Dan'], held: [0], play: () => {},
                    state: {game_no: 1}});
    }""", [view, legal])
    settled(page)
    page.screenshot(path="/tmp/dominoes-one-end.png", full_page=True)
    assert rows_of_line(page) >= 2 and outside(page) == []
    assert page.evaluate(FIRST_ROW) > 0.85
    page.set_viewport_size(DESKTOP)
    settled(page)
    page.screenshot(path="/tmp/dominoes-one-end-wide.png", full_page=True)
    assert outside(page) == []
    assert rows_of_line(page) == 1 or page.evaluate(FIRST_ROW) > 0.85  # a laptop's table holds it in one row


def test_pass_and_play_shows_only_the_hand_at_the_device(pages: Pages, served: tuple[str, Any]) -> None:
    base_url, app = served
    code, tokens, table = make_table(base_url, app, [None, None], {0: "Ann", 1: "Bob"}, {"target": 10},
                                     seed=3)
    page = open_table(pages, base_url, code, tokens, PHONE)
    for turn in range(3):
        state = table.state
        seat = state.current
        name = ("Ann", "Bob")[seat]
        expect(page.locator("#pass-cover")).to_be_visible()
        expect(page.locator("#pass-title")).to_have_text(f"Pass the device to {name}")
        everyone = {str(t) for s in range(2) for t in tiles_of(state.hands[s])}
        assert named(board_html(page), everyone) == set()
        page.click("#pass-ready")
        expect(page.locator(".dm-you .dm-seat-name")).to_have_text(name)
        moves = check_turn(page, table, seat, True)
        expect(page.locator(".dm-you .dm-tile")).to_have_count(state.hands[seat].bit_count())
        if turn == 1:
            page.screenshot(path="/tmp/dominoes-pass.png", full_page=True)
        play_a_turn(page, moves, turn)
