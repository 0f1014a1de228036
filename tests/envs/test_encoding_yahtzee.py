"""Yahtzee's encoding: the contract over every conformance case, and known positions."""

from __future__ import annotations

import dataclasses
import itertools
import random

import encodingkit
import numpy as np
import pytest

from parlour.core.errors import RulesError
from parlour.core.protocol import CHANCE
from parlour.games.yahtzee.encoding import (
    ACTIONS,
    KEEPS,
    MAX_TOTAL,
    SCORE_ACTION,
    YahtzeeEncoding,
    action_of,
    move_of,
)
from parlour.games.yahtzee.engine import MAX_PLAYERS, rolls_from
from parlour.games.yahtzee.game import GAME
from parlour.games.yahtzee.moves import Roll, Score
from parlour.games.yahtzee.rules import BOXES, Box, Joker, Rules
from parlour.games.yahtzee.state import Card


def test_the_contract_over_every_conformance_case():
    assert encodingkit.check_encoding("yahtzee", games=3) > 1000


def field(encoding: YahtzeeEncoding, observation: np.ndarray, name: str) -> np.ndarray:
    at = 0
    for field_name, length, _ in encoding.fields():
        if field_name == name:
            return observation[at:at + length]
        at += length
    raise KeyError(name)


def card_with(**scores: int) -> Card:
    boxes = [None] * 13
    for name, value in scores.items():
        boxes[Box[name.upper()].index] = value
    return Card(tuple(boxes))


def test_a_known_position_from_each_seat():
    rules = Rules()
    encoding = GAME.encoding(rules, 2)
    state = dataclasses.replace(
        GAME.initial_state(rules, 2),
        cards=(card_with(sixes=24, chance=22), card_with(ones=3, large_straight=40)),
        current=1, dice=(2, 3, 4, 5, 5), rolls=1)
    obs = encoding.observe(GAME.view(state, 1))  # the player to move: its own card first
    filled = field(encoding, obs, "filled").reshape(2, 13)
    assert np.flatnonzero(filled[0]).tolist() == [Box.ONES.index, Box.LARGE_STRAIGHT.index]
    assert np.flatnonzero(filled[1]).tolist() == [Box.SIXES.index, Box.CHANCE.index]
    scores = field(encoding, obs, "scores").reshape(2, 13)
    assert scores[0, Box.ONES.index] == pytest.approx(3 / 5)
    assert scores[1, Box.SIXES.index] == pytest.approx(24 / 30)
    assert field(encoding, obs, "upper").tolist() == pytest.approx([3 / 63, 24 / 63])
    assert field(encoding, obs, "total").tolist() == pytest.approx([43 / MAX_TOTAL, 46 / MAX_TOTAL])
    assert field(encoding, obs, "dice").tolist() == pytest.approx([0, 1 / 5, 1 / 5, 1 / 5, 2 / 5, 0])
    assert field(encoding, obs, "rolls").tolist() == [0, 1, 0, 0]
    allowed = field(encoding, obs, "allowed")
    assert allowed[Box.ONES.index] == 0 and allowed[Box.LARGE_STRAIGHT.index] == 0
    assert allowed.sum() == 11
    preview = field(encoding, obs, "preview")
    assert preview[Box.SMALL_STRAIGHT.index] == 1.0 and preview[Box.FIVES.index] == pytest.approx(10 / 25)
    assert field(encoding, obs, "to move").tolist() == [1, 0]
    assert field(encoding, obs, "turn").tolist() == pytest.approx([3 / 13])
    # seat 0 sees the same position with its own card first and the other seat to move
    other = encoding.observe(GAME.view(state, 0))
    assert np.flatnonzero(field(encoding, other, "filled").reshape(2, 13)[0]).tolist() == [5, 12]
    assert field(encoding, other, "to move").tolist() == [0, 1]


def test_an_extra_yahtzee_under_the_forced_joker():
    rules = Rules(joker=Joker.FORCED)
    encoding = GAME.encoding(rules, 1)
    state = dataclasses.replace(GAME.initial_state(rules, 1), cards=(card_with(yahtzee=50),),
                                dice=(5, 5, 5, 5, 5), rolls=2)
    obs = encoding.observe(GAME.view(state, 0))
    assert np.flatnonzero(field(encoding, obs, "allowed")).tolist() == [Box.FIVES.index]
    assert field(encoding, obs, "extra yahtzee").tolist() == [1]
    assert field(encoding, obs, "bonus now").tolist() == [1]
    codes = encodingkit.codes_of(encoding, GAME.view(state, 0), GAME.legal_moves(state, 0))
    assert set(codes) == {(action_of(m),) for m in GAME.legal_moves(state, 0)}
    assert codes[(SCORE_ACTION + Box.FIVES.index,)] == Score(Box.FIVES)


def test_known_moves_and_their_names():
    encoding = GAME.encoding(Rules(), 1)
    view = GAME.view(GAME.initial_state(Rules(), 1), 0)
    assert encoding.code(view, Roll(())) == (0,) and encoding.action_name(0) == "roll all"
    assert encoding.code(view, Roll((6,))) == (6,) and encoding.action_name(6) == "keep 6"
    assert encoding.code(view, Roll((1, 1))) == (7,) and encoding.action_name(7) == "keep 1 1"
    (keep,) = encoding.code(view, Roll((5, 3, 5)))
    assert encoding.action_name(keep) == "keep 3 5 5" and move_of(keep) == Roll((3, 5, 5))
    assert encoding.code(view, Score(Box.ONES)) == (210,) and encoding.action_name(210) == "score ones"
    assert encoding.code(view, Score(Box.CHANCE)) == (222,) and encoding.action_name(222) == "score chance"
    assert encoding.action_name(209) == "keep 6 6 6 6"
    assert ACTIONS == encoding.actions == 223


def test_every_keep_of_every_throw_has_one_action():
    """Each of the 252 throws' rolls: one action each, distinct, naming the roll back; together
    every keep of at most four dice."""
    seen = set()
    for dice in itertools.combinations_with_replacement(range(1, 7), 5):
        actions = [action_of(roll) for roll in rolls_from(dice)]
        assert len(set(actions)) == len(actions)
        assert all(move_of(a) == roll for a, roll in zip(actions, rolls_from(dice), strict=True))
        seen.update(actions)
    assert seen == set(range(len(KEEPS)))
    assert [move_of(SCORE_ACTION + b.index) for b in BOXES] == [Score(b) for b in BOXES]


@pytest.mark.parametrize("rules", [Rules(), Rules(joker=Joker.FORCED), Rules(five_kind_house=True),
                                   Rules(joker=Joker.FORCED, bonus_needs_fifty=False, five_kind_house=True)])
def test_every_legal_move_of_every_rule_set_is_coded(rules):
    """Cards with the Yahtzee box and the upper boxes filled or open (the joker's cases), every
    throw, after the first and the last roll: the legal moves' codes are distinct and in range."""
    cards = [Card(), card_with(yahtzee=50), card_with(yahtzee=0),
             card_with(yahtzee=50, ones=3, twos=6, threes=9, fours=12, fives=15, sixes=18),
             card_with(yahtzee=50, three_kind=20, four_kind=20, full_house=25, small_straight=30,
                       large_straight=40, chance=20)]
    encoding = GAME.encoding(rules, 1)
    for card, rolls in itertools.product(cards, (1, 3)):
        for dice in itertools.combinations_with_replacement(range(1, 7), 5):
            state = dataclasses.replace(GAME.initial_state(rules, 1), cards=(card,), dice=dice, rolls=rolls)
            legal = GAME.legal_moves(state, 0)
            codes = encodingkit.codes_of(encoding, GAME.view(state, 0), legal)
            assert len(codes) == len(legal)


@pytest.mark.parametrize("players", range(1, MAX_PLAYERS + 1))
def test_every_player_count_has_a_fixed_shape(players):
    encoding = GAME.encoding(Rules(), players)
    assert encoding.shape == (30 * players + 40,)
    state = GAME.initial_state(Rules(), players)
    for seat in range(players):
        obs = encoding.observe(GAME.view(state, seat))
        assert obs.shape == encoding.shape and obs.min() >= 0 and obs.max() <= 1


def test_player_counts_the_game_refuses_are_refused():
    for players in (0, MAX_PLAYERS + 1):
        with pytest.raises(RulesError, match=f"Yahtzee takes 1 to 8 players, not {players}"):
            GAME.encoding(Rules(), players)


@pytest.mark.parametrize("rules, players", [(Rules(), 5), (Rules(joker=Joker.FORCED, five_kind_house=True,
                                                                   bonus_needs_fifty=False), MAX_PLAYERS)])
def test_random_games_at_bigger_tables(rules, players):
    """Tables bigger than the conformance cases play: codes distinct, observations in range."""
    encoding = GAME.encoding(rules, players)
    rng = random.Random(players)
    state = GAME.initial_state(rules, players)
    decisions = 0
    while actors := GAME.to_act(state):
        if actors == (CHANCE,):
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        (seat,) = actors
        for viewer in range(players):
            encodingkit.check_observation(encoding, GAME.view(state, viewer))
        codes = encodingkit.codes_of(encoding, GAME.view(state, seat), GAME.legal_moves(state, seat))
        state = GAME.apply(state, seat, codes[rng.choice(sorted(codes))])
        decisions += 1
    final = encoding.observe(GAME.view(state, 0))
    assert decisions >= 13 * players and final[-1] == 1.0  # over
