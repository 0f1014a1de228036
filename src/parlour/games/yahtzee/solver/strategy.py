"""The optimal solitaire strategy as a table: solved once, cached on disk, asked about positions.

:func:`table` returns the :class:`YahtzeeTable` of a rule set.  The first call solves it
(:func:`~parlour.games.yahtzee.solver.retrograde.compute`, a few seconds) and saves the
between-turn values -- 8 MB -- in the cache folder (:mod:`.store`); later calls, in this
process or another, load them (well under a second).  Within-turn values are recomputed from
them for each position asked about, in under a millisecond.  If the folder cannot be written
the table is still solved and kept in memory.

Every value a :class:`YahtzeeTable` answers is an *expected final score*: the points already
on the card (``Position.score``) plus the expected points still to come under optimal play.

Remembered, by value and bounded: the tables asked for (:func:`table`; :func:`forget_tables`
forgets them) and the within-turn values of the positions asked about (by the table's rules
and digest, and the widget).
"""

from __future__ import annotations

import dataclasses
import os
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

import numpy as np

from parlour.core.cache import cache_folder
from parlour.games.yahtzee.rules import BOXES, YAHTZEE, Box, Rules, final_score, upper_total
from parlour.games.yahtzee.solver.keeps import keep_index, roll_index
from parlour.games.yahtzee.solver.retrograde import compute
from parlour.games.yahtzee.solver.scoring import box_options
from parlour.games.yahtzee.solver.store import cache_file, digest, load_array, save_array
from parlour.games.yahtzee.solver.turn import TurnValues, evaluate_turn
from parlour.games.yahtzee.solver.widgets import (
    UPPER_CAP,
    Floats,
    ProgressFn,
    Variant,
    Widgets,
    reachable_upper,
)

Choice = tuple[int, ...] | Box
"""A keep (sorted values kept, fewer than five: roll the rest) or a box to score in."""
T = TypeVar("T")

Key = tuple[int, int, int]
"""A widget as an index into a table: ``(mask, min(upper, 63), fifty)``."""


# ---- positions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """One player's situation between turns, as far as the rest of the game goes.

    ``upper`` is the upper section's total so far (any size; only up to 63
    matters), ``fifty`` whether the Yahtzee box holds 50, and ``score`` the
    points already on the card, bonuses included (it only shifts every value).
    """

    filled: frozenset[Box] = frozenset()
    upper: int = 0
    fifty: bool = False
    score: int = 0

    def __post_init__(self) -> None:
        if self.fifty and Box.YAHTZEE not in self.filled:
            raise ValueError("the Yahtzee box cannot hold 50 while it is open")
        if self.upper < 0 or not reachable_upper(self.mask, self.upper):
            filled = ", ".join(b.title for b in BOXES[:6] if b in self.filled) or "no upper box"
            raise ValueError(f"an upper total of {self.upper} cannot be made with {filled} filled")

    @classmethod
    def of_card(cls, boxes: Sequence[int | None], yahtzee_bonuses: int = 0) -> Position:
        """The position of a score card: 13 box scores in card order (``None`` open) and bonus chips."""
        if len(boxes) != len(BOXES):
            raise ValueError(f"a card has {len(BOXES)} boxes, not {len(boxes)}")
        filled = frozenset(b for b in BOXES if boxes[b.index] is not None)
        score = final_score(boxes, yahtzee_bonuses)
        return cls(filled, upper_total(boxes), boxes[Box.YAHTZEE.index] == YAHTZEE, score)

    @property
    def mask(self) -> int:
        """The filled boxes as a bit mask (bit ``i`` for ``BOXES[i]``)."""
        return sum(1 << b.index for b in self.filled)

    @property
    def over(self) -> bool:
        return len(self.filled) == len(BOXES)


def _check_dice(dice: Sequence[int]) -> tuple[int, ...]:
    ordered = tuple(sorted(dice))
    if len(ordered) != 5 or not all(isinstance(d, int) and 1 <= d <= 6 for d in ordered):
        raise ValueError(f"five dice from 1 to 6, please, not {tuple(dice)!r}")
    return ordered


def sub_keeps(dice: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct keep of fewer than five of ``dice``: fewest dice first, then lowest values."""
    ordered = _check_dice(dice)
    keeps = {tuple(ordered[i] for i in range(5) if pick >> i & 1) for pick in range(31)}
    return sorted(keeps, key=lambda k: (len(k), k))


# ---- the table -----------------------------------------------------------------------------


# ---- the table -----------------------------------------------------------------------------


@dataclass(frozen=True)
class YahtzeeTable:
    """The optimal strategy of one rule set: between-turn values, and queries on any position.

    Two tables are equal when their rules and the digest of their values are: the arrays are
    never changed once made.
    """

    variant: Variant
    values: Floats = field(repr=False, compare=False)
    """``[mask, min(upper, 63), fifty]``: the expected points still to come, before a turn."""
    digest: str = ""
    """The SHA-256 digest of ``values`` (worked out when not given)."""
    moments: Floats | None = field(default=None, repr=False, compare=False)
    """The expected square of the points still to come (see :func:`with_moments`)."""
    source: str = field(default="computed", compare=False)
    """``computed`` or ``loaded`` (from the cache file)."""
    seconds: float = field(default=0.0, compare=False)
    """How long computing or loading took."""
    path: Path | None = field(default=None, compare=False)
    """The cache file (``None`` if it could not be written)."""

    def __post_init__(self) -> None:
        self.values.setflags(write=False)
        if self.moments is not None:
            self.moments.setflags(write=False)
        if not self.digest:
            object.__setattr__(self, "digest", digest(self.values))

    # ---- the whole game ----
    def expected(self) -> float:
        """The optimal expected final score of a whole game (254.5896… under the manual's rules)."""
        return float(self.values[0, 0, 0])

    def sd(self) -> float:
        """The standard deviation of the final score under the optimal strategy (needs the
        second moments: ``table(rules, moments=True)`` or :func:`with_moments`)."""
        if self.moments is None:
            raise ValueError("this table has no second moments: ask table(rules, moments=True)")
        mean = self.values[0, 0, 0]
        return float(np.sqrt(self.moments[0, 0, 0] - mean * mean))

    # ---- positions ----
    def key(self, position: Position) -> Key:
        """Where a position's widget is in ``values`` (and ``moments``)."""
        fifty = int(position.fifty and self.variant.bonus_needs_fifty)
        return position.mask, min(position.upper, UPPER_CAP), fifty

    def turn(self, position: Position) -> TurnValues:
        """Every within-turn value of a position (points still to come; remembered)."""
        return _turn(self, self.key(position))

    def value(self, position: Position) -> float:
        """The expected final score before the position's next turn (its first roll)."""
        if position.over:
            return float(position.score)
        mask, upper, fifty = self.key(position)
        return position.score + float(self.values[mask, upper, fifty])

    def keep_values(self, position: Position, dice: Sequence[int], rolls_left: int) -> dict[
            tuple[int, ...], float]:
        """The expected final score of each keep (fewer than five dice) and rolling the rest.

        ``rolls_left`` is 1 or 2 (after the third roll no dice may be rolled);
        keeps are listed fewest dice first, then lowest values first.
        """
        if rolls_left not in (1, 2):
            raise ValueError(f"dice may be rolled with 1 or 2 rolls left, not {rolls_left}")
        self._check_open(position)
        levels = self.turn(position).keeps[rolls_left]
        out = {}
        for keep in sub_keeps(dice):
            size, row = keep_index(keep)
            out[keep] = position.score + float(levels[size][row, 0])
        return out

    def box_values(self, position: Position, dice: Sequence[int]) -> dict[Box, float]:
        """The expected final score of scoring the dice in each box they may go in now (card order)."""
        self._check_open(position)
        row = roll_index(_check_dice(dice))
        mask, upper, fifty = self.key(position)
        cols = Widgets(np.array([mask]), np.array([upper]), np.array([fifty]))
        out = {}
        for box, value, _ in box_options(self.variant, self.values, None, cols):
            if np.isfinite(value[row, 0]):
                out[box] = position.score + float(value[row, 0])
        return out

    def roll_value(self, position: Position, dice: Sequence[int], rolls_left: int) -> float:
        """The expected final score with these dice showing and ``rolls_left`` rolls (0-2) to go."""
        if not 0 <= rolls_left <= 2:
            raise ValueError(f"0 to 2 rolls are left after a roll, not {rolls_left}")
        self._check_open(position)
        turn = self.turn(position)
        return position.score + float(turn.rolls[rolls_left][roll_index(_check_dice(dice)), 0])

    def choices(self, position: Position, dice: Sequence[int], rolls_left: int) -> list[
            tuple[Choice, float]]:
        """Every choice with these dice -- keeps (if rolls are left), then boxes -- with its
        expected final score, best first; equal values keep that order (fewer dice kept first)."""
        items: list[tuple[Choice, float]] = []
        if rolls_left > 0:
            items.extend(self.keep_values(position, dice, rolls_left).items())
        items.extend(self.box_values(position, dice).items())
        return rank(items)

    def _check_open(self, position: Position) -> None:
        if position.over:
            raise ValueError("the card is full: there is nothing left to choose")


TIE = 1e-9
"""Values this close (in points) count as equal when ranking: float noise never decides."""


def rank(items: Iterable[tuple[T, float]]) -> list[tuple[T, float]]:
    """Sort ``(choice, value)`` best first; values within :data:`TIE` keep their given order."""
    listed = list(items)
    if not listed:
        return []
    top = max(v for _, v in listed)
    order = sorted(range(len(listed)), key=lambda i: -listed[i][1])
    ranked: list[tuple[T, float]] = []
    start = 0
    while start < len(order):
        end = start + 1
        while end < len(order) and listed[order[start]][1] - listed[order[end]][1] <= TIE:
            end += 1
        ranked.extend(listed[i] for i in sorted(order[start:end]))
        start = end
    assert ranked[0][1] >= top - TIE
    return ranked


@lru_cache(maxsize=4096)
def _turn(tbl: YahtzeeTable, key: Key) -> TurnValues:
    """The within-turn values of one widget of a table, read-only (the last 4096 asked about)."""
    mask, upper, fifty = key
    cols = Widgets(np.array([mask]), np.array([upper]), np.array([fifty]))
    turn = evaluate_turn(tbl.variant, tbl.values, cols)
    for array in (*turn.rolls, *(a for level in turn.keeps.values() for a in level), turn.start):
        array.setflags(write=False)
    return turn


# ---- solving, saving and loading ----------------------------------------------------------------


def load_or_solve(variant: Variant, cache_dir: str | os.PathLike[str] | None = None,
                  progress: ProgressFn | None = None) -> YahtzeeTable:
    """The table of ``variant`` from the cache folder (see :mod:`.store`), or solved and cached
    there; not remembered (:func:`table` is).

    ``progress(done, total)`` is called while solving (never when loading).
    """
    path = cache_file(variant, _resolve(cache_dir))
    start = time.perf_counter()
    values = load_array(path, variant, "values")
    if values is not None:
        return YahtzeeTable(variant, values, source="loaded", seconds=time.perf_counter() - start,
                            path=path)
    values, _ = compute(variant, progress=progress)
    seconds = time.perf_counter() - start
    saved = save_array(path, variant, "values", values)
    return YahtzeeTable(variant, values, source="computed", seconds=seconds,
                        path=path if saved else None)


def with_moments(tbl: YahtzeeTable, progress: ProgressFn | None = None) -> YahtzeeTable:
    """The table with its second moments: from the cache beside it, or solved (about three
    times as long as the table) and cached."""
    if tbl.moments is not None:
        return tbl
    directory = tbl.path.parent if tbl.path is not None else None
    path = None if directory is None else cache_file(tbl.variant, directory, moments=True)
    if path is not None:
        found = load_array(path, tbl.variant, "moments")
        if found is not None:
            return dataclasses.replace(tbl, moments=found)
    values, moments = compute(tbl.variant, moments=True, progress=progress)
    assert moments is not None
    if not np.allclose(values, tbl.values, rtol=0, atol=1e-9):
        raise RuntimeError("the table does not match a fresh solve: delete the cached file")
    if path is not None:
        save_array(path, tbl.variant, "moments", moments)
    return dataclasses.replace(tbl, moments=moments)


_SOLVING = threading.Lock()
"""One table is loaded or solved at a time: a second caller waits, then finds it remembered."""


def table(rules: Rules | Variant | None = None, cache_dir: str | os.PathLike[str] | None = None,
          moments: bool = False) -> YahtzeeTable:
    """The optimal strategy for ``rules`` (default: the manual's), remembered, loaded from the
    cache or solved; with ``moments``, with its second moments too (:meth:`YahtzeeTable.sd`)."""
    variant = rules if isinstance(rules, Variant) else Variant.of(rules or Rules())
    directory = cache_folder(cache_dir)
    with _SOLVING:
        return _remembered(variant, directory, moments)


@lru_cache(maxsize=16)
def _remembered(variant: Variant, directory: Path, moments: bool) -> YahtzeeTable:
    if moments:
        return with_moments(_remembered(variant, directory, False))
    return load_or_solve(variant, directory)


def forget_tables() -> None:
    """Forget the tables and within-turn values held in memory (the files stay)."""
    _remembered.cache_clear()
    _turn.cache_clear()


def _resolve(directory: str | os.PathLike[str] | None) -> Path:
    path = cache_folder(directory)
    try:
        return path.resolve()
    except OSError:
        return path


__all__ = [
    "Choice",
    "Position",
    "YahtzeeTable",
    "forget_tables",
    "load_or_solve",
    "rank",
    "sub_keeps",
    "table",
    "with_moments",
]
