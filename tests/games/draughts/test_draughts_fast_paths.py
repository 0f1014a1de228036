"""The quick paths of move generation and of the game's states give what the plain ones would:
``legal_moves`` in its documented order, ``has_legal_move`` as ``bool(legal_moves)``, captures as
the sorted jump trees, states made at every move equal to those ``dataclasses.replace`` makes, and
the legal actions a move keeps for the next turn equal to those listed afresh."""

from __future__ import annotations

import dataclasses
import random

from parlour.games.draughts import GAME, Move, OfferDraw, Resign, Rules, State
from parlour.games.draughts.board import (
    _BLACK_JUMPS,
    _BLACK_LAYOUT,
    _BLACK_QUARTERS,
    _KING_LAYOUT,
    _QUARTERS,
    _WHITE_JUMPS,
    _WHITE_LAYOUT,
    _WHITE_QUARTERS,
    BIT,
    START,
    VALID,
    Position,
    _capturers,
    _complete_captures,
    _jump_tree,
    _products,
    _to_move,
    has_legal_move,
    legal_moves,
    legal_moves_uncached,
    play_unchecked,
)
from parlour.games.draughts.game import Draughts
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


def test_complete_captures_are_the_sorted_jump_trees():
    rng = random.Random(4)
    seen = 0
    for _ in range(3000):
        squares = rng.sample(range(1, 33), rng.randint(2, 20))
        cut = rng.randint(1, len(squares) - 1)
        kings = [s for s in squares if rng.random() < 0.3]
        for black_to_move in (True, False):
            position = Position.from_squares(squares[:cut], squares[cut:], kings)
            position = Position(position.black, position.white, position.kings, black_to_move)
            capturers = _capturers(position.black, position.white, position.kings, black_to_move)
            own = position.black if black_to_move else position.white
            trees = []
            for s in range(1, 33):
                if capturers & BIT[s]:
                    i = BIT[s].bit_length() - 1
                    trees += _jump_tree(i, bool(position.kings & BIT[s]), black_to_move, own,
                                        position.black ^ position.white ^ own, False)
            assert _complete_captures(position, capturers) == [_to_move(t) for t in sorted(trees)]
            if capturers:  # legal_moves finds single jumps by quarters of the board, when it can
                assert list(legal_moves_uncached(position)) == [_to_move(t) for t in sorted(trees)]
            seen += len(trees)
    assert seen > 1000


def test_a_cleared_cache_gives_the_same_moves():
    positions = _positions(10, 2)
    before = [(legal_moves(p), legal_moves(p, False)) for p in positions]
    legal_moves.cache_clear()
    assert [(legal_moves(p), legal_moves(p, False)) for p in positions] == before


def test_the_products_of_a_layout_are_the_shifts_they_stand_for():
    rng = random.Random(6)
    for layout in (_KING_LAYOUT, _BLACK_LAYOUT, _WHITE_LAYOUT):
        ways = {d for d, _ in layout}
        pieces_by, empty_by, opp_by = _products(layout, ways)
        for _ in range(2000):
            pieces, empty, opp = (rng.getrandbits(35) & VALID for _ in range(3))
            spaces, over = empty * empty_by, opp * opp_by
            # each slot's place holds exactly the pieces that can step (jump) its way there
            steps, jumps = pieces * pieces_by & spaces, pieces * pieces_by & spaces & over
            expect_steps = expect_jumps = 0
            for (d, k), offset in layout.items():
                for i in range(35):
                    beyond, between = i + k * d, i + d
                    if not (pieces >> i & 1 and 0 <= beyond < 35 and empty >> beyond & 1):
                        continue
                    expect_steps |= 1 << (offset + i)
                    if k == 2 and opp >> between & 1:
                        expect_jumps |= 1 << (offset + i)
            assert steps == expect_steps
            assert jumps == expect_jumps


def test_quarter_tables_filled_afresh_give_the_same_moves():
    positions = _positions(10, 3)
    before = [legal_moves_uncached(p) for p in positions]
    tables = (*_QUARTERS, *_BLACK_QUARTERS, *_WHITE_QUARTERS, *_BLACK_JUMPS, *_WHITE_JUMPS)
    for quarter in tables:
        quarter.moves.clear()  # (as when a table reaches its LIMIT)
    assert [legal_moves_uncached(p) for p in positions] == before
    assert all(quarter.moves for quarter in tables)


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
            move = rng.choice(moves or GAME.legal_moves(state, seat))
            before, state = state, GAME.apply(state, seat, move)
            assert type(state) is State  # made quickly (game._UnfrozenState), a whole State
            assert dataclasses.replace(state) == state
            assert hash(dataclasses.replace(state)) == hash(state)
            rebuilt = State(**{n: getattr(state, n) for n in names})
            assert rebuilt == state and repr(rebuilt) == repr(state)
            if isinstance(move, Move):  # the position, made quickly, is a whole Position
                position = state.position
                assert type(position) is Position
                assert position == play_unchecked(before.position, move) == Position(
                    position.black, position.white, position.kings, position.black_to_move)
                assert hash(position) == hash(play_unchecked(before.position, move))


def test_the_actions_a_move_keeps_for_the_next_turn_are_those_listed_afresh():
    rng = random.Random(5)
    for rules in (Rules(colours=Colours.FIRST_BLACK),
                  Rules(colours=Colours.SECOND_BLACK, huffing=True, decline_moves=3, no_progress_moves=10)):
        state = GAME.initial_state(rules, 2)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_moves(state, seat)
            fresh = Draughts()  # keeps nothing: lists everything from the state
            assert GAME.to_act(state) == fresh.to_act(state) == (seat,)
            assert legal == fresh.legal_moves(state, seat)
            assert GAME.legal_moves(state, 1 - seat) == fresh.legal_moves(state, 1 - seat) == ()
            if isinstance(state.last, Move) and not state.offered and state.huffed is None:
                assert legal is GAME._ready[2]  # kept by the move that made ``state``
            weights = [0.02 if isinstance(m, Resign) else 0.1 if isinstance(m, OfferDraw) else 1.0
                       for m in legal]
            state = GAME.apply(state, seat, rng.choices(legal, weights)[0])
