"""How often the ``win`` Yahtzee bot beats the ``optimal`` (solitaire) bot head to head.

Plays ``--games`` two-player games in each seat order and reports the win bot's share of games
(a tie counts half) with its standard error and 95% interval, and both bots' mean scores.

The comparison is paired: each game is played twice with the same dice stream (the same seed),
once as ``win`` against ``optimal`` and once as ``optimal`` against ``optimal``.  Over both seat
orders the second share is exactly 1/2 in expectation (the bots are the same), and the two games
are identical until the win bot first chooses differently, so the mean *difference* of the paired
results estimates the win bot's edge with far less noise than the raw share: that is the figure
with the tighter margin.  Also reported: in how many games the bot chose differently at all, and
in which turn it first did.

    python bench/bench_yahtzee_win.py [--games 2000] [--seed 1] [--exact 2] [--jobs 2] [--json]

``--exact N``: the win bot solves its game exactly once at most N boxes are left after a turn
(the bot's default is ``bots.win.EXACT_BOXES``).  ``--jobs``: processes playing at once.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from typing import Any

from parlour.agents import make_bot
from parlour.core import registry
from parlour.core.driver import Step, play
from parlour.core.rng import make_rng
from parlour.games.yahtzee.bots.win import EXACT_BOXES, PLAN_BOXES, WinBot

Job = tuple[int, int, int, int, int, int, int]
Outcome = tuple[float, float, int, int, int]


def _points(totals: list[int], seat: int) -> float:
    mine, theirs = totals[seat], totals[1 - seat]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def _games(job: Job) -> list[Outcome]:
    """Games ``first``, ``first + step`` ... with the win bot in ``seat``: (its points, the paired
    optimal bot's points, its score, the opponent's, the turn of its first different choice or 0)."""
    first, count, step, exact, seat, seed, plan = job
    game = registry.get("yahtzee")
    rules = game.default_rules()
    win = WinBot(exact, plan)
    optimal, other = make_bot(game, "optimal", rules), make_bot(game, "optimal", rules)
    out = []
    for n in range(first, count, step):
        rng_seed = seed * 1_000_003 + n
        base = _steps(game, rules, [optimal, other], rng_seed)
        expected: list[Any] = [s.action for s in base]
        seats = [other, other]
        seats[seat] = win
        steps = _steps(game, rules, seats, rng_seed)
        differ = 0
        for i, step_ in enumerate(steps):
            if i >= len(expected) or step_.action != expected[i]:
                differ = step_.before.cards[seat].filled + 1
                break
        result = steps[-1].after
        totals = [card.total for card in result.cards]
        paired_totals = [card.total for card in base[-1].after.cards]
        out.append((_points(totals, seat), _points(paired_totals, seat),
                    totals[seat], totals[1 - seat], differ))
    return out


def _steps(game: Any, rules: Any, bots: list[Any], seed: int) -> list[Step]:
    steps: list[Step] = []
    play(game, rules, bots, make_rng(seed), on_step=steps.append)
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games in each seat order")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exact", type=int, default=EXACT_BOXES)
    parser.add_argument("--plan", type=int, default=PLAN_BOXES,
                        help="the win bot plays like optimal while more boxes than this are open")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    registry.get("yahtzee")
    jobs = [(j, args.games, args.jobs, args.exact, seat, args.seed, args.plan)
            for seat in (0, 1) for j in range(args.jobs)]
    start = time.perf_counter()
    if args.jobs > 1:
        from multiprocessing import get_context

        with get_context("fork").Pool(args.jobs) as pool:
            results = pool.map(_games, jobs)
    else:
        results = [_games(job) for job in jobs]
    games = [g for chunk in results for g in chunk]
    seconds = time.perf_counter() - start
    n = len(games)
    points = [g[0] for g in games]
    diffs = [g[0] - g[1] for g in games]
    rate = statistics.fmean(points)
    se = statistics.stdev(points) / math.sqrt(n)
    edge = statistics.fmean(diffs)
    edge_se = statistics.stdev(diffs) / math.sqrt(n)
    turns = [g[4] for g in games if g[4]]
    out = {
        "games": n, "exact_boxes": args.exact, "plan_boxes": args.plan, "win_rate": rate, "se": se,
        "ci95": [rate - 1.96 * se, rate + 1.96 * se],
        "paired_rate": 0.5 + edge, "paired_se": edge_se,
        "paired_ci95": [0.5 + edge - 1.96 * edge_se, 0.5 + edge + 1.96 * edge_se],
        "games_with_a_different_choice": len(turns),
        "first_different_turn": {t: turns.count(t) for t in sorted(set(turns))},
        "mean_score": {"win": statistics.fmean(g[2] for g in games),
                       "optimal": statistics.fmean(g[3] for g in games)},
        "seconds": seconds,
    }
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{n} games (both seat orders): the win bot scores {rate * 100:.2f}% "
          f"(± {se * 100:.2f}; 95% {out['ci95'][0] * 100:.2f}-{out['ci95'][1] * 100:.2f}%) against optimal")
    print(f"paired with optimal on the same dice: {(0.5 + edge) * 100:.2f}% (± {edge_se * 100:.2f}; "
          f"95% {out['paired_ci95'][0] * 100:.2f}-{out['paired_ci95'][1] * 100:.2f}%)")
    print(f"it chose differently from optimal in {len(turns)} games; "
          f"first in turn: {out['first_different_turn']}")
    print("mean scores: " + ", ".join(f"{k} {v:.2f}" for k, v in out["mean_score"].items()))
    print(f"{seconds:.0f} s")


if __name__ == "__main__":
    main()
