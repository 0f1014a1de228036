"""Shut the Box: the rules of the manual and the three rule sheets, and the engine's
documented readings of them (box sizes, the one-die rule, scoring, stakes and the
four ways of playing), driven through the public ``Game`` protocol."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import combinations

import pytest

from parlour.core.errors import IllegalMoveError, NotYourTurnError, RulesError
from parlour.core.protocol import CHANCE
from parlour.games.shut_the_box import (
    GAME,
    Flip,
    Mode,
    OneDie,
    Rules,
    Scoring,
    State,
    Status,
    Throw,
)

# ---- helpers -------------------------------------------------------------------

Step = str | tuple[int, str]
"""A scripted action: text for the (single) seat to act, or ``(seat, text)``."""


def new(players: int = 1, **rules: object) -> State:
    return GAME.initial_state(Rules(**rules), players)


def play(state: State, script: Iterable[Step]) -> State:
    """Play ``script`` through the text grammar and the checked ``apply``.

    A bare string is played by ``GAME.to_act(state)[0]`` (chance when a throw is
    pending); ``(seat, text)`` names the seat, for simultaneous play.
    """
    for step in script:
        if isinstance(step, tuple):
            seat, text = step
        else:
            actors = GAME.to_act(state)
            assert actors, f"the game is over, but the script still has {step!r}"
            seat, text = actors[0], step
        state = GAME.apply(state, seat, GAME.parse_action(state, seat, text))
    return state


def tiles(mask: int) -> set[int]:
    return {t for t in range(1, 13) if mask >> (t - 1) & 1}


def mask(*ts: int) -> int:
    return sum(1 << (t - 1) for t in set(ts))


def covered(state: State, board: int = 0) -> set[int]:
    return tiles(state.covered[board])


def with_covered(state: State, *ts: int, board: int = 0) -> State:
    """The same state with exactly these tiles covered on ``board`` (for rule grids)."""
    return dataclasses.replace(
        state, covered=(*state.covered[:board], mask(*ts), *state.covered[board + 1:])
    )


def throw(dice: str, n: int = 2) -> list[str]:
    return [f"roll {n}", dice]


# Scripts for a 9-tile box (sum rules), never throwing a double.
SEVEN_EIGHT_NINE = [*throw("3,6"), "9", *throw("2,6"), "8", *throw("1,6"), "7"]
"""Cover 9, 8 and 7 (three throws)."""
SHUT = [*SEVEN_EIGHT_NINE, *throw("5,6"), "6+5", *throw("4,6"), "4+3+2+1"]
"""Shut a 9-tile box in five throws."""
TO_159 = [*throw("2,6"), "8", *throw("1,6"), "7", *throw("1,5"), "6", *throw("4,5"), "4+3+2"]
"""Leave exactly 1, 5 and 9 open: the manual's example."""
DICE_FOR = {3: "1,2", 6: "1,5", 7: "1,6", 8: "2,6", 9: "3,6", 10: "4,6", 11: "5,6", 12: "6,6"}


def stuck_turn(total: int) -> list[str]:
    """A two-throw turn on a 9-tile box scoring ``45 - total`` (sum scoring).

    The first throw covers 1, 2 and ``total - 3`` (just 2+1 for a 3); the second
    throws 1+1 = 2, which cannot be used once 1 and 2 are covered.
    """
    flip = "2+1" if total == 3 else f"{total - 3}+2+1"
    return [*throw(DICE_FOR[total]), flip, *throw("1,1")]


def subsets_summing(open_tiles: Iterable[int], total: int) -> list[tuple[int, ...]]:
    """Oracle: every set of open tiles adding to ``total``, fewest first, then highest first."""
    pool = sorted(open_tiles, reverse=True)
    found = [c for k in range(1, len(pool) + 1) for c in combinations(pool, k) if sum(c) == total]
    return sorted(found, key=lambda c: (len(c), [-t for t in c]))


def refused(state: State, seat: int, action: object,
            error: type[IllegalMoveError] = IllegalMoveError) -> str:
    """Apply must refuse ``action`` with ``error`` and leave ``state`` as it was; the reason."""
    before = copy.deepcopy(state)
    with pytest.raises(error) as info:
        GAME.apply(state, seat, action)
    assert state == before and hash(state) == hash(before)
    assert info.value.reason == str(info.value)
    return info.value.reason


# ---- set-up: box sizes and player counts -------------------------------------------


@pytest.mark.parametrize("size", [9, 10, 12])
def test_box_sizes(size: int) -> None:
    state = new(tiles=size)
    assert state.rules.tiles == size
    assert covered(state) == set()
    assert GAME.view(state, 0).to_json()["boards"][0]["uncovered"] == list(range(1, size + 1))
    state = play(state, throw("6,6"))
    flips = GAME.legal_moves(state, 0)
    assert (Flip((12,)) in flips) is (size == 12)
    assert (Flip((11, 1)) in flips) is (size >= 11)
    assert (Flip((10, 2)) in flips) is (size >= 10)
    assert Flip((9, 3)) in flips


def test_default_box_has_nine_tiles() -> None:
    assert Rules().tiles == 9
    assert GAME.default_rules() == Rules()


@pytest.mark.parametrize("size", [0, 1, 8, 11, 13, 6])
def test_other_box_sizes_are_refused(size: int) -> None:
    with pytest.raises(RulesError, match=r"9, 10 or 12"):
        Rules(tiles=size)


@pytest.mark.parametrize("bad", [{"stake": -1}, {"rounds": 0}, {"drop_out_at": 0}])
def test_bad_rule_values_are_refused(bad: dict[str, int]) -> None:
    with pytest.raises(RulesError):
        Rules(**bad)


@pytest.mark.parametrize(
    ("mode", "low", "high"),
    [(Mode.ROUND, 1, 8), (Mode.LONG, 2, 2), (Mode.CUMULATIVE, 2, 8), (Mode.SIMULTANEOUS, 1, 4)],
)
def test_player_counts(mode: Mode, low: int, high: int) -> None:
    for players in range(low, high + 1):
        state = new(players, mode=mode)
        assert GAME.players(state) == players == len(GAME.returns(state))
    for players in (low - 1, high + 1):
        with pytest.raises(RulesError, match=rf"not {players}"):
            new(players, mode=mode)


# ---- a throw: the move, the chance node, the flip ---------------------------------


def test_a_throw_is_a_move_then_a_chance_node() -> None:
    state = new(2)
    assert GAME.to_act(state) == (0,)
    assert GAME.legal_moves(state, 0) == (Throw(2),)
    assert GAME.legal_moves(state, 1) == ()
    thrown = GAME.apply(state, 0, Throw(2))
    assert GAME.to_act(thrown) == (CHANCE,) and GAME.is_chance(thrown)
    assert thrown.pending == 0 and thrown.pending_dice == 2
    assert GAME.legal_moves(thrown, 0) == ()
    outcomes = GAME.chance_outcomes(thrown)
    assert outcomes is not None
    assert len(outcomes) == 21 and sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[(3, 5)] == Fraction(1, 18) and dict(outcomes)[(4, 4)] == Fraction(1, 36)
    placed = GAME.apply(thrown, CHANCE, (3, 5))
    assert GAME.to_act(placed) == (0,)
    assert placed.status[0] is Status.PLACE and placed.dice[0] == (3, 5)
    assert placed.pending is None


def test_flips_for_eight_on_a_full_box_are_the_manuals_list_in_order() -> None:
    state = play(new(), throw("3,5"))
    assert GAME.legal_moves(state, 0) == (
        Flip((8,)), Flip((7, 1)), Flip((6, 2)), Flip((5, 3)), Flip((5, 2, 1)), Flip((4, 3, 1)),
    )


def test_flips_for_seven_match_the_rule_sheet() -> None:
    # "7 = 6+1, 5+2, 4+3, 4+2+1" (and 7 itself)
    state = play(new(), throw("3,4"))
    flips = [f.tiles for f in GAME.legal_moves(state, 0)]
    assert flips == [(7,), (6, 1), (5, 2), (4, 3), (4, 2, 1)]


@pytest.mark.parametrize("size", [9, 10, 12])
@pytest.mark.parametrize("dice", ["1,1", "1,4", "3,4", "4,5", "5,6", "6,6"])
@pytest.mark.parametrize("already", [(), (8, 1), (9, 6, 3), (7, 5, 4, 2)])
def test_legal_flips_are_every_open_set_with_the_sum(
    size: int, dice: str, already: tuple[int, ...]
) -> None:
    state = play(with_covered(new(tiles=size), *already), throw(dice))
    total = sum(int(d) for d in dice.split(","))
    open_tiles = set(range(1, size + 1)) - set(already)
    expected = subsets_summing(open_tiles, total)
    if expected:
        assert state.status[0] is Status.PLACE
        assert [f.tiles for f in GAME.legal_moves(state, 0)] == expected
    else:  # the throw cannot be used: the (solo) turn and game are over
        assert state.status[0] is Status.DONE and GAME.is_terminal(state)
        assert state.scores == (sum(open_tiles),)


def test_flipping_covers_the_tiles_and_the_player_throws_again() -> None:
    state = play(new(), [*throw("3,5"), "5+2+1"])
    assert covered(state) == {5, 2, 1}
    assert GAME.to_act(state) == (0,) and state.status[0] is Status.THROW
    state = play(state, [*throw("3,5"), "8"])
    assert covered(state) == {8, 5, 2, 1}
    state = play(state, throw("3,4"))
    assert GAME.legal_moves(state, 0) == (Flip((7,)), Flip((4, 3)))


def test_a_throw_that_cannot_be_used_ends_the_turn_at_once() -> None:
    # The manual: 1, 5 and 9 uncovered, a throw of 4 (4, or 3 & 1): the turn is over, 15.
    state = play(new(2), TO_159)
    assert tiles(state.uncovered(0)) == {1, 5, 9}
    assert GAME.to_act(state) == (0,)
    state = play(state, throw("1,3"))
    assert state.status[0] is Status.DONE
    assert state.scores == (15, None)
    assert GAME.to_act(state) == (1,) and state.status[1] is Status.THROW
    assert state.dice[0] == (1, 3)


# ---- the one-die rule ------------------------------------------------------------------


def test_one_die_becomes_a_choice_once_seven_eight_and_nine_are_covered() -> None:
    state = new()
    for step in range(0, len(SEVEN_EIGHT_NINE) - 3, 3):
        state = play(state, SEVEN_EIGHT_NINE[step:step + 3])
        assert GAME.legal_moves(state, 0) == (Throw(2),)
    state = play(state, SEVEN_EIGHT_NINE[-3:])
    assert covered(state) == {7, 8, 9}
    assert GAME.legal_moves(state, 0) == (Throw(1), Throw(2))
    one = GAME.apply(state, 0, Throw(1))
    assert one.pending_dice == 1
    outcomes = GAME.chance_outcomes(one)
    assert outcomes is not None
    assert outcomes == tuple(((face,), Fraction(1, 6)) for face in range(1, 7))
    placed = GAME.apply(one, CHANCE, (4,))
    assert GAME.legal_moves(placed, 0) == (Flip((4,)), Flip((3, 1)))
    refused(one, CHANCE, (1, 3))


# (rule, box, covered tiles, one die allowed?)
ONE_DIE_GRID = [
    (OneDie.HIGH_TILES, 9, (), False),
    (OneDie.HIGH_TILES, 9, (8, 9), False),
    (OneDie.HIGH_TILES, 9, (7, 9), False),
    (OneDie.HIGH_TILES, 9, (7, 8), False),
    (OneDie.HIGH_TILES, 9, (7, 8, 9), True),
    (OneDie.HIGH_TILES, 9, (1, 2, 3, 4, 5, 6), False),
    (OneDie.HIGH_TILES, 10, (7, 8, 9), False),
    (OneDie.HIGH_TILES, 10, (7, 8, 9, 10), True),
    (OneDie.HIGH_TILES, 12, (7, 8, 9, 10, 11), False),
    (OneDie.HIGH_TILES, 12, (7, 8, 9, 11, 12), False),
    (OneDie.HIGH_TILES, 12, (7, 8, 9, 10, 11, 12), True),
    (OneDie.SEVEN_EIGHT_NINE, 9, (7, 8), False),
    (OneDie.SEVEN_EIGHT_NINE, 9, (7, 8, 9), True),
    (OneDie.SEVEN_EIGHT_NINE, 10, (7, 8, 9), True),
    (OneDie.SEVEN_EIGHT_NINE, 12, (7, 8, 9), True),
    (OneDie.SEVEN_EIGHT_NINE, 12, (8, 9, 10, 11, 12), False),
    (OneDie.LOW_TOTAL, 9, (), False),
    (OneDie.LOW_TOTAL, 9, (7, 8, 9), False),
    (OneDie.LOW_TOTAL, 9, (2, 3, 6, 7, 8, 9), False),  # open 1+4+5 = 10
    (OneDie.LOW_TOTAL, 9, (2, 3, 4, 6, 7, 8, 9), False),  # open 1+5 = 6: not less than six
    (OneDie.LOW_TOTAL, 9, (2, 3, 5, 6, 7, 8, 9), True),  # open 1+4 = 5
    (OneDie.LOW_TOTAL, 9, (1, 2, 3, 4, 6, 7, 8, 9), True),  # open 5
    (OneDie.LOW_TOTAL, 12, (1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12), False),  # open 6
    (OneDie.NEVER, 9, (7, 8, 9), False),
    (OneDie.NEVER, 9, (2, 3, 4, 5, 6, 7, 8, 9), False),
]


@pytest.mark.parametrize(("rule", "size", "done", "allowed"), ONE_DIE_GRID)
def test_one_die_rule(rule: OneDie, size: int, done: tuple[int, ...], allowed: bool) -> None:
    state = with_covered(new(tiles=size, one_die=rule), *done)
    expected = (Throw(1), Throw(2)) if allowed else (Throw(2),)
    assert GAME.legal_moves(state, 0) == expected
    assert GAME.view(state, 0).to_json()["seats"][0]["may_throw_one"] is allowed
    if allowed:
        assert GAME.apply(state, 0, Throw(1)).pending_dice == 1
    else:
        refused(state, 0, Throw(1))
    assert GAME.apply(state, 0, Throw(2)).pending_dice == 2


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        (OneDie.HIGH_TILES, "from 7 up"),
        (OneDie.SEVEN_EIGHT_NINE, "7, 8 and 9"),
        (OneDie.LOW_TOTAL, "less than 6"),
        (OneDie.NEVER, "always"),
    ],
)
def test_refused_one_die_explains_the_condition(rule: OneDie, words: str) -> None:
    reason = refused(new(one_die=rule), 0, Throw(1))
    assert "both dice" in reason
    assert words in reason


def test_default_one_die_rule_is_high_tiles() -> None:
    assert Rules().one_die is OneDie.HIGH_TILES


# ---- scoring -----------------------------------------------------------------------------


@pytest.mark.parametrize(("scoring", "score"), [(Scoring.SUM, 15), (Scoring.DIGITS, 159)])
def test_the_manuals_example_scores(scoring: Scoring, score: int) -> None:
    state = play(new(scoring=scoring), [*TO_159, *throw("1,3")])
    assert state.scores == (score,)
    assert state.history[0].scores == (score,)


@pytest.mark.parametrize(("scoring", "score"), [(Scoring.SUM, 11), (Scoring.DIGITS, 110)])
def test_digits_scoring_reads_tile_ten_as_ten(scoring: Scoring, score: int) -> None:
    # On a 10-tile box cover 2..9 leaving 1 and 10, then throw 2.
    script = [*SEVEN_EIGHT_NINE, *throw("5,6"), "6+5", *throw("4,5"), "4+3+2"]
    state = play(new(tiles=10, scoring=scoring), script)
    assert tiles(state.uncovered(0)) == {1, 10}
    assert GAME.legal_moves(state, 0) == (Throw(2),)  # 10 is still open
    state = play(state, throw("1,1"))
    assert state.scores == (score,)


def test_default_scoring_is_the_sum() -> None:
    assert Rules().scoring is Scoring.SUM


@pytest.mark.parametrize("scoring", list(Scoring))
def test_shutting_the_box_scores_zero(scoring: Scoring) -> None:
    state = play(new(2, scoring=scoring), SHUT)
    assert covered(state) == set(range(1, 10))
    assert state.scores == (0, None)


# ---- the round game --------------------------------------------------------------


def test_stuck_turn_helper_scores_as_designed() -> None:
    for total in DICE_FOR:
        state = play(new(2), stuck_turn(total))
        assert state.scores == (45 - total, None), total


def test_each_player_takes_one_turn_in_seat_order_and_lowest_wins() -> None:
    state = new(3)
    assert Rules().mode is Mode.ROUND
    state = play(state, stuck_turn(8))
    assert GAME.to_act(state) == (1,) and state.current == 1
    assert state.status == (Status.DONE, Status.THROW, Status.WAITING)
    state = play(state, stuck_turn(12))
    assert GAME.to_act(state) == (2,)
    state = play(state, stuck_turn(10))
    assert GAME.is_terminal(state)
    assert state.history[0].scores == (37, 33, 35)
    assert state.history[0].winners == (1,) and state.history[0].shut_by is None
    assert state.winners == (1,)
    assert GAME.returns(state) == (0.0, 1.0, 0.0)


def test_tied_lowest_scores_share_the_round() -> None:
    state = play(new(3), [*stuck_turn(9), *stuck_turn(7), *stuck_turn(9)])
    assert state.history[0].scores == (36, 38, 36)
    assert state.history[0].winners == (0, 2)
    assert state.wins == (Fraction(1, 2), 0, Fraction(1, 2))
    assert GAME.returns(state) == (0.5, 0.0, 0.5)
    assert state.winners == (0, 2)


def test_shutting_the_box_wins_the_round_outright_at_once() -> None:
    state = play(new(3), [*stuck_turn(12), *SHUT])
    assert GAME.is_terminal(state) and GAME.to_act(state) == ()
    assert state.scores == (33, 0, None)
    assert state.history[0].winners == (1,) and state.history[0].shut_by == 1
    assert state.winners == (1,)
    assert GAME.returns(state) == (0.0, 1.0, 0.0)
    assert state.status[2] is not Status.DONE  # seat 2 never played


def test_shutting_first_ends_the_round_before_anyone_else_plays() -> None:
    state = play(new(4), SHUT)
    assert state.scores == (0, None, None, None)
    assert state.winners == (0,)


def test_solo_round_is_won_only_by_shutting_the_box() -> None:
    lost = play(new(1), stuck_turn(12))
    assert GAME.is_terminal(lost)
    assert lost.history[0].winners == () and lost.winners == ()
    assert GAME.returns(lost) == (0.0,)
    won = play(new(1), SHUT)
    assert won.winners == (0,) and GAME.returns(won) == (1.0,)


def test_starter_rotates_each_round_and_wins_accumulate() -> None:
    state = new(3, rounds=3)
    assert state.round == 1 and state.starter == 0 and GAME.to_act(state) == (0,)
    state = play(state, [*stuck_turn(12), *stuck_turn(8), *stuck_turn(8)])  # 33, 37, 37
    assert not GAME.is_terminal(state)
    assert state.round == 2 and state.starter == 1 and GAME.to_act(state) == (1,)
    assert state.covered == (0, 0, 0) and state.scores == (None, None, None)
    assert state.status == (Status.WAITING, Status.THROW, Status.WAITING)
    assert state.wins == (1, 0, 0)
    # round 2: seats 1, 2, 0 in that order; seat 2 shuts and seat 0 never plays
    state = play(state, [*stuck_turn(11)])
    assert GAME.to_act(state) == (2,)
    state = play(state, SHUT)
    assert state.round == 3 and state.starter == 2 and GAME.to_act(state) == (2,)
    assert state.history[1].scores == (None, 34, 0) and state.history[1].winners == (2,)
    # round 3: seats 2, 0, 1; seats 2 and 0 tie
    state = play(state, [*stuck_turn(11), *stuck_turn(11), *stuck_turn(3)])
    assert GAME.is_terminal(state)
    assert [r.number for r in state.history] == [1, 2, 3]
    assert state.wins == (Fraction(3, 2), 0, Fraction(3, 2))
    assert state.winners == (0, 2)
    assert GAME.returns(state) == (1.5, 0.0, 1.5)


# ---- stakes ----------------------------------------------------------------------------------


def test_the_round_winner_collects_the_pool() -> None:
    state = play(new(3, stake=5), [*stuck_turn(8), *stuck_turn(12), *stuck_turn(10)])
    assert state.balances == (-5, 10, -5)
    assert GAME.returns(state) == (-5.0, 10.0, -5.0)


def test_tied_winners_share_the_pool_exactly() -> None:
    # four players, three tie: the pool of 4 is split three ways
    state = play(new(4, stake=1), [*stuck_turn(9), *stuck_turn(9), *stuck_turn(3),
                                     *stuck_turn(9)])
    assert state.balances == (Fraction(1, 3), Fraction(1, 3), -1, Fraction(1, 3))
    assert sum(state.balances) == 0
    assert GAME.returns(state) == pytest.approx((1 / 3, 1 / 3, -1.0, 1 / 3))


def test_shutting_the_box_collects_double_the_stake_from_everyone() -> None:
    state = play(new(3, stake=5), [*stuck_turn(12), *SHUT])
    assert state.balances == (-10, 20, -10)
    assert GAME.returns(state) == (-10.0, 20.0, -10.0)


def test_balances_carry_across_rounds() -> None:
    state = play(new(2, stake=3, rounds=2), [*stuck_turn(12), *stuck_turn(8)])
    assert state.balances == (3, -3) and not GAME.is_terminal(state)
    assert GAME.to_act(state) == (1,)  # seat 1 starts round 2
    state = play(state, [*SHUT])
    assert GAME.is_terminal(state)
    assert state.balances == (-3, 3)
    assert GAME.returns(state) == (-3.0, 3.0)
    assert state.wins == (1, 1)


def test_without_stakes_returns_are_rounds_won() -> None:
    state = play(new(2, rounds=2), [*stuck_turn(12), *stuck_turn(8), *SHUT])
    assert state.balances == (0, 0)
    assert GAME.returns(state) == (1.0, 1.0)


# ---- the long game ------------------------------------------------------------------------

LONG = {"mode": Mode.LONG}
LONG_OPENING = [*throw("3,6"), "9", *throw("1,2"), "2+1", *throw("1,2"), "3"]
"""Seat 0 covers 9, 2+1 and 3 without a double; 3 is then unusable."""


def test_long_game_covers_then_the_other_player_uncovers_the_same_board() -> None:
    state = new(2, **LONG)
    assert len(state.covered) == 1
    state = play(state, LONG_OPENING)
    assert covered(state) == {9, 3, 2, 1} and state.bank == 0
    state = play(state, throw("3,4"))  # 7: 7 is open, so usable
    state = play(state, ["7"])
    state = play(state, throw("1,2"))  # 3: nothing adds to 3 any more
    assert GAME.to_act(state) == (1,) and state.current == 1
    assert state.status == (Status.WAITING, Status.THROW)
    assert covered(state) == {9, 7, 3, 2, 1}  # the board as it is
    assert state.scores == (None, None)
    state = play(state, throw("4,5"))
    # the uncovering player's "open" tiles are the covered ones
    assert [f.tiles for f in GAME.legal_moves(state, 1)] == [(9,), (7, 2)]
    reason = refused(state, 1, Flip((5, 4)))
    assert "5 is already uncovered" in reason
    state = play(state, ["7+2"])
    assert covered(state) == {9, 3, 1}
    assert GAME.to_act(state) == (1,)


def test_long_game_uncovering_everything_wins() -> None:
    state = play(new(2, **LONG), [*LONG_OPENING, *throw("1,2")])  # seat 1 takes over
    assert GAME.to_act(state) == (1,)
    # one-die rule on the covered tiles: 9 is still covered, so two dice
    assert GAME.legal_moves(state, 1) == (Throw(2),)
    state = play(state, [*throw("4,5"), "9"])
    assert covered(state) == {3, 2, 1}
    # now every tile the uncoverer may flip is below 7
    assert GAME.legal_moves(state, 1) == (Throw(1), Throw(2))
    state = play(state, [*throw("6", 1), "3+2+1"])
    assert covered(state) == set()
    assert GAME.is_terminal(state)
    assert state.winners == (1,)
    assert GAME.returns(state) == (0.0, 1.0)


def test_long_game_covering_everything_wins_and_loser_pays_the_stake() -> None:
    state = play(new(2, stake=4, **LONG), SHUT)
    assert GAME.is_terminal(state)
    assert state.winners == (0,)
    assert state.balances == (4, -4)
    assert GAME.returns(state) == (4.0, -4.0)


def test_long_game_takes_over_alternately_until_someone_wins() -> None:
    state = play(new(2, **LONG), [*LONG_OPENING, *throw("1,2")])
    state = play(state, [*throw("4,5"), "9", *throw("5,6")])  # 11 > 1+2+3: seat 1 is stuck
    assert GAME.to_act(state) == (0,) and state.current == 0
    assert covered(state) == {3, 2, 1}
    assert GAME.legal_moves(state, 0) == (Throw(2),)  # 7, 8, 9 open again
    state = play(state, throw("4,5"))
    assert Flip((9,)) in GAME.legal_moves(state, 0)
    assert Flip((3, 2, 4)) not in GAME.legal_moves(state, 0)


def test_long_game_one_die_rule_for_the_uncoverer_counts_covered_tiles() -> None:
    # Seat 1 may throw one die only when no tile of 7 and above is left for it to uncover.
    base = new(2, **LONG)
    board = with_covered(base, 1, 2, 3, 7)
    turn = dataclasses.replace(board, status=(Status.WAITING, Status.THROW), current=1)
    assert GAME.legal_moves(turn, 1) == (Throw(2),)
    turn = dataclasses.replace(turn, covered=(mask(1, 2, 3, 4),))
    assert GAME.legal_moves(turn, 1) == (Throw(1), Throw(2))


def test_doubles_bank_extra_turns_in_the_long_game() -> None:
    state = play(new(2, **LONG), [*throw("6,6"), "9+3"])
    assert state.bank == 1
    state = play(state, [*throw("2,2"), "4"])
    assert state.bank == 2
    state = play(state, [*throw("1,2"), "2+1"])
    assert state.bank == 2
    assert covered(state) == {9, 4, 3, 2, 1}
    # 3 cannot be used: a banked turn is spent and the same player throws again
    state = play(state, throw("1,2"))
    assert GAME.to_act(state) == (0,) and state.bank == 1
    assert state.status[0] is Status.THROW
    state = play(state, throw("1,2"))
    assert GAME.to_act(state) == (0,) and state.bank == 0
    # bank empty: the turn passes
    state = play(state, throw("1,2"))
    assert GAME.to_act(state) == (1,) and state.bank == 0
    assert state.status == (Status.WAITING, Status.THROW)


def test_an_unusable_double_still_earns_its_extra_turn() -> None:
    state = play(new(2, **LONG), [*throw("3,6"), "6+2+1"])
    state = play(state, throw("1,1"))  # 2 cannot be used (2 and 1 are covered), but it is a double
    assert GAME.to_act(state) == (0,) and state.status[0] is Status.THROW
    assert state.bank == 0
    state = play(state, [*throw("1,2"), "3"])
    assert covered(state) == {6, 3, 2, 1}
    state = play(state, throw("1,2"))  # not a double, nothing banked: the turn passes
    assert GAME.to_act(state) == (1,)


def test_without_the_doubles_rule_a_double_earns_nothing() -> None:
    state = play(new(2, doubles_extra_turn=False, **LONG), [*throw("6,6"), "9+3"])
    assert state.bank == 0
    state = play(state, [*throw("1,2"), "2+1", *throw("1,2")])
    assert GAME.to_act(state) == (1,)


@pytest.mark.parametrize("mode", [Mode.ROUND, Mode.CUMULATIVE, Mode.SIMULTANEOUS])
def test_doubles_earn_nothing_outside_the_long_game(mode: Mode) -> None:
    state = play(new(2, mode=mode), [*throw("6,6"), "9+3"])
    assert state.bank == 0


def test_long_game_ignores_rounds_and_ends_with_one_result() -> None:
    state = play(new(2, rounds=3, **LONG), SHUT)
    assert GAME.is_terminal(state)
    assert len(state.history) == 1 and state.history[0].winners == (0,)


# ---- the cumulative game ----------------------------------------------------------------

CUMULATIVE = {"mode": Mode.CUMULATIVE}


def test_cumulative_shut_scores_zero_and_the_round_goes_on() -> None:
    state = play(new(2, **CUMULATIVE), SHUT)
    assert not GAME.is_terminal(state)
    assert state.scores == (0, None)
    assert GAME.to_act(state) == (1,)
    state = play(state, stuck_turn(12))
    assert state.totals == (0, 33)
    assert state.history[0].scores == (0, 33) and state.history[0].winners == (0,)
    assert state.round == 2 and GAME.to_act(state) == (1,)


def test_cumulative_totals_add_up_and_the_last_player_in_wins() -> None:
    state = new(2, **CUMULATIVE)
    assert state.rules.drop_out_at == 45
    state = play(state, [*stuck_turn(12), *stuck_turn(11)])  # 33, 34
    assert state.totals == (33, 34) and not GAME.is_terminal(state)
    assert state.status == (Status.WAITING, Status.THROW)  # seat 1 starts round 2
    state = play(state, [*stuck_turn(3), *SHUT])  # 34 + 42 = 76: out; 33 + 0 = 33
    assert state.totals == (33, 76)
    assert GAME.is_terminal(state)
    assert state.status[1] is Status.OUT
    assert state.winners == (0,)
    assert GAME.returns(state) == (1.0, 0.0)


def test_reaching_the_drop_out_total_exactly_is_out() -> None:
    state = play(new(2, drop_out_at=34, **CUMULATIVE), [*stuck_turn(12), *stuck_turn(11)])
    assert state.totals == (33, 34)
    assert state.status[1] is Status.OUT and state.status[0] is not Status.OUT
    assert GAME.is_terminal(state) and state.winners == (0,)


def test_out_players_are_skipped_and_the_next_seat_still_in_starts() -> None:
    state = new(3, drop_out_at=40, **CUMULATIVE)
    state = play(state, [*stuck_turn(12), *stuck_turn(3), *stuck_turn(9)])  # 33, 42, 36
    assert state.totals == (33, 42, 36)
    assert state.status[1] is Status.OUT
    assert state.round == 2 and GAME.to_act(state) == (2,)  # seat 1 is out
    assert GAME.legal_moves(state, 1) == ()
    refused(state, 1, Throw(2), NotYourTurnError)
    state = play(state, stuck_turn(12))
    assert GAME.to_act(state) == (0,)  # seat 1 skipped
    state = play(state, stuck_turn(3))  # 33 + 42 = 75, 36 + 33 = 69: both out together
    assert state.totals == (75, 42, 69)
    assert GAME.is_terminal(state)
    assert state.winners == (2,)  # lowest total among those dropping out together
    assert state.history[1].scores == (42, None, 33)


def test_everyone_dropping_out_together_with_equal_totals_share_the_game() -> None:
    state = play(new(2, drop_out_at=30, **CUMULATIVE), [*stuck_turn(12), *stuck_turn(12)])
    assert state.totals == (33, 33)
    assert state.winners == (0, 1)
    assert GAME.returns(state) == (0.5, 0.5)


# ---- simultaneous play ---------------------------------------------------------------------

SIMULTANEOUS = {"mode": Mode.SIMULTANEOUS}


def test_simultaneous_everyone_may_act_and_has_their_own_board() -> None:
    state = new(3, **SIMULTANEOUS)
    assert GAME.to_act(state) == (0, 1, 2)
    assert len(state.covered) == 3 and state.current is None
    state = play(state, [(2, "roll 2")])
    assert GAME.to_act(state) == (CHANCE,) and state.pending == 2
    reason = refused(state, 0, Throw(2), NotYourTurnError)
    assert "chance" in reason
    state = play(state, [(CHANCE, "3,5")])
    assert state.status == (Status.THROW, Status.THROW, Status.PLACE)
    assert GAME.to_act(state) == (0, 1, 2)
    state = play(state, [(1, "roll 2"), (CHANCE, "6,6"), (1, "9+3"), (2, "8")])
    assert [covered(state, b) for b in range(3)] == [set(), {9, 3}, {8}]
    assert state.dice == ((), (6, 6), (3, 5))


def test_simultaneous_first_to_shut_wins_at_once() -> None:
    state = new(2, **SIMULTANEOUS)
    state = play(state, [(0, "roll 2"), (CHANCE, "1,2"), (0, "3")])
    for step in range(0, len(SHUT), 3):
        state = play(state, [(1, SHUT[step]), (CHANCE, SHUT[step + 1]), (1, SHUT[step + 2])])
    assert GAME.is_terminal(state)
    assert state.winners == (1,) and state.history[0].shut_by == 1
    assert state.scores == (None, 0)


def test_simultaneous_lowest_score_wins_when_all_are_stuck() -> None:
    state = new(2, **SIMULTANEOUS)
    a, b = stuck_turn(12), stuck_turn(3)
    state = play(state, [(1, b[0]), (CHANCE, b[1]), (1, b[2])])
    state = play(state, [(0, a[0]), (CHANCE, a[1]), (0, a[2])])
    state = play(state, [(1, b[3]), (CHANCE, b[4])])
    assert state.status[1] is Status.DONE and GAME.to_act(state) == (0,)
    assert not GAME.is_terminal(state)
    state = play(state, [(0, a[3]), (CHANCE, a[4])])
    assert GAME.is_terminal(state)
    assert state.scores == (33, 42) and state.winners == (0,)


def test_simultaneous_solo_needs_a_shut() -> None:
    state = play(new(1, **SIMULTANEOUS), stuck_turn(12))
    assert GAME.is_terminal(state) and state.winners == ()


# ---- refusals: apply never changes the state -----------------------------------------------


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    state = new(2)
    before = copy.deepcopy(state)
    after = GAME.apply(state, 0, Throw(2))
    assert after is not state and after != state
    assert state == before and state.pending is None


def test_acting_out_of_turn_is_refused() -> None:
    state = new(2)
    assert "seat 1" in refused(state, 1, Throw(2), NotYourTurnError)
    assert refused(state, 7, Throw(2), NotYourTurnError)


def test_flipping_before_throwing_is_refused() -> None:
    assert "throw the dice first" in refused(new(), 0, Flip((8,)))


def test_throwing_twice_is_refused() -> None:
    thrown = GAME.apply(new(), 0, Throw(2))
    assert "chance" in refused(thrown, 0, Throw(2), NotYourTurnError)
    placed = GAME.apply(thrown, CHANCE, (3, 5))
    reason = refused(placed, 0, Throw(2))
    assert "thrown 8 already" in reason


def test_flipping_a_covered_tile_is_refused() -> None:
    state = play(new(), [*throw("3,4"), "7", *throw("3,5")])
    assert "7 is already covered" in refused(state, 0, Flip((7, 1)))


@pytest.mark.parametrize(
    ("flip", "words"),
    [
        ((6, 1), "6 and 1 make 7, but the throw was 8"),
        ((6,), "6 makes 6, but the throw was 8"),
        ((9,), "9 makes 9, but the throw was 8"),
        ((10,), "there is no tile 10 in a box of 9"),
        ((0, 8), "there is no tile 0"),
        ((4, 4), "only once"),
        ((), "at least one tile"),
    ],
)
def test_bad_flips_are_refused_with_the_reason(flip: tuple[int, ...], words: str) -> None:
    state = play(new(), throw("3,5"))
    assert words in refused(state, 0, Flip(flip))


def test_other_bad_moves_are_refused() -> None:
    state = new()
    assert "one die or two" in refused(state, 0, Throw(3))
    assert "not a Shut the Box move" in refused(state, 0, "roll 2")


def test_bad_chance_outcomes_are_refused() -> None:
    assert "no chance event" in refused(new(), CHANCE, (3, 5), NotYourTurnError)
    thrown = GAME.apply(new(), 0, Throw(2))
    assert "not a possible outcome" in refused(thrown, CHANCE, (7, 1))
    assert "not a possible outcome" in refused(thrown, CHANCE, (4,))
    assert "not a possible outcome" in refused(thrown, CHANCE, (5, 3))  # dice are sorted


@pytest.mark.parametrize(
    "finished",
    [
        pytest.param(lambda: play(new(1), SHUT), id="solo-shut"),
        pytest.param(lambda: play(new(2), [*stuck_turn(3), *stuck_turn(12)]), id="round"),
        pytest.param(lambda: play(new(2, **LONG), SHUT), id="long"),
    ],
)
def test_acting_after_the_game_is_over_is_refused(finished: object) -> None:
    state = finished()
    assert GAME.to_act(state) == ()
    for seat in range(state.players):
        assert GAME.legal_moves(state, seat) == ()
        assert "game is over" in refused(state, seat, Throw(2))
    assert "game is over" in refused(state, CHANCE, (3, 5))


# ---- views --------------------------------------------------------------------------------


def _json(state: State, seat: int | None) -> dict[str, object]:
    data = GAME.view(state, seat).to_json()
    assert json.loads(json.dumps(data)) == data
    return data


def test_view_reflects_the_board_and_is_json() -> None:
    state = play(new(2, stake=1), [*throw("3,5"), "5+2+1", *throw("2,4")])
    data = _json(state, 1)
    assert data["game"] == "shut-the-box" and data["seat"] == 1
    assert data["tiles"] == 9 and data["mode"] == "round" and data["round"] == 1
    assert data["current"] == 0 and data["throwing"] is None
    assert data["boards"] == [
        {"covered": [1, 2, 5], "uncovered": [3, 4, 6, 7, 8, 9], "seat": 0},
        {"covered": [], "uncovered": list(range(1, 10)), "seat": 1},
    ]
    seats = data["seats"]
    assert isinstance(seats, list)
    assert seats[0]["status"] == "place" and seats[0]["dice"] == [2, 4]
    assert seats[1]["status"] == "waiting" and seats[1]["dice"] == []
    assert data["over"] is False and data["winners"] is None


def test_view_of_a_pending_throw_and_a_finished_game() -> None:
    thrown = GAME.apply(new(), 0, Throw(2))
    assert _json(thrown, None)["throwing"] == 0
    done = play(new(3, stake=1), [*stuck_turn(9), *stuck_turn(9), *stuck_turn(3)])
    data = _json(done, None)
    assert data["over"] is True and data["winners"] == [0, 1]
    assert data["history"] == [
        {"round": 1, "scores": [36, 36, 42], "winners": [0, 1], "shut_by": None}
    ]
    assert [s["balance"] for s in data["seats"]] == ["1/2", "1/2", "-1"]
    assert [s["wins"] for s in data["seats"]] == ["1/2", "1/2", "0"]


def test_long_game_view_has_one_board_and_roles() -> None:
    state = play(new(2, **LONG), [*throw("6,6"), "9+3"])
    data = _json(state, 0)
    assert data["boards"] == [{"covered": [3, 9], "uncovered": [1, 2, 4, 5, 6, 7, 8],
                               "seat": None}]
    assert [s["role"] for s in data["seats"]] == ["cover", "uncover"]
    assert data["bank"] == 1


def test_cumulative_view_shows_totals() -> None:
    state = play(new(2, **CUMULATIVE), [*stuck_turn(12), *stuck_turn(3)])
    data = _json(state, 0)
    assert [s["total"] for s in data["seats"]] == [33, 42]


# ---- full games ------------------------------------------------------------------------------


def _every_rules() -> Sequence[tuple[Rules, int]]:
    return [
        (Rules(), 3),
        (Rules(tiles=12, one_die=OneDie.SEVEN_EIGHT_NINE, stake=2, rounds=3), 4),
        (Rules(tiles=10, scoring=Scoring.DIGITS, one_die=OneDie.LOW_TOTAL), 2),
        (Rules(mode=Mode.LONG, stake=1), 2),
        (Rules(mode=Mode.LONG, doubles_extra_turn=False, one_die=OneDie.NEVER), 2),
        (Rules(mode=Mode.CUMULATIVE, drop_out_at=60), 5),
        (Rules(mode=Mode.SIMULTANEOUS, rounds=2, stake=1), 4),
        (Rules(), 1),
    ]


@pytest.mark.parametrize(("rules", "players"), _every_rules())
@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_the_invariants(rules: Rules, players: int, seed: int) -> None:
    import random

    rng = random.Random(seed)
    state = GAME.initial_state(rules, players)
    for _ in range(5_000):
        actors = GAME.to_act(state)
        if not actors:
            break
        if actors == (CHANCE,):
            action = GAME.sample_chance(state, rng)
            seat = CHANCE
        else:
            seat = rng.choice(actors)
            legal = GAME.legal_moves(state, seat)
            assert legal, f"seat {seat} is to act with no legal move"
            action = rng.choice(legal)
            if isinstance(action, Flip):
                assert sum(action.tiles) == sum(state.dice[seat])
                assert action.mask & state.open_for(seat) == action.mask
        state = GAME.apply(state, seat, action)
        assert all(0 <= c <= rules.all_tiles for c in state.covered)
    else:
        pytest.fail("the game did not end")
    assert state.winners is not None
    if rules.stake:
        assert sum(state.balances) == 0
    elif rules.mode in (Mode.ROUND, Mode.SIMULTANEOUS):
        assert sum(state.wins) == sum(1 for r in state.history if r.winners)
        assert len(state.history) == rules.rounds
    else:
        assert sum(state.wins) == 1


def test_the_result_names_each_players_balance_unmistakably():
    from parlour.agents import RandomBot
    from parlour.core.driver import play
    from parlour.core.rng import make_rng

    game = GAME
    rules = Rules(stake=2)
    result = play(game, rules, [RandomBot(), RandomBot()], make_rng(5), names=["Bot 2", "Ann"])
    text = game.result_text(result.state, ["Bot 2", "Ann"])
    balances = [f"{float(b):+g}" for b in result.state.balances]
    assert text.endswith(f"Balances: Bot 2: {balances[0]}, Ann: {balances[1]}")
