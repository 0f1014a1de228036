"""The ``strong`` Go Fish bot: a card-location model and the ask worth most.

It sees only its seat's view (``GoFishView``) and decides from that alone:

* **Tracking** (``track.py``): from the public history, the cards known to be in each hand, the
  ranks each player surely holds one of (it asked for them), and each hand's hidden cards as
  slots with the ranks they may still be ("Go fish!" answers and hand-overs rule a rank out of
  the slots a player holds then, not of the cards it draws later; an unlucky draw is not the
  rank asked for, ``UNLUCKY``).  It also reads the opponents as players who ask where they know
  a card is (``INFER``): one that asks blind holds none of the ranks known to be in other hands.
  If that contradicts the history (they do not play so), it reads the history again without it
  (``model_of``).
* **Location model** (``model.py``): every deal of the unknown cards into the hidden slots and
  the stock that meets those constraints is equally likely; the bot counts them exactly, or past
  a size limit loosens the constraints and then approximates, and gets for each player and rank
  the chance of each number of cards held.
* **The ask** (``evaluate``).  For each legal ask (whom, which rank) it weighs its outcomes:
  they hand over ``k`` cards (with the model's chance of each ``k``), and I go again; or "Go
  fish!" and I draw the rank asked for (its expected share of the stock, given that they have
  none) and go again; or I draw another card and the turn passes.  Each outcome is worth the
  change in ``PHI`` (the worth of holding 0-4 cards of a rank, a book being 1, convex: books are
  what count), less the cost of what the ask tells: it shows that I hold the rank, and once the
  turn passes an opponent that holds it may take them all (``EXPOSE`` times the worth held --
  ``EXPOSE_MANY`` with three players or more -- times the chance that an opponent other than the
  one asked holds the rank -- the one asked has none left either way -- plus ``LATER`` for the
  cards they may draw).  A rank already known to be in my hand costs only the change in what is
  at stake.  The scores are compared against keeping the rank as it is.  A second step of
  look-ahead (when I keep the turn, ``TURN`` plus ``NEXT`` times the best other ask's worth) is
  there but off.

Deterministic: it never draws from ``rng``; ties go to the first in the order of the legal moves.
Its budget is counted in cells of the model's count (``model.Budget``), not in seconds, so a view
gets the same answer on any machine.
The constants' tuning runs are in ``docs/benchmarks.md`` (Go Fish).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import Bot, Game
from parlour.games.go_fish.bots.strong.model import DEFAULT_BUDGET, Budget, Locations, locate
from parlour.games.go_fish.deck import RANK_MASKS
from parlour.games.go_fish.moves import Ask
from parlour.games.go_fish.track import Knowledge, track
from parlour.games.go_fish.view import GoFishView

PHI = (0.0, 0.05, 0.15, 0.4, 1.0)
"""What holding 0, 1, 2, 3 cards of a rank is worth, in books (four: the book)."""
EXPOSE = 1.5
"""A shown rank taken by an opponent costs this many times its worth to me (what I lose, and
part of what they gain), with two players."""
EXPOSE_MANY = 0.8
"""``EXPOSE`` with three players or more (where nearly every ask risks that someone holds the
rank)."""
LATER = 0.3
"""The chance that a shown rank is lost to a card an opponent draws later (while the stock
lasts)."""
TURN = 0.0
"""What keeping the turn is worth on its own (off)."""
NEXT = 0.0
"""The weight of the best other ask's worth when I keep the turn: the second step of look-ahead
(off)."""
UNLUCKY = 2
"""With this many players or more, rule the rank asked for out of the card drawn on an unlucky
"Go fish!" (``track``'s ``unlucky``): with two or more, that is always, as the model is to use
all the public information."""
INFER = True
"""Read opponents as asking where they know a card is (``track``'s ``infer``)."""


def model_of(view: GoFishView, budget: Budget = DEFAULT_BUDGET) -> tuple[Knowledge, Locations]:
    """What the bot reads of ``view`` (``track``, with ``INFER`` and ``UNLUCKY``) and where it
    thinks every card is (``locate``, within ``budget``); read again without ``INFER`` when that
    contradicts the history (the opponents do not play as inferred)."""
    unlucky = view.players >= UNLUCKY
    k = track(view, infer=INFER, unlucky=unlucky)
    loc = locate(k, budget)
    if not loc.consistent and INFER:
        k = track(view, unlucky=unlucky)
        loc = locate(k, budget)
    return k, loc


def _someone_holds(loc: Locations, k: Knowledge, rank: int, skip: int) -> float:
    """The chance that a player other than me and ``skip`` holds the rank (taken as independent)."""
    none = 1.0
    for s in range(k.players):
        if s not in (k.seat, skip) and k.hand_sizes[s]:
            none *= 1.0 - loc.holds(s, rank)
    return 1.0 - none


def _worth(n: int, risk: float, expose: float) -> float:
    """Holding ``n`` cards of a rank that may be taken with chance ``risk``."""
    return PHI[n] - (expose * PHI[n] * risk if n < 4 else 0.0)


def evaluate(view: GoFishView, legal: Sequence[Ask], budget: Budget = DEFAULT_BUDGET) -> list[float]:
    """The worth of each legal ask, in books (see the module), the model counted within ``budget``."""
    k, loc = model_of(view, budget)
    mine = k.hand_counts()
    me = k.seat
    shown = [bool(k.known[me] & RANK_MASKS[r]) or bool(k.floor[me] >> r & 1) for r in range(13)]
    stock = max(k.stock, 1)
    expose = EXPOSE if k.players == 2 else EXPOSE_MANY
    base: list[float] = []
    keep: list[float] = []
    for move in legal:
        r = move.rank.number - 1
        h = mine[r]
        count = loc.count(move.target, r)
        u = loc.unknown[r]
        mean_t = loc.expected(move.target, r)
        left = u - mean_t
        in_stock = loc.stock[r] * u / left if left > 1e-9 else 0.0
        lucky = min(1.0, in_stock / stock) if k.stock else 0.0
        later = LATER if k.stock else 0.0
        risk_after = min(1.0, _someone_holds(loc, k, r, move.target) + later)
        risk_before = min(1.0, _someone_holds(loc, k, r, -1) + later) if shown[r] else 0.0
        before = _worth(h, risk_before, expose)
        value = 0.0
        go_again = 0.0
        for got in range(1, 5):
            if count[got] and h + got <= 4:
                value += count[got] * _worth(h + got, risk_after, expose)
                go_again += count[got]
        fish = count[0]
        if k.stock:
            draw = 0.0
            others = sum(loc.stock[x] for x in range(13) if x != r)
            if others > 0:
                draw = sum(loc.stock[x] / others * (PHI[min(mine[x] + 1, 4)] - PHI[mine[x]])
                           for x in range(13) if x != r)
            value += fish * (lucky * _worth(min(h + 1, 4), risk_after, expose)
                             + (1 - lucky) * (_worth(h, risk_after, expose) + draw))
            go_again += fish * lucky
        else:
            value += fish * _worth(h, risk_after, expose)
        base.append(value - before)
        keep.append(go_again)
    if not (TURN or NEXT):
        return base
    scores = []
    for i, (b, g) in enumerate(zip(base, keep, strict=True)):
        best_other = max((x for j, x in enumerate(base) if j != i), default=0.0)
        scores.append(b + g * (TURN + NEXT * max(best_other, 0.0)))
    return scores


class StrongBot(Bot[GoFishView, Ask]):
    """Asks where the model expects the most (see the module).  ``budget``: the most cells the
    model's count may list (``model.Budget``; the default keeps a decision within about a second
    and 150 MB: ``docs/benchmarks.md``, "Bots' budgets"); a simulation may lift it."""

    name = "strong"

    def __init__(self, budget: Budget = DEFAULT_BUDGET) -> None:
        self.budget = budget

    def choose(self, game: Game[Any, Any, Ask, Any, Any], view: GoFishView, legal: Sequence[Ask],
               rng: random.Random) -> Ask:
        if len(legal) == 1:
            return legal[0]
        scores = evaluate(view, legal, self.budget)
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        return legal[best]
