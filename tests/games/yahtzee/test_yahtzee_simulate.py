"""The fast simulation of the optimal strategy: it plays as the bot does, and agrees with the solver.

The strategy tables live in the session's temporary cache (``conftest.py``); the
second moments (for the standard deviation) are only used if they are already
there -- solving them takes several seconds more.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from parlour.core.protocol import CHANCE
from parlour.games.yahtzee import GAME, Box, Joker, Roll, Rules, Score, State
from parlour.games.yahtzee.bots.optimal import OptimalBot
from parlour.games.yahtzee.rules import YAHTZEE
from parlour.games.yahtzee.solver import simulate as sim
from parlour.games.yahtzee.solver import store, strategy
from parlour.games.yahtzee.solver.simulate import SimulationSummary, TracedTurn, simulate_optimal
from parlour.games.yahtzee.solver.strategy import YahtzeeTable

GAMES = 100_000
SEED = 20261121
SD_QUOTED = 59.6117
"""The standard deviation quoted for Verhoeff's optimal player (the solver's own is 59.6114)."""


@pytest.fixture(scope="session")
def manual(cache_folder: Path) -> YahtzeeTable:
    return strategy.table(Rules())


# ---- the solver's value -----------------------------------------------------------------------


@pytest.mark.slow
def test_a_hundred_thousand_games_agree_with_the_solver(manual: YahtzeeTable, cache_folder: Path) -> None:
    result = simulate_optimal(Rules(), GAMES, SEED, manual)
    assert result.games == GAMES and result.expected == manual.expected()
    se = result.sd / math.sqrt(GAMES)
    assert result.se == pytest.approx(se)
    assert abs(result.mean - manual.expected()) < 3 * se, result.to_json()
    # the spread: the solver's exact figure if it is at hand (cached), else the published one
    moments = store.cache_file(manual.variant, cache_folder, moments=True)
    exact = strategy.table(Rules(), moments=True).sd() if moments.exists() else SD_QUOTED
    centred = result.scores - result.mean
    kurtosis = float(np.mean(centred**4)) / result.sd**4
    se_sd = result.sd * math.sqrt((kurtosis - 1) / (4 * GAMES))  # the sample sd's standard error
    assert abs(result.sd - exact) < 4 * se_sd, (result.sd, exact, se_sd)
    # sanity ranges for optimal play (this seed: the upper bonus in 68.3% of games, 50 for a Yahtzee in 33.6%)
    assert 0.67 < result.upper_bonuses / GAMES < 0.69
    assert 0.33 < result.yahtzees / GAMES < 0.35
    assert sum(result.yahtzee_bonuses.values()) == GAMES
    assert result.percentile(0) >= 0 and result.percentile(100) <= 1575


# ---- the simulation plays as the bot does ---------------------------------------------------


def replay(rules: Rules, turns: tuple[TracedTurn, ...]) -> State:
    """A traced game through the engine, with the optimal bot making every move.

    Chance throws the traced dice; each of the bot's moves must be the traced one.
    """
    bot, rng = OptimalBot(), random.Random(0)
    state = GAME.initial_state(rules, 1)
    for n, turn in enumerate(turns, start=1):
        wanted = [Roll(()), *(Roll(k) for k in turn.keeps), Score(turn.box)]
        throws = list(turn.throws)
        while wanted:
            (seat,) = GAME.to_act(state)
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, throws.pop(0))
                continue
            move = bot.choose(GAME, GAME.view(state, seat), GAME.legal_moves(state, seat), rng)
            assert move == wanted.pop(0), f"turn {n}, dice {state.dice}: the bot chose {move}"
            chips = state.card.yahtzee_bonuses
            state = GAME.apply(state, seat, move)
            if isinstance(move, Score):
                assert state.cards[0][move.box] == turn.points
                assert state.cards[0].yahtzee_bonuses - chips == turn.bonus
        assert not throws
    assert GAME.is_terminal(state)
    return state


def final_dice(turn: TracedTurn) -> tuple[int, ...]:
    return tuple(sorted(turn.throws[-1] + (turn.keeps[-1] if turn.keeps else ())))


def interesting(result: SimulationSummary, plain: int, special: int) -> list[int]:
    """The first ``plain`` traced games, and up to ``special`` later ones with an extra Yahtzee."""
    extra = [g for g, turns in enumerate(result.traces)
             if g >= plain and sum(len(set(final_dice(t))) == 1 for t in turns) >= 2]
    return list(range(plain)) + extra[:special]


@pytest.mark.parametrize("rules", [Rules(), Rules(joker=Joker.FORCED), Rules(bonus_needs_fifty=False),
                                   Rules(five_kind_house=True)],
                         ids=["manual", "forced-joker", "bonus-any", "five-kind-house"])
def test_the_simulation_plays_exactly_as_the_optimal_bot(rules: Rules, cache_folder: Path) -> None:
    plain, special = (40, 20) if rules == Rules() else (10, 10)
    result = simulate_optimal(rules, 3000, 7, trace=3000)
    assert len(result.traces) == 3000
    games = interesting(result, plain, special)
    assert len(games) > plain  # some games with an extra Yahtzee are among them
    for g in games:
        state = replay(rules, result.traces[g])
        card = state.cards[0]
        assert card.total == result.scores[g], f"game {g}"
        assert card.yahtzee_bonuses == sum(t.bonus for t in result.traces[g])
        assert card.boxes == tuple(t.points for t in sorted(result.traces[g], key=lambda t: t.box.index))


def test_traces_are_the_scores(manual: YahtzeeTable) -> None:
    result = simulate_optimal(Rules(), 500, 3, manual, trace=500)
    for g, turns in enumerate(result.traces):
        assert len({t.box for t in turns}) == len(turns) == 13
        for t in turns:
            assert len(t.throws) == len(t.keeps) + 1 and len(t.throws[0]) == 5
            assert all(len(x) + len(k) == 5 for x, k in zip(t.throws[1:], t.keeps, strict=True))
        card = [t.points for t in sorted(turns, key=lambda t: t.box.index)]
        upper = sum(card[:6])
        total = sum(card) + (35 if upper >= 63 else 0) + 100 * sum(t.bonus for t in turns)
        assert total == result.scores[g]
        assert not any(t.bonus for t in turns) or card[Box.YAHTZEE.index] == YAHTZEE


# ---- determinism ------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_games(manual: YahtzeeTable, monkeypatch: pytest.MonkeyPatch) -> None:
    first = simulate_optimal(Rules(), 2000, 5, manual, trace=5)
    again = simulate_optimal(Rules(), 2000, 5, manual, trace=5)
    assert np.array_equal(first.scores, again.scores) and first.traces == again.traces
    assert first.to_json() | {"seconds": 0} == again.to_json() | {"seconds": 0}
    other = simulate_optimal(Rules(), 2000, 6, manual)
    assert not np.array_equal(first.scores, other.scores)
    # the games do not depend on how the positions are batched
    monkeypatch.setattr(sim, "BATCH_COLUMNS", 7)
    small = simulate_optimal(Rules(), 2000, 5, manual, trace=5)
    assert np.array_equal(first.scores, small.scores) and first.traces == small.traces


def test_the_summary(manual: YahtzeeTable) -> None:
    calls: list[tuple[int, int]] = []
    result = simulate_optimal(Rules(), 300, 1, manual, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(t, 13) for t in range(1, 14)]
    data = result.to_json()
    assert data["games"] == 300 and data["seed"] == 1 and data["expected"] == manual.expected()
    assert data["mean"] == pytest.approx(float(np.mean(result.scores)))
    assert data["percentiles"]["50"] == result.percentile(50)
    assert sum(result.histogram().values()) == 300 and min(result.histogram()) % 25 == 0
    assert result.z == pytest.approx((result.mean - result.expected) / result.se)
    with pytest.raises(ValueError, match="at least one game"):
        simulate_optimal(Rules(), 0, 1, manual)
    with pytest.raises(ValueError, match="the table is for"):
        simulate_optimal(Rules(joker=Joker.FORCED), 10, 1, manual)
