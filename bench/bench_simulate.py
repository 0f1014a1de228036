"""Simulated games per second with Shut the Box bots (through the full checked protocol).

    python bench/bench_simulate.py [--games N] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

from parlour.agents.simulate import simulate
from parlour.core import registry
from parlour.core.options import rules_from_json

CASES = [
    ("optimal", {}, 1),
    ("greedy", {}, 1),
    ("random", {}, 1),
    ("optimal", {}, 4),
    ("optimal", {"tiles": 12}, 1),
    ("optimal", {"mode": "long"}, 2),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = registry.get("shut-the-box")
    rows = []
    for bot, rules_json, players in CASES:
        rules = rules_from_json(game.rules_type, rules_json)
        simulate(game, rules, [bot] * players, 20, seed=0)  # warm the solver caches
        games = args.games if players == 1 else max(1, args.games // (2 * players))
        start = time.perf_counter()
        simulate(game, rules, [bot] * players, games, seed=1)
        elapsed = time.perf_counter() - start
        rows.append({"bot": bot, "rules": rules_json, "players": players, "games": games,
                     "seconds": elapsed, "games_per_second": games / elapsed})
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'bot':<8} {'rules':<18} {'players':>7} {'games':>7} {'games/s':>9}")
    for r in rows:
        print(f"{r['bot']:<8} {json.dumps(r['rules']):<18} {r['players']:>7} {r['games']:>7} "
              f"{r['games_per_second']:>9,.0f}")


if __name__ == "__main__":
    main()
