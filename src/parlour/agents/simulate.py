"""Many games between bots, with win rates, margins and score distributions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from parlour.agents import make_bot
from parlour.core.driver import play
from parlour.core.protocol import AnyGame
from parlour.core.rng import make_rng
from parlour.core.stats import SeatStats, SimulationResult

MAX_MOVES = 10_000
"""The moves a simulated game may last before the driver stops it, unfinished (no game's rules
need nearly so many; draughts' manual has no move limit, so two bots that never agree a draw
could otherwise play on for ever)."""


def simulate(game: AnyGame, rules: Any, bots: Sequence[str], games: int,
             seed: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             max_moves: int | None = MAX_MOVES) -> SimulationResult:
    """Play ``games`` games between the named bots (one per seat).  A game that reaches
    ``max_moves`` is stopped and counted as unfinished: no win and no score for anyone."""
    agents = [make_bot(game, name, rules) for name in bots]
    rng = make_rng(seed)
    labels = [f"{i + 1}:{name}" for i, name in enumerate(bots)]
    stats = [SeatStats(label) for label in labels]
    highlight = game.score_highlight
    unfinished = 0
    for n in range(games):
        result = play(game, rules, agents, rng, max_moves=max_moves)
        if not result.finished:
            unfinished += 1
            if progress is not None:
                progress(n + 1, games)
            continue
        state = result.state
        values = game.returns(state)
        winners = game.winners(state)
        for seat, seat_stats in enumerate(stats):
            if seat in winners:
                seat_stats.wins += 1 / len(winners)
            seat_stats.returns += values[seat]
            seat_stats.returns_sq += values[seat] ** 2
        for seat, scores in enumerate(game.seat_scores(state)):
            stats[seat].scores.update(scores)
        if progress is not None:
            progress(n + 1, games)
    return SimulationResult(game.spec.name, games, stats,
                            highlight[0] if highlight else None,
                            highlight[1] if highlight else None, unfinished)
