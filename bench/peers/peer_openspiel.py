"""OpenSpiel's side of the peer benchmark (run in a virtual environment with ``open-spiel``).

    /tmp/parlour-peers/openspiel/bin/python bench/peers/peer_openspiel.py [--budget SECONDS]

Random games driven from Python, the usual way: ``state.legal_actions()``, a uniform choice,
``state.apply_action()``; chance nodes sampled by ``pyspiel.sample_action`` over
``state.chance_outcomes()``.  Draughts perft over whole moves (OpenSpiel splits a multi-jump
into one action a jump: a move goes on while the same player is to act).  Gin deadwood through
``GinRummyUtils.min_deadwood`` (C++), on the hands ``run.py`` sends (``--hands FILE``).
Prints one JSON object.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pyspiel
from open_spiel.python import games  # noqa: F401  (registers the python_* games: dominoes)
from peerkit import budget_from_argv, emit, rate, timed

GAMES = {
    "draughts": "checkers",
    "gin hand": "gin_rummy",
    "blackjack": "blackjack",
    "go fish": "go_fish",
    "dominoes 2p": "python_block_dominoes",
    "dominoes 4p": "python_team_dominoes",
    "yahtzee": "yacht",
}


def random_games(name: str, budget: float) -> dict[str, float]:
    """Games a second, and decisions (actions of the players) a game: for checkers, whole
    moves (its multi-jump is several actions of the same player)."""
    game = pyspiel.load_game(name)
    sample = pyspiel.sample_action
    whole_moves = name == "checkers"

    def one(n: int) -> tuple[int, int]:
        rng = random.Random(n)
        state = game.new_initial_state()
        moves, last = 0, -1
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample(state.chance_outcomes(), rng.random())[0]
            else:
                player = state.current_player()
                if player != last or not whole_moves:
                    moves += 1
                last = player
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
        return 1, moves

    return rate(one, budget)


def perft(state: pyspiel.State, depth: int) -> int:
    """Leaves ``depth`` whole moves below ``state``; a jump that goes on stays in the same move."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    player = state.current_player()
    total = 0
    for action in state.legal_actions():
        child = state.child(action)
        if not child.is_terminal() and child.current_player() == player:
            total += perft(child, depth)  # the same move carries on jumping
        else:
            total += perft(child, depth - 1)
    return total


def main() -> None:
    budget = budget_from_argv(sys.argv)
    out: dict[str, object] = {"version": getattr(pyspiel, "__version__", "?")}
    for what, name in GAMES.items():
        out[what] = {"game": name, **random_games(name, budget)}
    if "--perft" in sys.argv:
        depth = int(sys.argv[sys.argv.index("--perft") + 1])
        seconds, nodes = timed(lambda: perft(pyspiel.load_game("checkers").new_initial_state(), depth), 1)
        out["perft"] = {"depth": depth, "nodes": nodes, "seconds": seconds}
    if "--hands" in sys.argv:
        hands = json.loads(Path(sys.argv[sys.argv.index("--hands") + 1]).read_text())
        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        cards = [utils.card_strings_to_card_ints([t[0] + t[1].lower() for t in hand]) for hand in hands]
        seconds, counts = timed(lambda: [utils.min_deadwood(hand) for hand in cards])
        out["melds"] = {"seconds": seconds, "deadwood": counts}
    emit(out)


if __name__ == "__main__":
    main()
