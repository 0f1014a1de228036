"""The moves of Shut the Box, its chance outcomes, and the record a round leaves behind."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.games.shut_the_box.rules import mask_of, tiles_of


@dataclass(frozen=True)
class Throw:
    """Throw one die or two: ``Throw(2)``; notation ``roll 2``."""

    dice: int

    def __repr__(self) -> str:
        return f"Throw({self.dice})"


@dataclass(frozen=True)
class Flip:
    """Cover (or, for the uncovering player of the long game, uncover) some tiles.

    Tiles are kept highest first: ``Flip((7, 1))``; notation ``7+1``.
    """

    tiles: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles, reverse=True)))

    @classmethod
    def of_mask(cls, mask: int) -> Flip:
        return cls(tiles_of(mask))

    @property
    def mask(self) -> int:
        return mask_of(self.tiles)

    @property
    def total(self) -> int:
        return sum(self.tiles)

    def __repr__(self) -> str:
        return f"Flip({self.tiles!r})"


Move = Throw | Flip

Dice = tuple[int, ...]
"""A chance outcome: the faces thrown, lowest first."""


@dataclass(frozen=True)
class RoundResult:
    """How one round ended."""

    number: int
    scores: tuple[int | None, ...]
    """Each seat's score; ``None`` for a seat that did not finish (out, or someone shut first)."""
    winners: tuple[int, ...]
    shut_by: int | None = None
