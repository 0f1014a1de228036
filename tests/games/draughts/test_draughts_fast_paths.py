"""The quick paths of move generation and of the game's states give what the plain ones would:
``legal_moves`` in its documented order, ``has_legal_move`` as ``bool(legal_moves)``, and states
made at every move equal to those ``dataclasses.replace`` makes."""

from __future__ import annotations

import dataclasses
import random

from parlour.games.draughts import GAME, Move, OfferDraw, Resign, Rules, State
from parlour.games.draughts.board import START, Position, has_legal_move, legal_moves, play_unchecked
from parlour.games.draughts.rules import Colours


def _positions(games: int, seed: int) -> list[Position]:
    """Positions from random games (with kings, multiple jumps and a few pieces taken off)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        position = START
        for _ in range(200):
            out.append(position)
            moves = legal_moves(position, rng.random() < 0.8)
            if not moves:
                break
            position = play_unchecked(position, rng.choice(moves))
            if rng.random() < 0.03:
                position = position.without(rng.randrange(1, 33))
    return out


def _order(move: Move) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return move.path, move.captured


def test_legal_moves_come_in_the_documented_order_and_has_legal_move_agrees():
    for position in _positions(60, 1):
        compulsory = legal_moves(position)
        assert list(compulsory) == sorted(compulsory, key=_order)
        assert len(set(compulsory)) == len(compulsory)
        free = legal_moves(position, False)
        captures = [m for m in free if m.captured]
        simple = [m for m in free if not m.captured]
        assert list(free) == sorted(captures, key=_order) + sorted(simple, key=_order)
        assert len(set(free)) == len(free)
        assert set(compulsory) <= set(free)
        assert has_legal_move(position) == bool(compulsory) == bool(free)


def test_a_cleared_cache_gives_the_same_moves():
    positions = _positions(10, 2)
    before = [(legal_moves(p), legal_moves(p, False)) for p in positions]
    legal_moves.cache_clear()
    assert [(legal_moves(p), legal_moves(p, False)) for p in positions] == before


def test_the_game_lists_the_board_moves_then_offer_and_resign():
    state = GAME.initial_state(Rules(colours=Colours.FIRST_BLACK), 2)
    assert GAME.legal_moves(state, 0) == (*legal_moves(START), OfferDraw(), Resign())
    offered = GAME.apply(GAME.apply(state, 0, OfferDraw()), 1, GAME.parse_move(state, 1, "decline"))
    assert GAME.legal_moves(offered, 0) == (*legal_moves(START), Resign())
    assert GAME.legal_moves(state, 1) == ()


def test_states_made_by_moves_are_whole_states():
    rng = random.Random(3)
    names = [f.name for f in dataclasses.fields(State)]
    for rules in (Rules(colours=Colours.FIRST_BLACK),
                  Rules(colours=Colours.SECOND_BLACK, huffing=True, no_progress_moves=10)):
        state = GAME.initial_state(rules, 2)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            moves = [m for m in GAME.legal_moves(state, seat) if not isinstance(m, OfferDraw | Resign)]
            state = GAME.apply(state, seat, rng.choice(moves or GAME.legal_moves(state, seat)))
            assert list(vars(state)) == names
            assert dataclasses.replace(state) == state
            assert hash(dataclasses.replace(state)) == hash(state)
