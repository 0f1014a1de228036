"""Shut the Box's encoding: the contract over every conformance case, and known positions."""

from __future__ import annotations

import dataclasses
import itertools
import random
from fractions import Fraction

import encodingkit
import numpy as np
import pytest

from parlour.core.errors import RulesError
from parlour.core.protocol import CHANCE
from parlour.games.shut_the_box.encoding import (
    ACTIONS,
    FLIP_MASKS,
    ShutTheBoxEncoding,
    action_of,
    move_of,
)
from parlour.games.shut_the_box.engine import legal_flips
from parlour.games.shut_the_box.game import GAME
from parlour.games.shut_the_box.moves import Flip, Throw
from parlour.games.shut_the_box.rules import BOX_SIZES, Mode, OneDie, Rules, Scoring, mask_of
from parlour.games.shut_the_box.state import Status


def test_the_contract_over_every_conformance_case():
    assert encodingkit.check_encoding("shut-the-box", games=6) > 500


def field(encoding: ShutTheBoxEncoding, observation: np.ndarray, name: str) -> np.ndarray:
    """The slice of ``observation`` that is the field ``name``."""
    at = 0
    for field_name, length, _ in encoding.fields():
        if field_name == name:
            return observation[at:at + length]
        at += length
    raise KeyError(name)


def test_a_known_position():
    rules = Rules(stake=2, rounds=3)
    encoding = GAME.encoding(rules, 3)
    state = GAME.initial_state(rules, 3)
    state = GAME.apply(state, 0, Throw(2))
    state = GAME.apply(state, -1, (3, 5))
    placing = encoding.observe(GAME.view(state, 1))  # seat 0 has thrown 3 and 5, to be used
    assert field(encoding, placing, "dice").reshape(3, 2)[2].tolist() == pytest.approx([3 / 6, 5 / 6])
    assert field(encoding, placing, "status").reshape(3, 5)[2].tolist() == [0, 0, 1, 0, 0]
    state = GAME.apply(state, 0, Flip((7, 1)))
    state = dataclasses.replace(state, balances=(Fraction(4), Fraction(-2), Fraction(-2)))
    # seat 1 looks: its own (empty) board first, then seat 2's, then seat 0's
    obs = encoding.observe(GAME.view(state, 1))
    covered = field(encoding, obs, "covered").reshape(3, 9)
    assert covered[0].sum() == 0 and covered[1].sum() == 0
    assert covered[2].tolist() == [1, 0, 0, 0, 0, 0, 1, 0, 0]
    assert field(encoding, obs, "flippable").tolist() == [1] * 9
    status = field(encoding, obs, "status").reshape(3, 5)
    assert status[2].tolist() == [0, 1, 0, 0, 0]  # seat 0 is to throw again
    assert status[0].tolist() == [1, 0, 0, 0, 0]
    assert field(encoding, obs, "dice").tolist() == [0] * 6  # the throw used is not shown again
    bound = 2 * 2 * 2 * 3  # twice the stake from each of two others, three rounds
    assert field(encoding, obs, "balance").tolist() == pytest.approx(
        [0.5 - 2 / (2 * bound), 0.5 - 2 / (2 * bound), 0.5 + 4 / (2 * bound)])
    assert field(encoding, obs, "round").tolist() == pytest.approx([1 / 3])
    assert field(encoding, obs, "may throw one").tolist() == [0]
    # seat 0's own view: its board first
    own = encoding.observe(GAME.view(state, 0))
    assert field(encoding, own, "covered").reshape(3, 9)[0].tolist() == [1, 0, 0, 0, 0, 0, 1, 0, 0]
    assert field(encoding, own, "flippable").tolist() == [0, 1, 1, 1, 1, 1, 0, 1, 1]


def test_the_long_game_shows_one_board_and_the_uncoverers_tiles():
    rules = Rules(mode=Mode.LONG)
    encoding = GAME.encoding(rules, 2)
    state = GAME.initial_state(rules, 2)
    state = dataclasses.replace(state, covered=(mask_of([9, 8, 7, 2]),), bank=7,
                                status=(Status.WAITING, Status.THROW), current=1)
    obs = encoding.observe(GAME.view(state, 1))
    assert field(encoding, obs, "covered").tolist() == [0, 1, 0, 0, 0, 0, 1, 1, 1]
    assert field(encoding, obs, "flippable").tolist() == [0, 1, 0, 0, 0, 0, 1, 1, 1]
    assert field(encoding, obs, "uncovering").tolist() == [1]
    assert field(encoding, obs, "bank").tolist() == [1]  # clipped
    assert field(encoding, encoding.observe(GAME.view(state, 0)), "uncovering").tolist() == [0]


def test_digits_scores_are_scaled_by_the_largest_number():
    rules = Rules(tiles=12, scoring=Scoring.DIGITS)
    encoding = GAME.encoding(rules, 2)
    state = dataclasses.replace(GAME.initial_state(rules, 2), scores=(159, None))
    obs = encoding.observe(GAME.view(state, 0))
    assert field(encoding, obs, "score").tolist() == pytest.approx(
        [np.log1p(159) / np.log1p(123456789101112), 0.0])


def test_known_moves_and_their_names():
    encoding = GAME.encoding(Rules(), 1)
    view = GAME.view(GAME.initial_state(Rules(), 1), 0)
    assert encoding.code(view, Throw(1)) == (0,) and encoding.action_name(0) == "throw one die"
    assert encoding.code(view, Throw(2)) == (1,) and encoding.action_name(1) == "throw two dice"
    assert encoding.code(view, Flip((1,))) == (2,) and encoding.action_name(2) == "flip 1"
    assert encoding.code(view, Flip((2, 1))) == (4,) and encoding.action_name(4) == "flip 2+1"
    (code,) = encoding.code(view, Flip((7, 1)))
    assert encoding.action_name(code) == "flip 7+1" and move_of(code) == Flip((7, 1))
    assert encoding.action_name(5) == "flip 3" and encoding.action_name(6) == "flip 3+1"
    assert encoding.action_name(ACTIONS - 1) == "flip 12"
    assert ACTIONS == 71 and encoding.actions == 71


def test_every_flip_of_every_box_and_throw_has_an_action():
    """Every set of open tiles of every box size adding up to any throw (the legal flips of any
    position of any rule set) has a distinct action, and the action names the move back."""
    seen = set()
    for tiles in BOX_SIZES:
        for open_mask, total in itertools.product(range(1 << tiles), range(2, 13)):
            for flip in legal_flips(open_mask, total):
                seen.add(flip.mask)
                assert move_of(action_of(flip)) == flip
    for total in (1,):  # one die
        seen.update(f.mask for f in legal_flips((1 << 12) - 1, total))
    assert seen == set(FLIP_MASKS)
    assert [move_of(a) for a in (0, 1)] == [Throw(1), Throw(2)]


@pytest.mark.parametrize("mode, players", [(Mode.ROUND, 1), (Mode.ROUND, 8), (Mode.LONG, 2),
                                           (Mode.CUMULATIVE, 2), (Mode.CUMULATIVE, 8),
                                           (Mode.SIMULTANEOUS, 1), (Mode.SIMULTANEOUS, 4)])
@pytest.mark.parametrize("tiles", BOX_SIZES)
def test_every_mode_and_player_count_has_a_fixed_shape(mode, tiles, players):
    rules = Rules(mode=mode, tiles=tiles, one_die=OneDie.LOW_TOTAL, stake=1)
    assert rules.player_range()[0] <= players <= rules.player_range()[1]
    encoding = GAME.encoding(rules, players)
    state = GAME.initial_state(rules, players)
    for seat in range(players):
        obs = encoding.observe(GAME.view(state, seat))
        assert obs.shape == encoding.shape and obs.min() >= 0 and obs.max() <= 1
    boards = 1 if mode is Mode.LONG else players
    assert encoding.shape == (tiles * (boards + 1) + 12 * players + 5,)


def test_player_counts_the_mode_refuses_are_refused():
    with pytest.raises(RulesError, match="the long game takes 2 players, not 3"):
        GAME.encoding(Rules(mode=Mode.LONG), 3)
    with pytest.raises(RulesError, match="the simultaneous game takes 1 to 4 players, not 5"):
        GAME.encoding(Rules(mode=Mode.SIMULTANEOUS), 5)


def test_random_games_of_every_option_and_player_count():
    """Every mode, box, one-die rule and scoring, at the fewest and the most players the mode
    takes, staked, over two rounds: every legal move has a distinct code and every observation
    keeps its shape and range."""
    rng = random.Random(3)
    decisions = 0
    for mode, tiles, one_die, scoring in itertools.product(Mode, BOX_SIZES, OneDie, Scoring):
        rules = Rules(mode=mode, tiles=tiles, one_die=one_die, scoring=scoring, stake=1, rounds=2,
                      drop_out_at=30)
        for players in sorted(set(rules.player_range())):
            encoding = GAME.encoding(rules, players)
            state = GAME.initial_state(rules, players)
            while actors := GAME.to_act(state):
                if actors == (CHANCE,):
                    state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                    continue
                seat = rng.choice(actors)
                view = GAME.view(state, seat)
                codes = encodingkit.codes_of(encoding, view, GAME.legal_moves(state, seat))
                encodingkit.check_observation(encoding, view)
                state = GAME.apply(state, seat, codes[rng.choice(sorted(codes))])
                decisions += 1
            encodingkit.check_observation(encoding, GAME.view(state, 0))
    assert decisions > 5000
