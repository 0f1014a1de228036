"""Where is every card?  The ``strong`` Go Fish bot's card-location model.

Given ``Knowledge`` (``strong_track.py``: the viewer's hand, the books, the cards known to be in
each hand, each other hand's hidden cards as groups of slots with the ranks they may be, the
ranks each player surely holds one of), the *unknown* cards of each rank (four less those in the
viewer's hand, in books or known to be somewhere) lie in the other players' hidden slots and the
stock.  The model: **every way of dealing the unknown cards into those slots that meets the
constraints is equally likely** -- the slots' allowed ranks ("Go fish!" answers, hand-overs,
unlucky draws), the floors (an asker holds at least one card of the rank asked for), the hand
sizes and the stock's size.  This is the exact posterior if asks tell nothing beyond what they
must (that the asker holds the rank); how an opponent picks among its ranks is not modelled.

Counting: cards of one rank are interchangeable, so a way to deal them is a table ``x[g][r]`` of
how many cards of rank ``r`` go to slot group ``g`` (the stock is one more group), with weight
``prod 1 / x[g][r]!`` (the number of deals of distinct cards into distinct slots, up to a
constant).  ``locate`` sums over all tables exactly by dynamic programming over the ranks (the
state: the room left in each group; as polynomials in numpy arrays, with prefix and suffix
products), which gives every rank's exact distribution in every hand.  With more than
``MAX_GROUPS`` groups (``MAX_GROUPS_MANY`` with three players or more) or ``MAX_CELLS`` states
it first merges two groups of one hand (their allowed ranks joined: this loosens and never
invents a constraint), and past that approximates by
iterative proportional fitting (the maximum-entropy table with those row and column sums, a
floor pinning one slot; ``exact`` is then False).  In two-player games the count is exact
whenever the opponent's hidden cards form at most six groups (merged beyond), with three or
four players mostly, with five or six mostly fitted.

One thing the history tells is left out (``strong_track``): that an unlucky "Go fish!" draw is
not the rank asked for.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product

import numpy as np

from parlour.games.go_fish.state import RANK_MASKS
from parlour.games.go_fish.strong_track import Knowledge, Slots

MAX_GROUPS = 6
"""The most slot groups the exact count takes with two players; more are merged (loosened).
(Measured on random games: exact, unmerged, in 97% of positions, against 66% with 4; 10 ms a
count on average.)"""
MAX_GROUPS_MANY = 4
"""The same with three players or more, where the count costs more (with 6, twice the time for
21% exact instead of 10% with four players)."""
MAX_CELLS = 3000
"""The most states (room left in each group) of the exact count; past it, merged, then fitted."""
STOCK = -1
"""The stock as a location."""
BOOKS = -2
"""The books as a location."""

_INV_FACT = tuple(1.0 / math.factorial(k) for k in range(5))


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


def _states(groups: list[_Group]) -> int:
    return math.prod(g.count + 1 for g in groups)


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
    result = None
    most = MAX_GROUPS if k.players == 2 else MAX_GROUPS_MANY
    while (len(groups) > most or _states(groups) > MAX_CELLS) and _coarsen(groups):
        pass
    if len(groups) <= most and _states(groups) <= MAX_CELLS:
        result = _exact(groups, floors, unknown, k.stock)
    exact = consistent = True
    if result is None:
        exact = False
        result = _fitted(groups, floors, unknown, k.stock)
        if result is None:  # the constraints contradict each other: forget the slots' ranks
            consistent = False
            for g in groups:
                g.allowed = live
            result = _fitted(groups, [0] * k.players, unknown, k.stock)
        assert result is not None
    dist, mean, stock = result
    none = tuple((1.0, 0.0, 0.0, 0.0, 0.0) for _ in range(13))
    return Locations(seat=k.seat, hand=k.hand, dead=k.dead, known=tuple(k.known), unknown=unknown,
                     dist=tuple(dist.get(s, none) for s in range(k.players)),
                     mean=tuple(mean.get(s, (0.0,) * 13) for s in range(k.players)),
                     stock=tuple(stock), exact=exact, consistent=consistent)


Dist = dict[int, tuple[tuple[float, ...], ...]]
Result = tuple[Dist, dict[int, tuple[float, ...]], list[float]]


def _splits(groups: list[_Group], floors: list[int], rank: int, u: int
            ) -> list[tuple[tuple[int, ...], float, int]]:
    """Every way to put ``u`` cards of ``rank`` in the groups (the rest in the stock): the
    cards each group takes, the weight, and how many the stock takes."""
    bit = 1 << rank
    open_ = [i for i, g in enumerate(groups) if g.allowed & bit]
    owners = {groups[i].owner for i in open_}
    need = [o for o, f in enumerate(floors) if f & bit]
    if any(o not in owners for o in need):
        return []
    out = []
    for xs in product(range(u + 1), repeat=len(open_)):
        total = sum(xs)
        if total > u:
            continue
        if need:
            held = dict.fromkeys(need, 0)
            for i, x in zip(open_, xs, strict=True):
                if groups[i].owner in held:
                    held[groups[i].owner] += x
            if not all(held.values()):
                continue
        delta = [0] * len(groups)
        w = _INV_FACT[u - total]
        for i, x in zip(open_, xs, strict=True):
            delta[i] = x
            w *= _INV_FACT[x]
        out.append((tuple(delta), w, u - total))
    return out


def _low(delta: tuple[int, ...], caps: tuple[int, ...]) -> tuple[slice, ...]:
    """The coefficients that ``delta`` more of each group keeps within the groups' sizes."""
    return tuple(slice(0, c + 1 - d) for d, c in zip(delta, caps, strict=True))


def _high(delta: tuple[int, ...]) -> tuple[slice, ...]:
    """Where those coefficients go."""
    return tuple(slice(d, None) for d in delta)


def _exact(groups: list[_Group], floors: list[int], unknown: tuple[int, ...], stock: int) -> Result | None:
    """The exact count, as polynomials: in ``t[g]`` for each group (the stock's share is what is
    left), each rank a factor ``sum over its splits of w * prod t[g] ** x[g]``; the number of
    deals is the coefficient of ``prod t[g] ** count[g]`` in the product of all ranks' factors.
    Prefix and suffix products give each rank's splits their weight."""
    ranks = [r for r in range(13) if unknown[r]]
    caps = tuple(g.count for g in groups)
    if sum(caps) + stock != sum(unknown):
        return None
    shape = tuple(c + 1 for c in caps)
    splits = [_splits(groups, floors, r, unknown[r]) for r in ranks]

    def times(poly: np.ndarray, i: int) -> np.ndarray:
        out = np.zeros(shape)
        for delta, w, _ in splits[i]:
            if any(d > c for d, c in zip(delta, caps, strict=True)):
                continue
            out[_high(delta)] += w * poly[_low(delta, caps)]
        return out

    one = np.zeros(shape)
    one[(0,) * len(caps)] = 1.0
    prefix = [one]
    for i in range(len(ranks)):
        prefix.append(times(prefix[-1], i))
    total = float(prefix[-1][caps])
    if not total > 0:
        return None
    owners = sorted({g.owner for g in groups})
    dist = {o: [[1.0, 0.0, 0.0, 0.0, 0.0] for _ in range(13)] for o in owners}
    stock_mean = [0.0] * 13
    suffix = one
    flip = tuple(slice(None, None, -1) for _ in caps)
    for i in range(len(ranks) - 1, -1, -1):
        r = ranks[i]
        rest = suffix[flip]  # rest[z] = suffix[caps - z]
        acc = {o: [0.0] * 5 for o in owners}
        before = prefix[i]
        for delta, w, s in splits[i]:
            if any(d > c for d, c in zip(delta, caps, strict=True)):
                continue
            mass = w * float(np.vdot(before[_low(delta, caps)], rest[_high(delta)])) / total
            if mass <= 0:
                continue
            held = dict.fromkeys(owners, 0)
            for j, d in enumerate(delta):
                if d:
                    held[groups[j].owner] += d
            for o in owners:
                acc[o][held[o]] += mass
            stock_mean[r] += s * mass
        for o in owners:
            dist[o][r] = acc[o]
        suffix = times(suffix, i)
    return ({o: tuple(tuple(d) for d in dist[o]) for o in owners},
            {o: tuple(sum(k * p for k, p in enumerate(d)) for d in dist[o]) for o in owners}, stock_mean)


def _fitted(groups: list[_Group], floors: list[int], unknown: tuple[int, ...], stock: int) -> Result | None:
    """Iterative proportional fitting: each slot of a group holds rank ``r`` with a chance
    ``a[g] * b[r]`` (zero where not allowed), scaled so that each group's chances sum to one and
    the expected cards of each rank to the unknown ones; a floor pins one slot of the owner's
    to the rank.  Counts in a hand: the slots taken as independent."""
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
