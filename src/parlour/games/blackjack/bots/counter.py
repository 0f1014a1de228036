"""The ``counter`` bot: the optimal play, with Hi-Lo counting for its bets and insurance."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import Bot, Game
from parlour.games.blackjack.bots.optimal import best_move
from parlour.games.blackjack.moves import Bet, Move, NoInsurance
from parlour.games.blackjack.state import Phase, State
from parlour.games.blackjack.view import BlackjackView, true_count

SPREAD = 8
"""The counter's largest bet, in smallest bets."""


def counted_bet(state: State, legal: Sequence[Move]) -> Bet:
    """The counter's bet: the smallest while the true count is 1 or less, then one more smallest
    bet for each point of true count above 1, up to ``SPREAD`` of them (and what the table and
    the chips allow)."""
    bets = sorted((m for m in legal if isinstance(m, Bet)), key=lambda b: b.amount)
    count = true_count(state)
    units = 1 if count is None or count <= 1 else min(SPREAD, 1 + int(count - 1))
    want = bets[0].amount * units
    return max((b for b in bets if b.amount <= want), key=lambda b: b.amount)


class CounterBot(Bot[BlackjackView, Move]):
    """Plays as ``optimal`` and counts cards (Hi-Lo): it raises its bet with the true count, from
    the smallest bet up to ``SPREAD`` times it, and takes insurance when the true count is 3 or
    more (when a third of the unseen cards are tens, insurance pays)."""

    name = "counter"

    def choose(self, game: Game[Any, Any, Move, Any, Any], view: BlackjackView, legal: Sequence[Move],
               rng: random.Random) -> Move:
        state = view.state
        if state.phase is Phase.BET:
            return counted_bet(state, legal)
        if state.phase is Phase.INSURANCE:
            count = true_count(state)
            insure = next((m for m in legal if not isinstance(m, NoInsurance)), None)
            return insure if insure is not None and count is not None and count >= 3 else NoInsurance()
        return best_move(state, view.seat if view.seat is not None else -1, legal)
