"""How often the ``win`` Yahtzee bot beats the ``optimal`` (solitaire) bot head to head.

Plays ``--games`` two-player games in each seat order (the same seeds both ways, so both bots
see the same dice streams from each seat) and reports the win bot's share of games (a tie counts
half) with its standard error and 95% interval, and both bots' mean scores.

    python bench/bench_yahtzee_win.py [--games 2000] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import time

from parlour.agents import make_bot
from parlour.core import registry
from parlour.core.driver import play
from parlour.core.rng import make_rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games in each seat order")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = registry.get("yahtzee")
    rules = game.default_rules()
    bots = {"win": make_bot(game, "win", rules), "optimal": make_bot(game, "optimal", rules)}
    points, scores = [], {"win": [], "optimal": []}
    start = time.perf_counter()
    for order in (("win", "optimal"), ("optimal", "win")):
        for n in range(args.games):
            result = play(game, rules, [bots[order[0]], bots[order[1]]], make_rng(args.seed * 1_000_003 + n))
            totals = [card.total for card in result.state.cards]
            mine, theirs = totals[order.index("win")], totals[order.index("optimal")]
            points.append(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
            scores["win"].append(mine)
            scores["optimal"].append(theirs)
    seconds = time.perf_counter() - start
    n = len(points)
    rate = sum(points) / n
    se = math.sqrt(sum((p - rate) ** 2 for p in points) / (n - 1) / n)
    out = {"games": n, "win_rate": rate, "se": se, "ci95": [rate - 1.96 * se, rate + 1.96 * se],
           "mean_score": {k: sum(v) / len(v) for k, v in scores.items()}, "seconds": seconds}
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{n} games (both seat orders): the win bot scores {rate * 100:.2f}% "
          f"(± {se * 100:.2f}; 95% {out['ci95'][0] * 100:.2f}-{out['ci95'][1] * 100:.2f}%) against optimal")
    print("mean scores: " + ", ".join(f"{k} {v:.2f}" for k, v in out["mean_score"].items()))
    print(f"{seconds:.0f} s")


if __name__ == "__main__":
    main()
