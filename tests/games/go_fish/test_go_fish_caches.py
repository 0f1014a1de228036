"""The engine's shortcuts agree with the plain computations they replace, over many seeded random
games: the known cards and each seat's history (``State.told`` and ``State.seen``, carried on from
state to state by ``apply_move``), the legal moves (cached by target and ranks held), ``cards_of``
and the book test (bit tricks), and the shuffled deal (``random.Random.shuffle`` step by step)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from parlour.core.cards import standard_deck
from parlour.core.protocol import CHANCE
from parlour.games.go_fish import GAME, Act, Ask, Deal, Ending, Event, Rules, State
from parlour.games.go_fish.engine import known_cards, seen_history
from parlour.games.go_fish.state import CARDS, RANK_MASKS, RANKS, Phase, books_held, cards_of, ranks_held

CASES = [(Rules(), 2), (Rules(), 4), (Rules(), 6), (Rules(ending=Ending.DRAW_ON), 3),
         (Rules(ending=Ending.ALL_BOOKS), 2), (Rules(ending=Ending.ALL_BOOKS, hand_size=7), 5)]
IDS = [f"{r.ending.value}-{r.hand_size}-{n}p" for r, n in CASES]


def plain_known(state: State) -> tuple[int, ...]:
    """The known cards replayed from the whole history, card by card."""
    known = [0] * state.players
    for event in state.history:
        for card in event.cards:
            bit = 1 << CARDS.index(card)
            for s in range(state.players):
                known[s] &= ~bit
            if event.act is not Act.BOOK:
                known[event.seat] |= bit
    return tuple(k & h for k, h in zip(known, state.hands, strict=True))


def plain_history(state: State, seat: int | None) -> tuple[Event, ...]:
    """The history with every card drawn and kept by someone other than ``seat`` hidden."""
    return tuple(e if e.drawn < 0 or e.lucky or e.seat == seat else dataclasses.replace(e, drawn=-1)
                 for e in state.history)


def plain_legal(state: State, seat: int) -> tuple[Ask, ...]:
    if state.phase is not Phase.PLAY or seat != state.current:
        return ()
    hand = state.hands[seat]
    ranks = [r for r in RANKS if hand & RANK_MASKS[r.number - 1]]
    moves = []
    for step in range(1, state.players):
        target = (seat + step) % state.players
        if state.hands[target]:
            moves += [Ask(target, r) for r in ranks]
    return tuple(moves)


@pytest.mark.parametrize(("rules", "players"), CASES, ids=IDS)
def test_carried_caches_equal_a_replay_of_the_whole_history(rules, players):
    seats: list[int | None] = [None, *range(players)]
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.initial_state(rules, players)
        while actors := GAME.to_act(state):
            if actors == (CHANCE,):
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            fresh = dataclasses.replace(state)  # the same state, without caches
            assert fresh == state and hash(fresh) == hash(state) and repr(fresh) == repr(state)
            assert fresh.told is None and fresh.seen is None
            for s in seats:
                assert seen_history(state, s) == plain_history(state, s)
            assert known_cards(state) == known_cards(fresh) == plain_known(state)
            assert all(GAME.view(state, s) == GAME.view(fresh, s) for s in seats)
            compared += 1
            (seat,) = actors
            legal = GAME.legal_moves(state, seat)
            assert legal == plain_legal(state, seat)
            after = GAME.apply(state, seat, rng.choice(legal))
            if rng.random() < 0.2:  # sometimes drop the caches, to start them again later
                after = dataclasses.replace(after)
            state = after
        for s in seats:
            assert seen_history(state, s) == plain_history(state, s)
        assert known_cards(state) == plain_known(state)
    assert compared > 200


def test_cards_of_ranks_held_and_books_held_agree_with_card_by_card_loops():
    rng = random.Random(3)
    for _ in range(3000):
        mask = rng.getrandbits(52) & rng.getrandbits(52) if rng.random() < 0.5 else rng.getrandbits(52)
        assert cards_of(mask) == tuple(CARDS[suit * 13 + r] for r in range(13) for suit in range(4)
                                       if mask >> (suit * 13 + r) & 1)
        assert ranks_held(mask) == sum(1 << r for r in range(13) if mask & RANK_MASKS[r])
        assert books_held(mask) == sum(1 << r for r in range(13) if mask & RANK_MASKS[r] == RANK_MASKS[r])
    assert cards_of(0) == ()
    assert len(cards_of((1 << 52) - 1)) == 52


def test_a_shuffled_deal_is_the_standard_library_shuffle():
    """``Deal.shuffled`` draws its own bits for ``random.Random`` and must shuffle as
    ``random.Random.shuffle`` does, leaving the generator where ``shuffle`` leaves it."""
    for seed in range(300):
        mine, theirs = random.Random(seed), random.Random(seed)
        deck = list(standard_deck())
        theirs.shuffle(deck)
        assert Deal.shuffled(mine).cards == tuple(deck)
        assert mine.getrandbits(64) == theirs.getrandbits(64)


@pytest.mark.parametrize("ending", list(Ending))
def test_events_made_without_init_are_those_init_makes(ending: Ending):
    """The engine makes its events without ``Event.__init__``: each must equal, hash and print
    as the event ``Event(...)`` makes from the same fields, and a state's fields the same."""
    rules = Rules(ending=ending)
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.initial_state(rules, 2)
        while (actors := GAME.to_act(state)) != ():
            if actors == (CHANCE,):
                state = GAME._apply_outcome(state, GAME.sample_chance(state, rng))
            else:
                legal = GAME.legal_moves(state, actors[0])
                state = GAME._apply_move(state, actors[0], legal[rng.randrange(len(legal))])
            fresh = dataclasses.replace(state)
            assert fresh == state and hash(fresh) == hash(state) and repr(fresh) == repr(state)
        assert any(event.act is Act.FISH for event in state.history)
        for event in state.history:
            made = Event(event.act, event.seat, event.target, event.rank, event.cards, event.lucky,
                         event.drawn)
            assert made == event and hash(made) == hash(event) and repr(made) == repr(event)
            assert vars(made) == vars(event)
