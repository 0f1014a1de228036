"""Where is every card?  The ``strong`` Go Fish bot's card-location model.

Given ``Knowledge`` (``track.py``: the viewer's hand, the books, the cards known to be in each
hand, each other hand's hidden cards as groups of slots with the ranks they may be, the ranks
each player surely holds one of), the *unknown* cards of each rank (four less those in the
viewer's hand, in books or known to be somewhere) lie in the other players' hidden slots and the
stock.  The model: **every way of dealing the unknown cards into those slots that meets the
constraints is equally likely** -- the slots' allowed ranks ("Go fish!" answers, hand-overs,
unlucky draws), the floors (an asker holds at least one card of the rank asked for), the cap (no
hand holds all four cards of a rank: a book is set aside at once; the stock may hold four), the
hand sizes and the stock's size.  This is the exact posterior if asks tell nothing beyond what
they must (that the asker holds the rank); how an opponent picks among its ranks is not modelled.

``locate`` counts those deals exactly (``count.py``), by the steps of ``plan.py``: on whole
arrays up to ``MAX_CELLS`` cells (``MAX_CELLS_MANY`` with five players or more), else on a list
of the cells the count reaches (``listed.py``) within a ``Budget`` of cells, else with the
slots of unlucky draws as pinned slots of their group (``with_pins``, exact too).  Past that it
merges two groups of one hand (their allowed ranks joined: this loosens and never invents a
constraint; ``Locations.loosened``) until whole arrays fit, and past that approximates by
iterative proportional fitting (``_fitted``; ``Locations.exact`` is then False).  Every exact
count gives the same chances, whichever way it was counted (to rounding).
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.games.go_fish.bots.strong.count import Dist, Result, exact
from parlour.games.go_fish.bots.strong.listed import TooMany, listed
from parlour.games.go_fish.bots.strong.plan import Group, Op, best_order, greedy, plan
from parlour.games.go_fish.deck import RANK_MASKS
from parlour.games.go_fish.track import STOCK, Knowledge, Slots

MAX_CELLS = 60000
"""The most cells of the exact count's arrays (``plan``) with up to four players; past it, the
count runs on the cells it reaches (``listed``)."""
MAX_CELLS_MANY = 40000
"""``MAX_CELLS`` with five players or more."""
MAX_LISTED = 400000
"""The most cells of a step of the listed count; past it the groups are counted with pins, then
merged (the default of ``Budget.step``)."""
MAX_LISTED_TOTAL = 1200000
"""The most cells of the listed count in all its steps together (the default of
``Budget.total``).  Every step's cells are kept for the pass back, so this bounds a count's
memory (about 100 bytes a cell at the peak) and time.  2,000,000 a step and no total (until
2026-11-27) counted every six-player position measured exactly, but the few late ones took
seconds and up to 600 MB: ``docs/benchmarks.md``, "Bots' budgets"."""
QUICK = 5000
"""Past this many cells with the quick order of the ranks (``greedy``), the count looks for the
best one (``best_order``: a few milliseconds, as long as counting about 5,000 cells)."""
PIN = True
"""Where the listed count passes ``MAX_LISTED``, count the slots of unlucky draws as pinned slots
of the group they belong to (``with_pins``) before merging groups."""
BOOKS = -2
"""The books as a location."""


@dataclass(frozen=True)
class Budget:
    """What one count may use, in cells of the listed count (counts, not seconds: the same view
    gets the same answer on any machine).  Past it the count loosens the constraints (merges
    groups) or fits, soundly.  A simulation may lift it; ``None``: the module's defaults."""

    step: int | None = None
    """The most cells of one step (``MAX_LISTED``)."""
    total: int | None = None
    """The most cells of all the steps together (``MAX_LISTED_TOTAL``)."""

    def limits(self) -> tuple[int, int]:
        return (MAX_LISTED if self.step is None else self.step,
                MAX_LISTED_TOTAL if self.total is None else self.total)


DEFAULT_BUDGET = Budget()
"""The module's limits, as they are when a count runs."""


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


def with_pins(groups: list[Group], live: int) -> list[Group] | None:
    """The groups with each group that allows one live rank fewer than another of its hand
    taken into that one as its pinned slots (``pin``: that rank; ``count.py`` counts them), or None when
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
    out = {i: Group(g.owner, g.count, g.allowed) for i, g in enumerate(groups) if i not in parent}
    for i, (j, r) in parent.items():
        out[j].count += groups[i].count
        out[j].pins += groups[i].count
        out[j].pin = r
    return list(out.values())


def groups_of(k: Knowledge, live: int) -> list[Group]:
    """The other hands' groups of slots, their allowed ranks cut to the ``live`` ones (ranks with
    unknown cards), groups of a hand that then allow the same ranks joined."""
    out: list[Group] = []
    for s in range(k.players):
        if s == k.seat:
            continue
        merged: dict[int, int] = {}
        for g in k.groups[s]:
            allowed = g.allowed & live
            merged[allowed] = merged.get(allowed, 0) + g.count
        out += [Group(s, c, a) for a, c in sorted(merged.items()) if c]
    return out


def _coarsen(groups: list[Group]) -> bool:
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


def locate(k: Knowledge, budget: Budget = DEFAULT_BUDGET) -> Locations:
    """The card-location model for ``k`` (see the module), counted within ``budget``."""
    located = k.hand | k.dead
    for mask in k.known:
        located |= mask
    unknown = tuple(4 - (located & RANK_MASKS[r]).bit_count() for r in range(13))
    live = sum(1 << r for r in range(13) if unknown[r])
    groups = groups_of(k, live)
    floors = [f & live if s != k.seat else 0 for s, f in enumerate(k.floor)]
    full = capped(k, unknown)
    limit = MAX_CELLS if k.players < 5 else MAX_CELLS_MANY
    cells = budget.limits()
    result, is_exact, loosened = _count(groups, floors, full, unknown, k.stock, live, limit, cells)
    consistent = result is not None
    if result is None:  # the constraints contradict each other: forget the slots' ranks
        forgotten = [Group(o, sum(g.count for g in groups if g.owner == o), live)
                     for o in sorted({g.owner for g in groups})]
        result, is_exact, _ = _count(forgotten, [0] * k.players, full, unknown, k.stock, live, limit, cells)
        if result is None:  # only in made-up positions (the cap holds in every real one)
            result, is_exact, _ = _count(forgotten, [0] * k.players, [0] * k.players, unknown, k.stock, live,
                                         limit, cells)
        loosened = True
        assert result is not None
    dist, mean, stock = result
    none = tuple((1.0, 0.0, 0.0, 0.0, 0.0) for _ in range(13))
    return Locations(seat=k.seat, hand=k.hand, dead=k.dead, known=tuple(k.known), unknown=unknown,
                     dist=tuple(dist.get(s, none) for s in range(k.players)),
                     mean=tuple(mean.get(s, (0.0,) * 13) for s in range(k.players)),
                     stock=tuple(stock), exact=is_exact, loosened=loosened, consistent=consistent)


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


def _count(groups: list[Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
           stock: int, live: int, limit: int, cells: tuple[int, int]) -> tuple[Result | None, bool, bool]:
    """The model's answer (None: no deal meets the constraints), whether it was counted exactly,
    and whether the groups were loosened first (merged, or fitted).  The exact count on whole
    boxes (``exact``) up to ``limit`` cells, else on the cells reached (``listed``) within
    ``cells`` (the most a step, the most in all), else the groups merged until whole boxes of
    ``limit`` cells do, else fitted.  Before merging, the groups with pins (``with_pins``) are
    counted the same way, when the count without them passes ``cells`` (the count with them is
    then used unless it passes it too or is not trusted: ``CANCELLED``)."""
    order = greedy(groups, unknown)
    ops, peak = plan(groups, unknown, order)
    if peak > QUICK:  # worth the time the best order takes
        order, before = best_order(groups, unknown), (ops, peak)
        ops, peak = min(before, plan(groups, unknown, order), key=lambda p: p[1])
    if peak > limit:  # past the whole boxes' limit: the cells reached, listed
        try:
            return _counted(groups, floors, full, unknown, stock, ops, peak, limit, cells), True, False
        except TooMany:
            pass
        pinned = with_pins(groups, live) if PIN else None
        if pinned is not None:  # the slots of one rank fewer as pins
            pinned_ops, pinned_peak = plan(pinned, unknown, best_order(pinned, unknown))
            try:
                result = _counted(pinned, floors, full, unknown, stock, pinned_ops, pinned_peak, limit, cells)
            except TooMany:
                result = None
            if result is not None:
                return result, True, False
    loosened = False
    while peak > limit and _coarsen(groups):
        loosened = True
        ops, peak = plan(groups, unknown, order)
    if peak > limit:  # the best order for the merged groups may do
        ops, peak = plan(groups, unknown, best_order(groups, unknown))
    if peak <= limit:
        return exact(groups, floors, full, unknown, stock, ops), True, loosened
    return _fitted(groups, floors, full, unknown, stock), False, True


def _counted(groups: list[Group], floors: list[int], full: list[int], unknown: tuple[int, ...],
             stock: int, ops: list[Op], peak: int, limit: int, cells: tuple[int, int]) -> Result | None:
    """The exact count by the steps ``ops``: on whole boxes up to ``limit`` cells, else on the
    cells reached (``listed``) within ``cells`` (a step's, all steps'); raises ``TooMany`` past
    that."""
    if peak <= limit:
        return exact(groups, floors, full, unknown, stock, ops)
    return listed(groups, floors, full, unknown, stock, ops, cells[0], cells[1])


def _fitted(groups: list[Group], floors: list[int], full: list[int], unknown: tuple[int, ...], stock: int
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
