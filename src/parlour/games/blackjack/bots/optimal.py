"""The ``optimal`` bot: the solver's best play for every hand (:mod:`..advisor`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import Bot, Game
from parlour.games.blackjack.advisor import values
from parlour.games.blackjack.bots.mimic import smallest_bet
from parlour.games.blackjack.moves import Move, NoInsurance
from parlour.games.blackjack.state import Phase, State
from parlour.games.blackjack.view import BlackjackView


def best_move(state: State, seat: int, legal: Sequence[Move]) -> Move:
    """The optimal bot's choice: the smallest bet, no insurance, the best-valued play."""
    if state.phase is Phase.BET:
        return smallest_bet(legal)
    if state.phase is Phase.INSURANCE:
        return NoInsurance()
    valued = values(state, seat, legal)
    return max((m for m in legal if type(m) in valued), key=lambda m: valued[type(m)])


class OptimalBot(Bot[BlackjackView, Move]):
    """Plays the solver's best play for every hand (it sees only its view); bets the minimum and
    never takes insurance."""

    name = "optimal"

    def choose(self, game: Game[Any, Any, Move, Any, Any], view: BlackjackView, legal: Sequence[Move],
               rng: random.Random) -> Move:
        return best_move(view.state, view.seat if view.seat is not None else -1, legal)
