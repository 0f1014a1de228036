"""Every rule of the manual's Go Fish and every house-rule option, as a test: the deal, who
starts, asks and hand-overs, "Go fish!" and who moves next, the lucky draw, books, both end
conditions, ties, the draw-on and all-books endings."""

from __future__ import annotations

import dataclasses
import random
import re
from fractions import Fraction

import pytest

from parlour.core.cards import Card, Rank, parse_cards, standard_deck
from parlour.core.errors import IllegalMoveError, InvalidMoveError, NotYourTurnError, RulesError
from parlour.core.protocol import CHANCE
from parlour.games.go_fish import GAME, Act, Ask, Deal, Ending, FirstDealer, Phase, Rules, State, Table
from parlour.games.go_fish.deck import cards_of

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def deck_for(hands: list[str], stock: str, dealer: int) -> Deal:
    """A deck that deals ``hands`` (by seat) one card at a time from the dealer's left, then has
    ``stock`` on top of the stock (the unnamed cards below, in deck order)."""
    n = len(hands)
    order = [(dealer + 1 + k) % n for k in range(n)]
    per = [list(parse_cards(h)) for h in hands]
    size = len(per[0])
    assert all(len(p) == size for p in per)
    dealt = [per[order[i % n]][i // n] for i in range(size * n)]
    top = list(parse_cards(stock))
    rest = [c for c in standard_deck() if c not in dealt and c not in top]
    return Deal(tuple(dealt + top + rest))


def start(hands: list[str], stock: str = "", dealer: int | None = None, rules: Rules | None = None) -> State:
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    state = GAME.initial_state(rules or Rules(), n)
    state = GAME.apply(state, CHANCE, FirstDealer(dealer))
    return GAME.apply(state, CHANCE, deck_for(hands, stock, dealer))


def position(hands: list[str], stock: str = "", rules: Rules | None = None, current: int = 0) -> State:
    """A game in play (no deal needed): ``hands`` by seat and the stock ``stock``, top first; the
    other cards of the deck are out of the game."""
    masks = tuple(sum(1 << c.index for c in parse_cards(h)) for h in hands)
    table = Table(rules=rules or Rules(), players=len(hands), dealer=len(hands) - 1, phase=Phase.PLAY)
    return State(table=table, hands=masks, stock=tuple(c.index for c in parse_cards(stock)),
                 books=((),) * len(hands), current=current, drawn=((),) * len(hands))


def ask(state: State, text: str) -> State:
    seat = GAME.to_act(state)[0]
    return GAME.apply(state, seat, GAME.parse_move(state, seat, text))


def hand(state: State, seat: int) -> str:
    return " ".join(str(c) for c in cards_of(state.hands[seat]))


R = Rank
TWO = ["7H 7S KD 2C 3C 4C 5C", "7D QH QS 9D 9H 8C 8D"]
"""Ann (seat 0) and Bob (seat 1) with seven cards each; Bob deals, so Ann starts."""


# ---- the deal ---------------------------------------------------------------------------
def test_the_first_dealer_is_drawn_by_lot_and_the_player_to_the_dealers_left_starts():
    state = GAME.initial_state(Rules(), 4)
    assert GAME.chance_outcomes(state) == tuple((FirstDealer(s), Fraction(1, 4)) for s in range(4))
    for dealer in range(4):
        cut = GAME.apply(state, CHANCE, FirstDealer(dealer))
        dealt = GAME.apply(cut, CHANCE, GAME.sample_chance(cut, random.Random(dealer)))
        assert GAME.to_act(dealt) == ((dealer + 1) % 4,)


@pytest.mark.parametrize(("players", "each", "stock"), [(2, 7, 38), (3, 5, 37), (4, 5, 32), (6, 5, 22)])
def test_seven_cards_each_for_two_players_five_for_more_and_the_rest_is_the_stock(players, each, stock):
    state = GAME.initial_state(Rules(), players)
    state = GAME.apply(state, CHANCE, FirstDealer(0))
    state = GAME.apply(state, CHANCE, Deal(standard_deck()))  # no book can be dealt from an unshuffled deck
    assert [h.bit_count() for h in state.hands] == [each] * players
    assert len(state.stock) == stock
    assert GAME.view(state, 0).stock_size == stock


def test_a_hand_size_can_be_set():
    state = start(["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D"], rules=Rules(hand_size=6))
    assert [h.bit_count() for h in state.hands] == [6, 6] and len(state.stock) == 40


def test_the_cards_go_round_one_at_a_time_from_the_dealers_left():
    deck = Deal(standard_deck())
    state = GAME.apply(GAME.apply(GAME.initial_state(Rules(), 3), CHANCE, FirstDealer(1)), CHANCE, deck)
    first = [str(c) for c in standard_deck()[:15]]
    assert hand(state, 2) == " ".join(sorted(first[0::3], key=lambda c: (Card.parse(c).rank.number, c[1])))
    assert GAME.to_act(state) == (2,)


# ---- asking --------------------------------------------------------------------------------
def test_asked_cards_are_all_handed_over_and_the_asker_goes_again():
    state = start(TWO)
    with pytest.raises(IllegalMoveError, match="you may only ask for a rank you hold: you have no nines"):
        ask(state, "ask 2 for nines")
    after = ask(state, "ask 2 for sevens")
    assert hand(after, 0).split().count("7D") == 1 and not after.hands[1] & (1 << Card.parse("7D").index)
    assert GAME.to_act(after) == (0,)
    event = after.history[-1]
    assert event.act is Act.ASK and event.cards == (Card.parse("7D"),) and event.target == 1
    line = GAME.describe_for(state, 0, Ask(1, R.SEVEN), 1, NAMES)
    assert line == "Ann asked Bob for sevens: Bob hands over 1 (7D)."


def test_every_card_of_the_rank_is_handed_over():
    state = start(["7H KD 2C 3C 4C", "7D 7C QS 9D 8C", "AH AS AD 5H 6H"])
    after = ask(state, "ask 2 for 7")
    assert [c for c in cards_of(after.hands[0]) if c.rank is R.SEVEN] == list(parse_cards("7C 7D 7H"))
    assert after.hands[1].bit_count() == 3


def test_asks_are_refused_with_the_reason_and_change_nothing():
    state = start(TWO)
    before = state
    for text, reason in [("ask 2 for nines", "you have no nines"),
                         ("ask 1 for sevens", "you cannot ask yourself"),
                         ("ask 3 for sevens", "there is no player 3 at this table of 2")]:
        with pytest.raises(IllegalMoveError, match=re.escape(reason)):
            ask(state, text)
        assert state == before
    with pytest.raises(NotYourTurnError):
        GAME.apply(state, 1, Ask(0, R.SEVEN))
    for bad in ("give me sevens", "ask bob for 7", "ask 2 for elevens", "ask 0 for 7"):
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, 0, bad)


def test_go_fish_the_asker_draws_and_the_turn_passes_to_the_player_who_said_it():
    # Three players: Ann asks Cat (not the next player, Bob) and Cat says "Go fish!".
    state = start(["7H KD 2C 3C 4C", "7D QS 9D 8C 5D", "AH AS AD 5H 6H"], stock="JC")
    after = ask(state, "ask 3 for kings")
    assert GAME.to_act(after) == (2,)  # Cat, who said "Go fish!", not Bob
    assert Card.parse("JC") in cards_of(after.hands[0])
    assert [e.act for e in after.history[-2:]] == [Act.ASK, Act.FISH]
    assert not after.history[-1].lucky
    line = GAME.describe_for(state, 0, Ask(2, R.KING), 1, NAMES)
    assert line == ("Ann asked Cat for kings: Go fish! Ann draws a card from the stock. "
                    "The turn passes to Cat.")
    mine = GAME.describe_for(state, 0, Ask(2, R.KING), 0, NAMES)
    assert "Ann draws JC from the stock." in mine


def test_a_lucky_draw_is_shown_and_the_asker_goes_again():
    state = start(["7H KD 2C 3C 4C", "7D QS 9D 8C 5D", "AH AS AD 5H 6H"], stock="KS")
    after = ask(state, "ask 3 for kings")
    assert GAME.to_act(after) == (0,)
    fish = after.history[-1]
    assert fish.act is Act.FISH and fish.lucky and fish.cards == (Card.parse("KS"),)
    assert GAME.view(after, 1).history[-1].to_json()["drawn"] == "KS"  # shown to everyone
    line = GAME.describe_for(state, 0, Ask(2, R.KING), 1, NAMES)
    assert "Ann draws KS, one of the kings asked for, shows it and goes again." in line


def test_a_card_drawn_and_kept_is_seen_only_by_its_drawer():
    state = start(["7H KD 2C 3C 4C", "7D QS 9D 8C 5D", "AH AS AD 5H 6H"], stock="JC")
    after = ask(state, "ask 3 for kings")
    assert GAME.view(after, 0).to_json()["history"][-1]["drawn"] == "JC"
    assert GAME.view(after, 0).seen_history[-1].drawn == Card.parse("JC").index
    for viewer in (1, 2, None):
        view = GAME.view(after, viewer)
        assert view.history[-1].drawn == view.seen_history[-1].drawn == -1
        assert "JC" not in str(view.to_json()) and "JC" not in repr(view)


# ---- books ---------------------------------------------------------------------------------
def test_a_book_is_set_aside_as_soon_as_it_is_collected():
    state = start(["7H 7S 7C 2C 3C 4C 5C", "7D QH QS 9D 9H 8C 8D"])
    after = ask(state, "ask 2 for sevens")
    assert after.books == ((R.SEVEN,), ())
    assert not any(c.rank is R.SEVEN for c in cards_of(after.hands[0]))
    assert after.history[-1].act is Act.BOOK
    assert "Ann makes a book of sevens!" in GAME.describe_for(state, 0, Ask(1, R.SEVEN), 1, NAMES)


def test_a_book_dealt_whole_is_set_aside_at_once():
    state = start(["7H 7S 7C 7D 3C 4C 5C", "2D QH QS 9D 9H 8C 8D"])
    assert state.books == ((R.SEVEN,), ()) and state.hands[0].bit_count() == 3


def test_a_lucky_draw_can_complete_a_book():
    state = start(["KH KS KC 2C 3C", "7D QS 9D 8C 5D", "AH AS AD 5H 6H"], stock="KD")
    after = ask(state, "ask 2 for kings")
    assert after.books[0] == (R.KING,) and GAME.to_act(after) == (0,)


# ---- the end -------------------------------------------------------------------------------
def test_the_game_ends_when_someone_has_no_cards_left():
    # Bob's last cards are three sevens: handing them over leaves him with none.
    small = position(["7H KD 2C", "7D 7C 7S"], stock="2H 3H")
    after = ask(small, "ask 2 for 7")
    assert after.phase is Phase.OVER and not after.hands[1] and len(after.stock) == 2
    assert after.books == ((R.SEVEN,), ())
    assert GAME.winners(after) == (0,) and GAME.returns(after) == (1.0, -1.0)
    assert GAME.to_act(after) == ()
    assert "Bob has no cards left. Ann wins with 1 books (Ann: 1, Bob: 0)." in GAME.describe_for(
        small, 0, Ask(1, R.SEVEN), 0, NAMES)


def test_the_game_also_ends_when_the_asker_books_their_last_cards():
    small = position(["7H 7S 7C", "7D 2C 3C"], stock="2H 3H")
    after = ask(small, "ask 2 for 7")
    assert after.phase is Phase.OVER and not after.hands[0] and after.books == ((R.SEVEN,), ())


def test_the_game_ends_when_the_stock_runs_out_and_a_tie_shares_the_win():
    rng = random.Random(2)
    state = start(TWO)
    while state.stock and state.phase is Phase.PLAY:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert state.phase is Phase.OVER
    counts = state.book_counts
    best = max(counts)
    assert GAME.winners(state) == tuple(s for s in range(2) if counts[s] == best)
    tie = State(table=Table(rules=Rules(), players=3, phase=Phase.OVER), hands=(1, 0, 2),
                books=((R.ACE,), (R.TWO,), ()))
    assert GAME.winners(tie) == (0, 1)
    assert GAME.result_text(tie, NAMES) == (
        "Ann and Bob share the win with 1 books each (Ann: 1, Bob: 1, Cat: 0).")


def test_draw_on_a_player_who_runs_out_draws_and_plays_on():
    rules = Rules(ending=Ending.DRAW_ON, hand_size=3)
    state = position(["7H KD 2C", "7D 7C 7S"], stock="9C 9D 4H", rules=rules)
    after = ask(state, "ask 2 for 7")
    assert after.phase is Phase.PLAY and after.books == ((R.SEVEN,), ())
    # Ann would go again, but Bob has no cards: there is nobody to ask, so she draws one and the
    # turn passes to Bob, who has none either and draws one.
    assert [(e.act, e.seat) for e in after.history[-2:]] == [(Act.DRAW, 0), (Act.DRAW, 1)]
    assert hand(after, 0) == "2C 9C KD" and hand(after, 1) == "9D"
    assert GAME.to_act(after) == (1,) and after.stock[0] == Card.parse("4H").index
    with pytest.raises(IllegalMoveError, match="player 1 has no cards to ask for"):
        GAME.apply(dataclasses.replace(after, hands=(0, after.hands[1])), 1, Ask(0, R.NINE))


def test_draw_on_ends_when_the_stock_runs_out():
    rules = Rules(ending=Ending.DRAW_ON)
    rng = random.Random(4)
    state = start(TWO, rules=rules)
    while state.phase is Phase.PLAY:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert not state.stock


def test_all_books_plays_on_after_the_stock_is_empty_until_thirteen_books():
    rules = Rules(ending=Ending.ALL_BOOKS)
    for seed in range(5):
        rng = random.Random(seed)
        state = start(TWO, rules=rules)
        emptied = False
        while state.phase is Phase.PLAY:
            if not state.stock:
                emptied = True
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        assert sum(state.book_counts) == 13 and emptied


def test_all_books_go_fish_with_an_empty_stock_passes_the_turn():
    rules = Rules(ending=Ending.ALL_BOOKS)
    state = start(TWO, rules=rules)
    empty = dataclasses.replace(state, stock=())
    after = GAME.apply(empty, 0, Ask(1, R.KING))
    assert GAME.to_act(after) == (1,) and after.history[-1].act is Act.ASK and not after.history[-1].cards
    assert after.hands == empty.hands


def test_rules_checks_and_presets():
    for players in (1, 7):
        with pytest.raises(RulesError, match="two to six players"):
            GAME.initial_state(Rules(), players)
    with pytest.raises(RulesError, match="hand_size"):
        GAME.initial_state(Rules(hand_size=9), 3)
    assert GAME.presets()["manual"] == Rules()
    assert GAME.presets()["all-books"].ending is Ending.ALL_BOOKS


# ---- notation and views -----------------------------------------------------------------------
def test_every_legal_move_round_trips_and_its_repr_is_python():
    rng = random.Random(3)
    for players in (2, 3, 6):
        state = GAME.initial_state(Rules(), players)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                outcome = GAME.sample_chance(state, rng)
                assert GAME.parse_outcome(state, GAME.format_outcome(state, outcome)) == outcome
                state = GAME.apply(state, CHANCE, outcome)
                continue
            for move in GAME.legal_moves(state, seat):
                assert GAME.parse_move(state, seat, GAME.format_move(state, seat, move)) == move
                assert eval(repr(move), {"Ask": Ask, "Rank": Rank}) == move
            state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))


def test_a_view_holds_your_own_hand_and_only_counts_of_the_others():
    state = start(TWO)
    view = GAME.view(state, 0)
    assert [str(c) for c in view.hand or ()] == hand(state, 0).split()
    assert view.hand_sizes == (7, 7) and view.stock_size == 38
    text = str(view.to_json())
    for card in TWO[1].split():
        assert f"'{card}'" not in text
    assert [g[0] for g in view.groups] == [R.TWO, R.THREE, R.FOUR, R.FIVE, R.SEVEN, R.KING]
    assert GAME.view(state, None).hand is None


def test_the_hidden_cards_can_be_dealt_anew_without_changing_a_view():
    state = ask(start(TWO), "ask 2 for sevens")
    other = GAME.resample_hidden(state, 0, random.Random(1))
    assert GAME.view(other, 0) == GAME.view(state, 0)
    assert other.hands[1] != state.hands[1] or other.stock != state.stock
    assert other.hands[1].bit_count() == state.hands[1].bit_count()


@pytest.mark.parametrize("text", ["ask " + "9" * 4301 + " for aces", "ask 1234567890 for sevens"])
def test_absurd_seat_numbers_are_refused_as_notation(text):
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(GAME.initial_state(Rules(), 2), 0, text)


@pytest.mark.parametrize("text", ["dealer " + "9" * 4301, "dealer ²"])
def test_absurd_dealer_numbers_are_refused_as_notation(text):
    with pytest.raises(InvalidMoveError):
        GAME.parse_outcome(GAME.initial_state(Rules(), 2), text)
