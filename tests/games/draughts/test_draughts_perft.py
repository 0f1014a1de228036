"""Perft: the published counts from the start, and set-up positions with kings and multiple jumps
counted three ways (the fast frontier counter, the plain ``legal_moves``/``play`` recursion and an
independent generator written here on row and column coordinates)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.core.errors import IllegalMoveError
from parlour.games.draughts.board import (
    SQUARES,
    START,
    Colour,
    Move,
    Position,
    column_of,
    legal_moves,
    play,
    row_of,
    square_at,
)
from parlour.games.draughts.notation import parse_fen
from parlour.games.draughts.perft import divide, frontier, perft, perft_fast

DATA = json.loads((Path(__file__).parent.parent.parent / "data" / "draughts" / "perft.json").read_text())
START_COUNTS = DATA["start"]["counts"]
POSITIONS = [pytest.param(p["fen"], p["counts"], id=p["name"]) for p in DATA["positions"]]


def test_the_data_start_is_the_opening_position():
    assert parse_fen(DATA["start"]["fen"]) == START


@pytest.mark.parametrize("depth", range(1, 12))
def test_fast_perft_from_the_start_matches_the_published_counts(depth):
    assert perft_fast(START, depth) == START_COUNTS[depth - 1]


def test_plain_perft_from_the_start_matches_the_published_counts():
    assert [perft(START, d) for d in range(1, 7)] == START_COUNTS[:6]
    assert perft(START, 0) == perft_fast(START, 0) == 1


@pytest.mark.parametrize(("fen", "counts"), POSITIONS)
def test_set_up_positions_agree_between_the_counters(fen, counts):
    position = parse_fen(fen)
    assert [perft_fast(position, d) for d in range(1, len(counts) + 1)] == counts
    assert [perft(position, d) for d in range(1, 6)] == counts[:5]
    assert [naive_perft(naive_board(position), position.black_to_move, d) for d in range(1, 5)] == counts[:4]


def test_divide_adds_up_and_lists_every_first_move():
    parts = divide(START, 5)
    assert [m.text for m, _ in parts] == ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    assert sum(n for _, n in parts) == START_COUNTS[4]


def test_the_frontier_holds_each_position_once():
    after_two = frontier(START, 2)
    assert len(after_two) == len(set(after_two)) == 49
    after_four = frontier(START, 4)
    assert len(after_four) == len(set(after_four)) < START_COUNTS[3]
    assert set(after_four) == {play(p, m) for p in frontier(START, 3) for m in legal_moves(p)}


def test_a_side_without_moves_has_no_leaves():
    stuck = parse_fen("B:W27,28,31:B24")
    assert perft_fast(stuck, 3) == perft(stuck, 3) == 0
    assert perft_fast(parse_fen("W:W32:B1"), 2) == perft(parse_fen("W:W32:B1"), 2)


def test_play_checks_the_move():
    with pytest.raises(IllegalMoveError):
        play(START, Move((22, 18)))
    assert play(START, Move((11, 15))) == Position.from_squares(
        black=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15], white=range(21, 33), turn=Colour.WHITE)


# ---- an independent generator on (row, column) coordinates ---------------------------------------

Board = dict[tuple[int, int], str]


def naive_board(position: Position) -> Board:
    out: Board = {}
    for s in SQUARES:
        piece = position.piece_at(s)
        if piece is not None:
            out[(row_of(s), column_of(s))] = piece.value
    return out


def naive_moves(board: Board, black: bool) -> list[Board]:
    """Every position after a legal move (captures compulsory, every jump path separately)."""
    mine, theirs = ("bB", "wW") if black else ("wW", "bB")
    forward = 1 if black else -1
    far = 7 if black else 0
    captures: list[Board] = []
    simple: list[Board] = []
    for (r, c), piece in board.items():
        if piece not in mine:
            continue
        dirs = [(dr, dc) for dr in (1, -1) for dc in (1, -1) if piece.isupper() or dr == forward]
        start = dict(board)
        del start[(r, c)]

        def jump(b: Board, r: int, c: int, piece: str, took: int, dirs: list[tuple[int, int]]) -> None:
            went = False
            for dr, dc in dirs:
                over, land = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                if not (0 <= land[0] < 8 and 0 <= land[1] < 8) or land in b:
                    continue
                if b.get(over) is None or b[over] not in theirs:
                    continue
                went = True
                nb = dict(b)
                del nb[over]
                crowned = piece.islower() and land[0] == far
                if crowned:
                    nb[land] = piece.upper()
                    captures.append(nb)
                else:
                    jump(nb, land[0], land[1], piece, took + 1, dirs)
            if not went and took:
                done = dict(b)
                done[(r, c)] = piece
                captures.append(done)

        jump(start, r, c, piece, 0, dirs)
        for dr, dc in dirs:
            to = (r + dr, c + dc)
            if 0 <= to[0] < 8 and 0 <= to[1] < 8 and to not in board:
                nb = dict(start)
                nb[to] = piece.upper() if to[0] == far else piece
                simple.append(nb)
    return captures or simple


def naive_perft(board: Board, black: bool, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(naive_perft(b, not black, depth - 1) for b in naive_moves(board, black))


def test_the_independent_generator_agrees_from_the_start():
    assert [naive_perft(naive_board(START), True, d) for d in range(1, 5)] == START_COUNTS[:4]
    assert square_at(0, 1) == 1 and Colour.BLACK.other is Colour.WHITE
