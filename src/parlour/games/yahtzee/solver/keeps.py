"""Dice and keeps as rows of the within-turn arrays, and the tables that link them.

A *keep* is a sorted sub-multiset of the dice (0 to 5 of them; 462 in all); ``LEVELS[s]`` are
the keeps of ``s`` dice, ``LEVELS[5]`` the 252 rolls.  Every table here is built at import.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from parlour.games.yahtzee.solver.widgets import FACES, Floats, Ints


def _level(size: int) -> tuple[tuple[int, ...], ...]:
    """The keeps of ``size`` dice, those with more different faces first (see ``REMOVE``)."""
    keeps = itertools.combinations_with_replacement(FACES, size)
    return tuple(sorted(keeps, key=lambda k: (-len(set(k)), k)))


LEVELS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_level(s) for s in range(6))
"""The keeps by number of dice: ``LEVELS[5]`` are the 252 rolls, ``LEVELS[0] == ((),)``."""
ROLLS = LEVELS[5]
INDEX: tuple[dict[tuple[int, ...], int], ...] = tuple({k: i for i, k in enumerate(lv)} for lv in LEVELS)


def roll_index(dice: tuple[int, ...]) -> int:
    """The row of five sorted dice in the within-turn arrays."""
    return INDEX[5][dice]


def keep_index(keep: tuple[int, ...]) -> tuple[int, int]:
    """The level (number of dice) and row of a sorted keep."""
    return len(keep), INDEX[len(keep)][keep]


ADD: tuple[Ints, ...] = tuple(
    np.array([[INDEX[s + 1][tuple(sorted((*k, f)))] for f in FACES] for k in LEVELS[s]], dtype=np.intp)
    for s in range(5)
)
"""``ADD[s][k, f - 1]``: the keep of ``s + 1`` dice made by adding a die ``f`` to keep ``k``."""


def _removals(size: int) -> tuple[tuple[int, Ints], ...]:
    """``(n, rows)`` per column ``j``: the ``j``-th keep one die smaller of each of the first ``n`` keeps.

    Keeps are ordered by how many different faces they show, most first, so the
    keeps with a ``j``-th different face to drop are a prefix of the level.
    """
    children = [sorted({INDEX[size - 1][k[:i] + k[i + 1:]] for i in range(size)}) for k in LEVELS[size]]
    columns = []
    for j in range(max(map(len, children))):
        n = sum(1 for c in children if len(c) > j)
        columns.append((n, np.array([c[j] for c in children[:n]], dtype=np.intp)))
    return tuple(columns)


REMOVE: tuple[tuple[tuple[int, Ints], ...], ...] = ((), *(_removals(s) for s in range(1, 6)))
COUNTS: Ints = np.array([[r.count(f) for f in FACES] for r in ROLLS], dtype=np.intp)
"""``COUNTS[r, f - 1]``: how many dice of roll ``r`` show ``f``."""
YAHTZEE_ROWS: Ints = np.array([roll_index((f,) * 5) for f in FACES], dtype=np.intp)
IS_YAHTZEE = np.zeros(len(ROLLS), dtype=bool)
IS_YAHTZEE[YAHTZEE_ROWS] = True
FIRST_ROLL: Floats = np.array(
    [math.factorial(5) / math.prod(math.factorial(c) for c in row) / 6**5 for row in COUNTS.tolist()])
"""The chance of each roll of five dice."""

