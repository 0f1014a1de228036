"""Draughts: every rule sentence of the manual's draughts section, through the public protocol.

The sentences quoted are the manual's (``001``, "Draughts or Checkers").
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from parlour.core.errors import AmbiguousMoveError
from parlour.core.protocol import CHANCE
from parlour.games.draughts import GAME, Colour, Colours, Ending, Rules, Toss
from parlour.games.draughts.board import (
    BIT,
    SQUARES,
    START,
    column_of,
    legal_moves,
    row_of,
    square_at,
)
from parlour.games.draughts.notation import parse_fen

# ---- Equipment and preparation -----------------------------------------------------------------


def test_twelve_pieces_each_on_a_chessboard_of_64_squares_using_only_the_32_dark_ones(table):
    """"Each player has 12 pieces"; "the white squares are not used at all in the game"."""
    dark = [(r, c) for r in range(8) for c in range(8) if square_at(r, c) is not None]
    assert len(dark) == 32 and sorted(square_at(r, c) for r, c in dark) == list(SQUARES)
    assert all((r + c) % 2 == 1 for r, c in dark)
    assert START.black.bit_count() == 12 and START.white.bit_count() == 12


def test_the_near_right_hand_corner_is_a_light_square_for_both_players():
    """"The board is placed ... so that the near right-hand corner square is white for both"."""
    # White sits at the bottom (row 7): the near right corner is h1; Black sits at the top: a8.
    assert square_at(7, 7) is None and square_at(0, 0) is None
    # ... so the near left corners are dark: 29 for White, 4 for Black (the single corners)
    assert square_at(7, 0) == 29 and square_at(0, 7) == 4
    assert (row_of(1), column_of(1)) == (0, 1) and (row_of(32), column_of(32)) == (7, 6)


def test_a_coin_is_tossed_to_decide_who_is_black():
    """"A coin is tossed to decide which player will be black" (the default rule)."""
    state = GAME.initial_state(Rules(), 2)
    assert GAME.to_act(state) == (CHANCE,)
    assert GAME.chance_outcomes(state) == ((Toss(0), Fraction(1, 2)), (Toss(1), Fraction(1, 2)))
    assert GAME.legal_moves(state, 0) == () == GAME.legal_moves(state, 1)
    for text, seat in (("seat 1 black", 0), ("seat 2 black", 1)):
        tossed = GAME.apply(state, CHANCE, GAME.parse_outcome(state, text))
        assert tossed.black_seat == seat and GAME.format_outcome(state, Toss(seat)) == text
        assert GAME.describe(state, CHANCE, Toss(seat), ["Ann", "Bob"]).startswith(
            f"Coin toss: {['Ann', 'Bob'][seat]} plays Black")


def test_the_colours_may_be_chosen_instead_of_tossed():
    first = GAME.initial_state(Rules(colours=Colours.FIRST_BLACK), 2)
    second = GAME.initial_state(Rules(colours=Colours.SECOND_BLACK), 2)
    assert (first.black_seat, GAME.to_act(first)) == (0, (0,))
    assert (second.black_seat, GAME.to_act(second)) == (1, (1,))
    assert GAME.chance_outcomes(first) == ()


def test_black_always_plays_first_whoever_won_the_toss(table):
    """"Black always plays first."""
    for seat in (0, 1):
        state = GAME.apply(GAME.initial_state(Rules(), 2), CHANCE, Toss(seat))
        assert GAME.to_act(state) == (seat,) and state.turn is Colour.BLACK
        assert table.plays(state) == ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]


def test_each_side_starts_on_the_twelve_dark_squares_nearest_to_it():
    """"Each player's pieces are placed on the 12 black squares nearest to that player."""
    assert START.squares(Colour.BLACK) == tuple(range(1, 13))
    assert START.squares(Colour.WHITE) == tuple(range(21, 33))
    assert START.kings == 0


# ---- Play --------------------------------------------------------------------------------------


def test_players_take_turns_to_move_a_piece_of_their_own_colour(table):
    """"Players take turns to move a piece of their own colour."""
    state = table.setup(START.fen(), black_seat=1)
    assert table.seat(state) == 1
    assert "is not your piece" in table.refused(state, "22-18")
    state = table.act(state, "11-15")
    assert table.seat(state) == 0 and state.turn is Colour.WHITE
    assert table.refused(state, "15-19") == "15 is not your piece (Black's)"
    assert table.refused(state, "17-13") == "there is no piece on 17"


def test_men_move_and_capture_only_diagonally_forwards(table):
    """"Until a piece is crowned, it can only move and capture in a diagonally forwards direction"."""
    assert table.plays(table.setup("B:W32:B14")) == ["14-17", "14-18"]  # Black goes down the board
    assert table.plays(table.setup("W:W19:B1")) == ["19-15", "19-16"]  # White goes up
    state = table.setup("B:W14,23:B18")  # a white man in front of 18 and one behind it
    assert table.plays(state) == ["18x27"]
    assert table.refused(state, "18x9") == "a man jumps only forwards (kings jump backwards too)"
    assert table.refused(table.setup("B:W32:B18"), "18-14") == (
        "a man moves only forwards (kings move backwards too)")
    assert table.refused(table.setup("B:W32:B18"), "18-27") == "27 is not a diagonal step from 18"


def test_kings_move_and_capture_forwards_and_backwards(table):
    """"Kings are allowed to move and capture diagonally forwards and backwards"."""
    assert table.plays(table.setup("B:W32:BK18")) == ["18-14", "18-15", "18-22", "18-23"]
    assert table.plays(table.setup("B:W14:BK18")) == ["18x9"]
    assert table.plays(table.setup("W:WK14:B3,18")) == ["14x23"]  # a white king jumps down


def test_ordinary_pieces_can_capture_kings(table):
    """"However, ordinary pieces can capture Kings."""
    state = table.act(table.setup("B:WK23,32:B18"), "18x27")
    assert state.position.piece_at(23) is None and state.position.squares(Colour.WHITE) == (32,)


def test_a_piece_reaching_the_far_edge_is_crowned_at_once(table):
    """"Any piece that reaches the far edge of the board is immediately crowned"."""
    state = table.act(table.setup("B:W5:B27"), "27-32")
    assert state.position.kings == BIT[32]
    assert GAME.describe(table.setup("B:W5:B27"), 0, legal_moves(parse_fen("B:W5:B27"))[1],
                         ["Ann", "Bob"]) == "Ann (Black): 27-32, and is crowned"
    state = table.act(state, "5-1")  # White is crowned on Black's back row
    assert state.position.kings == BIT[32] | BIT[1]
    assert "32-27" in table.plays(state)  # the new king may go backwards at once


def test_a_capture_needs_an_adjacent_opponent_and_a_vacant_square_beyond(table):
    """"Whenever a piece has an opponent's piece adjacent to it and the square immediately beyond
    the opponent's piece is vacant, the opponent's piece can be captured."""
    assert table.plays(table.setup("B:W23,32:B18")) == ["18x27"]
    assert table.plays(table.setup("B:W23:B18,27")) == ["18-22", "27-31", "27-32"]  # 27 is taken
    assert table.plays(table.setup("B:W28:B24")) == ["24-27"]  # beyond 28 is off the board
    assert table.refused(table.setup("B:W23:B18,27"), "18x27") == "27 is occupied, so there is no jump to it"
    assert table.refused(table.setup("B:W32:B18"), "18x27") == "there is nothing on 23 to jump"


def test_capturing_is_compulsory_and_a_wrong_move_is_refused_with_the_reason(table):
    """"If the player has the opportunity to capture ... then the player must do so"; nowadays
    "the opponent is forced to make the correct move" (the move is refused; nothing changes)."""
    state = table.setup("B:W23,30:B9,18")
    assert table.plays(state) == ["18x27"]
    assert table.refused(state, "9-13") == "you must capture: 18x27 is available"
    two = table.setup("B:W14,23:B10,18")
    assert table.refused(two, "10-15") == "you must capture: 10x17 and 18x27 are available"
    assert table.seat(state) == 0  # still Black's turn


def test_a_captured_piece_is_removed_from_the_board(table):
    """"A piece is taken by simply hopping over it into the vacant square beyond and removing it"."""
    state = table.act(table.setup("B:W23,30:B18"), "18x27")
    assert state.position.squares(Colour.BLACK) == (27,)
    assert state.position.squares(Colour.WHITE) == (30,)
    assert state.last is not None and state.last.captured == (23,)


def test_a_capture_goes_on_while_the_piece_can_capture_again(table):
    """"If a piece takes an opponent's piece and the new position allows it to take another
    piece, then it must do so straight away."""
    state = table.setup("B:W14,23,30:B9")
    assert table.plays(state) == ["9x18x27"]
    assert table.refused(state, "9x18") == (
        "the capture must go on while the piece can jump: 9x18x27 is available")
    after = table.act(state, "9x18x27")
    assert after.position.squares(Colour.WHITE) == (30,)
    assert table.act(state, "9x27") == after  # the start and end alone name the same jump


def test_a_man_crowned_while_capturing_ends_its_move_there(table):
    """"The move finishes ... when an uncrowned piece arrives at the far edge and is crowned"."""
    state = table.setup("B:W10,12,26,27:B2,9,14,18,22")
    assert table.plays(state) == ["22x31"]  # as a king it could go on over 27, but it stops
    after = table.act(state, "22x31")
    assert after.position.piece_at(31) is not None and after.position.kings & BIT[31]
    assert after.position.piece_at(27) is not None and table.seat(after) == 1


def test_free_choice_of_which_piece_captures(table):
    """"If more than one piece can capture, then the player is entirely free to choose"."""
    state = table.setup("B:W14,23:B10,18")
    assert table.plays(state) == ["10x17", "18x27"]
    assert table.act(state, "10x17").position.squares(Colour.WHITE) == (23,)
    assert table.act(state, "18x27").position.squares(Colour.WHITE) == (14,)


def test_free_choice_of_direction_and_no_duty_to_take_the_most(table):
    """"It is not compulsory to move the piece or take the route that will result in the maximum
    number of captures."""
    state = table.setup("B:W17,18,25:B14")
    assert table.plays(state) == ["14x21x30", "14x23"]
    assert len(table.act(state, "14x23").position.squares(Colour.WHITE)) == 2


def test_different_jump_paths_are_different_moves(table):
    state = table.setup("B:W14,15,22,23:BK10")
    # the king may go round either way and ends where it began, having taken all four
    assert table.plays(state) == ["10x17x26x19x10", "10x19x26x17x10"]
    seat = table.seat(state)
    with pytest.raises(AmbiguousMoveError, match="10x17x26x19x10 or 10x19x26x17x10"):
        GAME.parse_move(state, seat, "10x10")
    after = table.act(state, "10x19x26x17x10")
    assert after.position.squares(Colour.BLACK) == (10,) and not after.position.white
    assert after.over and after.winner is Colour.BLACK


def test_without_a_capture_an_ordinary_move_is_one_square_diagonally(table):
    """"If no capturing moves are available, then an ordinary move is made by moving a piece one
    square diagonally."""
    state = table.setup(START.fen())
    assert all(m.count("-") == 1 for m in table.plays(state))
    assert table.refused(state, "9-18") == "18 is not a diagonal step from 9"


# ---- Finishing ------------------------------------------------------------------------------------


def test_taking_all_the_opponents_pieces_wins(table):
    """"The game is won by the player who first manages to take all his opponent's pieces"."""
    state = table.act(table.setup("B:W23:B18,1"), "18x27")
    assert state.over and state.ending is Ending.NO_PIECES and state.winner is Colour.BLACK
    assert GAME.winners(state) == (0,) and GAME.returns(state) == (1.0, -1.0)
    assert GAME.to_act(state) == () and GAME.legal_moves(state, 1) == ()
    assert GAME.result_text(state, ["Ann", "Bob"]) == "Ann (Black) wins: Bob (White) has no pieces left."


def test_leaving_the_opponent_unable_to_move_wins(table):
    """"... or renders them unable to move."""
    state = table.act(table.setup("W:W8,15,29,30,32:B21", black_seat=1), "29-25")
    assert state.over and state.ending is Ending.NO_MOVES and state.winner is Colour.WHITE
    assert GAME.winners(state) == (0,) and GAME.returns(state) == (1.0, -1.0)
    assert GAME.result_text(state, ["Ann", "Bob"]) == "Ann (White) wins: Bob (Black) cannot move."
    blocked = table.setup("B:W27,28,31:B24")  # a set-up where Black, to move, is stuck
    assert blocked.over and blocked.winner is Colour.WHITE


def test_resignation(table):
    state = table.act(table.setup(START.fen(), black_seat=1), "resign")
    assert state.over and state.ending is Ending.RESIGNED and state.winner is Colour.WHITE
    assert GAME.winners(state) == (0,)
    assert GAME.result_text(state, ["Ann", "Bob"]) == "Ann (White) wins: Bob (Black) resigned."
    assert GAME.result_text(state) == "White wins: Black resigned."
