"""py-draughts' side of the peer benchmark (its own virtual environment: it imports as ``draughts``,
like pydraughts).

    /tmp/parlour-peers/py-draughts/bin/python bench/peers/peer_py_draughts.py [--budget S] [--perft D]

py-draughts' ``AmericanBoard`` offers captures as optional (its docstring: "Captures are NOT
mandatory in American checkers"), which is not the rule of English draughts or American
checkers.  Like with like: the same board with its own move generator asked for compulsory
captures (``_legal_moves_from_core(..., captures_optional=False)``, the flag its other variants
use).  Random games: ``legal_moves``, a uniform choice, ``push``, until no move or ``is_draw``
(threefold repetition, or 40 plies with no capture or man move).  Perft: ``push``/``pop`` with
the last ply counted (bulk).  Prints one JSON object.
"""

from __future__ import annotations

import random
import sys
from importlib.metadata import version

from draughts import AmericanBoard
from draughts.boards.american import _CORE
from peerkit import budget_from_argv, emit, push_pop_perft, rate, timed


class EnglishBoard(AmericanBoard):  # type: ignore[misc]
    """American checkers with compulsory captures."""

    @property
    def legal_moves(self) -> list:  # type: ignore[type-arg]
        return self._legal_moves_from_core(_CORE, max_capture=False, captures_optional=False)


def random_games(board_type: type, budget: float) -> dict[str, float]:
    def one(n: int) -> tuple[int, int]:
        rng = random.Random(n)
        board = board_type()
        plies = 0
        while True:
            moves = board.legal_moves
            if not moves or board.is_draw:
                return 1, plies
            board.push(moves[rng.randrange(len(moves))])
            plies += 1

    return rate(one, budget)


def perft(board: AmericanBoard, depth: int) -> int:
    return push_pop_perft(board, depth, lambda board: board.legal_moves)


def main() -> None:
    budget = budget_from_argv(sys.argv)
    out: dict[str, object] = {"version": version("py-draughts"),
                              "draughts": random_games(EnglishBoard, budget),
                              "draughts, captures optional": random_games(AmericanBoard, budget)}
    if "--perft" in sys.argv:
        depth = int(sys.argv[sys.argv.index("--perft") + 1])
        seconds, nodes = timed(lambda: perft(EnglishBoard(), depth), 1)
        out["perft"] = {"depth": depth, "nodes": nodes, "seconds": seconds}
    emit(out)


if __name__ == "__main__":
    main()
