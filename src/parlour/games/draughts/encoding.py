"""Draughts for learning environments: a seat's view as planes of the 32 squares, and every action
as a code in one fixed discrete space (:mod:`parlour.envs.encoding`); :class:`DraughtsEncoding`
describes both.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from parlour.core.errors import RulesError
from parlour.envs.encoding import Encoding, Observation
from parlour.games.draughts.board import (
    SQUARES,
    Colour,
    Position,
    are_neighbours,
    between,
    to_square_mask,
)
from parlour.games.draughts.game import GAME
from parlour.games.draughts.moves import (
    AcceptDraw,
    Action,
    DeclineDraw,
    Huff,
    Move,
    OfferDraw,
    Resign,
)
from parlour.games.draughts.rules import Rules
from parlour.games.draughts.view import DraughtsView

STEPS = tuple((a, b) for a in SQUARES for b in SQUARES if are_neighbours(a, b))
"""Every (from, to) of a step, in order."""
JUMPS = tuple((a, b) for a in SQUARES for b in SQUARES if between(a, b) is not None)
"""Every (from, landing) of a jump, in order."""

STEP_AT = {pair: i for i, pair in enumerate(STEPS)}
LAST_JUMP_AT = {pair: len(STEPS) + i for i, pair in enumerate(JUMPS)}
JUMP_ON_AT = {pair: len(STEPS) + len(JUMPS) + i for i, pair in enumerate(JUMPS)}
HUFF_BASE = len(STEPS) + 2 * len(JUMPS)
"""The action huffing square ``s`` is ``HUFF_BASE + s - 1``."""
OTHERS: tuple[type[Action], ...] = (OfferDraw, AcceptDraw, DeclineDraw, Resign)
OTHER_NAMES = ("offer draw", "accept draw", "decline draw", "resign")
OTHER_BASE = HUFF_BASE + len(SQUARES)
ACTIONS = OTHER_BASE + len(OTHERS)

QUIET_SCALE = 100
"""Moves without progress are scaled by this many (or by the no-progress limit, if set)."""
PLANES = ("own men", "own kings", "opponent's men", "opponent's kings",
          "huffable", "route start", "route now", "route taken")
FLAGS = (
    ("plays black", "1 if the viewer plays Black (a spectator: 1)"),
    ("own turn", "1 if the viewer's side is to move on the board"),
    ("draw offered", "1 while a draw offer waits for its answer (the side to move offered it)"),
    ("offered this turn", "1 if the side to move has offered a draw this turn (not again)"),
    ("huffed this turn", "1 if the side to move has huffed this turn"),
    ("own limit", "1 if the viewer declined a draw and is held to the limit of moves"),
    ("own moves left", "the viewer's moves left under that limit, over decline_moves"),
    ("opponent's limit", "1 if the opponent is held to the limit"),
    ("opponent's moves left", "the opponent's moves left, over decline_moves"),
    ("quiet moves", "moves in a row without progress (no capture, man's move or huff), over "
                    "2 x no_progress_moves, or over 100 if that rule is off; at most 1"),
    ("repetitions", "times the position has stood (since the last progress), over 3"),
)
PLANE_MEANINGS = (
    "1 on each square holding a man of the viewer's colour",
    "1 on each square holding a king of the viewer's colour",
    "1 on each square holding a man of the other colour",
    "1 on each square holding a king of the other colour",
    "1 on each square the side to move may huff now (the huffing rule)",
    "pending route: 1 on the square the jumping piece started from",
    "pending route: 1 on the square the piece has reached",
    "pending route: 1 on each square taken so far",
)


def _name(action: int) -> str:
    if action < len(STEPS):
        a, b = STEPS[action]
        return f"step {a}-{b}"
    if action < HUFF_BASE:
        on = action >= len(STEPS) + len(JUMPS)
        a, b = JUMPS[(action - len(STEPS)) % len(JUMPS)]
        return f"jump on {a}x{b}" if on else f"last jump {a}x{b}"
    if action < OTHER_BASE:
        return f"huff {action - HUFF_BASE + 1}"
    return OTHER_NAMES[action - OTHER_BASE]


NAMES = tuple(_name(a) for a in range(ACTIONS))


def route_of(pending: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The landing squares and the squares taken of a route's jumps given so far (each a
    *jump on*); ``ValueError`` if ``pending`` is not such a route."""
    path: list[int] = []
    taken: list[int] = []
    for action in pending:
        index = action - len(STEPS) - len(JUMPS)
        if not 0 <= index < len(JUMPS):
            raise ValueError(f"a pending draughts code holds only jumps that go on, not {action} "
                             f"({_name(action) if 0 <= action < ACTIONS else 'out of range'})")
        a, b = JUMPS[index]
        if path and path[-1] != a:
            raise ValueError(f"{_name(action)} does not go on from {path[-1]}")
        if not path:
            path.append(a)
        path.append(b)
        over = between(a, b)
        assert over is not None
        taken.append(over)
    return tuple(path), tuple(taken)


def _planes(masks: Sequence[int]) -> np.ndarray:
    """Square sets as planes: each a 32-bit mask (bit ``s - 1`` for square ``s``) unpacked."""
    packed = np.asarray(masks, dtype="<u4").view(np.uint8)
    return np.unpackbits(packed, bitorder="little").astype(np.float32)


def _mask(squares: Sequence[int]) -> int:
    return sum(1 << (square - 1) for square in set(squares))


class DraughtsEncoding(Encoding[Rules, Action, DraughtsView]):
    """A seat's view as 8 planes of the 32 squares and 11 numbers (267 in all); its moves as codes
    of 278 actions (the same for every rule set), one action a hop of a piece.

    **Actions**, numbered in this order:

    * 0-97, a **step**: one for each square and each square diagonally next to it (``step
      11-15``), a simple move of a man or a king, the whole move in one action;
    * 98-169, a **last jump**: one for each square and each square a jump away (``last jump
      11x18``), a jump that ends the move;
    * 170-241, a **jump on**: the same pairs (``jump on 11x18``), a jump after which the same
      piece jumps again;
    * 242-273, a **huff** of each square 1-32 (``huff 14``, the huffing rule);
    * 274-277: ``offer draw``, ``accept draw``, ``decline draw``, ``resign``.

    (A time running out on a clock is never a legal move, so it has no action.)

    A simple move is one action.  A capture is its jumps in order, each a *jump on* but the
    last, a *last jump*: ``11x18x25`` is ``jump on 11x18`` then ``last jump 18x25``, and the
    environment asks the same seat for each step, masked to the steps that continue some legal
    move.  No move's code begins another's (a code ends with an action that ends a move, and only
    its last action does), even under the huffing rule, where a capture broken off (``11x18``)
    is a move of its own beside the whole one (``11x18x25``).  In English draughts a piece jumps
    only the piece next to it, so the landing squares settle which pieces a route takes: two
    routes of the same piece differ in a landing square, and so in their codes (a king going
    round four pieces either way from 10: ``jump on 10x17``, ``jump on 17x26`` ... or ``jump on
    10x19`` ...).

    **Observation**: square ``s`` is entry ``s - 1`` of each plane, as the board is numbered
    (Black's men start on 1-12 and move towards 32), never turned round.  Whose pieces are whose
    is relative to the viewer (*own* is the viewer's colour; Black for a spectator), and a
    number says which colour the viewer plays.  While a capture's route is being given, the
    route so far has planes of its own; the board planes show the position before the move.
    Counts are scaled into [0, 1].
    """

    game: ClassVar = GAME

    def __init__(self, rules: Rules, players: int) -> None:
        if players != 2:
            raise RulesError(f"draughts takes 2 players, not {players}")
        super().__init__(rules, players)

    @property
    def shape(self) -> tuple[int, ...]:
        return (len(PLANES) * len(SQUARES) + len(FLAGS),)

    @property
    def actions(self) -> int:
        return ACTIONS

    def action_name(self, action: int) -> str:
        return NAMES[action]

    def code(self, view: DraughtsView, move: Action) -> tuple[int, ...]:
        if isinstance(move, Move):
            path = move.path
            if not move.captured:
                return (STEP_AT[path[0], path[1]],)
            hops = list(itertools.pairwise(path))
            return (*(JUMP_ON_AT[hop] for hop in hops[:-1]), LAST_JUMP_AT[hops[-1]])
        if isinstance(move, Huff):
            return (HUFF_BASE + move.square - 1,)
        for i, kind in enumerate(OTHERS):
            if isinstance(move, kind):
                return (OTHER_BASE + i,)
        raise ValueError(f"{move!r} has no action (it is never a legal move)")

    def observe(self, view: DraughtsView, pending: Sequence[int] = ()) -> Observation:
        state = view.state
        position: Position = state.position
        own = view.colour or Colour.BLACK
        path, taken = route_of(pending)
        mine, theirs = (to_square_mask(position.pieces(colour)) for colour in (own, own.other))
        kings = to_square_mask(position.kings)
        planes = _planes([mine & ~kings, mine & kings, theirs & ~kings, theirs & kings,
                          _mask(state.huffable), _mask(path[:1]), _mask(path[-1:]), _mask(taken)])
        limit = state.rules.decline_moves
        own_left, other_left = state.countdown if own is Colour.BLACK else state.countdown[::-1]
        quiet_scale = 2 * state.rules.no_progress_moves or QUIET_SCALE
        flags = [
            own is Colour.BLACK,
            not state.over and state.turn is own,
            state.offer,
            state.offered,
            state.huffed is not None,
            own_left is not None,
            0.0 if own_left is None or not limit else own_left / limit,
            other_left is not None,
            0.0 if other_left is None or not limit else other_left / limit,
            min(1.0, state.quiet / quiet_scale),
            min(1.0, state.seen.count(position) / 3),
        ]
        return np.concatenate([planes, np.asarray(flags, dtype=np.float32)])

    def fields(self) -> Sequence[tuple[str, int, str]]:
        planes = [(name, len(SQUARES), meaning) for name, meaning in zip(PLANES, PLANE_MEANINGS,
                                                                          strict=True)]
        return [*planes, *((name, 1, meaning) for name, meaning in FLAGS)]
