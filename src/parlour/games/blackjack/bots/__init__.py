"""Blackjack bots that see only their view (``random`` is every game's), weakest first:
``dealer-mimic`` plays the dealer's rule; ``optimal`` the solver's best play for every hand;
``counter`` plays as ``optimal`` and bets more when the Hi-Lo true count favours the player (shoe
games).  The solver's bots are imported when first made (they need NumPy)."""

from __future__ import annotations

from collections.abc import Mapping

from parlour.core.protocol import Bot, BotFactory
from parlour.games.blackjack.bots.mimic import DealerMimicBot
from parlour.games.blackjack.moves import Move
from parlour.games.blackjack.rules import Rules
from parlour.games.blackjack.view import BlackjackView


def _optimal(rules: Rules) -> Bot[BlackjackView, Move]:
    from parlour.games.blackjack.bots.optimal import OptimalBot

    return OptimalBot()


def _counter(rules: Rules) -> Bot[BlackjackView, Move]:
    from parlour.games.blackjack.bots.counter import CounterBot

    return CounterBot()


BOTS: Mapping[str, BotFactory] = {"dealer-mimic": lambda rules: DealerMimicBot(), "optimal": _optimal,
                                  "counter": _counter}

DESCRIPTIONS: dict[str, str] = {
    "dealer-mimic": "Plays like the dealer: hits below 17, stands on 17 or more, bets the least.",
    "optimal": "Makes the best play for every hand, worked out exactly; bets the least.",
    "counter": "Plays as well as optimal and counts cards, betting more when the count is good.",
}
"""A line for a newcomer on each bot, for the lobby."""


__all__ = ["BOTS", "DealerMimicBot"]
