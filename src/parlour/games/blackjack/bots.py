"""Blackjack bots that see only their view: ``dealer-mimic`` plays the dealer's rule, ``optimal``
the solver's strategy (:mod:`parlour.games.blackjack.advisor`).

(``random`` is every game's.)  They bet the table's smallest bet and never take insurance.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.core.protocol import AnyBot, Bot, BotFactory
from parlour.games.blackjack.state import Bet, Hit, Move, NoInsurance, Phase, Stand
from parlour.games.blackjack.view import BlackjackView


class DealerMimicBot(Bot[Any, Any]):
    """Hits below 17 and stands on 17 or more, as the dealer does; bets the minimum."""

    name = "dealer-mimic"

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Move:
        assert isinstance(view, BlackjackView)
        state = view.state
        if state.phase is Phase.BET:
            return min((m for m in legal if isinstance(m, Bet)), key=lambda b: b.amount)
        if state.phase is Phase.INSURANCE:
            return NoInsurance()
        seat, index = state.current
        hand = state.players[seat].hands[index]
        return Hit() if hand.total < 17 else Stand()


def _optimal(rules: Any) -> AnyBot:
    from parlour.games.blackjack.advisor import OptimalBot

    return OptimalBot()


def _counter(rules: Any) -> AnyBot:
    from parlour.games.blackjack.advisor import CounterBot

    return CounterBot()


BOTS: Mapping[str, BotFactory] = {"dealer-mimic": lambda rules: DealerMimicBot(), "optimal": _optimal,
                                  "counter": _counter}
"""Weakest first: ``optimal`` plays the solver's best play for every hand; ``counter`` plays the
same and bets more when the Hi-Lo true count favours the player (shoe games)."""
