"""The engine's memos of shared states: the state after a first card dealt from a shared state
(``engine._FIRST_CARDS``), the bets of a state asked again (``engine._LAST_BET_STATE``) and the
balances made by ``engine._whole`` read as whole numbers (``engine._WHOLE_OF``) give the same
answers as the states worked out afresh."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

from parlour.core.cards import Card
from parlour.core.protocol import CHANCE
from parlour.games.blackjack import engine
from parlour.games.blackjack.game import GAME
from parlour.games.blackjack.rules import Deal, Rules
from parlour.games.blackjack.state import Bet, Player, State

RULES = Rules(deal=Deal.NO_PEEK, rounds=1, max_bet=1, penetration=0)


def _fresh(state: State) -> State:
    """``state`` made anew (equal, but no memo knows it)."""
    return engine.replace(state)


def test_a_first_card_from_a_shared_state_is_the_state_worked_out_afresh() -> None:
    start = GAME.initial_state(RULES, 1)
    after_bet = GAME.apply(start, 0, Bet(1))
    assert GAME.apply(start, 0, Bet(1)) is after_bet  # shared: kept with the initial state
    first = engine._FIRST_CARDS.get(id(after_bet))
    assert first is not None and first[0] is after_bet
    for card in engine.DECK[:5]:
        made = GAME.apply(after_bet, CHANCE, card)
        assert GAME.apply(after_bet, CHANCE, card) is made  # made once
        afresh = GAME.apply(_fresh(after_bet), CHANCE, card)
        assert afresh is not made and afresh == made
        assert made.drawable is not None and made.drawable[0] is made.shoe
        assert afresh.drawable is not None and made.drawable[1] == afresh.drawable[1]
    # the state is still known after making its children (and only its children are memoized)
    assert engine._FIRST_CARDS[id(after_bet)][0] is after_bet
    assert id(made) not in engine._FIRST_CARDS


def test_random_games_from_a_shared_start_match_games_from_fresh_states() -> None:
    """The same random games from the shared initial state and from a copy of it: the copies miss
    every memo."""
    for seed in range(60):
        ends = []
        for shared in (True, False):
            rng = random.Random(seed)
            state = GAME.initial_state(RULES, 1)
            if not shared:
                state = _fresh(state)
            while actors := GAME.to_act(state):
                if actors == (CHANCE,):
                    state = GAME._apply_outcome(state, GAME.sample_chance(state, rng))
                else:
                    legal = GAME.legal_moves(state, actors[0])
                    state = GAME._apply_move(state, actors[0], legal[rng.randrange(len(legal))])
                if not shared:
                    state = _fresh(state)
            ends.append(state)
        assert ends[0] == ends[1]
        assert ends[0].history == ends[1].history


def test_the_bets_of_a_state_asked_again_are_its_own() -> None:
    rich = GAME.initial_state(dataclasses.replace(RULES, max_bet=5), 1)
    poor = engine.replace(rich, players=(engine._make(Player, dict(Player(Fraction(2)).__dict__)),))
    assert [m.amount for m in GAME.legal_moves(rich, 0)] == [1, 2, 3, 4, 5]
    assert [m.amount for m in GAME.legal_moves(rich, 0)] == [1, 2, 3, 4, 5]
    assert [m.amount for m in GAME.legal_moves(poor, 0)] == [1, 2]
    assert GAME.legal_moves(rich, 1) == ()


def test_a_balance_not_made_by_the_engine_is_settled_alike() -> None:
    """A balance of a Fraction the engine did not make (not in ``_WHOLE_OF``), whole or not."""
    for balance in (Fraction(50), Fraction(101, 2)):
        start = GAME.initial_state(RULES, 1)
        seated = engine._make(Player, dict(Player(balance).__dict__))
        state = engine.replace(start, players=(seated,))
        state = GAME.apply(state, 0, Bet(1))
        for text in ("TS", "9H", "8D", "7C"):  # 18 against 16: the dealer draws
            state = GAME.apply(state, CHANCE, Card.parse(text))
        state = GAME.apply(state, 0, GAME.legal_moves(state, 0)[1])  # stand
        state = GAME.apply(state, CHANCE, Card.parse("KC"))  # the dealer busts
        assert GAME.to_act(state) == ()
        assert state.players[0].balance == balance + 1
        assert state.history[0].hands[0][0].net == 1
