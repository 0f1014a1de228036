"""The ``strong`` bot's deals: the hidden tiles dealt at random, consistent with a seat's view.

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
nothing sleeping) costs the same.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from dataclasses import dataclass, field
from math import factorial

from parlour.core.tiles import Tile, double_six_set
from parlour.games.dominoes.view import DominoView

TILES = double_six_set()
NUMBER_MASKS = tuple(sum(1 << t.index for t in TILES if t.has(n)) for n in range(7))


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


@dataclass
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
    _memo: dict[tuple[int, tuple[int, ...]], int] = field(default_factory=dict, repr=False)
    _options: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]] = field(
        default_factory=dict, repr=False)

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
        return cls(view.players, me, tile_mask(view.hand), seats, needs, classes)

    def count(self, start: int = 0, needs: tuple[int, ...] | None = None) -> int:
        """The number of consistent deals of the classes from ``start`` on, the seats still
        needing ``needs`` tiles (all of them: every consistent deal)."""
        needs = self.needs if needs is None else needs
        key = (start, needs)
        if key in self._memo:
            return self._memo[key]
        if start == len(self.classes):
            total = 1 if not any(needs) else 0
        elif start == len(self.classes) - 1:  # the last class must give every seat what it needs
            allowed, tiles = self.classes[start]
            ok = (all(ok or n == 0 for ok, n in zip(allowed, needs, strict=True))
                  and sum(needs) <= len(tiles))
            total = _ways(len(tiles), needs) if ok else 0
        else:
            allowed, tiles = self.classes[start]
            total = 0
            for k in _allocations(len(tiles), needs, allowed):
                rest = tuple(n - g for n, g in zip(needs, k, strict=True))
                total += _ways(len(tiles), k) * self.count(start + 1, rest)
        self._memo[key] = total
        return total

    def _choices(self, start: int, needs: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        """How class ``start`` may be shared out when the seats need ``needs``: the allocations
        and their cumulative numbers of deals."""
        key = (start, needs)
        if key not in self._options:
            allowed, tiles = self.classes[start]
            options, weights, total = [], [], 0
            for k in _allocations(len(tiles), needs, allowed):
                rest = tuple(n - g for n, g in zip(needs, k, strict=True))
                ways = _ways(len(tiles), k) * self.count(start + 1, rest)
                if ways:
                    total += ways
                    options.append(k)
                    weights.append(total)
            self._options[key] = (options, weights)
        return self._options[key]

    def sample(self, rng: random.Random) -> tuple[dict[int, int], int]:
        """One consistent deal, every one equally likely: each other seat's hand (bit mask) and
        the sleeping tiles."""
        if not self.count():
            raise ValueError("no deal is consistent with the view")
        needs = self.needs
        hands = [0] * len(self.seats)
        sleeping = 0
        for start, (_allowed, tiles) in enumerate(self.classes):
            options, weights = self._choices(start, needs)
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


def tile_mask(tiles: tuple[Tile, ...]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << tile.index
    return mask


def play_history(view: DominoView) -> list[tuple[int, int, int, int]]:
    """The other seats' plays after the lead, for ``likelihood``: (seat, tile index, the ends'
    fitting tiles before it as a mask, the tiles the seat laid from then on as a mask)."""
    assert view.seat is not None
    out: list[tuple[int, int, int, int]] = []
    ends: tuple[int, int] | None = None
    later = [0] * view.players
    for event in reversed(view.events):
        if event.tile is not None:
            later[event.seat] |= 1 << event.tile.index
    for event in view.events:
        if event.tile is not None:
            if ends is not None and event.seat != view.seat:
                fit = NUMBER_MASKS[ends[0]] | NUMBER_MASKS[ends[1]]
                out.append((event.seat, event.tile.index, fit, later[event.seat]))
            later[event.seat] &= ~(1 << event.tile.index)
        ends = event.ends
    return out


def likelihood(history: list[tuple[int, int, int, int]], hands: tuple[int, ...], beta: float,
               double: float = 0.0) -> float:
    """How likely the other seats' plays were in the deal ``hands`` if each player chose among
    the tiles it could play with weights ``exp(beta * (spots + double if a double))`` (players
    shed heavy tiles, and doubles, first)."""
    if not beta:
        return 1.0
    out = 1.0
    weights = _weights(beta, double)
    for seat, index, fit, later in history:
        options = (hands[seat] | later) & fit
        total = 0.0
        while options:
            low = options & -options
            total += weights[low.bit_length() - 1]
            options ^= low
        out *= weights[index] / total
    return out


WEIGHTS: dict[tuple[float, float], tuple[float, ...]] = {}


def _weights(beta: float, double: float) -> tuple[float, ...]:
    key = (beta, double)
    if key not in WEIGHTS:
        WEIGHTS[key] = tuple(math.exp(beta * (t.pips + (double if t.double else 0.0))) for t in TILES)
    return WEIGHTS[key]
