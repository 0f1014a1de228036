"""The text of dominoes' moves and chance outcome (what people type, what records store).

Moves (case-insensitive):

* ``6|6`` -- lead a double (the first tile of a hand);
* ``6|4 left`` / ``6|4 right`` (also ``l`` / ``r``) -- play a tile on that end of the line;
* ``6|4 on 4`` -- play it on the end showing 4;
* ``6|4`` alone -- where it fits, when that is only one end (if both ends show the same
  number, on the shorter arm of the line);
* ``knock`` -- rap the table: you cannot play (only then).

Tiles are written high number first with a bar (``6|4``); input also takes ``4-6``, ``6:4``, ``64``.

Chance: a draw, all 28 tiles shuffled, first to last: each player takes their tiles in turn
(the first ``hand_size`` to seat 0, the next to seat 1, ...), the rest sleep.

>>> from parlour.games.dominoes.moves import End, Knock, Play
>>> format_move(Play(Tile(6, 4), End.LEFT)), format_move(Play(Tile(6, 6))), format_move(Knock())
('6|4 left', '6|6', 'knock')
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.core.errors import InvalidMoveError
from parlour.core.tiles import Tile, parse_tiles
from parlour.games.dominoes.moves import Draw, End, Knock, Move

HELP = """\
Moves (a tile is its two numbers, high first: 6|4; also 4-6, 6:4 or 64):
  6|6            lead a double (the first tile of a hand: the highest double held)
  6|4 left       play 6|4 on the left end of the line (also: 6|4 l)
  6|4 right      play it on the right end (also: 6|4 r)
  6|4 on 4       play it on the end showing 4
  6|4            play it where it fits, when there is only one way
  knock          you cannot play: rap the table and pass (only when no tile fits)
"""

_ENDS = {"left": End.LEFT, "l": End.LEFT, "right": End.RIGHT, "r": End.RIGHT}


@dataclass(frozen=True)
class Spec:
    """A move as typed, before the state says which end a bare tile goes to."""

    tile: Tile
    end: End | None = None
    on: int | None = None
    """The number of the end named (``6|4 on 4``)."""


def read(text: str) -> Knock | Spec:
    """Read the words of a move; the game resolves a ``Spec`` against the line."""
    words = text.strip().lower().replace(",", " ").split()
    if words in (["knock"], ["pass"], ["rap"]):
        return Knock()
    if not words:
        raise InvalidMoveError("type a tile such as 6|4 (add left or right), or knock")
    try:
        tile = Tile.parse(words[0])
    except InvalidMoveError:
        raise InvalidMoveError(f"{text.strip()!r} is not a dominoes move (6|4, 6|4 left, 6|4 on 4, "
                               "knock)") from None
    rest = words[1:]
    if rest and rest[0] in ("on", "to", "at"):
        rest = rest[1:]
        if len(rest) == 1 and rest[0] in _ENDS:
            return Spec(tile, _ENDS[rest[0]])
        if len(rest) == 1 and rest[0].isdigit() and len(rest[0]) == 1 and int(rest[0]) <= 6:
            return Spec(tile, on=int(rest[0]))
        raise InvalidMoveError(f"{text.strip()!r}: say which end, as in {tile} on {tile.low} or {tile} left")
    if not rest:
        return Spec(tile)
    if len(rest) == 1 and rest[0] in _ENDS:
        return Spec(tile, _ENDS[rest[0]])
    raise InvalidMoveError(f"{text.strip()!r}: after the tile say left or right (or on N), nothing else")


def format_move(move: Move) -> str:
    """The canonical text of a move."""
    if isinstance(move, Knock):
        return "knock"
    if move.end is None:
        return str(move.tile)
    return f"{move.tile} {move.end.value}"


def parse_outcome(text: str) -> Draw:
    """The 28 tiles of a draw, first taken first."""
    tiles = parse_tiles(text)
    if len(tiles) != 28 or len(set(tiles)) != 28:
        raise InvalidMoveError("a draw is all 28 tiles of the set, each once, in the order taken")
    return Draw(tiles)


def format_outcome(outcome: Draw) -> str:
    return " ".join(str(t) for t in outcome.tiles)
