"""The optimal solitaire strategy as a table: solved once, cached on disk, asked about positions.

:func:`table` returns the :class:`YahtzeeTable` of a rule set.  The first call
solves it (:func:`parlour.games.yahtzee.solver.compute`, a few seconds) and
saves the between-turn values -- 8 MB -- in the cache folder; later calls, in
this process or another, load them (well under a second).  Within-turn values
are recomputed from them for each position asked about, in under a millisecond.

The cache folder is, in order: the ``cache_dir`` argument, the environment
variable ``PARLOUR_CACHE``, or the user's cache folder
(``platformdirs.user_cache_dir("parlour")``).  A file's name carries the
format version and the rules that change optimal play
(``yahtzee-v1-free-fifty.npz``); its contents carry a SHA-256 digest of the
values, so a damaged or foreign file is noticed, solved again and replaced.
If the folder cannot be written the table is still solved and kept in memory.

Every value a :class:`YahtzeeTable` answers is an *expected final score*:
the points already on the card (``Position.score``) plus the expected points
still to come under optimal play.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from parlour.games.yahtzee.rules import (
    BOXES,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    YAHTZEE,
    YAHTZEE_BONUS,
    Box,
    Rules,
)
from parlour.games.yahtzee.solver import (
    UPPER_CAP,
    Floats,
    ProgressFn,
    TurnValues,
    Variant,
    Widgets,
    box_options,
    compute,
    evaluate_turn,
    keep_index,
    reachable_upper,
    roll_index,
)

FORMAT_VERSION = 1
"""Bumped whenever the meaning or layout of the cached arrays changes."""
CACHE_ENV = "PARLOUR_CACHE"
"""The environment variable naming the cache folder (tests point it at a temporary one)."""

Choice = tuple[int, ...] | Box
"""A keep (sorted values kept, fewer than five: roll the rest) or a box to score in."""
T = TypeVar("T")


def cache_folder(directory: str | os.PathLike[str] | None = None) -> Path:
    """The folder for cached tables: ``directory``, else ``$PARLOUR_CACHE``, else the user's cache."""
    if directory is not None:
        return Path(directory)
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("parlour"))


def cache_file(variant: Variant, directory: Path, moments: bool = False) -> Path:
    """Where the table of ``variant`` (or its second moments) is cached."""
    kind = "-moments" if moments else ""
    return directory / f"yahtzee-v{FORMAT_VERSION}-{variant.key}{kind}.npz"


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
        upper = sum(v for v in boxes[:6] if v is not None)
        score = sum(v for v in boxes if v is not None) + YAHTZEE_BONUS * yahtzee_bonuses
        score += UPPER_BONUS if upper >= UPPER_BONUS_AT else 0
        return cls(filled, upper, boxes[Box.YAHTZEE.index] == YAHTZEE, score)

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


@dataclass(eq=False)
class YahtzeeTable:
    """The optimal strategy of one rule set: between-turn values, and queries on any position."""

    variant: Variant
    values: Floats = field(repr=False)
    """``[mask, min(upper, 63), fifty]``: the expected points still to come, before a turn."""
    source: str = "computed"
    """``computed`` or ``loaded`` (from the cache file)."""
    seconds: float = 0.0
    """How long computing or loading took."""
    path: Path | None = None
    """The cache file (``None`` if it could not be written)."""
    moments: Floats | None = field(default=None, repr=False)
    """The expected square of the points still to come (once :meth:`sd` has been asked for)."""
    _turns: OrderedDict[tuple[int, int, int], TurnValues] = field(
        default_factory=OrderedDict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    TURN_CACHE = 4096
    """Positions whose within-turn values are kept (least recently used dropped first)."""

    # ---- the whole game ----
    def expected(self) -> float:
        """The optimal expected final score of a whole game (254.5896… under the manual's rules)."""
        return float(self.values[0, 0, 0])

    def sd(self, progress: ProgressFn | None = None) -> float:
        """The standard deviation of the final score under the optimal strategy.

        Needs the second moments: loaded from the cache, or solved (about three
        times as long as the table) and cached.
        """
        if self.moments is None:
            self.moments = _moments(self, progress)
        mean = self.values[0, 0, 0]
        return float(np.sqrt(self.moments[0, 0, 0] - mean * mean))

    # ---- positions ----
    def _key(self, position: Position) -> tuple[int, int, int]:
        fifty = int(position.fifty and self.variant.bonus_needs_fifty)
        return position.mask, min(position.upper, UPPER_CAP), fifty

    def turn(self, position: Position) -> TurnValues:
        """Every within-turn value of a position (points still to come; cached)."""
        key = self._key(position)
        with self._lock:
            found = self._turns.get(key)
            if found is not None:
                self._turns.move_to_end(key)
                return found
        mask, upper, fifty = key
        cols = Widgets(np.array([mask]), np.array([upper]), np.array([fifty]))
        turn = evaluate_turn(self.variant, self.values, cols)
        with self._lock:
            self._turns[key] = turn
            while len(self._turns) > self.TURN_CACHE:
                self._turns.popitem(last=False)
        return turn

    def value(self, position: Position) -> float:
        """The expected final score before the position's next turn (its first roll)."""
        if position.over:
            return float(position.score)
        mask, upper, fifty = self._key(position)
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
        mask, upper, fifty = self._key(position)
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


# ---- solving, saving and loading ----------------------------------------------------------------


_TABLES: dict[tuple[Variant, Path], YahtzeeTable] = {}
_TABLES_LOCK = threading.Lock()


def table(rules: Rules | Variant | None = None, cache_dir: str | os.PathLike[str] | None = None,
          progress: ProgressFn | None = None) -> YahtzeeTable:
    """The optimal strategy for ``rules`` (default: the manual's), from memory, the cache or solved.

    ``progress(done, total)`` is called while solving (never when loading).
    """
    variant = rules if isinstance(rules, Variant) else Variant.of(rules or Rules())
    directory = _resolve(cache_dir)
    key = (variant, directory)
    with _TABLES_LOCK:
        found = _TABLES.get(key)
        if found is None:
            found = _TABLES[key] = _load_or_solve(variant, directory, progress)
    return found


def forget_tables() -> None:
    """Drop the tables held in memory (the files stay)."""
    with _TABLES_LOCK:
        _TABLES.clear()


def _resolve(directory: str | os.PathLike[str] | None) -> Path:
    path = cache_folder(directory)
    try:
        return path.resolve()
    except OSError:
        return path


def _digest(*arrays: Floats) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a, dtype=np.float64).tobytes())
    return h.hexdigest()


def _meta(variant: Variant, kind: str) -> dict[str, Any]:
    return {"format": FORMAT_VERSION, "variant": variant.key, "kind": kind}


def save_array(path: Path, variant: Variant, kind: str, array: Floats) -> bool:
    """Write ``array`` with its digest, atomically; ``False`` if the folder cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                meta = json.dumps({**_meta(variant, kind), "sha256": _digest(array)})
                np.savez(fh, values=array, meta=np.array(meta))
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except OSError:
        return False
    return True


def load_array(path: Path, variant: Variant, kind: str) -> Floats | None:
    """The array cached at ``path`` if it is whole and for these rules, else ``None``."""
    shape = (1 << len(BOXES), UPPER_CAP + 1, 2)
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            values = np.array(data["values"], dtype=np.float64)
    except FileNotFoundError:
        return None
    except Exception:  # a damaged file: any of zipfile's, NumPy's or JSON's errors
        return None
    if not isinstance(meta, dict) or {k: meta.get(k) for k in ("format", "variant", "kind")} != _meta(
            variant, kind):
        return None
    if values.shape != shape or meta.get("sha256") != _digest(values):
        return None
    return values


def _load_or_solve(variant: Variant, directory: Path, progress: ProgressFn | None) -> YahtzeeTable:
    path = cache_file(variant, directory)
    start = time.perf_counter()
    values = load_array(path, variant, "values")
    if values is not None:
        return YahtzeeTable(variant, values, "loaded", time.perf_counter() - start, path)
    values, _ = compute(variant, progress=progress)
    seconds = time.perf_counter() - start
    saved = save_array(path, variant, "values", values)
    return YahtzeeTable(variant, values, "computed", seconds, path if saved else None)


def _moments(tbl: YahtzeeTable, progress: ProgressFn | None) -> Floats:
    """The second moments of a table's rules: from the cache, or solved and cached."""
    directory = tbl.path.parent if tbl.path is not None else None
    path = None if directory is None else cache_file(tbl.variant, directory, moments=True)
    if path is not None:
        found = load_array(path, tbl.variant, "moments")
        if found is not None:
            return found
    values, moments = compute(tbl.variant, moments=True, progress=progress)
    assert moments is not None
    if not np.allclose(values, tbl.values, rtol=0, atol=1e-9):
        raise RuntimeError("the table does not match a fresh solve: delete the cached file")
    if path is not None:
        save_array(path, tbl.variant, "moments", moments)
    return moments


__all__ = [
    "CACHE_ENV",
    "FORMAT_VERSION",
    "Choice",
    "Position",
    "YahtzeeTable",
    "cache_file",
    "cache_folder",
    "forget_tables",
    "rank",
    "sub_keeps",
    "table",
]
