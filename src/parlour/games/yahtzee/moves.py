"""The moves of Yahtzee and its chance outcomes: frozen, hashable values."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.games.yahtzee.rules import DICE, Box

Dice = tuple[int, ...]
"""Dice as a sorted multiset of faces, lowest first (a chance outcome: the dice rolled)."""


@dataclass(frozen=True)
class Roll:
    """Roll every die except those kept: ``Roll((3, 5, 5))``; notation ``keep 5 5 3``.

    ``keep`` is the multiset of *values* kept (stored lowest first); ``Roll(())``
    rolls all five dice (notation ``roll``).  Keeping is not sticky: each roll
    names every die kept for that roll.
    """

    keep: Dice = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "keep", tuple(sorted(self.keep)))

    @property
    def rolling(self) -> int:
        """How many dice this roll throws."""
        return DICE - len(self.keep)

    def __repr__(self) -> str:
        return f"Roll({self.keep!r})"


@dataclass(frozen=True)
class Score:
    """Score the dice in a box, ending the turn: ``Score(Box.FOURS)``; notation ``score fours``."""

    box: Box

    def __repr__(self) -> str:
        return f"Score(Box.{self.box.name})"


Move = Roll | Score
