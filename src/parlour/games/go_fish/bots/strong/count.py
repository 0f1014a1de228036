"""The ``strong`` bot's exact count of deals: the rank factors, the marginals, pinned slots, and
the count on whole arrays (``exact``; ``listed.py`` runs the same steps on a list of cells).

Cards of one rank are interchangeable, so a way to deal the unknown cards is a table ``x[g][r]``
of how many cards of rank ``r`` go to slot group ``g`` (the stock is one more group), with weight
``prod 1 / x[g][r]!`` (the number of deals of distinct cards into distinct slots, up to a
constant).  ``exact`` sums over all tables: rank by rank, the cards put in each group so far,
held in a numpy array with an axis per group (its cells: ``plan.Bounds``).  By the multinomial
theorem a rank's factor is ``(1 + sum t[g]) ** u / u!`` over the groups allowing it (a floor by
Horner's rule or inclusion and exclusion; the cap by taking away the hand's ``T ** u / u!``, all
``u`` in its groups, which only binds when its known cards and the ``u`` make four), applied as
``u`` shifts of the array rather than by listing every split.  Two groups of a hand that the
ranks to come treat alike are merged into one axis, each cell weighted by the ``C(room, room of
one)`` ways to share their room.  A pass forward and one back (the adjoint steps, on the same
cells) give every rank's exact distribution in every hand.

Pinned slots.  A slot that may be any rank a group ``G`` of its hand allows but one, ``r`` (an
unlucky draw's), is counted as one more slot of ``G``, less the deals in which it holds ``r``
(``model.with_pins``: ``G`` takes such slots as its ``a`` *pinned* slots, of its ``n``).  By
inclusion and exclusion, the deals in which no pinned slot holds ``r`` are the sum over ``m`` of
``(-1) ** m C(a, m)`` times the deals in which ``m`` given pinned slots hold ``r``.  Those deal
the other cards into ``G``'s other ``n - m`` slots, which weigh ``(n - m)! / n!`` against
``G``'s ``n!`` (the table weights ``prod 1 / x!`` leave out a constant ``prod n_g!``), and the
rank's factor for them is ``T_G ** m (1 + sum t) ** (u - m) / (u - m)!`` (the ``m`` pinned cards
are distinct cards in distinct slots: ``u! / (u - m)!`` ways of the ``u!``).  So with pins the
rank's factor is ``sum_m (-1) ** m C(a, m) / (n (n - 1) ... (n - m + 1)) T_G ** m (1 + sum t)
** (u - m) / (u - m)!`` (``pin_terms``; groups of several hands pinned to the rank: the product
of their sums, at most ``u`` cards pinned in all).  A floor of ``G``'s hand is met by a pinned
card; a cap binds only when the hand holds all the pinned cards and takes every free one; the
marginals add a hand's pinned cards to its number.  Summed, the weight of ``x`` cards of ``r``
in ``G`` is multiplied by ``C(n - a, x) / C(n, x)``, the chance that ``x`` slots drawn at random
from ``n`` miss the ``a`` pinned ones, which depends on nothing before or after the rank: no
counter is needed as long as a group's pins are of one rank.  A group is merged with no other
until its pins' rank is dealt (``plan.Bounds.alike``).  As the terms' signs alternate, a total
below ``CANCELLED`` times that of the same count with the terms' weights taken as their sizes is
not trusted (a contradiction leaves rounding only).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Protocol

import numpy as np

from parlour.games.go_fish.bots.strong.plan import MERGE, RANK, Bounds, Group, Op

CANCELLED = 1e-6
"""A count with pins whose total is less than this share of its terms' sizes in all (``exact``)
is not trusted: rounding may be most of it (a contradiction leaves rounding only); the groups
are then counted without pins."""

_FACT = tuple(float(math.factorial(k)) for k in range(5))

Dist = dict[int, tuple[tuple[float, ...], ...]]
Result = tuple[Dist, dict[int, tuple[float, ...]], list[float]]


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    """The sum of the products (not ``np.vdot``: BLAS threads crawl on a busy machine)."""
    return float(np.einsum("i,i", a.ravel(), b.ravel()))


class Axes:
    """Operations on arrays with one axis per group (cards put in it so far, from its ``lo``).
    A shift moves one cell up an axis (a card more) or, ``down``, one cell down (the adjoint,
    for the pass back); what leaves the axis's cells is dropped (``Bounds``: it was zero or
    leads nowhere)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.every = (slice(None),) * n
        self.low = [self.at(a, slice(0, -1)) for a in range(n)]
        self.high = [self.at(a, slice(1, None)) for a in range(n)]

    def at(self, a: int, index: slice, b: int = -1, other: slice = slice(None)) -> tuple[slice, ...]:
        out = list(self.every)
        out[a] = index
        if b >= 0:
            out[b] = other
        return tuple(out)

    def times(self, arr: np.ndarray, axes: Sequence[int], down: bool = False) -> np.ndarray:
        """``arr`` times ``1 + sum t[a]`` (a card more in one of ``axes``, or none)."""
        out = arr.copy()
        src, dst = (self.high, self.low) if down else (self.low, self.high)
        for a in axes:
            out[dst[a]] += arr[src[a]]
        return out

    def up(self, arr: np.ndarray, axes: Sequence[int], down: bool = False) -> np.ndarray:
        """``arr`` times ``sum t[a]`` (a card more in one of ``axes``)."""
        out = np.zeros_like(arr)
        src, dst = (self.high, self.low) if down else (self.low, self.high)
        for a in axes:
            out[dst[a]] += arr[src[a]]
        return out

    def back(self, arr: np.ndarray, axes: Sequence[int]) -> np.ndarray:
        """The adjoint of times ``sum t[a]`` (a card fewer in one of ``axes``)."""
        return self.up(arr, axes, down=True)

    def pad(self, arr: np.ndarray, a: int, low: int, high: int) -> np.ndarray:
        """``low`` zero cells more below on axis ``a`` and ``high`` above."""
        if not (low or high):
            return arr
        shape = list(arr.shape)
        shape[a] += low + high
        out = np.zeros(shape)
        out[self.at(a, slice(low, low + arr.shape[a]))] = arr
        return out

    def trim(self, arr: np.ndarray, a: int, low: int, high: int) -> np.ndarray:
        """Drop ``low`` cells below on axis ``a`` and ``high`` above."""
        if not (low or high):
            return arr
        return arr[self.at(a, slice(low, arr.shape[a] - high))]

    def merge(self, arr: np.ndarray, keep: int, drop: int, lo_k: int, lo_d: int, cap_d: int,
              room: int) -> np.ndarray:
        """The two groups as one, on ``keep``'s axis: ``x`` cards in all, weighted by the ways to
        share the room left (``C(room left, drop's room left)``: the ranks to come treat them
        alike); ``room``: the two groups' cells in all, less ``lo_k + lo_d``."""
        shape = list(arr.shape)
        lk, ld = shape[keep], shape[drop]
        shape[keep] = lk + ld - 1
        shape[drop] = 1
        out = np.zeros(shape)
        for ik in range(lk):
            for id_ in range(ld):
                ways = math.comb(room - ik - id_, cap_d - lo_d - id_)
                out[self.at(keep, slice(ik + id_, ik + id_ + 1), drop, slice(0, 1))] += \
                    ways * arr[self.at(keep, slice(ik, ik + 1), drop, slice(id_, id_ + 1))]
        return out

    def split(self, arr: np.ndarray, keep: int, drop: int, lk: int, ld: int, lo_d: int, cap_d: int,
              room: int) -> np.ndarray:
        """The adjoint of ``merge`` for the pass back (``lk``, ``ld``: the two axes' cells)."""
        shape = list(arr.shape)
        shape[keep] = lk
        shape[drop] = ld
        out = np.zeros(shape)
        for ik in range(lk):
            for id_ in range(ld):
                ways = math.comb(room - ik - id_, cap_d - lo_d - id_)
                merged = arr[self.at(keep, slice(ik + id_, ik + id_ + 1), drop, slice(0, 1))]
                out[self.at(keep, slice(ik, ik + 1), drop, slice(id_, id_ + 1))] = ways * merged
        return out


Term = tuple[float, list[tuple[int, int]], dict[int, int], int]
"""A term of a rank's pins (``pin_terms``): its weight, the cards pinned to each axis (axis,
cards), to each owner, and in all."""


@dataclass(frozen=True)
class Context:
    """What the rank factors need: each axis's owner, the owners, their floors and caps, the
    unknown cards of each rank, the terms of each rank's pins (``pin_terms``)."""

    owner: list[int]
    owners: list[int]
    floors: list[int]
    full: list[int]
    unknown: tuple[int, ...]
    terms: dict[int, list[Term]]


def pin_terms(groups: list[Group], unknown: tuple[int, ...]) -> dict[int, list[Term]]:
    """For each rank that some groups' slots are pinned to (``with_pins``), the terms of inclusion
    and exclusion (see the module): ``m`` of the ``a`` pinned slots of a group of ``n`` holding
    the rank, weighing ``(-1) ** m C(a, m) / (n (n - 1) ... (n - m + 1))``, for every ``m`` of
    every such group, at most the rank's unknown cards in all."""
    pinned: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        if g.pins:
            pinned.setdefault(g.pin, []).append(i)
    out: dict[int, list[Term]] = {}
    for r, axes in pinned.items():
        u = unknown[r]
        terms: list[Term] = []
        for ms in product(*(range(min(groups[i].pins, u) + 1) for i in axes)):
            if sum(ms) > u:
                continue
            weight = 1.0
            shifts: list[tuple[int, int]] = []
            held: dict[int, int] = {}
            for i, m in zip(axes, ms, strict=True):
                if m:
                    g = groups[i]
                    weight *= (-1.0) ** m * math.comb(g.pins, m) / math.perm(g.count, m)
                    shifts.append((i, m))
                    held[g.owner] = held.get(g.owner, 0) + m
            terms.append((weight, shifts, held, sum(ms)))
        out[r] = terms
    return out


def context(groups: list[Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
             stock: int, ops: list[Op]) -> Context | None:
    """The factors' context, or None when the cards cannot fill the slots or a floor has no
    slot that may meet it."""
    if sum(g.count for g in groups) + stock != sum(unknown):
        return None
    owner = [g.owner for g in groups]
    for op in ops:
        if op[0] == RANK:
            held = {owner[i] for i in op[2:]}
            if any(floors[o] >> op[1] & 1 and o not in held for o in range(len(floors))):
                return None  # a floor no slot may meet
    return Context(owner, sorted(set(owner)), floors, full, unknown, pin_terms(groups, unknown))


class Shifts(Protocol):
    """The shifts of a count's arrays (``Axes``: dense; ``_Cells``: a list of cells)."""

    def times(self, arr: np.ndarray, axes: Sequence[int], down: bool = False) -> np.ndarray: ...

    def up(self, arr: np.ndarray, axes: Sequence[int], down: bool = False) -> np.ndarray: ...

    def back(self, arr: np.ndarray, axes: Sequence[int]) -> np.ndarray: ...


def _pin(ax: Shifts, arr: np.ndarray, shifts: list[tuple[int, int]], down: bool) -> np.ndarray:
    """``arr`` times a term's pinned cards (``T_g ** m`` for each of its groups)."""
    for axis, m in shifts:
        for _ in range(m):
            arr = ax.up(arr, [axis], down)
    return arr


def rank_factor(ax: Shifts, ctx: Context, arr: np.ndarray, r: int, members: Sequence[int], down: bool,
            signed: bool = True) -> np.ndarray:
    """``arr`` times the rank's factor (or, ``down``, its adjoint: the same polynomial in the
    shifts down): with pins, the sum over their terms (``pin_terms``) of the weight (``signed``
    False: its size, for ``exact``), the pinned cards and the factor of the cards left
    (``_free``)."""
    terms = ctx.terms.get(r)
    if terms is None:
        return _free(ax, ctx, arr, r, ctx.unknown[r], {}, members, down)
    out = np.zeros_like(arr)
    for weight, shifts, held, m in terms:
        out += (weight if signed else abs(weight)) * _free(ax, ctx, _pin(ax, arr, shifts, down), r,
                                                           ctx.unknown[r] - m, held, members, down)
    return out


def _free(ax: Shifts, ctx: Context, arr: np.ndarray, r: int, u: int, held: dict[int, int],
          members: Sequence[int], down: bool) -> np.ndarray:
    """``arr`` times the factor of ``u`` cards of the rank, free to go to any group allowing it
    or the stock, when the owners ``held`` hold some pinned.  The first floor's owner ``o``
    (not among them) takes ``k >= 1`` of them: ``sum C(u, k) T_o ** k (1 + rest) ** (u -
    k)``, by Horner's rule (no subtraction); further floors by inclusion and exclusion.  Less,
    for each capped owner ``o`` (when no other owner has a floor or a pinned card), ``T_o ** u``
    (``o`` takes them all): these splits are disjoint."""
    fl = [o for o in ctx.owners if ctx.floors[o] >> r & 1 and o not in held]
    if fl and not u:
        return np.zeros_like(arr)  # a floor no card is left to meet
    out = _uncapped(ax, ctx, arr, u, members, fl, down)
    for o in ctx.owners:
        if ctx.full[o] >> r & 1 and not any(f != o for f in fl) and all(h == o for h in held):
            axes = [i for i in members if ctx.owner[i] == o]
            if axes:
                whole = arr
                for _ in range(u):
                    whole = ax.up(whole, axes, down)
                out = out - whole / _FACT[u]
    return out


def _uncapped(ax: Shifts, ctx: Context, arr: np.ndarray, u: int, members: Sequence[int], fl: list[int],
              down: bool) -> np.ndarray:
    owner = ctx.owner
    if not fl:
        for _ in range(u):
            arr = ax.times(arr, members, down)
        return arr / _FACT[u]
    out = np.zeros_like(arr)
    first_axes = [i for i in members if owner[i] == fl[0]]
    for size in range(len(fl)):
        for skip in combinations(fl[1:], size):
            axes = [i for i in members if owner[i] not in skip and owner[i] != fl[0]]
            powers = [arr]
            for _ in range(u - 1):
                powers.append(ax.times(powers[-1], axes, down))
            term = powers[0]
            for k in range(u - 1, 0, -1):
                term = ax.up(term, first_axes, down) + math.comb(u, k) * powers[u - k]
            term = ax.up(term, first_axes, down)
            out += term if size % 2 == 0 else -term
    return out / _FACT[u]


def exact(groups: list[Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
           stock: int, ops: list[Op]) -> Result | None:
    """The exact count, by the steps of ``plan``.  The number of deals is the coefficient of
    ``prod t[g] ** count[g]`` in the product over the ranks of ``(1 + sum t[g]) ** u / u!`` (the
    sum over the groups allowing the rank: the multinomial theorem sums over every way to split
    its ``u`` unknown cards among them and the stock, each split weighted ``prod 1 / x!``); a
    floor (owner ``o`` holds one at least) keeps only the splits that give ``o`` some, and a cap
    (``full``: ``o`` may not take all ``u``) drops the split that gives ``o`` all.  The
    arrays hold the coefficients, an axis per group (its cells: ``Bounds``; one cell: the group
    not yet begun, already full, or merged into another).  A pass forward and one back (the
    adjoint steps, on the same cells) give each rank the product of the others, and so the
    chance of each number of its cards in each hand."""
    ctx = context(groups, floors, full, unknown, stock, ops)
    if ctx is None:
        return None
    n = len(groups)
    ax = Axes(n)

    def factor(arr: np.ndarray, r: int, members: Sequence[int], down: bool) -> np.ndarray:
        return rank_factor(ax, ctx, arr, r, members, down)

    bounds = Bounds(groups, unknown)
    if bounds.empty():
        return None  # a group the live ranks cannot fill
    arr = np.ones((1,) * n)
    size: np.ndarray | None = None  # from the first rank with pins, the same with the sizes of their weights
    before: dict[int, np.ndarray] = {}
    cells: list[tuple[list[int], list[int], list[int]]] = []  # lo, hi, room before each step
    for at, op in enumerate(ops):
        lo, hi = bounds.lo[:], bounds.hi[:]
        cells.append((lo, hi, bounds.room[:]))
        if op[0] == MERGE:
            keep, drop = op[1], op[2]
            room = bounds.room[keep] + bounds.room[drop] - lo[keep] - lo[drop]
            arr = ax.merge(arr, keep, drop, lo[keep], lo[drop], bounds.room[drop], room)
            if size is not None:
                size = ax.merge(size, keep, drop, lo[keep], lo[drop], bounds.room[drop], room)
            bounds.merge(keep, drop)
            continue
        r, members = op[1], op[2:]
        bounds.deal(members, r)
        for i in members:
            arr = ax.pad(arr, i, 0, bounds.hi[i] - hi[i])
            if size is not None:
                size = ax.pad(size, i, 0, bounds.hi[i] - hi[i])
        before[at] = arr
        if r in ctx.terms and size is None:
            size = arr
        if size is not None:
            size = rank_factor(ax, ctx, size, r, members, False, signed=False)
        arr = factor(arr, r, members, False)
        bounds.settle(members, r)
        if bounds.empty():
            return None
        for i in members:
            arr = ax.trim(arr, i, bounds.lo[i] - lo[i], 0)
            if size is not None:
                size = ax.trim(size, i, bounds.lo[i] - lo[i], 0)
    total = float(arr.sum())
    if not total > (0.0 if size is None else CANCELLED * float(size.sum())):
        return None
    owners = ctx.owners
    dist, mean, stock_mean = gathered(owners)
    arr = np.ones((1,) * n)
    for at in range(len(ops) - 1, -1, -1):
        op = ops[at]
        lo, hi, cap = cells[at]
        if op[0] == MERGE:
            keep, drop = op[1], op[2]
            arr = ax.split(arr, keep, drop, hi[keep] - lo[keep] + 1, hi[drop] - lo[drop] + 1, lo[drop],
                           cap[drop], cap[keep] + cap[drop] - lo[keep] - lo[drop])
            continue
        r, members = op[1], op[2:]
        p = before[at]
        for i in members:  # from the cells after the rank to those during it
            arr = ax.pad(arr, i, p.shape[i] - arr.shape[i], 0)
        stock_mean[r] = marginals(ax, ctx, p, arr, r, members, dist, mean, total)
        arr = factor(arr, r, members, True)
        for i in members:  # to the cells before it
            arr = ax.trim(arr, i, 0, p.shape[i] - (hi[i] - lo[i] + 1))
    return ({o: tuple(dist[o]) for o in owners}, {o: tuple(mean[o]) for o in owners}, stock_mean)


def gathered(owners: Sequence[int]
              ) -> tuple[dict[int, list[tuple[float, ...]]], dict[int, list[float]], list[float]]:
    """Where a backward pass gathers each hand's chances and means (``marginals``) and the
    stock's means, before any rank: every hand holds none."""
    return ({o: [(1.0, 0.0, 0.0, 0.0, 0.0)] * 13 for o in owners}, {o: [0.0] * 13 for o in owners},
            [0.0] * 13)


def marginals(ax: Shifts, ctx: Context, before: np.ndarray, after: np.ndarray, r: int,
               members: Sequence[int], dist: dict[int, list[tuple[float, ...]]], mean: dict[int, list[float]],
               total: float) -> float:
    """Each hand's chances of holding 0-4 of the rank's unknown cards (into ``dist`` and
    ``mean``).  Hand ``o`` takes ``k``: ``<T_o ** k (1 + rest) ** (u - k) before, after> / (k!
    (u - k)!)`` (``rest``: the other hands' groups).  Rather than the rest's powers for each
    hand, the powers of all the groups, ``P_a = (1 + all) ** a before``, are shared: with
    ``rest = all - T_o``, the binomial theorem gives ``sum_b C(u - k, b - k) (-1) ** (b - k)
    <P_(u - b), T_o* ** b after>`` (``T_o*``: ``back``), so each hand needs only its own shifts
    and ``u + 1`` products.  Other hands' floors by inclusion and exclusion (the powers without
    their groups).  The cap: a capped hand's mass of taking all ``u`` is dropped, and also taken
    from every other hand's mass of taking none (the same deals).  The expected number in the
    stock is returned.  With pins, the sum over their terms (``pin_terms``): each the weight times
    the masses of the cards left (``before`` times the pinned cards), a hand's pinned cards
    added to its number."""
    terms = ctx.terms.get(r)
    if terms is None:
        masses = _masses(ax, ctx, before, after, r, ctx.unknown[r], {}, members)
    else:
        masses = {}
        for weight, shifts, pinned, m in terms:
            part = _masses(ax, ctx, _pin(ax, before, shifts, False), after, r, ctx.unknown[r] - m, pinned,
                           members)
            for o, mass in part.items():
                into = masses.setdefault(o, [0.0] * 5)
                for k, x in enumerate(mass[:5 - pinned.get(o, 0)]):
                    into[k + pinned.get(o, 0)] += weight * x
    held = 0.0
    for o, mass in masses.items():
        probs = tuple(max(m, 0.0) / total for m in mass)
        dist[o][r] = probs
        mean[o][r] = sum(k * p for k, p in enumerate(probs))
        held += mean[o][r]
    return max(ctx.unknown[r] - held, 0.0)


def _masses(ax: Shifts, ctx: Context, before: np.ndarray, after: np.ndarray, r: int, u: int,
            held: dict[int, int], members: Sequence[int]) -> dict[int, list[float]]:
    """Each hand's mass of taking 0-4 of ``u`` free cards of the rank (``marginals``), when the
    owners ``held`` hold some pinned (their floors are met; a cap binds only the one that
    holds them all)."""
    owner, owners, floors, full = ctx.owner, ctx.owners, ctx.floors, ctx.full
    floor_of = [o for o in owners if floors[o] >> r & 1 and o not in held]
    powers: dict[tuple[int, ...], list[np.ndarray]] = {}
    masses: dict[int, list[float]] = {}
    for o in owners:
        axes = [i for i in members if owner[i] == o]
        if not axes:
            continue
        shifted = [after]
        for _ in range(u):
            shifted.append(ax.back(shifted[-1], axes))
        mass = [0.0] * 5
        others = [f for f in floor_of if f != o]
        for size in range(len(others) + 1):
            for skip in combinations(others, size):
                if skip not in powers:
                    power = [before]
                    left = [i for i in members if owner[i] not in skip]
                    for _ in range(u):
                        power.append(ax.times(power[-1], left))
                    powers[skip] = power
                power = powers[skip]
                sign = -1.0 if size % 2 else 1.0
                dots = [_dot(power[u - b], shifted[b]) for b in range(u + 1)]
                for k in range(u + 1):  # k of the rank's cards in o's hand
                    if k or o not in floor_of:
                        term = sum(math.comb(u - k, b - k) * (-1.0 if (b - k) % 2 else 1.0) * dots[b]
                                   for b in range(k, u + 1))
                        mass[k] += sign * term / (_FACT[k] * _FACT[u - k])
        masses[o] = mass
    for o, mass in masses.items():
        if full[o] >> r & 1 and all(h == o for h in held):
            whole, mass[u] = mass[u], 0.0  # zero unless no other hand has a floor
            for other, theirs in masses.items():
                if other != o:
                    theirs[0] -= whole
    return masses
