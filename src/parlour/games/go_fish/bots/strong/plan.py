"""The plan of the ``strong`` bot's exact count: the groups of slots it deals into, the fewest
and most cards each may hold at each step (``Bounds``), and the order of the ranks (``plan``).

The count deals the unknown cards rank by rank into arrays with an axis per group of slots
(``count.exact``).  A group's axis holds only the counts it may have at that step: at most what
the ranks dealt could have put there, at least what the ranks to come must add to fill it; one
cell before its first rank and after its last.  Two groups of a hand whose ranks still to come
are the same become one axis (they are then interchangeable).  The ranks are dealt in the order
whose largest step is smallest (``best_order``, dynamic programming over the sets of ranks
dealt; ``greedy`` when that is small anyway).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass
class Group:
    """``count`` hidden slots of ``owner``'s hand, each of a rank in the 13-bit mask ``allowed``."""

    owner: int
    count: int
    allowed: int
    pin: int = -1
    """A rank (index) that ``pins`` of the ``count`` slots may not be (``with_pins``), or -1."""
    pins: int = 0
    """How many of the slots are pinned (may not be ``pin``)."""


RANK, MERGE = range(2)
Op = tuple[int, ...]
"""A step of the exact count: ``(RANK, rank, *axes)`` the rank's cards are dealt (``axes``: the
groups that may take them); ``(MERGE, keep, drop)`` two groups of one hand that the ranks still
to come cannot tell apart become one (on ``keep``'s axis)."""


class Bounds:
    """The fewest and most cards each group may hold at a step of the count: at least what the
    ranks still to come must add to fill it (``cap - future``), at most what the ranks dealt
    could have put there (``past``); for groups merged into one axis, the sums of their own.
    The arrays' axis for a group holds only ``lo..hi`` (index 0: ``lo`` cards): the other cells
    are zero or lead nowhere.  (Axes of every count ``0..cap`` held several times as many cells
    with six players.)  Each axis is named by a group (the first of those merged into it)."""

    def __init__(self, groups: list[Group], unknown: tuple[int, ...]) -> None:
        self.unknown = unknown
        self.owner = [g.owner for g in groups]
        self.cap = [g.count for g in groups]
        self.allowed = [g.allowed for g in groups]
        self.pin = [1 << g.pin if g.pins else 0 for g in groups]
        """For each group, the rank (a bit) of its pins, if any: it is merged with no other until
        that rank is dealt."""
        self.past = [0] * len(groups)
        self.future = [sum(u for r, u in enumerate(unknown) if a >> r & 1) for a in self.allowed]
        self.parts = [[i] for i in range(len(groups))]
        """For each axis, the groups merged into it (none: merged into another)."""
        self.lo = [max(0, c - f) for c, f in zip(self.cap, self.future, strict=True)]
        self.hi = [0] * len(groups)
        self.room = self.cap[:]
        """For each axis, the fewest and most cards, and the slots (kept up to date)."""
        self.remaining = sum(1 << r for r, u in enumerate(unknown) if u)

    def copy(self) -> Bounds:
        out = copy.copy(self)
        out.past, out.future, out.parts = self.past[:], self.future[:], [p[:] for p in self.parts]
        out.lo, out.hi, out.room = self.lo[:], self.hi[:], self.room[:]
        return out

    def members(self, r: int) -> list[int]:
        """The axes that may take cards of rank ``r``."""
        return [i for i, a in enumerate(self.allowed) if a >> r & 1 and self.parts[i]]

    def deal(self, members: Sequence[int], r: int) -> None:
        """Before the rank's factor: its members may take up to ``u`` cards more."""
        for i in members:
            for g in self.parts[i]:
                was = min(self.cap[g], self.past[g])
                self.past[g] += self.unknown[r]
                self.hi[i] += min(self.cap[g], self.past[g]) - was

    def settle(self, members: Sequence[int], r: int) -> None:
        """After it: the rank no longer counts towards what may fill them."""
        self.remaining &= ~(1 << r)
        for i in members:
            for g in self.parts[i]:
                was = max(0, self.cap[g] - self.future[g])
                self.future[g] -= self.unknown[r]
                self.lo[i] += max(0, self.cap[g] - self.future[g]) - was

    def alike(self) -> list[tuple[int, int]]:
        """Pairs of axes of one hand that the ranks still to come treat alike (an axis whose
        pins' rank is still to come is not merged)."""
        seen: dict[tuple[int, int], int] = {}
        out = []
        for i, a in enumerate(self.allowed):
            if self.parts[i] and a & self.remaining and not self.pin[i] & self.remaining:
                keep = seen.setdefault((self.owner[i], a & self.remaining), i)
                if keep != i:
                    out.append((keep, i))
        return out

    def merge(self, keep: int, drop: int) -> None:
        self.parts[keep] += self.parts[drop]
        self.parts[drop] = []
        for field in (self.lo, self.hi, self.room):
            field[keep] += field[drop]
            field[drop] = 0

    def size(self) -> int:
        return math.prod(max(h - lo + 1, 1) for lo, h in zip(self.lo, self.hi, strict=True))

    def empty(self) -> bool:
        return any(lo > h for lo, h in zip(self.lo, self.hi, strict=True))


def plan(groups: list[Group], unknown: tuple[int, ...], order: Sequence[int] | None = None
         ) -> tuple[list[Op], int]:
    """The steps of ``exact`` and the most cells its arrays then hold (``Bounds``).  A group's
    axis has one cell before its first rank and after its last; two groups of a hand are one
    axis as soon as the ranks left treat them alike (the groups of a hand are nested, so this
    happens often: once the ranks that only the looser group allows are dealt).  The ranks are
    dealt in ``order`` (by default ``best_order``'s)."""
    bounds = Bounds(groups, unknown)
    ops: list[Op] = []
    peak = bounds.size()
    for r in best_order(groups, unknown) if order is None else order:
        members = bounds.members(r)
        bounds.deal(members, r)
        peak = max(peak, bounds.size())
        ops.append((RANK, r, *members))
        bounds.settle(members, r)
        for keep, drop in bounds.alike():
            bounds.merge(keep, drop)
            ops.append((MERGE, keep, drop))
    return ops, peak


def greedy(groups: list[Group], unknown: tuple[int, ...]) -> list[int]:
    """A quick order of the ranks: each step deals the rank that keeps the arrays smallest
    while it is dealt (ties: the one that leaves them smallest, then the lowest rank)."""
    bounds = Bounds(groups, unknown)
    todo = [r for r in range(13) if unknown[r]]
    order = []

    def step(b: Bounds, r: int) -> tuple[int, int]:
        members = b.members(r)
        b.deal(members, r)
        during = b.size()
        b.settle(members, r)
        for keep, drop in b.alike():
            b.merge(keep, drop)
        return during, b.size()

    while todo:
        r = min((*step(bounds.copy(), r), r) for r in todo)[2]
        step(bounds, r)
        order.append(r)
        todo.remove(r)
    return order


def best_order(groups: list[Group], unknown: tuple[int, ...]) -> list[int]:
    """The order of the ranks whose largest step (``Bounds``: the cells while a rank is dealt)
    is smallest, then whose steps hold the fewest cells in all: by dynamic programming over the
    sets of ranks dealt (at most 2 ** 13), all sets at once with numpy.  (``greedy`` left peaks
    twice as large on average with six players, up to ten times; looking two ranks ahead, 1.4
    times, and took longer.)"""
    ranks = [r for r in range(13) if unknown[r]]
    n_sets = 1 << len(ranks)
    sets = np.arange(n_sets)
    dealt = np.zeros(n_sets)  # dealt[S]: the cards of the ranks in S
    for i, r in enumerate(ranks):
        dealt[1 << i: 2 << i] = dealt[:1 << i] + unknown[r]
    n = len(groups)
    allowed = [sum(1 << i for i, r in enumerate(ranks) if g.allowed >> r & 1) for g in groups]
    left = [a & ~sets for a in allowed]  # the ranks still to come each group allows
    key = left[:]  # ... and whether its pins' rank is still to come (it is then like no other)
    for i, g in enumerate(groups):
        if g.pins:
            key[i] = left[i] | np.where(sets >> ranks.index(g.pin) & 1, 0, 1 << (16 + i))
    lo = [np.maximum(0.0, g.count - dealt[rest]) for g, rest in zip(groups, left, strict=True)]
    hi = [np.minimum(g.count, dealt[a & sets]) for g, a in zip(groups, allowed, strict=True)]
    # Axes: groups of a hand are merged when the ranks left treat them alike.  same[i]: the
    # groups j > i alike with i (1.0 where they are); first[i]: 1.0 where i names its axis (no
    # j < i is alike).  An axis's cells: the sums of its groups' bounds.
    same: list[list[tuple[int, np.ndarray]]] = [[] for _ in range(n)]
    first = [np.ones(n_sets, dtype=bool) for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if groups[i].owner == groups[j].owner:
                eq = (key[i] == key[j]) & (left[i] != 0)
                same[i].append((j, eq.astype(float)))
                first[j] &= ~eq
    span_lo = [lo[i] + sum((eq * lo[j] for j, eq in same[i]), np.zeros(n_sets)) for i in range(n)]

    def length(i: int, his: dict[int, np.ndarray]) -> np.ndarray:
        span = his[i].copy()
        for j, eq in same[i]:
            span += eq * his[j]
        out: np.ndarray = np.maximum(span - span_lo[i] + 1.0, 1.0)
        out[~first[i]] = 1.0
        return out

    everyone = dict(enumerate(hi))
    base = [length(i, everyone) for i in range(n)]
    cells = np.prod(base, axis=0)
    during = []  # during[k][S]: the cells while rank k is dealt after the set S (k not in S)
    for k in range(len(ranks)):
        bit = 1 << k
        members = [i for i in range(n) if allowed[i] & bit]
        his = everyone | {i: hi[i][sets | bit] for i in members}
        step = cells.copy()
        for i in members:  # an axis alike with a member is a member
            step *= length(i, his) / base[i]
        during.append(step)
    peak = np.full(n_sets, np.inf)
    work = np.full(n_sets, np.inf)
    last = np.zeros(n_sets, dtype=np.int64)
    peak[0] = work[0] = 0.0
    count = sum(sets >> k & 1 for k in range(len(ranks)))
    for size in range(1, len(ranks) + 1):
        layer = sets[count == size]
        for k in range(len(ranks)):
            here = layer[layer >> k & 1 == 1]
            prev = here ^ (1 << k)
            step = during[k][prev]
            p = np.maximum(peak[prev], step)
            w = work[prev] + step
            better = (p < peak[here]) | ((p == peak[here]) & (w < work[here]))
            chosen = here[better]
            peak[chosen] = p[better]
            work[chosen] = w[better]
            last[chosen] = k
    order = []
    s = n_sets - 1
    while s:
        k = int(last[s])
        order.append(ranks[k])
        s ^= 1 << k
    return order[::-1]
