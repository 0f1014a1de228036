"""Time the Blackjack strategy solver.

Usage: ``python bench/bench_blackjack_solver.py [--json] [--repeat N] [--decks 0 1 6 8]``

Times :func:`solve` (the whole chart, every two-card hand against every dealer card, and the
game's expectation) for the manual's game and the usual casino game on each shoe size, and
prints the expectation found alongside; the infinite-deck casino game is checked against the
published -0.5117% (Wizard of Odds).  Each time is the best of ``--repeat`` runs (a fresh solve
each time: nothing is cached between solves).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from dataclasses import asdict, dataclass

from parlour.games.blackjack.rules import Rules, Soft17
from parlour.games.blackjack.solver import solve

PUBLISHED = -0.5117
"""Percent: infinite deck, S17, DAS, double any two, split to 4, no RSA, 3:2, peek."""


@dataclass(frozen=True)
class Row:
    """One timing."""

    game: str
    decks: int
    seconds: float
    expectation_percent: float


def time_solve(name: str, rules: Rules, repeat: int) -> Row:
    best, value = float("inf"), 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        value = solve(rules).expectation
        best = min(best, time.perf_counter() - start)
    return Row(name, rules.decks, best, value * 100)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--decks", type=int, nargs="+", default=[0, 1, 6])
    args = parser.parse_args()
    rows = []
    for decks in args.decks:
        repeat = args.repeat if decks == 0 else 1
        rows.append(time_solve("manual", Rules(decks=decks), repeat))
        rows.append(time_solve("casino S17", Rules.casino(decks=decks), repeat))
        rows.append(time_solve("casino H17", Rules.casino(decks=decks, soft17=Soft17.HIT), repeat))
    published = next((r for r in rows if r.decks == 0 and r.game == "casino S17"), None)
    check = None if published is None else round(published.expectation_percent, 4) == PUBLISHED
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "machine": platform.machine(),
                          "rows": [asdict(r) for r in rows], "published_check": check}, indent=2))
        return 0
    print(f"{'game':<12} {'decks':>5} {'seconds':>9} {'expectation':>12}")
    for r in rows:
        print(f"{r.game:<12} {r.decks:>5} {r.seconds:>9.3f} {r.expectation_percent:>+11.4f}%")
    if published is not None:
        print(f"infinite deck casino S17: {published.expectation_percent:+.4f}% "
              f"(published {PUBLISHED:+.4f}%: {'agrees' if check else 'DIFFERS'})")
    return 0 if check is not False else 1


if __name__ == "__main__":
    sys.exit(main())
