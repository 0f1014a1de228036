"""The rules of Yahtzee in motion: every transition, as plain functions over states.

Remembered by value (bounded): each roll's distinct keeps (:func:`rolls_from`) and the legal
moves of each card, dice and roll count met (:func:`_legal`); the sets of possible outcomes
are built at import.
"""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from parlour.core.dice import throw_outcomes
from parlour.core.errors import RulesError
from parlour.core.protocol import CHANCE
from parlour.games.yahtzee.moves import Dice, Move, Roll, Score
from parlour.games.yahtzee.rules import (
    BOXES,
    DICE,
    ROLLS,
    Rules,
    choices,
    counts,
    yahtzee_bonus,
)
from parlour.games.yahtzee.state import Card, State

MAX_PLAYERS = 8
"""A judgement call: the manual sets no limit; eight cards still fit a table (and a screen)."""

OUTCOME_SETS: dict[int, frozenset[Dice]] = {
    n: frozenset(o for o, _ in throw_outcomes(n)) for n in range(1, DICE + 1)
}
"""``[n]``: every sorted throw of ``n`` dice."""


T = TypeVar("T")


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1:])


@lru_cache(maxsize=256)
def rolls_from(dice: Dice) -> tuple[Roll, ...]:
    """Every distinct roll from these dice: each sub-multiset kept, except keeping all five.

    Fewest dice kept first (``roll`` first of all); equal numbers of dice by their
    values, lowest first.  (Remembered for each of the 252 rolls.)
    """
    have = counts(dice)
    keeps = set()
    for take in itertools.product(*(range(n + 1) for n in have)):
        keep = tuple(face for face, k in enumerate(take, start=1) for _ in range(k))
        if len(keep) < DICE:
            keeps.add(keep)
    return tuple(Roll(k) for k in sorted(keeps, key=lambda k: (len(k), k)))


@lru_cache(maxsize=1 << 16)
def _legal(rules: Rules, boxes: tuple[int | None, ...], dice: Dice, rolls: int) -> tuple[Move, ...]:
    if rolls == 0:
        return (Roll(()),)
    allowed = choices(rules, boxes, dice)  # once, not once for each box
    scores = tuple(Score(b) for b in BOXES if b in allowed)
    if rolls >= ROLLS:
        return scores
    return (*rolls_from(dice), *scores)


def initial_state(rules: Rules, players: int) -> State:
    if not 1 <= players <= MAX_PLAYERS:
        raise RulesError(f"Yahtzee takes 1 to {MAX_PLAYERS} players, not {players}")
    return State(rules=rules, players=players, cards=(Card(),) * players)


def to_act(state: State) -> tuple[int, ...]:
    """The current player, or ``CHANCE`` while dice are in the air; nobody once it is over."""
    if state.over:
        return ()
    if state.pending:
        return (CHANCE,)
    return (state.current,)


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    """Before the turn's first roll only ``roll``.  After the first or second roll every
    distinct roll (see :func:`rolls_from`: fewest dice kept first, then lowest values first;
    keeping all five is not a roll), then every box the dice may be scored in now, in card
    order.  After the third roll only the boxes."""
    if state.over or state.pending or seat != state.current:
        return ()
    return _legal(state.rules, state.card.boxes, state.dice, state.rolls)


def apply_move(state: State, seat: int, move: Move) -> State:
    """A legal move: a roll puts dice in the air; a score fills a box and passes the turn."""
    if isinstance(move, Roll):
        return dataclasses.replace(state, rolls=state.rolls + 1, kept=move.keep,
                                   rolling=move.rolling)
    card = state.card
    points = choices(state.rules, card.boxes, state.dice)[move.box]
    bonus = yahtzee_bonus(state.rules, card.boxes, state.dice) > 0
    return dataclasses.replace(
        state, cards=_set(state.cards, seat, card.scored(move.box, points, bonus)),
        current=(seat + 1) % state.players, dice=(), rolls=0, kept=(),
    )


def chance_outcomes(state: State) -> tuple[tuple[Dice, Fraction], ...]:
    """The rolled dice as a sorted multiset, with exact multinomial probabilities."""
    if not state.pending or state.over:
        return ()
    return throw_outcomes(state.rolling)


def possible_outcomes(state: State) -> frozenset[Dice]:
    if not state.pending or state.over:
        return frozenset()
    return OUTCOME_SETS[state.rolling]


def apply_outcome(state: State, outcome: Dice) -> State:
    """The dice land beside the ones kept."""
    return dataclasses.replace(state, dice=tuple(sorted(state.kept + outcome)), rolling=0)


def returns(state: State) -> tuple[float, ...]:
    """Alone: the card's total (at any time).  With others: at the end 1 for the winner,
    shared equally by tied winners, 0 for the rest; 0 for everyone before the end."""
    if state.players == 1:
        return (float(state.cards[0].total),)
    if not state.over:
        return (0.0,) * state.players
    top = state.leaders
    return tuple(1 / len(top) if s in top else 0.0 for s in range(state.players))


def seat_scores(state: State) -> tuple[tuple[int, ...], ...]:
    """Each seat's final total (one per finished game)."""
    if not state.over:
        return tuple(() for _ in range(state.players))
    return tuple((card.total,) for card in state.cards)
