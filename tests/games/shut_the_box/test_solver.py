"""Tests of the Shut the Box solver, checked against independent brute force."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import combinations, pairwise, product

import pytest

from parlour.core.errors import RulesError
from parlour.games.shut_the_box.rules import OneDie, Scoring, mask_of, one_die_allowed, tiles_of
from parlour.games.shut_the_box.solver import (
    LongGameSolution,
    Objective,
    ObjectiveKind,
    Solution,
    clear_cache,
    legal_flips,
    solve,
    solve_long_game,
    solve_utility,
    throw_distribution,
)

FULL9 = 0b111111111
MANUAL = (9, OneDie.HIGH_TILES, Scoring.SUM)
PUBLISHED = Fraction(956177159, 9795520512)

# ---- brute force: plain recursion over frozensets, dice thrown face by face ----

Tiles = frozenset[int]
DICE = {n: list(product(range(1, 7), repeat=n)) for n in (1, 2)}


@cache
def brute_flips(open_tiles: Tiles, total: int) -> tuple[Tiles, ...]:
    """Every set of open tiles adding up to ``total``."""
    return tuple(
        frozenset(combo)
        for size in range(1, len(open_tiles) + 1)
        for combo in combinations(sorted(open_tiles), size)
        if sum(combo) == total
    )


def dice_choices(one_die: OneDie, open_tiles: Tiles) -> list[int]:
    return [1, 2] if one_die_allowed(one_die, mask_of(sorted(open_tiles))) else [2]


def brute_turn(one_die: OneDie, utility: Callable[[Tiles], Fraction]) -> Callable[[Tiles], Fraction]:
    """Expectimax of one turn: the best expected utility before a throw."""

    @cache
    def value(open_tiles: Tiles) -> Fraction:
        return max(throw(open_tiles, n) for n in dice_choices(one_die, open_tiles))

    def throw(open_tiles: Tiles, ndice: int) -> Fraction:
        total = Fraction(0)
        for faces in DICE[ndice]:
            options = [value(open_tiles - f) for f in brute_flips(open_tiles, sum(faces))]
            total += max(options) if options else utility(open_tiles)
        return total / len(DICE[ndice])

    return value


BRUTE_UTILITIES: dict[str, Callable[[Tiles], Fraction]] = {
    "shut": lambda tiles: Fraction(not tiles),
    "score": lambda tiles: Fraction(-sum(tiles)),
    "below:10": lambda tiles: Fraction(sum(tiles) < 10),
}


def tiles_set(mask: int) -> Tiles:
    return frozenset(tiles_of(mask))


# ---- the published figure --------------------------------------------------


def test_published_optimum_exact() -> None:
    solution = solve(*MANUAL, Objective.shut(), exact=True)
    assert solution.value(FULL9) == PUBLISHED
    assert isinstance(solution.value(FULL9), Fraction)


def test_published_optimum_float() -> None:
    value = solve(*MANUAL, Objective.shut()).value(FULL9)
    assert isinstance(value, float)
    assert value == pytest.approx(0.0976137, abs=5e-8)
    assert value == pytest.approx(float(PUBLISHED), rel=1e-13)


# ---- brute-force cross-checks -------------------------------------------------


@pytest.mark.parametrize("one_die", [OneDie.HIGH_TILES, OneDie.LOW_TOTAL])
@pytest.mark.parametrize("text", sorted(BRUTE_UTILITIES))
def test_matches_brute_force_on_every_mask(one_die: OneDie, text: str) -> None:
    solution = solve(9, one_die, Scoring.SUM, Objective.parse(text), exact=True)
    brute = brute_turn(one_die, BRUTE_UTILITIES[text])
    for mask in range(1 << 9):
        assert solution.value(mask) == brute(tiles_set(mask)), (text, tiles_of(mask))


def test_dice_values_match_brute_force() -> None:
    solution = solve(*MANUAL, Objective.shut(), exact=True)
    brute = brute_turn(OneDie.HIGH_TILES, BRUTE_UTILITIES["shut"])
    for mask in (0b111, 0b101101, 0b111111, 0b1010):
        open_tiles = tiles_set(mask)
        for ndice, value in solution.dice_values(mask).items():
            faces = DICE[ndice]
            expected = sum(
                (max((brute(open_tiles - f) for f in brute_flips(open_tiles, sum(d))),
                     default=Fraction(not open_tiles)) for d in faces),
                Fraction(0),
            ) / len(faces)
            assert value == expected


@pytest.mark.parametrize("tiles", [9, 10])
@pytest.mark.parametrize("scoring", list(Scoring))
@pytest.mark.parametrize("text", ["shut", "score", "below:10", "below:25"])
def test_float_agrees_with_exact(tiles: int, scoring: Scoring, text: str) -> None:
    objective = Objective.parse(text)
    exact = solve(tiles, OneDie.HIGH_TILES, scoring, objective, exact=True)
    approx = solve(tiles, OneDie.HIGH_TILES, scoring, objective)
    for mask in range(1 << tiles):
        assert approx.value(mask) == pytest.approx(float(exact.value(mask)), rel=1e-12, abs=1e-15)


def test_float_agrees_with_exact_on_twelve_tiles() -> None:
    objective = Objective.below(12)
    exact = solve(12, OneDie.LOW_TOTAL, Scoring.SUM, objective, exact=True)
    approx = solve(12, OneDie.LOW_TOTAL, Scoring.SUM, objective)
    for mask in range(0, 1 << 12, 7):
        assert approx.value(mask) == pytest.approx(float(exact.value(mask)), rel=1e-12, abs=1e-15)


# ---- flips and throws ----------------------------------------------------------


def test_legal_flips_for_eight_on_full_box() -> None:
    expected = [[8], [7, 1], [6, 2], [5, 3], [5, 2, 1], [4, 3, 1]]
    assert legal_flips(FULL9, 8, 9) == [mask_of(t) for t in expected]


def test_legal_flips_when_stuck() -> None:
    assert legal_flips(mask_of([1, 5, 9]), 4, 9) == []
    assert legal_flips(0, 7, 9) == []
    assert legal_flips(FULL9, 0, 9) == []


@pytest.mark.parametrize("tiles", [9, 10, 12])
def test_legal_flips_match_combinations_in_documented_order(tiles: int) -> None:
    rng = random.Random(tiles)
    masks = [(1 << tiles) - 1, *(rng.randrange(1 << tiles) for _ in range(60))]
    for mask in masks:
        for total in range(1, 13):
            flips = brute_flips(tiles_set(mask), total)
            # fewer tiles first; among equals the higher tiles (read from the top) first
            by_order = sorted(flips, key=lambda f: (len(f), [-t for t in sorted(f, reverse=True)]))
            assert legal_flips(mask, total, tiles) == [mask_of(sorted(f)) for f in by_order]


def test_legal_flips_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        legal_flips(1 << 9, 8, 9)
    with pytest.raises(RulesError):
        legal_flips(1, 1, 13)


def test_throw_distribution() -> None:
    one = throw_distribution(1)
    assert one == tuple(((k,), Fraction(1, 6)) for k in range(1, 7))
    two = throw_distribution(2)
    assert [faces for faces, _ in two] == sorted((a, b) for a in range(1, 7) for b in range(a, 7))
    assert sum(p for _, p in two) == 1
    for faces, p in two:
        assert p == (Fraction(1, 36) if faces[0] == faces[1] else Fraction(2, 36))
    with pytest.raises(ValueError):
        throw_distribution(3)


# ---- the solution's policy --------------------------------------------------------


def test_flip_values_best_first_and_consistent() -> None:
    solution = solve(*MANUAL, Objective.shut(), exact=True)
    for mask in (FULL9, 0b11110111, 0b101011):
        for total in range(2, 13):
            ranked = solution.flip_values(mask, total)
            assert sorted(f for f, _ in ranked) == sorted(legal_flips(mask, total, 9))
            assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)
            for flip, value in ranked:
                assert value == solution.value(mask ^ flip)
            best = solution.best_flip(mask, total)
            assert best == (ranked[0][0] if ranked else None)


def test_value_is_best_dice_value() -> None:
    solution = solve(*MANUAL, Objective.score(), exact=True)
    for mask in range(1, 1 << 9):
        dice = solution.dice_values(mask)
        assert set(dice) == ({1, 2} if mask < 1 << 6 else {2})
        assert solution.value(mask) == max(dice.values())
        assert dice[solution.best_dice(mask)] == max(dice.values())


def test_full_box_flips_for_eight_under_shut() -> None:
    solution = solve(*MANUAL, Objective.shut())
    assert solution.best_flip(FULL9, 8) == mask_of([8])
    assert solution.flip_values(mask_of([1, 5, 9]), 4) == []
    assert solution.best_flip(mask_of([1, 5, 9]), 4) is None


def test_ties_keep_documented_order() -> None:
    flat = solve_utility(9, OneDie.HIGH_TILES, [0] * 512, exact=True)
    for total in range(2, 13):
        legal = legal_flips(FULL9, total, 9)
        assert flat.flip_values(FULL9, total) == [(f, Fraction(0)) for f in legal]
    assert flat.dice_values(0b111) == {1: 0, 2: 0}
    assert flat.best_dice(0b111) == 2


def test_float_rounding_noise_counts_as_a_tie() -> None:
    noisy = [0.5 + 1e-15 * (mask % 7) for mask in range(512)]
    solution = solve_utility(9, OneDie.HIGH_TILES, noisy)
    assert [f for f, _ in solution.flip_values(FULL9, 8)] == legal_flips(FULL9, 8, 9)
    assert solution.best_dice(0b111) == 2


def test_one_die_chosen_when_better() -> None:
    solution = solve(*MANUAL, Objective.shut(), exact=True)
    only_one = mask_of([1])  # two dice can never make 1
    assert solution.dice_values(only_one) == {1: Fraction(1, 6), 2: 0}
    assert solution.best_dice(only_one) == 1


# ---- objectives compared ---------------------------------------------------------


def test_expected_score_matches_brute_force_and_is_sensible() -> None:
    solution = solve(*MANUAL, Objective.score(), exact=True)
    brute = brute_turn(OneDie.HIGH_TILES, BRUTE_UTILITIES["score"])
    expected = solution.expected_score(FULL9)
    assert expected == -brute(tiles_set(FULL9))
    assert 8 < expected < 14
    assert solution.expected_score(0) == 0
    assert solution.expected_score(mask_of([1])) == Fraction(5, 6)  # one die: 1/6 to shut
    with pytest.raises(ValueError):
        solve(*MANUAL, Objective.shut()).expected_score(FULL9)


def mean_score(dist: dict[int, Fraction]) -> Fraction:
    return sum((score * p for score, p in dist.items()), Fraction(0))


def test_score_policy_beats_shut_policy_on_expected_score() -> None:
    by_score = solve(*MANUAL, Objective.score(), exact=True).distribution()
    by_shut = solve(*MANUAL, Objective.shut(), exact=True).distribution()
    assert mean_score(by_score) < mean_score(by_shut)
    assert by_shut[0] > by_score[0]


@pytest.mark.parametrize("scoring", list(Scoring))
def test_below_is_monotone_in_target(scoring: Scoring) -> None:
    values = [solve(9, OneDie.HIGH_TILES, scoring, Objective.below(s)).value(FULL9)
              for s in range(50)]
    assert values[0] == 0
    assert all(a <= b for a, b in pairwise(values))
    assert values[1] < values[10] < values[30]
    if scoring is Scoring.SUM:
        assert values[46] == 1  # 45 is the highest sum
    else:
        assert values[46] < 1


def test_below_one_equals_shut() -> None:
    below = solve(*MANUAL, Objective.below(1), exact=True)
    shut = solve(*MANUAL, Objective.shut(), exact=True)
    assert all(below.value(m) == shut.value(m) for m in range(1 << 9))


# ---- distribution ---------------------------------------------------------------


def test_distribution_of_shut_policy() -> None:
    solution = solve(*MANUAL, Objective.shut(), exact=True)
    dist = solution.distribution()
    assert sum(dist.values()) == 1
    assert dist[0] == solution.value(FULL9) == PUBLISHED
    assert list(dist) == sorted(dist)
    assert all(p > 0 for p in dist.values())


@pytest.mark.parametrize("scoring", list(Scoring))
def test_distribution_mean_is_expected_score(scoring: Scoring) -> None:
    solution = solve(9, OneDie.HIGH_TILES, scoring, Objective.score(), exact=True)
    for mask in (FULL9, 0b110101110, 0b1011):
        dist = solution.distribution(mask)
        assert sum(dist.values()) == 1
        assert mean_score(dist) == solution.expected_score(mask)


def test_distribution_below_target_is_value() -> None:
    solution = solve(*MANUAL, Objective.below(10), exact=True)
    dist = solution.distribution()
    assert sum(p for s, p in dist.items() if s < 10) == solution.value(FULL9)


def test_distribution_in_floats() -> None:
    solution = solve(10, OneDie.LOW_TOTAL, Scoring.DIGITS, Objective.shut())
    dist = solution.distribution()
    assert sum(dist.values()) == pytest.approx(1.0, abs=1e-12)
    assert dist[0] == pytest.approx(solution.value(solution.all_tiles), rel=1e-12)
    outcomes = solution.outcome_distribution(0b1111)
    assert set(outcomes) <= set(range(16))
    assert solution.distribution(0) == {0: 1.0}


# ---- objectives as text, cache, validation -----------------------------------------


@pytest.mark.parametrize("text", ["shut", "score", "below:0", "below:10", "below:123"])
def test_objective_round_trip(text: str) -> None:
    objective = Objective.parse(text)
    assert str(objective) == text
    assert Objective.parse(str(objective)) == objective


def test_objective_parse_is_lenient_on_case_and_spaces() -> None:
    assert Objective.parse(" BELOW: 7 ") == Objective(ObjectiveKind.BELOW, 7)
    assert Objective.parse("Shut") == Objective.shut()


@pytest.mark.parametrize(
    "text", ["", "win", "below", "below:", "below:-3", "below:2.5", "below:x", "shut:1", "below:1:2"]
)
def test_objective_parse_errors(text: str) -> None:
    with pytest.raises(RulesError):
        Objective.parse(text)


def test_objective_invalid_construction() -> None:
    with pytest.raises(RulesError):
        Objective(ObjectiveKind.BELOW)
    with pytest.raises(RulesError):
        Objective.below(-1)
    with pytest.raises(RulesError):
        Objective(ObjectiveKind.SHUT, 3)


def test_negative_target_message_is_clear() -> None:
    with pytest.raises(RulesError, match="whole number of 0 or more"):
        Objective.parse("below:-3")


def test_solving_again_after_forgetting_gives_the_same_policy() -> None:
    first = solve(*MANUAL, Objective.below(7), exact=True)
    clear_cache()
    again = solve(*MANUAL, Objective.below(7), exact=True)
    assert [again.value(m) for m in range(1 << 9)] == [first.value(m) for m in range(1 << 9)]
    assert [again.best_flip(FULL9, t) for t in range(2, 13)] == [
        first.best_flip(FULL9, t) for t in range(2, 13)]


def test_solver_rejects_bad_input() -> None:
    with pytest.raises(RulesError):
        solve(13, OneDie.HIGH_TILES, Scoring.SUM, Objective.shut())
    with pytest.raises(ValueError):
        solve_utility(9, OneDie.HIGH_TILES, [0] * 100)
    with pytest.raises(ValueError):
        solve(*MANUAL, Objective.shut()).value(1 << 9)


# ---- the long game -----------------------------------------------------------------


def long_dice_value(game: LongGameSolution, mask: int, bank: int, ndice: int) -> float:
    """The mover's chance throwing ``ndice`` dice now, then playing on as the solution says."""
    full = game.all_tiles
    total = 0.0
    for faces in DICE[ndice]:
        after = game.bank_after(bank, faces)
        flips = [mask_of(sorted(f)) for f in brute_flips(tiles_set(mask), sum(faces))]
        if flips:
            total += max(game.win_probability(mask ^ f, after) for f in flips)
        elif after > 0:
            total += game.win_probability(mask, after - 1)
        else:
            total += 1.0 - game.win_probability(full ^ mask, 0)
    return total / len(DICE[ndice])


def long_bellman(game: LongGameSolution, mask: int, bank: int) -> float:
    """The right-hand side of the Bellman equation, throwing dice face by face."""
    choices = dice_choices(game.one_die, tiles_set(mask))
    return max(long_dice_value(game, mask, bank, n) for n in choices)


def reachable_states(tiles: int, doubles: bool) -> list[tuple[int, int]]:
    return [
        (mask, bank)
        for mask in range(1, 1 << tiles)
        for bank in range(tiles - mask.bit_count() + 1 if doubles else 1)
    ]


@pytest.mark.parametrize("doubles", [False, True])
def test_long_game_satisfies_bellman_everywhere_on_nine_tiles(doubles: bool) -> None:
    game = solve_long_game(9, OneDie.HIGH_TILES, doubles)
    for mask, bank in reachable_states(9, doubles):
        value = game.win_probability(mask, bank)
        assert 0.0 <= value <= 1.0
        assert value == pytest.approx(long_bellman(game, mask, bank), abs=1e-9)
        for ndice, chance in game.dice_values(mask, bank).items():
            assert chance == pytest.approx(long_dice_value(game, mask, bank, ndice), abs=1e-12)


@pytest.mark.parametrize(
    ("tiles", "one_die", "doubles"),
    [
        (10, OneDie.HIGH_TILES, True),
        (10, OneDie.LOW_TOTAL, False),
        (12, OneDie.NEVER, False),
        (12, OneDie.HIGH_TILES, True),
    ],
)
def test_long_game_satisfies_bellman_at_random_states(
    tiles: int, one_die: OneDie, doubles: bool
) -> None:
    game = solve_long_game(tiles, one_die, doubles)
    states = random.Random(tiles).sample(reachable_states(tiles, doubles), 300)
    for mask, bank in [(game.all_tiles, 0), *states]:
        assert game.win_probability(mask, bank) == pytest.approx(
            long_bellman(game, mask, bank), abs=1e-9
        )


def brute_long_game(tiles: int, one_die: OneDie, doubles: bool) -> dict[tuple[Tiles, int], float]:
    """Plain Jacobi value iteration over (open tiles, bank), dice thrown face by face."""
    full = frozenset(range(1, tiles + 1))
    states = [
        (frozenset(c), bank)
        for size in range(1, tiles + 1)
        for c in combinations(sorted(full), size)
        for bank in range(tiles - size + 1 if doubles else 1)
    ]
    win = dict.fromkeys(states, 0.5)

    def get(open_tiles: Tiles, bank: int) -> float:
        return 1.0 if not open_tiles else win[open_tiles, bank]

    def throw(open_tiles: Tiles, bank: int, ndice: int) -> float:
        total = 0.0
        for faces in DICE[ndice]:
            after = bank + (doubles and ndice == 2 and faces[0] == faces[1])
            flips = brute_flips(open_tiles, sum(faces))
            if flips:
                total += max(get(open_tiles - f, after) for f in flips)
            elif after:
                total += get(open_tiles, after - 1)
            else:
                total += 1.0 - get(full - open_tiles, 0)
        return total / len(DICE[ndice])

    for _ in range(20_000):
        new = {
            (o, b): max(throw(o, b, n) for n in dice_choices(one_die, o)) for o, b in states
        }
        change = max(abs(new[s] - win[s]) for s in states)
        win = new
        if change < 1e-14:
            return win
    raise AssertionError("brute force did not converge")


@pytest.mark.parametrize("doubles", [False, True])
@pytest.mark.parametrize("one_die", [OneDie.HIGH_TILES, OneDie.NEVER])
@pytest.mark.parametrize("tiles", [4, 5])
def test_long_game_matches_brute_force_on_small_boxes(
    tiles: int, one_die: OneDie, doubles: bool
) -> None:
    game = solve_long_game(tiles, one_die, doubles)
    for (open_tiles, bank), value in brute_long_game(tiles, one_die, doubles).items():
        assert game.win_probability(mask_of(sorted(open_tiles)), bank) == pytest.approx(
            value, abs=1e-10
        )


def test_long_game_fresh_box_and_sanity() -> None:
    game = solve_long_game(9, OneDie.HIGH_TILES, True)
    fresh = game.win_probability(game.all_tiles)
    assert 0.3 < fresh < 0.8
    assert game.win_probability(0) == 1.0
    assert game.win_probability(0, 5) == 1.0
    # a bank never hurts
    for mask in (0b1, 0b11000, 0b100000001):
        chances = [game.win_probability(mask, b) for b in range(9 - mask.bit_count() + 1)]
        assert all(a <= b + 1e-12 for a, b in pairwise(chances))
        assert chances[-1] > chances[0]
    # banks beyond the largest possible read as that largest bank
    assert game.win_probability(0b1, 50) == game.win_probability(0b1, 8)
    with pytest.raises(ValueError):
        game.win_probability(0b1, -1)


def test_bank_after_and_the_doubles_rule() -> None:
    plain = solve_long_game(9, OneDie.HIGH_TILES, False)
    assert plain.bank_after(0, (3, 3)) == 0
    extra = solve_long_game(9, OneDie.HIGH_TILES, True)
    assert extra.bank_after(2, (3, 3)) == 3
    assert extra.bank_after(2, (3, 4)) == 2
    assert extra.bank_after(2, (3,)) == 2
    assert plain.win_probability(plain.all_tiles) != extra.win_probability(extra.all_tiles)


def test_long_game_flip_and_dice_values() -> None:
    game = solve_long_game(9, OneDie.HIGH_TILES, True)
    for mask, bank in [(game.all_tiles, 0), (0b101100111, 2), (0b111, 5), (0b110, 0)]:
        dice = game.dice_values(mask, bank)
        assert set(dice) == ({1, 2} if mask < 1 << 6 else {2})
        assert max(dice.values()) == pytest.approx(game.win_probability(mask, bank), abs=1e-12)
        assert dice[game.best_dice(mask, bank)] == max(dice.values())
        for total in range(2, 13):
            ranked = game.flip_values(mask, total, bank + 1)
            assert sorted(f for f, _ in ranked) == sorted(legal_flips(mask, total, 9))
            assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)
            for flip, value in ranked:
                assert value == game.win_probability(mask ^ flip, bank + 1)
            assert game.best_flip(mask, total, bank + 1) == (ranked[0][0] if ranked else None)
    assert game.flip_values(0b1001, 5, 0) == [(0b1001, 1.0)]  # the last tiles win outright


def test_long_game_solutions_are_typed_and_repeatable() -> None:
    game = solve_long_game(9, OneDie.HIGH_TILES, False)
    clear_cache()
    again = solve_long_game(9, OneDie.HIGH_TILES, False)
    assert again.win_probability(FULL9) == game.win_probability(FULL9)
    assert again.sweeps == game.sweeps
    assert isinstance(game, LongGameSolution)
    assert game.sweeps > 1
    solution = solve(*MANUAL, Objective.shut())
    assert isinstance(solution, Solution)
