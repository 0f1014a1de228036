"""PDN (Portable Draughts Notation): whole games of English draughts as text, read and written.

What is read (strictly, with the line and column of any mistake):

* tag pairs ``[Name "value"]`` (``\\"`` and ``\\\\`` escape a quote and a backslash) before the
  moves; ``GameType``, if given, must be ``21`` (English draughts); ``FEN`` sets up the start;
* move numbers ``1.`` before Black's move and ``1...`` (or ``1.``) before White's, checked
  against the game; the number may touch the move (``1.11-15``);
* moves ``11-15``, ``22x15``, ``11x18x25`` (or ``11x25`` where that names one capture), each
  checked against the position;
* comments ``{...}`` anywhere among the moves (their spacing is tidied to single spaces);
* the result that ends every game: ``1-0`` (Black, who moves first, won), ``0-1`` (White won),
  ``1/2-1/2`` or ``*``; PDN 3.0's ``2-0``, ``0-2`` and ``1-1`` are read as the same.  It must
  agree with a ``Result`` tag.

Variations, move-strength marks and ``;`` comments are refused.  Parlour's huffing games carry
a ``[Huffing "1"]`` tag: in them a capture may be left undone, and a comment ``{huff 14}``
records the huff of the piece on 14.  Writing gives back what was read: ``read_game(write_game(g))
== g``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from parlour.core.errors import ParlourError
from parlour.core.record import Record
from parlour.games.draughts.board import (
    START,
    Colour,
    Move,
    Position,
    between,
    legal_moves,
    play,
)
from parlour.games.draughts.engine import offenders
from parlour.games.draughts.moves import Huff
from parlour.games.draughts.notation import FenError, format_fen, parse_fen, parse_play
from parlour.games.draughts.reasons import why_illegal

RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "*": "*",
           "2-0": "1-0", "0-2": "0-1", "1-1": "1/2-1/2"}
"""Game-ending tokens and the result each means (``1-0``: Black, the first player, won)."""

SEVEN = ("Event", "Site", "Date", "Round", "Black", "White", "Result")
"""The seven tags PDN asks archives to give, in the order they are written."""


class PdnError(ParlourError, ValueError):
    """Text that is not a valid PDN game; the message gives the line and column."""


@dataclass(frozen=True)
class Comment:
    """A comment among the moves, ``{like this}``."""

    text: str


Item = Move | Huff | Comment


@dataclass(frozen=True)
class PdnGame:
    """One game: its tag pairs in order, its moves (and comments and huffs), and its result."""

    tags: tuple[tuple[str, str], ...] = ()
    items: tuple[Item, ...] = ()
    result: str = "*"

    def tag(self, name: str) -> str | None:
        for key, value in self.tags:
            if key == name:
                return value
        return None

    @property
    def start(self) -> Position:
        fen = self.tag("FEN")
        return START if fen is None else parse_fen(fen)

    @property
    def huffing(self) -> bool:
        return self.tag("Huffing") == "1"

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(i for i in self.items if isinstance(i, Move))

    def positions(self) -> Iterator[Position]:
        """The start and the position after every move and huff."""
        pos = self.start
        yield pos
        for item in self.items:
            if isinstance(item, Move):
                pos = play(pos, item, not self.huffing)
                yield pos
            elif isinstance(item, Huff):
                pos = pos.without(item.square)
                yield pos

    @property
    def final(self) -> Position:
        *_, last = self.positions()
        return last


# ---- reading ---------------------------------------------------------------------------------------

_TAG = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]+"((?:[^"\\\n]|\\["\\])*)"[ \t]*\]')
_WORD = re.compile(r'[^\s{}\[\]()]+')
_NUMBER = re.compile(r"([0-9]+)(\.\.\.|\.)(.*)", re.DOTALL)
_HUFF = re.compile(r"huff ([0-9]{1,2})")


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def where(self, at: int | None = None) -> str:
        at = self.i if at is None else at
        line = self.text.count("\n", 0, at) + 1
        column = at - (self.text.rfind("\n", 0, at) + 1) + 1
        return f"line {line}, column {column}"

    def fail(self, why: str, at: int | None = None) -> PdnError:
        return PdnError(f"PDN {self.where(at)}: {why}")

    def skip_space(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def game(self) -> PdnGame | None:
        self.skip_space()
        if self.i >= len(self.text):
            return None
        tags: list[tuple[str, str]] = []
        while self.text.startswith("[", self.i):
            m = _TAG.match(self.text, self.i)
            if not m:
                raise self.fail('a tag pair is written [Name "value"]')
            value = re.sub(r'\\(["\\])', r"\1", m.group(2))
            tags.append((m.group(1), value))
            self.i = m.end()
            self.skip_space()
        return self.movetext(tuple(tags))

    def movetext(self, tags: tuple[tuple[str, str], ...]) -> PdnGame:
        game_type = dict(tags).get("GameType")
        if game_type is not None and game_type.split(",")[0].strip() != "21":
            raise self.fail(f"GameType {game_type} is not English draughts (21)")
        probe = PdnGame(tags)
        try:
            pos = probe.start
        except FenError as exc:
            raise self.fail(str(exc)) from None
        huffing = probe.huffing
        first_black = pos.black_to_move
        items: list[Item] = []
        huffable: tuple[int, ...] = ()
        plies = 0
        numbered = False
        while True:
            self.skip_space()
            at = self.i
            if at >= len(self.text):
                raise self.fail("the game has no result at the end (1-0, 0-1, 1/2-1/2 or *)")
            ch = self.text[at]
            if ch == "{":
                end = self.text.find("}", at)
                if end < 0:
                    raise self.fail("a comment { is never closed")
                text = " ".join(self.text[at + 1:end].split())
                self.i = end + 1
                huff = _HUFF.fullmatch(text) if huffing else None
                if huff:
                    square = int(huff.group(1))
                    if square not in huffable:
                        raise self.fail(f"huff {square}: the piece on {square} may not be huffed "
                                        "(only a piece that has just failed to capture, once)", at)
                    pos, huffable = pos.without(square), ()
                    items.append(Huff(square))
                else:
                    items.append(Comment(text))
                continue
            if ch == "(":
                raise self.fail("variations ( ... ) are not supported")
            if ch in "[]}":
                raise self.fail(f"unexpected {ch!r} among the moves")
            m = _WORD.match(self.text, at)
            assert m is not None
            word = m.group(0)
            self.i = m.end()
            if word in RESULTS:
                result = RESULTS[word]
                tag = dict(tags).get("Result")
                if tag is not None and RESULTS.get(tag, tag) != result:
                    raise self.fail(f"the Result tag says {tag} but the game ends with {word}", at)
                return PdnGame(tags, tuple(items), result)
            number = _NUMBER.fullmatch(word)
            if number:
                if numbered:
                    raise self.fail("two move numbers in a row", at)
                expected = (plies + (0 if first_black else 1)) // 2 + 1
                if int(number.group(1)) != expected:
                    raise self.fail(f"move number {number.group(1)} should be {expected}", at)
                if pos.black_to_move and number.group(2) == "...":
                    raise self.fail(f"{number.group(1)}... stands before White's move, but Black "
                                    "is to move", at)
                numbered = True
                rest = number.group(3)
                if not rest:
                    continue
                at += len(word) - len(rest)
                word = rest
            before = pos
            pos = self._move(pos, word, at, huffing, items)
            last = items[-1]
            assert isinstance(last, Move)
            huffable = offenders(before, last, pos) if huffing else ()
            plies += 1
            numbered = False

    def _move(self, pos: Position, word: str, at: int, huffing: bool, items: list[Item]) -> Position:
        try:
            squares, capture = parse_play(word)
        except ParlourError as exc:
            raise self.fail(str(exc), at) from None
        legal = legal_moves(pos, not huffing)
        found = [m for m in legal if m.path == squares and bool(m.captured) == capture]
        if not found and capture and len(squares) == 2:
            found = [m for m in legal if m.captured and (m.start, m.end) == squares]
            if len(found) > 1:
                options = " or ".join(m.text for m in found)
                raise self.fail(f"{word} could be {options}: write every landing square", at)
        if not found:
            side = "Black" if pos.black_to_move else "White"
            why = why_illegal(pos, _shape(squares, capture), not huffing)
            raise self.fail(f"{word} is not a legal move for {side} here: {why}", at)
        items.append(found[0])
        return play(pos, found[0], not huffing)


def _shape(squares: tuple[int, ...], capture: bool) -> Move:
    """A move with these squares (its captures worked out from the geometry), for the reasons."""
    if not capture:
        return Move(squares)
    taken = tuple(between(a, b) or 0 for a, b in itertools.pairwise(squares))
    return Move(squares, taken)


def read_games(text: str) -> tuple[PdnGame, ...]:
    """Every game in a PDN text, in order."""
    reader = _Reader(text)
    games = []
    while (game := reader.game()) is not None:
        games.append(game)
    return tuple(games)


def read_game(text: str) -> PdnGame:
    """The one game of a PDN text; raises :class:`PdnError` unless there is exactly one."""
    games = read_games(text)
    if len(games) != 1:
        raise PdnError(f"PDN: expected one game, found {len(games)}")
    return games[0]


# ---- writing ---------------------------------------------------------------------------------------

WIDTH = 79


def write_game(game: PdnGame) -> str:
    """The game as PDN text: the tag pairs, a blank line, the moves wrapped at 79 columns."""
    lines = []
    for key, value in game.tags:
        if not re.fullmatch(r"[A-Za-z0-9_]+", key) or "\n" in value:
            raise PdnError(f"PDN: cannot write the tag {key!r}")
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[{key} "{escaped}"]')
    words: list[str] = []
    pos = game.start
    plies = 0
    first_black = pos.black_to_move
    after_aside = True
    for item in game.items:
        if isinstance(item, Comment):
            if "}" in item.text:
                raise PdnError("PDN: a comment cannot contain '}'")
            words.append("{" + " ".join(item.text.split()) + "}")
            after_aside = True
            continue
        if isinstance(item, Huff):
            words.append(f"{{huff {item.square}}}")
            pos = pos.without(item.square)
            after_aside = True
            continue
        number = (plies + (0 if first_black else 1)) // 2 + 1
        if pos.black_to_move:
            words.append(f"{number}.\u00a0{item.text}")
        elif after_aside:
            words.append(f"{number}...\u00a0{item.text}")
        else:
            words.append(item.text)
        pos = play(pos, item, not game.huffing)
        plies += 1
        after_aside = False
    words.append(game.result)
    text = "\n".join(lines)
    if lines:
        text += "\n\n"
    return text + _wrap(words) + "\n"


def _wrap(words: list[str]) -> str:
    """Fill lines up to ``WIDTH``; a move number and its move (joined by a no-break space) stay
    together."""
    out: list[str] = []
    line = ""
    for word in " ".join(words).split(" "):
        if line and len(line) + 1 + len(word) > WIDTH:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    out.append(line)
    return "\n".join(out).replace("\u00a0", " ")


def result_of(winner: Colour | None, over: bool) -> str:
    """The PDN result: ``1-0`` Black won, ``0-1`` White won, ``1/2-1/2`` a draw, ``*`` unfinished."""
    if not over:
        return "*"
    if winner is None:
        return "1/2-1/2"
    return "1-0" if winner is Colour.BLACK else "0-1"


def record_to_pdn(record: Record, event: str = "Parlour game", site: str = "Parlour",
                  date: str = "????.??.??", round_: str = "-") -> PdnGame:
    """A Parlour game record of draughts as a PDN game.

    Moves and huffs are kept; draw offers, answers, resignations and a time running out become
    comments.
    """
    from parlour.core.protocol import CHANCE
    from parlour.games.draughts.game import GAME
    from parlour.games.draughts.moves import AcceptDraw, DeclineDraw, OfferDraw, Resign, TimeUp
    from parlour.games.draughts.state import State

    states = list(record.states())
    final: State = states[-1]
    items: list[Item] = []
    for state, entry in zip(states, record.entries, strict=False):
        if entry.seat == CHANCE:
            continue
        action = GAME.parse_action(state, entry.seat, entry.action)
        who = state.colour_of(entry.seat).title
        if isinstance(action, Move | Huff):
            items.append(action)
        elif isinstance(action, OfferDraw):
            items.append(Comment(f"{who} offers a draw"))
        elif isinstance(action, AcceptDraw):
            items.append(Comment(f"{who} accepts the draw"))
        elif isinstance(action, DeclineDraw):
            items.append(Comment(f"{who} declines the draw"))
        elif isinstance(action, Resign):
            items.append(Comment(f"{who} resigns"))
        elif isinstance(action, TimeUp):
            items.append(Comment(f"{who} ran out of time"))
    names = record.players
    black = white = "?"
    if final.black_seat is not None:
        black, white = names[final.black_seat], names[1 - final.black_seat]
    result = result_of(final.winner, final.over)
    tags = [("Event", event), ("Site", site), ("Date", date), ("Round", round_), ("Black", black),
            ("White", white), ("Result", result), ("GameType", "21")]
    if final.rules.huffing:
        tags.append(("Huffing", "1"))
    if states[0].position != START:
        tags += [("SetUp", "1"), ("FEN", format_fen(states[0].position))]
    return PdnGame(tuple(tags), tuple(items), result)
