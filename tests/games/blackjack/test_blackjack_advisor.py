"""The advisor and the ``optimal`` bot: the solver's values for the hand being played, hints that
rank every play, and the bot's choices (from its view alone)."""

from __future__ import annotations

import random

import pytest

from parlour.core.cards import Card
from parlour.core.protocol import CHANCE
from parlour.games.blackjack import GAME, Bet, DoubleDown, Hit, Phase, Rules, Split, Stand
from parlour.games.blackjack.advisor import values
from parlour.games.blackjack.bots.optimal import OptimalBot, best_move
from parlour.games.blackjack.solver import Action, solve

CASINO = Rules.casino(decks=0)


def dealt(rules: Rules, cards: str) -> object:
    state = GAME.apply(GAME.initial_state(rules, 1), 0, Bet(rules.min_bet))
    for text in cards.split():
        state = GAME.apply(state, CHANCE, Card.parse(text))
    return state


@pytest.mark.parametrize(("cards", "best"), [
    ("TS 9H 6D 4C", Hit),  # hard 16 against a ten (no surrender here): hit
    ("6S 6H 5D 4C", DoubleDown),  # 11 against a six: double
    ("8S 7H 8D 4C", Split),  # 8,8 against a seven: split
    ("TS 6H 7D 4C", Stand),  # 17 against a six: stand
])
def test_the_best_play_is_the_charts(cards, best):
    state = dealt(CASINO, cards)
    assert state.phase is Phase.PLAY
    legal = GAME.legal_moves(state, 0)
    view = GAME.view(state, 0)
    assert type(best_move(view.state, 0, legal)) is best
    hint = GAME.advise(state, 0)
    assert hint is not None and type(hint.options[0].move) is best
    assert [a.value for a in hint.options] == sorted((a.value for a in hint.options), reverse=True)
    assert {type(a.move) for a in hint.options} == {type(m) for m in legal}


def test_the_values_are_the_solvers_for_the_first_two_cards():
    strategy = solve(CASINO)
    state = dealt(CASINO, "TS 9H 6D 4C")  # 10, 6 against a nine
    got = values(GAME.view(state, 0).state, 0, GAME.legal_moves(state, 0))
    cell = strategy.hand(10, 6, 9)
    assert got[Stand] == pytest.approx(cell.value(Action.STAND), abs=1e-12)
    assert got[Hit] == pytest.approx(cell.value(Action.HIT), abs=1e-12)
    assert got[DoubleDown] == pytest.approx(cell.value(Action.DOUBLE), abs=1e-12)


def test_the_manual_game_is_advised_with_no_dealer_card_showing():
    rules = Rules(decks=0)
    state = dealt(rules, "TS 5H 9D")  # 10 then 9 for the player; the dealer's card is face down
    hint = GAME.advise(state, 0)
    assert hint is not None and "no dealer card showing" in hint.summary
    cell = solve(rules).hand(9, 10, None)
    assert hint.options[0].value == pytest.approx(cell.best_value, abs=1e-12)
    assert GAME.advise(GAME.initial_state(rules, 1), 0) is None  # nothing to rank while betting


def test_the_optimal_bot_plays_whole_games_from_its_view():
    rules = Rules.casino(decks=2, rounds=30)
    bot = GAME.bots()["optimal"](rules)
    assert isinstance(bot, OptimalBot)
    rng = random.Random(3)
    state = GAME.initial_state(rules, 1)
    while not GAME.is_terminal(state):
        actor = GAME.to_act(state)[0]
        if actor == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        view = GAME.view(state, 0)
        assert view.state.hole < 0 or len(view.state.dealer) < len(state.dealer)  # no hole card in it
        move = bot.choose(GAME, view, GAME.legal_moves(state, 0), rng)
        state = GAME.apply(state, 0, move)
    assert len(state.history) == 30


def test_the_trainer_flags_a_play_that_departs_from_the_best_and_keeps_the_share():
    rules = Rules.casino(decks=0, trainer=True)
    state = dealt(rules, "TS 9H 6D 4C")  # 16 against a nine: hit is best
    stood = GAME.apply(state, 0, Stand())
    note = stood.note
    assert note is not None and (note.played, note.best, note.correct) == ("stand", "hit", False)
    assert note.best_value > note.played_value and stood.trained == ((1, 0),)
    shown = GAME.view(stood, 0).to_json()["trainer"]
    assert shown["scores"] == [{"judged": 1, "best": 0, "percent": 0.0}]
    assert shown["last"]["played"] == "stand" and shown["last"]["best"] == "hit"
    hit = GAME.apply(state, 0, Hit())
    assert hit.note is not None and hit.note.correct and hit.trained == ((1, 1),)
    plain = dealt(Rules.casino(decks=0), "TS 9H 6D 4C")
    assert GAME.apply(plain, 0, Stand()).note is None  # no trainer at this table
    assert GAME.view(plain, 0).to_json()["trainer"] is None


def test_the_counter_bets_up_with_the_true_count_and_insures_when_tens_are_rich():
    import dataclasses

    from parlour.games.blackjack import Insure, NoInsurance
    from parlour.games.blackjack.bots.counter import CounterBot
    from parlour.games.blackjack.state import shoe_counts, shoe_of
    from parlour.games.blackjack.view import true_count

    rules = Rules.casino(decks=2, min_bet=2, max_bet=20, insurance=True)
    fresh = GAME.initial_state(rules, 1)
    bot = GAME.bots()["counter"](rules)
    assert isinstance(bot, CounterBot)
    rng = random.Random(0)
    assert true_count(GAME.view(fresh, 0).state) == 0
    assert bot.choose(GAME, GAME.view(fresh, 0), GAME.legal_moves(fresh, 0), rng) == Bet(2)
    half = shoe_of(n // 2 for n in shoe_counts(fresh.shoe))  # a deck left (52 unseen cards), running count +4
    warm = dataclasses.replace(fresh, shoe=half, count=4)
    assert true_count(GAME.view(warm, 0).state) == 4
    assert bot.choose(GAME, GAME.view(warm, 0), GAME.legal_moves(warm, 0), rng) == Bet(8)  # 4 units
    hot = dataclasses.replace(warm, count=40)
    assert bot.choose(GAME, GAME.view(hot, 0), GAME.legal_moves(hot, 0), rng) == Bet(16)  # 8 units at most
    assert true_count(GAME.view(dealt(Rules.casino(decks=0), "TS 9H 6D 4C"), 0).state) is None
    state = dataclasses.replace(fresh, count=0)
    state = GAME.apply(state, 0, Bet(2))
    for text in ["TS", "AH", "6D", "4C"]:
        state = GAME.apply(state, CHANCE, Card.parse(text))
    assert state.phase is Phase.INSURANCE
    assert bot.choose(GAME, GAME.view(state, 0), GAME.legal_moves(state, 0), rng) == NoInsurance()
    rich = dataclasses.replace(state, count=-20)  # (cold for betting, but the check is the count)
    assert bot.choose(GAME, GAME.view(rich, 0), GAME.legal_moves(rich, 0), rng) == NoInsurance()
    tens = dataclasses.replace(state, count=30)
    assert bot.choose(GAME, GAME.view(tens, 0), GAME.legal_moves(tens, 0), rng) == Insure()
