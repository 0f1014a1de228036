"""The ``strong`` dominoes bot: determinized search over the deals consistent with its view.

It sees only its seat's view (``DominoView``) and decides from that alone:

* **Forced moves** (the lead, a knock, a single play) are made at once.
* **Deals** (``deals.py``): ``SAMPLES`` deals of the tiles it cannot see, each drawn
  uniformly from those consistent with everything seen: each other seat's hand size, the tiles
  on the table, the numbers each seat has knocked on (it holds none of them, and never will:
  the sleeping tiles are never drawn), the number of sleeping tiles, and the lead (every double
  above it sleeps).  Drawn exactly (counted, not rejected), with the bot's ``rng``.
* **What the plays tell** (``BETA``): the other players are taken to choose among the tiles they
  could play with weights ``exp(BETA * spots)`` (pub players shed heavy tiles), so a deal in
  which a player laid a light tile while holding heavier ones that fitted is less likely.
  ``OVERSAMPLE`` times ``SAMPLES`` consistent deals are drawn, and ``SAMPLES`` of them drawn
  again in proportion to that likelihood (each distinct deal searched once, weighted by how
  often it was drawn; ``model.py``).
* **Search** (``search.py``): in each deal, every legal play is valued by alpha-beta with
  every hand known, to the end of the hand: the hand's points under the game's actual ``Rules``
  (spots or a point a hand, a blocked hand's difference or the losers' spots, partners scoring
  together), positive for the bot's side, negative for the others.  With ``SCORE_AWARE`` the
  points a side needs to reach the target are all it can use, and reaching it is worth
  ``WIN_BONUS`` more.  Each deal's search has ``NODE_BUDGET // SAMPLES`` nodes: a two-player
  deal is searched to the end (``EXACT_TILES``, ``EXACT_NODES``); a larger one
  by iterative deepening (``FIRST_DEPTH``, then two plies deeper at a time) while the budget
  lasts, positions at the horizon being scored by a greedy play-out (each player laying its
  heaviest tile that fits).
* **Choice**: the play with the best total value over the deals; ties go to the ``heuristic``
  bot's score, then to the order of the legal moves.

Budget: ``SAMPLES`` deals and ``NODE_BUDGET`` nodes a decision, so a decision's time is bounded
(strength and speed in ``docs/benchmarks.md``, Dominoes).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import Bot, Game
from parlour.games.dominoes.bots.heuristic import heuristic_scores, new_ends
from parlour.games.dominoes.bots.strong.model import likelihood, play_history, weights
from parlour.games.dominoes.bots.strong.search import Payoff, Search
from parlour.games.dominoes.deals import Deals
from parlour.games.dominoes.moves import Move, Play
from parlour.games.dominoes.view import DominoView

SAMPLES = 32
"""Deals searched per decision."""
NODE_BUDGET = 8000
"""Search nodes per decision, shared equally by the deals."""
EXACT_TILES = 13
"""Two players' deals (at most this many tiles in hand: always) are searched to the end at once,
with at least ``EXACT_NODES`` nodes (they need a few hundred)."""
EXACT_NODES = 1500
FIRST_DEPTH = 4
"""Otherwise: plies searched at least, then two more at a time while the deal's nodes last."""
BETA = 1.0
"""The opponent model of ``likelihood``: a player lays a tile it could play with weight
``exp(BETA * spots)`` (0: deals are not weighted)."""
DOUBLE = 0.0
"""In that model a double weighs as if it had this many more spots."""
OVERSAMPLE = 4
"""Deals drawn uniformly for each one searched, when they are weighted."""
MODEL_SHARE: float | None = 0.5
"""Opponents in the search: ``None``, they play the best reply for them (they see every hand);
otherwise a node of theirs is worth this share of their best reply and the rest the average of
their plays weighted as in the ``BETA`` model, doubles not weighted more (they cannot see the
hands either)."""
SCORE_AWARE = True
"""Value a hand by what it does towards reaching the target (see ``Payoff``)."""


def child_of(view: DominoView, move: Play) -> tuple[int, int, int]:
    """A play as the search's (tile index, new left end, new right end)."""
    return (move.tile.index, *new_ends(view, move))


def values(view: DominoView, plays: list[tuple[int, int, int]], rng: random.Random,
           samples: int, budget: int) -> list[float]:
    """Each play's value summed over ``samples`` consistent deals (see the module's docstring)."""
    assert view.seat is not None and view.ends is not None
    me = view.seat
    left, right = view.ends
    deals = Deals.from_view(view)
    payoff = Payoff(view.sides[me], view.scores, view.rules.target, SCORE_AWARE)
    per_deal = max(budget // samples, 1)
    totals = [0.0] * len(plays)
    for hands, weight in weighted_deals(view, deals, rng, samples):
        found = search_deal(view, payoff, hands, me, left, right, plays, per_deal * weight)
        for i, v in enumerate(found):
            totals[i] += weight * v
    return totals


def weighted_deals(view: DominoView, deals: Deals, rng: random.Random,
                   samples: int) -> list[tuple[tuple[int, ...], int]]:
    """``samples`` deals drawn in proportion to how likely the other seats' plays made them
    (``OVERSAMPLE`` times as many drawn uniformly, then as many as wanted drawn again from
    those by their ``likelihood``), each distinct deal once with how many times it was drawn."""
    if not BETA:
        return [(deals.hands(rng), 1) for _ in range(samples)]
    history = play_history(view)
    pool = [deals.hands(rng) for _ in range(samples * OVERSAMPLE)]
    weights = [likelihood(history, hands, BETA, DOUBLE) for hands in pool]
    counts: dict[tuple[int, ...], int] = {}
    for hands in rng.choices(pool, weights, k=samples):
        counts[hands] = counts.get(hands, 0) + 1
    return list(counts.items())


def search_deal(view: DominoView, payoff: Payoff, hands: tuple[int, ...], me: int, left: int,
                right: int, plays: list[tuple[int, int, int]], budget: int) -> list[float]:
    """The plays' values in one deal: exact if that fits ``budget`` nodes, otherwise the deepest
    depth-limited search that does (at least ``FIRST_DEPTH``)."""
    tiles = sum(h.bit_count() for h in hands)
    depth = FIRST_DEPTH
    if view.players == 2 and tiles <= EXACT_TILES:
        depth, budget = 99, max(budget, EXACT_NODES)
    best: list[float] | None = None
    spent = 0
    while True:
        model = None if MODEL_SHARE is None else (weights(BETA, 0.0), MODEL_SHARE)
        search = Search(view.rules, view.players, payoff, node_limit=max(budget - spent, 1),
                        depth_limit=depth, model=model)
        found = search.root(hands, me, left, right, plays)
        spent += search.nodes
        if search.nodes >= search.node_limit and best is not None:
            return best
        best = found
        if not search.cut or spent >= budget:
            return best
        depth += 2


def strong_move(view: DominoView, legal: Sequence[Move], rng: random.Random,
                samples: int | None = None, budget: int | None = None) -> Move:
    """The strong bot's choice (see the module's docstring)."""
    plays = [m for m in legal if isinstance(m, Play)]
    if len(legal) == 1 or len(plays) != len(legal) or view.ends is None:
        return legal[0]
    children = [child_of(view, m) for m in plays]
    unique = sorted(set(children))
    if len(unique) == 1:
        return legal[0]
    found = values(view, unique, rng, SAMPLES if samples is None else samples,
                   NODE_BUDGET if budget is None else budget)
    value = dict(zip(unique, found, strict=True))
    tie = heuristic_scores(view, plays)
    best = max(range(len(plays)), key=lambda i: (value[children[i]], tie[i], -i))
    return plays[best]


class StrongBot(Bot[DominoView, Move]):
    """Searches every legal play over deals consistent with what it has seen."""

    name = "strong"

    def __init__(self, samples: int | None = None, budget: int | None = None) -> None:
        self.samples = samples
        """Deals a decision (``None``: ``SAMPLES``)."""
        self.budget = budget
        """Nodes a decision (``None``: ``NODE_BUDGET``)."""

    def choose(self, game: Game[Any, Any, Move, Any, Any], view: DominoView, legal: Sequence[Move],
               rng: random.Random) -> Move:
        return strong_move(view, legal, rng, self.samples, self.budget)


__all__ = ["StrongBot", "child_of", "search_deal", "strong_move", "values", "weighted_deals"]
