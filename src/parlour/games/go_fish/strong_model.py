"""Where is every card?  The ``strong`` Go Fish bot's card-location model.

Given ``Knowledge`` (``strong_track.py``: the viewer's hand, the books, the cards known to be in
each hand, each other hand's hidden cards as groups of slots with the ranks they may be, the
ranks each player surely holds one of), the *unknown* cards of each rank (four less those in the
viewer's hand, in books or known to be somewhere) lie in the other players' hidden slots and the
stock.  The model: **every way of dealing the unknown cards into those slots that meets the
constraints is equally likely** -- the slots' allowed ranks ("Go fish!" answers, hand-overs,
unlucky draws), the floors (an asker holds at least one card of the rank asked for), the cap (no
hand holds all four cards of a rank: a book is set aside at once; the stock may hold four), the
hand sizes and the stock's size.  This is the exact posterior if asks tell nothing beyond what they
must (that the asker holds the rank); how an opponent picks among its ranks is not modelled.

Counting: cards of one rank are interchangeable, so a way to deal them is a table ``x[g][r]`` of
how many cards of rank ``r`` go to slot group ``g`` (the stock is one more group), with weight
``prod 1 / x[g][r]!`` (the number of deals of distinct cards into distinct slots, up to a
constant).  ``locate`` sums over all tables exactly (``_exact``): rank by rank, the state the
cards put in each group so far, held in a numpy array with an axis per group.  By the multinomial
theorem a rank's factor is ``(1 + sum t[g]) ** u / u!`` over the groups allowing it (a floor by
Horner's rule or inclusion and exclusion; the cap by taking away the hand's ``T ** u / u!``, all
``u`` in its groups, which only binds when its known cards and the ``u`` make four), applied as
``u`` shifts of the array rather than by listing every split.  The groups of one hand are nested
(``strong_track``), which keeps the arrays small (``plan``): a group is an axis only from the
first rank it allows to the last, and two groups of a hand whose ranks still to come are the
same become one axis (they are then interchangeable: ``C(room, room of one)`` ways to share
their room).  A pass forward and one back give every rank's exact distribution in every hand.
Past ``MAX_CELLS`` cells (``MAX_CELLS_MANY`` with five players or more) it first merges two
groups of one hand (their allowed ranks joined: this loosens and never invents a constraint;
``Locations.loosened``), and past that approximates by iterative proportional fitting (the
maximum-entropy table with those row and column sums, a floor pinning one slot, the cap left
out; ``exact`` is then False).

Exact without loosening (the same states of random games, the player to act, ``track(view)``,
2026-11-22): 100% of positions with two or three players, 99% with four, 38% with six, against
98%, 22%, 12% and 0% with the count before this one (which listed every split of a rank among
the groups); reading unlucky draws (``track(view, unlucky=True)``, whose groups are not nested),
100%, 100%, 90% and 25%.  A count takes about as long as before with four players (tens of ms on
the loaded shared machine) and 5-10 times longer with six (0.1-0.3 s).

The cap (added later on 2026-11-22; the same states, 6 games a row, both counts on the same
positions, the machine loaded, the bot's tracking with a retry without ``infer``): 2 players 3.5
-> 4.9 ms a count, 3 players 10.4 -> 14.6 ms, 4 players 28.6 -> 32.9 ms, exact in 100%, 100%,
97% as before.  Six players, with ``MAX_CELLS_MANY`` (20,000) for 60,000: exact without loosening
in 21% of positions (42% before), fitted in 24% (0%), 125 ms a count against 203 ms; the mean
log-chance of the true count of each rank in each hand -0.6533 against -0.6485.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from parlour.games.go_fish.state import RANK_MASKS
from parlour.games.go_fish.strong_track import Knowledge, Slots

MAX_CELLS = 60000
"""The most cells of the exact count's arrays (``plan``); past it, groups are merged, then the
count is fitted.  (Four players, random games: 20,000 cells: exact in 73% of positions, 32 ms a
count; 60,000: 87%, 35 ms; 150,000: 96%, 49 ms.)"""
MAX_CELLS_MANY = 20000
"""``MAX_CELLS`` with five players or more, where a count near the limit takes tenths of a second
(six players, 4 random games, the bot's tracking, on the loaded shared machine: 60,000 cells:
exact without loosening in 38% of positions, fitted in 0%; 20,000: 19% and 23%, in half the
time; 8,000: 5% and 91%, a tenth of the time)."""
STOCK = -1
"""The stock as a location."""
BOOKS = -2
"""The books as a location."""

_FACT = tuple(float(math.factorial(k)) for k in range(5))


@dataclass(frozen=True)
class Locations:
    """The model's answer for one view.

    ``dist[s][r][k]``: the chance that seat ``s`` holds exactly ``k`` *hidden* cards of rank
    ``r`` (index 0: aces) -- on top of ``known[s]``; the viewer's own entry is certain (no
    hidden cards).  ``stock[r]``: the expected number of rank ``r`` in the stock.
    """

    seat: int
    hand: int
    dead: int
    known: tuple[int, ...]
    unknown: tuple[int, ...]
    """Unknown cards of each rank."""
    dist: tuple[tuple[tuple[float, ...], ...], ...]
    mean: tuple[tuple[float, ...], ...]
    """``mean[s][r]``: the expected number of hidden cards of rank ``r`` at seat ``s``."""
    stock: tuple[float, ...]
    exact: bool
    """Counted exactly (else fitted)."""
    loosened: bool = False
    """Slot groups were merged first (their ranks joined), or the count was fitted: the chances
    are then those of looser constraints than the history's."""
    consistent: bool = True
    """False when the constraints contradicted each other and the slots' ranks were forgotten."""

    def count(self, seat: int, rank: int) -> list[float]:
        """The chance that ``seat`` holds exactly k cards of rank index ``rank``, k = 0..4."""
        base = (self.known[seat] & RANK_MASKS[rank]).bit_count()
        out = [0.0] * 5
        for k, p in enumerate(self.dist[seat][rank]):
            if p and base + k <= 4:
                out[base + k] += p
        return out

    def holds(self, seat: int, rank: int) -> float:
        """The chance that ``seat`` holds at least one card of rank index ``rank``."""
        return sum(self.count(seat, rank)[1:])

    def expected(self, seat: int, rank: int) -> float:
        """The expected number of hidden cards of rank index ``rank`` at ``seat``."""
        return self.mean[seat][rank]

    def where(self, card: int) -> dict[int, float]:
        """The chance of each location (a seat, ``STOCK`` or ``BOOKS``) of card ``card``
        (``Card.index``); locations with no chance are left out."""
        if self.hand >> card & 1:
            return {self.seat: 1.0}
        if self.dead >> card & 1:
            return {BOOKS: 1.0}
        for s, mask in enumerate(self.known):
            if mask >> card & 1:
                return {s: 1.0}
        rank = card % 13
        u = self.unknown[rank]
        out = {s: self.expected(s, rank) / u for s in range(len(self.known)) if s != self.seat}
        out[STOCK] = self.stock[rank] / u
        return {loc: p for loc, p in out.items() if p > 0}


@dataclass
class _Group:
    owner: int
    count: int
    allowed: int


def _groups(k: Knowledge, live: int) -> list[_Group]:
    out: list[_Group] = []
    for s in range(k.players):
        if s == k.seat:
            continue
        merged: dict[int, int] = {}
        for g in k.groups[s]:
            allowed = g.allowed & live
            merged[allowed] = merged.get(allowed, 0) + g.count
        out += [_Group(s, c, a) for a, c in sorted(merged.items()) if c]
    return out


def _coarsen(groups: list[_Group]) -> bool:
    """Merge the two groups of one hand that lose least when joined (the tighter group's slots
    then allow the looser one's ranks too); False if no hand has two groups."""
    best: tuple[int, int, int] | None = None
    for i, a in enumerate(groups):
        for j, b in enumerate(groups):
            if i != j and a.owner == b.owner and a.allowed.bit_count() <= b.allowed.bit_count():
                union = a.allowed | b.allowed
                lost = a.count * (union.bit_count() - a.allowed.bit_count()) + \
                    b.count * (union.bit_count() - b.allowed.bit_count())
                if best is None or lost < best[0]:
                    best = (lost, i, j)
    if best is None:
        return False
    _, i, j = best
    a, b = groups[i], groups[j]
    a.count += b.count
    a.allowed |= b.allowed
    del groups[j]
    return True


def locate(k: Knowledge) -> Locations:
    """The card-location model for ``k`` (see the module)."""
    located = k.hand | k.dead
    for mask in k.known:
        located |= mask
    unknown = tuple(4 - (located & RANK_MASKS[r]).bit_count() for r in range(13))
    live = sum(1 << r for r in range(13) if unknown[r])
    groups = _groups(k, live)
    floors = [f & live if s != k.seat else 0 for s, f in enumerate(k.floor)]
    full = capped(k, unknown)
    limit = MAX_CELLS if k.players < 5 else MAX_CELLS_MANY
    result, exact, loosened = _count(groups, floors, full, unknown, k.stock, live, limit)
    consistent = result is not None
    if result is None:  # the constraints contradict each other: forget the slots' ranks
        forgotten = [_Group(o, sum(g.count for g in groups if g.owner == o), live)
                     for o in sorted({g.owner for g in groups})]
        result, exact, _ = _count(forgotten, [0] * k.players, full, unknown, k.stock, live, limit)
        if result is None:  # only in made-up positions (the cap holds in every real one)
            result, exact, _ = _count(forgotten, [0] * k.players, [0] * k.players, unknown, k.stock, live,
                                      limit)
        loosened = True
        assert result is not None
    dist, mean, stock = result
    none = tuple((1.0, 0.0, 0.0, 0.0, 0.0) for _ in range(13))
    return Locations(seat=k.seat, hand=k.hand, dead=k.dead, known=tuple(k.known), unknown=unknown,
                     dist=tuple(dist.get(s, none) for s in range(k.players)),
                     mean=tuple(mean.get(s, (0.0,) * 13) for s in range(k.players)),
                     stock=tuple(stock), exact=exact, loosened=loosened, consistent=consistent)


def capped(k: Knowledge, unknown: tuple[int, ...]) -> list[int]:
    """For each seat, the ranks (13-bit mask) of which it may not take every unknown card: it
    would then hold all four (its known cards and those), and a hand never does (a book is set
    aside at once).  Only a hand whose known cards and the unknown ones make four is capped."""
    out = [0] * k.players
    for s in range(k.players):
        if s != k.seat:
            for r in range(13):
                if unknown[r] and (k.known[s] & RANK_MASKS[r]).bit_count() + unknown[r] == 4:
                    out[s] |= 1 << r
    return out


def _count(groups: list[_Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
           stock: int, live: int, limit: int) -> tuple[Result | None, bool, bool]:
    """The model's answer (None: no deal meets the constraints), whether it was counted exactly,
    and whether the groups were loosened first (merged, or fitted), the arrays kept to ``limit``
    cells."""
    ops, peak = plan(groups, live)
    loosened = False
    while peak > limit and _coarsen(groups):
        loosened = True
        ops, peak = plan(groups, live)
    if peak <= limit:
        return _exact(groups, floors, full, unknown, stock, ops), True, loosened
    return _fitted(groups, floors, unknown, stock), False, True


Dist = dict[int, tuple[tuple[float, ...], ...]]
Result = tuple[Dist, dict[int, tuple[float, ...]], list[float]]


# ---- the exact count: rank by rank, each group an axis only while it is being filled ------------
WIDEN, MERGE, RANK, CLOSE = range(4)
Op = tuple[int, ...]
"""A step of the exact count: ``(WIDEN, axis, cap)`` a group begins (its axis gets its full
length); ``(MERGE, keep, drop, cap_keep, cap_drop)`` two groups of one hand that the ranks still
to come cannot tell apart become one (on ``keep``'s axis); ``(RANK, rank, *axes)`` the rank's
cards are dealt (``axes``: the groups that may take them); ``(CLOSE, axis)`` a group no rank
still to come may fill must be full."""


def plan(groups: list[_Group], live: int) -> tuple[list[Op], int]:
    """The steps of ``_exact`` and the most cells its arrays then hold.  A group is an axis of the
    arrays only from the first rank it allows to the last (before, it is empty; after, full),
    and two groups of a hand are one axis as soon as the ranks left treat them alike (the groups
    of a hand are nested, so this happens often: once the ranks that only the looser group allows
    are dealt).  Each step deals the rank that keeps the arrays smallest (ties: the one that
    leaves them smallest, then the lowest rank)."""
    n = len(groups)
    caps = [g.count for g in groups]
    allowed = [g.allowed & live for g in groups]
    status = [0] * n  # 0: not begun, 1: an axis, 2: closed or merged away
    todo = [r for r in range(13) if live >> r & 1]
    ops: list[Op] = []
    size = peak = 1

    def step(r: int, remaining: int, caps: list[int], status: list[int], size: int
             ) -> tuple[list[Op], int, int]:
        out: list[Op] = []
        bit = 1 << r
        for i in range(n):
            if status[i] < 2 and allowed[i] & bit and status[i] == 0:
                status[i] = 1
                size *= caps[i] + 1
                out.append((WIDEN, i, caps[i]))
        size = merge(remaining | bit, caps, status, size, out)
        during = size
        out.append((RANK, r, *[i for i in range(n) if status[i] == 1 and allowed[i] & bit]))
        for i in range(n):
            if status[i] == 1 and not allowed[i] & remaining:
                status[i] = 2
                size //= caps[i] + 1
                out.append((CLOSE, i))
        size = merge(remaining, caps, status, size, out)
        return out, during, size

    def merge(remaining: int, caps: list[int], status: list[int], size: int, out: list[Op]) -> int:
        seen: dict[tuple[int, int], int] = {}
        for i in range(n):
            if status[i] != 1:
                continue
            key = (groups[i].owner, allowed[i] & remaining)
            keep = seen.setdefault(key, i)
            if keep != i:
                out.append((MERGE, keep, i, caps[keep], caps[i]))
                size = size // ((caps[keep] + 1) * (caps[i] + 1)) * (caps[keep] + caps[i] + 1)
                caps[keep] += caps[i]
                status[i] = 2
        return size

    remaining = live
    while todo:
        best: tuple[int, int, int] | None = None
        for r in todo:
            _, during, after = step(r, remaining & ~(1 << r), list(caps), list(status), size)
            if best is None or (during, after, r) < best:
                best = (during, after, r)
        assert best is not None
        r = best[2]
        remaining &= ~(1 << r)
        out, during, size = step(r, remaining, caps, status, size)
        ops += out
        peak = max(peak, during)
        todo.remove(r)
    return ops, peak


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    """The sum of the products (not ``np.vdot``: BLAS threads crawl on a busy machine)."""
    return float(np.einsum("i,i", a.ravel(), b.ravel()))


class _Axes:
    """Operations on arrays with one axis per group (cards put in it so far)."""

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

    def times(self, arr: np.ndarray, axes: Sequence[int]) -> np.ndarray:
        """``arr`` times ``1 + sum t[a]`` (a card more in one of ``axes``, or none)."""
        out = arr.copy()
        for a in axes:
            out[self.high[a]] += arr[self.low[a]]
        return out

    def up(self, arr: np.ndarray, axes: Sequence[int]) -> np.ndarray:
        """``arr`` times ``sum t[a]`` (a card more in one of ``axes``)."""
        out = np.zeros_like(arr)
        for a in axes:
            out[self.high[a]] += arr[self.low[a]]
        return out

    def back(self, arr: np.ndarray, axes: Sequence[int]) -> np.ndarray:
        """The adjoint of times ``sum t[a]`` (a card fewer in one of ``axes``)."""
        out = np.zeros_like(arr)
        for a in axes:
            out[self.low[a]] += arr[self.high[a]]
        return out

    def widen(self, arr: np.ndarray, a: int, cap: int) -> np.ndarray:
        """Give the length-one axis ``a`` its full length (the value at 0 cards)."""
        if arr.shape[a] > 1:
            return arr
        shape = list(arr.shape)
        shape[a] = cap + 1
        out = np.zeros(shape)
        out[self.at(a, slice(0, 1))] = arr
        return out

    def close(self, arr: np.ndarray, a: int) -> np.ndarray:
        """Keep only the cells where ``a`` is full, as a length-one axis."""
        return arr[self.at(a, slice(-1, None))]

    def merge(self, arr: np.ndarray, keep: int, drop: int, ck: int, cd: int) -> np.ndarray:
        """The two groups as one, on ``keep``'s axis: ``x`` cards in all, weighted by the ways to
        share the room left (``C(room, room of drop)``: the ranks to come treat them alike)."""
        shape = list(arr.shape)
        shape[keep] = ck + cd + 1
        shape[drop] = 1
        out = np.zeros(shape)
        for xk in range(ck + 1):
            for xd in range(cd + 1):
                room = ck + cd - xk - xd
                out[self.at(keep, slice(xk + xd, xk + xd + 1), drop, slice(0, 1))] += \
                    math.comb(room, cd - xd) * arr[self.at(keep, slice(xk, xk + 1), drop, slice(xd, xd + 1))]
        return out

    def split(self, arr: np.ndarray, keep: int, drop: int, ck: int, cd: int) -> np.ndarray:
        """The inverse step for the pass back (the axes count the cards of the ranks to come):
        ``f`` cards in the merged group are any ``fk + fd = f``, ``C(f, fd)`` ways."""
        shape = list(arr.shape)
        shape[keep] = ck + 1
        shape[drop] = cd + 1
        out = np.zeros(shape)
        for fk in range(ck + 1):
            for fd in range(cd + 1):
                merged = arr[self.at(keep, slice(fk + fd, fk + fd + 1), drop, slice(0, 1))]
                cell = self.at(keep, slice(fk, fk + 1), drop, slice(fd, fd + 1))
                out[cell] = math.comb(fk + fd, fd) * merged
        return out


def _exact(groups: list[_Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
           stock: int, ops: list[Op]) -> Result | None:
    """The exact count, by the steps of ``plan``.  The number of deals is the coefficient of
    ``prod t[g] ** count[g]`` in the product over the ranks of ``(1 + sum t[g]) ** u / u!`` (the
    sum over the groups allowing the rank: the multinomial theorem sums over every way to split
    its ``u`` unknown cards among them and the stock, each split weighted ``prod 1 / x!``); a
    floor (owner ``o`` holds one at least) keeps only the splits that give ``o`` some, and a cap
    (``full``: ``o`` may not take all ``u``) drops the split that gives ``o`` all.  The
    arrays hold the coefficients, an axis per group (length one: the group not yet begun, already
    full, or merged into another).  A pass forward and one back give each rank the product of
    the others, and so the chance of each number of its cards in each hand."""
    if sum(g.count for g in groups) + stock != sum(unknown):
        return None
    n = len(groups)
    owner = [g.owner for g in groups]
    owners = sorted(set(owner))
    closed = {op[1] for op in ops if op[0] == CLOSE} | {op[2] for op in ops if op[0] == MERGE}
    if len(closed) < n:
        return None  # a group no live rank may fill
    for op in ops:
        if op[0] == RANK:
            held = {owner[i] for i in op[2:]}
            if any(floors[o] >> op[1] & 1 and o not in held for o in range(len(floors))):
                return None  # a floor no slot may meet
    ax = _Axes(n)

    def factor(arr: np.ndarray, r: int, members: Sequence[int]) -> np.ndarray:
        """``arr`` times the rank's factor.  The first floor's owner ``o`` takes ``k >= 1`` of
        the ``u`` cards: ``sum C(u, k) T_o ** k (1 + rest) ** (u - k)``, by Horner's rule (no
        subtraction); further floors by inclusion and exclusion.  Less, for each capped owner
        ``o`` (when no other owner has a floor), ``T_o ** u`` (``o`` takes them all): these
        splits are disjoint."""
        u = unknown[r]
        fl = [o for o in owners if floors[o] >> r & 1]
        out = _uncapped(arr, r, u, members, fl)
        for o in owners:
            if full[o] >> r & 1 and not any(f != o for f in fl):
                axes = [i for i in members if owner[i] == o]
                if axes:
                    whole = arr
                    for _ in range(u):
                        whole = ax.up(whole, axes)
                    out = out - whole / _FACT[u]
        return out

    def _uncapped(arr: np.ndarray, r: int, u: int, members: Sequence[int], fl: list[int]) -> np.ndarray:
        if not fl:
            for _ in range(u):
                arr = ax.times(arr, members)
            return arr / _FACT[u]
        out = np.zeros_like(arr)
        first_axes = [i for i in members if owner[i] == fl[0]]
        for size in range(len(fl)):
            for skip in combinations(fl[1:], size):
                axes = [i for i in members if owner[i] not in skip and owner[i] != fl[0]]
                powers = [arr]
                for _ in range(u - 1):
                    powers.append(ax.times(powers[-1], axes))
                term = powers[0]
                for k in range(u - 1, 0, -1):
                    term = ax.up(term, first_axes) + math.comb(u, k) * powers[u - k]
                term = ax.up(term, first_axes)
                out += term if size % 2 == 0 else -term
        return out / _FACT[u]

    arr = np.ones((1,) * n)
    before: dict[int, np.ndarray] = {}
    for at, op in enumerate(ops):
        if op[0] == WIDEN:
            arr = ax.widen(arr, op[1], op[2])
        elif op[0] == MERGE:
            arr = ax.merge(arr, *op[1:])
        elif op[0] == RANK:
            before[at] = arr
            arr = factor(arr, op[1], op[2:])
        else:
            arr = ax.close(arr, op[1])
    total = float(arr.sum())
    if not total > 0:
        return None
    dist: dict[int, list[tuple[float, ...]]] = {o: [(1.0, 0.0, 0.0, 0.0, 0.0)] * 13 for o in owners}
    mean = {o: [0.0] * 13 for o in owners}
    stock_mean = [0.0] * 13
    arr = np.ones((1,) * n)
    flip = (slice(None, None, -1),) * n
    for at in range(len(ops) - 1, -1, -1):
        op = ops[at]
        if op[0] == WIDEN:
            arr = ax.close(arr, op[1])  # all its cards come from here on
        elif op[0] == MERGE:
            arr = ax.split(arr, *op[1:])
        elif op[0] == RANK:
            r, members = op[1], op[2:]
            p = before[at]
            for i in members:
                arr = ax.widen(arr, i, p.shape[i] - 1)
            after = np.ascontiguousarray(arr[flip])  # after[x] = arr[cap - x]: the others' share
            stock_mean[r] = _marginals(ax, p, after, r, unknown[r], members, owner, owners, floors,
                                       full, dist, mean, total)
            arr = factor(arr, r, members)
    return ({o: tuple(dist[o]) for o in owners}, {o: tuple(mean[o]) for o in owners}, stock_mean)


def _marginals(ax: _Axes, before: np.ndarray, after: np.ndarray, r: int, u: int, members: Sequence[int],
               owner: list[int], owners: list[int], floors: list[int], full: list[int],
               dist: dict[int, list[tuple[float, ...]]], mean: dict[int, list[float]], total: float) -> float:
    """Each hand's chances of holding 0-4 of the rank's unknown cards (into ``dist`` and
    ``mean``): hand ``o``'s part of the factor, ``T_o ** k / k!``, moved onto ``after`` by
    ``back``, times the rest's ``(1 + rest) ** (u - k) / (u - k)!`` on ``before``.  The cap: a
    capped hand's mass of taking all ``u`` is dropped, and also taken from every other hand's
    mass of taking none (the same deals).  The expected number in the stock is returned."""
    floor_of = [o for o in owners if floors[o] >> r & 1]
    masses: dict[int, list[float]] = {}
    for o in owners:
        axes = [i for i in members if owner[i] == o]
        if not axes:
            continue
        rest = [i for i in members if owner[i] != o]
        shifted = [after]
        for _ in range(u):
            shifted.append(ax.back(shifted[-1], axes))
        mass = [0.0] * 5
        others = [f for f in floor_of if f != o]
        for size in range(len(others) + 1):
            for skip in combinations(others, size):
                axes_left = [i for i in rest if owner[i] not in skip]
                term = before
                sign = -1.0 if size % 2 else 1.0
                for j in range(u + 1):  # j of the rank's cards outside o's hand
                    k = u - j
                    if k or o not in floor_of:
                        mass[k] += sign * _dot(term, shifted[k]) / (_FACT[k] * _FACT[j])
                    if j < u:
                        term = ax.times(term, axes_left)
        masses[o] = mass
    for o, mass in masses.items():
        if full[o] >> r & 1:
            whole, mass[u] = mass[u], 0.0  # zero unless no other hand has a floor
            for other, theirs in masses.items():
                if other != o:
                    theirs[0] -= whole
    held = 0.0
    for o, mass in masses.items():
        probs = tuple(max(m, 0.0) / total for m in mass)
        dist[o][r] = probs
        mean[o][r] = sum(k * p for k, p in enumerate(probs))
        held += mean[o][r]
    return max(u - held, 0.0)


def _fitted(groups: list[_Group], floors: list[int], unknown: tuple[int, ...], stock: int) -> Result | None:
    """Iterative proportional fitting: each slot of a group holds rank ``r`` with a chance
    ``a[g] * b[r]`` (zero where not allowed), scaled so that each group's chances sum to one and
    the expected cards of each rank to the unknown ones; a floor pins one slot of the owner's
    to the rank.  Counts in a hand: the slots taken as independent.  The cap (no hand holds
    four of a rank) is left out: an approximation already."""
    rows = [Slots(g.count, g.allowed) for g in groups]
    owner_of = [g.owner for g in groups]
    for o, f in enumerate(floors):
        for r in range(13):
            if f >> r & 1:
                best = max((i for i, g in enumerate(rows) if owner_of[i] == o and g.count
                            and g.allowed >> r & 1 and g.allowed != 1 << r),
                           key=lambda i: rows[i].count, default=None)
                if best is None:
                    continue
                rows[best].count -= 1
                rows.append(Slots(1, 1 << r))
                owner_of.append(o)
    rows.append(Slots(stock, (1 << 13) - 1))
    owner_of.append(STOCK)
    table = [[float(unknown[r]) if g.allowed >> r & 1 and unknown[r] else 0.0 for r in range(13)]
             for g in rows]
    for _ in range(200):
        for i, g in enumerate(rows):
            s = sum(table[i])
            if s:
                table[i] = [v * g.count / s for v in table[i]]
            elif g.count:
                return None
        worst = 0.0
        for r in range(13):
            s = sum(table[i][r] for i in range(len(rows)))
            if s:
                for i in range(len(rows)):
                    table[i][r] *= unknown[r] / s
            elif unknown[r]:
                return None
            worst = max(worst, abs(s - unknown[r]))
        if worst < 1e-9:
            break
    dist: Dist = {}
    mean: dict[int, tuple[float, ...]] = {}
    for o in {g.owner for g in groups}:
        mean[o] = tuple(sum(table[i][r] for i in range(len(rows)) if owner_of[i] == o) for r in range(13))
        per_rank = []
        for r in range(13):
            probs = [1.0]
            for i, g in enumerate(rows):
                if owner_of[i] != o or not g.count:
                    continue
                p = min(1.0, table[i][r] / g.count)
                for _ in range(g.count):
                    probs = [(probs[k] if k < len(probs) else 0.0) * (1 - p)
                             + (probs[k - 1] * p if k else 0.0) for k in range(len(probs) + 1)]
            top = min(4, unknown[r])
            probs = [*probs[:top], sum(probs[top:])]
            per_rank.append(tuple(probs + [0.0] * (5 - len(probs))))
        dist[o] = tuple(per_rank)
    return dist, mean, [table[-1][r] for r in range(13)]
