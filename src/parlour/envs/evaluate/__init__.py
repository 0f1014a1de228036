"""Exact baselines: what a policy is worth, beside the best play where Parlour solves the game.

* :mod:`.shut_the_box`: a policy's exact chance of shutting the box and expected score, and its
  regret against the optimum (9.76137% and 11.0092 under the manual's rules);
* :mod:`.blackjack`: a strategy chart's exact expectation against the best play's for the same
  rules (-6.4047% for the manual's game with an infinite deck);
* :mod:`.yahtzee`: a policy's mean score by simulation, with a confidence interval, beside the
  optimum (254.5896 under the manual's rules);
* :mod:`.versus`: for every game, a policy's win rate against each of Parlour's bots, with a margin.

A policy is a table over the solver's states where a game is solved, a Parlour bot (by name or
object), or an agent of the learning environments: a callable ``(observation, action_mask) ->
action`` over the game's encoding (:mod:`.agents`).  Nothing here imports PettingZoo or Gymnasium.
"""

from parlour.envs.evaluate.agents import Agent, AgentBot, Policy, as_bot
from parlour.envs.evaluate.blackjack import ChartValue, best_chart, evaluate_chart, stand_on
from parlour.envs.evaluate.shut_the_box import (
    BoxValue,
    evaluate_agent,
    evaluate_bot,
    evaluate_table,
    optimal_table,
)
from parlour.envs.evaluate.versus import WinRate, wilson, win_rates
from parlour.envs.evaluate.yahtzee import MeanScore, mean_score

__all__ = ["Agent", "AgentBot", "BoxValue", "ChartValue", "MeanScore", "Policy", "WinRate", "as_bot",
           "best_chart", "evaluate_agent", "evaluate_bot", "evaluate_chart", "evaluate_table",
           "mean_score", "optimal_table", "stand_on", "wilson", "win_rates"]
