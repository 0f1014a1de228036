"""Blackjack's fast chance: ``sample_chance`` draws a card by one integer draw over the shoe's
counts, and ``possible_outcomes`` answers ``in`` from the counts; both must agree exactly with
``chance_outcomes`` (the Fractions the solver and the advisor read)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from parlour.core.cards import Card, standard_deck
from parlour.core.errors import IllegalMoveError
from parlour.core.protocol import CHANCE, Game
from parlour.games.blackjack import GAME, Bet, Rules
from parlour.games.blackjack.state import shoe_of

DECK = standard_deck()


def at_the_deal(rules: Rules) -> Any:
    state = GAME.initial_state(rules, 1)
    state = GAME.apply(state, 0, Bet(1))
    assert GAME.to_act(state) == (CHANCE,)
    return state


def shoes() -> list[Any]:
    """States at a chance node with shoes of every kind: full (one deck, six decks: every count
    a multiple of 6), an infinite deck, counts drawn at random (some all multiples of 3, so that
    the probabilities share a smaller denominator than the number of cards left) and a single
    card left."""
    rng = random.Random(5)
    states = [at_the_deal(Rules(decks=1)), at_the_deal(Rules(decks=6)), at_the_deal(Rules(decks=0))]
    for decks in (1, 2, 8):
        base = at_the_deal(Rules(decks=decks))
        for _ in range(6):
            counts = [rng.randint(0, decks) for _ in range(52)]
            counts[rng.randrange(52)] = decks  # never empty
            states.append(dataclasses.replace(base, shoe=shoe_of(counts)))
            states.append(dataclasses.replace(base, shoe=shoe_of(3 * n for n in counts)))
        lonely = [0] * 52
        lonely[rng.randrange(52)] = 1
        states.append(dataclasses.replace(base, shoe=shoe_of(lonely)))
    return states


class Scripted(random.Random):
    """Answers ``randrange(n)`` with the given point, to walk every point of a draw."""

    def __init__(self, point: int) -> None:
        super().__init__(0)
        self.point = point
        self.asked: list[int] = []

    def randrange(self, start: int, stop: Any = None, step: int = 1) -> int:
        assert stop is None and step == 1
        self.asked.append(start)
        assert 0 <= self.point < start
        return self.point


@pytest.mark.parametrize("state", shoes(), ids=lambda s: f"{len(s.shoe) or 'infinite'}")
def test_every_point_of_the_draw_gives_each_card_its_exact_probability(state):
    size = Scripted(0)
    GAME.sample_chance(state, size)
    (points,) = size.asked
    drawn = Counter(GAME.sample_chance(state, Scripted(p)) for p in range(points))
    exact = dict(GAME.chance_outcomes(state))
    assert {card: Fraction(n, points) for card, n in drawn.items()} == exact


@pytest.mark.parametrize("state", shoes(), ids=lambda s: f"{len(s.shoe) or 'infinite'}")
def test_the_fast_draw_is_the_generic_draw_seed_for_seed(state):
    """The same card as ``Game.sample_chance`` over ``chance_outcomes`` for the same generator,
    and the generator left in the same state: seeded games and records are unchanged."""
    for seed in range(200):
        fast, generic = random.Random(seed), random.Random(seed)
        assert GAME.sample_chance(state, fast) == Game.sample_chance(GAME, state, generic)
        assert fast.getstate() == generic.getstate()


@pytest.mark.parametrize("state", shoes(), ids=lambda s: f"{len(s.shoe) or 'infinite'}")
def test_the_possible_cards_are_those_with_a_chance(state):
    listed = [card for card, _ in GAME.chance_outcomes(state)]
    possible = GAME.possible_outcomes(state)
    assert list(possible) == listed and len(possible) == len(listed)
    assert possible[0] == listed[0] and list(possible[-2:]) == listed[-2:]
    for card in DECK:
        assert (card in possible) == (card in listed)
        assert (Card.parse(str(card)) in possible) == (card in listed)  # equal, not the same object
    assert "AS" not in possible and None not in possible


def test_a_card_gone_from_the_shoe_is_refused():
    state = at_the_deal(Rules(decks=1))
    state = GAME.apply(state, CHANCE, Card.parse("AS"))
    assert Card.parse("AS") not in GAME.possible_outcomes(state)
    with pytest.raises(IllegalMoveError, match="not a possible outcome"):
        GAME.apply(state, CHANCE, Card.parse("AS"))
