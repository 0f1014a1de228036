"""Gin Rummy's encoding: the contract over random games, the action numbers, and observations of
positions made to order."""

from __future__ import annotations

import random
import sys
import typing
from pathlib import Path

import encodingkit
import numpy as np
import pytest

from parlour.core.cards import Card, parse_cards
from parlour.core.protocol import CHANCE
from parlour.games.gin_rummy import GAME, Phase, Rules
from parlour.games.gin_rummy import moves as gin_moves
from parlour.games.gin_rummy.deck import CARDS
from parlour.games.gin_rummy.encoding import ACTION, MOVES, OFFSET, PLANES, GinRummyEncoding

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "games" / "gin_rummy"))
from gin_helpers import play, start

ENCODING = GinRummyEncoding(Rules(), 2)
KNOCKER = "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"
"""Takes the up-card 5S and knocks with KS: melds A-2-3C, 4-5-6D, 7-8-9H and 5 deadwood."""
DEFENDER = "2D 2H 2S JC QC KC TH JH 3D 9S"
"""Can lay off 3D, and TH then JH, on the knocker's melds."""


def plane(observation: np.ndarray, name: str) -> set[str]:
    """The cards (as text) set in one of the observation's card planes."""
    k = [p for p, _ in PLANES].index(name)
    return {str(CARDS[i]) for i in np.flatnonzero(observation[52 * k:52 * k + 52])}


def cards(text: str) -> set[str]:
    return {str(c) for c in parse_cards(text)}


def test_the_contract_holds_over_random_games_of_every_conformance_case():
    assert encodingkit.check_encoding("gin-rummy", games=40) > 5000


@pytest.mark.parametrize("rules", [Rules(), Rules(knock_limit=0, wall_take=True), Rules(knock_limit=100)],
                         ids=["manual", "gin-only-wall-take", "knock-at-will"])
def test_the_contract_holds_under_rules_the_conformance_cases_leave_out(rules: Rules):
    """The manual's (a game to 100 is thousands of random hands: the first 2000 decisions), gin
    only, and knocking with any deadwood (games of a few hands, one after another)."""
    rng = random.Random(7)
    encoding = GinRummyEncoding(rules, 2)
    state = GAME.initial_state(rules, 2)
    kinds = set()
    for decision in range(2000):
        while GAME.to_act(state) in ((CHANCE,), ()):
            if not GAME.to_act(state):  # over: another game
                state = GAME.initial_state(rules, 2)
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
        (seat,) = GAME.to_act(state)
        view = GAME.view(state, seat)
        codes = encodingkit.codes_of(encoding, view, GAME.legal_moves(state, seat))
        observation = encodingkit.check_observation(encoding, view)
        if decision % 5 == 0:
            other = GAME.resample_hidden(state, seat, rng)
            assert np.array_equal(observation, encoding.observe(GAME.view(other, seat)))
        move = codes[rng.choice(sorted(codes))]
        kinds.add(type(move).__name__)
        state = GAME.apply(state, seat, move)
    assert {"Draw", "Take", "Pass", "Discard"} <= kinds


def test_the_encoding_is_the_games_and_its_spaces_are_the_same_for_every_rule_set():
    for rules in (Rules(), Rules(target=1, knock_limit=30, wall_take=True), Rules(knock_limit=0)):
        encoding = GAME.encoding(rules, 2)
        assert isinstance(encoding, GinRummyEncoding) and encoding.game is GAME
        assert encoding.shape == (650,) and encoding.actions == 213


def test_every_move_of_every_kind_has_its_own_action_in_a_documented_order():
    every: list[gin_moves.Move] = []
    for kind in typing.get_args(gin_moves.Move):
        if issubclass(kind, gin_moves.CardPlay):
            every += [kind(card) for card in CARDS]
        else:
            every.append(kind())
    assert len(every) == len(set(ACTION)) == len(MOVES) == 213
    assert all(ENCODING.code(None, m) == (ACTION[m],) for m in every)  # type: ignore[arg-type]
    seven_hearts = Card.parse("7H")  # index 2 * 13 + 6 = 32
    assert [ACTION[m] for m in (gin_moves.Draw(), gin_moves.Take(), gin_moves.Pass(), gin_moves.Done(),
                                gin_moves.BestLayOff())] == [0, 1, 2, 3, 4]
    assert [ACTION[kind(seven_hearts)] for kind in (gin_moves.Discard, gin_moves.Knock, gin_moves.Gin,
                                                   gin_moves.LayOff)] == [37, 89, 141, 193]
    assert [ENCODING.action_name(a) for a in (0, 1, 2, 3, 4, 37, 89, 141, 193, 212)] == [
        "draw", "take", "pass", "done", "lay off best", "discard 7H", "knock 7H", "gin 7H",
        "lay off 7H", "lay off KS"]


def test_the_codes_of_a_position_are_its_legal_moves_in_the_action_space():
    state = play(start(KNOCKER, DEFENDER, "5S"), "take", "knock KS")  # the dealer (seat 0) lays off
    view = GAME.view(state, 0)
    codes = encodingkit.codes_of(ENCODING, view, GAME.legal_moves(state, 0))
    assert {ENCODING.action_name(a) for (a,) in codes} == {"lay off 3D", "lay off TH", "done", "lay off best"}


def test_the_up_card_offer_as_the_non_dealer_sees_it():
    state = start(KNOCKER, DEFENDER, "5S")  # seat 0 deals: seat 1 holds KNOCKER and is offered 5S
    obs = ENCODING.observe(GAME.view(state, 1))
    assert plane(obs, "hand") == cards(KNOCKER)
    assert plane(obs, "melded") == cards(KNOCKER) - {"KS"}
    assert plane(obs, "pile") == plane(obs, "top") == {"5S"}
    assert not plane(obs, "other_known") and not plane(obs, "table") and not plane(obs, "face_down")
    assert obs[OFFSET["phase"] + list(Phase).index(Phase.OFFER)] == 1
    assert obs[OFFSET["phase"]:OFFSET["phase"] + len(Phase)].sum() == 1
    assert (obs[OFFSET["to_act"]], obs[OFFSET["dealer"]]) == (1, 0)
    assert obs[OFFSET["stock"]] == 1  # 31 cards of 31
    assert np.allclose(obs[OFFSET["hand_sizes"]:OFFSET["hand_sizes"] + 2], [10 / 11, 10 / 11])
    assert np.isclose(obs[OFFSET["deadwood"]], 10 / 110)  # KS alone is unmatched
    assert np.isclose(obs[OFFSET["knock_limit"]], 0.1) and obs[OFFSET["wall_take"]] == 0
    dealer = ENCODING.observe(GAME.view(state, 0))
    assert plane(dealer, "hand") == cards(DEFENDER)
    assert plane(dealer, "melded") == cards("2D 2H 2S JC QC KC")  # TH JH 3D 9S are deadwood
    assert np.isclose(dealer[OFFSET["deadwood"]], 32 / 110)  # 10 + 10 + 3 + 9
    assert (dealer[OFFSET["to_act"]], dealer[OFFSET["dealer"]]) == (0, 1)


def test_a_card_taken_from_the_pile_is_known_and_a_discard_is_the_others():
    state = play(start(KNOCKER, DEFENDER, "5S"), "pass", "take")  # the dealer takes 5S
    obs = ENCODING.observe(GAME.view(state, 1))
    assert plane(obs, "other_known") == plane(obs, "taken") == {"5S"} and not plane(obs, "pile")
    assert np.isclose(obs[OFFSET["hand_sizes"] + 1], 1)  # the dealer holds eleven
    state = play(state, "discard 9S")
    obs = ENCODING.observe(GAME.view(state, 1))
    assert plane(obs, "other_known") == {"5S"} and plane(obs, "other_discards") == {"9S"}
    assert plane(obs, "top") == {"9S"} and plane(obs, "pile") == {"9S"} and not plane(obs, "taken")
    assert not plane(obs, "own_discards") and not plane(obs, "other_declined")  # the dealer took 5S
    dealer = ENCODING.observe(GAME.view(state, 0))
    assert plane(dealer, "own_discards") == {"9S"}
    assert plane(dealer, "other_declined") == {"5S"}  # the non-dealer passed on the up-card
    state = play(state, "draw")  # the non-dealer leaves 9S
    assert plane(ENCODING.observe(GAME.view(state, 0)), "other_declined") == {"5S", "9S"}
    state = play(state, "discard KS", "take", "discard 3D")  # the dealer takes KS and discards 3D
    assert plane(ENCODING.observe(GAME.view(state, 1)), "other_declined") == set()
    state = play(state, "take", "discard 9H", "draw")  # the dealer leaves 9H on the pile
    assert plane(ENCODING.observe(GAME.view(state, 1)), "other_declined") == {"9H"}


def test_the_showdown_the_face_down_discard_to_the_knocker_only_and_the_lay_offs():
    state = play(start(KNOCKER, DEFENDER, "5S"), "take", "knock KS")
    knocker, defender = (ENCODING.observe(GAME.view(state, s)) for s in (1, 0))
    assert plane(knocker, "face_down") == {"KS"} and not plane(defender, "face_down")
    melds = cards("AC 2C 3C 4D 5D 6D 7H 8H 9H")
    assert plane(defender, "table") == plane(knocker, "table") == melds
    assert plane(defender, "other_known") == cards(KNOCKER) - {"KS"} | {"5S"}  # face up now
    assert plane(knocker, "other_known") == cards(DEFENDER)
    at = OFFSET["knocker"]
    assert list(defender[at:at + 2]) == [0, 1] and list(knocker[at:at + 2]) == [1, 0]
    assert np.isclose(defender[OFFSET["knocker_deadwood"]], 5 / 110) and defender[OFFSET["gin"]] == 0
    rng = random.Random(3)
    for _ in range(5):  # the knocker's view of the hidden stock, resampled, shows nothing new
        other = GAME.resample_hidden(state, 1, rng)
        assert np.array_equal(knocker, ENCODING.observe(GAME.view(other, 1)))
    state = play(state, "lay off TH")
    defender = ENCODING.observe(GAME.view(state, 0))
    assert plane(defender, "laid_off") == {"TH"} and plane(defender, "table") == melds | {"TH"}
    assert "TH" not in plane(defender, "hand")


def test_scores_are_scaled_by_the_target_and_clipped():
    state = start(KNOCKER, DEFENDER, "5S", rules=Rules(target=50), scores=(25, 80), boxes=(2, 30))
    obs = ENCODING.observe(GAME.view(state, 0))
    assert list(obs[OFFSET["scores"]:OFFSET["scores"] + 2]) == [0.5, 1.0]
    assert list(obs[OFFSET["boxes"]:OFFSET["boxes"] + 2]) == [0.1, 1.0]


def test_a_spectator_is_observed_from_seat_0_without_a_hand():
    state = start(KNOCKER, DEFENDER, "5S")
    obs = ENCODING.observe(GAME.view(state, None))
    assert not plane(obs, "hand") and plane(obs, "top") == {"5S"} and obs[OFFSET["deadwood"]] == 0


def test_an_up_card_nobody_takes_is_declined_by_both():
    state = play(start(KNOCKER, DEFENDER, "5S"), "pass", "pass", "draw")  # it stays at the bottom
    for seat in (0, 1):
        assert plane(ENCODING.observe(GAME.view(state, seat)), "other_declined") == {"5S"}
    state = play(state, "discard KS", "draw", "discard 9S", "take")  # the non-dealer takes 9S
    dealer = ENCODING.observe(GAME.view(state, 0))
    assert plane(dealer, "other_declined") == {"5S"} and plane(dealer, "other_known") == {"9S"}
    assert plane(dealer, "pile") == {"5S", "KS"} and plane(dealer, "top") == {"KS"}
