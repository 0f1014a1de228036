"""RLCard's side of the peer benchmark (run in a virtual environment with ``rlcard``).

    /tmp/parlour-peers/rlcard/bin/python bench/peers/peer_rlcard.py [--budget SECONDS] [--hands FILE]

Random games two ways: ``env``, the documented way (``rlcard.make``, a ``RandomAgent`` in each
seat, ``env.run()``, which also encodes every observation for learning), and ``game``, the game
object alone (``game.init_game()``, a uniform choice among the legal actions, ``game.step()``).
Gin deadwood: ``melding.get_best_meld_clusters`` and ``utils.get_deadwood_count``, as in
``bench/bench_gin_melds.py``, on the hands ``run.py`` sends.  Prints one JSON object.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import rlcard
from peerkit import budget_from_argv, emit, rate, timed
from rlcard.agents import RandomAgent
from rlcard.games.gin_rummy.utils import melding, utils

GAMES = {"gin hand": "gin-rummy", "blackjack": "blackjack"}


def env_games(name: str, budget: float) -> dict[str, float]:
    env = rlcard.make(name, config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def one(n: int) -> tuple[int, int]:
        trajectories, _ = env.run()
        return 1, sum(len(t) // 2 for t in trajectories)  # (state, action, state, ...) per player

    return rate(one, budget)


def game_games(name: str, budget: float) -> dict[str, float]:
    env = rlcard.make(name, config={"seed": 0})
    game = env.game

    def one(n: int) -> tuple[int, int]:
        rng = random.Random(n)  # RLCard deals from its own NumPy generator, seeded once
        game.init_game()
        decisions = 0
        while not game.is_over():
            if name == "blackjack":
                game.step(("hit", "stand")[rng.randrange(2)])
            else:
                legal = game.judge.get_legal_actions()
                game.step(legal[rng.randrange(len(legal))])
            decisions += 1
        return 1, decisions

    return rate(one, budget)


def main() -> None:
    budget = budget_from_argv(sys.argv)
    out: dict[str, object] = {"version": rlcard.__version__ if hasattr(rlcard, "__version__") else "?"}
    for what, name in GAMES.items():
        out[what] = {"game": name, "env": env_games(name, budget), "game_loop": game_games(name, budget)}
    if "--hands" in sys.argv:
        hands = json.loads(Path(sys.argv[sys.argv.index("--hands") + 1]).read_text())
        cards = [[utils.card_from_text(t) for t in hand] for hand in hands]

        def count() -> list[int]:
            counts = []
            for hand in cards:
                clusters = melding.get_best_meld_clusters(hand)
                counts.append(utils.get_deadwood_count(hand, clusters[0] if clusters else []))
            return counts

        seconds, counts = timed(count)
        out["melds"] = {"seconds": seconds, "deadwood": counts}
    emit(out)


if __name__ == "__main__":
    main()
