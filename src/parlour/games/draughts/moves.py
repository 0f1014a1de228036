"""The moves of draughts and the game's other actions: frozen, hashable values.

A move on the board is a :class:`Move`; the other actions are the draw offer and its answers,
resigning, under the huffing rule a huff, and, on a clock, the time running out.  The coin toss
that settles the colours is the game's one chance outcome (:class:`Toss`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Move:
    """One move: the squares the piece stands on, from start to finish, and the squares it took.

    A simple move is ``Move((11, 15))``; a double jump ``Move((11, 18, 25), (15, 22))``.  Different
    jump paths are different moves even when they start and end on the same squares.  ``str()``
    is the PDN text (``11-15``, ``11x18x25``); ``repr()`` is pasteable Python.
    """

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captured)

    @property
    def text(self) -> str:
        """The PDN text: ``11-15`` or every landing square joined by ``x`` (``11x18x25``)."""
        return ("x" if self.captured else "-").join(map(str, self.path))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        if self.captured:
            return f"Move({self.path!r}, {self.captured!r})"
        return f"Move({self.path!r})"


@dataclass(frozen=True)
class OfferDraw:
    """Offer a draw before moving (notation ``offer draw``); the opponent accepts or declines."""


@dataclass(frozen=True)
class AcceptDraw:
    """Accept the draw on offer (``accept``): the game is drawn."""


@dataclass(frozen=True)
class DeclineDraw:
    """Decline the draw on offer (``decline``); the offerer then moves."""


@dataclass(frozen=True)
class Resign:
    """Give up the game (``resign``)."""


@dataclass(frozen=True)
class Huff:
    """Huffing rule: remove the opponent's piece on ``square``, which failed to capture
    (``huff 14``).  It is not a move: the huffer then moves as usual."""

    square: int


@dataclass(frozen=True)
class TimeUp:
    """The side to act ran out of time on a clock (``time``).  Never chosen by a player and
    never among the legal moves: a server keeping a clock records it (``Draughts.time_out``)."""


Action = Move | OfferDraw | AcceptDraw | DeclineDraw | Resign | Huff | TimeUp
"""Everything a seat may do on its turn (a :class:`TimeUp` only through the clock)."""


@dataclass(frozen=True)
class Toss:
    """The coin toss: which seat plays Black (notation ``seat 1 black``)."""

    black_seat: int
