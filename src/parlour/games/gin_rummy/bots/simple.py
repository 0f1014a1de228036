"""The ``simple`` Gin Rummy bot: the textbook beginner's game, from its seat's view alone.

* it takes the up-card or the top discard only if that card completes a meld (is part of a
  meld made with cards of its hand), otherwise it refuses the up-card / draws from the stock;
* holding eleven cards it discards the card that leaves the least deadwood (never the card just
  taken; ties: the highest-value card, then the highest rank, then spades, hearts, diamonds,
  clubs) and knocks, or goes gin, as soon as that discard allows it;
* at the wall (``wall_take``) it takes the last discard whenever that lets it knock;
* after the other player knocks it makes the optimizer's best lay-offs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import Bot, Game
from parlour.games.gin_rummy.deck import CARDS, INDEX, mask_of
from parlour.games.gin_rummy.melds import best_discard, meldable
from parlour.games.gin_rummy.moves import BestLayOff, Discard, Draw, Gin, Knock, Move, Pass, Take
from parlour.games.gin_rummy.state import Phase
from parlour.games.gin_rummy.view import GinView


def completes_meld(hand: int, card: int) -> bool:
    """Whether ``card`` makes a meld with cards of ``hand``."""
    return bool(meldable(hand | 1 << card) >> card & 1)


def simple_move(view: GinView, legal: Sequence[Move]) -> Move:
    """The simple bot's choice (see the module's docstring)."""
    assert view.hand is not None
    hand = mask_of(view.hand)
    phase = view.phase
    if phase is Phase.OFFER or phase is Phase.DRAW:
        top = view.top
        if Take() in legal and top is not None and completes_meld(hand, INDEX[top]):
            return Take()
        return Draw() if Draw() in legal else Pass()
    if phase is Phase.WALL:
        return Take() if Take() in legal else Pass()
    if phase is Phase.DISCARD:
        keep = INDEX[view.taken] if view.taken is not None else -1
        card, left = best_discard(hand, keep)
        if left == 0:
            return Gin(CARDS[card])
        if left <= view.rules.knock_limit:
            return Knock(CARDS[card])
        return Discard(CARDS[card])
    return BestLayOff()


class SimpleBot(Bot[GinView, Move]):
    """Takes a discard only to complete a meld, discards for the least deadwood, knocks at once."""

    name = "simple"

    def choose(self, game: Game[Any, Any, Move, Any, Any], view: GinView, legal: Sequence[Move],
               rng: random.Random) -> Move:
        return simple_move(view, legal)
