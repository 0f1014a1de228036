"""A lower-variance proxy for tuning the ``strong`` Gin Rummy bot: points per hand against ``simple``.

Plays ``--hands`` single hands (a game to 1 point: it ends at the first hand played out; a
hand that reaches the wall is dealt again) in each seat order, the same deals in both orders, and
reports the strong bot's mean net points a hand (its points when it wins the hand, minus the
simple bot's when it loses) with ±1.96·SE over the pairs of hands, and how the hands ended.

    python bench/bench_gin_hands.py [--hands 1000] [--seed 1] [--jobs 2] [--set NAME=VALUE ...] [--paired]

``--set`` overrides a constant of ``bots/strong.py`` for the run (e.g. ``--set FEED_PENALTY=2``), for
trying values without editing the module.  ``--paired`` also plays the same deals with the
unchanged bot first and reports the difference deal by deal: most deals play out the same, so
the difference's margin is several times smaller than either mean's (about ±0.07 points a hand
over 8,000 deals for a change that alters one deal in eight, against ±0.26 for a mean).
The claim about strength is the game win rate of
``bench/bench_gin_strong.py``; this bench only says which way a change points, faster.
"""

from __future__ import annotations

import argparse
import collections
import math
import statistics
import time

from benchkit import apply_settings, run_jobs  # (bench/ is on the path: run as a script)

from parlour.core.driver import play
from parlour.core.rng import make_rng
from parlour.games.gin_rummy import GAME, Rules
from parlour.games.gin_rummy.bots import SimpleBot, strong
from parlour.games.gin_rummy.bots.strong import StrongBot

Job = tuple[int, int, int, int]
Hand = tuple[int, float, str, int, bool]
"""(deal, strong's net points, how the hand ended, strong's seat, whether strong dealt)."""


def _hands(job: Job) -> list[Hand]:
    """Deals ``first``, ``first + step`` ... below ``count``, strong bot in both seats (see
    ``Hand``; the hand's end from strong's side)."""
    first, count, step, seed = job
    rules = Rules(target=1)
    out = []
    for n in range(first, count, step):
        for seat in (0, 1):
            bots: list[StrongBot | SimpleBot] = [SimpleBot(), SimpleBot()]
            bots[seat] = StrongBot()
            state = play(GAME, rules, bots, make_rng(seed * 1_000_003 + n)).state
            hand = state.sheet[-1]
            assert hand.winner is not None and hand.knocker is not None
            sign = 1 if hand.winner == seat else -1
            who = "strong" if hand.knocker == seat else "simple"
            out.append((n, sign * hand.points, f"{who} {hand.outcome.value}", seat, hand.dealer == seat))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="deals, each played in both seat orders")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--paired", action="store_true",
                        help="also play the deals with the unchanged bot; report the difference")
    args = parser.parse_args()
    jobs = [(j, args.hands, args.jobs, args.seed) for j in range(args.jobs)]
    base: dict[int, float] = collections.defaultdict(float)
    if args.paired:
        for chunk in run_jobs(_hands, jobs, args.jobs):
            for n, points, *_ in chunk:
                base[n] += points / 2
    apply_settings(strong, args.set)
    start = time.perf_counter()
    results = run_jobs(_hands, jobs, args.jobs)
    seconds = time.perf_counter() - start
    hands = [h for chunk in results for h in chunk]
    pairs: dict[int, float] = collections.defaultdict(float)
    for n, points, *_ in hands:
        pairs[n] += points / 2
    values = list(pairs.values())
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values))
    won = statistics.fmean(1.0 if h[1] > 0 else 0.0 for h in hands)
    settings = " " + " ".join(args.set) if args.set else ""
    print(f"{len(hands)} hands ({len(values)} deals, both seat orders){settings}: "
          f"strong nets {mean:+.2f} ± {1.96 * se:.2f} points a hand, wins {won * 100:.1f}% of hands")
    ends = collections.Counter(h[2] for h in hands)
    sums: dict[str, float] = collections.defaultdict(float)
    for _, points, end, *_ in hands:
        sums[end] += points
    print("  " + ", ".join(f"{end} {count / len(hands) * 100:.1f}% ({sums[end] / count:+.1f})"
                           for end, count in sorted(ends.items())))
    split = [(f"seat {s + 1}", [h[1] for h in hands if h[3] == s]) for s in (0, 1)]
    split += [(name, [h[1] for h in hands if h[4] is dealt]) for name, dealt in
              (("dealing", True), ("not dealing", False))]
    print("  " + ", ".join(f"{name} {statistics.fmean(p):+.2f} "
                           f"± {1.96 * statistics.stdev(p) / math.sqrt(len(p)):.2f}"
                           for name, p in split if len(p) > 1))
    print(f"  {seconds:.0f} s ({seconds / len(hands):.3f} s a hand, {args.jobs} jobs)")
    if args.paired:
        diffs = [pairs[n] - base[n] for n in pairs]
        changed = sum(1 for d in diffs if d) / len(diffs)
        print(f"  paired with the unchanged bot: {statistics.fmean(diffs):+.3f} "
              f"± {1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)):.3f} points a hand "
              f"(unchanged bot {statistics.fmean(base.values()):+.2f}; "
              f"{changed * 100:.0f}% of deals changed)")


if __name__ == "__main__":
    main()
