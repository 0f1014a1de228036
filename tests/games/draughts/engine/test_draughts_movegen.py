"""The engine's own move generation against the board's (the reference)."""

from __future__ import annotations

import random

import pytest

from parlour.games.draughts.board import (
    START,
    Colour,
    Move,
    Position,
    capturing_squares,
    legal_moves,
    mask_of,
    play_unchecked,
)
from parlour.games.draughts.engine.movegen import capturers, children, mobility, to_move


def random_position(rng: random.Random, max_each: int = 12) -> Position:
    squares = rng.sample(range(1, 33), rng.randint(2, 2 * max_each))
    nb = rng.randint(1, len(squares) - 1)
    black, white = squares[:nb], squares[nb:]
    kings = [s for s in squares if rng.random() < 0.3 or (s in black and s >= 29)
             or (s in white and s <= 4)]
    return Position.from_squares(black, white, kings, rng.choice([Colour.BLACK, Colour.WHITE]))


def reference(position: Position) -> set[tuple[int, int, int]]:
    after = (play_unchecked(position, m) for m in legal_moves(position))
    return {(p.black, p.white, p.kings) for p in after}


def test_same_children_as_the_board_on_random_positions():
    rng = random.Random(11)
    for _ in range(3000):
        p = random_position(rng)
        mine = [c[:3] for c in children(p.black, p.white, p.kings, p.black_to_move)]
        assert set(mine) == reference(p), p.fen()
        assert len(mine) == len(set(mine))  # each resulting position once


def test_same_children_along_random_games():
    rng = random.Random(12)
    for _ in range(30):
        p = START
        while legal_moves(p):
            assert {c[:3] for c in children(p.black, p.white, p.kings, p.black_to_move)} == reference(p)
            p = play_unchecked(p, rng.choice(legal_moves(p)))


def perft(b: int, w: int, k: int, btm: bool, depth: int) -> int:
    if depth == 0:
        return 1
    kids = children(b, w, k, btm)
    return len(kids) if depth == 1 else sum(perft(c[0], c[1], c[2], not btm, depth - 1) for c in kids)


def test_perft_from_the_start_matches_the_published_counts():
    # no two jump paths reach the same position this early, so the counts agree with the board's
    assert [perft(START.black, START.white, 0, True, d) for d in range(1, 7)] == [
        7, 49, 302, 1469, 7361, 36768]


def test_a_king_may_pass_its_start_square_and_capture_around_a_ring():
    # a black king on 10 can jump 15, 23, 22 and 14 and come back to 10 (a full ring)
    p = Position.from_squares(black=[10], white=[14, 15, 22, 23], kings=[10])
    kids = children(p.black, p.white, p.kings, True)
    assert {c[:3] for c in kids} == reference(p)
    assert any(c[1] == 0 for c in kids)  # all four taken


def test_a_man_crowned_by_a_capture_stops():
    p = Position.from_squares(black=[22], white=[26, 27], turn=Colour.BLACK)
    (kid,) = children(p.black, p.white, p.kings, True)
    assert to_move(p, kid) == Move((22, 31), (26,))
    assert kid[2] == mask_of([31]) and kid[1] == mask_of([27])  # crowned: it may not go on over 27


def test_capturers_and_mobility():
    rng = random.Random(13)
    for _ in range(500):
        p = random_position(rng)
        assert capturers(p.black, p.white, p.kings, p.black_to_move) == mask_of(capturing_squares(p))
        nb, nw = mobility(p.black, p.white, p.kings)
        simple_b = legal_moves(Position(p.black, p.white, p.kings, True), compulsory=False)
        assert nb == sum(1 for m in simple_b if not m.captured)
        simple_w = legal_moves(Position(p.black, p.white, p.kings, False), compulsory=False)
        assert nw == sum(1 for m in simple_w if not m.captured)


def test_to_move_names_the_board_move():
    for m in legal_moves(START):
        after = play_unchecked(START, m)
        assert to_move(START, (after.black, after.white, after.kings, 0)) == m
    with pytest.raises(ValueError):
        to_move(START, (START.black, START.white, 0, 0))
