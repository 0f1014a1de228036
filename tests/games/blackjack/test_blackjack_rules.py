"""Blackjack's rules: card values and soft totals, the manual's deal, every payout and option,
bets and chips, the shoe, and the hole card never told.  Cards are forced (chance outcomes given
by the test), so every case is exact."""

from __future__ import annotations

import dataclasses
import json
import random
from fractions import Fraction
from typing import Any

import pytest

from parlour.core.cards import Card
from parlour.core.errors import IllegalMoveError, RulesError
from parlour.core.protocol import CHANCE
from parlour.games.blackjack import (
    GAME,
    Bet,
    Deal,
    Double,
    DoubleDown,
    Hit,
    Insure,
    NoInsurance,
    Outcome,
    Payout,
    Phase,
    Rules,
    Soft17,
    Split,
    Stand,
    Surrender,
    SurrenderHand,
)
from parlour.games.blackjack.rules import dealer_hits, hand_total, is_blackjack, may_double
from parlour.games.blackjack.state import shoe_of, value

C = Card.parse
CASINO = Rules.casino(decks=0)


def start(rules: Rules, bets: list[int]) -> Any:
    state = GAME.initial_state(rules, len(bets))
    for seat, amount in enumerate(bets):
        state = GAME.apply(state, seat, Bet(amount))
    return state


def deal(state: Any, cards: str) -> Any:
    for text in cards.split():
        assert GAME.to_act(state) == (CHANCE,), (text, state.phase)
        state = GAME.apply(state, CHANCE, C(text))
    return state


def act(state: Any, *moves: Any) -> Any:
    for move in moves:
        state = GAME.apply(state, GAME.to_act(state)[0], move)
    return state


def last(state: Any, seat: int = 0) -> list[tuple[Outcome, Fraction]]:
    return [(h.outcome, h.net) for h in state.history[-1].hands[seat]]


# ---- card values and totals ------------------------------------------------------------------------
def test_pictures_count_ten_and_an_ace_one_or_eleven():
    assert [value(C(c)) for c in ("AS", "2H", "9D", "TC", "JS", "QH", "KD")] == [1, 2, 9, 10, 10, 10, 10]
    assert hand_total((1, 6)) == (17, True)  # soft 17
    assert hand_total((1, 6, 10)) == (17, False)  # the ace falls back to 1
    assert hand_total((1, 1)) == (12, True)  # only one ace can count 11
    assert hand_total((1, 1, 9)) == (21, True)
    assert hand_total((10, 10, 5)) == (25, False)
    assert is_blackjack((1, 10)) and is_blackjack((10, 1)) and not is_blackjack((1, 5, 5))


def test_the_dealer_draws_to_17_and_soft_17_is_an_option():
    assert dealer_hits(Rules(), (10, 6)) and not dealer_hits(Rules(), (10, 7))
    assert not dealer_hits(Rules(), (1, 6))  # stands on soft 17 by default
    assert dealer_hits(Rules(soft17=Soft17.HIT), (1, 6)) and not dealer_hits(Rules(soft17=Soft17.HIT), (1, 7))


# ---- the manual's game ----------------------------------------------------------------------------
def test_the_manual_deals_players_a_card_the_dealer_a_hidden_card_then_players_again():
    state = start(Rules(), [5, 5])
    assert state.phase is Phase.DEAL
    state = deal(state, "7H 8C KS 9D 4S")  # Ann 7, Bob 8, dealer face down, Ann 9, Bob 4
    assert [c.pretty for c in state.hands[0][0].cards] == ["7\u2665", "9\u2666"]
    assert [str(c) for c in state.hands[1][0].cards] == ["8C", "4S"]
    assert state.phase is Phase.PLAY and GAME.to_act(state) == (0,)
    view = GAME.view(state, 0).to_json()
    assert view["dealer"] == {"cards": [None], "total": None, "soft": False, "hidden": True}
    assert "KS" not in json.dumps(view) and "K\u2660" not in json.dumps(view)
    assert GAME.legal_moves(state, 0) == (Hit(), Stand())  # the manual: hit or stand only


def test_a_bust_loses_even_when_the_dealer_busts_later():
    state = deal(start(Rules(), [5, 5]), "TH 9C 6S 5D 7S")  # Ann 10+5, Bob 9+7; dealer 6 down
    state = act(state, Hit())
    state = deal(state, "KC")  # Ann 25: bust, and her turn ends
    assert GAME.to_act(state) == (1,)
    state = act(state, Stand())  # Bob stands on 16: the dealer turns up the 6 and draws
    state = deal(state, "TD 8C")  # 6 + 10 + 8 = 24: the dealer busts
    assert last(state, 0) == [(Outcome.BUST, Fraction(-5))]
    assert last(state, 1) == [(Outcome.WIN, Fraction(5))]
    assert state.players[0].balance == 95 and state.players[1].balance == 105
    assert state.phase is Phase.BET and state.round == 2


def test_equal_totals_stand_off_and_higher_wins_even_money():
    state = deal(start(Rules(), [4, 4]), "TH 9C KS 8D 8S")  # Ann 18, Bob 17; dealer K down
    state = act(state, Stand(), Stand())
    state = deal(state, "8H")  # dealer 18
    assert last(state, 0) == [(Outcome.PUSH, Fraction(0))]
    assert last(state, 1) == [(Outcome.LOSE, Fraction(-4))]


def test_in_the_manual_a_two_card_21_is_just_21():
    state = deal(start(Rules(), [4]), "AS TC KH")  # Ann A+K: 21, stands by itself
    assert state.phase is Phase.DEALER
    state = deal(state, "5D 6H")  # the dealer: T+5+6 = 21
    assert last(state) == [(Outcome.PUSH, Fraction(0))]


def test_when_every_hand_is_bust_the_dealer_draws_nothing():
    state = deal(start(Rules(), [3]), "TH 5S 6D")
    state = act(state, Hit())
    state = deal(state, "9C")  # 25
    assert state.phase is Phase.BET and state.history[-1].dealer == (C("5S"),)


# ---- casino payouts -------------------------------------------------------------------------------
@pytest.mark.parametrize(("payout", "bet", "won"), [
    (Payout.THREE_TWO, 5, Fraction(15, 2)), (Payout.SIX_FIVE, 5, Fraction(6)),
    (Payout.EVEN, 5, Fraction(5))])
def test_a_blackjack_pays_as_the_table_says(payout, bet, won):
    state = deal(start(Rules.casino(decks=0, blackjack=payout), [bet]), "AS 9H KD 7C")
    # Ann: A, K = blackjack; the dealer shows 9 (no peek needed), hole 7
    assert state.phase is Phase.BET  # nothing to decide: the dealer turns up 16 and stops
    assert last(state) == [(Outcome.BLACKJACK, won)]


def test_a_blackjack_beats_a_three_card_21_with_naturals_on():
    state = deal(start(CASINO, [2, 2]), "AS 5C 9H TD 6D 7C")
    # Ann A+T blackjack; Bob 5+6; dealer 9 up, 7 down
    state = act(state, Hit())
    state = deal(state, "TH")  # Bob 21 in three cards: stands by himself
    state = deal(state, "5S")  # the dealer: 9+7+5 = 21
    assert last(state, 0) == [(Outcome.BLACKJACK, Fraction(3))]
    assert last(state, 1) == [(Outcome.PUSH, Fraction(0))]


def test_the_dealer_peeks_and_a_dealer_blackjack_ends_the_round_at_once():
    rules = Rules.casino(decks=0, insurance=True)
    state = deal(start(rules, [10, 10]), "AS TC AH TD KD KH")  # dealer A up, K hole: blackjack
    assert state.phase is Phase.INSURANCE and set(GAME.to_act(state)) == {0, 1}
    assert GAME.legal_moves(state, 0) == (Insure(), NoInsurance())
    state = GAME.apply(state, 0, NoInsurance())
    state = GAME.apply(state, 1, Insure())
    assert state.phase is Phase.BET  # peeked: over before anyone plays
    assert last(state, 0) == [(Outcome.PUSH, Fraction(0))]  # Ann's blackjack pushes
    assert last(state, 1) == [(Outcome.LOSE, Fraction(-10))]
    assert state.history[-1].insurance == (0, 10)  # Bob's insurance of 5 pays 2:1
    assert state.players[1].balance == 100


def test_insurance_is_lost_when_the_dealer_has_no_blackjack():
    rules = Rules.casino(decks=0, insurance=True)
    state = deal(start(rules, [10]), "9S AH 9D 7D")
    state = act(state, Insure())
    assert state.phase is Phase.PLAY
    state = act(state, Stand())  # 18 against A+7 = soft 18: the dealer stands
    assert last(state) == [(Outcome.PUSH, Fraction(0))] and state.history[-1].insurance == (-5,)


def test_without_a_peek_a_dealer_blackjack_takes_the_doubled_bet():
    rules = Rules.casino(decks=0, deal=Deal.NO_PEEK)
    state = deal(start(rules, [10]), "6S AH 5D KD")  # 11 against an ace; the dealer has A+K
    state = act(state, DoubleDown())
    state = deal(state, "9C")  # 20, doubled
    assert last(state) == [(Outcome.LOSE, Fraction(-20))]


def test_with_no_hole_card_the_dealer_draws_the_second_card_after_the_players():
    rules = Rules.casino(decks=0, deal=Deal.NO_HOLE_CARD)
    state = deal(start(rules, [10]), "TS 7H 9D")  # the dealer has just the 7
    assert len(state.dealer) == 1 and state.hole == -1
    state = act(state, Stand())
    state = deal(state, "TC")  # 17: stands
    assert last(state) == [(Outcome.WIN, Fraction(10))]


# ---- doubling, splitting, surrender --------------------------------------------------------------
def test_doubling_doubles_the_bet_for_exactly_one_card():
    state = deal(start(CASINO, [10]), "6S 6H 5D 7D")  # 11 against a 6
    assert DoubleDown() in GAME.legal_moves(state, 0)
    state = act(state, DoubleDown())
    state = deal(state, "2C")  # 13, and the hand is over: doubled hands take one card
    assert state.phase is Phase.DEALER
    state = deal(state, "TC")  # the dealer 6+7+10 = 23
    assert last(state) == [(Outcome.WIN, Fraction(20))]


@pytest.mark.parametrize(("double", "cards", "allowed"), [
    (Double.ANY, (10, 2), True), (Double.NINE_TO_ELEVEN, (5, 4), True),
    (Double.NINE_TO_ELEVEN, (6, 2), False),
    (Double.TEN_ELEVEN, (5, 4), False), (Double.TEN_ELEVEN, (6, 5), True), (Double.TEN_ELEVEN, (1, 9), False),
    (Double.NONE, (6, 5), False)])
def test_which_hands_may_double(double, cards, allowed):
    assert may_double(Rules(double=double), cards, split=False) is allowed


def test_a_pair_splits_into_two_hands_each_with_the_bet():
    state = deal(start(CASINO, [10]), "8S 6H 8D 9D")
    state = act(state, Split())
    state = deal(state, "3C")  # the first hand: 8, 3
    hands = state.hands[0]
    assert [h.values for h in hands] == [(8, 3), (8,)] and [h.bet for h in hands] == [10, 10]
    assert DoubleDown() in GAME.legal_moves(state, 0)  # doubling after a split: allowed here
    state = act(state, DoubleDown())
    state = deal(state, "TC")  # 21 doubled
    state = deal(state, "KH")  # the second hand's card: 8, K
    state = act(state, Stand())
    state = deal(state, "TS")  # the dealer 6+9+10 = 25
    assert last(state) == [(Outcome.WIN, Fraction(20)), (Outcome.WIN, Fraction(10))]
    assert state.players[0].balance == 130


def test_split_aces_take_one_card_each_and_a_split_21_is_no_blackjack():
    state = deal(start(CASINO, [10]), "AS 9H AD 7D")
    state = act(state, Split())
    state = deal(state, "KC 5H")  # each ace gets one card and stands
    assert state.phase is Phase.DEALER
    state = deal(state, "5S")  # the dealer: 9+7+5 = 21
    assert last(state) == [(Outcome.PUSH, Fraction(0)), (Outcome.LOSE, Fraction(-10))]


def test_splitting_stops_at_the_table_limit_and_needs_the_chips():
    rules = Rules.casino(decks=0, split_hands=2)
    state = deal(start(rules, [10]), "8S 6H 8D 9D")
    state = act(state, Split())
    state = deal(state, "8C")  # another pair, but two hands is the limit
    assert Split() not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMoveError, match="you may not have more than 2 hands"):
        GAME.apply(state, 0, Split())
    poor = deal(start(Rules.casino(decks=0, bankroll=15, max_bet=15), [10]), "8S 6H 8D 9D")
    with pytest.raises(IllegalMoveError, match="splitting needs 10 more chips"):
        GAME.apply(poor, 0, Split())


def test_late_surrender_gives_back_half_the_bet():
    rules = Rules.casino(decks=0, surrender=Surrender.LATE)
    state = deal(start(rules, [10]), "TS TH 6D 7D")  # 16 against a ten
    assert SurrenderHand() in GAME.legal_moves(state, 0)
    state = act(state, SurrenderHand())
    assert last(state) == [(Outcome.SURRENDER, Fraction(-5))] and state.players[0].balance == 95


def test_the_dealer_hits_soft_17_when_the_table_says_so():
    state = deal(start(Rules.casino(decks=0, soft17=Soft17.HIT), [10]), "TS AH 8D 6D")
    state = act(state, Stand())  # 18 against A+6 = soft 17: the dealer hits
    assert state.phase is Phase.DEALER
    state = deal(state, "2C")  # soft 19
    assert last(state) == [(Outcome.LOSE, Fraction(-10))]


# ---- bets, chips, rounds ------------------------------------------------------------------------
def test_bets_must_be_within_the_table_limits_and_the_chips():
    rules = Rules(min_bet=2, max_bet=10, bankroll=8)
    state = GAME.initial_state(rules, 1)
    assert GAME.legal_moves(state, 0) == tuple(Bet(n) for n in range(2, 9))
    for amount, why in ((1, "the smallest bet is 2"), (11, "the largest bet is 10"),
                        (9, "you have only 8 chips")):
        with pytest.raises(IllegalMoveError, match=why):
            GAME.apply(state, 0, Bet(amount))
    with pytest.raises(IllegalMoveError, match="place your bet first"):
        GAME.apply(state, 0, Hit())
    assert GAME.initial_state(rules, 1) == state  # refusals change nothing


def test_a_player_out_of_chips_sits_out_and_the_game_ends_after_its_rounds():
    rules = Rules(bankroll=5, min_bet=5, max_bet=5, rounds=3, decks=0)
    state = deal(start(rules, [5, 5]), "TH 9C 6S 5D 7S")
    state = act(state, Hit())
    state = deal(state, "KC")  # Ann busts: 0 chips left
    state = act(state, Stand())
    state = deal(state, "TD 8C")  # the dealer busts: Bob 10
    assert state.players[0].out and GAME.to_act(state) == (1,)
    state = act(state, Bet(5))
    assert [hands != () for hands in state.hands] == [False, True]
    while not GAME.is_terminal(state):  # Bob plays on alone: tens for everyone, and he stands
        actor = GAME.to_act(state)[0]
        if actor == CHANCE:
            state = GAME.apply(state, CHANCE, C("TC"))
        else:
            state = GAME.apply(state, actor, Bet(5) if state.phase is Phase.BET else Stand())
    assert GAME.is_terminal(state) and len(state.history) == 3
    assert GAME.returns(state) == (-5.0, float(state.players[1].balance - 5))
    assert "After 3 rounds: Player 1 ends with 0 chips (\u22125)" in GAME.result_text(state)


def test_rules_that_make_no_table_are_refused():
    for changes, why in (({"min_bet": 0}, "min_bet must be at least 1"), ({"max_bet": 0}, "max_bet"),
                         ({"penetration": 95}, "penetration"),
                         ({"insurance": True}, "insurance needs a dealer card"),
                         ({"bankroll": 0}, "bankroll")):
        with pytest.raises(RulesError, match=why):
            Rules(**changes)


# ---- the shoe -------------------------------------------------------------------------------------
def test_the_shoe_deals_what_is_left_and_is_shuffled_at_the_cut_card():
    rules = Rules(decks=1, penetration=10, rounds=5)  # shuffle once 6 cards have been dealt
    state = start(rules, [1])
    chances = dict(GAME.chance_outcomes(state))
    assert len(chances) == 52 and set(chances.values()) == {Fraction(1, 52)}
    state = deal(state, "TH 9C 6S")
    assert dict(GAME.chance_outcomes(state))[C("5D")] == Fraction(1, 49)
    assert C("TH") not in dict(GAME.chance_outcomes(state))  # gone from the shoe
    state = act(state, Hit())
    state = deal(state, "5D")  # 6 + ... Ann 10+6+5 = 21 stands; dealer 9 + draws
    state = deal(state, "8C")  # dealer 17
    assert state.dealt == 5 and state.shuffles == 1
    state = deal(act(state, Bet(1)), "2C 3C 4C")
    assert state.dealt == 8
    while state.phase is not Phase.BET:
        actor = GAME.to_act(state)[0]
        state = GAME.apply(state, actor, GAME.chance_outcomes(state)[0][0] if actor == CHANCE else Stand())
    state = act(state, Bet(1))  # 8 of 52 dealt > 10%: a fresh shoe before this round
    assert state.shuffles == 2 and state.dealt == 0 and len(state.shoe) == 52


def test_a_shoe_run_dry_mid_round_is_refilled_and_counted_afresh():
    """The last card dealt in the middle of a round: the cards not on the table are shuffled into
    the shoe; the running count starts again from the cards shown on the table (the hole card
    stays uncounted until turned up), and the cards on the table are the new shoe's dealt."""
    rules = Rules.casino(decks=1)
    state = start(rules, [1])
    left = [0] * 52
    for text in ("2S", "3S", "KD", "4H", "6C"):
        left[C(text).index] = 1
    state = dataclasses.replace(state, shoe=shoe_of(left), count=5)
    state = deal(state, "2S KD 3S 4H")  # Ann 2, 3; the dealer a king up, the four of hearts down
    assert state.count == 6 and state.shuffles == 1  # 5 + 2, 3 (+1 each), king (-1)
    state = deal(act(state, Hit()), "6C")  # the shoe's last card
    assert state.shuffles == 2
    assert len(state.shoe) == 47 and state.dealt == 5
    assert all(C(t).index not in state.shoe for t in ("2S", "3S", "KD", "4H", "6C"))
    assert state.count == 2  # 2, 3, 6 (+1 each), king (-1); not the hole card
    state = deal(act(state, Stand()), "7C")  # the four turned up (+1): 14, then a 7: 21
    assert state.phase is Phase.BET and state.count == 3 and state.dealt == 6


def test_an_infinite_deck_never_runs_out():
    state = start(CASINO, [1])
    for _ in range(3):
        assert dict(GAME.chance_outcomes(state))[C("AS")] == Fraction(1, 52)
        state = GAME.apply(state, CHANCE, C("AS"))  # the same card again and again


# ---- the hole card is never told -----------------------------------------------------------------
def test_a_resampled_hole_card_is_taken_from_the_unseen_cards():
    """A bot's resample puts another hole card in the dealer's hand and the true one back in the
    shoe: the shoe and the dealer's cards together hold the same cards as before, and the next
    draws come from the resampled shoe."""
    state = deal(start(Rules.casino(decks=1), [5]), "9S 6H 8D QC")  # the queen is the hole card
    seen = set()
    for seed in range(20):
        other = GAME.resample_hidden(state, 0, random.Random(seed))
        hole = other.dealer[other.hole]
        seen.add(hole)
        assert len(other.shoe) == len(state.shoe) and other.dealer[0] == C("6H")
        assert other.shoe.count(hole.index) == state.shoe.count(hole.index) - (hole != C("QC"))
        assert other.shoe.count(C("QC").index) == (hole != C("QC"))
        draw = GAME.sample_chance(other, random.Random(seed))
        assert draw.index in other.shoe
    assert len(seen) > 5


def test_the_hole_card_is_in_no_view_log_line_or_count_until_turned_up():
    rules = Rules.casino(decks=1)
    state = start(rules, [5])
    lines = []
    for card in ("9S", "6H", "8D", "QC"):  # the hole card is the queen of clubs
        lines.append(GAME.describe_for(state, CHANCE, C(card), 0))
        state = GAME.apply(state, CHANCE, C(card))
    assert lines[-1] == "The dealer takes a card face down"
    for seat in (0, None):
        data = GAME.view(state, seat).to_json()
        text = json.dumps(data)
        assert "QC" not in text and data["dealer"]["cards"] == ["6H", None]
        assert data["shoe"]["remaining"] == 48 and data["shoe"]["running_count"] == 1  # 9, 6, 8
    state = act(state, Stand())  # the dealer turns up the queen: 16, and draws
    data = GAME.view(state, 0).to_json()
    assert data["dealer"]["cards"] == ["6H", "QC"] and data["shoe"]["running_count"] == 0


def test_players_share_a_device_without_covers_the_only_secret_being_the_houses():
    from parlour.core import registry

    assert GAME.spec.hidden_information and not GAME.spec.pass_device
    assert registry.get("gin-rummy").spec.pass_device  # hands hidden from each other: covered


def test_late_surrender_is_honoured_only_when_the_dealer_has_no_blackjack():
    rules = Rules.casino(decks=0, deal=Deal.NO_PEEK, surrender=Surrender.LATE)
    state = deal(start(rules, [10]), "TS AH 6D KD")  # 16 against an ace; the hole card makes 21
    state = act(state, SurrenderHand())
    assert last(state) == [(Outcome.LOSE, Fraction(-10))]
