"""Nim's learning encoding (the toy game's, for the environments' tests).

Observation: the share of the pile left, whether this seat is to take, and the last take as a
share of the most allowed.  Action ``i`` takes ``i + 1`` counters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import parlour_nim
from parlour.core.protocol import AnyGame
from parlour.envs.encoding import Encoding, Observation, flat


class NimEncoding(Encoding[Any, Any, Any]):
    game: ClassVar[AnyGame] = parlour_nim.GAME

    @property
    def shape(self) -> tuple[int, ...]:
        return (3,)

    def observe(self, view: Any, pending: Sequence[int] = ()) -> Observation:
        last = view.taken[-1] / self.rules.most if view.taken else 0.0
        to_take = view.left > 0 and view.mover is not None and view.mover == view.seat
        return flat([view.left / self.rules.pile, to_take, last])

    @property
    def actions(self) -> int:
        return int(self.rules.most)

    def code(self, view: Any, move: Any) -> tuple[int, ...]:
        return (move.count - 1,)

    def action_name(self, action: int) -> str:
        return f"take {action + 1}"

    def fields(self) -> Sequence[tuple[str, int, str]]:
        return (("left", 1, "the counters left, as a share of the pile"),
                ("to take", 1, "1 if this seat is to take now"),
                ("last take", 1, "the last take, as a share of the most allowed (0 before any)"))


class BinaryNimEncoding(NimEncoding):
    """The same game with a move's code in two steps (the high bit, then the low bit of the count
    less one): a toy for multi-step codes."""

    @property
    def actions(self) -> int:
        return 2

    def observe(self, view: Any, pending: Sequence[int] = ()) -> Observation:
        return flat([super().observe(view), len(pending), pending[0] if pending else 0])

    @property
    def shape(self) -> tuple[int, ...]:
        return (5,)

    def code(self, view: Any, move: Any) -> tuple[int, ...]:
        return ((move.count - 1) >> 1, (move.count - 1) & 1)

    def action_name(self, action: int) -> str:
        return f"bit {action}"

    def fields(self) -> Sequence[tuple[str, int, str]]:
        return (*super().fields(), ("steps given", 1, "the steps of the code given so far"),
                ("first step", 1, "the first step given (0 before it)"))
