"""How often the ``strong`` Go Fish bot's card-location model counts exactly, and how long a count
takes (``src/parlour/games/go_fish/bots/strong/model.py``).

The positions: seeded games of random asks (the manual's rules), every ``--every``-th position at
which a player is to ask, seen by that player and read as the bot reads it
(the bot's own ``model_of``: ``track`` with its ``infer`` and ``unlucky``, again without ``infer``
if that contradicts the history).  Games ``seed``, ``seed + 1`` ... for each player count.  Reported per
player count: the share of positions counted exactly without loosening (``exact``), exactly after
merging groups (``merged``), fitted (``fitted``), and the time a count takes (the tracking and
``locate``, the retry included: mean, median, 90th percentile, worst, in ms).

    python bench/go_fish_model.py [--players 2 3 4 5 6] [--games 8] [--every 2] [--seed 1]
        [--save FILE] [--compare FILE] [--set NAME=VALUE ...] [--slowest N] [--json]

``--save`` writes every position's chances (``dist`` and ``stock``) and how it was counted;
``--compare`` reads such a file (from another version of the model, on the same arguments) and
reports the largest difference of a chance over the positions both counted exactly without
loosening, and how many positions each counted so.  ``--set`` overrides a constant of
``bots/strong/model.py`` (e.g. ``MAX_LISTED=100000``).  ``--slowest N`` lists the N slowest positions
(``players/seed/position``, the position counted from 0 among those measured).  Times are
wall-clock: run it on a quiet machine, or compare two versions in the same conditions (one after
the other; an old version from ``git archive``, with ``PYTHONPATH`` pointing at it).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from benchkit import apply_settings  # (bench/ is on the path: run as a script)

from parlour.core.protocol import CHANCE
from parlour.games.go_fish import GAME, GoFishView, Rules
from parlour.games.go_fish.bots.strong import model, model_of


def positions(players: int, seed: int, every: int) -> list[GoFishView]:
    """Every ``every``-th position of a game of random asks at which a player is to ask, as
    that player sees it."""
    rng = random.Random(seed)
    state = GAME.initial_state(Rules(), players)
    out = []
    while actors := GAME.to_act(state):
        if actors == (CHANCE,):
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        seat = actors[0]
        if len(state.history) % every == 0:
            view = GAME.view(state, seat)
            assert isinstance(view, GoFishView)
            out.append(view)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    return out


def count(view: GoFishView) -> tuple[model.Locations, float]:
    """The bot's model of ``view`` and the seconds it took (tracking included)."""
    start = time.perf_counter()
    _, loc = model_of(view)
    return loc, time.perf_counter() - start


def kind(loc: model.Locations) -> str:
    if not loc.exact:
        return "fitted"
    return "merged" if loc.loosened else "exact"


def chances(loc: model.Locations) -> list[float]:
    return [p for seat in loc.dist for rank in seat for p in rank] + list(loc.stock)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--games", type=int, default=8, help="games per player count")
    parser.add_argument("--every", type=int, default=2, help="every how many positions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="write every position's chances to this file")
    parser.add_argument("--compare", help="compare with the chances saved in this file")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="override a constant of bots/strong/model.py")
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="also list the N slowest positions (players/game/position)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    apply_settings(model, args.set)
    report: dict[str, Any] = {}
    saved: dict[str, Any] = {}
    slow: list[tuple[float, str, str]] = []
    for players in args.players:
        kinds = {"exact": 0, "merged": 0, "fitted": 0}
        times = []
        for game in range(args.games):
            for i, view in enumerate(positions(players, args.seed + game, args.every)):
                loc, seconds = count(view)
                kinds[kind(loc)] += 1
                times.append(seconds)
                saved[f"{players}/{game}/{i}"] = [kind(loc), chances(loc)]
                slow.append((seconds, f"{players}/{args.seed + game}/{i}", kind(loc)))
        n = len(times)
        report[str(players)] = {
            "positions": n,
            **{k: v / n for k, v in kinds.items()},
            "ms_mean": 1000 * statistics.fmean(times), "ms_median": 1000 * statistics.median(times),
            "ms_p90": 1000 * percentile(times, 0.9), "ms_max": 1000 * max(times),
        }
    if args.compare:
        with open(args.compare) as f:
            other = json.load(f)
        worst = 0.0
        both = mine = theirs = 0
        for key, (k, ps) in saved.items():
            if key not in other:
                continue
            ok, ops = other[key]
            mine += k == "exact"
            theirs += ok == "exact"
            if k == ok == "exact":
                both += 1
                worst = max(worst, max(abs(a - b) for a, b in zip(ps, ops, strict=True)))
        report["compare"] = {"both_exact": both, "exact_here": mine, "exact_there": theirs,
                             "max_difference": worst}
    if args.save:
        with open(args.save, "w") as f:
            json.dump(saved, f)
    slow = sorted(slow, reverse=True)[:args.slowest]
    if slow:
        report["slowest"] = [{"ms": 1000 * t, "position": where, "count": k} for t, where, k in slow]
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"{'players':>7} {'positions':>9} {'exact':>6} {'merged':>6} {'fitted':>6} "
          f"{'mean ms':>8} {'median':>7} {'p90':>7} {'max':>7}")
    for players, r in report.items():
        if players in ("compare", "slowest"):
            continue
        print(f"{players:>7} {r['positions']:>9} {r['exact']:>6.0%} {r['merged']:>6.0%} {r['fitted']:>6.0%} "
              f"{r['ms_mean']:>8.1f} {r['ms_median']:>7.1f} {r['ms_p90']:>7.1f} {r['ms_max']:>7.1f}")
    if "compare" in report:
        c = report["compare"]
        print(f"compared: {c['both_exact']} positions exact in both (here {c['exact_here']}, there "
              f"{c['exact_there']}), largest difference of a chance {c['max_difference']:.2e}")
    for t, where, k in slow:
        print(f"slow: {where} (players/seed/position) {1000 * t:.0f} ms, {k}")


if __name__ == "__main__":
    main()
