"""Time draughts perft from the opening position.

Usage: ``python bench/bench_draughts_perft.py [--depths 8 9 10 11] [--repeat N] [--plain 6] [--json]``

Times :func:`perft_fast` (the merged frontier with bulk counting, NumPy) at each depth, best of
``--repeat`` runs, and checks every count against the published figures.  ``--plain D`` also times
the plain recursive :func:`perft` (over the move generator's plays, which keep nothing) to depth
D, for comparison.  The goal is perft(10) in at
most 5 s on a 2-core machine.  Benchmarks report; they do not assert a speed (a wrong count is
still an error).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

import numpy as np

from parlour.games.draughts.board import START
from parlour.games.draughts.perft import _advance, perft, perft_fast

PUBLISHED = {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768, 7: 179740, 8: 845931, 9: 3963680,
             10: 18391564, 11: 85242128, 12: 388623673, 13: 1766623630, 14: 7978439499,
             15: 36263167175}
GOAL_SECONDS = {10: 5.0}


def time_fast(depth: int, repeat: int) -> dict[str, object]:
    best, nodes = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = perft_fast(START, depth)
        best = min(best, time.perf_counter() - start)
    frontier = len(_advance(START, depth - 1, None)[0]) if depth >= 1 else 1
    return {"method": "fast", "depth": depth, "nodes": nodes, "seconds": round(best, 4),
            "frontier": frontier, "published": PUBLISHED.get(depth),
            "goal_seconds": GOAL_SECONDS.get(depth)}


def time_plain(depth: int) -> dict[str, object]:
    start = time.perf_counter()
    nodes = perft(START, depth)
    seconds = time.perf_counter() - start
    return {"method": "plain", "depth": depth, "nodes": nodes, "seconds": round(seconds, 4),
            "frontier": None, "published": PUBLISHED.get(depth), "goal_seconds": None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[8, 9, 10])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--plain", type=int, default=0, help="also time the plain perft to this depth")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [time_fast(d, args.repeat) for d in args.depths]
    if args.plain:
        rows.append(time_plain(args.plain))
    wrong = [r for r in rows if r["published"] is not None and r["nodes"] != r["published"]]
    machine = {"python": sys.version.split()[0], "numpy": np.__version__,
               "machine": platform.machine(), "processor": platform.processor() or "?"}
    if args.json:
        print(json.dumps({"machine": machine, "rows": rows}, indent=2))
    else:
        print(f"Python {machine['python']}, NumPy {machine['numpy']}, {machine['machine']}")
        print(f"{'method':<6} {'depth':>5} {'nodes':>14} {'seconds':>9} {'frontier':>9}  check")
        for r in rows:
            ok = "?" if r["published"] is None else ("ok" if r["nodes"] == r["published"] else "WRONG")
            goal = f"  (goal {r['goal_seconds']} s)" if r["goal_seconds"] else ""
            frontier = "-" if r["frontier"] is None else r["frontier"]
            print(f"{r['method']:<6} {r['depth']:>5} {r['nodes']:>14} {r['seconds']:>9.3f} "
                  f"{frontier:>9}  {ok}{goal}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
