"""How often the ``strong`` dominoes bot beats the ``heuristic`` bot: single hands and whole games.

Three matches (``--match``, all by default), each on seeded deals played in both seat orders
(the same seeds in both, so each deal is played once from each side of the table):

* ``two``: two players (``Rules()``): ``--hands`` single hands and ``--games`` games to 100 in
  each order, strong in seat 0 then in seat 1;
* ``four``: four players in two partnerships (``Rules()``): strong partners (seats 0 and 2, then
  1 and 3) against heuristic partners, the same counts;
* ``sanity``: ``heuristic`` against ``random``, two players, ``--sanity-hands`` hands in each order.

For hands it reports the share won, lost and drawn (a blocked hand with equal spots), the share
won of the hands not drawn with its 95% margin (± 1.96·SE) and the mean points a hand to the
first bot's side; for games the share won ± 1.96·SE and the mean final margin.

    python bench/bench_dominoes_strong.py [--match two four sanity] [--hands 5000] [--games 500]
        [--sanity-hands 2000] [--seed 1] [--jobs 1] [--json] [--set NAME=VALUE ...]

Counts are *per seat order* (the totals are twice as many).  ``--jobs``: processes playing at
once.  ``--set`` overrides a constant of ``bots/strong/__init__.py`` for the run (for tuning).  Seeded: the
same arguments give the same games.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchkit import apply_settings, run_jobs  # (bench/ is on the path: run as a script)

from parlour.core.driver import play
from parlour.core.protocol import CHANCE, Bot
from parlour.core.rng import derive, make_rng
from parlour.games.dominoes import GAME, Phase, Rules
from parlour.games.dominoes.bots import strong
from parlour.games.dominoes.bots.heuristic import HeuristicBot
from parlour.games.dominoes.bots.strong import StrongBot

Job = tuple[str, str, int, int, int, int, int]
"""(match, "hands" or "games", first, count, step, seat order, seed)."""


def _bots(match: str, order: int) -> list[Bot]:
    """The players of ``match`` with the first bot in the seats of ``order`` (0: seat 0 and, with
    four players, 2; 1: seat 1 and 3)."""
    players = 4 if match == "four" else 2
    first: Callable[[], Bot] = StrongBot if match != "sanity" else HeuristicBot
    if match == "sanity":
        from parlour.agents import make_bot

        second: Callable[[], Bot] = lambda: make_bot(GAME, "random", Rules())  # noqa: E731
    else:
        second = HeuristicBot
    return [first() if seat % 2 == order else second() for seat in range(players)]


def play_hand(rules: Rules, bots: list[Bot], seed: int) -> tuple[int | None, int]:
    """One hand from the seeded draw: the winning side (``None``: drawn) and its points."""
    rng = make_rng(seed)
    chance, bot_rng = derive(rng), derive(rng)
    state = GAME.initial_state(rules, len(bots))
    while state.phase is Phase.DRAW:
        state = GAME.apply(state, CHANCE, GAME.sample_chance(state, chance))
    while state.phase is Phase.PLAY:
        seat = state.current
        legal = GAME.legal_moves(state, seat)
        state = GAME.apply(state, seat, bots[seat].choose(GAME, GAME.view(state, seat), legal, bot_rng))
    result = state.sheet[-1]
    return result.winner, result.points


def _work(job: Job) -> list[tuple[float, float, float]]:
    """Hands or games ``first``, ``first + step`` ... below ``count``: for each, (1 if the first
    bot's side won, 1 if drawn, its points: the hand's points signed, or the game's margin)."""
    match, kind, first, count, step, order, seed = job
    rules = Rules()
    bots = _bots(match, order)
    out = []
    for n in range(first, count, step):
        game_seed = seed * 1_000_003 + n + (500_000 if kind == "games" else 0)
        if kind == "hands":
            winner, points = play_hand(rules, bots, game_seed)
            won = winner == order
            out.append((float(won), float(winner is None), float(points if won else -points)))
        else:
            state = play(GAME, rules, bots, make_rng(game_seed)).state
            out.append((float(order in GAME.winners(state)), 0.0, GAME.returns(state)[order]))
    return out






def _rate(wins: float, n: int) -> dict[str, float]:
    rate = wins / n if n else 0.0
    se = math.sqrt(rate * (1 - rate) / n) if n else 0.0
    return {"rate": rate, "se": se, "margin95": 1.96 * se}


def summarise(rows: list[tuple[float, float, float]], by_order: list[list[tuple[float, float, float]]],
              kind: str) -> dict[str, Any]:
    n = len(rows)
    wins = sum(r[0] for r in rows)
    drawn = sum(r[1] for r in rows)
    out: dict[str, Any] = {kind: n, "won": wins / n, "drawn": drawn / n, "lost": (n - wins - drawn) / n,
                           "win_rate": _rate(wins, n),
                           "win_rate_by_order": [statistics.fmean(r[0] for r in o) for o in by_order],
                           "mean_points": statistics.fmean(r[2] for r in rows)}
    if kind == "hands":
        out["win_rate_decided"] = _rate(wins, int(n - drawn))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", nargs="+", choices=("two", "four", "sanity"),
                        default=["two", "four", "sanity"])
    parser.add_argument("--hands", type=int, default=5000, help="hands in each seat order")
    parser.add_argument("--games", type=int, default=500, help="games to 100 in each seat order")
    parser.add_argument("--sanity-hands", type=int, default=2000, help="heuristic v random hands")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    apply_settings(strong, args.set)
    report: dict[str, Any] = {}
    for match in args.match:
        kinds = [("hands", args.sanity_hands)] if match == "sanity" else [("hands", args.hands),
                                                                         ("games", args.games)]
        for kind, count in kinds:
            if not count:
                continue
            jobs: list[Job] = [(match, kind, j, count, args.jobs, order, args.seed)
                               for order in (0, 1) for j in range(args.jobs)]
            start = time.perf_counter()
            results = run_jobs(_work, jobs, args.jobs)
            seconds = time.perf_counter() - start
            rows = [r for chunk in results for r in chunk]
            by_order = [[r for chunk, job in zip(results, jobs, strict=True) if job[5] == o for r in chunk]
                        for o in (0, 1)]
            summary = summarise(rows, by_order, kind)
            summary["seconds"] = seconds
            report[f"{match}_{kind}"] = summary
            if not args.json:
                _print(match, kind, summary, args.jobs)
    if args.json:
        print(json.dumps(report, indent=2))


def _print(match: str, kind: str, s: dict[str, Any], jobs: int) -> None:
    who = {"two": "strong v heuristic, two players", "four": "strong v heuristic partners",
           "sanity": "heuristic v random, two players"}[match]
    n = s[kind]
    rate = s["win_rate"]
    line = (f"{who}: {n} {kind} (both seat orders): first bot wins {rate['rate'] * 100:.1f}% "
            f"± {rate['margin95'] * 100:.1f}")
    if kind == "hands":
        decided = s["win_rate_decided"]
        line += (f", loses {s['lost'] * 100:.1f}%, drawn {s['drawn'] * 100:.1f}%; of hands not drawn "
                 f"{decided['rate'] * 100:.1f}% ± {decided['margin95'] * 100:.1f}; "
                 f"{s['mean_points']:+.2f} points a hand")
    else:
        line += f"; mean final margin {s['mean_points']:+.1f}"
    orders = ", ".join(f"{r * 100:.1f}%" for r in s["win_rate_by_order"])
    print(f"{line}\n  by seat order: {orders}; {s['seconds']:.0f} s ({jobs} jobs)")


if __name__ == "__main__":
    main()
