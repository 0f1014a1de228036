"""Draughts notation: moves and actions, FEN, and their round trips (Hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.errors import InvalidMoveError
from parlour.games.draughts import board
from parlour.games.draughts.board import (
    BIT,
    BLACK_CROWN_ROW,
    START,
    WHITE_CROWN_ROW,
    Colour,
    Move,
    Position,
    legal_moves,
    play,
)
from parlour.games.draughts.game import GAME
from parlour.games.draughts.moves import AcceptDraw, DeclineDraw, Huff, OfferDraw, Resign
from parlour.games.draughts.notation import FenError, format_fen, parse_fen, parse_play
from parlour.games.draughts.rules import Rules


def test_moves_are_written_in_pdn_style_and_repr_is_pasteable():
    double = Move((11, 18, 25), (15, 22))
    assert str(Move((11, 15))) == "11-15" and double.text == "11x18x25"
    assert repr(double) == "Move((11, 18, 25), (15, 22))"
    assert eval(repr(double), vars(board)) == double
    assert eval(repr(Move((11, 15))), vars(board)) == Move((11, 15))


@pytest.mark.parametrize(("text", "expected"), [
    ("11-15", ((11, 15), False)), (" 22x15 ", ((22, 15), True)), ("11X18X25", ((11, 18, 25), True)),
    ("1-5", ((1, 5), False)),
])
def test_move_text_is_read(text, expected):
    assert parse_play(text) == expected


@pytest.mark.parametrize(("text", "message"), [
    ("", "not a move"), ("11 15", "not a move"), ("11-", "not a move"), ("x15", "not a move"),
    ("11-15x19", "mixes"), ("11-15-19", "goes one square"), ("0-4", "no square 0"),
    ("33-28", "no square 33"), ("11\u201315", "not a move"), ("\u0661\u0661-\u0661\u0665", "not a move"),
])
def test_bad_move_text_is_refused_with_the_reason(text, message):
    with pytest.raises(InvalidMoveError, match=message):
        parse_play(text)


def test_the_other_actions_have_words_and_round_trip():
    state = GAME.from_position(START, Rules(huffing=True))
    for action, text in ((OfferDraw(), "offer draw"), (AcceptDraw(), "accept"),
                         (DeclineDraw(), "decline"), (Resign(), "resign"), (Huff(14), "huff 14")):
        assert GAME.format_move(state, 0, action) == text
        assert GAME.parse_move(state, 0, text) == action
        assert GAME.parse_move(state, 0, f"  {text.upper()} ") == action
    for bad in ("offer", "draw", "offer a draw", "huff", "huff 33", "huff 0", "resigns", "huff14x"):
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(state, 0, bad)
    with pytest.raises(InvalidMoveError, match="11x19 is not a jump"):
        GAME.parse_move(state, 0, "11x19")
    with pytest.raises(InvalidMoveError, match="not a coin toss"):
        GAME.parse_outcome(state, "heads")


def test_fen_of_the_start_and_of_the_pdn_example():
    assert format_fen(START) == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    example = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
    p = parse_fen(example)
    assert format_fen(p) == example and p.black_to_move
    assert p.squares(Colour.WHITE, kings=True) == (10, 15) and p.squares(Colour.BLACK, kings=False) == (
        12, 16, 20)
    assert parse_fen("W:B1-12:W21-32") == Position(START.black, START.white, 0, False)
    assert parse_fen("B:WK1-3:B26").squares(Colour.WHITE, kings=True) == (1, 2, 3)
    assert Position.from_fen(example).fen() == example


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"), ("X:W1:B2", "character 1"), ("B:W1", "three parts"), ("B:W1:W2", "listed twice"),
    ("B:W1:X2", "character 6: each colour"), ("B:W1,a:B2", "character 6: 'a' is not a square"),
    ("B:W33:B2", "no square 33"), ("B:W5:B5", "square 5 is listed twice"),
    ("B:W21:B30", "a black man on 30 would have been crowned"),
    ("W:W2:B20", "a white man on 2 would have been crowned"), ("B:W12-9:B30", "runs backwards"),
    ("B:W1-13,20:B31", "more than 12 pieces"), ("B:W1,,2:B31", "'' is not a square"),
])
def test_bad_fens_are_refused_saying_where(text, message):
    with pytest.raises(FenError, match=message):
        parse_fen(text)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    squares = draw(st.lists(st.integers(1, 32), unique=True, max_size=24))
    cut = draw(st.integers(0, len(squares)))
    black, white = squares[:cut][:12], squares[cut:][:12]
    kings = [s for s in black + white if draw(st.booleans())]
    kings += [s for s in black if BIT[s] & BLACK_CROWN_ROW] + [s for s in white if BIT[s] & WHITE_CROWN_ROW]
    return Position.from_squares(black, white, set(kings), draw(st.sampled_from(list(Colour))))


@settings(max_examples=300, deadline=None)
@given(positions())
def test_fen_round_trips_for_any_position(position):
    text = format_fen(position)
    assert parse_fen(text) == position
    assert format_fen(parse_fen(text)) == text


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 2**32))
def test_every_move_of_a_random_game_round_trips_through_its_text(position, seed):
    rng = random.Random(seed)
    for compulsory in (True, False):
        pos = position
        state_rules = Rules(huffing=not compulsory)
        for _ in range(30):
            moves = legal_moves(pos, compulsory)
            if not moves or not pos.white or not pos.black:
                break
            state = GAME.from_position(pos, state_rules)
            if state.over:
                break
            seat = GAME.to_act(state)[0]
            for move in moves:
                text = GAME.format_move(state, seat, move)
                assert GAME.parse_move(state, seat, text) == move
                assert eval(repr(move), vars(board)) == move
            pos = play(pos, rng.choice(moves), compulsory)
