"""Every bot level's worst decisions: time and peak memory, per game and level.

Each case (a game, a bot level, a number of players) runs in a process of its own: the bot under
test sits in seat 0 of seeded games, the other seats played by ``--others`` (random by default:
cheap, and random asks make the hardest Go Fish positions), until it has made ``--decisions``
decisions or the games run out.  Each of its decisions is timed (CPU and wall clock); the
``--worst`` slowest positions are then decided again with ``tracemalloc`` on, each on its own, for
the decision's peak of allocated memory (Python's and numpy's).  ``prepare`` is called first, as
the server does, so a one-off table (Yahtzee's, Shut the Box's solvers) is not counted as a
decision.  The process's peak resident memory is reported too (it includes the interpreter,
the game and any such table).

    python bench/bots_budget.py                           # the default cases (below)
    python bench/bots_budget.py --case go-fish:strong:6 --decisions 300 --json out.json
    python bench/bots_budget.py --case draughts:expert:2:club

A case is ``game:level:players[:others]``.  Times are per decision; wall-clock figures on a
loaded machine are upper bounds (CPU time is what the decision costs).
"""

from __future__ import annotations

import argparse
import heapq
import json
import random
import resource
import subprocess
import sys
import time
import tracemalloc
from typing import Any

CASES = [
    "blackjack:optimal:2", "blackjack:counter:2", "blackjack:dealer-mimic:2",
    "dominoes:heuristic:4", "dominoes:strong:2", "dominoes:strong:4",
    "draughts:beginner:2:club", "draughts:casual:2:club", "draughts:club:2:club",
    "draughts:strong:2:club", "draughts:expert:2:club",
    "gin-rummy:simple:2", "gin-rummy:strong:2:strong",
    "go-fish:memory:6", "go-fish:strong:4", "go-fish:strong:6",
    "shut-the-box:greedy:2", "shut-the-box:optimal:2",
    "yahtzee:greedy:2", "yahtzee:optimal:2", "yahtzee:win:2",
]
"""The cases measured by default: every level of every game but ``random``."""

DECISIONS = {"draughts:expert": 40, "draughts:strong": 80, "go-fish:strong:6": 400}
"""Decisions measured in a case where ``--decisions`` is not given (else 300)."""


class Measured:
    """The bot under test: each decision timed, the slowest kept to measure their memory."""

    def __init__(self, bot: Any, worst: int) -> None:
        self.bot = bot
        self.name = bot.name
        self.worst = worst
        self.cpu: list[float] = []
        self.wall: list[float] = []
        self.slowest: list[tuple[float, int, Any, Any]] = []  # a heap: (cpu, n, view, legal)

    def choose(self, game: Any, view: Any, legal: Any, rng: random.Random) -> Any:
        legal = list(legal)
        state = random.Random(len(self.cpu))
        start, wall = time.process_time(), time.perf_counter()
        move = self.bot.choose(game, view, legal, state)
        cpu = time.process_time() - start
        self.cpu.append(cpu)
        self.wall.append(time.perf_counter() - wall)
        heapq.heappush(self.slowest, (cpu, len(self.cpu), view, legal))
        if len(self.slowest) > self.worst:
            heapq.heappop(self.slowest)
        return move


def run_case(case: str, decisions: int, worst: int) -> dict[str, Any]:
    """Measure one case in this process (see the module)."""
    from parlour.agents import make_bot
    from parlour.core import registry
    from parlour.core.driver import play
    from parlour.core.rng import make_rng

    name, level, players_text, *rest = case.split(":")
    others = rest[0] if rest else "random"
    game = registry.get(name)
    rules = game.default_rules()
    start = time.perf_counter()
    game.prepare(rules)
    prepared = time.perf_counter() - start
    measured = Measured(make_bot(game, level, rules), worst)
    players = int(players_text)
    seed = 0
    while len(measured.cpu) < decisions and seed < 400:
        seats: list[Any] = [measured] + [make_bot(game, others, rules) for _ in range(players - 1)]
        play(game, rules, seats, make_rng(seed), max_moves=400)
        seed += 1
    peaks = []
    for _, n, view, legal in sorted(measured.slowest, reverse=True):
        bot = make_bot(game, level, rules)  # fresh: nothing kept from the decisions before
        tracemalloc.start()
        bot.choose(game, view, legal, random.Random(n))
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    cpu = sorted(measured.cpu)
    return {
        "case": case, "game": name, "level": level, "players": players, "others": others,
        "games": seed, "decisions": len(cpu), "prepare_s": prepared,
        "cpu_mean_ms": 1000 * sum(cpu) / len(cpu), "cpu_median_ms": 1000 * cpu[len(cpu) // 2],
        "cpu_p99_ms": 1000 * cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))], "cpu_worst_ms": 1000 * cpu[-1],
        "wall_worst_ms": 1000 * max(measured.wall),
        "peak_mb_worst": max(peaks) / 2**20, "peaks_measured": len(peaks),
        "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", action="append", help="game:level:players[:others] (default: every level)")
    parser.add_argument("--decisions", type=int,
                        help="decisions a case (default: 300, fewer for the slow ones)")
    parser.add_argument("--worst", type=int, default=5, help="slowest positions whose memory is measured")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a case, in this process (the child)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(run_case(args.one, args.decisions or 300, args.worst)))
        return 0
    rows = []
    print(f"{'case':<28} {'dec':>4} {'mean':>8} {'p99':>8} {'worst':>8} {'wall':>8} {'peak MB':>8} "
          f"{'rss MB':>7}   (CPU ms a decision; wall: the worst decision's wall clock)")
    for case in args.case or CASES:
        decisions = args.decisions or next((n for key, n in DECISIONS.items() if case.startswith(key)), 300)
        found = subprocess.run([sys.executable, __file__, "--one", case, "--decisions", str(decisions),
                                "--worst", str(args.worst)], capture_output=True, text=True)
        if found.returncode:
            print(f"{case:<28} failed: {found.stderr.strip().splitlines()[-1:]}", flush=True)
            continue
        row = json.loads(found.stdout.strip().splitlines()[-1])
        rows.append(row)
        print(f"{case:<28} {row['decisions']:>4} {row['cpu_mean_ms']:>8.1f} {row['cpu_p99_ms']:>8.1f} "
              f"{row['cpu_worst_ms']:>8.1f} {row['wall_worst_ms']:>8.1f} {row['peak_mb_worst']:>8.2f} "
              f"{row['maxrss_mb']:>7.0f}", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
