"""Blackjack's view in real Chromium (Playwright): a whole game of several rounds by clicking and by
keys against the dealer-mimic bot, watched from a second device (a phone).

The table is made in the lobby with casino options (the dealer's card showing and a peek, blackjack
3:2, doubling, splitting, late surrender, insurance) and one deck, so that within a round no card is
dealt twice.  The app runs in-process here with its hub at hand, so at every decision the test
compares each page (its whole DOM: text, attributes, labels) with the server's state: while the
dealer's hole card is face down no page names it, and the chips each page shows are the server's.
Screenshots go to the test's ``tmp_path``.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browserkit import (
    DESKTOP,
    NEEDS_CHROMIUM,
    PHONE,
    Pages,
    legal_moves,
    log_count,
    open_moves,
    shown,
    wait_for_turn_or_end,
)
from playwright.sync_api import Page, expect

from parlour.core.protocol import CHANCE
from parlour.games.blackjack import GAME, Deal, Double, Payout, Rules, Surrender
from parlour.games.blackjack.bots import BOTS
from parlour.games.blackjack.moves import Bet
from parlour.games.blackjack.notation import chips
from parlour.games.blackjack.state import Phase

pytestmark = NEEDS_CHROMIUM

ROUNDS = 4


def public_cards(state: Any) -> set[str]:
    """Every card the players have seen face up: this round's and every earlier round's."""
    seen = {str(c) for i, c in enumerate(state.dealer) if i != state.hole}
    for hands in state.hands:
        seen |= {str(c) for hand in hands for c in hand.cards}
    for r in state.history:
        seen |= {str(c) for c in r.dealer}
        seen |= {str(c) for hands in r.hands for hand in hands for c in hand.cards}
    return seen


# ---- Ann's play, and a deal where it meets insurance, a double and a surrender ----------------------
BETS = (5, 10, 3, 20, 7)
RULES = Rules(deal=Deal.PEEK, blackjack=Payout.THREE_TWO, double=Double.ANY, split_hands=4,
              surrender=Surrender.LATE, insurance=True, decks=1, rounds=ROUNDS, trainer=True)


def ann_plays(state: Any, legal: list[str], done: set[str]) -> str:
    """What Ann plays (the test clicks it; the seed search below plays it too)."""
    if state.phase is Phase.BET:
        bet = f"bet {BETS[(state.round - 1) % len(BETS)]}"
        return bet if bet in legal else legal[-1]
    if state.phase is Phase.INSURANCE:
        return "no insurance" if "insurance" in done else "insurance"
    hand = state.hands[0][state.current[1]]
    if "split" in legal:
        return "split"
    if "double" in legal and 9 <= hand.total <= 11 and not hand.soft:
        return "double"
    if "surrender" in legal and hand.total in (15, 16) and "surrender" not in done:
        return "surrender"
    return "hit" if hand.total < 15 else "stand"


WANTED = {"insurance", "double", "surrender", "hit", "stand"}


def a_game_with_insurance_a_double_and_a_surrender() -> int:
    """A seed for the server's chance (the hub's ``rng``, drawn from in the order the game needs
    cards) with which Ann, playing ``ann_plays`` against the dealer-mimic bot, is offered insurance,
    doubles, surrenders, hits and stands."""
    bot = BOTS["dealer-mimic"](RULES)
    for seed in range(3000):
        rng = random.Random(seed)
        state = GAME.initial_state(RULES, 2)
        done: set[str] = set()
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            legal = GAME.legal_moves(state, seat)
            if seat == 1:
                move = bot.choose(GAME, GAME.view(state, 1), legal, random.Random(0))
            else:
                text = ann_plays(state, [GAME.format_move(state, 0, m) for m in legal], done)
                done.add(text.split()[0] if text.startswith("bet ") else text)
                move = GAME.parse_move(state, 0, text)
            state = GAME.apply(state, seat, move)
        if done >= WANTED:
            return seed
    raise AssertionError("no such game in 3000 seeds")


# ---- the pages ------------------------------------------------------------------------------------
def create_in_lobby(page: Page, base_url: str) -> str:
    page.goto(base_url + "/")
    page.click("button[data-game='blackjack']")
    expect(page.locator("#new-table-heading")).to_contain_text("Blackjack")
    page.select_option("#seat-count", "2")
    page.select_option("#seat-0-kind", "person")
    page.select_option("#seat-1-kind", "bot:dealer-mimic")
    page.fill("#seat-0-name", "Ann")
    page.select_option("#opt-deal", "peek")
    page.select_option("#opt-blackjack", "3:2")
    page.select_option("#opt-double", "any")
    page.select_option("#opt-split_hands", "4")
    page.select_option("#opt-surrender", "late")
    page.check("#opt-insurance")
    page.select_option("#opt-decks", "1")
    page.fill("#opt-rounds", str(ROUNDS))
    page.check("#opt-trainer")
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    expect(page.locator(".bj")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def wait_log(page: Page, n: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('#log li[data-n]').length >= n", arg=n)


def act(page: Page, table: Any, do: Callable[..., Any], *args: Any) -> None:
    """Click or press something that sends one of Ann's moves, and wait until the server has it and
    the page shows it (the bot may bet and decline insurance at the same time)."""
    before = table.seq
    do(*args)
    deadline = time.monotonic() + 15
    while not any(item.seat == 0 for item in table.log[before:]):
        assert time.monotonic() < deadline, "the move never reached the server"
        time.sleep(0.02)
    n = next(i for i, item in enumerate(table.log) if i >= before and item.seat == 0)
    wait_log(page, n + 1)


def settled(ann: Page, watcher: Page, table: Any) -> tuple[Any, str, str]:
    """The server's state and both pages' DOM, once both pages show all of its log."""
    for _ in range(50):
        n = table.seq
        wait_log(ann, n)
        wait_log(watcher, n)
        mine, theirs = ann.content(), watcher.content()
        state = table.state
        if table.seq == n and log_count(ann) == n and log_count(watcher) == n:
            return state, mine, theirs
        time.sleep(0.05)
    raise AssertionError("the table never settled")


def check_pages(ann: Page, watcher: Page, table: Any) -> Any:
    """No page names the hole card while it is face down, and both show the server's chips."""
    state, mine, theirs = settled(ann, watcher, table)
    for page, html in ((ann, mine), (watcher, theirs)):
        felt = page.locator(".bj-felt").evaluate("el => el.outerHTML")
        if state.hole >= 0:
            hole = str(state.dealer[state.hole])
            # one deck: in this round the hole card is nowhere else, so the table must not name it
            assert not shown(felt, {hole}), f"the felt names the hole card {hole}"
            if hole not in public_cards(state):  # (an earlier round's log may name the same card)
                assert not shown(html, {hole}), f"the page names the hole card {hole}"
            expect(page.locator(".bj-dealer .bj-down")).to_have_count(1)
            expect(page.locator(".bj-dealer .bj-down")).to_have_attribute("aria-label", "face-down card")
        else:
            expect(page.locator(".bj-dealer .bj-down")).to_have_count(0)
        for seat, player in enumerate(state.players):
            balance = page.locator(f".bj-spot[data-seat='{seat}'] .bj-balance")
            expect(balance).to_have_text(chips(player.balance))
    return state


# ---- tests ------------------------------------------------------------------------------------------
def test_a_whole_game_of_rounds_by_clicking_against_the_dealer_mimic(
        pages: Pages, served: tuple[str, Any], tmp_path: Path) -> None:
    base_url, app = served
    app.state.hub.rng = random.Random(a_game_with_insurance_a_double_and_a_surrender())
    ann = pages.new(DESKTOP)
    code = create_in_lobby(ann, base_url)
    table = app.state.hub.get(code)
    assert table.state.rules == RULES  # the lobby's form made the table asked for
    expect(ann.locator(".bj-round")).to_have_text(f"Round 1 of {ROUNDS}")
    expect(ann.locator(".bj-rules")).to_contain_text("Blackjack pays 3:2")
    watcher = pages.new(PHONE)  # a second device, watching
    watcher.goto(f"{base_url}/t/{code}")
    expect(watcher.locator(".bj")).to_be_visible()
    expect(watcher.locator("#conn-text")).to_have_text("Connected · watching")

    done: set[str] = set()
    shots: set[str] = set()
    decisions = 0
    while wait_for_turn_or_end(ann):
        decisions += 1
        assert decisions < 80, "the game went on too long"
        state = check_pages(ann, watcher, table)
        moves = legal_moves(ann)
        expect(watcher.locator(".bj-controls")).to_be_hidden()  # a watcher gets no buttons
        move = ann_plays(state, moves, done)
        done.add(move.split()[0] if move.startswith("bet ") else move)
        if state.phase is Phase.BET:
            expect(ann.locator(".bj-round")).to_have_text(f"Round {state.round} of {ROUNDS}")
            amount = int(move.split()[1])
            if state.round > 1:  # the last round's results and the chips so far
                expect(ann.locator(".bj-results h3")).to_have_text(f"Round {state.round - 1}: results")
                expect(ann.locator(".bj-history tbody tr[data-round]")).to_have_count(state.round - 1)
                last = state.history[-1]
                outcomes = ann.locator(".bj-results .bj-result-seat[data-seat='0'] .bj-result-hand")
                expect(outcomes).to_have_count(len(last.hands[0]))
                for i, result in enumerate(last.hands[0]):
                    expect(outcomes.nth(i)).to_have_attribute("data-outcome", result.outcome.value)
                if "bet" not in shots:
                    ann.screenshot(path=str(tmp_path / "desktop-bet.png"), full_page=True)
                    shots.add("bet")
            if state.round % 2:  # a chip, then the Bet button
                chip = ann.locator(f".bj-chip[data-amount='{amount}']")
                if chip.count():
                    chip.click()
                else:
                    ann.fill("#bj-bet-amount", str(amount))
                expect(ann.locator(".bj-bet-btn")).to_have_text(f"Bet {amount} and deal")
                act(ann, table, ann.click, ".bj-bet-btn")
            else:  # typed into the amount box, then Enter
                ann.fill("#bj-bet-amount", str(amount))
                act(ann, table, ann.press, "#bj-bet-amount", "Enter")
            assert [item.action for item in table.log if item.seat == 0][-1] == Bet(amount)
            continue

        if state.phase is Phase.INSURANCE:
            expect(ann.locator(".bj-prompt")).to_contain_text("The dealer shows an ace")
            if "insurance" not in shots:
                ann.screenshot(path=str(tmp_path / "desktop-insurance.png"), full_page=True)
                shots.add("insurance")
            act(ann, table, ann.click, f"[data-action='{move}']")
            continue

        assert state.phase is Phase.PLAY and state.current[0] == 0, state
        hand = state.hands[0][state.current[1]]
        expect(ann.locator(".bj-spot[data-seat='0'] .bj-hand.current")).to_have_count(1)
        expect(ann.locator(".bj-spot[data-seat='0'] .bj-hand.current .bj-total")).to_have_text(
            f"soft {hand.total}" if hand.soft else str(hand.total))
        offered = ann.locator(".bj-actions [data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)")
        assert sorted(offered) == sorted(moves), (offered, moves)  # exactly the legal moves
        if "play" not in shots:
            ann.screenshot(path=str(tmp_path / "desktop-play.png"), full_page=True)
            watcher.screenshot(path=str(tmp_path / "phone-watching-play.png"), full_page=True)
            shots.add("play")
        elif "phone-play" not in shots:
            ann.set_viewport_size(PHONE)
            ann.screenshot(path=str(tmp_path / "phone-play.png"), full_page=True)
            ann.set_viewport_size(DESKTOP)
            shots.add("phone-play")
        if "keys-in-field" not in done:  # a key typed into a form field is text, not a move
            before = log_count(ann)
            open_moves(ann)
            ann.fill("#move-text", "")
            ann.type("#move-text", "hs")
            time.sleep(0.2)
            assert log_count(ann) == before and legal_moves(ann) == moves
            ann.fill("#move-text", "")
            done.add("keys-in-field")
        if move in ("hit", "stand"):  # by key (H, S), away from any form field
            ann.locator(".bj-round").click()
            act(ann, table, ann.keyboard.press, move[0])
        else:
            act(ann, table, ann.click, f"[data-action='{move}']")

    # the game is over: every round in the chips history, the final chips on both pages
    state = check_pages(ann, watcher, table)
    assert state.phase is Phase.OVER
    assert done >= WANTED, done
    played = len(state.history)
    assert played == ROUNDS
    expect(ann.locator(".bj-history tbody tr[data-round]")).to_have_count(played)
    expect(ann.locator(".bj-round")).to_have_text(f"Game over after {played} rounds")
    final = ann.locator(".bj-history tbody tr[data-round]").last.locator(".bj-chips-after")
    expect(final).to_have_text([chips(p.balance) for p in state.players])
    expect(ann.locator(".bj-controls")).to_be_hidden()
    # the trainer judged every play of a hand, with the server's tally and its last word
    judged, best = state.trained[0]
    assert judged >= 3
    tally = ann.locator(".bj-trainer-scores li[data-seat='0']")
    expect(tally).to_contain_text(f"{best} of {judged} plays the best")
    assert state.note is not None
    expect(ann.locator(".bj-trainer-note")).to_contain_text(f"chose {state.note.played}")
    # a trainer table shows the Hi-Lo count; once the game is over there is no button left to toggle it
    expect(ann.locator(".bj-running")).to_be_visible()
    expect(ann.locator(".bj-count-toggle")).to_have_count(0)
    ann.screenshot(path=str(tmp_path / "desktop-game-over.png"), full_page=True)
    ann.set_viewport_size(PHONE)
    ann.screenshot(path=str(tmp_path / "phone-game-over.png"), full_page=True)
    watcher.screenshot(path=str(tmp_path / "phone-watching-over.png"), full_page=True)
    print(f"decisions: {decisions}; did: {sorted(done)}; screenshots in {tmp_path}")


def test_the_lobby_starts_from_the_casino_preset_and_any_rule_may_still_change(
        pages: Pages, served: tuple[str, Any]) -> None:
    base_url, app = served
    page = pages.new()
    page.goto(base_url + "/")
    page.click("button[data-game='blackjack']")
    expect(page.locator("#preset")).to_have_value("manual")
    expect(page.locator("#opt-deal")).to_have_value("manual")
    page.select_option("#preset", "casino")
    expect(page.locator("#opt-deal")).to_have_value("peek")
    expect(page.locator("#opt-blackjack")).to_have_value("3:2")
    expect(page.locator("#opt-decks")).to_have_value("6")
    expect(page.locator("#opt-double_after_split")).to_be_checked()
    page.select_option("#opt-decks", "2")  # then one rule changed by hand
    page.select_option("#seat-0-kind", "bot:optimal")
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    table = app.state.hub.get(page.url.rsplit("/", 1)[1])
    assert table.rules == Rules.casino(decks=2)
