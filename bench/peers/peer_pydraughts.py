"""pydraughts' side of the peer benchmark (its own virtual environment: it imports as
``draughts``, like py-draughts).

    /tmp/parlour-peers/pydraughts/bin/python bench/peers/peer_pydraughts.py [--budget S] [--perft D]

``draughts.Board(variant="english")``, the documented API: ``legal_moves()`` (whole moves, a
multi-jump is one move), a uniform choice, ``push()``, until ``is_over()`` (no move, threefold
repetition, or 80 plies of kings moving without a capture).  Perft: ``push``/``pop`` with the
last ply counted (bulk).  Prints one JSON object.
"""

from __future__ import annotations

import random
import sys
from importlib.metadata import version

from draughts import Board
from peerkit import budget_from_argv, emit, push_pop_perft, rate, timed


def random_games(budget: float) -> dict[str, float]:
    def one(n: int) -> tuple[int, int]:
        rng = random.Random(n)
        board = Board(variant="english")
        plies = 0
        while not board.is_over():
            moves = board.legal_moves()
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
        return 1, plies

    return rate(one, budget)


def perft(board: Board, depth: int) -> int:
    return push_pop_perft(board, depth, lambda board: board.legal_moves())


def main() -> None:
    budget = budget_from_argv(sys.argv)
    out: dict[str, object] = {"version": version("pydraughts"), "draughts": random_games(budget)}
    if "--perft" in sys.argv:
        depth = int(sys.argv[sys.argv.index("--perft") + 1])
        seconds, nodes = timed(lambda: perft(Board(variant="english"), depth), 1)
        out["perft"] = {"depth": depth, "nodes": nodes, "seconds": seconds}
    emit(out)


if __name__ == "__main__":
    main()
