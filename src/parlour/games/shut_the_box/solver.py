"""Optimal play for Shut the Box, by dynamic programming over sets of open tiles.

Sets of tiles are bit masks as in :mod:`parlour.games.shut_the_box.rules`: tile
``t`` is bit ``t - 1``.  Flipping only ever removes tiles from the open set, so
the value of a set depends only on its proper subsets and one pass over the
masks in increasing order solves a turn exactly.

* :func:`solve` finds the policy that best meets an :class:`Objective` (shut
  the box, lowest expected score, or a score below a target) for one turn;
  :func:`solve_utility` does the same for any utility of the final open set.
* :func:`solve_long_game` finds the winning chances of the two-player long
  game, where one player covers and the other uncovers.
* :func:`legal_flips` is shared with the engine; :func:`throw_distribution` is
  :func:`parlour.core.dice.throw_outcomes` for the one or two dice of this game.

Ranked lists of flips are best first; flips of equal value keep the order of
:func:`legal_flips` (fewer tiles first, then higher tiles first).  With float
values, two values within a relative ``1e-12`` of each other count as equal,
so rounding noise never overrides that order.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Generic, Literal, TypeVar, overload

from parlour.core.dice import throw_outcomes
from parlour.core.errors import RulesError
from parlour.games.shut_the_box.rules import (
    OneDie,
    Scoring,
    mask_sum,
    one_die_allowed,
    score_of,
    tiles_of,
)

N = TypeVar("N", Fraction, float)
"""The number type of a solution: exact fractions or floats."""

MAX_TILES = 12
"""The largest box the solver handles."""

MAX_TOTAL = 12
"""The largest throw total (two dice)."""

LONG_GAME_TOLERANCE = 1e-13
"""Value iteration of the long game stops once no chance changes by this much in a pass.

The chances are then within about ``1e-12`` of the exact fixed point.
"""

_TIE = 1e-12
_MAX_SWEEPS = 100_000

_TWO_DICE_ORDERED = [(a, b) for a in range(1, 7) for b in range(1, 7)]

ONE_DIE: tuple[tuple[int, int], ...] = tuple((k, 1) for k in range(1, 7))
"""``(total, ways)`` for one die; the ways add up to 6."""

TWO_DICE: tuple[tuple[int, int], ...] = tuple(
    sorted(Counter(a + b for a, b in _TWO_DICE_ORDERED).items())
)
"""``(total, ways)`` for two dice; the ways add up to 36."""

_TWO_DICE_SPLIT: tuple[tuple[int, bool, int], ...] = tuple(
    (total, double, ways)
    for (total, double), ways in sorted(Counter((a + b, a == b) for a, b in _TWO_DICE_ORDERED).items())
)
"""``(total, is_double, ways)`` for two dice: doubles are counted apart from other throws."""


def _throw_weights(ndice: int) -> tuple[tuple[tuple[int, int], ...], int]:
    """The ``(total, ways)`` pairs of ``ndice`` dice and the number of ways in all."""
    return (ONE_DIE, 6) if ndice == 1 else (TWO_DICE, 36)


def throw_distribution(ndice: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every throw of one or two dice as a sorted tuple of faces with its exact probability.

    The throws are in sorted order: ``((1,), 1/6) ... ((6,), 1/6)`` for one die,
    ``((1, 1), 1/36), ((1, 2), 1/18) ... ((6, 6), 1/36)`` for two.
    """
    if ndice not in (1, 2):
        raise ValueError(f"throw one die or two, not {ndice}")
    return throw_outcomes(ndice)


# ---- flips -------------------------------------------------------------------


def _check_tiles(tiles: int) -> None:
    if not 1 <= tiles <= MAX_TILES:
        raise RulesError(f"the solver handles boxes of 1 to {MAX_TILES} tiles, not {tiles}")


def _check_mask(mask: int, tiles: int) -> None:
    if not 0 <= mask < 1 << tiles:
        raise ValueError(f"{mask} is not a set of tiles of a {tiles}-tile box")


def flip_order_key(flip: int) -> tuple[int, tuple[int, ...]]:
    """Sort key of the documented flip order: fewer tiles first, then higher tiles first.

    Flips with as many tiles compare by their tiles read from the highest down,
    so for a throw of 8 the order is 8, 7+1, 6+2, 5+3, 5+2+1, 4+3+1.
    """
    tiles = tiles_of(flip)
    return len(tiles), tuple(-t for t in reversed(tiles))


@cache
def _flips_by_sum(tiles: int) -> tuple[tuple[int, ...], ...]:
    """Every non-empty set of tiles of the box, grouped by its sum, in flip order."""
    groups: list[list[int]] = [[] for _ in range(tiles * (tiles + 1) // 2 + 1)]
    for flip in range(1, 1 << tiles):
        groups[mask_sum(flip)].append(flip)
    return tuple(tuple(sorted(group, key=flip_order_key)) for group in groups)


def legal_flips(open_mask: int, total: int, tiles: int) -> list[int]:
    """Every set of open tiles that adds up to ``total``, in flip order.

    Fewer tiles come first, then higher tiles first: for 8 on a full box,
    8, 7+1, 6+2, 5+3, 5+2+1, 4+3+1.  An empty list means the throw cannot be used.
    """
    _check_tiles(tiles)
    _check_mask(open_mask, tiles)
    groups = _flips_by_sum(tiles)
    if not 0 < total < len(groups):
        return []
    return [flip for flip in groups[total] if flip & open_mask == flip]


@cache
def _successors(tiles: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[mask][total]``: the open sets left by each legal flip, in flip order."""
    groups = _flips_by_sum(tiles)
    by_total = groups[: MAX_TOTAL + 1] + ((),) * (MAX_TOTAL + 1 - len(groups))
    return tuple(
        tuple(tuple(mask ^ f for f in group if f & mask == f) for group in by_total)
        for mask in range(1 << tiles)
    )


def _tied(a: N, b: N) -> bool:
    """Equal values: exactly for fractions, up to rounding noise for floats."""
    if isinstance(a, float):
        return abs(a - b) <= _TIE * max(1.0, abs(a), abs(b))
    return a == b


def _rank(items: Sequence[tuple[int, N]]) -> list[tuple[int, N]]:
    """Sort ``(choice, value)`` pairs best first; tied values keep their given order."""
    order = sorted(range(len(items)), key=lambda i: items[i][1], reverse=True)
    ranked: list[tuple[int, N]] = []
    start = 0
    while start < len(order):
        end = start + 1
        while end < len(order) and _tied(items[order[start]][1], items[order[end]][1]):
            end += 1
        ranked.extend(items[i] for i in sorted(order[start:end]))
        start = end
    return ranked


def _best_dice(values: dict[int, N]) -> int:
    """Two dice unless one die is strictly (beyond rounding noise) better."""
    two = values[2]
    if 1 in values and values[1] > two and not _tied(values[1], two):
        return 1
    return 2


# ---- objectives --------------------------------------------------------------


class ObjectiveKind(enum.Enum):
    """What a one-turn policy aims for."""

    SHUT = "shut"
    """Maximise the chance of shutting the box."""
    SCORE = "score"
    """Minimise the expected score."""
    BELOW = "below"
    """Maximise the chance of scoring strictly below a target (a shut box scores 0)."""


_BELOW_TEXT = re.compile(r"below:(.*)", re.DOTALL)


@dataclass(frozen=True)
class Objective:
    """What a one-turn policy aims for; text ``shut``, ``score`` or ``below:S``."""

    kind: ObjectiveKind
    target: int | None = None
    """The ``S`` of ``below:S``: a whole number of 0 or more; ``None`` for other kinds."""

    def __post_init__(self) -> None:
        if self.kind is not ObjectiveKind.BELOW:
            if self.target is not None:
                raise RulesError(f"the {self.kind.value} objective takes no target")
            return
        target = self.target
        if not isinstance(target, int) or isinstance(target, bool) or target < 0:
            raise RulesError(
                f"the target S of below:S must be a whole number of 0 or more, not {target!r}"
            )

    @classmethod
    def shut(cls) -> Objective:
        """Maximise the chance of shutting the box."""
        return cls(ObjectiveKind.SHUT)

    @classmethod
    def score(cls) -> Objective:
        """Minimise the expected score."""
        return cls(ObjectiveKind.SCORE)

    @classmethod
    def below(cls, target: int) -> Objective:
        """Maximise the chance of a final score strictly below ``target``."""
        return cls(ObjectiveKind.BELOW, target)

    @classmethod
    def parse(cls, text: str) -> Objective:
        """Read ``shut``, ``score`` or ``below:S`` (any case, spaces around ignored)."""
        clean = text.strip().lower()
        if clean == "shut":
            return cls.shut()
        if clean == "score":
            return cls.score()
        match = _BELOW_TEXT.fullmatch(clean)
        if match is None:
            raise RulesError(
                f"unknown objective {text!r}: use 'shut', 'score' or 'below:S' "
                "with S a whole number"
            )
        digits = match.group(1).strip()
        if not re.fullmatch(r"[0-9]+", digits):
            raise RulesError(
                f"the target S of below:S must be a whole number of 0 or more, not {digits!r}"
            )
        return cls.below(int(digits))

    def __str__(self) -> str:
        if self.kind is ObjectiveKind.BELOW:
            return f"below:{self.target}"
        return str(self.kind.value)

    def utility(self, tiles: int, scoring: Scoring) -> tuple[int, ...]:
        """The utility of each final open set (indexed by mask) that this objective maximises."""
        _check_tiles(tiles)
        masks = range(1 << tiles)
        if self.kind is ObjectiveKind.SHUT:
            return tuple(int(mask == 0) for mask in masks)
        scores = [score_of(scoring, mask) for mask in masks]
        if self.kind is ObjectiveKind.SCORE:
            return tuple(-score for score in scores)
        assert self.target is not None
        return tuple(int(score < self.target) for score in scores)


# ---- one turn ------------------------------------------------------------------


def _after_throw(values: Sequence[N], utility: Sequence[N], succ: tuple[int, ...], mask: int) -> N:
    """The value after a throw: the best flip's, or the final utility if none is legal."""
    return max(map(values.__getitem__, succ)) if succ else utility[mask]


def _turn_values(tiles: int, one_die: OneDie, utility: Sequence[N]) -> list[N]:
    """The optimal value of every open set at the start of a throw, by mask."""
    successors = _successors(tiles)
    values: list[N] = []
    for mask in range(1 << tiles):
        after = [_after_throw(values, utility, succ, mask) for succ in successors[mask]]
        best = sum((ways * after[t] for t, ways in TWO_DICE), utility[0] * 0) / 36
        if one_die_allowed(one_die, mask):
            best = max(best, sum(after[1:7], utility[0] * 0) / 6)
        values.append(best)
    return values


@dataclass(frozen=True, eq=False)
class Solution(Generic[N]):
    """The optimal one-turn policy for one utility of the final open set.

    Every value is an expected utility under optimal play: a probability for
    the ``shut`` and ``below:S`` objectives, minus the expected score for
    ``score``.  Values are :class:`~fractions.Fraction` when solved exactly,
    floats otherwise.  Open sets are masks of the box's tiles.
    """

    tiles: int
    one_die: OneDie
    scoring: Scoring
    """Used only to turn final open sets into scores in :meth:`distribution`."""
    objective: Objective | None
    """The objective solved for; ``None`` for a utility given directly."""
    exact: bool
    _values: tuple[N, ...] = field(repr=False)
    _utility: tuple[N, ...] = field(repr=False)

    @property
    def all_tiles(self) -> int:
        """The mask of the full box."""
        return (1 << self.tiles) - 1

    def value(self, open_mask: int) -> N:
        """The optimal expected utility with these tiles open, before choosing the dice.

        ``value(all_tiles)`` is the headline figure: for ``shut``, the chance of
        shutting the box with perfect play.  ``value(0)`` is the utility of a shut box.
        """
        _check_mask(open_mask, self.tiles)
        return self._values[open_mask]

    def expected_score(self, open_mask: int) -> N:
        """The least expected final score from these open tiles (``score`` objective only)."""
        if self.objective is None or self.objective.kind is not ObjectiveKind.SCORE:
            raise ValueError("expected_score needs a solution for the 'score' objective")
        return -self.value(open_mask)

    def _after(self, open_mask: int, total: int) -> N:
        succ = _successors(self.tiles)[open_mask][total]
        return _after_throw(self._values, self._utility, succ, open_mask)

    def dice_values(self, open_mask: int) -> dict[int, N]:
        """The value of throwing one die (key 1, only when allowed) and two dice (key 2).

        Each is the expected utility of making that throw and playing on optimally.
        """
        _check_mask(open_mask, self.tiles)
        values: dict[int, N] = {}
        if one_die_allowed(self.one_die, open_mask):
            values[1] = sum((self._after(open_mask, t) for t in range(1, 7)), self._zero) / 6
        two = (w * self._after(open_mask, t) for t, w in TWO_DICE)
        values[2] = sum(two, self._zero) / 36
        return values

    def best_dice(self, open_mask: int) -> int:
        """The best number of dice to throw: 2 unless one die is allowed and strictly better."""
        return _best_dice(self.dice_values(open_mask))

    def flip_values(self, open_mask: int, total: int) -> list[tuple[int, N]]:
        """Every legal flip for a throw of ``total`` with the value after it, best first.

        Flips of equal value keep the order of :func:`legal_flips` (fewer tiles
        first, then higher tiles first).  An empty list means the throw cannot
        be used: the turn ends with ``utility(open_mask)``.
        """
        flips = legal_flips(open_mask, total, self.tiles)
        return _rank([(f, self._values[open_mask ^ f]) for f in flips])

    def best_flip(self, open_mask: int, total: int) -> int | None:
        """The best flip for a throw of ``total``, or ``None`` if the throw cannot be used."""
        ranked = self.flip_values(open_mask, total)
        return ranked[0][0] if ranked else None

    @property
    def _zero(self) -> N:
        return self._utility[0] * 0

    def outcome_distribution(self, open_mask: int | None = None) -> dict[int, N]:
        """The chance of each final open set (by mask) when playing this policy.

        Starts at the beginning of a throw with ``open_mask`` open (default:
        the full box); breaks ties as :meth:`best_dice` and :meth:`best_flip` do.
        """
        start = self.all_tiles if open_mask is None else open_mask
        _check_mask(start, self.tiles)
        reach: dict[int, N] = {start: self._zero + 1}
        finals: dict[int, N] = {}
        mask = start
        while True:  # submasks of start, largest first: flips only go down
            if mask in reach:
                self._spread(mask, reach.pop(mask), reach, finals)
            if mask == 0:
                return dict(sorted(finals.items()))
            mask = (mask - 1) & start

    def _spread(self, mask: int, chance: N, reach: dict[int, N], finals: dict[int, N]) -> None:
        """Pass on the chance of being at ``mask`` to the open sets after the next throw."""
        if mask == 0:
            finals[0] = finals.get(0, self._zero) + chance
            return
        weights, ways_in_all = _throw_weights(self.best_dice(mask))
        for total, ways in weights:
            share = chance * ways / ways_in_all
            flip = self.best_flip(mask, total)
            into = finals if flip is None else reach
            after = mask if flip is None else mask ^ flip
            into[after] = into.get(after, self._zero) + share

    def distribution(self, open_mask: int | None = None) -> dict[int, N]:
        """The chance of each final score (lowest first) when playing this policy.

        A shut box scores 0.  Starts before a throw with ``open_mask`` open
        (default: the full box).  Exact fractions when solved exactly.
        """
        scores: dict[int, N] = {}
        for mask, chance in self.outcome_distribution(open_mask).items():
            score = score_of(self.scoring, mask)
            scores[score] = scores.get(score, self._zero) + chance
        return dict(sorted(scores.items()))


@overload
def solve_utility(
    tiles: int,
    one_die: OneDie,
    utility: Sequence[Fraction | float | int],
    exact: Literal[False] = ...,
    scoring: Scoring = ...,
) -> Solution[float]: ...
@overload
def solve_utility(
    tiles: int,
    one_die: OneDie,
    utility: Sequence[Fraction | float | int],
    exact: Literal[True],
    scoring: Scoring = ...,
) -> Solution[Fraction]: ...
@overload
def solve_utility(
    tiles: int,
    one_die: OneDie,
    utility: Sequence[Fraction | float | int],
    exact: bool,
    scoring: Scoring = ...,
) -> Solution[float] | Solution[Fraction]: ...
def solve_utility(
    tiles: int,
    one_die: OneDie,
    utility: Sequence[Fraction | float | int],
    exact: bool = False,
    scoring: Scoring = Scoring.SUM,
) -> Solution[float] | Solution[Fraction]:
    """Solve one turn for any utility of the final open set (not cached).

    ``utility[mask]`` is the worth of ending the turn with ``mask`` open; the
    policy maximises its expectation.  With ``exact`` every value is a
    :class:`~fractions.Fraction` (the utility must then be exact: ints or
    fractions), otherwise a float.  ``scoring`` only labels
    :meth:`Solution.distribution`.
    """
    return _solve(tiles, one_die, utility, exact, scoring, None)


def _solve(
    tiles: int,
    one_die: OneDie,
    utility: Sequence[Fraction | float | int],
    exact: bool,
    scoring: Scoring,
    objective: Objective | None,
) -> Solution[float] | Solution[Fraction]:
    _check_tiles(tiles)
    if len(utility) != 1 << tiles:
        raise ValueError(f"a {tiles}-tile box needs {1 << tiles} utilities, not {len(utility)}")
    if exact:
        exact_u = tuple(Fraction(u) for u in utility)
        exact_v = tuple(_turn_values(tiles, one_die, exact_u))
        return Solution(tiles, one_die, scoring, objective, True, exact_v, exact_u)
    float_u = tuple(float(u) for u in utility)
    float_v = tuple(_turn_values(tiles, one_die, float_u))
    return Solution(tiles, one_die, scoring, objective, False, float_v, float_u)


_SolveKey = tuple[int, OneDie, Scoring, Objective, bool]
_SOLVED: dict[_SolveKey, Solution[float] | Solution[Fraction]] = {}


@overload
def solve(
    tiles: int,
    one_die: OneDie,
    scoring: Scoring,
    objective: Objective,
    exact: Literal[False] = ...,
) -> Solution[float]: ...
@overload
def solve(
    tiles: int, one_die: OneDie, scoring: Scoring, objective: Objective, exact: Literal[True]
) -> Solution[Fraction]: ...
@overload
def solve(
    tiles: int, one_die: OneDie, scoring: Scoring, objective: Objective, exact: bool
) -> Solution[float] | Solution[Fraction]: ...
def solve(
    tiles: int, one_die: OneDie, scoring: Scoring, objective: Objective, exact: bool = False
) -> Solution[float] | Solution[Fraction]:
    """The optimal one-turn policy for an objective (cached; see :func:`clear_cache`).

    >>> solve(9, OneDie.HIGH_TILES, Scoring.SUM, Objective.shut(), exact=True).value(0b111111111)
    Fraction(956177159, 9795520512)
    """
    key = (tiles, one_die, scoring, objective, exact)
    if key not in _SOLVED:
        utility = objective.utility(tiles, scoring)
        _SOLVED[key] = _solve(tiles, one_die, utility, exact, scoring, objective)
    return _SOLVED[key]


def clear_cache() -> None:
    """Forget every cached solution of :func:`solve` and :func:`solve_long_game`."""
    _SOLVED.clear()
    _LONG_SOLVED.clear()


# ---- the long game -------------------------------------------------------------


def _max_bank(tiles: int, open_mask: int) -> int:
    """The largest bank possible with this open set.

    Each usable throw flips at least one tile and only usable doubles add to
    the bank, which starts every turn at 0; so the bank never exceeds the
    number of tiles the mover has flipped this turn.
    """
    return tiles - open_mask.bit_count()


@dataclass(frozen=True)
class _Plan:
    """One dice choice at one open set: which throws can be used and which cannot.

    ``usable`` holds ``(total, ways, bank_step)`` for each throw that can be
    used, ``bank_step`` being 1 for a double that earns an extra turn.  Of the
    useless throws, ``again`` counts the ways of those whose extra turn is
    spent at once (doubles, when they earn extra turns), ``stuck`` the others.
    """

    ndice: int
    usable: tuple[tuple[int, int, int], ...]
    stuck: int
    again: int
    ways: int

    def used(self, maxima: Sequence[Sequence[float]], bank: int) -> float:
        """The sum over usable throws of their ways times the chance after the best flip.

        ``maxima[total][bank]`` is that chance for a throw of ``total`` leaving ``bank``.
        """
        used = 0.0
        for total, ways, step in self.usable:
            used += ways * maxima[total][bank + step]
        return used


def _plan(successors: tuple[tuple[int, ...], ...], ndice: int, doubles: bool) -> _Plan:
    """The :class:`_Plan` of throwing ``ndice`` dice with these successors by total."""
    if ndice == 1 or not doubles:
        weights, ways_in_all = _throw_weights(ndice)
        throws = [(total, False, ways) for total, ways in weights]
    else:
        throws, ways_in_all = list(_TWO_DICE_SPLIT), 36
    usable = tuple((t, ways, int(d)) for t, d, ways in throws if successors[t])
    stuck = sum(ways for t, d, ways in throws if not successors[t] and not d)
    again = sum(ways for t, d, ways in throws if not successors[t] and d)
    return _Plan(ndice, usable, stuck, again, ways_in_all)


class _LongGame:
    """Value tables and Bellman backups of the long game.

    ``win[mask][bank]`` is the mover's chance of winning before a throw, for
    banks 0 to the largest possible with that open set; an empty open set has
    won.  Rows are lists updated in place, so a child's row always holds at
    least one more bank than its parent's (enough for a double's extra turn).
    """

    def __init__(self, tiles: int, one_die: OneDie, doubles_extra_turn: bool) -> None:
        self.tiles = tiles
        self.all_tiles = (1 << tiles) - 1
        self.successors = _successors(tiles)
        self.plans = tuple(
            tuple(
                _plan(succ, ndice, doubles_extra_turn)
                for ndice in ((1, 2) if one_die_allowed(one_die, mask) else (2,))
            )
            for mask, succ in enumerate(self.successors)
        )
        self.win = [[1.0] * (tiles + 1)] + [
            [0.5] * (_max_bank(tiles, mask) + 1 if doubles_extra_turn else 1)
            for mask in range(1, self.all_tiles + 1)
        ]

    def maxima(self, open_mask: int) -> list[Sequence[float]]:
        """``[total][bank]``: the mover's chance after the best flip for each total.

        Empty for a total that cannot be used.
        """
        win = self.win
        return [
            (list(map(max, *[win[c] for c in succ])) if len(succ) > 1 else win[succ[0]])
            if succ
            else ()
            for succ in self.successors[open_mask]
        ]

    def switch(self, open_mask: int) -> float:
        """The mover's chance when the turn passes with ``open_mask`` still open."""
        return 1.0 - self.win[self.all_tiles ^ open_mask][0]

    def sweep_mask(self, open_mask: int) -> float:
        """Back up every bank of one open set, lowest first; the largest change.

        A useless throw spends a banked turn (bank one lower, backed up just
        before) or, with none banked, passes the turn.  A useless double
        returns to this very state, so for each dice choice ``v = (used +
        stuck * fallback + again * v) / ways`` is solved for ``v``.
        """
        maxima = self.maxima(open_mask)
        plans = self.plans[open_mask]
        row = self.win[open_mask]
        fallback = self.switch(open_mask)
        change = 0.0
        for bank in range(len(row)):
            new = max(
                (p.used(maxima, bank) + p.stuck * fallback) / (p.ways - p.again) for p in plans
            )
            change = max(change, abs(new - row[bank]))
            row[bank] = fallback = new
        return change

    def q_values(self, open_mask: int, bank: int) -> dict[int, float]:
        """The mover's chance for each dice choice, throwing now and playing on optimally."""
        maxima = self.maxima(open_mask)
        row = self.win[open_mask]
        fallback = row[bank - 1] if bank else self.switch(open_mask)
        return {
            p.ndice: (p.used(maxima, bank) + p.stuck * fallback + p.again * row[bank]) / p.ways
            for p in self.plans[open_mask]
        }

    def sweep(self) -> float:
        """One Gauss-Seidel pass over every state, open sets after their subsets."""
        return max(self.sweep_mask(mask) for mask in range(1, self.all_tiles + 1))

    def snapshot(self) -> list[list[float]]:
        return [row[:] for row in self.win]

    def extrapolate(self, before: list[list[float]], ratio: float) -> None:
        """Jump ahead along the slowest error mode (Aitken's delta-squared).

        Once every pass shrinks the change by the same ``ratio``, the values
        are about ``ratio / (1 - ratio)`` times the last change short of the limit.
        """
        step = ratio / (1.0 - ratio)
        for row, old in zip(self.win[1:], before[1:], strict=True):
            row[:] = [min(1.0, max(0.0, v + step * (v - u))) for v, u in zip(row, old, strict=True)]

    def solve(self) -> int:
        """Iterate to the tolerance; the number of passes made."""
        changes: list[float] = []
        for sweeps in range(1, _MAX_SWEEPS + 1):
            before = self.snapshot()
            changes.append(self.sweep())
            if changes[-1] < LONG_GAME_TOLERANCE:
                return sweeps
            ratio = _steady_ratio(changes)
            if ratio is not None:
                self.extrapolate(before, ratio)
                changes.clear()
        raise RuntimeError("the long game did not converge")


def _steady_ratio(changes: list[float]) -> float | None:
    """The ratio by which the last changes shrank, if it held steady (within 3%)."""
    if len(changes) < 3:
        return None
    last, before = changes[-1] / changes[-2], changes[-2] / changes[-3]
    if max(last, before) < 0.95 and abs(last - before) < 0.03 * last:
        return last
    return None


@dataclass(frozen=True, eq=False)
class LongGameSolution:
    """Optimal play of the long game, from the point of view of the player to move.

    The mover's *open set* is the tiles they may still flip: the uncovered tiles
    for the covering player, the covered ones for the uncovering player.  When a
    turn passes, the new mover's open set is ``all_tiles ^ open_mask``.  Whoever
    empties their open set wins; an empty open set has won (chance 1).

    The *bank* counts extra turns earned by doubles (``doubles_extra_turn``):
    a double adds 1 as soon as it is thrown; a throw that cannot be used spends
    1 (the mover throws again on the same board) or, with an empty bank, passes
    the turn.  A useless double therefore leaves the bank as it was.  The bank
    is at most the number of tiles flipped this turn, so at most
    ``tiles - popcount(open_mask)``; a larger bank cannot arise and is read as
    that maximum.  Without ``doubles_extra_turn`` the bank is always 0.
    """

    tiles: int
    one_die: OneDie
    doubles_extra_turn: bool
    sweeps: int
    """Value-iteration passes made before no chance changed by ``1e-13``."""
    _game: _LongGame = field(repr=False)

    @property
    def all_tiles(self) -> int:
        """The mask of the full box."""
        return (1 << self.tiles) - 1

    def _bank(self, open_mask: int, bank: int) -> int:
        _check_mask(open_mask, self.tiles)
        if bank < 0:
            raise ValueError(f"the bank cannot be negative ({bank})")
        return min(bank, len(self._game.win[open_mask]) - 1)

    def bank_after(self, bank: int, faces: tuple[int, ...]) -> int:
        """The bank once a throw is counted: one more for a double, if doubles earn turns."""
        double = len(faces) == 2 and faces[0] == faces[1]
        return bank + 1 if double and self.doubles_extra_turn else bank

    def win_probability(self, open_mask: int, bank: int = 0) -> float:
        """The mover's chance of winning before choosing the dice, both playing to win.

        ``bank`` is the bank before the throw.  ``win_probability(all_tiles)``
        is the first player's chance on a fresh box.
        """
        return self._game.win[open_mask][self._bank(open_mask, bank)]

    def dice_values(self, open_mask: int, bank: int = 0) -> dict[int, float]:
        """The mover's chance when throwing one die (key 1, if allowed) or two (key 2)."""
        return self._game.q_values(open_mask, self._bank(open_mask, bank))

    def best_dice(self, open_mask: int, bank: int = 0) -> int:
        """The best number of dice: 2 unless one die is allowed and strictly better."""
        return _best_dice(self.dice_values(open_mask, bank))

    def flip_values(self, open_mask: int, total: int, bank: int) -> list[tuple[int, float]]:
        """Every legal flip for ``total`` with the mover's chance after it, best first.

        ``bank`` is the bank *after* this throw, already counting it if it was a
        double (see :meth:`bank_after`); it is the bank the mover keeps when the
        flip is made.  Ties keep the order of :func:`legal_flips`; an empty list
        means the throw cannot be used.
        """
        _check_mask(open_mask, self.tiles)
        flips = legal_flips(open_mask, total, self.tiles)
        return _rank([(f, self.win_probability(open_mask ^ f, bank)) for f in flips])

    def best_flip(self, open_mask: int, total: int, bank: int) -> int | None:
        """The best flip for ``total`` with ``bank`` counted as in :meth:`flip_values`."""
        ranked = self.flip_values(open_mask, total, bank)
        return ranked[0][0] if ranked else None


_LONG_SOLVED: dict[tuple[int, OneDie, bool], LongGameSolution] = {}


def solve_long_game(tiles: int, one_die: OneDie, doubles_extra_turn: bool) -> LongGameSolution:
    """Solve the two-player long game by value iteration in floats (cached).

    Passes over the states, each open set after its subsets, until no winning
    chance changes by more than :data:`LONG_GAME_TOLERANCE`.
    """
    _check_tiles(tiles)
    key = (tiles, one_die, doubles_extra_turn)
    if key not in _LONG_SOLVED:
        game = _LongGame(tiles, one_die, doubles_extra_turn)
        sweeps = game.solve()
        _LONG_SOLVED[key] = LongGameSolution(tiles, one_die, doubles_extra_turn, sweeps, game)
    return _LONG_SOLVED[key]
