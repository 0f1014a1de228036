"""The deals of the tiles a seat cannot see, consistent with its view: counted and drawn uniformly.

Used by ``view.resample_hidden`` and by the ``strong`` bot.

What a seat knows of the tiles it cannot see (``Deals.from_view``):

* the *unseen* tiles are the 28 less its own hand and the tiles on the table; each other seat
  holds ``hand_sizes[seat]`` of them and the rest (``view.sleeping`` of them) sleep;
* a seat that knocked on a number holds no tile showing it (``view.knocked``), and never will:
  the sleeping tiles are never drawn;
* the lead was the highest double held at the draw, so every higher double sleeps.

Each tile may therefore go to some set of the other seats (its *class*), or sleep.  ``Deals``
counts the consistent deals class by class (a small dynamic programme over the tiles each seat
still needs) and draws them exactly uniformly: for each class in turn, how many of its tiles go
to each seat, with probability proportional to the number of deals that choice leaves, then
which ones (a shuffle).  No rejection, so even a view with many knocks (or seven tiles each and
nothing sleeping) costs the same.  The counts depend only on the classes' sizes and seats (their
*shape*) and are memoized by it (``count_deals``, ``choices``).
"""

from __future__ import annotations

import bisect
import itertools
import random
from dataclasses import dataclass
from functools import lru_cache
from math import factorial
from typing import TYPE_CHECKING

from parlour.games.dominoes.tileset import TILES, mask_of

if TYPE_CHECKING:  # the view module uses this one (resample_hidden)
    from parlour.games.dominoes.view import DominoView

Shape = tuple[tuple[tuple[bool, ...], int], ...]
"""The classes as the counting sees them: each one's seats allowed and its number of tiles."""


def _allocations(size: int, needs: tuple[int, ...], allowed: tuple[bool, ...]) -> list[tuple[int, ...]]:
    """Every way to give ``k[i]`` tiles of a class of ``size`` to seat ``i`` (none to a seat not
    ``allowed``, at most what it needs, at most ``size`` in all; the rest sleep)."""
    ranges = [range(min(n, size) + 1) if ok else range(1) for n, ok in zip(needs, allowed, strict=True)]
    return [k for k in itertools.product(*ranges) if sum(k) <= size]


def _ways(size: int, k: tuple[int, ...]) -> int:
    """The multinomial: ways to split ``size`` tiles into the counts ``k`` and the rest."""
    out = factorial(size) // factorial(size - sum(k))
    for n in k:
        out //= factorial(n)
    return out


@lru_cache(maxsize=1024)
def count_deals(shape: Shape, start: int, needs: tuple[int, ...]) -> int:
    """The number of deals of the classes of ``shape`` from ``start`` on, the seats still needing
    ``needs`` tiles."""
    if start == len(shape):
        return 1 if not any(needs) else 0
    allowed, size = shape[start]
    if start == len(shape) - 1:  # the last class must give every seat what it needs
        ok = all(ok or n == 0 for ok, n in zip(allowed, needs, strict=True)) and sum(needs) <= size
        return _ways(size, needs) if ok else 0
    total = 0
    for k in _allocations(size, needs, allowed):
        rest = tuple(n - g for n, g in zip(needs, k, strict=True))
        total += _ways(size, k) * count_deals(shape, start + 1, rest)
    return total


@lru_cache(maxsize=1024)
def choices(shape: Shape, start: int,
            needs: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """How class ``start`` of ``shape`` may be shared out when the seats need ``needs``: the
    allocations that leave some deal, and their cumulative numbers of deals."""
    allowed, size = shape[start]
    options, weights, total = [], [], 0
    for k in _allocations(size, needs, allowed):
        rest = tuple(n - g for n, g in zip(needs, k, strict=True))
        ways = _ways(size, k) * count_deals(shape, start + 1, rest)
        if ways:
            total += ways
            options.append(k)
            weights.append(total)
    return tuple(options), tuple(weights)


@dataclass(frozen=True)
class Deals:
    """The deals of the unseen tiles consistent with what one seat knows.

    ``seats`` are the other seats holding tiles, ``needs`` their hand sizes; each class is the
    tiles (indices) that may go to the seats flagged in ``allowed`` (or sleep)."""

    players: int
    me: int
    own: int
    """The viewer's seat and hand (bit mask)."""
    seats: tuple[int, ...]
    needs: tuple[int, ...]
    classes: tuple[tuple[tuple[bool, ...], tuple[int, ...]], ...]

    @classmethod
    def from_view(cls, view: DominoView) -> Deals:
        assert view.seat is not None and view.hand is not None
        me = view.seat
        seen = {t.index for t in view.hand} | {t.index for t in view.played}
        unseen = [i for i in range(len(TILES)) if i not in seen]
        seats = tuple(s for s in range(view.players) if s != me and view.hand_sizes[s])
        needs = tuple(view.hand_sizes[s] for s in seats)
        knocked = view.knocked
        lead = view.lead.tile if view.lead is not None else None
        groups: dict[tuple[bool, ...], list[int]] = {}
        for index in unseen:
            tile = TILES[index]
            if lead is not None and tile.double and tile > lead:
                allowed = tuple(False for _ in seats)
            else:
                allowed = tuple(not (knocked[s] & {tile.high, tile.low}) for s in seats)
            groups.setdefault(allowed, []).append(index)
        if sum(needs) + view.sleeping != len(unseen):
            raise ValueError(f"the view does not add up: {len(unseen)} unseen tiles, hands of "
                             f"{needs} and {view.sleeping} sleeping")
        ordered = sorted(groups.items(), key=lambda kv: (len(kv[1]), kv[0]))
        classes = tuple((a, tuple(t)) for a, t in ordered)
        return cls(view.players, me, mask_of(view.hand), seats, needs, classes)

    @property
    def shape(self) -> Shape:
        return tuple((allowed, len(tiles)) for allowed, tiles in self.classes)

    def count(self) -> int:
        """The number of consistent deals."""
        return count_deals(self.shape, 0, self.needs)

    def sample(self, rng: random.Random) -> tuple[dict[int, int], int]:
        """One consistent deal, every one equally likely: each other seat's hand (bit mask) and
        the sleeping tiles."""
        shape = self.shape
        if not count_deals(shape, 0, self.needs):
            raise ValueError("no deal is consistent with the view")
        needs = self.needs
        hands = [0] * len(self.seats)
        sleeping = 0
        for start, (_allowed, tiles) in enumerate(self.classes):
            options, weights = choices(shape, start, needs)
            pick = rng.randrange(weights[-1])
            chosen = options[bisect.bisect_right(weights, pick)]
            order = list(tiles)
            rng.shuffle(order)
            for i, g in enumerate(chosen):
                for index in order[:g]:
                    hands[i] |= 1 << index
                del order[:g]
            for index in order:
                sleeping |= 1 << index
            needs = tuple(n - g for n, g in zip(needs, chosen, strict=True))
        return dict(zip(self.seats, hands, strict=True)), sleeping

    def hands(self, rng: random.Random) -> tuple[int, ...]:
        """One consistent deal as every seat's hand (bit masks; the viewer's own included)."""
        dealt, _ = self.sample(rng)
        return tuple(self.own if s == self.me else dealt.get(s, 0) for s in range(self.players))
