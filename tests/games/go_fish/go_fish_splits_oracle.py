"""The first exact count of the ``strong`` bot's card-location model, kept as an independent
check of ``bots.strong.count.exact`` (``test_go_fish_count.py``): slower, it lists every way to
split each rank among the groups of slots."""

from __future__ import annotations

import math
from itertools import product

import numpy as np

from parlour.games.go_fish.bots.strong.count import Result
from parlour.games.go_fish.bots.strong.plan import Group

_INV_FACT = tuple(1.0 / math.factorial(k) for k in range(5))


def splits(groups: list[Group], floors: list[int], full: list[int], rank: int, u: int
           ) -> list[tuple[tuple[int, ...], float, int]]:
    """Every way to put ``u`` cards of ``rank`` in the groups (the rest in the stock): the
    cards each group takes, the weight, and how many the stock takes.  A floor (``floors[o]``)
    needs a card in ``o``'s groups; a cap (``full[o]``) forbids ``o`` all ``u``."""
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
        held = dict.fromkeys(owners, 0)
        for i, x in zip(open_, xs, strict=True):
            held[groups[i].owner] += x
        if not all(held[o] for o in need):
            continue
        if any(full[o] & bit and n == u for o, n in held.items()):
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


def exact_by_splits(groups: list[Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
                    stock: int) -> Result | None:
    """The count as polynomials: in ``t[g]`` for each group (the stock's share is what is left),
    each rank a factor ``sum over its splits of w * prod t[g] ** x[g]``; the number of deals is
    the coefficient of ``prod t[g] ** count[g]`` in the product of all ranks' factors.  Prefix
    and suffix products give each rank's splits their weight."""
    ranks = [r for r in range(13) if unknown[r]]
    caps = tuple(g.count for g in groups)
    if sum(caps) + stock != sum(unknown):
        return None
    shape = tuple(c + 1 for c in caps)
    ways = [splits(groups, floors, full, r, unknown[r]) for r in ranks]

    def times(poly: np.ndarray, i: int) -> np.ndarray:
        out = np.zeros(shape)
        for delta, w, _ in ways[i]:
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
        for delta, w, s in ways[i]:
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
