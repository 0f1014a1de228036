"""The move grammar: strict, case-insensitive, round-tripping; chance outcomes too."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.cards import Card, standard_deck
from parlour.core.errors import InvalidMoveError
from parlour.games.gin_rummy import (
    BestLayOff,
    Deal,
    Discard,
    Done,
    Draw,
    FirstDealer,
    Gin,
    Knock,
    LayOff,
    Pass,
    Take,
    moves,
)
from parlour.games.gin_rummy.notation import format_move, format_outcome, parse_move, parse_outcome

any_move = st.one_of(
    st.sampled_from([Draw(), Take(), Pass(), Done(), BestLayOff()]),
    st.builds(lambda kind, card: kind(card), st.sampled_from([Discard, Knock, Gin, LayOff]),
              st.sampled_from(standard_deck())),
)


@given(any_move)
def test_every_move_round_trips_through_its_text_and_its_repr(move) -> None:
    text = format_move(move)
    assert parse_move(text) == move
    assert parse_move(text.upper()) == move
    assert parse_move(f"  {text}  ") == move
    assert eval(repr(move), vars(moves)) == move


@given(st.permutations(standard_deck()))
def test_a_deal_round_trips(order) -> None:
    deal = Deal(tuple(order))
    assert parse_outcome(format_outcome(deal)) == deal


def test_the_first_dealer_round_trips():
    assert [parse_outcome(format_outcome(FirstDealer(s))) for s in (0, 1)] == [FirstDealer(0), FirstDealer(1)]


@pytest.mark.parametrize(("text", "move"), [
    ("draw", Draw()), ("Draw Stock", Draw()), ("take", Take()), ("PASS", Pass()), ("done", Done()),
    ("lay off best", BestLayOff()), ("layoff best", BestLayOff()),
    ("discard 10h", Discard(Card.parse("TH"))), ("knock 10♥", Knock(Card.parse("TH"))),
    ("gin as", Gin(Card.parse("AS"))), ("layoff 5h", LayOff(Card.parse("5H"))),
    ("lay  off   5h", LayOff(Card.parse("5H"))),
])
def test_accepted_forms(text, move):
    assert parse_move(text) == move


@pytest.mark.parametrize("text", [
    "", "discard", "knock", "7H", "discard 7X", "discard 1H", "discard 7H 8H", "take 7H", "draw pile",
    "lay off", "lay 5H", "off 5H", "lay off the best", "gin", "knock knock", "pass 7H", "dealer 2",
])
def test_everything_else_is_refused(text):
    with pytest.raises(InvalidMoveError):
        parse_move(text)


@pytest.mark.parametrize("text", ["dealer 2", "dealer", "AS 2S", " ".join(["AS"] * 52)])
def test_bad_outcomes_are_refused(text):
    with pytest.raises(InvalidMoveError):
        parse_outcome(text)
