"""The ``strong`` Go Fish bot's exact count on the cells it reaches (``count.exact``'s count, past
the whole arrays' limit).

``count.exact`` holds, rank by rank, an array with an axis per group of slots: a box of every
count each group may hold (``plan.Bounds``).  A box lets each group take up to all the cards
dealt that it may hold, but the cards of a rank are shared among the groups: with five or six
players the cells the pass forward reaches are a small share of the box, often a few in a
hundred.  ``listed`` runs the same steps (the same rank factors, ``count.rank_factor``, and
marginals) on a sorted list of those cells, each a key of bit fields (``_Box``), the shifts from
cell to cell found by binary search (``_Cells``).  ``model.locate`` uses it past ``MAX_CELLS``
cells, within its ``Budget`` (cells a step and in all the steps).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from parlour.games.go_fish.bots.strong.count import (
    CANCELLED,
    Result,
    context,
    gathered,
    marginals,
    rank_factor,
)
from parlour.games.go_fish.bots.strong.plan import MERGE, Bounds, Group, Op


class TooMany(Exception):
    """The listed count's cells passed its limit (``listed``)."""


class _Box:
    """Keys for the cells of a box (``lo..hi`` on each axis): a field of bits per axis (the
    fewest that hold its cells), so that reading an axis is a shift and a mask."""

    def __init__(self, lo: Sequence[int], hi: Sequence[int]) -> None:
        self.lo = np.array(lo, dtype=np.int64)
        self.radix = np.array(hi, dtype=np.int64) - self.lo + 1
        bits = [max(0, int(x) - 1).bit_length() for x in self.radix]
        if sum(bits) > 62:
            raise TooMany
        self.shift = np.array([sum(bits[a + 1:]) for a in range(len(bits))], dtype=np.int64)
        self.mask = np.array([(1 << b) - 1 for b in bits], dtype=np.int64)

    def at(self, keys: np.ndarray, a: int) -> np.ndarray:
        """Axis ``a``'s cell of each key (from 0: ``lo``)."""
        out: np.ndarray = keys >> self.shift[a] & self.mask[a]
        return out

    def open(self, keys: np.ndarray, a: int) -> np.ndarray:
        """Whether each cell may take a card more on axis ``a``."""
        out: np.ndarray = self.at(keys, a) < self.radix[a] - 1
        return out

    def step(self, a: int) -> int:
        return 1 << int(self.shift[a])


class _Cells:
    """The cells of one rank's step of the listed count (``listed``): the cells the forward
    pass reaches, by their keys (sorted) in the step's box, and for each axis that may take the
    rank's cards the pairs of cells one card apart (``src`` to ``dst``).  The same shifts as
    ``Axes``'s, on the list: what leaves it is dropped (zero, as the cells the pass never
    reaches are)."""

    def __init__(self, keys: np.ndarray, box: _Box, members: Sequence[int]) -> None:
        self.keys = keys
        self.src: dict[int, np.ndarray] = {}
        self.dst: dict[int, np.ndarray] = {}
        last = len(keys) - 1
        for a in members:
            can = np.flatnonzero(box.open(keys, a)).astype(np.int32)
            target = keys[can] + box.step(a)
            at = np.minimum(np.searchsorted(keys, target), last).astype(np.int32)
            ok = keys[at] == target
            self.src[a], self.dst[a] = can[ok], at[ok]

    def times(self, arr: np.ndarray, axes: Sequence[int], down: bool = False) -> np.ndarray:
        """``arr`` times ``1 + sum t[a]`` (a card more in one of ``axes``, or none)."""
        out = arr.copy()
        self._add(out, arr, axes, down)
        return out

    def up(self, arr: np.ndarray, axes: Sequence[int], down: bool = False) -> np.ndarray:
        """``arr`` times ``sum t[a]`` (a card more in one of ``axes``)."""
        out = np.zeros_like(arr)
        self._add(out, arr, axes, down)
        return out

    def back(self, arr: np.ndarray, axes: Sequence[int]) -> np.ndarray:
        """The adjoint of times ``sum t[a]`` (a card fewer in one of ``axes``)."""
        return self.up(arr, axes, down=True)

    def _add(self, out: np.ndarray, arr: np.ndarray, axes: Sequence[int], down: bool) -> None:
        for a in axes:
            src, dst = (self.dst[a], self.src[a]) if down else (self.src[a], self.dst[a])
            out[dst] += arr[src]


_COMB = np.array([[math.comb(n, k) for k in range(64)] for n in range(64)], dtype=float)


def _rekey(keys: np.ndarray, old: _Box, new: _Box, keep: int = -1, drop: int = -1) -> np.ndarray:
    """The keys in box ``new`` of the cells of ``keys`` in box ``old`` (in the same order);
    ``keep``, ``drop``: the axes merged (``drop``'s cards join ``keep``'s)."""
    out = np.zeros(len(keys), dtype=np.int64)
    for a in range(len(new.lo)):
        if new.mask[a]:
            fill = old.at(keys, a) + (old.lo[a] - new.lo[a])
            if a == keep:
                fill += old.at(keys, drop) + old.lo[drop]
            out += fill << new.shift[a]
    return out


def _reach(start: np.ndarray, u: int, members: Sequence[int], box: _Box, limit: int) -> np.ndarray:
    """The cells a rank's step of ``listed`` works on: those reachable from the cells before
    it (``start``: their keys) by up to ``u`` cards more to the axes ``members``, by their keys,
    sorted."""
    keys, level = [start], start
    for _ in range(u if members else 0):
        level = _distinct(np.concatenate([level[box.open(level, a)] + box.step(a) for a in members]))
        if len(level) > limit:
            raise TooMany
        keys.append(level)
    out = _distinct(np.concatenate(keys))
    if len(out) > limit:
        raise TooMany
    return out


def _distinct(keys: np.ndarray) -> np.ndarray:
    """The keys sorted, each once (``np.unique`` is slower)."""
    keys = np.sort(keys)
    if len(keys) > 1:
        keys = keys[np.concatenate(([True], keys[1:] != keys[:-1]))]
    return keys


def listed(groups: list[Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
           stock: int, ops: list[Op], limit: int, overall: int | None = None) -> Result | None:
    """The exact count of ``count.exact`` (the same steps ``ops``, the same answer) on
    the cells the pass forward reaches, listed, rather than on whole boxes.  Each rank's step
    lists the cells reachable from those before it by up to ``u`` cards more to its groups
    (``_reach``, ``_Cells``) and applies the same factors on that list; it keeps the cells
    within the bounds after the rank whose fills leave the stock no more than its size
    (``dealt - stock <= sum``).  A merge adds the cells that become one, each weighted by the
    ways to share the room left, as ``Axes.merge``.  The pass back needs only the same cells (a
    cell the pass forward never reaches adds nothing to any product).  With pins, the pass forward
    also runs with their weights' sizes, from their first rank (``count.CANCELLED``).
    Raises ``TooMany`` past ``limit`` cells in a step, past ``overall`` cells in all the steps
    (None: no such limit; every step's cells are kept for the pass back, so this bounds the
    count's memory and time), or with keys too wide for 62 bits."""
    ctx = context(groups, floors, full, unknown, stock, ops)
    if ctx is None:
        return None
    bounds = Bounds(groups, unknown)
    if bounds.empty():
        return None
    box = _Box(bounds.lo, bounds.hi)
    keys = np.zeros(1, dtype=np.int64)  # the cells between steps, in ``box``
    arr: np.ndarray = np.ones(1)
    size: np.ndarray | None = None  # from the first rank with pins, the same with the sizes of their weights
    dealt = 0
    spent = 0  # cells listed so far, in every step
    merged: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    stepped: dict[int, tuple[np.ndarray, _Box, np.ndarray, np.ndarray, np.ndarray]] = {}
    for at, op in enumerate(ops):
        if op[0] == MERGE:
            keep, drop = op[1], op[2]
            room_k, room_d = bounds.room[keep], bounds.room[drop]
            fk, fd = box.at(keys, keep) + bounds.lo[keep], box.at(keys, drop) + bounds.lo[drop]
            ways = _COMB[room_k + room_d - fk - fd, room_d - fd]
            bounds.merge(keep, drop)
            new = _Box(bounds.lo, bounds.hi)
            keys = _rekey(keys, box, new, keep, drop)
            box = new
            order = np.argsort(keys, kind="stable")
            keys = keys[order]
            first = np.concatenate(([True], keys[1:] != keys[:-1]))
            inverse = np.empty(len(keys), dtype=np.int64)
            inverse[order] = np.cumsum(first) - 1
            keys = keys[first]
            arr = np.bincount(inverse, weights=ways * arr, minlength=len(keys))
            if size is not None:
                size = np.bincount(inverse, weights=ways * size, minlength=len(keys))
            merged[at] = inverse, ways
            continue
        r, members, u = op[1], op[2:], unknown[op[1]]
        lo = bounds.lo[:]
        bounds.deal(members, r)
        during = _Box(lo, bounds.hi)
        start = _rekey(keys, box, during)
        room = limit if overall is None else min(limit, overall - spent)
        cells_at = _reach(start, u, members, during, room)
        spent += len(cells_at)
        cells = _Cells(cells_at, during, members)
        embed = np.searchsorted(cells_at, start)
        before = np.zeros(len(cells_at))
        before[embed] = arr
        out = rank_factor(cells, ctx, before, r, members, False)
        if r in ctx.terms and size is None:
            size = arr
        if size is not None:
            size_before = np.zeros(len(cells_at))
            size_before[embed] = size
            size = rank_factor(cells, ctx, size_before, r, members, False, signed=False)
        bounds.settle(members, r)
        if bounds.empty():
            return None
        dealt += u
        alive = out != 0  # and within the bounds after the rank, the stock not overfull:
        for a in members:
            if bounds.lo[a] > lo[a]:
                alive &= during.at(cells_at, a) >= bounds.lo[a] - lo[a]
        kept = np.flatnonzero(alive)
        held = np.full(len(kept), sum(lo), dtype=np.int64)  # the cards in all the groups
        for a in range(len(lo)):
            if during.mask[a]:
                held += during.at(cells_at[kept], a)
        kept = kept[held >= dealt - stock]
        if not len(kept):
            return None
        box = _Box(bounds.lo, bounds.hi)
        keys, arr = _rekey(cells_at[kept], during, box), out[kept]
        if size is not None:
            size = size[kept]
        stepped[at] = cells_at, during, before, embed, kept  # (the shifts are listed again)
    total = float(arr.sum())
    if not total > (0.0 if size is None else CANCELLED * float(size.sum())):
        return None
    owners = ctx.owners
    dist, mean, stock_mean = gathered(owners)
    arr = np.ones(len(arr))
    for at in range(len(ops) - 1, -1, -1):
        op = ops[at]
        if op[0] == MERGE:
            inverse, ways = merged[at]
            arr = ways * arr[inverse]
            continue
        r, members = op[1], op[2:]
        cells_at, during, before, embed, kept = stepped[at]
        cells = _Cells(cells_at, during, members)
        after = np.zeros(len(before))
        after[kept] = arr
        stock_mean[r] = marginals(cells, ctx, before, after, r, members, dist, mean, total)
        arr = rank_factor(cells, ctx, after, r, members, True)[embed]
    return ({o: tuple(dist[o]) for o in owners}, {o: tuple(mean[o]) for o in owners}, stock_mean)
