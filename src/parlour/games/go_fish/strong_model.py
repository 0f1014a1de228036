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
(``strong_track``), which keeps the arrays small (``plan``): a group's axis holds only the counts
it may have at that step (``_Bounds``: at most what the ranks dealt could have put there, at least
what the ranks to come must add to fill it; one cell before its first rank and after its last),
two groups of a hand whose ranks still to come are the same become one axis (they are then
interchangeable: ``C(room, room of one)`` ways to share their room), and the ranks are dealt in
the order whose largest step is smallest (``_order``, dynamic programming over the sets of ranks
dealt; ``_greedy`` when that is small anyway).  A pass forward and one back give every rank's
exact distribution in every hand.  Past ``MAX_CELLS`` cells (``MAX_CELLS_MANY`` with five players
or more) the same count runs on a list of the cells the pass forward reaches
(``strong_listed.py``): a box lets every group take up to all the cards dealt that it may hold,
but a rank's cards are shared among the groups, and with five or six players only a small share
of the box (often a few cells in a hundred) is reached.  Past ``MAX_LISTED`` listed cells in a
step, it merges two groups of one hand (their allowed ranks joined: this loosens and never
invents a constraint; ``Locations.loosened``) until whole boxes fit, and past that approximates
by iterative proportional fitting (the maximum-entropy table with those row and column sums, a
floor pinning one slot, the cap applied to each hand's counts afterwards; ``exact`` is then
False).

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

Bounded axes and the best order (later on 2026-11-22; every other position of 8 random games a
row, the bot's tracking and retry, both counts on the same positions in one run, the machine
loaded): the arrays' largest step is 1-30 times smaller (six players: 483,840 cells -> 47,040,
1,756,160 -> 33,600, 9,072 -> 9,072).  Six players (127 positions), ``MAX_CELLS_MANY`` 40,000
against 20,000 before: exact without loosening in 54% of positions (28% before), merged first in
41% (49%), fitted in 6% (23%); 128 ms a count against 79 ms (median 106 against 64, 90th
percentile 246 against 153).  (60,000: 64%, 36%, 0%, 153 ms.)  Five players (150 positions): 87%
exact (59%), 68 ms against 48 ms.  Four players (90 positions, ``MAX_CELLS`` 60,000 as before):
100% (98%), 25 ms against 17 ms.  The chances agree with the count before wherever it was exact
(to 3e-14).

The listed count (2026-11-25; ``bench/go_fish_model.py``, which reads the positions the same way:
every other position of 8 random games a row, the player to act, the bot's tracking and retry;
both versions one after the other on the same positions, the shared machine at load about 2 on
two cores), ``MAX_LISTED`` 400,000:

    python bench/go_fish_model.py --players 2 3 4 5 6 --games 8 --seed 1
    python bench/go_fish_model.py --players 6 --games 16 --seed 100

| players, seed | positions | exact without loosening | merged | fitted | ms a count: mean, median, p90, max |
|---|---|---|---|---|---|
| 2, 1 | 236 | 100% -> 100% | 0% | 0% | 1.4 -> 1.4, 1.4 -> 1.3, 1.6 -> 1.6, 9 -> 6 |
| 3, 1 | 220 | 100% -> 100% | 0% | 0% | 3.5 -> 3.6, 3.0 -> 3.1, 6 -> 6, 16 -> 16 |
| 4, 1 | 222 | 96% -> **100%** | 4% -> 0% | 0% | 10 -> 13, 5 -> 5, 29 -> 26, 48 -> 272 |
| 5, 1 | 167 | 75% -> **100%** | 25% -> 0% | 0% | 18 -> 39, 15 -> 13, 38 -> 96, 55 -> 956 |
| 6, 1 | 130 | 61% -> **92%** | 38% -> 7% | 1% -> 1% | 35 -> 87, 24 -> 21, 70 -> 279, 112 -> 903 |
| 6, 100 | 301 | 56% -> **97%** | 43% -> 3% | 1% -> 0% | 28 -> 69, 22 -> 23, 51 -> 184, 77 -> 1074 |

Where the boxes fit (as before) the count is the same, to the last bit; the listed count agrees
with it to 3e-13 where both run (forced on every position of 8 games with four, five and six
players) and with brute force (``tests/games/go_fish/test_go_fish_count.py``).  What is left
loosened are positions of six late in a game, with a small stock and five hands of four or five
groups of slots each (unlucky draws break the nesting): 10^5-10^6 cells are reached, and the
count would take seconds.

Those positions measured (2026-11-26: the 19 positions loosened by the two runs above, the
machine loaded): the listed count without a limit reaches 0.40-4.2 million cells in its largest
step (11 of the 19 under a million), taking 1.3-37 s and 160 MB-1.2 GB.  Read without unlucky
draws (``track(view, unlucky=False)``: nested groups), the same positions reach 400 to 450,000
cells (over 1.2 million in one), fewer than 200,000 in 13 of them: the single slots of unlucky
draws, each its own axis of two cells from the first rank dealt to the merge, are most of the
cost.  A count that kept the unlucky draws exactly, at about the cost of the nested groups, would
take each unlucky slot as one more slot of its nested group, less the deals in which it holds the
rank asked for (inclusion and exclusion: that card put in the group first, weighing ``-1 / (n -
j)`` for the group's ``n`` slots and the ``j`` cards pinned so before it, so a counter per group
while its pins are pending, and no merge meanwhile; floors and caps counting the pinned card as
the hand's); the tracking would have to carry, for each unlucky slot, its nested group and the
rank (``strong_track`` joins the groups' ranks instead, to stay sound after hand-overs).  Two
smaller things tried did not pay: leaving out the cells a hand can no longer complete (its room
against the ranks to come, caps and floors) removes under 1% of the cells; ``_greedy``'s order
and random orders reach about as many cells as ``_order``'s or more.

Pinned slots (2026-11-26).  A slot that may be any rank a group ``G`` of its hand allows but one,
``r`` (an unlucky draw's, ``track(view, unlucky=True)``, when ``G`` is the group of the cards
drawn with it), is counted as one more slot of ``G``, less the deals in which it holds ``r``
(``_pinned``: a group whose allowed ranks are another group's of the hand and one more takes the
other's slots as its ``a`` *pinned* slots, of its ``n``).  By inclusion and exclusion, the deals
in which no pinned slot holds ``r`` are the sum over ``m`` of ``(-1) ** m C(a, m)`` times the
deals in which ``m`` given pinned slots hold ``r``.  Those deal the other cards into ``G``'s other
``n - m`` slots, which weigh ``(n - m)! / n!`` against ``G``'s ``n!`` (the table weights ``prod 1
/ x!`` leave out a constant ``prod n_g!``), and the rank's factor for them is ``T_G ** m (1 + sum
t) ** (u - m) / (u - m)!`` (the ``m`` pinned cards are distinct cards in distinct slots: ``u! /
(u - m)!`` ways of the ``u!``).  So with pins the rank's factor is ``sum_m (-1) ** m C(a, m) /
(n (n - 1) ... (n - m + 1)) T_G ** m (1 + sum t) ** (u - m) / (u - m)!`` (``_terms``; groups of
several hands pinned to the rank: the product of their sums, at most ``u`` cards pinned in all).
A floor of ``G``'s hand is met by a pinned card; a cap binds only when the hand holds all the
pinned cards and takes every free one; the marginals add a hand's pinned cards to its number.
Summed, the weight of ``x`` cards of ``r`` in ``G`` is multiplied by ``C(n - a, x) / C(n, x)``,
the chance that ``x`` slots drawn at random from ``n`` miss the ``a`` pinned ones, which depends
on nothing before or after the rank: no counter is needed as long as a group's pins are of one
rank (``_pinned`` pins one rank a group: for two, the chances of missing each would depend on
each other, and a counter of the cards pinned so far would have to be carried from the first
rank to the last).  A group is merged with no other until its pins' rank is dealt (the pinned
slots tell it apart: ``_Bounds.alike``, ``_order``).  The count is exact for the same
constraints as without pins; ``_count`` uses it where the count without pins passes
``MAX_LISTED``, before merging groups (so every count exact before is the same, to the last bit).
As the terms' signs alternate, a total below ``CANCELLED`` times that of the same count
with the terms' weights taken as their sizes is not trusted (a contradiction leaves rounding
only): the groups are then counted without pins.

Measured (2026-11-26, ``bench/go_fish_model.py`` as above, the new version then the old from
``git archive`` on the same positions, one after the other, the shared machine at load about 3):

| players, seed | positions | exact without loosening | merged | fitted | ms a count: mean, median, p90, max |
|---|---|---|---|---|---|
| 6, 1 | 130 | 92% -> **95%** | 7% -> 4% | 1% -> 1% | 87 -> 116, 21 -> 22, 277 -> 361, 966 -> 1133 |
| 6, 100 | 301 | 97% -> **99%** | 3% -> 1% | 0% | 71 -> 90, 24 -> 23, 174 -> 192, 1134 -> 2310 |

Two to five players: 100% exact in both, the same chances and times.  Every count exact before is
the same to the last bit (the largest difference of a chance: 0), and so are the bot's asks there
(on 820 positions of four, five and six players, the asks differ in 3, all of them newly
exact).  The positions newly exact take 0.6-2.3 s a count (loosened before in 0.2-0.4 s); those
still loosened take up to 0.5 s more (the count with pins tried, before merging).  In the 19
positions loosened before (the paragraph above), the cells reached with pins fell 1.5-7 times in 15
(under 400,000 in 9), and were about the same in the other 4; the boxes are a poor guide to them
(in one position exact before, a box 2.5 times smaller reached 3.8 times the cells: a group with
pins is merged with no other until their rank is dealt; so pins are not tried first).  What is left:
in those 19 positions, 72 groups have pins and 248 groups are still not nested with the rest of
their hand, 70 of which would be with one rank more, as pinned slots of a group of the hand that
holds no other slot (all the cards drawn with them were unlucky, or handed over).  Such a group
counts the same cells as the slots alone, unless it may be merged before its rank is dealt.  That
needs, from the merge to the rank, a counter ``c`` (0 to ``min(a, u)``) of the cards that term of
the inclusion and exclusion pins to the merged axis, weighing
``(-1) ** c C(a, c) / (n (n - 1) ... (n - c + 1))`` at the merge, the merges' ways
``C(R - c_keep - c_drop, R_drop - c_drop)`` (``R``: the room left) and, at the rank, ``T ** c`` for
the axis and ``u - c`` cards free.  (Read without unlucky draws, nested groups and no counters,
those positions reach 12,000-450,000 cells, 1.4 million in one.)

A higher limit (later on 2026-11-26): ``MAX_LISTED`` 2,000,000 for 400,000.  With pins, every
six-player position measured is counted exactly (``bench/go_fish_model.py --players 6 --games N
--seed S``, the machine loaded by other work, old -> new):

| seed, games | positions | exact without loosening | ms a count: mean, p90, max | peak resident |
|---|---|---|---|---|
| 1, 8 | 130 | 95% -> **100%** | 109 -> 286, 359 -> 662, 1035 -> 6093 | 155 -> 598 MB |
| 100, 16 | 301 | 99% -> **100%** | 81 -> 137, 163 -> 164, 2126 -> 5684 | 179 -> 505 MB |
| 200, 16 | 254 | 100% -> 100% | 51 -> 64, 76 -> 81, 1171 -> 2946 | 134 -> 381 MB |
| 300, 16 | 236 | 99% -> **100%** | 57 -> 91, 86 -> 86, 907 -> 5866 | 140 -> 537 MB |

(1,000,000: 98% of seed 1's, 4.1 s at most, 360 MB.)  The median is unchanged (about 20 ms): the
cost is in the few late positions that need it, which take seconds and most of the memory (the
worst one: 190 MB of cells and values kept for the pass back, 300 MB more of a step's shifts and
powers at the peak).  A position past 2,000,000 cells a step would still be loosened, soundly (no
constraint invented); none was met.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Protocol

import numpy as np

from parlour.games.go_fish.deck import RANK_MASKS
from parlour.games.go_fish.track import STOCK as STOCK
from parlour.games.go_fish.track import Knowledge, Slots

MAX_CELLS = 60000
"""The most cells of the exact count's arrays (``plan``); past it, groups are merged, then the
count is fitted.  (Four players, random games: 20,000 cells: exact in 73% of positions, 32 ms a
count; 60,000: 87%, 35 ms; 150,000: 96%, 49 ms.)"""
MAX_CELLS_MANY = 40000
"""``MAX_CELLS`` with five players or more, where a count near the limit takes tenths of a second
(six players, 8 random games, the bot's tracking, on the loaded shared machine, bounded axes and
the best order: 60,000 cells: exact without loosening in 64% of positions, fitted in 0%, 153 ms a
count; 40,000: 54% and 6%, 128 ms.  Before them: 60,000: 38% and 0%; 20,000: 19% and 23%, in
half the time; 8,000: 5% and 91%, a tenth of the time)."""
MAX_LISTED = 2000000
"""The most cells of a step of the listed exact count (``strong_listed``), tried past
``MAX_CELLS`` (``MAX_CELLS_MANY``); past it the groups are merged as before.  2,000,000 since
2026-11-26 (400,000 before): with pins, every six-player position measured is then counted
exactly (921 positions, 4 seeds of ``bench/go_fish_model.py``; 95%, 99%, 100% and 99% of them
with 400,000; 98% of seed 1 with 1,000,000).  The price, in the few positions that need it (late
six-player games): up to about 6 s a count on the loaded shared machine (0.9-1.2 s with
400,000, loosened) and up to about 600 MB resident while it runs (140 MB): each step's cells and
values are kept for the pass back, and a step's shifts and powers while it runs.  (Before pins,
2026-11-25, 16 random games: 100,000 cells: 91% of positions fit, 0.2 s a count at most;
300,000: 96%, 0.6 s; 500,000: 98%, 1.1 s; 1,000,000: 99%, 2.3 s.)"""
QUICK = 5000
"""Past this many cells with the quick order of the ranks (``_greedy``), the exact count looks
for the best one (``_order``: a few milliseconds, as long as counting about 5,000 cells)."""
PIN = True
"""Where the listed count passes ``MAX_LISTED``, count the slots of unlucky draws as pinned slots
of the group they belong to (``_pinned``; see the module) before merging groups."""
CANCELLED = 1e-6
"""A count with pins whose total is less than this share of its terms' sizes in all (``_exact``)
is not trusted: rounding may be most of it (a contradiction leaves rounding only); the groups
are then counted without pins."""
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
    pin: int = -1
    """A rank (index) that ``pins`` of the ``count`` slots may not be (``_pinned``), or -1."""
    pins: int = 0
    """How many of the slots are pinned (may not be ``pin``)."""


def _pinned(groups: list[_Group], live: int) -> list[_Group] | None:
    """The groups with each group that allows one live rank fewer than another of its hand
    taken into that one as its pinned slots (``pin``: that rank; see the module), or None when
    no group is.  The loosest groups are looked at first; a group takes the slots of one rank
    only, and a group that takes some is not itself taken."""
    where = {(g.owner, g.allowed): i for i, g in enumerate(groups)}
    parent: dict[int, tuple[int, int]] = {}
    pin: dict[int, int] = {}
    for i in sorted(range(len(groups)), key=lambda i: -groups[i].allowed.bit_count()):
        g = groups[i]
        if i in pin:  # (not reached: a group is looked at before those a rank tighter)
            continue
        for r in range(13):
            bit = 1 << r
            if live & bit and not g.allowed & bit:
                j = where.get((g.owner, g.allowed | bit))
                if j is not None and j not in parent and pin.get(j, r) == r:
                    parent[i] = j, r
                    pin[j] = r
                    break
    if not parent:
        return None
    out = {i: _Group(g.owner, g.count, g.allowed) for i, g in enumerate(groups) if i not in parent}
    for i, (j, r) in parent.items():
        out[j].count += groups[i].count
        out[j].pins += groups[i].count
        out[j].pin = r
    return list(out.values())


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
    and whether the groups were loosened first (merged, or fitted).  The exact count on whole
    boxes (``_exact``) up to ``limit`` cells, else on the cells reached (``strong_listed``) up to
    ``MAX_LISTED``, else the groups merged until whole boxes of ``limit`` cells do, else
    fitted.  Before merging, the groups with pins (``_pinned``) are counted the same way, when
    the count without them passes ``MAX_LISTED`` (the count with them is then used unless it
    passes it too or is not trusted: ``CANCELLED``)."""
    order = _greedy(groups, unknown)
    ops, peak = plan(groups, unknown, order)
    if peak > QUICK:  # worth the time the best order takes
        order, before = _order(groups, unknown), (ops, peak)
        ops, peak = min(before, plan(groups, unknown, order), key=lambda p: p[1])
    if peak > limit:  # past the whole boxes' limit: the cells reached, listed
        try:
            return _counted(groups, floors, full, unknown, stock, ops, peak, limit), True, False
        except _TooMany:
            pass
        pinned = _pinned(groups, live) if PIN else None
        if pinned is not None:  # the slots of one rank fewer as pins
            pinned_ops, pinned_peak = plan(pinned, unknown, _order(pinned, unknown))
            try:
                result = _counted(pinned, floors, full, unknown, stock, pinned_ops, pinned_peak, limit)
            except _TooMany:
                result = None
            if result is not None:
                return result, True, False
    loosened = False
    while peak > limit and _coarsen(groups):
        loosened = True
        ops, peak = plan(groups, unknown, order)
    if peak > limit:  # the best order for the merged groups may do
        ops, peak = plan(groups, unknown, _order(groups, unknown))
    if peak <= limit:
        return _exact(groups, floors, full, unknown, stock, ops), True, loosened
    return _fitted(groups, floors, full, unknown, stock), False, True


class _TooMany(Exception):
    """Neither count of ``_counted`` fits its limit."""


def _counted(groups: list[_Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
             stock: int, ops: list[Op], peak: int, limit: int) -> Result | None:
    """The exact count by the steps ``ops``: on whole boxes up to ``limit`` cells, else on the
    cells reached (``strong_listed``) up to ``MAX_LISTED``; raises ``_TooMany`` past that."""
    if peak <= limit:
        return _exact(groups, floors, full, unknown, stock, ops)
    from parlour.games.go_fish.strong_listed import TooMany, listed  # (it imports this module)

    try:
        return listed(groups, floors, full, unknown, stock, ops, MAX_LISTED)
    except TooMany:
        raise _TooMany from None


Dist = dict[int, tuple[tuple[float, ...], ...]]
Result = tuple[Dist, dict[int, tuple[float, ...]], list[float]]


# ---- the exact count: rank by rank, each group an axis of the counts it may still hold ----------
RANK, MERGE = range(2)
Op = tuple[int, ...]
"""A step of the exact count: ``(RANK, rank, *axes)`` the rank's cards are dealt (``axes``: the
groups that may take them); ``(MERGE, keep, drop)`` two groups of one hand that the ranks still
to come cannot tell apart become one (on ``keep``'s axis)."""


class _Bounds:
    """The fewest and most cards each group may hold at a step of the count: at least what the
    ranks still to come must add to fill it (``cap - future``), at most what the ranks dealt
    could have put there (``past``); for groups merged into one axis, the sums of their own.
    The arrays' axis for a group holds only ``lo..hi`` (index 0: ``lo`` cards): the other cells
    are zero or lead nowhere.  (Axes of every count ``0..cap`` held several times as many cells
    with six players.)  Each axis is named by a group (the first of those merged into it)."""

    def __init__(self, groups: list[_Group], unknown: tuple[int, ...]) -> None:
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

    def copy(self) -> _Bounds:
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


def plan(groups: list[_Group], unknown: tuple[int, ...], order: Sequence[int] | None = None
         ) -> tuple[list[Op], int]:
    """The steps of ``_exact`` and the most cells its arrays then hold (``_Bounds``).  A group's
    axis has one cell before its first rank and after its last; two groups of a hand are one
    axis as soon as the ranks left treat them alike (the groups of a hand are nested, so this
    happens often: once the ranks that only the looser group allows are dealt).  The ranks are
    dealt in ``order`` (by default ``_order``'s)."""
    bounds = _Bounds(groups, unknown)
    ops: list[Op] = []
    peak = bounds.size()
    for r in _order(groups, unknown) if order is None else order:
        members = bounds.members(r)
        bounds.deal(members, r)
        peak = max(peak, bounds.size())
        ops.append((RANK, r, *members))
        bounds.settle(members, r)
        for keep, drop in bounds.alike():
            bounds.merge(keep, drop)
            ops.append((MERGE, keep, drop))
    return ops, peak


def _greedy(groups: list[_Group], unknown: tuple[int, ...]) -> list[int]:
    """A quick order of the ranks: each step deals the rank that keeps the arrays smallest
    while it is dealt (ties: the one that leaves them smallest, then the lowest rank)."""
    bounds = _Bounds(groups, unknown)
    todo = [r for r in range(13) if unknown[r]]
    order = []

    def step(b: _Bounds, r: int) -> tuple[int, int]:
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


def _order(groups: list[_Group], unknown: tuple[int, ...]) -> list[int]:
    """The order of the ranks whose largest step (``_Bounds``: the cells while a rank is dealt)
    is smallest, then whose steps hold the fewest cells in all: by dynamic programming over the
    sets of ranks dealt (at most 2 ** 13), all sets at once with numpy.  (``_greedy`` left peaks
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


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    """The sum of the products (not ``np.vdot``: BLAS threads crawl on a busy machine)."""
    return float(np.einsum("i,i", a.ravel(), b.ravel()))


class _Axes:
    """Operations on arrays with one axis per group (cards put in it so far, from its ``lo``).
    A shift moves one cell up an axis (a card more) or, ``down``, one cell down (the adjoint,
    for the pass back); what leaves the axis's cells is dropped (``_Bounds``: it was zero or
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
"""A term of a rank's pins (``_terms``): its weight, the cards pinned to each axis (axis,
cards), to each owner, and in all."""


@dataclass(frozen=True)
class _Context:
    """What the rank factors need: each axis's owner, the owners, their floors and caps, the
    unknown cards of each rank, the terms of each rank's pins (``_terms``)."""

    owner: list[int]
    owners: list[int]
    floors: list[int]
    full: list[int]
    unknown: tuple[int, ...]
    terms: dict[int, list[Term]]


def _terms(groups: list[_Group], unknown: tuple[int, ...]) -> dict[int, list[Term]]:
    """For each rank that some groups' slots are pinned to (``_pinned``), the terms of inclusion
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


def _context(groups: list[_Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
             stock: int, ops: list[Op]) -> _Context | None:
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
    return _Context(owner, sorted(set(owner)), floors, full, unknown, _terms(groups, unknown))


class _Shifts(Protocol):
    """The shifts of a count's arrays (``_Axes``: dense; ``_Cells``: a list of cells)."""

    def times(self, arr: np.ndarray, axes: Sequence[int], down: bool = False) -> np.ndarray: ...

    def up(self, arr: np.ndarray, axes: Sequence[int], down: bool = False) -> np.ndarray: ...

    def back(self, arr: np.ndarray, axes: Sequence[int]) -> np.ndarray: ...


def _pin(ax: _Shifts, arr: np.ndarray, shifts: list[tuple[int, int]], down: bool) -> np.ndarray:
    """``arr`` times a term's pinned cards (``T_g ** m`` for each of its groups)."""
    for axis, m in shifts:
        for _ in range(m):
            arr = ax.up(arr, [axis], down)
    return arr


def _factor(ax: _Shifts, ctx: _Context, arr: np.ndarray, r: int, members: Sequence[int], down: bool,
            signed: bool = True) -> np.ndarray:
    """``arr`` times the rank's factor (or, ``down``, its adjoint: the same polynomial in the
    shifts down): with pins, the sum over their terms (``_terms``) of the weight (``signed``
    False: its size, for ``_exact``), the pinned cards and the factor of the cards left
    (``_free``)."""
    terms = ctx.terms.get(r)
    if terms is None:
        return _free(ax, ctx, arr, r, ctx.unknown[r], {}, members, down)
    out = np.zeros_like(arr)
    for weight, shifts, held, m in terms:
        out += (weight if signed else abs(weight)) * _free(ax, ctx, _pin(ax, arr, shifts, down), r,
                                                           ctx.unknown[r] - m, held, members, down)
    return out


def _free(ax: _Shifts, ctx: _Context, arr: np.ndarray, r: int, u: int, held: dict[int, int],
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


def _uncapped(ax: _Shifts, ctx: _Context, arr: np.ndarray, u: int, members: Sequence[int], fl: list[int],
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


def _exact(groups: list[_Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
           stock: int, ops: list[Op]) -> Result | None:
    """The exact count, by the steps of ``plan``.  The number of deals is the coefficient of
    ``prod t[g] ** count[g]`` in the product over the ranks of ``(1 + sum t[g]) ** u / u!`` (the
    sum over the groups allowing the rank: the multinomial theorem sums over every way to split
    its ``u`` unknown cards among them and the stock, each split weighted ``prod 1 / x!``); a
    floor (owner ``o`` holds one at least) keeps only the splits that give ``o`` some, and a cap
    (``full``: ``o`` may not take all ``u``) drops the split that gives ``o`` all.  The
    arrays hold the coefficients, an axis per group (its cells: ``_Bounds``; one cell: the group
    not yet begun, already full, or merged into another).  A pass forward and one back (the
    adjoint steps, on the same cells) give each rank the product of the others, and so the
    chance of each number of its cards in each hand."""
    ctx = _context(groups, floors, full, unknown, stock, ops)
    if ctx is None:
        return None
    n = len(groups)
    ax = _Axes(n)

    def factor(arr: np.ndarray, r: int, members: Sequence[int], down: bool) -> np.ndarray:
        return _factor(ax, ctx, arr, r, members, down)

    bounds = _Bounds(groups, unknown)
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
            size = _factor(ax, ctx, size, r, members, False, signed=False)
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
    dist, mean, stock_mean = _gathered(owners)
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
        stock_mean[r] = _marginals(ax, ctx, p, arr, r, members, dist, mean, total)
        arr = factor(arr, r, members, True)
        for i in members:  # to the cells before it
            arr = ax.trim(arr, i, 0, p.shape[i] - (hi[i] - lo[i] + 1))
    return ({o: tuple(dist[o]) for o in owners}, {o: tuple(mean[o]) for o in owners}, stock_mean)


def _gathered(owners: Sequence[int]
              ) -> tuple[dict[int, list[tuple[float, ...]]], dict[int, list[float]], list[float]]:
    """Where a backward pass gathers each hand's chances and means (``_marginals``) and the
    stock's means, before any rank: every hand holds none."""
    return ({o: [(1.0, 0.0, 0.0, 0.0, 0.0)] * 13 for o in owners}, {o: [0.0] * 13 for o in owners},
            [0.0] * 13)


def _marginals(ax: _Shifts, ctx: _Context, before: np.ndarray, after: np.ndarray, r: int,
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
    stock is returned.  With pins, the sum over their terms (``_terms``): each the weight times
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


def _masses(ax: _Shifts, ctx: _Context, before: np.ndarray, after: np.ndarray, r: int, u: int,
            held: dict[int, int], members: Sequence[int]) -> dict[int, list[float]]:
    """Each hand's mass of taking 0-4 of ``u`` free cards of the rank (``_marginals``), when the
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


def _fitted(groups: list[_Group], floors: list[int], full: list[int], unknown: tuple[int, ...], stock: int
            ) -> Result | None:
    """Iterative proportional fitting: each slot of a group holds rank ``r`` with a chance
    ``a[g] * b[r]`` (zero where not allowed), scaled so that each group's chances sum to one and
    the expected cards of each rank to the unknown ones; a floor pins one slot of the owner's
    to the rank.  Counts in a hand: the slots taken as independent, then the cap (no hand holds
    four of a rank: a capped hand's chance of taking every unknown card dropped, the others
    scaled up); the stock holds the cards the hands are not expected to."""
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
        per_rank = []
        means = []
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
            if full[o] >> r & 1 and probs[top] < 1.0:  # the cap: never all four (a book)
                probs[top] = 0.0
                probs = [q / sum(probs) for q in probs]
            means.append(sum(k * q for k, q in enumerate(probs)))
            per_rank.append(tuple(probs + [0.0] * (5 - len(probs))))
        dist[o] = tuple(per_rank)
        mean[o] = tuple(means)
    in_stock = [max(0.0, unknown[r] - sum(m[r] for m in mean.values())) for r in range(13)]
    return dist, mean, in_stock
