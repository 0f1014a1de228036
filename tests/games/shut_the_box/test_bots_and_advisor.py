"""The advisor ranks with the solver's exact values; the bots play as documented and are strong."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from parlour.agents import make_bot
from parlour.agents.simulate import simulate
from parlour.core.protocol import CHANCE
from parlour.games.shut_the_box import GAME, Flip, Mode, Rules, Status, Throw
from parlour.games.shut_the_box.advisor import advise
from parlour.games.shut_the_box.rules import OneDie, Scoring, mask_of
from parlour.games.shut_the_box.solver import Objective, solve, solve_long_game
from parlour.games.shut_the_box.solver.goals import goal_for


def scripted(rules: Rules, players: int, actions: list[str]):
    state = GAME.initial_state(rules, players)
    for text in actions:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.parse_action(state, seat, text))
    return state


def random_states(rules: Rules, players: int, count: int, seed: int = 0):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = GAME.initial_state(rules, players)
        while not GAME.is_terminal(state):
            actors = GAME.to_act(state)
            if actors == (CHANCE,):
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            seat = rng.choice(actors)
            out.append((state, seat))
            state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    return out[:count]


def test_solo_advice_is_the_exact_chance_to_shut_for_every_choice():
    state = scripted(Rules(), 1, ["roll 2", "4,4"])
    hint = advise(state, 0, exact=True)
    shut = solve(9, OneDie.HIGH_TILES, Scoring.SUM, Objective.shut(), exact=True)
    expected = shut.flip_values(mask_of(range(1, 10)), 8)
    assert [(o.move, o.exact) for o in hint.options] == [(Flip.of_mask(m), v) for m, v in expected]
    assert hint.options[0].move == Flip((8,))
    assert "shut the box" in hint.summary and "chance to shut the box" in hint.options[0].explanation
    assert [o.value for o in hint.options] == sorted((o.value for o in hint.options), reverse=True)


def test_the_one_or_two_dice_decision_is_ranked_too():
    # 7, 8, 9 covered, 1-6 open: one die is allowed
    state = scripted(Rules(), 1, ["roll 2", "4,5", "9", "roll 2", "4,4", "8", "roll 2", "3,4", "7"])
    assert GAME.legal_moves(state, 0) == (Throw(1), Throw(2))
    hint = GAME.advise(state, 0)
    assert {o.move for o in hint.options} == {Throw(1), Throw(2)}
    values = solve(9, OneDie.HIGH_TILES, Scoring.SUM, Objective.shut()).dice_values(0b111111)
    assert {o.move.dice: o.value for o in hint.options} == pytest.approx(values)


def test_the_second_player_aims_to_beat_the_first_players_score():
    # Ann covers 9, 8, 7, 6, 5 and then cannot use 12: she scores 1 + 2 + 3 + 4 = 10
    state = scripted(Rules(), 2, ["roll 2", "4,5", "9", "roll 2", "4,4", "8", "roll 2", "3,4", "7",
                                  "roll 2", "3,3", "6", "roll 2", "2,3", "5", "roll 2", "6,6"])
    assert state.scores[0] == 10 and state.status[1] is Status.THROW
    goal = goal_for(state, 1)
    assert goal.kind == "beat" and goal.target == 10 and goal.share == Fraction(1, 2)
    hint = GAME.advise(state, 1)
    assert "beat 10" in hint.summary and "chance to win the round" in hint.options[0].explanation


def test_nobody_finished_means_best_chance_against_those_to_come_and_solo_means_shut():
    lead = goal_for(GAME.initial_state(Rules(), 3), 0)
    assert lead.kind == "lead" and lead.target == 2 and "2 other players" in lead.description
    many_scores = GAME.initial_state(Rules(tiles=12, scoring=Scoring.DIGITS), 2)
    assert goal_for(many_scores, 0).kind == "score"
    assert goal_for(GAME.initial_state(Rules(), 1), 0).kind == "shut"
    cumulative = GAME.initial_state(Rules(mode=Mode.CUMULATIVE), 2)
    assert goal_for(cumulative, 0).kind == "survive" and goal_for(cumulative, 0).target == 45
    assert goal_for(GAME.initial_state(Rules(mode=Mode.LONG), 2), 0).kind == "long"


def test_the_optimal_bot_plays_the_advisors_first_choice_everywhere():
    bot = make_bot(GAME, "optimal", Rules())
    for rules, players in [(Rules(), 1), (Rules(), 3), (Rules(tiles=12, scoring=Scoring.DIGITS), 2),
                           (Rules(mode=Mode.LONG), 2), (Rules(mode=Mode.CUMULATIVE), 3),
                           (Rules(mode=Mode.SIMULTANEOUS), 2)]:
        for state, seat in random_states(rules, players, 60, seed=players):
            legal = GAME.legal_moves(state, seat)
            choice = bot.choose(GAME, GAME.view(state, seat), legal, random.Random(0))
            hint = GAME.advise(state, seat)
            best = hint.options[0].value
            assert choice in legal
            chosen = next(o for o in hint.options if o.move == choice)
            assert chosen.value == pytest.approx(best, abs=1e-12)


def test_long_game_advice_is_the_solved_chance_to_win():
    state = scripted(Rules(mode=Mode.LONG), 2, ["roll 2", "3,5"])
    hint = GAME.advise(state, 0)
    solution = solve_long_game(9, OneDie.HIGH_TILES, True)
    expected = solution.flip_values(0b111111111, 8, 0)
    assert [o.move for o in hint.options] == [Flip.of_mask(m) for m, _ in expected]
    assert "chance to win the game" in hint.options[0].explanation


def test_the_greedy_bot_covers_the_highest_tile_with_the_fewest_tiles():
    state = scripted(Rules(), 1, ["roll 2", "3,5"])
    bot = make_bot(GAME, "greedy", Rules())
    assert bot.choose(GAME, GAME.view(state, 0), GAME.legal_moves(state, 0), random.Random()) == Flip((8,))
    state = scripted(Rules(), 1, ["roll 2", "3,5", "8", "roll 2", "4,5"])  # 9 open: takes 9
    assert bot.choose(GAME, GAME.view(state, 0), GAME.legal_moves(state, 0), random.Random()) == Flip((9,))


@pytest.mark.parametrize(("strong", "weak", "games"), [("optimal", "random", 3000),
                                                        ("greedy", "random", 3000)])
def test_stronger_bots_shut_the_box_more_often(strong, weak, games):
    a = simulate(GAME, Rules(), [strong], games, seed=7).to_json()["seats"][0]
    b = simulate(GAME, Rules(), [weak], games, seed=8).to_json()["seats"][0]
    margin = 3 * (a["shut_rate_se"] ** 2 + b["shut_rate_se"] ** 2) ** 0.5
    assert a["shut_rate"] - b["shut_rate"] > margin


@pytest.mark.slow
@pytest.mark.parametrize("doubles", [True, False])
def test_optimal_long_games_are_won_as_often_as_the_solver_says(doubles):
    """Engine and solver agree: the coverer's simulated win rate is the solved chance."""
    rules = Rules(mode=Mode.LONG, doubles_extra_turn=doubles)
    solved = solve_long_game(9, OneDie.HIGH_TILES, doubles).win_probability(0b111111111, 0)
    seat = simulate(GAME, rules, ["optimal", "optimal"], 8000, seed=3).to_json()["seats"][0]
    assert abs(seat["win_rate"] - solved) < 3 * seat["win_rate_se"], (seat["win_rate"], solved)


def test_the_first_players_aim_values_each_score_by_the_replys_exact_chance():
    from parlour.games.shut_the_box.solver.goals import beaten

    lost_to = beaten(9, OneDie.HIGH_TILES, Scoring.SUM, True)
    assert lost_to[0] == 0  # a shut box has won outright
    reply = solve(9, OneDie.HIGH_TILES, Scoring.SUM, Objective.below(10), exact=True).value(511)
    tie = solve(9, OneDie.HIGH_TILES, Scoring.SUM, Objective.below(11), exact=True).value(511)
    # a reply to 10 wins outright below 10 and half on 10: between P(< 10) and P(< 11) at best
    assert reply < lost_to[10] < tie
    assert all(lost_to[a] <= lost_to[b] for a, b in zip(sorted(lost_to), sorted(lost_to)[1:], strict=False))


@pytest.mark.slow
def test_heads_up_the_first_optimal_player_wins_the_solved_share():
    from parlour.games.shut_the_box.solver.policy import valued_moves

    goal, ranked = valued_moves(GAME.initial_state(Rules(), 2), 0)
    assert goal.kind == "lead"
    solved = ranked[0].value
    seat = simulate(GAME, Rules(), ["optimal", "optimal"], 8000, seed=5).to_json()["seats"][0]
    assert abs(seat["win_rate"] - solved) < 3 * seat["win_rate_se"], (seat["win_rate"], solved)
