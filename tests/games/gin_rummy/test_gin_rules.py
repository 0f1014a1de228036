"""Every rule of the manual's Gin Rummy, and every house-rule option, as a test.

Seat 0 deals first in these tests, so seat 1 is the non-dealer (offered the up-card first).
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest
from gin_helpers import cards, deal, legal, play, start

from parlour.core.cards import Card, standard_deck
from parlour.core.errors import IllegalMoveError, NotYourTurnError, RulesError
from parlour.core.protocol import CHANCE
from parlour.games.gin_rummy import GAME, Deal, Discard, FirstDealer, Outcome, Phase, Rules, State
from parlour.games.gin_rummy.deck import CARDS, bits, cards_of, format_cards, mask_of
from parlour.games.gin_rummy.rules import hand_score, settle

KNOCKER = "AC 2C 3C 4D 5D 6D 7H 8H 9H KS"
"""Takes the up-card 5S and knocks with KS: melds A-2-3C, 4-5-6D, 7-8-9H and 5 deadwood."""
UP = "5S"
MELDED = "2D 2H 2S JC QC KC TS JS QS"
"""Nine cards in three melds that take no lay-off from KNOCKER's melds."""


def knock_against(defender_tenth: str, rules: Rules | None = None, **changes: object) -> State:
    state = start(KNOCKER, f"{MELDED} {defender_tenth}", UP, rules=rules, **changes)
    return play(state, "take", "knock KS")


# ---- the deck, the deal, the first dealer ------------------------------------------
def test_the_first_dealer_is_drawn_by_lot_with_even_chances():
    state = GAME.initial_state(Rules(), 2)
    assert GAME.to_act(state) == (CHANCE,)
    assert GAME.chance_outcomes(state) == ((FirstDealer(0), Fraction(1, 2)), (FirstDealer(1), Fraction(1, 2)))
    assert GAME.view(state, 0).dealer is None


def test_the_deal_ten_cards_each_one_at_a_time_non_dealer_first_21st_card_up_rest_stock():
    deck = standard_deck()
    state = GAME.apply(GAME.initial_state(Rules(), 2), CHANCE, FirstDealer(1))
    state = GAME.apply(state, CHANCE, deal_of(deck))
    assert state.hands[0] == mask_of(deck[0:20:2])  # seat 0 is the non-dealer: cards 1, 3, 5 ...
    assert state.hands[1] == mask_of(deck[1:20:2])
    assert [CARDS[c] for c in state.pile] == [deck[20]]
    assert [CARDS[c] for c in state.stock] == list(deck[21:]) and len(state.stock) == 31
    assert state.phase is Phase.OFFER and state.current == 0


def deal_of(cards_: tuple[Card, ...]) -> Deal:
    return Deal(tuple(cards_))


def test_a_deal_must_be_the_whole_deck():
    state = GAME.apply(GAME.initial_state(Rules(), 2), CHANCE, FirstDealer(0))
    deck = standard_deck()
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, CHANCE, deal_of((*deck[:51], deck[0])))
    assert GAME.sample_chance(state, random.Random(1)) in GAME.possible_outcomes(state)


def test_the_deal_alternates_after_a_scored_hand():
    state = knock_against("9C")
    assert state.phase is Phase.DEAL and state.dealer == 1
    state = GAME.apply(state, CHANCE, deal(KNOCKER, f"{MELDED} 9C", UP))
    assert state.current == 0  # seat 0 is now the non-dealer, offered the up-card


# ---- the first turn: the up-card offer -----------------------------------------------
def test_the_non_dealer_may_take_the_up_card_then_discards_and_the_dealer_plays_next():
    state = start(KNOCKER, f"{MELDED} 9C", UP)
    assert legal(state) == ["take", "pass"] and state.current == 1
    state = play(state, "take")
    with pytest.raises(IllegalMoveError, match="you took 5S from the discard pile"):
        play(state, "discard 5S")
    state = play(state, "discard KS")
    assert state.phase is Phase.DRAW and state.current == 0 and legal(state) == ["draw", "take"]


def test_if_the_non_dealer_declines_the_dealer_may_take_it():
    state = play(start(KNOCKER, f"{MELDED} 9C", UP), "pass")
    assert state.phase is Phase.OFFER and state.current == 0 and legal(state) == ["take", "pass"]
    state = play(state, "take", "discard 9C")
    assert state.phase is Phase.DRAW and state.current == 1 and legal(state) == ["draw", "take"]


def test_if_both_decline_the_non_dealer_draws_from_the_stock():
    state = play(start(KNOCKER, f"{MELDED} 9C", UP, stock="4S"), "pass", "pass")
    assert state.current == 1 and legal(state) == ["draw"]
    with pytest.raises(IllegalMoveError, match="both players refused the up-card"):
        play(state, "take")
    state = play(state, "draw")
    assert state.hands[1] & cards("4S") and state.phase is Phase.DISCARD
    state = play(state, "discard 4S")
    assert state.current == 0 and legal(state) == ["draw", "take"]  # the dealer may take 4S


# ---- a turn --------------------------------------------------------------------------
def test_a_turn_is_a_draw_then_a_discard_and_the_card_taken_may_not_go_straight_back():
    state = play(start(KNOCKER, f"{MELDED} 9C", UP, stock="4S 8C"), "pass", "pass", "draw", "discard 4S")
    with pytest.raises(IllegalMoveError, match="draw first"):
        play(state, "discard 9C")
    taken = play(state, "take")
    assert "discard 4S" not in legal(taken) and "discard 9C" in legal(taken)
    drawn = play(state, "draw")
    assert "discard 8C" in legal(drawn)  # a card drawn from the stock may be discarded at once
    with pytest.raises(IllegalMoveError, match="you do not hold 7C"):
        play(drawn, "discard 7C")


def test_the_top_discard_is_taken_and_known_to_be_in_that_hand():
    state = play(start(KNOCKER, f"{MELDED} 9C", UP, stock="4S"), "pass", "pass", "draw", "discard 4S", "take")
    view = GAME.view(state, 1)
    assert [str(c) for c in view.known[0]] == ["4S"] and view.hand is not None
    assert GAME.view(state, None).known[0] == view.known[0]


# ---- knocking --------------------------------------------------------------------------
def test_knocking_on_the_first_turn_with_ten_or_less():
    state = play(start(KNOCKER, f"{MELDED} 9C", UP), "take")
    assert "knock KS" in legal(state)
    assert [m for m in legal(state) if m.startswith("knock")] == ["knock KS"]


def test_knocking_with_more_than_the_limit_is_refused():
    state = play(start("AC 2C 3C 4D 5D 6D 7H 8H JD KS", f"{MELDED} 9C", "QD"), "take")
    assert not [m for m in legal(state) if m.startswith(("knock", "gin"))]
    with pytest.raises(IllegalMoveError, match="leaves 35 deadwood: you may knock with 10 or less"):
        play(state, "knock KS")


def test_with_no_deadwood_it_is_gin_not_a_knock():
    state = play(start(KNOCKER, "8C 8D 8S JC QC KC 9S TS JS QS", "3S", stock="TH"), "pass", "pass", "draw")
    assert "gin KS" in legal(state) and "knock KS" not in legal(state)
    with pytest.raises(IllegalMoveError, match="that is gin"):
        play(state, "knock KS")
    with pytest.raises(IllegalMoveError, match="gin needs none"):
        play(state, "gin 8H")


def test_a_player_is_never_forced_to_knock():
    state = play(start(KNOCKER, f"{MELDED} 9C", UP), "take")
    assert "discard KS" in legal(state)
    assert play(state, "discard KS").phase is Phase.DRAW


# ---- scoring -----------------------------------------------------------------------------
def test_the_knocker_with_less_deadwood_scores_the_difference():
    state = knock_against("9C")
    result = state.sheet[-1]
    assert (result.outcome, result.knocker, result.winner, result.points) == (Outcome.KNOCK, 1, 1, 4)
    assert result.counts == (9, 5) and state.scores == (0, 4) and state.boxes == (0, 1)


def test_equal_counts_are_an_undercut():
    result = knock_against("5H").sheet[-1]
    assert (result.outcome, result.winner, result.points, result.counts) == (Outcome.UNDERCUT, 0, 10, (5, 5))


def test_a_lower_count_undercuts_the_knocker_difference_plus_ten():
    state = knock_against("3H")
    result = state.sheet[-1]
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, 0, 12)
    assert state.scores == (12, 0) and state.boxes == (1, 0)


def test_gin_scores_twenty_plus_the_opponents_deadwood_and_allows_no_layoff():
    # JH would extend the knocker's 7-8-9-10H, but after gin nothing is laid off
    state = play(start(KNOCKER, "8C 8D 8S JC QC KC 9S TS JS JH", "3S", stock="TH"),
                 "pass", "pass", "draw", "gin KS")
    result = state.sheet[-1]
    assert (result.outcome, result.winner, result.points, result.laid_off) == (Outcome.GIN, 1, 30, ())
    assert state.phase is Phase.DEAL


def test_gin_against_an_opponent_with_no_deadwood_still_scores_twenty_and_is_never_undercut():
    state = play(start(KNOCKER, "8C 8D 8S JC QC KC 9S TS JS QS", "3S", stock="TH"),
                 "pass", "pass", "draw", "gin KS")
    result = state.sheet[-1]
    assert (result.outcome, result.winner, result.points, result.counts) == (Outcome.GIN, 1, 20, (0, 0))
    assert state.scores == (0, 20)


def test_hand_score_arithmetic():
    r = Rules()
    assert hand_score(r, 5, 9, False) == (Outcome.KNOCK, 4)
    assert hand_score(r, 5, 5, False) == (Outcome.UNDERCUT, 10)
    assert hand_score(r, 8, 2, False) == (Outcome.UNDERCUT, 16)
    assert hand_score(r, 0, 0, True) == (Outcome.GIN, 20)
    assert hand_score(r, 0, 31, True) == (Outcome.GIN, 51)
    house = Rules(gin_bonus=25, undercut_bonus=20)
    assert hand_score(house, 0, 3, True) == (Outcome.GIN, 28)
    assert hand_score(house, 4, 4, False) == (Outcome.UNDERCUT, 20)


# ---- laying off -----------------------------------------------------------------------------
def test_the_defender_lays_off_chained_and_on_either_end_and_the_knocker_never_lays_off():
    # the knocker's melds: A-2-3C, 4-5-6D, 7-8-9H; the dealer holds TH JH (chained on 9H) and 3D
    state = play(start(KNOCKER, "2D 2H 2S JC QC KC TH JH 3D 9S", UP), "take", "knock KS")
    assert state.phase is Phase.LAYOFF and state.current == 0
    assert legal(state) == ["lay off 3D", "lay off TH", "done", "lay off best"]
    assert GAME.legal_moves(state, 1) == ()
    with pytest.raises(NotYourTurnError):
        GAME.apply(state, 1, GAME.parse_move(state, 1, "done"))
    with pytest.raises(IllegalMoveError, match="JH does not fit"):
        play(state, "lay off JH")
    state = play(state, "lay off TH")
    assert "lay off JH" in legal(state)
    view = GAME.view(state, 1)
    assert view.showdown is not None and [str(c) for c in view.showdown.laid_off] == ["TH"]
    state = play(state, "lay off JH", "lay off 3D")
    # now 2D fits below 3D, but it would break the set of twos: the defender is done
    assert legal(state) == ["lay off 2D", "done", "lay off best"]
    state = play(state, "done")
    result = state.sheet[-1]
    assert [str(c) for c in result.laid_off] == ["TH", "JH", "3D"]
    assert (result.outcome, result.winner, result.points, result.counts) == (Outcome.KNOCK, 1, 4, (9, 5))


def test_done_stops_laying_off_and_best_makes_the_optimizers_choice():
    base = play(start(KNOCKER, "2D 2H 2S JC QC KC TH JH 3D 9S", UP), "take", "knock KS")
    done = play(base, "done").sheet[-1]
    assert done.counts == (32, 5) and done.points == 27 and done.laid_off == ()
    best = play(base, "lay off best").sheet[-1]
    assert {str(c) for c in best.laid_off} == {"TH", "JH", "3D"} and best.counts == (9, 5)


def test_no_layoff_step_when_nothing_fits():
    assert knock_against("9C").phase is Phase.DEAL


def test_the_defenders_own_melds_are_laid_out_for_the_least_deadwood():
    result = knock_against("9C").sheet[-1]
    assert [format_cards(m) for m in result.melds[0]] == ["2D 2H 2S", "JC QC KC", "TS JS QS"]
    assert [str(c) for c in result.unmatched[0]] == ["9C"]
    assert [format_cards(m) for m in result.melds[1]] == ["AC 2C 3C", "4D 5D 6D", "7H 8H 9H"]
    assert [str(c) for c in result.unmatched[1]] == ["5S"]


# ---- the wall -------------------------------------------------------------------------------
JUNK = "KH QD 9S 8C 7D 6H 4S 3C 5D AH"
"""The non-dealer's hand for the wall: no melds."""


def wall_deal(dealer: str, last: str, rules: Rules | None = None) -> State:
    """Both refuse the up-card 8H; the 29th stock card (the third last) is ``last``."""
    used = {*JUNK.split(), *dealer.split(), "8H", last}
    filler = [str(c) for c in standard_deck() if str(c) not in used][:28]
    return start(JUNK, dealer, "8H", stock=" ".join([*filler, last]), rules=rules)


def draw_and_discard_to_the_wall(state: State) -> tuple[State, int]:
    state = play(state, "pass", "pass")
    draws = 0
    while state.phase is Phase.DRAW:
        seat = state.current
        before = state.hands[seat]
        state = play(state, "draw")
        draws += 1
        (card,) = bits(state.hands[seat] & ~before)
        state = GAME.apply(state, seat, Discard(CARDS[card]))
    return state, draws


def test_the_wall_cancels_the_hand_and_the_same_dealer_deals_again():
    state, draws = draw_and_discard_to_the_wall(wall_deal(f"{MELDED} 9D", "2C"))
    assert draws == 29  # 31 in the stock, two left
    result = state.sheet[-1]
    assert result.outcome is Outcome.CANCELLED and result.winner is None and result.points == 0
    assert state.phase is Phase.DEAL and state.dealer == 0
    assert state.scores == (0, 0) and state.boxes == (0, 0)
    assert GAME.view(state, 0).hand_number == 2


def test_the_wall_variant_lets_the_other_player_take_the_last_discard_to_go_gin():
    state, _ = draw_and_discard_to_the_wall(wall_deal(f"{MELDED} 9D", "2C", Rules(wall_take=True)))
    assert state.phase is Phase.WALL and state.current == 0 and legal(state) == ["take", "pass"]
    state = play(state, "take")
    moves = legal(state)
    assert "gin 9D" in moves and not [m for m in moves if m.startswith("discard")]
    with pytest.raises(IllegalMoveError, match="you must knock or go gin"):
        play(state, "discard 9D")
    result = play(state, "gin 9D").sheet[-1]
    assert (result.outcome, result.winner, result.points) == (Outcome.GIN, 0, 20 + 63)


def test_the_wall_variant_take_only_to_knock_else_pass_cancels():
    state, _ = draw_and_discard_to_the_wall(
        wall_deal("2D 2H 2S JC QC KC TS JS 5H 9D", "2C", Rules(wall_take=True)))
    assert state.phase is Phase.WALL and legal(state) == ["pass"]
    with pytest.raises(IllegalMoveError, match="would not let you knock"):
        play(state, "take")
    state = play(state, "pass")
    assert state.sheet[-1].outcome is Outcome.CANCELLED and state.dealer == 0


# ---- the game to 100, bonuses, the settlement -------------------------------------------------
def test_the_game_ends_at_the_target_with_game_and_box_bonuses_and_the_loser_pays():
    state = knock_against("9C", scores=(10, 96), boxes=(2, 3))
    assert state.phase is Phase.OVER and state.winner == 1 and GAME.is_terminal(state)
    view = GAME.view(state, None)
    s = view.settlement
    assert s is not None and not s.shutout
    assert s.points == (10, 100) and s.game_bonus == (0, 100) and s.box_bonus == (40, 80)
    assert s.totals == (50, 280) and s.payer == 0 and s.amount == 230
    assert GAME.returns(state) == (-230.0, 230.0) and GAME.winners(state) == (1,)
    assert "pays" in GAME.result_text(state, ["Ann", "Bob"])


def test_the_shutout_bonus_when_the_loser_scored_nothing():
    state = knock_against("9C", scores=(0, 96), boxes=(0, 3))
    s = GAME.view(state, 0).settlement
    assert s is not None and s.shutout and s.game_bonus == (0, 200) and s.totals == (0, 100 + 200 + 80)


def test_box_bonuses_do_not_count_toward_the_target():
    state = knock_against("9C", scores=(0, 90), boxes=(0, 10))
    assert state.phase is Phase.DEAL and state.scores == (0, 94)


def test_settlement_pays_by_the_totals_even_when_box_bonuses_outweigh_the_game_bonus():
    s = settle(Rules(), (100, 90), (1, 30), 0)
    assert s.totals == (220, 690) and s.payer == 0 and s.amount == 470


def test_house_rules_target_and_bonuses():
    rules = Rules(target=4, game_bonus=50, shutout_bonus=75, box_bonus=5)
    state = knock_against("9C", rules=rules)
    s = GAME.view(state, 1).settlement
    assert state.phase is Phase.OVER and s is not None and s.totals == (0, 4 + 75 + 5)


def test_knock_limit_house_rule():
    six = play(start(KNOCKER, f"{MELDED} 9C", "6S", rules=Rules(knock_limit=5)), "take")
    assert not [m for m in legal(six) if m.startswith("knock")]
    with pytest.raises(IllegalMoveError, match="leaves 6 deadwood: you may knock with 5 or less"):
        play(six, "knock KS")
    assert "knock KS" in legal(play(start(KNOCKER, f"{MELDED} 9C", "6S", rules=Rules(knock_limit=6)), "take"))
    gin_only = play(start(KNOCKER, f"{MELDED} 9C", UP, rules=Rules(knock_limit=0)), "take")
    with pytest.raises(IllegalMoveError, match="only gin"):
        play(gin_only, "knock KS")
    easy = play(start("AC 2C 3C 4D 5D 6D 7H 8H JD KS", f"{MELDED} 9C", "QD", rules=Rules(knock_limit=40)),
                "take")
    assert "knock KS" in legal(easy)


def test_returns_before_the_end_are_the_difference_of_points():
    state = knock_against("3H")
    assert GAME.returns(state) == (12.0, -12.0) and GAME.winners(state) == ()
    assert GAME.result_text(state) == "The game is not over."
    assert GAME.seat_scores(state) == ((12,), (0,))


@pytest.mark.parametrize("rules", [Rules(target=0), Rules(knock_limit=101), Rules(knock_limit=-1),
                                   Rules(gin_bonus=-5), Rules(box_bonus=-1)])
def test_rules_that_make_no_game_are_refused(rules):
    with pytest.raises(RulesError):
        GAME.initial_state(rules, 2)


@pytest.mark.parametrize("players", [1, 3])
def test_gin_rummy_is_for_two(players):
    with pytest.raises(RulesError, match="two players"):
        GAME.initial_state(Rules(), players)


def test_states_are_immutable_and_hashable():
    state = start(KNOCKER, f"{MELDED} 9C", UP)
    after = play(state, "take")
    assert state.phase is Phase.OFFER and after is not state and hash(state) != hash(after)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.phase = Phase.OVER  # type: ignore[misc]
    assert cards_of(state.hands[1]) == tuple(sorted(cards_of(state.hands[1]), key=CARDS.index))
