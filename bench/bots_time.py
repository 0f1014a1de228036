"""Every bot's thinking time per decision (CPU), mean and worst, for every game.

Each bot plays seeded games of its game against random bots (every other seat random), until it
has made ``--decisions`` decisions; each of its ``choose`` calls is timed with the process's CPU
clock (so a loaded machine matters less).  The first decision of each bot is timed too: a bot that
solves or loads a table on its first move shows it in the worst case (``prepare`` is called
first, as the server does, so a table cached on disk is loaded beforehand).

    python bench/bots_time.py                      # every game, every bot
    python bench/bots_time.py --game draughts --decisions 100 --json out.json

Runs against any checkout of Parlour on the path (it uses only the protocol, the registry and
the driver), so two versions can be compared on the same machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from parlour.agents import RandomBot, bot_names, make_bot
from parlour.core import registry
from parlour.core.driver import play
from parlour.core.rng import make_rng


class Timed:
    """A bot whose every decision is timed."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        start = time.process_time()
        move = self.bot.choose(game, view, legal, rng)
        self.times.append(time.process_time() - start)
        return move


def measure(game: Any, bot_name: str, decisions: int, players: int) -> dict[str, Any]:
    rules = game.default_rules()
    game.prepare(rules)
    timed = Timed(make_bot(game, bot_name, rules))
    seed = 0
    while len(timed.times) < decisions and seed < 200:
        seats: list[Any] = [timed] + [RandomBot() for _ in range(players - 1)]
        play(game, rules, seats, make_rng(seed))
        seed += 1
    ms = sorted(t * 1000 for t in timed.times)
    return {"game": game.spec.name, "bot": bot_name, "players": players, "decisions": len(ms),
            "mean_ms": sum(ms) / len(ms), "median_ms": ms[len(ms) // 2], "worst_ms": ms[-1]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games (by name)")
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    found = []
    for game in registry.games():
        if args.game and game.spec.name not in args.game:
            continue
        players = max(2, game.spec.min_players) if game.spec.max_players > 1 else 1
        for name in bot_names(game):
            if name == "random":
                continue
            row = measure(game, name, args.decisions, players)
            found.append(row)
            print(f"{row['game']:<13} {row['bot']:<13} {row['decisions']:>5} decisions  "
                  f"mean {row['mean_ms']:9.3f} ms  median {row['median_ms']:9.3f} ms  "
                  f"worst {row['worst_ms']:9.1f} ms", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(found, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
