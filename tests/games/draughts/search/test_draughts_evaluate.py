"""The static evaluation's soundness, and the fixed openings of the strength matches."""

from __future__ import annotations

import json
import random
from pathlib import Path

from parlour.games.draughts.board import START, Colour, Position, legal_moves, play
from parlour.games.draughts.search.evaluate import KING, MAN, evaluate

OPENINGS = Path(__file__).resolve().parents[3] / "data" / "draughts" / "openings.json"


def score(p: Position) -> int:
    return evaluate(p.black, p.white, p.kings, p.black_to_move)


def turned(p: Position) -> Position:
    """The same position with the board turned round and the colours swapped."""
    return Position.from_squares(black=[33 - s for s in p.squares(Colour.WHITE)],
                                 white=[33 - s for s in p.squares(Colour.BLACK)],
                                 kings=[33 - s for s in (*p.squares(Colour.BLACK, True),
                                                         *p.squares(Colour.WHITE, True))],
                                 turn=p.turn.other)


def test_the_start_is_level_and_the_evaluation_is_symmetric():
    assert score(START) == 0
    rng = random.Random(1)
    for _ in range(500):
        squares = rng.sample(range(1, 33), rng.randint(2, 24))
        nb = rng.randint(1, len(squares) - 1)
        black, white = squares[:nb], squares[nb:]
        kings = [s for s in squares if rng.random() < 0.3 or (s in black and s >= 29)
                 or (s in white and s <= 4)]
        p = Position.from_squares(black, white, kings, rng.choice(list(Colour)))
        assert score(p) == score(turned(p))
        assert score(p) == -score(Position(p.black, p.white, p.kings, not p.black_to_move))


def test_material_dominates():
    base = Position.from_squares([1, 2, 3, 5, 6, 7], [26, 27, 28, 30, 31, 32])
    man_up = base.without(30)
    assert score(man_up) >= MAN * 3 // 4
    assert score(Position.from_squares([1, 2, 3], [30, 31], [3])) > score(
        Position.from_squares([1, 2, 3], [30, 31]))  # a king is worth more than a man
    assert KING > MAN


def test_trading_down_pays_when_ahead():
    # a man up with 6 pieces left is better than a man up with 12
    few = Position.from_squares([1, 2, 3, 4], [30, 31])
    many = Position.from_squares([1, 2, 3, 4, 5, 6, 7], [26, 27, 28, 30, 31])
    assert score(few) > score(many) > 0


def test_a_runaway_man_counts_nearly_as_a_king():
    # Black's man on 24 with White's man on 25 (not in its way) or on 27 (in front of it)
    free = Position.from_squares([24, 1], [25], turn=Colour.WHITE)
    blocked = Position.from_squares([24, 1], [27], turn=Colour.WHITE)
    assert score(free) < score(blocked) - 20  # worse for White, to move


def test_the_openings_are_the_156_legal_three_move_ballots():
    data = json.loads(OPENINGS.read_text())
    openings, barred = data["openings"], data["barred"]
    assert len(openings) == 156 and len(barred) == 18
    numbers = [o["acf"] for o in openings + barred]
    assert sorted(numbers) == list(range(1, 175))
    ends = set()
    for o in openings + barred:
        p = START
        for text in o["moves"]:
            (move,) = [m for m in legal_moves(p) if m.text == text]
            p = play(p, move)
        ends.add(p)
    assert len(ends) == 174  # all different positions
