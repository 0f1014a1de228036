"""Yahtzee solitaire: a policy's mean score by simulation, with a confidence interval, beside
the optimum the solver gives (254.5896 under the manual's rules).

Too many states to walk exactly, so the policy (a bot's name, a bot, or an agent of the
learning environments: :mod:`.agents`) plays ``games`` whole games through Parlour's driver,
the dice drawn from ``seed``; the interval is the normal one of the mean (95%).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from parlour.core.driver import play
from parlour.core.rng import make_rng
from parlour.envs.evaluate.agents import Policy, as_bot
from parlour.envs.evaluate.versus import Z95
from parlour.games.yahtzee.rules import Rules


@dataclass(frozen=True)
class MeanScore:
    """A policy's simulated scores beside the optimum."""

    rules: Rules
    scores: tuple[int, ...] = field(repr=False)
    """Each game's final score, in the order played."""

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores)

    @property
    def sd(self) -> float:
        """The scores' sample standard deviation."""
        n, mean = len(self.scores), self.mean
        return math.sqrt(sum((s - mean) ** 2 for s in self.scores) / (n - 1)) if n > 1 else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the policy's expected score."""
        half = Z95 * self.sd / math.sqrt(self.games)
        return self.mean - half, self.mean + half

    @property
    def optimum(self) -> float:
        """The optimal expected score under these rules (the solver's table; solved and cached
        on disk the first time, a few seconds)."""
        from parlour.games.yahtzee.solver.strategy import table

        return table(self.rules).expected()

    @property
    def regret(self) -> float:
        """The optimum less the mean score (an estimate: see :attr:`interval`)."""
        return self.optimum - self.mean

    def __str__(self) -> str:
        low, high = self.interval
        return (f"mean score {self.mean:.2f} over {self.games} games (95% interval {low:.2f} to "
                f"{high:.2f}); the optimum is {self.optimum:.4f}")


def mean_score(policy: Policy, games: int = 1000, seed: int = 0,
               rules: Rules | None = None) -> MeanScore:
    """``policy``'s final scores over ``games`` solitaire games of Yahtzee."""
    from parlour.games.yahtzee.game import GAME

    if games < 1:
        raise ValueError(f"play at least one game, not {games}")
    rules = rules or Rules()
    bot = as_bot(GAME, policy, rules, 1)
    rng = make_rng(seed)
    scores = []
    for _ in range(games):
        state = play(GAME, rules, [bot], rng).state
        scores.append(GAME.seat_scores(state)[0][-1])
    return MeanScore(rules, tuple(scores))


__all__ = ["MeanScore", "mean_score"]
