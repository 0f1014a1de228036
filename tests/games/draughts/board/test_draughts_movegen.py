"""The move generator: one for the game, the search and perft.  Its moves come in the documented
order, agree with ``has_legal_move`` and ``capturers``, and are the same whichever way they are
asked for: as moves of a position (``legal_moves``, ``play``), as plays on bare boards (the
perft walk), or as the search's children (one for each position a move leads to)."""

from __future__ import annotations

import random

from parlour.games.draughts.board import (
    START,
    Colour,
    Move,
    Position,
    capturers,
    capturing_squares,
    has_legal_move,
    legal_moves,
    mask_of,
    play,
    played,
    plays,
    successors,
)
from parlour.games.draughts.search.searcher import children


def random_position(rng: random.Random, max_each: int = 12) -> Position:
    squares = rng.sample(range(1, 33), rng.randint(2, 2 * max_each))
    nb = rng.randint(1, len(squares) - 1)
    black, white = squares[:nb], squares[nb:]
    kings = [s for s in squares if rng.random() < 0.3 or (s in black and s >= 29)
             or (s in white and s <= 4)]
    return Position.from_squares(black, white, kings, rng.choice([Colour.BLACK, Colour.WHITE]))


def game_positions(games: int, seed: int) -> list[Position]:
    """Positions from random games (with kings, multiple jumps and a few pieces taken off)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        position = START
        for _ in range(200):
            out.append(position)
            compulsory = rng.random() < 0.8
            moves = legal_moves(position, compulsory)
            if not moves:
                break
            position = play(position, rng.choice(moves), compulsory)
            if rng.random() < 0.03:
                position = position.without(rng.randrange(1, 33))
    return out


def _order(move: Move) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return move.path, move.captured


def test_legal_moves_come_in_the_documented_order_and_has_legal_move_agrees():
    rng = random.Random(1)
    for position in game_positions(40, 1) + [random_position(rng) for _ in range(2000)]:
        compulsory = legal_moves(position)
        assert list(compulsory) == sorted(compulsory, key=_order)
        assert len(set(compulsory)) == len(compulsory)
        free = legal_moves(position, False)
        captures = [m for m in free if m.captured]
        simple = [m for m in free if not m.captured]
        assert list(free) == sorted(captures, key=_order) + sorted(simple, key=_order)
        assert len(set(free)) == len(free)
        assert set(compulsory) <= set(free)
        assert has_legal_move(position) == bool(compulsory) == bool(free)
        # captures are compulsory: the complete ones, when there are any
        if captures:
            assert all(m.captured for m in compulsory)
            assert all(not any(c.path[:len(m.path)] == m.path and c != m for c in compulsory)
                       for m in compulsory)
        else:
            assert list(compulsory) == simple


def test_the_capturers_are_the_pieces_that_start_a_capture():
    rng = random.Random(13)
    for _ in range(2000):
        p = random_position(rng)
        starts = {m.start for m in legal_moves(p) if m.captured}
        assert capturers(p.black, p.white, p.kings, p.black_to_move) == mask_of(starts)
        assert capturing_squares(p) == tuple(sorted(starts))


def _boards(p: Position) -> tuple[int, int, int]:
    return p.black, p.white, p.kings


def test_plays_are_the_legal_moves_with_the_squares_they_change():
    rng = random.Random(11)
    for p in game_positions(20, 2) + [random_position(rng) for _ in range(2000)]:
        for compulsory in (True, False):
            found = plays(p.black, p.white, p.kings, p.black_to_move, compulsory)
            assert tuple(x[3] for x in found) == legal_moves(p, compulsory)
            for black, white, kings, move in found:
                after = play(p, move, compulsory)
                assert (black, white, kings) == (p.black ^ after.black, p.white ^ after.white,
                                                 p.kings ^ after.kings)
                assert after.black_to_move != p.black_to_move
        assert successors(p) == tuple((m, play(p, m)) for m in legal_moves(p))


def test_the_search_has_a_child_for_each_position_a_move_leads_to():
    rng = random.Random(12)
    for p in game_positions(20, 3) + [random_position(rng) for _ in range(2000)]:
        kids = children(p.black, p.white, p.kings, p.black_to_move)
        reached = {_boards(play(p, m)) for m in legal_moves(p)}
        assert {_boards(played(p, c)) for c in kids} == reached and len(kids) == len(reached)
        for c in kids:  # each with the first move (in legal_moves order) that leads there
            first = next(m for m in legal_moves(p) if play(p, m) == played(p, c))
            assert c[3] == first


def test_a_king_may_pass_its_start_square_and_capture_around_a_ring():
    # a black king on 10 can jump 15, 23, 22 and 14 and come back to 10 (a full ring)
    p = Position.from_squares(black=[10], white=[14, 15, 22, 23], kings=[10])
    ring = [m for m in legal_moves(p) if m.end == 10]
    assert {m.text for m in ring} == {"10x19x26x17x10", "10x17x26x19x10"}
    after = play(p, ring[0])
    assert after.white == 0 and after.black == mask_of([10]) and after.kings == mask_of([10])
    assert len(children(p.black, p.white, p.kings, True)) == 1  # both paths: the same position


def test_a_man_crowned_by_a_capture_stops():
    p = Position.from_squares(black=[22], white=[26, 27], turn=Colour.BLACK)
    assert legal_moves(p) == (Move((22, 31), (26,)),)
    after = play(p, legal_moves(p)[0])
    assert after.kings == mask_of([31]) and after.white == mask_of([27])  # not on over 27
    # a king goes on: the same jump by a king takes both
    king = Position.from_squares(black=[22], white=[26, 27], kings=[22])
    assert [m.text for m in legal_moves(king)] == ["22x31x24"]
