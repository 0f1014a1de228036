"""The between-turn positions the solver values (*widgets*), and the rules that change its values.

A widget is which of the thirteen boxes are filled (a 13-bit mask, bit ``i`` for
``BOXES[i]``), the upper-section total capped at 63 (all that matters for the 35 bonus) and,
once the Yahtzee box is filled, whether it holds 50 (for the extra-Yahtzee bonus).  Only upper
totals that the filled upper boxes can make are solved (``0`` and ``3`` for ``{Ones}``, for
instance), and totals from which 63 is out of reach share one value, as do all totals once
the upper section is full (:data:`UPPERS`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from parlour.games.yahtzee.rules import BOXES, UPPER_BONUS_AT, Box, Joker, Rules

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]

FACES = range(1, 7)
BOX_COUNT = len(BOXES)
MASKS = 1 << BOX_COUNT
"""Widgets' masks of filled boxes: ``0`` (empty card) to ``MASKS - 1`` (full card)."""
FULL = MASKS - 1
UPPER_MASK = (1 << 6) - 1
UPPER_CAP = UPPER_BONUS_AT
"""Upper totals are kept up to 63: beyond it only the bonus matters, and it is earned."""
UPPER_VALUES = UPPER_CAP + 1
Y_BIT = 1 << Box.YAHTZEE.index
LOWER_BOXES = tuple(b for b in BOXES if not b.upper and b is not Box.YAHTZEE)
"""The lower boxes other than Yahtzee: their successor widget does not depend on the roll."""

ProgressFn = Callable[[int, int], None]


@dataclass(frozen=True)
class Variant:
    """The rules that change optimal play (the rest of :class:`Rules` is about the screen)."""

    joker: Joker = Joker.FREE
    bonus_needs_fifty: bool = True
    five_kind_house: bool = False
    """Five of a kind always scores 25 as a full house (the option of that name)."""

    @classmethod
    def of(cls, rules: Rules) -> Variant:
        return cls(rules.joker, rules.bonus_needs_fifty, rules.five_kind_house)

    @property
    def key(self) -> str:
        """A short name for file names: ``free-fifty``, ``forced-any`` …"""
        key = f"{self.joker.value}-{'fifty' if self.bonus_needs_fifty else 'any'}"
        return key + ("-fivehouse" if self.five_kind_house else "")



# ---- reachable upper totals --------------------------------------------------------------------


class _Uppers(NamedTuple):
    """The upper totals to solve for one set of filled upper boxes, and where each value goes."""

    solve: Ints
    """Distinct totals to solve: reachable ones, out-of-reach ones merged into one."""
    fill: Ints
    """Every total whose value is written (all reachable ones; all 64 when the section is full)."""
    source: Ints
    """For each of ``fill``, the index in ``solve`` whose value it takes."""
    reachable: frozenset[int]


def _uppers(upper_filled: int) -> _Uppers:
    reach = {0}
    for f in FACES:
        if upper_filled >> (f - 1) & 1:
            reach = {min(UPPER_CAP, a + f * c) for a in reach for c in range(6)}
    if upper_filled == UPPER_MASK:
        return _Uppers(np.array([0], dtype=np.intp), np.arange(UPPER_VALUES, dtype=np.intp),
                       np.zeros(UPPER_VALUES, dtype=np.intp), frozenset(reach))
    still = sum(5 * f for f in FACES if not upper_filled >> (f - 1) & 1)
    fill = sorted(reach)
    hopeless = [u for u in fill if u + still < UPPER_CAP]
    solve = ([hopeless[0]] if hopeless else []) + [u for u in fill if u + still >= UPPER_CAP]
    source = [0 if u in hopeless else solve.index(u) for u in fill]
    return _Uppers(np.array(solve, dtype=np.intp), np.array(fill, dtype=np.intp),
                   np.array(source, dtype=np.intp), frozenset(reach))


UPPERS: tuple[_Uppers, ...] = tuple(_uppers(u) for u in range(1 << 6))
"""By the mask of filled upper boxes."""


def reachable_upper(mask: int, upper: int) -> bool:
    """Whether the filled upper boxes of ``mask`` can add up to ``upper`` (capped at 63)."""
    return min(upper, UPPER_CAP) in UPPERS[mask & UPPER_MASK].reachable


# ---- one turn, for a batch of widgets ---------------------------------------------------------


class Widgets(NamedTuple):
    """A batch of widgets, one column each in the within-turn arrays."""

    masks: Ints
    upper: Ints
    """Capped at 63."""
    fifty: Ints
    """1 if the Yahtzee box holds 50 (only where it is filled)."""


