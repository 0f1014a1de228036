"""How often the ``strong`` Gin Rummy bot beats the ``simple`` bot in whole games to 100.

Plays ``--games`` games in each seat order (``strong`` first, then second; the same seeds in
both orders, so each deal sequence starts the same way for both bots) and reports the strong
bot's share of games won with its standard error and the 95% interval (± 1.96·SE), the share
by seat and by whether it dealt the first hand, the mean payment per game and the time taken.

The two seat orders mirror each other: a seed draws the same first dealer (as a seat number)
and the same deals in both, so in the first hand the strong bot holds in one order the cards
``simple`` held in the other.  Neither bot looks at its seat number, so the two per-seat
shares estimate the same thing and differ by chance only (each has about ±2.2 points of 95%
margin over 2,000 games, their difference about ±3).

    python bench/bench_gin_strong.py [--games 1000] [--seed 1] [--jobs 2] [--json] [--set NAME=VALUE ...]

``--games`` counts the games in *each* seat order (the total is twice as many).  ``--jobs``:
processes playing at once.  ``--set`` overrides a constant of ``bots/strong.py`` for the run (for
tuning).  Seeded: the same arguments give the same games.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

from benchkit import apply_settings, run_jobs  # (bench/ is on the path: run as a script)

from parlour.core.driver import play
from parlour.core.rng import make_rng
from parlour.games.gin_rummy import GAME, Rules
from parlour.games.gin_rummy.bots import SimpleBot, strong
from parlour.games.gin_rummy.bots.strong import StrongBot

Job = tuple[int, int, int, int, int]


def _games(job: Job) -> list[tuple[float, float, bool]]:
    """Games ``first``, ``first + step`` ... below ``count`` with the strong bot in ``seat``:
    (1 if it won else 0, its payment, whether it dealt the first hand)."""
    first, count, step, seat, seed = job
    rules = Rules()
    bots: list[StrongBot | SimpleBot] = [SimpleBot(), SimpleBot()]
    bots[seat] = StrongBot()
    out = []
    for n in range(first, count, step):
        state = play(GAME, rules, bots, make_rng(seed * 1_000_003 + n)).state
        out.append((1.0 if seat in GAME.winners(state) else 0.0, GAME.returns(state)[seat],
                    state.sheet[0].dealer == seat))
    return out






def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games in each seat order")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    apply_settings(strong, args.set)
    jobs = [(j, args.games, args.jobs, seat, args.seed) for seat in (0, 1) for j in range(args.jobs)]
    start = time.perf_counter()
    results = run_jobs(_games, jobs, args.jobs)
    seconds = time.perf_counter() - start
    games = [g for chunk in results for g in chunk]
    n = len(games)
    wins = [g[0] for g in games]
    rate = statistics.fmean(wins)
    se = math.sqrt(rate * (1 - rate) / n)
    per_seat = [statistics.fmean(g[0] for g in chunk) if chunk else 0.0
                for chunk in ([g for r, j in zip(results, jobs, strict=True) if j[3] == s for g in r]
                              for s in (0, 1))]
    by_dealer = [statistics.fmean([g[0] for g in games if g[2] is dealt] or [0.0]) for dealt in (True, False)]
    out = {"games": n, "win_rate": rate, "se": se, "margin95": 1.96 * se,
           "ci95": [rate - 1.96 * se, rate + 1.96 * se], "win_rate_by_seat": per_seat,
           "win_rate_dealing_first": by_dealer[0], "win_rate_not_dealing_first": by_dealer[1],
           "mean_payment": statistics.fmean(g[1] for g in games), "seconds": seconds,
           "seconds_per_game": seconds / n}
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{n} games to 100 (both seat orders): strong beats simple in {rate * 100:.1f}% "
          f"± {1.96 * se * 100:.1f} (95%: {out['ci95'][0] * 100:.1f}-{out['ci95'][1] * 100:.1f}%)")
    print(f"by seat: first {per_seat[0] * 100:.1f}%, second {per_seat[1] * 100:.1f}%; dealing the "
          f"first hand {by_dealer[0] * 100:.1f}%, not {by_dealer[1] * 100:.1f}%; "
          f"mean payment to strong {out['mean_payment']:+.1f} a game")
    print(f"{seconds:.0f} s ({seconds / n:.2f} s a game, {args.jobs} jobs)")


if __name__ == "__main__":
    main()
