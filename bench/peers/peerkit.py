"""What every side of the peer benchmark shares: timing a workload, and the shape of a result.

Standard library only: the peers' scripts import it from their own virtual environments (each
script runs as ``python bench/peers/NAME.py``, so this folder is on the path).
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

BUDGET = 1.0
"""Seconds each timed run lasts at least (repeat ``REPEAT`` times, keep the best)."""
REPEAT = 3


def rate(work: Callable[[int], tuple[int, int]], budget: float = BUDGET,
         repeat: int = REPEAT, clock: Callable[[], float] = time.perf_counter) -> dict[str, float]:
    """Time ``work(n)`` (runs the ``n``-th unit, a game say, and returns ``(units, plies)`` done)
    over and over for at least ``budget`` seconds of ``clock`` (wall-clock time unless told),
    ``repeat`` times; the best run's rates.

    Every run starts at unit 0, so each repeat plays the same seeded games."""
    best: dict[str, float] = {}
    for _ in range(repeat):
        units = plies = n = 0
        start = clock()
        while True:
            u, p = work(n)
            units += u
            plies += p
            n += 1
            elapsed = clock() - start
            if elapsed >= budget:
                break
        if not best or units / elapsed > best["per_second"]:
            best = {"per_second": units / elapsed, "plies_per_second": plies / elapsed,
                    "units": units, "plies_per_unit": plies / units if units else 0.0,
                    "seconds": elapsed}
    return best


def timed(fn: Callable[[], Any], repeat: int = REPEAT) -> tuple[float, Any]:
    """The best of ``repeat`` wall-clock times of ``fn()``, and its (last) answer."""
    best, answer = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        answer = fn()
        best = min(best, time.perf_counter() - start)
    return best, answer


def emit(results: dict[str, Any]) -> None:
    """Print a peer's results as one JSON object (what ``run.py`` reads)."""
    json.dump(results, sys.stdout)
    sys.stdout.write("\n")


def budget_from_argv(argv: list[str]) -> float:
    """``--budget SECONDS`` from a peer script's arguments, else ``BUDGET``."""
    if "--budget" in argv:
        return float(argv[argv.index("--budget") + 1])
    return BUDGET


def push_pop_perft(board: Any, depth: int, legal: Callable[[Any], Any]) -> int:
    """Perft by ``push``/``pop`` on a peer's board, ``legal(board)`` its legal moves (the last ply
    counted without playing it)."""
    moves = legal(board)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += push_pop_perft(board, depth - 1, legal)
        board.pop()
    return total


def aec_games(env: Any, mask_of: Callable[[Any, dict[str, Any]], Any],
              budget: float = BUDGET) -> dict[str, float]:
    """Whole games of a PettingZoo AEC environment ``env`` with random legal actions, the loop
    every side of the environments benchmark runs: ``reset(seed=n)``, then the documented
    ``agent_iter`` / ``last`` / ``step`` loop, each agent that is still in the game taking an
    action drawn uniformly from its mask's legal ones (``random.Random(n)``), a finished agent
    stepping ``None``.  ``mask_of(observation, info)`` is where the environment keeps the mask (a
    NumPy array; PettingZoo's classic games and Parlour in the observation, Shimmy in ``info``).

    Timed in CPU time (``time.process_time``: the machine is shared, and a process's CPU time
    moves less with the load than the wall clock).  Units are games; plies are agent steps with
    an action (chance is inside ``step``).  Also
    ``truncated``: the share of the games played that the environment cut short (truncation
    rather than termination)."""
    truncated: set[int] = set()
    played: set[int] = set()

    def one(n: int) -> tuple[int, int]:
        rng = random.Random(n)
        env.reset(seed=n)
        played.add(n)
        steps = 0
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
                if truncation:
                    truncated.add(n)
            else:
                legal = mask_of(observation, info).nonzero()[0]
                action = int(legal[rng.randrange(len(legal))])
                steps += 1
            env.step(action)
        return 1, steps

    result = rate(one, budget, clock=time.process_time)
    result["truncated"] = len(truncated) / len(played)
    return result
