"""The advisor: every legal choice ranked with its value, and why."""

from __future__ import annotations

from parlour.core.protocol import Advice, Hint
from parlour.games.shut_the_box.moves import Move, Throw
from parlour.games.shut_the_box.notation import format_move
from parlour.games.shut_the_box.solver.goals import Goal
from parlour.games.shut_the_box.solver.policy import describe_value, valued_moves
from parlour.games.shut_the_box.state import State


def advise(state: State, seat: int, goal: Goal | None = None, exact: bool = False) -> Hint[Move]:
    """Rank every legal move of ``seat`` by its value under ``goal`` (default: the situation's)."""
    goal, ranked = valued_moves(state, seat, goal, exact)
    if not ranked:
        return Hint("There is nothing for you to decide now.", (), goal.description)
    options = tuple(
        Advice(v.move, v.value, _label(v.move) + ": " + describe_value(goal, v.value), v.exact)
        for v in ranked
    )
    best = ranked[0]
    summary = f"Aim: {goal.description}. Best: {_label(best.move)} ({describe_value(goal, best.value)})"
    equal = sum(1 for v in ranked if abs(v.value - best.value) <= 1e-12)
    if equal == len(ranked) > 1:
        summary += "; every choice is as good"
    elif equal > 1:
        summary += f"; the first {equal} choices are equally good"
    return Hint(summary + ".", options, goal.description)


def _label(move: Move) -> str:
    if isinstance(move, Throw):
        return "throw one die" if move.dice == 1 else "throw two dice"
    return "flip " + format_move(move)
