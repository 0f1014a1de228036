"""The rules of a game of draughts, as plain functions over states: the start, whose turn it is,
the legal actions, what each action does, and how the game ends.

The board's own rules (how pieces move and take) are the move generator's
(:mod:`.board.movegen`); here is the game around them, as the manual gives it: the coin toss for
colours, draw offers and the limit on a player who declines one, resigning, the optional
huffing rule, and the endings -- no pieces, no move, and the optional threefold repetition and
no-progress rules.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from parlour.core.errors import IllegalMoveError, RulesError
from parlour.core.protocol import CHANCE
from parlour.games.draughts.board import (
    BIT,
    MAN_VALUE,
    START,
    Colour,
    Play,
    Position,
    capturing_squares,
    material,
    played,
    plays,
)
from parlour.games.draughts.moves import (
    AcceptDraw,
    Action,
    DeclineDraw,
    Huff,
    Move,
    OfferDraw,
    Resign,
    TimeUp,
    Toss,
)
from parlour.games.draughts.notation import parse_fen
from parlour.games.draughts.rules import Colours, Rules
from parlour.games.draughts.state import NOT_COUNTING, Ending, State

TOSS = ((Toss(0), Fraction(1, 2)), (Toss(1), Fraction(1, 2)))
"""The coin toss: each seat plays Black with probability 1/2."""
ANSWERS = (AcceptDraw(), DeclineDraw())
"""The answers to a draw offer."""
OFFER_DRAW = OfferDraw()
RESIGN = Resign()

REPEATS_AFTER = 8
"""The fewest moves without progress after which a position can stand for the third time: only
kings' moves come back, and a position returns at the earliest four moves later (a king's move,
the other side's, the king's move back, the other side's back)."""


# ---- the start ---------------------------------------------------------------------------------

def initial_state(rules: Rules, players: int) -> State:
    """The game before the first move: the usual opening or ``rules.start``; the colours tossed
    for (a chance event still to come) or given by the rules."""
    if players != 2:
        raise RulesError(f"draughts takes 2 players, not {players}")
    black_seat = {Colours.TOSS: None, Colours.FIRST_BLACK: 0, Colours.SECOND_BLACK: 1}[rules.colours]
    # the usual opening, or a set-up position (checked by the rules: the game is still on in it)
    position = parse_fen(rules.start) if rules.start else START
    moves, found = moves_in(position, rules)
    return State(rules=rules, position=position, black_seat=black_seat, seen=(position,),
                 moves=moves, plays=found)


def from_position(position: Position, rules: Rules | None = None, black_seat: int = 0) -> State:
    """A game set up at ``position`` with the colours settled (``black_seat`` plays Black).

    If the side to move has no pieces or no move, the game is already over.
    """
    rules = Rules() if rules is None else rules
    moves, found = moves_in(position, rules)
    state = State(rules=rules, position=position, black_seat=black_seat, seen=(position,),
                  moves=moves, plays=found)
    mover = position.turn
    if not position.pieces(mover.other):
        return _ended(state, Ending.NO_PIECES, mover)
    if not position.pieces(mover):
        return _ended(state, Ending.NO_PIECES, mover.other)
    if not moves:
        return _ended(state, Ending.NO_MOVES, mover.other)
    return state


def moves_in(position: Position, rules: Rules) -> tuple[tuple[Move, ...], tuple[Play, ...]]:
    """The legal moves on the board in ``position``, and their plays, the squares each changes
    (:attr:`State.moves` and :attr:`State.plays`): captures are compulsory unless the rules allow
    huffing."""
    found = tuple(plays(position.black, position.white, position.kings, position.black_to_move,
                        not rules.huffing))
    return tuple([move for _, _, _, move in found]), found


def toss(state: State, outcome: Toss) -> State:
    """The coin has fallen: ``outcome.black_seat`` plays Black."""
    return replace(state, black_seat=outcome.black_seat)


# ---- whose turn, and what they may do ----------------------------------------------------------

def to_act(state: State) -> tuple[int, ...]:
    """The seat to act: the coin first, then the side to move -- or, while a draw is on offer,
    the side that must answer it; nobody once the game is over."""
    if state.ending is not None:
        return ()
    if state.black_seat is None:
        return (CHANCE,)
    mover = state.seat_to_move
    return (1 - mover,) if state.offer else (mover,)


def legal_actions(state: State, seat: int) -> tuple[Action, ...]:
    """Answering a draw offer: ``accept``, ``decline``.  Otherwise the moves on the board (in
    ``board.legal_moves`` order: captures only, when one is possible, unless huffing), then any
    huffs (by square), ``offer draw`` (once a turn) and ``resign``."""
    if seat == CHANCE or seat not in to_act(state):
        return ()
    if state.offer:
        return ANSWERS
    actions: tuple[Action, ...] = state.moves
    if state.huffable:
        actions += tuple(Huff(square) for square in state.huffable)
    return (*actions, RESIGN) if state.offered else (*actions, OFFER_DRAW, RESIGN)


# ---- what an action does ---------------------------------------------------------------------

def apply_action(state: State, seat: int, action: Action) -> State:
    """The state after ``seat``'s legal ``action``."""
    if isinstance(action, Move):
        return _move(state, action)
    if isinstance(action, Huff):
        return _huff(state, action.square)
    if isinstance(action, OfferDraw):
        return replace(state, offer=True, offered=True)
    if isinstance(action, AcceptDraw):
        return replace(state, offer=False, ending=Ending.AGREED, winner=None)
    if isinstance(action, DeclineDraw):
        # the decliner (the side not to move) must now win or get a man up in time
        limit = state.rules.decline_moves or None
        return replace(state, offer=False, countdown=_counting(state, state.turn.other, limit))
    if isinstance(action, TimeUp):
        return time_up(state, seat)
    assert isinstance(action, Resign)
    return replace(state, ending=Ending.RESIGNED, winner=state.colour_of(seat).other)


def time_up(state: State, seat: int) -> State:
    """``seat``, to act, ran out of time on a clock: it loses, unless the opponent could not win,
    which in draughts means having no pieces left -- and a side with no pieces has already lost,
    so while the game is on, running out of time always loses."""
    winner = state.colour_of(seat).other
    if not state.position.pieces(winner):
        return replace(state, offer=False, ending=Ending.TIME, winner=None)
    return replace(state, offer=False, ending=Ending.TIME, winner=winner)


def offenders(before: Position, move: Move, after: Position) -> tuple[int, ...]:
    """Huffing rule: the squares (after ``move``) of the mover's pieces that failed to capture.

    A capture broken off while the piece could still jump (and had not just been crowned)
    offends with that piece.  A move that is not a capture, made when a capture was available,
    offends with every piece that could have captured (the one that moved, on its new square).
    """
    if move.captured:
        if not before.kings & BIT[move.start] and after.kings & BIT[move.end]:
            return ()
        probe = Position(after.black, after.white, after.kings, before.black_to_move)
        return (move.end,) if move.end in capturing_squares(probe) else ()
    return tuple(sorted(move.end if s == move.start else s for s in capturing_squares(before)))


def _move(state: State, move: Move) -> State:
    """A move on the board, then the end of the game if it has come."""
    rules, before = state.rules, state.position
    try:
        after = played(before, state.plays[state.moves.index(move)])
    except ValueError:
        raise IllegalMoveError(f"{move} is not a legal move in this position") from None
    # progress: a capture, or a man moved; only king moves without a capture can repeat
    if move.captured or not before.kings & BIT[move.start]:
        seen: tuple[Position, ...] = (after,)
    else:
        seen = (*state.seen, after)
    countdown = state.countdown
    if countdown != NOT_COUNTING:  # a draw was declined: the decliner's moves are counted
        mover = before.turn
        left = countdown[_index(mover)]
        if left is not None:
            countdown = _counting(state, mover, max(0, left - 1))  # towards the limit
    huffable = offenders(before, move, after) if rules.huffing else ()
    moves, found = moves_in(after, rules)
    state = State(rules=rules, position=after, black_seat=state.black_seat, plies=state.plies + 1,
                  last=move, huffable=huffable, countdown=countdown, seen=seen, moves=moves,
                  plays=found)
    return _after_move(state)


def _after_move(state: State) -> State:
    """``state``, just after a move on the board (by the side not to move now), or the end it
    brings."""
    rules, after = state.rules, state.position
    if rules.huffing and not after.pieces(after.turn):
        return _ended(state, Ending.NO_PIECES, after.turn.other)
    if not (state.moves or state.huffable):  # no move, and nothing to huff
        ending = Ending.NO_MOVES if after.pieces(after.turn) else Ending.NO_PIECES
        return _ended(state, ending, after.turn.other)
    quiet = state.quiet
    if rules.repetition_draw and quiet >= REPEATS_AFTER and state.seen.count(after) >= 3:
        return replace(state, ending=Ending.REPETITION)
    if state.countdown != NOT_COUNTING:
        mover = after.turn.other
        if state.countdown[_index(mover)] == 0:  # the decliner's last move: a man up, or drawn
            if material(after, mover) - material(after, after.turn) < MAN_VALUE:
                return replace(state, ending=Ending.DECLINE_LIMIT)
            state = replace(state, countdown=_counting(state, mover, None))
    if rules.no_progress_moves and quiet >= 2 * rules.no_progress_moves:
        return replace(state, ending=Ending.NO_PROGRESS)
    return state


def _huff(state: State, square: int) -> State:
    """Huffing rule: the piece on ``square`` is taken off; the huffer then moves as usual."""
    position = state.position.without(square)
    huffer = position.turn
    moves, found = moves_in(position, state.rules)
    state = replace(state, position=position, huffable=(), huffed=square, seen=(position,),
                    moves=moves, plays=found)
    if not position.pieces(huffer.other):
        return _ended(state, Ending.NO_PIECES, huffer)
    if not moves:
        return _ended(state, Ending.NO_MOVES, huffer.other)
    return state


# ---- the end ---------------------------------------------------------------------------------

def returns(state: State) -> tuple[float, ...]:
    """1 for the winner and -1 for the loser; 0 each for a draw or an unfinished game."""
    if state.winner is None:
        return (0.0, 0.0)
    w = state.seat_of(state.winner)
    return tuple(1.0 if s == w else -1.0 for s in (0, 1))


def winners(state: State) -> tuple[int, ...]:
    return () if state.winner is None else (state.seat_of(state.winner),)


def _ended(state: State, ending: Ending, winner: Colour) -> State:
    return replace(state, ending=ending, winner=winner)


def _index(colour: Colour) -> int:
    """A colour's place in ``State.countdown``: Black's first."""
    return 0 if colour is Colour.BLACK else 1


def _counting(state: State, colour: Colour, left: int | None) -> tuple[int | None, int | None]:
    """``state.countdown`` with ``colour``'s moves left set to ``left``."""
    black, white = state.countdown
    return (left, white) if colour is Colour.BLACK else (black, left)
