"""What both solvers share: the throws and their weights, the flips from every open set (a table
built once at import), input checks, and the ranking of choices best first.

Sets of tiles are bit masks as in :mod:`parlour.games.shut_the_box.rules`: tile ``t`` is bit
``t - 1``.  Ranked lists are best first; choices of equal value keep the order they were given
in (flips: the order of :func:`legal_flips`).  With float values, two values within a relative
``1e-12`` of each other count as equal, so rounding noise never overrides that order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

from parlour.core.dice import throw_outcomes
from parlour.core.errors import RulesError
from parlour.games.shut_the_box.engine import MAX_THROW, MAX_TILES, flip_masks

N = TypeVar("N", Fraction, float)
"""The number type of a solution: exact fractions or floats."""

MAX_TOTAL = MAX_THROW
"""The largest throw total (two dice)."""

TIE = 1e-12
"""Float values within this relative distance of each other are equal."""

_TWO_DICE_ORDERED = [(a, b) for a in range(1, 7) for b in range(1, 7)]

ONE_DIE: tuple[tuple[int, int], ...] = tuple((k, 1) for k in range(1, 7))
"""``(total, ways)`` for one die; the ways add up to 6."""

TWO_DICE: tuple[tuple[int, int], ...] = tuple(
    sorted(Counter(a + b for a, b in _TWO_DICE_ORDERED).items())
)
"""``(total, ways)`` for two dice; the ways add up to 36."""

TWO_DICE_SPLIT: tuple[tuple[int, bool, int], ...] = tuple(
    (total, double, ways)
    for (total, double), ways in sorted(Counter((a + b, a == b) for a, b in _TWO_DICE_ORDERED).items())
)
"""``(total, is_double, ways)`` for two dice: doubles are counted apart from other throws."""


def throw_weights(ndice: int) -> tuple[tuple[tuple[int, int], ...], int]:
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


def check_tiles(tiles: int) -> None:
    """Refuse a box the solvers do not handle (1 to 12 tiles)."""
    if not 1 <= tiles <= MAX_TILES:
        raise RulesError(f"the solver handles boxes of 1 to {MAX_TILES} tiles, not {tiles}")


def check_mask(mask: int, tiles: int) -> None:
    """Refuse a mask that is not a set of tiles of the box."""
    if not 0 <= mask < 1 << tiles:
        raise ValueError(f"{mask} is not a set of tiles of a {tiles}-tile box")


def legal_flips(open_mask: int, total: int, tiles: int) -> list[int]:
    """Every set of open tiles that adds up to ``total``, in flip order (the engine's rule).

    Fewer tiles come first, then higher tiles first: for 8 on a full box,
    8, 7+1, 6+2, 5+3, 5+2+1, 4+3+1.  An empty list means the throw cannot be used.
    """
    check_tiles(tiles)
    check_mask(open_mask, tiles)
    return list(flip_masks(open_mask, total))


def successors_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[mask][total]``: the open sets left by each legal flip, in flip order.

    The flips from an open set are subsets of it, so one table serves every box size.
    """
    return tuple(
        tuple(tuple(mask ^ f for f in flip_masks(mask, total)) for total in range(MAX_TOTAL + 1))
        for mask in range(1 << MAX_TILES)
    )


SUCCESSORS = successors_table()
""":func:`successors_table`, built once at import."""


# ---- ranking -------------------------------------------------------------------


def tied(a: N, b: N) -> bool:
    """Equal values: exactly for fractions, up to rounding noise for floats."""
    if isinstance(a, float):
        return abs(a - b) <= TIE * max(1.0, abs(a), abs(b))
    return a == b


def rank(items: Sequence[tuple[int, N]]) -> list[tuple[int, N]]:
    """Sort ``(choice, value)`` pairs best first; tied values keep their given order."""
    order = sorted(range(len(items)), key=lambda i: items[i][1], reverse=True)
    ranked: list[tuple[int, N]] = []
    start = 0
    while start < len(order):
        end = start + 1
        while end < len(order) and tied(items[order[start]][1], items[order[end]][1]):
            end += 1
        ranked.extend(items[i] for i in sorted(order[start:end]))
        start = end
    return ranked


def best_dice(values: dict[int, N]) -> int:
    """Two dice unless one die is strictly (beyond rounding noise) better."""
    two = values[2]
    if 1 in values and values[1] > two and not tied(values[1], two):
        return 1
    return 2
