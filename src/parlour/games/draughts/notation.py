"""The text of draughts: moves as people type them and PDN writes them, and FEN positions.

Moves (the squares are numbered 1-32, see :mod:`parlour.games.draughts.board`):

* ``11-15`` -- a simple move, one square diagonally;
* ``22x15`` -- a capture; a multiple jump lists every landing square, ``11x18x25``.  In a
  position where it names exactly one capture, the start and end alone (``11x25``) are
  accepted too, as PDN allows;
* ``offer draw``, ``accept``, ``decline``, ``resign``, ``huff 14`` -- the other actions of the game
  (:mod:`parlour.games.draughts.state`).

Parsing is strict: case and surrounding spaces are ignored, nothing else is guessed.

FEN (as in PDN's ``[FEN "..."]`` tag): the side to move, then each side's pieces, men then kings
(``K``), each in ascending order: ``B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29``.  Reading also
accepts the sections in either order and ranges of men (``B1-12``).

>>> p = parse_fen("W:W21-32:B1-12")
>>> format_fen(p)
'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12'
>>> parse_play("11x18x25")
((11, 18, 25), True)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from parlour.core.errors import AmbiguousMoveError, InvalidMoveError
from parlour.games.draughts.board.position import Colour, Position
from parlour.games.draughts.board.squares import (
    BIT,
    BLACK_CROWN_ROW,
    SQUARES,
    WHITE_CROWN_ROW,
    between,
    squares_of,
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

HELP = """\
Moves (squares are numbered 1 to 32; the board shows the numbers):
  11-15        move the piece on 11 to 15
  22x15        jump from 22 to 15, taking the piece between
  11x18x25     a multiple jump: every square the piece lands on
  offer draw   offer a draw (the other player accepts or declines)
  accept       accept a draw offer       decline   decline it
  resign       give up the game
  huff 14      (huffing rule) remove the piece on 14 that failed to capture
"""

_PLAY = re.compile(r"[0-9]{1,2}(?:[-x][0-9]{1,2})+", re.ASCII)
_WORDS: dict[str, Action] = {"offer draw": OfferDraw(), "accept": AcceptDraw(),
                             "decline": DeclineDraw(), "resign": Resign()}
TIME_UP = "time"
"""The log's text for a player's time running out on a clock (read back by ``Draughts.parse_action``
only: it is not a move a player can type)."""
_HUFF = re.compile(r"huff ([0-9]{1,2})", re.ASCII)
_OUTCOME = re.compile(r"seat ([12]) black", re.ASCII)


class FenError(InvalidMoveError):
    """A FEN that cannot be read; the message says where and why."""


def parse_play(text: str) -> tuple[tuple[int, ...], bool]:
    """The squares of a move's text and whether it is written as a capture.

    Raises ``InvalidMoveError`` for text that is not a move: a bad square, mixed ``-`` and ``x``,
    or a simple move of more than one step.
    """
    t = text.strip().lower()
    if not _PLAY.fullmatch(t):
        raise InvalidMoveError(f"{text.strip()!r} is not a move (type 'help' for the moves)")
    capture = "x" in t
    if capture and "-" in t:
        raise InvalidMoveError(f"{t!r} mixes '-' and 'x': a capture is written 22x15 or 11x18x25")
    squares = tuple(int(x) for x in re.split(r"[-x]", t))
    for s in squares:
        if s not in SQUARES:
            raise InvalidMoveError(f"there is no square {s} (squares are numbered 1 to 32)")
    if not capture and len(squares) > 2:
        raise InvalidMoveError(
            f"{t!r}: a move without a capture goes one square, like 11-15 (captures use x)")
    return squares, capture


def parse_action(text: str, moves: Sequence[Move]) -> Action:
    """An action from its text: a word (``offer draw``, ``accept``, ``decline``, ``resign``), a
    huff (``huff 14``) or a move on the board.  A capture written with its start and end only
    (``11x25``) is the one of ``moves`` (the legal moves) it names; any other capture is read as
    written, the pieces it takes being those between its landings."""
    t = " ".join(text.strip().lower().split())
    if t in _WORDS:
        return _WORDS[t]
    huff = _HUFF.fullmatch(t)
    if huff:
        square = int(huff.group(1))
        if square not in SQUARES:
            raise InvalidMoveError(f"there is no square {square} (squares are numbered 1 to 32)")
        return Huff(square)
    squares, capture = parse_play(t)
    if not capture:
        return Move(squares)
    for m in moves:
        if m.captured and m.path == squares:
            return m
    if len(squares) == 2:
        found = [m for m in moves if m.captured and (m.start, m.end) == squares]
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


def format_action(action: Action) -> str:
    """The text of an action (:func:`parse_action` reads it back)."""
    if isinstance(action, Move):
        return action.text
    if isinstance(action, Huff):
        return f"huff {action.square}"
    if isinstance(action, TimeUp):
        return TIME_UP
    for word, known in _WORDS.items():
        if known == action:
            return word
    raise InvalidMoveError(f"{action!r} is not a draughts move")


def parse_outcome(text: str) -> Toss:
    """The coin toss from its text, ``seat 1 black`` or ``seat 2 black``."""
    m = _OUTCOME.fullmatch(" ".join(text.strip().lower().split()))
    if not m:
        raise InvalidMoveError(f"{text.strip()!r} is not a coin toss (write 'seat 1 black' or "
                               "'seat 2 black')")
    return Toss(int(m.group(1)) - 1)


def format_outcome(outcome: Toss) -> str:
    return f"seat {outcome.black_seat + 1} black"


def format_fen(position: Position) -> str:
    """The FEN of a position: side to move, White's pieces, Black's pieces, men before kings."""

    def side(letter: str, pieces: int) -> str:
        men = [str(s) for s in squares_of(pieces & ~position.kings)]
        kings = [f"K{s}" for s in squares_of(pieces & position.kings)]
        return letter + ",".join(men + kings)

    turn = "B" if position.black_to_move else "W"
    return f"{turn}:{side('W', position.white)}:{side('B', position.black)}"


_TOKEN = re.compile(r"(K?)([0-9]{1,2})(?:-([0-9]{1,2}))?", re.ASCII)


def parse_fen(text: str) -> Position:
    """Read a FEN; raises :class:`FenError` naming the character where it went wrong.

    >>> parse_fen("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29").piece_at(22)
    <Piece.BLACK_KING: 'B'>
    """
    t = text.strip()

    def fail(at: int, why: str) -> FenError:
        return FenError(f"FEN {t!r}, character {at + 1}: {why}")

    if not t:
        raise FenError("the FEN is empty")
    if t[0] not in "BW" or len(t) < 2 or t[1] != ":":
        raise fail(0, "a FEN starts with the side to move, B or W, and a colon (B:W21,22:B1,2)")
    parts = t[2:].split(":")
    if len(parts) != 2:
        raise fail(1, "a FEN has three parts separated by colons: turn, one colour, the other")
    seen: dict[str, tuple[list[int], list[int]]] = {}
    at = 2
    for part in parts:
        if not part or part[0] not in "BW":
            raise fail(at, "each colour's list starts with W or B")
        colour = part[0]
        if colour in seen:
            raise fail(at, f"the colour {colour} is listed twice")
        men: list[int] = []
        kings: list[int] = []
        pos = at + 1
        body = part[1:]
        if body:
            for token in body.split(","):
                m = _TOKEN.fullmatch(token)
                if not m:
                    raise fail(pos, f"{token!r} is not a square (like 12, K12 or the range 1-12)")
                first, last = int(m.group(2)), int(m.group(3) or m.group(2))
                for s in (first, last):
                    if s not in SQUARES:
                        raise fail(pos, f"there is no square {s} (squares are 1 to 32)")
                if last < first:
                    raise fail(pos, f"the range {first}-{last} runs backwards")
                (kings if m.group(1) else men).extend(range(first, last + 1))
                pos += len(token) + 1
        seen[colour] = (men, kings)
        at += len(part) + 1
    return _position(t, seen, black_to_move=t[0] == "B")


def _position(t: str, seen: dict[str, tuple[list[int], list[int]]], black_to_move: bool) -> Position:
    owner: dict[int, str] = {}
    masks = {"B": 0, "W": 0}
    kings = 0
    for colour, (men, crowned) in seen.items():
        if len(men) + len(crowned) > 12:
            raise FenError(f"FEN {t!r}: {Colour(colour).title} has more than 12 pieces")
        for s in men + crowned:
            if s in owner:
                raise FenError(f"FEN {t!r}: square {s} is listed twice")
            owner[s] = colour
            masks[colour] |= BIT[s]
        for s in crowned:
            kings |= BIT[s]
        for s in men:
            if colour == "B" and BIT[s] & BLACK_CROWN_ROW:
                raise FenError(f"FEN {t!r}: a black man on {s} would have been crowned (write K{s})")
            if colour == "W" and BIT[s] & WHITE_CROWN_ROW:
                raise FenError(f"FEN {t!r}: a white man on {s} would have been crowned (write K{s})")
    return Position(masks["B"], masks["W"], kings, black_to_move)
