"""How often each Go Fish bot beats the one below it, in whole games of the manual's rules.

Matches (``--match``, several allowed; default all):

* ``memory-random``: two players, ``memory`` against ``random``;
* ``strong-memory``: two players, ``strong`` against ``memory``;
* ``strong-memory-4``: four players, one ``strong`` against three ``memory`` bots.

Each deal (seed) is played once with the bot under test in every seat (seats rotate on the same
seeds), so ``--games`` counts deals and a match plays ``--games`` times the number of seats.
Reported for the bot under test: games won outright, games shared (a tie for the most books) and
its *share* (a win 1, a tie shared by ``k`` players ``1/k``, else 0), each with ± 1.96·SE (95%);
in four-player games an even share is 25%.  Also the mean books and the mean time per decision
of each bot.

    python bench/bench_go_fish.py [--match NAME ...] [--games 5000] [--seed 1] [--jobs 2] [--json]
        [--set NAME=VALUE ...]

``--set`` overrides a constant of the strong bot (``bots/strong/__init__.py``, or
``bots/strong/model.py``: ``MAX_CELLS`` say) for the run (for tuning).  Seeded: the same
arguments give the same games.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from benchkit import apply_settings, run_jobs  # (bench/ is on the path: run as a script)

from parlour.agents import RandomBot
from parlour.core.driver import play
from parlour.core.protocol import Bot
from parlour.core.rng import make_rng
from parlour.games.go_fish import GAME, Rules
from parlour.games.go_fish.bots import MemoryBot, StrongBot, strong
from parlour.games.go_fish.bots.strong import model

MATCHES: dict[str, tuple[int, Callable[[], Bot], Callable[[], Bot]]] = {
    "memory-random": (2, MemoryBot, RandomBot),
    "strong-memory": (2, StrongBot, MemoryBot),
    "strong-memory-4": (4, StrongBot, MemoryBot),
    "strong-memory-6": (6, StrongBot, MemoryBot),
}
"""name: (players, the bot under test, the opponents' bot)."""

Job = tuple[str, int, int, int, int]


class Timed(Bot):
    """A bot that counts its decisions and the time they took."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.calls = 0
        self.seconds = 0.0

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        start = time.perf_counter()
        move = self.bot.choose(game, view, legal, rng)
        self.seconds += time.perf_counter() - start
        self.calls += 1
        return move


def _games(job: Job) -> dict[str, Any]:
    """Deals ``first``, ``first + step`` ... below ``count``, each with the bot under test in every
    seat: per game (its score 1 / shared / 0, its books), and the decision times."""
    name, first, count, step, seed = job
    players, tested, other = MATCHES[name]
    rules = Rules()
    me, them = Timed(tested()), Timed(other())
    out = []
    for n in range(first, count, step):
        for seat in range(players):
            bots: list[Bot] = [them] * players
            bots[seat] = me
            state = play(GAME, rules, bots, make_rng(seed * 1_000_003 + n)).state
            won = GAME.winners(state)
            out.append((seat in won, len(won), state.book_counts[seat]))
    return {"games": out, "me": (me.calls, me.seconds), "them": (them.calls, them.seconds)}




def _rate(values: list[float]) -> dict[str, float]:
    mean = statistics.fmean(values)
    se = statistics.pstdev(values) / math.sqrt(len(values))
    return {"rate": mean, "margin95": 1.96 * se}


def match(name: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    players, tested, other = MATCHES[name]
    start = time.perf_counter()
    results = run_jobs(_games, [(name, j, games, jobs, seed) for j in range(jobs)], jobs)
    seconds = time.perf_counter() - start
    rows = [g for r in results for g in r["games"]]
    calls = {who: sum(r[who][0] for r in results) for who in ("me", "them")}
    spent = {who: sum(r[who][1] for r in results) for who in ("me", "them")}
    return {
        "match": name, "players": players, "bot": tested().name, "against": other().name,
        "deals": games, "games": len(rows),
        "won_outright": _rate([1.0 if w and k == 1 else 0.0 for w, k, _ in rows]),
        "shared": _rate([1.0 if w and k > 1 else 0.0 for w, k, _ in rows]),
        "share": _rate([1.0 / k if w else 0.0 for w, k, _ in rows]),
        "even_share": 1 / players,
        "mean_books": statistics.fmean(b for _, _, b in rows),
        "ms_per_decision": {tested().name: 1000 * spent["me"] / max(calls["me"], 1),
                            other().name: 1000 * spent["them"] / max(calls["them"], 1)},
        "seconds": seconds, "jobs": jobs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", action="append", choices=sorted(MATCHES), help="default: all")
    parser.add_argument("--games", type=int, default=5000, help="deals per match (each played in every seat)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    apply_settings(strong, [s for s in args.set if not hasattr(model, s.partition("=")[0])])
    apply_settings(model, [s for s in args.set if hasattr(model, s.partition("=")[0])])
    out = [match(name, args.games, args.seed, args.jobs) for name in args.match or MATCHES]
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for m in out:
        def pct(key: str, m: dict[str, Any] = m) -> str:
            return f"{m[key]['rate'] * 100:.1f}% ± {m[key]['margin95'] * 100:.1f}"
        times = ", ".join(f"{b} {ms:.2f} ms" for b, ms in m["ms_per_decision"].items())
        print(f"{m['match']} ({m['players']} players, {m['games']} games): {m['bot']} wins outright "
              f"{pct('won_outright')}, shares the win {pct('shared')}; share {pct('share')} "
              f"(even: {m['even_share'] * 100:.0f}%); mean books {m['mean_books']:.2f}")
        print(f"  per decision: {times}; {m['seconds']:.0f} s ({m['jobs']} jobs)")


if __name__ == "__main__":
    main()
