"""Exact baselines of Shut the Box: a policy's chance of shutting the box and expected score,
walked exactly, against the solver's optimum."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from parlour.agents.simulate import simulate
from parlour.core import registry
from parlour.envs.encoding import Encoding, Observation, flat
from parlour.envs.evaluate.shut_the_box import (
    evaluate_agent,
    evaluate_bot,
    evaluate_table,
    optimal_table,
)
from parlour.games.shut_the_box.engine import flip_masks
from parlour.games.shut_the_box.moves import Flip, Move, Throw
from parlour.games.shut_the_box.rules import OneDie, Rules, Scoring
from parlour.games.shut_the_box.solver import Objective, solve
from parlour.games.shut_the_box.view import ShutTheBoxView

MANUAL = Rules()


def test_the_optimal_policies_have_no_regret_and_the_published_optima() -> None:
    for_shut = evaluate_table(optimal_table(MANUAL, Objective.shut()))
    assert for_shut.shut == Fraction(956177159, 9795520512) == for_shut.optimum_shut
    assert round(float(for_shut.shut) * 100, 5) == 9.76137
    assert for_shut.shut_regret == 0 and for_shut.score_regret > 0
    for_score = evaluate_table(optimal_table(MANUAL, Objective.score()))
    assert for_score.score == for_score.optimum_score == Fraction(431363714383, 39182082048)
    assert round(float(for_score.score), 4) == 11.0092
    assert for_score.score_regret == 0 and for_score.shut_regret > 0


def test_the_walk_agrees_with_the_solvers_own_outcome_distribution() -> None:
    rules = Rules(tiles=10, one_die=OneDie.LOW_TOTAL, scoring=Scoring.DIGITS)
    value = evaluate_table(optimal_table(rules, Objective.score()), rules)
    solution = solve(10, OneDie.LOW_TOTAL, Scoring.DIGITS, Objective.score(), exact=True)
    assert value.outcomes == solution.outcome_distribution()
    assert sum(value.outcomes.values()) == 1


def test_a_table_as_a_mapping_of_moves() -> None:
    best = optimal_table(MANUAL)
    table: dict[tuple[int, int | None], Move | int] = {}
    for mask in range(1, 512):
        table[(mask, None)] = Throw(best(mask, None))
        for total in range(1, 13):
            if flip_masks(mask, total):  # else the throw cannot be used
                table[(mask, total)] = Flip.of_mask(best(mask, total))
    assert evaluate_table(table).shut_regret == 0
    del table[(0b111111111, 8)]
    with pytest.raises(KeyError, match="1 2 3 4 5 6 7 8 9 open after a throw of 8"):
        evaluate_table(table)


def test_an_illegal_choice_is_refused_naming_the_legal_ones() -> None:
    with pytest.raises(ValueError,
                       match="1\\+3 thrown the policy covered 2\\+1: the legal flips are 4, 3\\+1"):
        evaluate_table(lambda mask, total: 2 if total is None else 0b11)
    best = optimal_table(MANUAL)
    with pytest.raises(ValueError, match="threw 3 dice: the legal throws are 1 or 2"):
        evaluate_table(lambda mask, total: 3 if total is None else best(mask, total))


def test_bots_exactly_the_optimal_bot_has_no_regret() -> None:
    assert evaluate_bot("optimal").shut_regret == 0
    greedy = evaluate_bot("greedy")
    assert 0 < greedy.shut_regret < Fraction(1, 100) and greedy.score_regret > 0
    assert str(greedy) == ("P(shut) 9.4766% (best 9.7614%, regret 0.2848 points); expected score "
                           "11.2404 (best 11.0092, regret 0.2312)")
    # the greedy bot's exact chance against 4,000 of its games through the driver
    result = simulate(registry.get("shut-the-box"), MANUAL, ["greedy"], 4000, seed=5).to_json()
    rate = result["seats"][0]["shut_rate"]
    p = float(greedy.shut)
    assert abs(rate - p) < 4 * (p * (1 - p) / 4000) ** 0.5


class TotalsEncoding(Encoding[Rules, Move, ShutTheBoxView]):
    """A small encoding for the test: the open tiles, the dice, one action a throw or a flip mask."""

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.rules.tiles + 2,)

    def observe(self, view: ShutTheBoxView, pending: Sequence[int] = ()) -> Observation:
        state = view.state
        tiles = [state.open_for(0) >> t & 1 for t in range(self.rules.tiles)]
        dice = state.dice[0] if state.status[0].value == "place" else ()
        return flat([tiles, len(dice) / 2, sum(dice) / 12])

    @property
    def actions(self) -> int:
        return 2 + (1 << self.rules.tiles)

    def code(self, view: ShutTheBoxView, move: Move) -> tuple[int, ...]:
        return (move.dice - 1,) if isinstance(move, Throw) else (2 + move.mask,)

    def action_name(self, action: int) -> str:
        return f"throw {action + 1}" if action < 2 else "+".join(map(str, Flip.of_mask(action - 2).tiles))

    def fields(self) -> Sequence[tuple[str, int, str]]:
        return (("tiles", self.rules.tiles, "open"), ("dice", 1, "thrown"), ("total", 1, "sum"))


def test_an_agent_over_observations_is_walked_as_the_environment_shows_it() -> None:
    best = optimal_table(MANUAL)

    def agent(observation: Any, mask: Any) -> int:
        open_mask = sum(1 << t for t in range(9) if observation[t])
        total = round(observation[10] * 12) if observation[9] else None
        choice = best(open_mask, total)
        action = choice - 1 if total is None else 2 + choice
        assert mask[action] == 1
        return action

    value = evaluate_agent(agent, MANUAL, encoding=TotalsEncoding(MANUAL, 1))
    assert value.shut_regret == 0
    with pytest.raises(ValueError,
                       match="the agent chose action 0, not a legal one: 5 \\(2\\+1\\), 6 \\(3\\)"):
        evaluate_agent(lambda observation, mask: int(np.argmin(mask)), MANUAL,
                       encoding=TotalsEncoding(MANUAL, 1))


def test_an_agent_of_the_real_environment_walked_exactly() -> None:
    """The game's own encoding: an agent reading the tiles and the dice off the observation and
    playing the solver's moves has no regret; one always taking the first legal action has the
    regret the learning example starts from."""
    from parlour.games.shut_the_box.encoding import action_of, move_of

    encoding = registry.get("shut-the-box").encoding(MANUAL, 1)
    assert encoding is not None
    offsets = np.cumsum([0] + [length for _, length, _ in encoding.fields()])
    where = {name: offsets[i] for i, (name, _, _) in enumerate(encoding.fields())}
    best = optimal_table(MANUAL)

    def agent(observation: Any, mask: Any) -> int:
        tiles = observation[where["flippable"]:where["flippable"] + 9]
        open_mask = sum(1 << t for t in range(9) if tiles[t])
        total = round(float(observation[where["dice"]:where["dice"] + 2].sum()) * 6)
        move = Throw(best(open_mask, None)) if total == 0 else Flip.of_mask(best(open_mask, total))
        assert mask[action_of(move)] == 1 and move_of(action_of(move)) == move
        return action_of(move)

    assert evaluate_agent(agent).shut_regret == 0
    first = evaluate_agent(lambda observation, mask: int(np.flatnonzero(mask)[0]))
    assert round(float(first.shut_regret) * 100, 4) == 8.6964
