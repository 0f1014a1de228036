"""The game through the protocol: what it lists, and that the one ``GAME`` keeps nothing of the
positions it is asked about (bots think in threads that share it)."""

from __future__ import annotations

import random
import threading

from parlour.games.draughts import GAME, START, Draughts, Move, OfferDraw, Resign, Rules, legal_moves
from parlour.games.draughts.rules import Colours


def test_the_game_lists_the_board_moves_then_offer_and_resign():
    state = GAME.initial_state(Rules(colours=Colours.FIRST_BLACK), 2)
    assert GAME.legal_moves(state, 0) == (*legal_moves(START), OfferDraw(), Resign())
    offered = GAME.apply(GAME.apply(state, 0, OfferDraw()), 1, GAME.parse_move(state, 1, "decline"))
    assert GAME.legal_moves(offered, 0) == (*legal_moves(START), Resign())
    assert GAME.legal_moves(state, 1) == ()


RULES = (Rules(colours=Colours.FIRST_BLACK),
         Rules(colours=Colours.SECOND_BLACK, huffing=True, decline_moves=3, no_progress_moves=10))


def _game(game: Draughts, rules: Rules, seed: int) -> list[tuple[object, ...]]:
    """A random game (offering draws and resigning now and then): every state, who acts and what
    they may do."""
    rng = random.Random(seed)
    state = game.initial_state(rules, 2)
    out: list[tuple[object, ...]] = []
    while seats := game.to_act(state):
        seat = seats[0]
        legal = game.legal_moves(state, seat)
        out.append((state, seats, legal, game.legal_moves(state, 1 - seat)))
        weights = [1.0 if isinstance(m, Move) else 0.02 if isinstance(m, Resign) else 0.1 for m in legal]
        state = game.apply(state, seat, rng.choices(legal, weights)[0])
    out.append((state,))
    return out


def test_a_fresh_game_object_answers_as_the_shared_one():
    for i, rules in enumerate(RULES):
        for seed in range(3):
            assert _game(GAME, rules, 10 * i + seed) == _game(Draughts(), rules, 10 * i + seed)


def test_games_played_at_once_in_threads_go_as_they_go_alone():
    cases = [(rules, seed) for rules in RULES for seed in range(4)]
    alone = [_game(GAME, rules, seed) for rules, seed in cases]
    together: list[list[tuple[object, ...]]] = [[] for _ in cases]

    def run(i: int) -> None:
        together[i] = _game(GAME, *cases[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(cases))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone
