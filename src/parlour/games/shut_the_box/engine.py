"""The rules of Shut the Box in motion: every transition, as plain functions over states.

Sets of tiles are bit masks (tile ``t`` is bit ``t - 1``, see :mod:`.rules`).  The legal flips
come from :data:`FLIPS_BY_TOTAL`, a table built once at import, and :func:`legal_flips` keeps
the flips of the positions met (bounded, by value) so that listing moves costs a look-up.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from parlour.core.dice import is_double, throw_outcomes
from parlour.core.errors import RulesError
from parlour.core.protocol import CHANCE
from parlour.games.shut_the_box.moves import Dice, Flip, Move, RoundResult, Throw
from parlour.games.shut_the_box.rules import (
    BOX_SIZES,
    Mode,
    Rules,
    mask_sum,
    one_die_allowed,
    score_of,
    tiles_of,
)
from parlour.games.shut_the_box.state import State, Status

ZERO = Fraction(0)

MAX_TILES = max(BOX_SIZES)
"""The largest box."""

MAX_THROW = 12
"""The largest throw total (two dice)."""


# ---- flips ---------------------------------------------------------------------------------


def flip_order_key(flip: int) -> tuple[int, tuple[int, ...]]:
    """Sort key of the documented flip order: fewer tiles first, then higher tiles first.

    Flips with as many tiles compare by their tiles read from the highest down,
    so for a throw of 8 the order is 8, 7+1, 6+2, 5+3, 5+2+1, 4+3+1.
    """
    tiles = tiles_of(flip)
    return len(tiles), tuple(-t for t in reversed(tiles))


def _flips_by_total() -> tuple[tuple[int, ...], ...]:
    groups: list[list[int]] = [[] for _ in range(MAX_THROW + 1)]
    for flip in range(1, 1 << MAX_TILES):
        total = mask_sum(flip)
        if total <= MAX_THROW:
            groups[total].append(flip)
    return tuple(tuple(sorted(group, key=flip_order_key)) for group in groups)


FLIPS_BY_TOTAL: tuple[tuple[int, ...], ...] = _flips_by_total()
"""``[total]``: every set of tiles of the largest box adding up to ``total`` (0 to 12), in flip order."""


def flip_masks(open_mask: int, total: int) -> tuple[int, ...]:
    """Every set of open tiles adding up to the throw ``total``, in flip order (masks).

    Empty when the throw cannot be used.
    """
    if not 0 < total <= MAX_THROW:
        return ()
    return tuple(flip for flip in FLIPS_BY_TOTAL[total] if flip & open_mask == flip)


@lru_cache(maxsize=(1 << MAX_TILES) * (MAX_THROW + 1))
def legal_flips(open_mask: int, total: int) -> tuple[Flip, ...]:
    """:func:`flip_masks` as moves (remembered for every open set and throw met)."""
    return tuple(Flip.of_mask(m) for m in flip_masks(open_mask, total))


# ---- set-up and turns ---------------------------------------------------------------------


T = TypeVar("T")


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1:])


def initial_state(rules: Rules, players: int) -> State:
    """A fresh game: the first round begun, seat 0 to throw (everyone, in simultaneous play)."""
    low, high = rules.player_range()
    if not low <= players <= high:
        span = str(low) if low == high else f"{low} to {high}"
        raise RulesError(f"the {rules.mode.value} game takes {span} players, not {players}")
    zeros = (ZERO,) * players
    state = State(
        rules=rules, players=players, round=0, starter=0,
        covered=(0,) * (1 if rules.mode is Mode.LONG else players),
        status=(Status.WAITING,) * players, dice=((),) * players, current=None,
        scores=(None,) * players, totals=(0,) * players, wins=zeros, balances=zeros,
    )
    return _start_round(state, starter=0)


def _start_round(state: State, starter: int) -> State:
    rules = state.rules
    status = tuple(Status.OUT if s is Status.OUT else Status.WAITING for s in state.status)
    if rules.mode is Mode.SIMULTANEOUS:
        status = tuple(Status.THROW for _ in status)
        current = None
    else:
        status = _set(status, starter, Status.THROW)
        current = starter
    return dataclasses.replace(
        state, round=state.round + 1, starter=starter,
        covered=(0,) * len(state.covered), status=status, dice=((),) * state.players,
        current=current, pending=None, pending_dice=0, scores=(None,) * state.players, bank=0,
    )


def to_act(state: State) -> tuple[int, ...]:
    """The seats to throw or flip (several in simultaneous play); ``CHANCE`` while dice fly."""
    if state.over:
        return ()
    if state.pending is not None:
        return (CHANCE,)
    return tuple(seat for seat, s in enumerate(state.status) if s in (Status.THROW, Status.PLACE))


# ---- moves -----------------------------------------------------------------------------------


def may_throw_one(state: State, seat: int) -> bool:
    """Whether ``seat`` may choose one die for its next throw."""
    return one_die_allowed(state.rules.one_die, state.open_for(seat))


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    """``Throw(1)`` then ``Throw(2)`` before a throw; after it, every set of tiles adding
    up to the throw, fewest tiles first, then highest tiles first."""
    if state.over or state.pending is not None or not 0 <= seat < state.players:
        return ()
    status = state.status[seat]
    if status is Status.THROW:
        return (Throw(1), Throw(2)) if may_throw_one(state, seat) else (Throw(2),)
    if status is Status.PLACE:
        return legal_flips(state.open_for(seat), sum(state.dice[seat]))
    return ()


def apply_move(state: State, seat: int, move: Move) -> State:
    """A legal move: a throw puts dice in the air; a flip may end the turn, round or game."""
    if isinstance(move, Throw):
        return dataclasses.replace(state, pending=seat, pending_dice=move.dice)
    board = state.board_of(seat)
    covered = state.covered[board] ^ move.mask
    state = dataclasses.replace(
        state, covered=_set(state.covered, board, covered),
        status=_set(state.status, seat, Status.THROW),
    )
    if state.open_for(seat) == 0:
        return _emptied(state, seat)
    return state


# ---- chance ----------------------------------------------------------------------------------


def chance_outcomes(state: State) -> tuple[tuple[Dice, Fraction], ...]:
    """The throws of the dice in the air, with their exact chances (none when no dice fly)."""
    if state.pending is None or state.over:
        return ()
    return throw_outcomes(state.pending_dice)


def apply_outcome(state: State, outcome: Dice) -> State:
    """The dice land: the thrower must flip, or the throw cannot be used and the turn ends
    (or, in the long game, a banked extra turn is spent)."""
    seat = state.pending
    assert seat is not None
    bank = state.bank
    if state.rules.mode is Mode.LONG and state.rules.doubles_extra_turn and is_double(outcome):
        bank += 1
    state = dataclasses.replace(state, pending=None, pending_dice=0, bank=bank,
                                dice=_set(state.dice, seat, outcome))
    if flip_masks(state.open_for(seat), sum(outcome)):
        return dataclasses.replace(state, status=_set(state.status, seat, Status.PLACE))
    return _stuck(state, seat)


# ---- turn ends -----------------------------------------------------------------------------


def _stuck(state: State, seat: int) -> State:
    """The throw cannot be used: the turn ends (or an extra turn is taken)."""
    rules = state.rules
    if rules.mode is Mode.LONG:
        if state.bank > 0:
            return dataclasses.replace(state, bank=state.bank - 1,
                                       status=_set(state.status, seat, Status.THROW))
        other = 1 - seat
        status = _set(_set(state.status, seat, Status.WAITING), other, Status.THROW)
        return dataclasses.replace(state, status=status, current=other, bank=0)
    score = score_of(rules.scoring, state.uncovered(state.board_of(seat)))
    state = dataclasses.replace(state, status=_set(state.status, seat, Status.DONE),
                                scores=_set(state.scores, seat, score))
    return _next_turn(state, seat)


def _emptied(state: State, seat: int) -> State:
    """``seat`` has flipped every tile open to it."""
    rules = state.rules
    state = dataclasses.replace(state, status=_set(state.status, seat, Status.DONE),
                                scores=_set(state.scores, seat, 0))
    if rules.mode is Mode.LONG:
        return _finish_game(state, (seat,), RoundResult(state.round, (None, None), (seat,),
                                                        shut_by=seat))
    if rules.mode is Mode.CUMULATIVE:
        return _next_turn(state, seat)
    return _end_round(state, shut_by=seat)


def _next_turn(state: State, seat: int) -> State:
    if state.rules.mode is Mode.SIMULTANEOUS:
        if all(s in (Status.DONE, Status.OUT) for s in state.status):
            return _end_round(state, shut_by=None)
        return state
    n = state.players
    for step in range(1, n):
        nxt = (seat + step) % n
        if state.status[nxt] is Status.WAITING:
            return dataclasses.replace(state, status=_set(state.status, nxt, Status.THROW),
                                       current=nxt)
    return _end_round(state, shut_by=None)


def _end_round(state: State, shut_by: int | None) -> State:
    rules = state.rules
    playing = [s for s in range(state.players) if state.status[s] is not Status.OUT]
    if shut_by is not None:
        winners: tuple[int, ...] = (shut_by,)
    elif state.players == 1:
        winners = ()  # solo: the round is won only by shutting the box
    else:
        finished = [s for s in playing if state.scores[s] is not None]
        best = min(state.scores[s] or 0 for s in finished)
        winners = tuple(s for s in finished if state.scores[s] == best)
    result = RoundResult(state.round, state.scores, winners, shut_by)
    if rules.mode is Mode.CUMULATIVE:
        return _end_cumulative_round(state, result)
    wins = state.wins
    for w in winners:
        wins = _set(wins, w, wins[w] + Fraction(1, len(winners)))
    balances = _settle_round(state.balances, playing, winners, shut_by, rules.stake)
    state = dataclasses.replace(state, wins=wins, balances=balances,
                                history=(*state.history, result), current=None)
    if state.round >= rules.rounds:
        return dataclasses.replace(state, winners=_overall_winners(state))
    return _start_round(state, starter=(state.starter + 1) % state.players)


def _overall_winners(state: State) -> tuple[int, ...]:
    """After the last round: the most money when playing for stakes, else the most rounds won.

    Seats level at the top share the win; alone, a game in which the box was never shut
    has no winner.
    """
    staked = state.rules.stake > 0 and state.players > 1
    values = state.balances if staked else state.wins
    best = max(values)
    if state.players == 1 and best == 0:
        return ()
    return tuple(s for s in range(state.players) if values[s] == best)


def _settle_round(balances: tuple[Fraction, ...], playing: Sequence[int],
                  winners: tuple[int, ...], shut_by: int | None,
                  stake: int) -> tuple[Fraction, ...]:
    """Stakes: everyone pays into the pool and the winners share it; shutting the box
    collects double the stake from every other player instead."""
    if stake == 0 or len(playing) < 2:
        return balances
    out = list(balances)
    if shut_by is not None:
        for s in playing:
            if s != shut_by:
                out[s] -= 2 * stake
                out[shut_by] += 2 * stake
        return tuple(out)
    share = Fraction(stake * len(playing), len(winners))
    for s in playing:
        out[s] += (share if s in winners else 0) - stake
    return tuple(out)


def _end_cumulative_round(state: State, result: RoundResult) -> State:
    rules = state.rules
    totals = list(state.totals)
    status = list(state.status)
    dropped = []
    for s in range(state.players):
        score = state.scores[s]
        if status[s] is Status.OUT or score is None:
            continue
        totals[s] += score
        if totals[s] >= rules.drop_out_at:
            status[s] = Status.OUT
            dropped.append(s)
    state = dataclasses.replace(state, totals=tuple(totals), status=tuple(status),
                                history=(*state.history, result), current=None)
    remaining = [s for s in range(state.players) if status[s] is not Status.OUT]
    if len(remaining) == 1:
        return _finish_game(state, (remaining[0],), None)
    if not remaining:
        low = min(totals[s] for s in dropped)
        return _finish_game(state, tuple(s for s in dropped if totals[s] == low), None)
    starter = next(s for k in range(1, state.players + 1)
                   if status[s := (state.starter + k) % state.players] is not Status.OUT)
    return _start_round(state, starter=starter)


def _finish_game(state: State, winners: tuple[int, ...], result: RoundResult | None) -> State:
    """Long and cumulative games: one result for the whole game; stakes go to the winners."""
    wins = tuple(Fraction(1, len(winners)) if s in winners else ZERO
                 for s in range(state.players))
    balances = _settle_round(state.balances, range(state.players), winners, None,
                             state.rules.stake)
    history = state.history if result is None else (*state.history, result)
    return dataclasses.replace(state, wins=wins, balances=balances, winners=winners,
                               history=history, current=None,
                               status=tuple(Status.DONE if s is not Status.OUT else s
                                            for s in state.status))


# ---- results -----------------------------------------------------------------------------------


def returns(state: State) -> tuple[float, ...]:
    """Money won or lost when playing for stakes, otherwise rounds won (ties share).

    Alone there is nobody to pay, so solo play always returns rounds won.
    """
    values = state.balances if state.rules.stake and state.players > 1 else state.wins
    return tuple(float(v) for v in values)


def seat_scores(state: State) -> tuple[tuple[int, ...], ...]:
    """Each seat's turn scores, round by round (a shut box scores 0)."""
    return tuple(
        tuple(sc for r in state.history if (sc := r.scores[seat]) is not None)
        for seat in range(state.players)
    )
