"""Go Fish's view in real Chromium (Playwright): a whole game by clicking against the random bot, and
pass-and-play on one device.

The app runs in-process with its hub at hand, so at each of Ann's turns the test compares her page
(its whole DOM: text, attributes, labels) with the cards the server holds: her hand grouped by rank,
only the ranks she holds and the players holding cards offered, and none of the bot's cards that the
rules keep hidden (the stock, and whatever the bot holds that was never handed over or shown).
Screenshots: /tmp/go-fish.png, /tmp/go-fish-phone.png and /tmp/go-fish-over.png.
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
    log_count,
    shown,
    wait_for_turn_or_end,
    wait_log_beyond,
)
from playwright.sync_api import Page, expect

from parlour.agents import make_bot
from parlour.core.cards import Rank
from parlour.core.protocol import CHANCE
from parlour.games.go_fish import GAME, Rules
from parlour.games.go_fish.deck import CARDS, RANK_MASKS, cards_of
from parlour.games.go_fish.moves import Act, Ask
from parlour.games.go_fish.rules import Ending
from parlour.games.go_fish.state import Phase
from parlour.games.go_fish.view import known_cards

pytestmark = NEEDS_CHROMIUM

PLURAL = {r.value: r.plural for r in Rank}


def names(mask: int) -> set[str]:
    return {str(c) for c in cards_of(mask)}


def hidden(state: Any, viewer: int | None) -> set[str]:
    """The cards ``viewer`` may not know: the stock, and the other hands' cards never handed over
    or shown (books, hand-overs and lucky draws are public)."""
    out = {str(CARDS[i]) for i in state.stock}
    known = known_cards(state)
    for seat in range(state.players):
        if seat != viewer:
            out |= names(state.hands[seat] & ~known[seat])
    return out


# ---- the page ----------------------------------------------------------------------------------


def log_line(page: Page, n: int) -> str:
    """Line ``n`` of table.js's log, without its number."""
    text: str = page.locator(f"#log li[data-n='{n}']").evaluate("el => el.lastChild.textContent")
    return text


def legal_asks(page: Page) -> set[tuple[int, str]]:
    """The legal moves table.js lists, as (seat asked, rank)."""
    moves: list[str] = page.locator(".move-btn").evaluate_all("els => els.map(e => e.dataset.move)")
    ranks = {p: r for r, p in PLURAL.items()}
    out = set()
    for move in moves:
        m = re.fullmatch(r"ask (\d+) for (\w+)", move)
        assert m, move
        out.add((int(m.group(1)) - 1, ranks[m.group(2)]))
    return out


def attrs(page: Page, selector: str, name: str) -> list[str]:
    values: list[str] = page.locator(selector).evaluate_all(f"els => els.map(e => e.getAttribute('{name}'))")
    return values


def last_turn(state: Any) -> list[Any]:
    """The events of the last ask (with its fish and books), or of the deal if nobody has asked."""
    history = list(state.history)
    starts = [i for i, e in enumerate(history) if e.act is Act.ASK]
    return history[starts[-1]:] if starts else history


def check_page(page: Page, table: Any, seat: int) -> None:
    """The hand as the server holds it, by rank; only held ranks and players with cards offered;
    nothing hidden in the DOM; the counts, books and stock as the server has them."""
    state = table.state
    asks = legal_asks(page)
    hand = cards_of(state.hands[seat])
    ranks = sorted({c.rank.value for c in hand}, key=lambda r: Rank(r).number)
    assert attrs(page, ".gf-you .gf-group", "data-rank") == ranks
    assert sorted(attrs(page, ".gf-you .gf-group.playable", "data-rank"), key=lambda r: Rank(r).number) == \
        sorted({r for _, r in asks}, key=lambda r: Rank(r).number) == ranks
    assert sorted(attrs(page, ".gf-you .gf-card", "data-card")) == sorted(str(c) for c in hand)
    for rank in ranks:
        expect(page.locator(f".gf-group[data-rank='{rank}'] .gf-card")).to_have_count(
            sum(c.rank.value == rank for c in hand))
    with_cards = {s for s in range(state.players) if s != seat and state.hands[s]}
    assert {t for t, _ in asks} == with_cards
    offered = attrs(page, ".gf-opp .gf-target[aria-disabled='false']", "data-target")
    assert {int(s) for s in offered} == with_cards
    for s in range(state.players):
        if s != seat:
            opp, count = f".gf-opp[data-seat='{s}']", state.hands[s].bit_count()
            expect(page.locator(f"{opp} .gf-count")).to_have_attribute("data-count", str(count))
            expect(page.locator(f"{opp} .gf-back-card")).to_have_count(count)
            assert attrs(page, f"{opp} .gf-book", "data-rank") == [r.value for r in state.books[s]]
    assert attrs(page, ".gf-you .gf-book", "data-rank") == [r.value for r in state.books[seat]]
    expect(page.locator(".gf-stock-count")).to_have_text(str(len(state.stock)))
    html = page.content()
    assert shown(html, hidden(state, seat)) == set()
    mine = names(state.hands[seat])
    assert shown(html, mine) == mine  # the check can see cards: the seat's own are all on its page


def check_news(page: Page, table: Any, seat: int) -> None:
    """The last turn told and highlighted: "Go fish!" (and the turn passing), a catch, a lucky draw,
    a book."""
    events = last_turn(table.state)
    news = page.locator(".gf-news")
    ask = events[0] if events and events[0].act is Act.ASK else None
    if ask is None:
        return
    kind = news.get_attribute("data-kind") or ""
    if ask.cards:
        assert "catch" in kind.split()
        expect(news.locator(".gf-badge-catch")).to_have_text("Caught!")
        expect(news).to_contain_text(f"for {ask.rank.plural}: ")
        expect(news).to_contain_text("handed over")
    else:
        assert "gofish" in kind.split()
        expect(news.locator(".gf-badge-gofish")).to_have_text("Go fish!")
        expect(news).to_contain_text(f"for {ask.rank.plural}: \u201cGo fish!\u201d")
    if any(e.act is Act.FISH and e.lucky for e in events):
        expect(news.locator(".gf-badge-lucky")).to_be_visible()
    if any(e.act is Act.BOOK for e in events):
        expect(news.locator(".gf-badge-book")).to_be_visible()
        expect(news).to_contain_text("made a book of")
    if table.state.phase is Phase.PLAY:
        after = table.state.current
        if after != ask.seat:
            expect(news).to_contain_text("The turn passes to you." if after == seat else "The turn passes to")
        else:
            expect(news).to_contain_text("goes again." if after != seat else "You go again.")


def ask_by_clicking(page: Page, way: int, target: int, rank: str, target_name: str) -> None:
    """Ask in one of the ways the view offers (each checks the choice it shows on the way)."""
    label = f"Ask {target_name} for {PLURAL[rank]}"
    group = page.locator(f".gf-group[data-rank='{rank}']")
    opp = page.locator(f".gf-opp[data-seat='{target}'] .gf-target")
    if way == 0:  # the rank, then the ask bar's button
        group.click()
        expect(group).to_have_attribute("aria-pressed", "true")
        expect(page.locator(".gf-prompt")).to_contain_text(PLURAL[rank])
        page.locator(".gf-actions").get_by_role("button", name=label).click()
    elif way == 1:  # the rank, then the player's place at the table
        group.click()
        expect(opp).to_have_text(label)
        page.locator(f".gf-opp[data-seat='{target}'] .gf-seat-title").click()
    elif way == 2:  # the player first, then the rank
        opp.click()
        expect(opp).to_have_attribute("aria-pressed", "true")
        expect(page.locator(".gf-prompt")).to_contain_text(f"Ask {target_name} for which rank?")
        expect(group).to_have_accessible_name(re.compile(f"{label}$"))
        group.click()
    else:  # by keyboard: the rank's key (or Enter on its cards), then Enter on the ask button it focuses
        page.locator("#seats-heading").click()
        if way == 3:
            page.keyboard.press("0" if rank == "T" else rank.lower())
        else:
            group.focus()
            page.keyboard.press("Enter")
        expect(group).to_have_attribute("aria-pressed", "true")
        expect(page.locator(".gf-actions .gf-ask-btn:focus")).to_have_text(label)
        page.keyboard.press("Enter")


# ---- tests ---------------------------------------------------------------------------------------
def test_a_whole_game_by_clicking_against_the_random_bot(pages: Pages, served: tuple[str, Any]) -> None:
    base_url, app = served
    ann = pages.new(DESKTOP)
    ann.goto(base_url + "/")
    ann.click("button[data-game='go-fish']")
    expect(ann.locator("#new-table-heading")).to_contain_text("Go Fish")
    ann.select_option("#seat-0-kind", "person")
    ann.select_option("#seat-1-kind", "bot:random")
    ann.fill("#seat-0-name", "Ann")
    ann.click("#create-table")
    ann.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    expect(ann.locator(".gf")).to_be_visible()
    code = ann.url.rsplit("/", 1)[1]
    table = app.state.hub.get(code)
    bot = table.names()[1]
    expect(ann.locator(".gf-chips")).to_contain_text("7 cards each")

    rng = random.Random(9)
    turns = fished = 0
    shots = False
    while wait_for_turn_or_end(ann):
        turns += 1
        assert turns < 80, "the game did not end"
        assert table.state.current == 0 and table.state.phase is Phase.PLAY
        expect(ann.locator(".gf-you .gf-acting")).to_have_text(re.compile("your turn"))
        check_page(ann, table, 0)
        check_news(ann, table, 0)
        asks = sorted(legal_asks(ann))
        known = {c.rank.value for c in cards_of(known_cards(table.state)[1])}
        choices = [a for a in asks if a[1] in known] or asks  # ask for what the bot is known to hold
        target, rank = rng.choice(choices)
        if not shots and len(asks) >= 3:
            ann.locator(f".gf-group[data-rank='{rank}']").click()
            expect(ann.locator(f".gf-group[data-rank='{rank}']")).to_have_attribute("aria-pressed", "true")
            ann.screenshot(path="/tmp/go-fish.png", full_page=True)
            ann.set_viewport_size(PHONE)
            ann.locator("#board").screenshot(path="/tmp/go-fish-phone.png")
            ann.set_viewport_size(DESKTOP)
            ann.locator(".gf-cancel").click()
            expect(ann.locator(".gf-group[aria-pressed='true']")).to_have_count(0)
            shots = True
        before = log_count(ann)
        ask_by_clicking(ann, turns % 5, target, rank, bot)
        wait_log_beyond(ann, before)
        line = log_line(ann, before + 1)
        assert line.startswith(f"Ann asked {bot} for {PLURAL[rank]}: "), line
        if "Go fish!" in line and "goes again" not in line and "The game" not in line \
                and "wins" not in line and "share the win" not in line:
            fished += 1
            # the turn passes to the bot, as the log says: the next line is the bot's (or the end)
            assert f"The turn passes to {bot}." in line, line
            ann.wait_for_function("n => document.querySelectorAll('#log li[data-n]').length > n"
                                  " || !document.getElementById('result').hidden", arg=before + 1)
            if log_count(ann) > before + 1:
                assert log_line(ann, before + 2).startswith(f"{bot} "), log_line(ann, before + 2)

    # the end: the books per player, and the winner(s)
    state = table.state
    assert state.phase is Phase.OVER
    counts = [len(b) for b in state.books]
    winners = [s for s, c in enumerate(counts) if c == max(counts)]
    final = ann.locator(".gf-final")
    expect(final).to_be_visible()
    for seat in (0, 1):
        row = final.locator(f".gf-final-row[data-seat='{seat}']")
        expect(row.locator(".gf-final-count")).to_have_attribute("data-books", str(counts[seat]))
        expect(row.locator(".gf-book")).to_have_count(counts[seat])
        expect(row.locator(".gf-winner-tag")).to_have_count(1 if seat in winners else 0)
    title = final.locator("h3")
    if len(winners) == 1:
        who = "You win" if winners == [0] else f"{bot} wins"
        expect(title).to_have_text(re.compile(rf"^{who} with \d+ books?!$"))
    else:
        expect(title).to_contain_text("share the win")
    expect(ann.locator("#result-text")).to_contain_text("win")
    expect(ann.locator(".gf-askbar")).to_be_hidden()
    assert shown(ann.content(), hidden(state, 0)) == set()
    ann.screenshot(path="/tmp/go-fish-over.png", full_page=True)
    watcher = pages.new(PHONE)  # another device, watching the finished game
    watcher.goto(f"{base_url}/t/{code}")
    expect(watcher.locator(".gf-final .gf-final-row")).to_have_count(2)
    expect(watcher.locator(".gf-you")).to_be_hidden()
    expect(watcher.locator(".gf-opp")).to_have_count(2)
    assert shown(watcher.content(), hidden(state, None)) == set()
    assert fished, "Ann never went fishing"
    print(f"Ann's turns: {turns}; go fish: {fished}; books {counts}")


def test_pass_and_play_shows_only_the_hand_of_the_player_at_the_device(
        pages: Pages, served: tuple[str, Any]) -> None:
    base_url, app = served
    form = {"game": "go-fish", "seats": [{"bot": None}, {"bot": None}],
            "join": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}]}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(form).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        body = json.load(response)
    code, tokens = body["code"], body["tokens"]
    table = app.state.hub.get(code)
    page = pages.new(PHONE)
    page.add_init_script(f"localStorage.setItem('parlour:tokens:{code}', '{json.dumps(tokens)}')")
    page.goto(f"{base_url}/t/{code}")

    passes = 0
    while passes < 2:
        state = table.state
        seat = state.current
        name, other = ("Ann", "Bob") if seat == 0 else ("Bob", "Ann")
        expect(page.locator("#pass-cover")).to_be_visible()
        expect(page.locator("#pass-title")).to_have_text(f"Pass the device to {name}")
        public = set().union(*(names(k) for k in known_cards(state)))
        assert shown(page.content(), names(state.hands[0] | state.hands[1]) - public) == set()
        page.click("#pass-ready")
        expect(page.locator(".gf-you .gf-seat-title")).to_have_text(f"{name}'s hand")
        expect(page.locator(".gf-opp .gf-seat-title")).to_have_text(other)
        check_page(page, table, seat)
        if passes == 0:
            page.screenshot(path="/tmp/go-fish-pass-and-play.png", full_page=True)
        # ask until "Go fish!" passes the device
        while table.state.current == seat and table.state.phase is Phase.PLAY:
            target, rank = sorted(legal_asks(page))[0]
            before = log_count(page)
            ask_by_clicking(page, 0, target, rank, other)
            wait_log_beyond(page, before)
            if table.state.current == seat:
                check_page(page, table, seat)
        if table.state.phase is not Phase.PLAY:
            break
        passes += 1


def greedy(state: Any) -> Ask:
    """Ann's ask in the three-player test (the test sees every hand): one that takes a player's
    last cards, else one that gets cards, else the first."""
    legal = GAME.legal_moves(state, 0)
    held = [m for m in legal if state.hands[m.target] & RANK_MASKS[m.rank.number - 1]]
    empties = [m for m in held if state.hands[m.target] & ~RANK_MASKS[m.rank.number - 1] == 0]
    return (empties or held or list(legal))[0]


def a_deal_where_ann_empties_a_hand(rules: Rules) -> tuple[int, int]:
    """A seed for the server's chance and bots (the hub draws both from one generator, in this
    order) with which Ann, asking greedily against two random bots, is soon to ask while another
    player has no cards; and how many of her turns that takes."""
    bot = make_bot(GAME, "random", rules)
    for seed in range(2000):
        rng = random.Random(seed)
        state = GAME.initial_state(rules, 3)
        turns = 0
        while GAME.to_act(state) and turns < 4:
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            elif seat == 0:
                turns += 1
                if not all(state.hands):
                    return seed, turns
                state = GAME.apply(state, 0, greedy(state))
            else:
                legal = GAME.legal_moves(state, seat)
                state = GAME.apply(state, seat, bot.choose(GAME, GAME.view(state, seat), legal, rng))
    raise AssertionError("no such deal in 2000 seeds")


def test_a_player_without_cards_cannot_be_asked(pages: Pages, served: tuple[str, Any]) -> None:
    """Three players, drawing on when out of cards: Ann takes a bot's last cards and asks again;
    that bot is shown without cards and cannot be chosen (the view says why and sends nothing)."""
    base_url, app = served
    rules = Rules(ending=Ending.DRAW_ON)
    seed, turns = a_deal_where_ann_empties_a_hand(rules)
    app.state.hub.rng = random.Random(seed)  # the next table's chance and bots: see the function above
    form = {"game": "go-fish", "rules": {"ending": "draw-on"}, "join": [{"seat": 0, "name": "Ann"}],
            "seats": [{"bot": None}, {"bot": "random"}, {"bot": "random"}]}
    request = urllib.request.Request(base_url + "/api/tables", data=json.dumps(form).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        body = json.load(response)
    code = body["code"]
    table = app.state.hub.get(code)
    page = pages.new(DESKTOP)
    page.add_init_script(f"localStorage.setItem('parlour:tokens:{code}', '{json.dumps(body['tokens'])}')")
    page.goto(f"{base_url}/t/{code}")
    names_ = table.names()
    for turn in range(1, turns + 1):
        assert wait_for_turn_or_end(page)
        check_page(page, table, 0)
        state = table.state
        if turn < turns:
            move = greedy(state)
            before = log_count(page)
            ask_by_clicking(page, turn % 3, move.target, move.rank.value, names_[move.target])
            wait_log_beyond(page, before)
            continue
        out = [s for s in (1, 2) if not state.hands[s]]
        assert out, "the deal did not go as foreseen"
        empty, other = out[0], 3 - out[0]
        opp = page.locator(f".gf-opp[data-seat='{empty}']")
        expect(opp).to_have_class(re.compile(r"\bunaskable\b"))
        expect(opp.locator(".gf-empty-hand")).to_have_text("No cards")
        expect(opp.locator(".gf-back-card")).to_have_count(0)
        target = opp.locator(".gf-target")
        expect(target).to_have_attribute("aria-disabled", "true")
        expect(target).to_have_text(f"{names_[empty]} has no cards")
        rank = page.locator(".gf-you .gf-group").first.get_attribute("data-rank") or ""
        page.locator(f".gf-group[data-rank='{rank}']").click()
        asks = page.locator(".gf-actions .gf-ask-btn")
        expect(asks).to_have_count(1)
        expect(asks).to_have_text(f"Ask {names_[other]} for {PLURAL[rank]}")
        lines = log_count(page)
        target.click(force=True)  # aria-disabled: Playwright would wait for it
        expect(page.locator(".gf-say")).to_have_text(f"{names_[empty]} has no cards: ask someone who has.")
        assert log_count(page) == lines and table.state is state
        page.screenshot(path="/tmp/go-fish-three.png", full_page=True)
