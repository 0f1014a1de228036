"""The optimal policy for one turn, by dynamic programming over sets of open tiles.

Flipping only ever removes tiles from the open set, so the value of a set depends only on its
proper subsets and one pass over the masks in increasing order solves a turn exactly.
:func:`solve` finds the policy that best meets an :class:`Objective` (shut the box, lowest
expected score, or a score below a target); :func:`solve_utility` does the same for any
utility of the final open set.  Values are exact fractions or floats (see :mod:`.tables` for
how ties are ranked).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Generic, Literal, overload

from parlour.core.errors import RulesError
from parlour.games.shut_the_box.rules import OneDie, Scoring, one_die_allowed, score_of
from parlour.games.shut_the_box.solver.tables import (
    SUCCESSORS,
    TWO_DICE,
    N,
    best_dice,
    check_mask,
    check_tiles,
    legal_flips,
    rank,
    throw_weights,
)

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
        check_tiles(tiles)
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
    values: list[N] = []
    for mask in range(1 << tiles):
        after = [_after_throw(values, utility, succ, mask) for succ in SUCCESSORS[mask]]
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
        check_mask(open_mask, self.tiles)
        return self._values[open_mask]

    def expected_score(self, open_mask: int) -> N:
        """The least expected final score from these open tiles (``score`` objective only)."""
        if self.objective is None or self.objective.kind is not ObjectiveKind.SCORE:
            raise ValueError("expected_score needs a solution for the 'score' objective")
        return -self.value(open_mask)

    def _after(self, open_mask: int, total: int) -> N:
        succ = SUCCESSORS[open_mask][total]
        return _after_throw(self._values, self._utility, succ, open_mask)

    def dice_values(self, open_mask: int) -> dict[int, N]:
        """The value of throwing one die (key 1, only when allowed) and two dice (key 2).

        Each is the expected utility of making that throw and playing on optimally.
        """
        check_mask(open_mask, self.tiles)
        values: dict[int, N] = {}
        if one_die_allowed(self.one_die, open_mask):
            values[1] = sum((self._after(open_mask, t) for t in range(1, 7)), self._zero) / 6
        two = (w * self._after(open_mask, t) for t, w in TWO_DICE)
        values[2] = sum(two, self._zero) / 36
        return values

    def best_dice(self, open_mask: int) -> int:
        """The best number of dice to throw: 2 unless one die is allowed and strictly better."""
        return best_dice(self.dice_values(open_mask))

    def flip_values(self, open_mask: int, total: int) -> list[tuple[int, N]]:
        """Every legal flip for a throw of ``total`` with the value after it, best first.

        Flips of equal value keep the order of :func:`legal_flips` (fewer tiles
        first, then higher tiles first).  An empty list means the throw cannot
        be used: the turn ends with ``utility(open_mask)``.
        """
        flips = legal_flips(open_mask, total, self.tiles)
        return rank([(f, self._values[open_mask ^ f]) for f in flips])

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
        check_mask(start, self.tiles)
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
        weights, ways_in_all = throw_weights(self.best_dice(mask))
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
    check_tiles(tiles)
    if len(utility) != 1 << tiles:
        raise ValueError(f"a {tiles}-tile box needs {1 << tiles} utilities, not {len(utility)}")
    if exact:
        exact_u = tuple(Fraction(u) for u in utility)
        exact_v = tuple(_turn_values(tiles, one_die, exact_u))
        return Solution(tiles, one_die, scoring, objective, True, exact_v, exact_u)
    float_u = tuple(float(u) for u in utility)
    float_v = tuple(_turn_values(tiles, one_die, float_u))
    return Solution(tiles, one_die, scoring, objective, False, float_v, float_u)



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
    """The optimal one-turn policy for an objective (remembered; see :func:`forget_solutions`).

    >>> solve(9, OneDie.HIGH_TILES, Scoring.SUM, Objective.shut(), exact=True).value(0b111111111)
    Fraction(956177159, 9795520512)
    """
    return _solved(tiles, one_die, scoring, objective, exact)


@lru_cache(maxsize=64)
def _solved(
    tiles: int, one_die: OneDie, scoring: Scoring, objective: Objective, exact: bool
) -> Solution[float] | Solution[Fraction]:
    """:func:`solve`, remembered for the last 64 questions (a few milliseconds to solve each)."""
    return _solve(tiles, one_die, objective.utility(tiles, scoring), exact, scoring, objective)


def forget_solutions() -> None:
    """Forget every remembered answer of :func:`solve`."""
    _solved.cache_clear()
