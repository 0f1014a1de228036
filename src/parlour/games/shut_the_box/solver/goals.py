"""What a seat should aim for now, as a utility over the turn's outcome.

The round is won by shutting the box or, failing that, by the lowest score, so
the right objective depends on the situation:

* solo play: shut the box (nothing else wins);
* somebody has finished the round already: beat the best score so far (a tie
  shares the win, so it is worth a share);
* nobody has finished yet: the best chance to win against the players still to
  play, each of whom will then play exactly to beat this score (exact heads-up;
  with more players to come, their chances are treated as independent); where
  a scoring has too many distinct scores for that (digits), the lowest
  expected score;
* cumulative game: stay under the drop-out total (then the lowest score);
* long game: win the race, solved exactly as a two-player game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from parlour.games.shut_the_box.rules import Mode, OneDie, Scoring, score_of
from parlour.games.shut_the_box.solver.turn import solve_utility
from parlour.games.shut_the_box.state import State, Status


@dataclass(frozen=True)
class Goal:
    """An objective for one turn: a utility for every final open-tile mask."""

    kind: str  # "shut", "score", "lead", "beat", "survive" or "long"
    description: str
    target: int | None = None
    share: Fraction = Fraction(1)
    """Beat: what a tie with the target is worth (1/(k+1) with k seats already on it)."""


def goal_for(state: State, seat: int) -> Goal:
    """The objective the optimal bot and the advisor pursue for ``seat`` now."""
    rules = state.rules
    if rules.mode is Mode.LONG:
        return Goal("long", "win the long game")
    if rules.mode is Mode.CUMULATIVE:
        room = rules.drop_out_at - state.totals[seat]
        return Goal("survive", f"score under {room} to stay in (total {state.totals[seat]}, "
                               f"out at {rules.drop_out_at})", target=room)
    if state.players == 1:
        return Goal("shut", "shut the box")
    finished = [state.scores[s] for s in range(state.players)
                if s != seat and state.status[s] is Status.DONE and state.scores[s] is not None]
    if not finished:
        to_come = sum(1 for s in range(state.players) if s != seat
                      and state.status[s] in (Status.WAITING, Status.THROW, Status.PLACE))
        if to_come and len(distinct_scores(rules.tiles, rules.scoring)) <= MAX_LEAD_SCORES:
            others = "the other player" if to_come == 1 else f"the {to_come} other players"
            return Goal("lead", f"win against {others} still to play", target=to_come)
        return Goal("score", "the lowest expected score")
    best = min(s for s in finished if s is not None)
    ties = sum(1 for s in finished if s == best)
    return Goal("beat", f"beat {best}, the best score so far", target=best,
                share=Fraction(1, ties + 1))


MAX_LEAD_SCORES = 100
"""Above this many distinct scores, the first player falls back to the lowest expected score."""


@lru_cache(maxsize=16)
def distinct_scores(tiles: int, scoring: Scoring) -> tuple[int, ...]:
    """Every score a box of ``tiles`` can end a turn with, lowest first (remembered per box)."""
    return tuple(sorted({score_of(scoring, m) for m in range(1 << tiles)}))


@lru_cache(maxsize=32)
def beaten(tiles: int, one_die: OneDie, scoring: Scoring, exact: bool) -> dict[int, Fraction]:
    """For each score ``s``: what a player to come, playing exactly to beat ``s``, wins
    (a tie counting as half) -- one solve per distinct score, so remembered per rule set."""
    out: dict[int, Fraction] = {}
    for target in distinct_scores(tiles, scoring):
        if target == 0:
            out[0] = Fraction(0)  # shutting the box has already won outright
            continue
        goal = Goal("beat", "", target=target, share=Fraction(1, 2))
        sol = solve_utility(tiles, one_die, utility(goal, tiles, one_die, scoring, exact), exact)
        out[target] = Fraction(sol.value((1 << tiles) - 1))
    return out


def utility(goal: Goal, tiles: int, one_die: OneDie, scoring: Scoring,
            exact: bool = False) -> tuple[Fraction, ...]:
    """The goal's utility of every final open mask of a box of ``tiles``."""
    if goal.kind == "lead":
        assert goal.target is not None
        lost_to = beaten(tiles, one_die, scoring, exact)
        return tuple((1 - lost_to[score_of(scoring, m)]) ** goal.target for m in range(1 << tiles))
    out = []
    top = score_of(scoring, (1 << tiles) - 1) + 1
    for mask in range(1 << tiles):
        score = score_of(scoring, mask)
        if goal.kind == "shut":
            u = Fraction(int(mask == 0))
        elif goal.kind == "score":
            u = Fraction(-score)
        elif goal.kind == "beat":
            assert goal.target is not None
            u = Fraction(1) if mask == 0 or score < goal.target else (
                goal.share if score == goal.target else Fraction(0))
        elif goal.kind == "survive":
            assert goal.target is not None
            # staying in matters most; among equal chances, a lower score
            u = Fraction(int(score < goal.target)) - Fraction(score, 100 * top)
        else:
            raise ValueError(f"goal {goal.kind!r} has no one-turn utility")
        out.append(u)
    return tuple(out)

