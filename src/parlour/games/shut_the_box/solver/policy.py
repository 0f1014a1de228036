"""A seat's choices valued by the exact solvers, for its goal now: shared by the optimal bot and
the advisor."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from parlour.games.shut_the_box.moves import Flip, Move, Throw
from parlour.games.shut_the_box.rules import OneDie, Scoring
from parlour.games.shut_the_box.solver.goals import Goal, goal_for, utility
from parlour.games.shut_the_box.solver.long_game import solve_long_game
from parlour.games.shut_the_box.solver.turn import Solution, solve_utility
from parlour.games.shut_the_box.state import State, Status


@dataclass(frozen=True)
class Valued:
    """A legal move with its value under the seat's goal."""

    move: Move
    value: float
    exact: Fraction | None = None


def valued_moves(state: State, seat: int, goal: Goal | None = None,
                 exact: bool = False) -> tuple[Goal, tuple[Valued, ...]]:
    """Every legal move of ``seat`` with its value (expected utility), best first."""
    goal = goal or goal_for(state, seat)
    rules = state.rules
    open_mask = state.open_for(seat)
    status = state.status[seat]
    if goal.kind == "long":
        long_solution = solve_long_game(rules.tiles, rules.one_die, rules.doubles_extra_turn)
        if status is Status.THROW:
            dice = long_solution.dice_values(open_mask, state.bank)
            ranked = sorted(dice.items(), key=lambda kv: (-kv[1], -kv[0]))
            return goal, tuple(Valued(Throw(n), v) for n, v in ranked)
        if status is Status.PLACE:
            total = sum(state.dice[seat])
            flips = long_solution.flip_values(open_mask, total, state.bank)
            return goal, tuple(Valued(Flip.of_mask(m), v) for m, v in flips)
        return goal, ()
    solution = _solution(rules.tiles, rules.one_die, rules.scoring, goal, exact)
    if status is Status.THROW:
        dice_values: dict[int, float] | dict[int, Fraction] = solution.dice_values(open_mask)
        ranked_dice: list[tuple[int, float | Fraction]] = sorted(
            dice_values.items(), key=lambda kv: (-kv[1], -kv[0]))
        return goal, tuple(_valued(Throw(n), v) for n, v in ranked_dice)
    if status is Status.PLACE:
        total = sum(state.dice[seat])
        return goal, tuple(_valued(Flip.of_mask(m), v)
                           for m, v in solution.flip_values(open_mask, total))
    return goal, ()


@lru_cache(maxsize=256)
def _solution(tiles: int, one_die: OneDie, scoring: Scoring, goal: Goal,
              exact: bool) -> Solution[float] | Solution[Fraction]:
    """The goal's one-turn solution, remembered per rule set and goal (a few milliseconds each)."""
    return solve_utility(tiles, one_die, utility(goal, tiles, one_die, scoring, exact), exact)


def _valued(move: Move, value: float | Fraction) -> Valued:
    if isinstance(value, Fraction):
        return Valued(move, float(value), value)
    return Valued(move, value)


def best_move(state: State, seat: int) -> Move:
    """The optimal move of ``seat`` for its goal (the advisor's first choice)."""
    goal = goal_for(state, seat)
    if goal.kind != "long":
        rules = state.rules
        solution = _solution(rules.tiles, rules.one_die, rules.scoring, goal, False)
        open_mask = state.open_for(seat)
        if state.status[seat] is Status.THROW:
            return Throw(solution.best_dice(open_mask))
        if state.status[seat] is Status.PLACE:
            flip = solution.best_flip(open_mask, sum(state.dice[seat]))
            if flip is not None:
                return Flip.of_mask(flip)
    _, ranked = valued_moves(state, seat, goal)
    return ranked[0].move


def describe_value(goal: Goal, value: float) -> str:
    """A value in words: a percentage for chances, points for expected scores."""
    if goal.kind == "score":
        return f"expected score {-value:.2f}"
    if goal.kind == "lead" and value <= 0:
        return "no chance to win"
    if goal.kind == "survive":
        return f"chance to stay in {max(0.0, value) * 100:.1f}%"
    what = {"shut": "chance to shut the box", "beat": "chance to win the round",
            "lead": "chance to win the round",
            "long": "chance to win the game"}[goal.kind]
    return f"{what} {value * 100:.2f}%"


__all__ = ["Valued", "best_move", "describe_value", "valued_moves"]
