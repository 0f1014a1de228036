"""The draughts engine: the manual's English draughts, with huffing, draws and resignation."""

from __future__ import annotations

import dataclasses
import itertools
import operator
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from parlour.core.commands import Command
from parlour.core.errors import AmbiguousMoveError, InvalidMoveError, RulesError
from parlour.core.protocol import CHANCE, BotFactory, Export, Game, GameSpec, Hint, View
from parlour.games.draughts import notation, text
from parlour.games.draughts.board import (
    BIT,
    BLACK_CROWN_ROW,
    MAN_VALUE,
    SQUARES,
    WHITE_CROWN_ROW,
    Colour,
    Move,
    Position,
    _legal,
    _Unfrozen,
    between,
    capturing_squares,
    has_legal_move,
    legal_moves,
    legal_moves_uncached,
    material,
    play_unchecked,
)
from parlour.games.draughts.reasons import why_illegal
from parlour.games.draughts.rules import Colours, Rules
from parlour.games.draughts.state import (
    AcceptDraw,
    Action,
    DeclineDraw,
    Ending,
    Huff,
    OfferDraw,
    Resign,
    State,
    Toss,
)
from parlour.games.draughts.view import DraughtsView

HALF = Fraction(1, 2)
_TOSS = ((Toss(0), HALF), (Toss(1), HALF))
_WORDS: dict[str, Action] = {"offer draw": OfferDraw(), "accept": AcceptDraw(),
                             "decline": DeclineDraw(), "resign": Resign()}
_HUFF = re.compile(r"huff ([0-9]{1,2})", re.ASCII)
_OUTCOME = re.compile(r"seat ([12]) black", re.ASCII)


_new = object.__new__


class _UnfrozenState:
    """A ``State`` being made: the same slots, but no frozen ``__setattr__``, so its fields are
    stored by plain (and quick) attribute stores; assigning ``__class__`` then makes it a ``State``
    (CPython allows it between classes of the same layout), the same object ``State(...)`` makes.
    ``_UnfrozenState()``, the 14 stores and the assignment make a ``State`` several times as
    quickly as ``State(...)``, whose ``__init__`` stores each field through
    ``object.__setattr__`` (and states are made at every move).  As ``board._Unfrozen`` for
    positions."""

    __slots__ = State.__slots__

    rules: Rules
    position: Position
    black_seat: int | None
    plies: int
    last: Move | None
    huffable: tuple[int, ...]
    huffed: int | None
    offer: bool
    offered: bool
    countdown: tuple[int | None, int | None]
    seen: tuple[Position, ...]
    quiet: int
    ending: Ending | None
    winner: Colour | None


_FIELDS = tuple(f.name for f in dataclasses.fields(State))
_BLACK_PIECES = operator.attrgetter("black")
"""A position's ``black`` (see :meth:`Draughts._apply_move`)."""
_set_view_fields = View.__dict__["__dict__"].__set__
"""Sets a view's fields (its ``__dict__``) in one call (see :meth:`Draughts.view`)."""


def _replace(state: State, **changes: Any) -> State:
    """``dataclasses.replace(state, **changes)``, quicker; each key of ``changes`` must be a field."""
    made = _UnfrozenState()
    for name in _FIELDS:
        setattr(made, name, changes[name] if name in changes else getattr(state, name))
    made.__class__ = State  # type: ignore[assignment]
    return made  # type: ignore[return-value]


_NO_COUNTDOWN = State.__dataclass_fields__["countdown"].default
"""The default ``countdown`` (no draw declined)."""
_OFFER_DRAW = OfferDraw()
_RESIGN = Resign()
_OFFER_AND_RESIGN = (_OFFER_DRAW, _RESIGN)
_SEAT = ((0,), (1,))
_CHANCE_TO_ACT = (CHANCE,)


def _actions(position: Position, compulsory: bool, offered: bool) -> tuple[Action, ...]:
    """The mover's actions when there is nothing to huff and no draw offer to answer: the moves
    on the board, ``offer draw`` (unless ``offered`` already this turn) and ``resign``.  Not
    cached: in a game the positions rarely come again, and hashing one costs more than this."""
    plays: tuple[Action, ...] = legal_moves_uncached(position, compulsory)
    return (*plays, _RESIGN) if offered else (*plays, _OFFER_DRAW, _RESIGN)


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


class Draughts(Game[Rules, State, Action, Toss, DraughtsView]):
    """English draughts (checkers) as the cottage manual gives it."""

    spec = GameSpec(
        name="draughts",
        title="Draughts",
        min_players=2,
        max_players=2,
        aliases=("checkers",),
        chance=True,
        hidden_information=False,
        summary="English draughts (checkers): capture every piece or leave the other side no move.",
    )
    rules_type = Rules

    _ready: tuple[State | None, int, tuple[Action, ...], tuple[int, ...]] = (None, CHANCE, (), ())
    """The last state a move on the board made, if the game goes on: ``(state, seat, actions,
    (seat,))``, the seat to act, its legal actions and :meth:`to_act`'s answer.  ``_apply_move``
    must list the new mover's moves anyway (to see whether it can move), so it keeps them here and
    :meth:`legal_moves` returns them for that same state object, instead of listing them a second
    time (and :meth:`to_act` its seat, in fewer steps than working it out).  One tuple, replaced
    whole, so a reader never sees parts of two."""

    # ---- set-up -----------------------------------------------------------
    def conformance_cases(self) -> tuple[tuple[Rules, int], ...]:
        R = Rules
        return (
            (R(), 2),
            (R(huffing=True), 2),
            (R(colours=Colours.FIRST_BLACK, repetition_draw=False, no_progress_moves=25), 2),
            (R(colours=Colours.SECOND_BLACK, huffing=True, decline_moves=3, no_progress_moves=10), 2),
            (R(start="W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", no_progress_moves=20), 2),
        )

    def initial_state(self, rules: Rules, players: int) -> State:
        if players != 2:
            raise RulesError(f"draughts takes 2 players, not {players}")
        black_seat = {Colours.TOSS: None, Colours.FIRST_BLACK: 0, Colours.SECOND_BLACK: 1}[rules.colours]
        if rules.start:  # a set-up position (checked by the rules: the game is still on in it)
            position = notation.parse_fen(rules.start)
            return State(rules=rules, position=position, black_seat=black_seat, seen=(position,))
        return State(rules=rules, black_seat=black_seat)

    def from_position(self, position: Position, rules: Rules | None = None,
                      black_seat: int = 0) -> State:
        """A game set up at ``position`` with the colours settled (``black_seat`` plays Black).

        If the side to move has no pieces or no move, the game is already over.
        """
        rules = Rules() if rules is None else rules
        state = State(rules=rules, position=position, black_seat=black_seat, seen=(position,))
        mover = position.turn
        if not position.pieces(mover.other):
            return _replace(state, ending=Ending.NO_PIECES, winner=mover)
        if not position.pieces(mover):
            return _replace(state, ending=Ending.NO_PIECES, winner=mover.other)
        if not has_legal_move(position):
            return _replace(state, ending=Ending.NO_MOVES, winner=mover.other)
        return state

    # ---- whose turn -------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        ready = self._ready
        if ready[0] is state:
            return ready[3]  # worked out by the move that made ``state`` (see ``_ready``)
        if state.ending is not None:
            return ()
        black_seat = state.black_seat
        if black_seat is None:
            return _CHANCE_TO_ACT
        mover = black_seat if state.position.black_to_move else 1 - black_seat
        return _SEAT[1 - mover] if state.offer else _SEAT[mover]

    def players(self, state: State) -> int:
        return 2

    # ---- moves --------------------------------------------------------------
    def legal_moves(self, state: State, seat: int) -> tuple[Action, ...]:
        """Answering a draw offer: ``accept``, ``decline``.  Otherwise the moves on the board (in
        ``board.legal_moves`` order: captures only, when one is possible, unless huffing), then
        any huffs (by square), ``offer draw`` (once a turn) and ``resign``."""
        ready = self._ready
        if ready[0] is state and ready[1] == seat:
            return ready[2]  # listed by the move that made ``state`` (see ``_ready``)
        if seat not in self.to_act(state) or seat == CHANCE:
            return ()
        if state.offer:
            return (AcceptDraw(), DeclineDraw())
        if not state.huffable:
            return _actions(state.position, not state.rules.huffing, state.offered)
        plays: tuple[Action, ...] = legal_moves_uncached(state.position, not state.rules.huffing)
        huffs = tuple(Huff(s) for s in state.huffable)
        offer: tuple[Action, ...] = () if state.offered else (_OFFER_DRAW,)
        return (*plays, *huffs, *offer, _RESIGN)

    def explain_illegal(self, state: State, seat: int, move: Action) -> str:
        if state.offer and not isinstance(move, AcceptDraw | DeclineDraw):
            return "answer the draw offer first: accept or decline"
        if isinstance(move, Move):
            return why_illegal(state.position, move, not state.rules.huffing)
        if isinstance(move, AcceptDraw | DeclineDraw):
            return "there is no draw offer to answer"
        if isinstance(move, OfferDraw):
            return "you have already offered a draw this turn"
        if isinstance(move, Huff):
            return self._why_not_huff(state, move)
        return f"{move!r} is not a draughts move"

    def _why_not_huff(self, state: State, move: Huff) -> str:
        if not state.rules.huffing:
            return "huffing is not played under these rules: captures are compulsory"
        if state.huffed is not None:
            return f"you have already huffed this turn (the piece on {state.huffed})"
        if not state.huffable:
            return "there is nothing to huff: your opponent did not fail to capture"
        squares = " or ".join(str(s) for s in state.huffable)
        return f"you may huff only a piece that failed to capture: {squares}"

    def _apply_move(self, state: State, seat: int, move: Action) -> State:
        """A move on the board, then the end of the game if it has come.  If not, the new mover's
        legal actions, which deciding that needs, are kept in ``_ready`` for :meth:`legal_moves`.
        Any other action: :meth:`_apply_action`.  (Written for few steps of the interpreter: it
        is most of a move's work in a game played by bots.)"""
        if type(move) is not Move and not isinstance(move, Move):
            return self._apply_action(state, seat, move)
        rules = state.rules
        before = state.position
        path = move.path
        captured = move.captured
        start = BIT[path[0]]
        end = BIT[path[-1]]
        black = before.black
        white = before.white
        kings = before.kings
        black_moved = before.black_to_move
        # ``play_unchecked(before, move)``, inline, on the ints (kept as locals for the checks
        # below); ``x ^ moved`` is ``x & ~start | end`` here (``end`` was empty, or is ``start``
        # again)
        moved = start ^ end
        progress = True  # a man moved, or a piece was taken
        if kings and kings & start:  # (``kings and``: no operation on the ints when there are none)
            kings ^= moved
            if not captured:
                progress = False
        elif end & (BLACK_CROWN_ROW if black_moved else WHITE_CROWN_ROW):
            kings |= end
        if captured:
            taken = 0
            for s in captured:
                taken |= BIT[s]
            if kings:
                kings &= ~taken
            if black_moved:
                white ^= taken
            else:
                black ^= taken
        # ``Position(black, white, kings, not black_moved)``, made quickly (``board._Unfrozen``)
        made = _Unfrozen()  # (calling the class is quicker than object.__new__(_Unfrozen))
        if black_moved:
            black ^= moved
            made.black_to_move = False
        else:
            white ^= moved
            made.black_to_move = True
        made.black = black
        made.white = white
        made.kings = kings
        made.__class__ = Position  # type: ignore[assignment]
        after: Position = made  # type: ignore[assignment]
        if progress:
            seen: tuple[Position, ...] = (after,)
            quiet = 0
        else:
            seen = state.seen + (after,)  # noqa: RUF005 (quicker than unpacking)
            quiet = state.quiet + 1
        countdown = state.countdown
        if countdown is not _NO_COUNTDOWN:
            i = 0 if black_moved else 1  # the mover's index in ``countdown``
            if countdown[i] is not None:
                left = max(0, (countdown[i] or 0) - 1)
                countdown = (left, countdown[1]) if i == 0 else (countdown[0], left)
        huffing = rules.huffing
        huffable = offenders(before, move, after) if huffing else ()
        # State(rules, after, black_seat, ...), made quickly (_UnfrozenState)
        new = _UnfrozenState()
        new.rules = rules
        new.position = after
        new.black_seat = black_seat = state.black_seat
        new.plies = state.plies + 1
        new.last = move
        new.huffable = huffable
        new.huffed = None
        new.offer = False
        new.offered = False
        new.countdown = countdown
        new.seen = seen
        new.quiet = quiet
        new.ending = state.ending
        new.winner = state.winner
        new.__class__ = State  # type: ignore[assignment]
        state = new  # type: ignore[assignment]
        # ---- the end of the game, if it has come
        if huffing:
            if not (white if black_moved else black):  # the loser has no pieces (huffs or not)
                return _replace(state, ending=Ending.NO_PIECES,
                                winner=Colour.BLACK if black_moved else Colour.WHITE)
            plays = _legal(after, False)
            movable = plays or huffable
        else:
            plays = movable = _legal(after, True)  # (a tuple from the tables, or a list of captures)
        if not movable:  # no move on the board and nothing to huff
            # (asked only now: a side with no pieces has no moves)
            ending = Ending.NO_MOVES if (white if black_moved else black) else Ending.NO_PIECES
            return _replace(state, ending=ending, winner=Colour.BLACK if black_moved else Colour.WHITE)
        # ``seen`` ends with ``after`` and alternates the side to move, so only every other entry
        # back from the last may equal it (this skips half of ``Position.__eq__``'s calls, in
        # Python), and not the one two moves back either (the mover has moved a piece since, and
        # ``seen`` has no capture): the third time is ``after`` and two more before it, four or
        # more moves apart, so ``seen`` holds at least 9.  (``quiet`` first: it is 0, and ``seen``
        # just ``(after,)``, after most moves.)  ``Position.__eq__`` is Python code, slow to call:
        # first a look, all in C, for two entries with the same black pieces
        if quiet and len(seen) >= 9 and rules.repetition_draw:
            earlier = seen[-5::-2]
            if black in map(_BLACK_PIECES, earlier) and list(map(_BLACK_PIECES, earlier)).count(black) >= 2 \
                    and earlier.count(after) >= 2:
                return _replace(state, ending=Ending.REPETITION)
        if countdown is not _NO_COUNTDOWN:
            i = 0 if black_moved else 1
            mover = Colour.BLACK if black_moved else Colour.WHITE
            if countdown[i] == 0:
                if material(after, mover) - material(after, mover.other) >= MAN_VALUE:
                    state = _replace(state,
                                     countdown=(None, countdown[1]) if i == 0 else (countdown[0], None))
                else:
                    return _replace(state, ending=Ending.DECLINE_LIMIT)
        if quiet and rules.no_progress_moves and quiet >= 2 * rules.no_progress_moves:
            return _replace(state, ending=Ending.NO_PROGRESS)
        if black_seat is not None:  # what ``legal_moves`` and ``to_act`` would answer
            # the new mover's actions: its moves on the board, any huffs, ``offer draw``, ``resign``
            actions: tuple[Action, ...]
            if huffing:
                actions = (*plays, *map(Huff, huffable), *_OFFER_AND_RESIGN)
            elif type(plays) is tuple:
                actions = plays + _OFFER_AND_RESIGN
            else:
                actions = (*plays, *_OFFER_AND_RESIGN)
            seat = 1 - black_seat if black_moved else black_seat
            self._ready = (state, seat, actions, _SEAT[seat])
        return state

    def _apply_action(self, state: State, seat: int, move: Action) -> State:
        """Any action but a move on the board."""
        if isinstance(move, Huff):
            return self._huff(state, move.square)
        if isinstance(move, OfferDraw):
            return _replace(state, offer=True, offered=True)
        if isinstance(move, AcceptDraw):
            return _replace(state, offer=False, ending=Ending.AGREED, winner=None)
        if isinstance(move, DeclineDraw):
            countdown = list(state.countdown)
            countdown[_index(state.turn.other)] = state.rules.decline_moves or None
            return _replace(state, offer=False, countdown=(countdown[0], countdown[1]))
        assert isinstance(move, Resign)
        return _replace(state, ending=Ending.RESIGNED, winner=state.colour_of(seat).other)

    def _huff(self, state: State, square: int) -> State:
        pos = state.position.without(square)
        huffer = pos.turn
        state = _replace(state, position=pos, huffable=(), huffed=square, seen=(pos,), quiet=0)
        if not pos.pieces(huffer.other):
            return _replace(state, ending=Ending.NO_PIECES, winner=huffer)
        if not has_legal_move(pos):
            return _replace(state, ending=Ending.NO_MOVES, winner=huffer.other)
        return state

    # ---- chance ----------------------------------------------------------
    def chance_outcomes(self, state: State) -> tuple[tuple[Toss, Fraction], ...] | None:
        """The coin toss: each seat plays Black with probability 1/2."""
        if state.over or state.black_seat is not None:
            return ()
        return _TOSS

    def _apply_outcome(self, state: State, outcome: Toss) -> State:
        return _replace(state, black_seat=outcome.black_seat)

    # ---- results and views ------------------------------------------------------
    def returns(self, state: State) -> tuple[float, ...]:
        """1 for the winner and -1 for the loser; 0 each for a draw or an unfinished game."""
        if state.winner is None:
            return (0.0, 0.0)
        w = state.seat_of(state.winner)
        return tuple(1.0 if s == w else -1.0 for s in (0, 1))

    def winners(self, state: State) -> tuple[int, ...]:
        return () if state.winner is None else (state.seat_of(state.winner),)

    def result_text(self, state: State, names: Sequence[str] | None = None) -> str:
        if not state.over:
            return "The game is not over."
        ending = state.ending
        if state.winner is not None:
            winner, loser = state.winner, state.winner.other
            who = self._who(state, state.seat_of(winner), names)
            lost = self._who(state, state.seat_of(loser), names)
            why = {Ending.NO_PIECES: f"{lost} has no pieces left",
                   Ending.NO_MOVES: f"{lost} cannot move",
                   Ending.RESIGNED: f"{lost} resigned"}.get(ending, "")  # type: ignore[arg-type]
            return f"{who} wins: {why}."
        if ending is Ending.AGREED:
            return "A draw by agreement."
        if ending is Ending.REPETITION:
            return "A draw: the same position has occurred three times."
        if ending is Ending.DECLINE_LIMIT:
            return (f"A draw: the player who declined a draw did not win or get a man ahead within "
                    f"{state.rules.decline_moves} moves.")
        return (f"A draw: {state.rules.no_progress_moves} moves each without a capture or a man "
                "moving.")

    def view(self, state: State, seat: int | None) -> DraughtsView:
        # DraughtsView(seat=seat, state=state), made quickly: a view is made at every move of a
        # game played by bots, and a frozen dataclass's __init__ stores each field through
        # object.__setattr__ (the same object: a DraughtsView is its two fields)
        view = _new(DraughtsView)
        _set_view_fields(view, {"seat": seat, "state": state})
        return view

    def seat_label(self, state: State, seat: int) -> str:
        if state.black_seat is None:
            return f"Player {seat + 1}"
        return state.colour_of(seat).title

    def _who(self, state: State, seat: int, names: Sequence[str] | None) -> str:
        if names is None or not 0 <= seat < len(names) or state.black_seat is None:
            return self.name_of(state, seat, names)
        return f"{names[seat]} ({state.colour_of(seat).title})"

    # ---- notation ------------------------------------------------------------
    def parse_move(self, state: State, seat: int, text: str) -> Action:
        t = " ".join(text.strip().lower().split())
        if t in _WORDS:
            return _WORDS[t]
        huff = _HUFF.fullmatch(t)
        if huff:
            square = int(huff.group(1))
            if square not in SQUARES:
                raise InvalidMoveError(f"there is no square {square} (squares are numbered 1 to 32)")
            return Huff(square)
        squares, capture = notation.parse_play(t)
        if not capture:
            return Move(squares)
        plays = legal_moves(state.position, not state.rules.huffing)
        for m in plays:
            if m.captured and m.path == squares:
                return m
        if len(squares) == 2:
            found = [m for m in plays if m.captured and (m.start, m.end) == squares]
            if len(found) == 1:
                return found[0]
            if found:
                options = " or ".join(m.text for m in found)
                raise AmbiguousMoveError(f"{t} could be {options}: write every square the piece lands on")
        taken = []
        for a, b in itertools.pairwise(squares):
            over = between(a, b)
            if over is None:
                raise InvalidMoveError(f"{a}x{b} is not a jump: a jump goes two squares diagonally "
                                       "over a piece")
            taken.append(over)
        return Move(squares, tuple(taken))

    def format_move(self, state: State, seat: int, move: Action) -> str:
        if isinstance(move, Move):
            return move.text
        if isinstance(move, Huff):
            return f"huff {move.square}"
        for word, action in _WORDS.items():
            if action == move:
                return word
        raise InvalidMoveError(f"{move!r} is not a draughts move")

    def parse_outcome(self, state: State, text: str) -> Toss:
        m = _OUTCOME.fullmatch(" ".join(text.strip().lower().split()))
        if not m:
            raise InvalidMoveError(f"{text.strip()!r} is not a coin toss (write 'seat 1 black' or "
                                   "'seat 2 black')")
        return Toss(int(m.group(1)) - 1)

    def format_outcome(self, state: State, outcome: Toss) -> str:
        return f"seat {outcome.black_seat + 1} black"

    def describe(self, state: State, seat: int, action: Action | Toss,
                 names: Sequence[str] | None = None) -> str:
        if seat == CHANCE:
            assert isinstance(action, Toss)
            who = self.name_of(state, action.black_seat, names)
            return f"Coin toss: {who} plays Black and moves first"
        who = self._who(state, seat, names)
        if isinstance(action, Move):
            text = f"{who}: {action.text}"
            if action.captured:
                n = len(action.captured)
                text += f", taking {n} piece{'s' if n > 1 else ''}"
            pos = state.position
            if not pos.kings & BIT[action.start] and play_unchecked(pos, action).kings & BIT[action.end]:
                text += ", and is crowned"
            return text
        if isinstance(action, Huff):
            return f"{who} huffs the piece on {action.square}"
        if isinstance(action, OfferDraw):
            return f"{who} offers a draw"
        if isinstance(action, AcceptDraw):
            return f"{who} accepts the draw"
        if isinstance(action, DeclineDraw):
            limit = state.rules.decline_moves
            tail = f" (and must win or get a man ahead within {limit} moves)" if limit else ""
            return f"{who} declines the draw{tail}"
        return f"{who} resigns"

    def render_text(self, view: DraughtsView, names: Sequence[str]) -> str:
        return text.render_view(view, names)

    def move_help(self) -> str:
        return notation.HELP

    def export(self, record: Any, when: float | None = None, event: str | None = None,
               number: int | None = None) -> Export:
        """The game as PDN (:func:`parlour.games.draughts.pdn.record_to_pdn`)."""
        import time

        from parlour.games.draughts.pdn import record_to_pdn, write_game

        date = "????.??.??" if when is None else time.strftime("%Y.%m.%d", time.localtime(when))
        game = record_to_pdn(record, event=event or "Parlour game", date=date,
                             round_="-" if number is None else str(number))
        return Export(write_game(game), "pdn")

    def review(self, record: Any) -> dict[str, Any]:
        """The engine's review (:func:`parlour.games.draughts.review.review`) at the server's
        depth (``SERVER_REVIEW_NODES`` a move, a little under half a second)."""
        from parlour.games.draughts.pdn import record_to_pdn
        from parlour.games.draughts.review import review

        return review(record_to_pdn(record), SERVER_REVIEW_NODES)

    def commands(self) -> Sequence[Command]:
        from parlour.games.draughts.commands import COMMANDS

        return COMMANDS

    def bots(self) -> Mapping[str, BotFactory]:
        from parlour.games.draughts.bots import load_engine_bots

        return load_engine_bots()

    def advise(self, state: State, seat: int) -> Hint[Action] | None:
        """The engine's analysis of every move on the board (``engine.analysis.hint``), best first,
        with the line it expects, using the biggest endgame database ready; ``None`` when
        ``seat`` has no move on the board to choose."""
        if state.over or seat not in self.to_act(state):
            return None
        if not any(isinstance(m, Move) for m in self.legal_moves(state, seat)):
            return None  # answering a draw offer: nothing for the engine to rank
        from parlour.games.draughts.engine.analysis import hint
        from parlour.games.draughts.engine.levels import endgame_for_play

        found: Hint[Action] = hint(state.position, history=state.seen,  # type: ignore[assignment]
                                   database=endgame_for_play())
        return found

    def prepare(self, rules: Rules) -> None:
        """Build or load the endgame database the strong levels and the hints use
        (:func:`parlour.games.draughts.engine.levels.prepare_database`)."""
        from parlour.games.draughts.engine.levels import prepare_database

        prepare_database()


SERVER_REVIEW_NODES = 50_000
"""Search nodes a move for reviews asked of the server (the command line's default is 150,000)."""


def _index(colour: Colour) -> int:
    return 0 if colour is Colour.BLACK else 1


GAME = Draughts()
