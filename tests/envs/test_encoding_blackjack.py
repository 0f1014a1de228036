"""Blackjack's encoding: the contract over every conformance case, known positions, the hole card
never shown, and every legal move of many rule sets coded."""

from __future__ import annotations

import random

import encodingkit
import numpy as np
import pytest

from parlour.core.cards import Card
from parlour.core.errors import RulesError
from parlour.core.protocol import CHANCE
from parlour.games.blackjack.encoding import BET_ACTIONS, BlackjackEncoding, bet_digits
from parlour.games.blackjack.game import GAME, MAX_PLAYERS
from parlour.games.blackjack.moves import (
    Bet,
    DoubleDown,
    Hit,
    Insure,
    NoInsurance,
    Split,
    Stand,
    SurrenderHand,
)
from parlour.games.blackjack.rules import Deal, Double, Payout, Rules, Soft17, Surrender


def test_the_contract_over_every_conformance_case():
    assert encodingkit.check_encoding("blackjack", games=8) > 500


def field(encoding: BlackjackEncoding, observation: np.ndarray, name: str) -> np.ndarray:
    at = 0
    for field_name, length, _ in encoding.fields():
        if field_name == name:
            return observation[at:at + length]
        at += length
    raise KeyError(name)


def dealt(rules: Rules, bets: tuple[int, ...], cards: str):
    """A table of ``len(bets)`` seats that bet ``bets``, dealt ``cards`` in the deal's order."""
    state = GAME.initial_state(rules, len(bets))
    for seat, amount in enumerate(bets):
        state = GAME.apply(state, seat, Bet(amount))
    for card in cards.split():
        state = GAME.apply(state, CHANCE, Card.parse(card))
    return state


CASINO = Rules.casino(insurance=True, surrender=Surrender.LATE, decks=1)


def test_a_known_position_with_the_hole_card_face_down():
    # seat 0: 8 8; seat 1: 9 8; the dealer shows an ace, the hole card a king
    state = dealt(CASINO, (10, 5), "8S 9H AS 8D 8C KD")
    encoding = GAME.encoding(CASINO, 2)
    obs = encoding.observe(GAME.view(state, 1))  # seat 1 looks: its own hand first
    assert field(encoding, obs, "phase").tolist() == [0, 0, 1, 0, 0, 0]  # insurance
    assert field(encoding, obs, "up card").tolist() == [1] + [0] * 9
    assert field(encoding, obs, "dealer").tolist() == pytest.approx([11 / 26, 1, 1 / 12, 1])
    hands = field(encoding, obs, "hands").reshape(2, 4, 14)
    assert hands[0, 0, :7].tolist() == pytest.approx([1, 17 / 30, 0, 2 / 12, 0.9, 0.8, 5 / 40])
    assert hands[1, 0, :7].tolist() == pytest.approx([1, 16 / 30, 0, 2 / 12, 0.8, 0.8, 10 / 40])
    assert hands[:, 1:].sum() == 0  # no split hands yet
    assert field(encoding, obs, "bet").tolist() == pytest.approx([5 / 20, 10 / 20])
    assert field(encoding, obs, "to act").tolist() == [1, 1]
    chip_bound = 100 + 10 * (2 * 4 + 1) * 20  # ten rounds, four hands, bets to 20
    assert field(encoding, obs, "chips").tolist() == pytest.approx([100 / chip_bound] * 2)
    # unseen: the 52 cards less the five showing; the king face down is among them
    unseen = field(encoding, obs, "unseen")
    assert unseen.tolist() == pytest.approx([3 / 4, 1, 1, 1, 1, 1, 1, 1 / 4, 3 / 4, 1])
    shoe = field(encoding, obs, "shoe")
    assert shoe[0] == pytest.approx(47 / 52)
    assert shoe[1] == pytest.approx(0.5 + (-1 + 0 + 0 + 0 + 0) / 40)  # the ace -1, 8 8 8 9 nothing


def test_the_hole_card_changes_nothing():
    """Two tables alike but for the dealer's hole card: every seat's observation is the same."""
    encoding = GAME.encoding(CASINO, 2)
    ten = dealt(CASINO, (10, 5), "8S 9H AS 8D 8C KD")
    five = dealt(CASINO, (10, 5), "8S 9H AS 8D 8C 5D")
    for seat in (0, 1):
        assert np.array_equal(encoding.observe(GAME.view(ten, seat)), encoding.observe(GAME.view(five, seat)))


def test_the_manual_deal_shows_no_dealer_card():
    rules = Rules()
    encoding = GAME.encoding(rules, 1)
    state = dealt(rules, (5,), "TS KD 6H")  # a ten, the dealer's face-down card, a six
    obs = encoding.observe(GAME.view(state, 0))
    assert field(encoding, obs, "up card").sum() == 0
    assert field(encoding, obs, "dealer").tolist() == pytest.approx([0, 0, 0, 1])
    assert field(encoding, obs, "phase").tolist() == [0, 0, 0, 1, 0, 0]
    hand = field(encoding, obs, "hands")
    assert hand[1] == pytest.approx(16 / 30) and hand[13] == 1  # the hand to act
    assert encoding.shape == (6 + 1 + 10 + 4 + 14 + 7 + 10 + 2 + 1,)


def test_known_moves_and_their_names():
    rules = Rules(min_bet=2, max_bet=20)
    encoding = GAME.encoding(rules, 1)
    view = GAME.view(GAME.initial_state(rules, 1), 0)
    plays = [Hit(), Stand(), DoubleDown(), Split(), SurrenderHand(), Insure(), NoInsurance()]
    names = ["hit", "stand", "double", "split", "surrender", "insurance", "no insurance"]
    for action, (move, name) in enumerate(zip(plays, names, strict=True)):
        assert encoding.code(view, move) == (action,) and encoding.action_name(action) == name
    assert encoding.code(view, Bet(2)) == (7,) and encoding.action_name(7) == "bet 2"
    assert encoding.code(view, Bet(20)) == (25,) and encoding.action_name(25) == "bet 20"
    assert encoding.actions == 26 and encoding.move_of((25,)) == Bet(20)
    assert [encoding.move_of((a,)) for a in range(7)] == plays


def test_a_wide_table_gives_bets_as_digits():
    rules = Rules(min_bet=5, max_bet=2000, bankroll=3000)
    assert bet_digits(rules) == 2
    encoding = GAME.encoding(rules, 1)
    assert encoding.actions == 7 + BET_ACTIONS
    assert encoding.action_name(7) == "bet digit 0" and encoding.action_name(7 + 99) == "bet digit 99"
    state = GAME.initial_state(rules, 1)
    view = GAME.view(state, 0)
    assert encoding.code(view, Bet(5)) == (7, 7)
    assert encoding.code(view, Bet(5 + 1234)) == (7 + 12, 7 + 34)
    codes = encodingkit.codes_of(encoding, view, GAME.legal_moves(state, 0))  # distinct, prefix-free
    assert len(codes) == 1996 and all(encoding.move_of(c) == m for c, m in codes.items())
    obs = encodingkit.check_observation(encoding, view, (7 + 12,))
    assert field(encoding, obs, "bet digits").tolist() == pytest.approx([1 / 2, 12 / 99])
    assert field(encoding, encoding.observe(view), "bet digits").tolist() == [0, 0]
    assert bet_digits(Rules(max_bet=100, bankroll=100)) == 1
    assert bet_digits(Rules(max_bet=101, bankroll=101)) == 2
    assert bet_digits(Rules(max_bet=10_001, bankroll=10_001)) == 3


RULE_SETS = [
    (Rules(), 1), (Rules(), MAX_PLAYERS),
    (Rules.casino(), 7),
    (Rules.casino(insurance=True, surrender=Surrender.LATE, resplit_aces=True, hit_split_aces=True,
                  soft17=Soft17.HIT, decks=2, max_bet=100, bankroll=150), 3),
    (Rules.casino(deal=Deal.NO_PEEK, double=Double.TEN_ELEVEN, split_hands=2, blackjack=Payout.EVEN,
                  decks=8), 2),
    (Rules.casino(deal=Deal.NO_HOLE_CARD, decks=0, split_hands=3, insurance=True,
                  min_bet=10, max_bet=500, bankroll=1000), 4),
]


@pytest.mark.parametrize("rules, players", RULE_SETS)
def test_every_legal_move_of_many_rule_sets_is_coded(rules, players):
    """Random whole games (every option, one to seven seats, wide bets): every legal move has a
    distinct code that the environment's steps can give, and every observation is in range."""
    encoding = GAME.encoding(rules, players)
    rng = random.Random(7)
    moves = set()
    for _ in range(3):
        state = GAME.initial_state(rules, players)
        while actors := GAME.to_act(state):
            if actors == (CHANCE,):
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            seat = rng.choice(actors)
            view = GAME.view(state, seat)
            codes = encodingkit.codes_of(encoding, view, GAME.legal_moves(state, seat))
            encodingkit.check_observation(encoding, view)
            code = rng.choice(sorted(codes))
            moves.add(type(codes[code]))
            state = GAME.apply(state, seat, codes[code])
    assert {Bet, Hit, Stand} <= moves


def test_player_counts_the_game_refuses_are_refused():
    for players in (0, MAX_PLAYERS + 1):
        with pytest.raises(RulesError, match=f"Blackjack takes 1 to 7 players, not {players}"):
            GAME.encoding(Rules(), players)
