"""Gin Rummy's view in real Chromium (Playwright): a whole hand by clicking against the simple bot,
watched from a second device, and pass-and-play on one device.

The table is made in the lobby with a knock limit of 100 (a house rule the lobby offers: any hand may
knock, so whoever first holds eleven cards knocks and a hand lasts a few moves) and a target of 1
(the first hand scored ends the game, so the settlement is shown too).  The app runs in-process here
with its hub at hand, so at every decision the test compares each page (its whole DOM: text,
attributes, labels) with the cards the server holds: no page shows a card its viewer may not know.
Screenshots go to the test's ``tmp_path``.
"""

from __future__ import annotations

import json
import random
import re
import urllib.request
from pathlib import Path
from typing import Any

from browserkit import (
    DESKTOP,
    NEEDS_CHROMIUM,
    PHONE,
    Pages,
    legal_moves,
    log_count,
    short,
    shown,
    type_move,
    wait_for_turn_or_end,
    wait_log_beyond,
)
from playwright.sync_api import Page, expect

from parlour.core.cards import Card
from parlour.core.protocol import CHANCE
from parlour.games.gin_rummy import GAME, Rules
from parlour.games.gin_rummy.bots.simple import simple_move
from parlour.games.gin_rummy.deck import CARDS, bits
from parlour.games.gin_rummy.melds import arrange, discard_deadwoods
from parlour.games.gin_rummy.moves import Gin, Knock, LayOff, Pass
from parlour.games.gin_rummy.state import Phase

pytestmark = NEEDS_CHROMIUM

PLAYING = (Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.WALL, Phase.LAYOFF)


def names(cards: Any) -> set[str]:
    return {str(CARDS[c]) for c in cards}


def hidden(state: Any, viewer: int | None) -> set[str]:
    """The cards of the hand being played that ``viewer`` (``None``: a spectator) may not know."""
    if state.phase not in PLAYING:
        return set()
    out = names(state.stock)
    if state.phase is not Phase.LAYOFF:
        for seat in (0, 1):
            if seat != viewer:
                out |= names(bits(state.hands[seat] & ~state.known[seat]))
    down = state.face_down
    if down >= 0 and viewer != state.knocker and not state.known[state.knocker] >> down & 1:
        out.add(str(CARDS[down]))
    return out


def never_shown(table: Any, viewer: int | None) -> set[str]:
    """After the hand: the stock it left, and the face-down discard if ``viewer`` is not the knocker."""
    last = max(i for i, item in enumerate(table.log) if item.before.phase in PLAYING)
    before = table.log[last].before
    out = names(before.stock)
    for item in table.log:
        if isinstance(item.action, Knock | Gin) and item.seat != viewer:
            card = CARDS.index(item.action.card)
            if not item.before.known[item.seat] >> card & 1:
                out.add(str(item.action.card))
    return out


# ---- the pages ------------------------------------------------------------------------------------
def create_in_lobby(page: Page, base_url: str) -> str:
    page.goto(base_url + "/")
    page.click("button[data-game='gin-rummy']")
    expect(page.locator("#new-table-heading")).to_contain_text("Gin Rummy")
    page.select_option("#seat-0-kind", "person")
    page.select_option("#seat-1-kind", "bot:simple")
    page.fill("#seat-0-name", "Ann")
    page.fill("#opt-knock_limit", "100")
    page.fill("#opt-target", "1")
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    expect(page.locator(".gr")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def hand_cards(page: Page) -> list[str]:
    cards: list[str] = page.locator(".gr-you .gr-card").evaluate_all("els => els.map(e => e.dataset.card)")
    return cards


def click_and_wait(page: Page, selector: str) -> None:
    before = log_count(page)
    page.click(selector)
    wait_log_beyond(page, before)


def check_hand(ann: Page, table: Any) -> None:
    """Ann's hand as the server holds it: sorted in its melds, the deadwood apart and counted, and
    (holding eleven) each card labelled with the deadwood its discard leaves."""
    hand = table.state.hands[0]
    best = arrange(hand)
    expect(ann.locator(".gr-deadwood-count")).to_have_text(str(best.deadwood))
    expect(ann.locator(".gr-you .gr-group.meld")).to_have_count(len(best.melds))
    dead = ann.locator(".gr-you .gr-group.dead .gr-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert set(dead) == names(bits(best.unmatched))
    if hand.bit_count() == 11:
        labels = ann.locator(".gr-you .gr-card:not(.taken)").evaluate_all(
            "els => els.map(e => [e.dataset.card, e.querySelector('.gr-tag').textContent])")
        tags = {card: tag.lstrip("\u2605") for card, tag in labels}  # the least is starred
        assert len(tags) >= 10
        left = {str(CARDS[c]): str(n) for c, n in discard_deadwoods(hand)}
        assert tags == {card: left[card] for card in tags}


def check_pages(ann: Page, watcher: Page, table: Any) -> None:
    """Ann's page shows her cards and none of the bot's unknown ones; the watcher's shows neither hand."""
    n = log_count(ann)
    watcher.wait_for_function("n => document.querySelectorAll('#log li[data-n]').length === n", arg=n)
    mine, theirs = ann.content(), watcher.content()
    state = table.state
    assert table.seq == n, "the table moved on while Ann was to play"
    assert shown(mine, hidden(state, 0)) == set()
    assert shown(theirs, hidden(state, None)) == set()
    hand = names(bits(state.hands[0]))
    assert shown(mine, hand) == hand  # the check can see cards: Ann's own are all on her page
    if state.phase is not Phase.LAYOFF:
        assert shown(theirs, hand) <= names(bits(state.known[0]))


# ---- tests ------------------------------------------------------------------------------------------
def test_a_whole_hand_by_clicking_against_the_simple_bot(pages: Pages, served: tuple[str, Any],
                                                         tmp_path: Path) -> None:
    base_url, app = served
    ann = pages.new(DESKTOP)
    code = create_in_lobby(ann, base_url)
    table = app.state.hub.get(code)
    expect(ann.locator(".gr-chips")).to_contain_text("Knock with 100 or less")
    expect(ann.locator(".gr-chips")).to_contain_text("Game to 1")
    watcher = pages.new(PHONE)  # a second device, watching
    watcher.goto(f"{base_url}/t/{code}")
    expect(watcher.locator(".gr")).to_be_visible()
    expect(watcher.locator("#conn-text")).to_have_text("Connected · watching")

    refused = knocked = laid_off = False
    shots: set[str] = set()
    games = 0
    while games < 6:  # the bot may knock first and end a game before Ann has knocked: play on
        games += 1
        while wait_for_turn_or_end(ann):
            moves = legal_moves(ann)
            check_pages(ann, watcher, table)
            check_hand(ann, table)
            expect(ann.locator(".gr-seat.gr-you .gr-acting")).to_be_visible()
            if not any(m.startswith(("knock ", "gin ")) for m in moves):  # offered only when legal
                expect(ann.locator("[data-action=knock], [data-action=gin]")).to_have_count(0)
            if "take" in moves and "pass" in moves:  # the up-card: take it (from the pile)
                expect(ann.locator("[data-action=pass]")).to_be_visible()
                expect(ann.locator(".gr-pile")).to_have_class(re.compile(r"\bplayable\b"))
                click_and_wait(ann, ".gr-pile")
            elif "draw" in moves:
                click_and_wait(ann, ".gr-stock")
            elif any(m.startswith("lay off ") and m != "lay off best" for m in moves):
                expect(ann.locator(".gr-showdown")).to_be_visible()
                expect(ann.locator(".gr-showdown .gr-group.meld").first).to_be_visible()
                card = ann.locator(".gr-you .gr-card.playable").first.get_attribute("data-card")
                assert f"lay off {card}" in moves
                if "layoff" not in shots:
                    ann.screenshot(path=str(tmp_path / "desktop-lay-off.png"), full_page=True)
                    shots.add("layoff")
                click_and_wait(ann, f".gr-you .gr-card[data-card='{card}']")
                laid_off = True
            elif "done" in moves:
                click_and_wait(ann, "[data-action=done]")
            else:  # holding eleven: the discards, the knocks
                assert any(m.startswith("knock ") for m in moves), moves
                tags = ann.locator(".gr-you .gr-card .gr-tag")
                expect(tags).to_have_count(11)
                count = int(ann.locator(".gr-deadwood-count").inner_text())
                assert count >= 0
                taken = ann.locator(".gr-you .gr-card.taken")
                if not refused and taken.count() == 1:
                    # refused actions change nothing: the card just taken (the view says why, and
                    # sends nothing), and a typed move the server refuses
                    card = taken.get_attribute("data-card") or ""
                    lines, cards = log_count(ann), hand_cards(ann)
                    taken.click(force=True)  # aria-disabled: Playwright would wait for it
                    expect(ann.locator(".gr-say")).to_have_text(
                        f"You took {short(card)} from the discard pile this turn: discard another card.")
                    type_move(ann, "draw")
                    expect(ann.locator("#move-error")).to_have_text(
                        "You hold eleven cards: discard, knock or go gin.")
                    assert log_count(ann) == lines and hand_cards(ann) == cards and legal_moves(ann) == moves
                    ann.fill("#move-text", "")
                    refused = True
                # knock by keyboard: K chooses knocking, then Enter on a card that may be discarded face down
                ann.locator("#seats-heading").click()
                ann.keyboard.press("k")
                expect(ann.locator("[data-action=knock]")).to_have_attribute("aria-pressed", "true")
                knocks = [m for m in moves if m.startswith("knock ")]
                playable = ann.locator(".gr-you .gr-card.playable")
                expect(playable).to_have_count(len(knocks))
                card = playable.first.get_attribute("data-card")
                assert f"knock {card}" in knocks
                if "eleven" not in shots:
                    ann.screenshot(path=str(tmp_path / "desktop-knock.png"), full_page=True)
                    watcher.screenshot(path=str(tmp_path / "phone-watching.png"), full_page=True)
                    shots.add("eleven")
                before = log_count(ann)
                playable.first.focus()
                ann.keyboard.press("Enter")
                wait_log_beyond(ann, before)
                knocked = True

        # the game (one hand: the target is 1) is over
        expect(ann.locator("#result-text")).to_contain_text("wins the game")
        sheet = ann.locator(".gr-sheet tbody tr[data-hand]")
        expect(sheet).to_have_count(1)
        expect(sheet.first).to_have_attribute("data-outcome", re.compile(r"^(knock|undercut|gin)$"))
        expect(ann.locator(".gr-sheet .gr-boxed")).to_have_count(1)
        expect(ann.locator(".gr-total-row")).to_be_visible()
        expect(ann.locator(".gr-settle")).to_contain_text("reached 1")
        expect(ann.locator(".gr-lasthand")).to_have_attribute("open", "")
        expect(ann.locator(".gr-lasthand .gr-laid-hand")).to_have_count(2)
        watcher.wait_for_function("() => !document.getElementById('result').hidden")
        expect(watcher.locator(".gr-settle")).to_be_visible()
        for page, viewer in ((ann, 0), (watcher, None)):
            assert shown(page.content(), never_shown(table, viewer)) == set(), viewer
        if knocked and refused:
            break
        before = ann.locator("#history-list li").count()
        ann.click("#again")
        expect(ann.locator("#history-list li")).to_have_count(before)
        expect(ann.locator("#result")).to_be_hidden()
        # the last game's showdown is gone from the page (hidden is not enough: its cards are dealt again)
        expect(ann.locator(".gr-lasthand .gr-laid-hand")).to_have_count(0)
        expect(ann.locator(".gr-lasthand")).to_be_hidden()
        expect(ann.locator(".gr-title")).to_have_text("Hand 1")
    assert knocked and refused, f"Ann did not get to knock in {games} games"
    ann.screenshot(path=str(tmp_path / "desktop-game-over.png"), full_page=True)
    ann.set_viewport_size(PHONE)
    ann.screenshot(path=str(tmp_path / "phone-game-over.png"), full_page=True)
    watcher.screenshot(path=str(tmp_path / "phone-watching-over.png"), full_page=True)
    print(f"games played: {games}; laid off: {laid_off}")


def test_pass_and_play_shows_only_the_hand_of_the_player_at_the_device(
        pages: Pages, served: tuple[str, Any], tmp_path: Path) -> None:
    base_url, app = served
    table_form = {"game": "gin-rummy", "seats": [{"bot": None}, {"bot": None}],
                  "join": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}]}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(table_form).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        body = json.load(response)
    code, tokens = body["code"], body["tokens"]
    table = app.state.hub.get(code)
    page = pages.new(PHONE)
    page.add_init_script(f"localStorage.setItem('parlour:tokens:{code}', '{json.dumps(tokens)}')")
    page.goto(f"{base_url}/t/{code}")

    for turn in range(2):
        state = table.state
        seat = state.current
        name, other = ("Ann", "Bob") if seat == 0 else ("Bob", "Ann")
        expect(page.locator("#pass-cover")).to_be_visible()
        expect(page.locator("#pass-title")).to_have_text(f"Pass the device to {name}")
        covered = page.content()
        assert shown(covered, names(bits(state.hands[0] | state.hands[1]))) == set()
        page.click("#pass-ready")
        expect(page.locator(".gr-you .gr-card")).to_have_count(10)
        expect(page.locator(".gr-you .gr-seat-title")).to_have_text(f"{name}'s hand")
        expect(page.locator(".gr-opp .gr-seat-title")).to_have_text(f"{other}'s hand")
        expect(page.locator(".gr-opp .gr-back-card")).to_have_count(10)
        html = page.content()
        assert shown(html, names(bits(state.hands[seat]))) == names(bits(state.hands[seat]))
        assert shown(html, hidden(state, seat)) == set()
        if turn == 0:
            page.screenshot(path=str(tmp_path / "pass-and-play.png"), full_page=True)
        click_and_wait(page, "[data-action=pass]")  # refuse the up-card: the other player's turn


def a_deal_where_the_bot_knocks_and_ann_may_lay_off() -> int:
    """A seed for the server's chance (the first dealer, then the deal, as the hub draws them) with
    which Ann deals, passes the up-card, the simple bot knocks first, and two or more of Ann's cards
    fit its melds."""
    rules = Rules(knock_limit=100, target=1)
    for seed in range(500):
        rng = random.Random(seed)
        state = GAME.initial_state(rules, 2)
        while GAME.to_act(state) == (CHANCE,):
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
        if state.dealer != 0:
            continue
        while state.phase is not Phase.LAYOFF and GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_moves(state, seat)
            if seat == 0 and Pass() not in legal:
                break  # Ann would have to draw: the bot did not knock first
            move = Pass() if seat == 0 else simple_move(GAME.view(state, 1), legal)
            state = GAME.apply(state, seat, move)
        if state.phase is Phase.LAYOFF and state.current == 0 and \
                sum(isinstance(m, LayOff) for m in GAME.legal_moves(state, 0)) >= 2:
            return seed
    raise AssertionError("no such deal in 500 seeds")


def test_the_lay_off_step_after_the_bot_knocks(pages: Pages, served: tuple[str, Any], tmp_path: Path) -> None:
    base_url, app = served
    seed = a_deal_where_the_bot_knocks_and_ann_may_lay_off()
    app.state.hub.rng = random.Random(seed)  # the next table's chance: see the function above
    table_form = {"game": "gin-rummy", "rules": {"knock_limit": 100, "target": 1},
                  "seats": [{"bot": None}, {"bot": "simple"}], "join": [{"seat": 0, "name": "Ann"}]}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(table_form).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        body = json.load(response)
    code = body["code"]
    table = app.state.hub.get(code)
    page = pages.new(PHONE)
    page.add_init_script(f"localStorage.setItem('parlour:tokens:{code}', '{json.dumps(body['tokens'])}')")
    page.goto(f"{base_url}/t/{code}")

    # Ann deals; the bot refuses the up-card (or takes it and knocks at once)
    if wait_for_turn_or_end(page) and "pass" in legal_moves(page):
        expect(page.locator(".gr-prompt")).to_contain_text("Simple bot refused the up-card")
        click_and_wait(page, "[data-action=pass]")
    # the bot draws and knocks: Ann's cards that fit its melds are offered, one at a time
    page.wait_for_selector(".move-btn[data-move='done']", state="attached")
    assert table.state.phase is Phase.LAYOFF and table.state.knocker == 1
    moves = legal_moves(page)
    fits = [m.split()[-1] for m in moves if m.startswith("lay off ") and m != "lay off best"]
    assert len(fits) >= 2
    expect(page.locator(".gr-showdown h4")).to_contain_text("Simple bot knocked with")
    expect(page.locator(".gr-opp .gr-note")).to_contain_text("Laid out on the table")
    expect(page.locator(".gr-you .gr-card.playable")).to_have_count(len(fits))
    expect(page.locator(".gr-you .gr-tag.gr-fits")).to_have_count(len(fits))
    expect(page.locator("[data-action=layoff-best]")).to_be_visible()
    expect(page.locator("[data-action=done]")).to_be_visible()
    html = page.content()
    assert shown(html, hidden(table.state, 0)) == set()  # the face-down discard and the stock stay hidden
    assert shown(html, names(bits(table.state.hands[1]))) == names(bits(table.state.hands[1]))  # face up now
    check_hand(page, table)

    # a card that does not fit is refused by the view, and nothing changes
    other = next(c for c in hand_cards(page) if c not in fits)
    lines = log_count(page)
    page.click(f".gr-you .gr-card[data-card='{other}']", force=True)  # aria-disabled
    expect(page.locator(".gr-say")).to_have_text(f"{short(other)} does not fit on Simple bot's melds now.")
    assert log_count(page) == lines and legal_moves(page) == moves
    page.locator("#board").screenshot(path=str(tmp_path / "phone-lay-off.png"))

    # lay one off by clicking it: it joins the knocker's meld, marked as laid off
    card = fits[0]
    click_and_wait(page, f".gr-you .gr-card[data-card='{card}']")
    if not page.locator("#result").is_visible() and "done" in legal_moves(page):
        expect(page.locator(f".gr-showdown .gr-mini.laid[data-card='{card}']")).to_be_visible()
        expect(page.locator(".gr-showdown")).to_contain_text("Laid off so far:")
        page.locator("#board").screenshot(path=str(tmp_path / "phone-laid-off.png"))
        click_and_wait(page, "[data-action=done]")
    expect(page.locator("#result-text")).to_contain_text("wins the game")
    last = page.locator(".gr-lasthand .gr-laid-hand[data-seat='0']")
    expect(last).to_contain_text("Laid off:")
    expect(last.locator(".gr-chip", has_text=short(card))).to_have_count(1)
    assert table.state.sheet[-1].laid_off[0] == Card.parse(card)
