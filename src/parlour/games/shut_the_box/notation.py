"""The text grammar of Shut the Box moves (what people type, what records store).

* ``roll 2`` / ``roll 1`` -- throw two dice or one; a bare ``roll`` means the only
  throw allowed, and is refused as ambiguous when one die is also allowed.
* ``7+1`` -- flip tiles 7 and 1; tiles may also be separated by spaces, commas
  or ``&``, in any order.  The canonical form is highest first, joined by ``+``.

>>> parse_move("1 & 7", 9), format_move(Flip((1, 7)))
(Flip((7, 1)), '7+1')
>>> parse_move("roll 1", 9)
Throw(1)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from parlour.core.errors import AmbiguousMoveError, InvalidMoveError
from parlour.games.shut_the_box.moves import Flip, Move, Throw

HELP = """\
Moves:
  roll 2      throw two dice        roll 1   throw one die (when allowed)
  roll        throw (when there is no choice)
  7+1         flip tiles 7 and 1 (also "7 1", "1,7", "7 & 1")
"""

_ROLL = re.compile(r"roll(?: *([0-9]+))?", re.ASCII)
_TILES = re.compile(r"[0-9]+(?: *[+,&] *| +)?", re.ASCII)
_NUMBER = re.compile(r"[0-9]+", re.ASCII)


def _number(digits: str) -> int | str:
    """The number ``digits`` say, or for a number far too big to be a tile or a count of dice
    (``int`` refuses more than 4,300 digits) its first digits and an ellipsis, to quote."""
    return int(digits) if len(digits) <= 9 else digits[:9] + "\u2026"


def parse_move(text: str, tiles: int, legal: Sequence[Move] = ()) -> Move:
    """Read a move; ``legal`` resolves a bare ``roll``.  Raises ``InvalidMoveError``."""
    t = text.strip().lower()
    if not t:
        raise InvalidMoveError("no move given")
    roll = _ROLL.fullmatch(t)
    if roll:
        if roll.group(1) is not None:
            n = _number(roll.group(1))
            if n not in (1, 2):
                raise InvalidMoveError(f"throw one die or two, not {n}")
            return Throw(n)
        throws = [m for m in legal if isinstance(m, Throw)]
        if len(throws) > 1:
            raise AmbiguousMoveError("you may throw one die or two: type 'roll 1' or 'roll 2'")
        return throws[0] if throws else Throw(2)
    pieces = _TILES.findall(t)
    if "".join(pieces) != t or re.search(r"[+,&] *$", t):
        raise InvalidMoveError(f"{text.strip()!r} is not a move (type 'help' for the moves)")
    numbers: list[int] = []
    for n in (_number(x) for x in _NUMBER.findall(t)):
        if isinstance(n, str) or not 1 <= n <= tiles:
            raise InvalidMoveError(f"there is no tile {n} in a box of {tiles}")
        if n in numbers:
            raise InvalidMoveError(f"tile {n} is named twice")
        numbers.append(n)
    return Flip(tuple(numbers))


def format_move(move: Move) -> str:
    """The canonical text of a move."""
    if isinstance(move, Throw):
        return f"roll {move.dice}"
    return "+".join(str(t) for t in move.tiles)
