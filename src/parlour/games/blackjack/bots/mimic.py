"""The ``dealer-mimic`` bot: the dealer's own rule."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import Bot, Game
from parlour.games.blackjack.moves import Bet, Hit, Move, NoInsurance, Stand
from parlour.games.blackjack.state import Phase
from parlour.games.blackjack.view import BlackjackView


def smallest_bet(legal: Sequence[Move]) -> Bet:
    """The smallest of the bets in ``legal``."""
    return min((m for m in legal if isinstance(m, Bet)), key=lambda b: b.amount)


class DealerMimicBot(Bot[BlackjackView, Move]):
    """Hits below 17 and stands on 17 or more, as the dealer does; bets the minimum and never
    takes insurance."""

    name = "dealer-mimic"

    def choose(self, game: Game[Any, Any, Move, Any, Any], view: BlackjackView, legal: Sequence[Move],
               rng: random.Random) -> Move:
        state = view.state
        if state.phase is Phase.BET:
            return smallest_bet(legal)
        if state.phase is Phase.INSURANCE:
            return NoInsurance()
        return Hit() if state.hand.total < 17 else Stand()
