"""Parlour's side of the peer benchmark (imported by ``run.py``, in the project's own Python).

Two ways to play a random game, both through the library's ``Game`` protocol:

* ``play``: :func:`parlour.core.driver.play` with a random bot in every seat, what
  :func:`parlour.agents.simulate.simulate` runs: every move checked against the legal moves, the
  seat's view built for the bot, the game's record kept;
* ``loop``: the bare loop a peer's Python driver runs (``legal_actions``, a uniform choice,
  ``apply_action``): ``to_act``, ``legal_moves``, a uniform choice and ``_apply_move`` (the move
  is known to be legal), chance by ``sample_chance`` and ``_apply_outcome``.  The game and its
  methods are looked up once (``looper``), as the peers load a game once and play it many times;
  draughts picks among the moves on the board, which the game lists first (``_board_count``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from peerkit import rate, timed

from parlour.agents import RandomBot
from parlour.agents.simulate import MAX_MOVES
from parlour.core import registry
from parlour.core.driver import play
from parlour.core.protocol import CHANCE, Bot
from parlour.core.rng import make_rng
from parlour.games.blackjack import Deal
from parlour.games.blackjack import Rules as BlackjackRules
from parlour.games.dominoes import Rules as DominoesRules
from parlour.games.draughts import START, Colours, Move
from parlour.games.draughts import Rules as DraughtsRules
from parlour.games.draughts.perft import perft, perft_fast
from parlour.games.gin_rummy import Rules as GinRules
from parlour.games.gin_rummy.melds import deadwood, optimum
from parlour.games.go_fish import Rules as GoFishRules
from parlour.games.go_fish.rules import Ending


def _board_moves(legal: Sequence[Any]) -> Sequence[Any]:
    """Draughts: the moves on the board (a random player that may resign or offer a draw at any
    turn would end most games at once)."""
    return [m for m in legal if isinstance(m, Move)]


def _board_count(legal: Sequence[Any]) -> int:
    """Draughts: how many of ``legal`` are moves on the board.  The game lists them first (then
    any huffs, ``offer draw`` and ``resign``: ``Game.legal_moves``), so they are the first this
    many, ``_board_moves(legal)`` without a new list."""
    n = len(legal)
    while n and type(legal[n - 1]) is not Move:
        n -= 1
    return n


class BoardMoveBot(Bot):
    """Draughts: a uniformly random move on the board."""

    name = "random"

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        moves = _board_moves(legal)
        return moves[rng.randrange(len(moves))]


def _hands(state: Any) -> int:
    """Hands dealt in a finished game (Gin Rummy and dominoes deal again after a wall or a tied
    block; everything else is one)."""
    return len(getattr(state, "sheet", ())) or 1


@dataclass(frozen=True)
class Case:
    game: str
    rules: Any
    players: int
    moves: Callable[[Sequence[Any]], Sequence[Any]] | None = None


CASES: dict[str, Case] = {
    "draughts": Case("draughts", DraughtsRules(colours=Colours.FIRST_BLACK, repetition_draw=True,
                                                  no_progress_moves=40), 2,
                     _board_moves),
    "gin hand": Case("gin-rummy", GinRules(target=1), 2),
    "blackjack": Case("blackjack", BlackjackRules(deal=Deal.NO_PEEK, rounds=1, max_bet=1, penetration=0), 1),
    "go fish": Case("go-fish", GoFishRules(ending=Ending.ALL_BOOKS), 2),
    "dominoes 2p": Case("dominoes", DominoesRules(hand_size=7, target=1), 2),
    "dominoes 4p": Case("dominoes", DominoesRules(hand_size=7, target=1), 4),
    "yahtzee": Case("yahtzee", registry.get("yahtzee").default_rules(), 2),
    "yahtzee 1p": Case("yahtzee", registry.get("yahtzee").default_rules(), 1),
    "shut the box": Case("shut-the-box", registry.get("shut-the-box").default_rules(), 1),
}


def looper(case: Case) -> Callable[[int], tuple[int, int]]:
    """The bare loop for ``case``: a function playing the random game of a seed, returning
    (hands, decisions).  The game and its methods are looked up once, as a peer's driver loads
    its game once (OpenSpiel's ``load_game``) and plays it many times."""
    game = registry.get(case.game)
    rules, players = case.rules, case.players
    initial, to_act, legal_moves_, apply_move = game.initial_state, game.to_act, game.legal_moves, \
        game._apply_move
    sample, apply_outcome = game.sample_chance, game._apply_outcome
    board = case.moves is not None

    def one(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = initial(rules, players)
        decisions = 0
        while True:
            actors = to_act(state)
            if not actors:
                return _hands(state), decisions
            if actors == (CHANCE,):
                state = apply_outcome(state, sample(state, rng))
                continue
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            legal = legal_moves_(state, seat)
            n = _board_count(legal) if board else len(legal)
            state = apply_move(state, seat, legal[rng.randrange(n)])
            decisions += 1

    return one


def loop_game(case: Case, seed: int) -> tuple[int, int]:
    """One random game by the bare loop: (hands, decisions)."""
    return looper(case)(seed)


def play_game(case: Case, seed: int) -> tuple[int, int]:
    """One random game through ``driver.play`` (checked, viewed, recorded): (hands, decisions)."""
    game = registry.get(case.game)
    bot: Bot = BoardMoveBot() if case.moves is not None else RandomBot()
    result = play(game, case.rules, [bot] * case.players, make_rng(seed), max_moves=MAX_MOVES)
    return _hands(result.state), sum(1 for entry in result.record.entries if entry.seat != CHANCE)


def random_games(budget: float) -> dict[str, dict[str, dict[str, float]]]:
    out: dict[str, dict[str, dict[str, float]]] = {}
    for name, case in CASES.items():
        out[name] = {"loop": rate(looper(case), budget),
                     "play": rate(lambda n, case=case: play_game(case, n), budget)}
    return out


def perfts(depth: int, fast_depth: int) -> dict[str, dict[str, float]]:
    def plain() -> int:  # (the plain walk keeps nothing, as the peers' walkers)
        return perft(START, depth)

    plain_seconds, plain_nodes = timed(plain)
    fast_seconds, fast_nodes = timed(lambda: perft_fast(START, fast_depth))
    return {"plain": {"depth": depth, "nodes": plain_nodes, "seconds": plain_seconds},
            "fast": {"depth": fast_depth, "nodes": fast_nodes, "seconds": fast_seconds}}


def melds(hands: Sequence[int]) -> dict[str, Any]:
    """Least deadwood of each hand, cold (the optimizer's memo cleared before each run)."""
    def cold() -> list[int]:
        optimum.cache_clear()
        return [deadwood(h) for h in hands]

    seconds, counts = timed(cold)
    return {"seconds": seconds, "deadwood": counts}
