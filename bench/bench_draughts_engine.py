"""Speed of the draughts engine: nodes per second, time to a fixed depth, endgame database build.

    python bench/bench_draughts_engine.py [--depth 9] [--repeat 3] [--endgame 0|3|4] [--json]

* **search**: time and nodes to reach ``--depth`` (fresh tables each run) from the start and from
  a few middlegame and endgame positions, and the nodes per second;
* **parts**: move generation (the plays of a node) and evaluation, per call;
* **endgame** (``--endgame N``): building the N-piece database from scratch in a temporary
  folder, loading it back, and probing it.

Each figure is the best of ``--repeat`` runs (a shared machine adds noise, never speed).
Benchmarks report, they do not assert.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from typing import Any

from parlour.games.draughts.board import START, Position, plays
from parlour.games.draughts.search import endgame
from parlour.games.draughts.search.evaluate import evaluate
from parlour.games.draughts.search.searcher import Limits, Searcher

POSITIONS = {
    "start": START.fen(),
    "opening (11-15 23-19 8-11 22-17)": "B:W17,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15",
    "middlegame shot": "B:W18,20,21,22,25,26,27,28,29,30,32:B1,2,3,4,5,6,7,8,10,11,19",
    "middlegame": "W:W17,20,23,25,27,28,29,30,31,32:B1,3,4,5,6,10,12,13,15",
    "kings endgame": "B:W21,22,K27,K31:B12,15,K2,K6",
}


def best_of(repeat: int, fn: Any) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def bench_search(depth: int, repeat: int) -> list[dict[str, Any]]:
    rows = []
    for name, fen in POSITIONS.items():
        p = Position.from_fen(fen)
        seconds, result = best_of(repeat, lambda p=p: Searcher().search(p, Limits(depth=depth)))
        rows.append({"position": name, "depth": result.depth, "nodes": result.nodes,
                     "seconds": seconds, "nodes_per_second": result.nodes / seconds,
                     "move": str(result.move), "score": result.score})
    return rows


def bench_parts(repeat: int) -> dict[str, float]:
    p = Position.from_fen(POSITIONS["middlegame"])
    node = (p.black, p.white, p.kings, p.black_to_move)
    n = 100_000
    gen, _ = best_of(repeat, lambda: [plays(*node) and None for _ in range(n)])
    ev, _ = best_of(repeat, lambda: [evaluate(*node) for _ in range(n)])
    return {"children_us": 1e6 * gen / n, "evaluate_us": 1e6 * ev / n}


def bench_endgame(pieces: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        db = endgame.database(pieces, cache_dir=folder)
        build = time.perf_counter() - start
        size = db.path.stat().st_size if db.path is not None else 0
        endgame.forget_databases()
        start = time.perf_counter()
        loaded = endgame.database(pieces, cache_dir=folder)
        load = time.perf_counter() - start
        p = Position.from_fen("B:WK30:BK10,K13")
        n = 100_000
        start = time.perf_counter()
        for _ in range(n):
            loaded.probe(p.black, p.white, p.kings, p.black_to_move)
        probe = (time.perf_counter() - start) / n
        endgame.forget_databases()
    return {"pieces": pieces, "slots": db.positions, "build_seconds": build, "file_bytes": size,
            "load_seconds": load, "probe_us": probe * 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--endgame", type=int, default=0, help="also build this database (3 or 4)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {"search": bench_search(args.depth, args.repeat),
                              "parts": bench_parts(args.repeat)}
    if args.endgame:
        report["endgame"] = bench_endgame(args.endgame)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{'position':<34} {'depth':>5} {'nodes':>9} {'seconds':>8} {'nodes/s':>8}  best")
    for r in report["search"]:
        print(f"{r['position']:<34} {r['depth']:>5} {r['nodes']:>9,} {r['seconds']:>8.2f} "
              f"{r['nodes_per_second']:>8,.0f}  {r['move']} ({r['score']:+d})")
    parts = report["parts"]
    print(f"moves of a node: {parts['children_us']:.2f} µs; evaluation: {parts['evaluate_us']:.2f} µs")
    if "endgame" in report:
        e = report["endgame"]
        print(f"endgame database, {e['pieces']} pieces: {e['slots']:,} slots, built in "
              f"{e['build_seconds']:.1f} s ({e['file_bytes'] / 1e6:.1f} MB), loaded in "
              f"{e['load_seconds']:.2f} s, a probe {e['probe_us']:.1f} µs")


if __name__ == "__main__":
    main()
