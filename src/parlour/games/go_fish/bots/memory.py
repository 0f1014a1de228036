"""The ``memory`` Go Fish bot: it remembers everything said at the table (``track.track``), as a careful
player does, but does no arithmetic of chances:

* a player who asked for a rank holds at least one card of it, until it hands that rank over or
  books it; cards handed over in an ask, or shown on a lucky draw, are where they went;
* a player who said "Go fish!" for a rank (or handed it over) holds none of it, until it draws a
  card from the stock (which might be one).

It asks for a card where one is known to be: among the asks it may make, the player and rank
for which that player is known to hold the most cards (at least one); ties go to the rank it
holds most of, then to the order of the legal moves.  With nothing known, among the asks not
known to fail (the player is not known to have none of the rank) it picks the rank it holds most
of, then the player with the most cards; ties go to the order of the legal moves.  If every ask
is known to fail, the same among all of them.  It never draws from ``rng``: its choice is a
function of its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import Bot, Game
from parlour.games.go_fish.moves import Ask
from parlour.games.go_fish.track import track
from parlour.games.go_fish.view import GoFishView


def memory_move(view: GoFishView, legal: Sequence[Ask]) -> Ask:
    """The memory bot's ask (see the module's docstring)."""
    k = track(view)
    mine = k.hand_counts()
    surely = {s: k.surely_holds(s) for s in range(k.players) if s != k.seat}

    def known(move: Ask) -> int:
        return surely[move.target][move.rank.number - 1]

    order = range(len(legal))
    best = max(order, key=lambda i: (known(legal[i]), mine[legal[i].rank.number - 1], -i))
    if known(legal[best]):
        return legal[best]
    possible = [i for i in order if k.may_hold(legal[i].target, legal[i].rank.number)]
    pick = max(possible or order, key=lambda i: (mine[legal[i].rank.number - 1],
                                                  view.hand_sizes[legal[i].target], -i))
    return legal[pick]


class MemoryBot(Bot[GoFishView, Ask]):
    """Asks where a card is known to be, else for its longest rank (see the module)."""

    name = "memory"

    def choose(self, game: Game[Any, Any, Ask, Any, Any], view: GoFishView, legal: Sequence[Ask],
               rng: random.Random) -> Ask:
        return memory_move(view, legal)
