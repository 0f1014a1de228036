"""``parlour simulate blackjack --hands N``: many hands of one seat through the game itself, to
check the solver against play.

:func:`simulate_hands` plays ``hands`` rounds with a bet of one chip each (a bankroll that cannot
run out), through the full engine (every card a chance event drawn with its exact probability),
and reports the mean return per hand with its standard error beside the solver's expectation.
With a shoe, the cards of earlier rounds change the odds a little (the solver's figure is for a
fresh shoe every round); with ``penetration=0`` or an infinite deck the two measure the same.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from typing import Any

from parlour.core.driver import play
from parlour.core.protocol import AnyBot
from parlour.games.blackjack.game import GAME
from parlour.games.blackjack.rules import Rules
from parlour.games.blackjack.solver import solve

ROUNDS = 1000
"""Rounds in each game played (hands are played game after game)."""


def simulate_hands(rules: Rules, bot: str, make_bot: Callable[[Rules], AnyBot], hands: int,
                   seed: int | None = None,
                   progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``hands`` hands of one seat, whose bot (called ``bot``) ``make_bot`` makes for the
    rules of each game played."""
    rng = random.Random(seed)
    nets: list[float] = []
    while len(nets) < hands:
        rounds = min(ROUNDS, hands - len(nets))
        table = dataclasses.replace(rules, rounds=rounds, min_bet=1, max_bet=1, bankroll=10 * rounds + 10)
        state = play(GAME, table, [make_bot(table)], random.Random(rng.getrandbits(64))).state
        nets += [float(r.net(0)) for r in state.history]
        if progress is not None:
            progress(len(nets), hands)
    n = len(nets)
    mean = sum(nets) / n
    var = sum((x - mean) ** 2 for x in nets) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    expected = solve(rules).expectation
    return {"hands": n, "bot": bot, "mean": mean, "se": se, "expected": expected,
            "z": (mean - expected) / se if se else 0.0,
            "won": sum(x > 0 for x in nets) / n, "pushed": sum(x == 0 for x in nets) / n,
            "lost": sum(x < 0 for x in nets) / n}
