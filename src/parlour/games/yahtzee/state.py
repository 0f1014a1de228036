"""Score cards and states of Yahtzee: frozen, hashable values."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.games.yahtzee.moves import Dice
from parlour.games.yahtzee.rules import (
    BOXES,
    ROLLS,
    YAHTZEE_BONUS,
    Box,
    Rules,
    final_score,
    upper_bonus,
    upper_total,
)


@dataclass(frozen=True)
class Card:
    """One player's score card: the thirteen boxes in ``Box`` order, and the bonus chips."""

    boxes: tuple[int | None, ...] = (None,) * len(BOXES)
    """Each box's score, ``None`` while it is open."""
    yahtzee_bonuses: int = 0
    """Extra Yahtzees that earned the 100-point bonus (the "bonus chips")."""

    def __getitem__(self, box: Box) -> int | None:
        return self.boxes[box.index]

    @property
    def full(self) -> bool:
        return None not in self.boxes

    @property
    def filled(self) -> int:
        """How many boxes are filled (the number of turns played)."""
        return sum(1 for v in self.boxes if v is not None)

    @property
    def open_boxes(self) -> tuple[Box, ...]:
        return tuple(b for b in BOXES if self.boxes[b.index] is None)

    @property
    def upper_total(self) -> int:
        """The upper section's subtotal (before the bonus)."""
        return upper_total(self.boxes)

    @property
    def upper_bonus(self) -> int:
        return upper_bonus(self.boxes)

    @property
    def lower_total(self) -> int:
        """The lower section's boxes (without the Yahtzee bonuses)."""
        return sum(v for v in self.boxes[6:] if v is not None)

    @property
    def yahtzee_bonus_points(self) -> int:
        return YAHTZEE_BONUS * self.yahtzee_bonuses

    @property
    def total(self) -> int:
        """Every box, the upper bonus and the Yahtzee bonuses."""
        return final_score(self.boxes, self.yahtzee_bonuses)

    def scored(self, box: Box, points: int, bonus: bool) -> Card:
        """The card with ``points`` in ``box`` (and one more bonus chip if ``bonus``)."""
        i = box.index
        return Card((*self.boxes[:i], points, *self.boxes[i + 1:]),
                    self.yahtzee_bonuses + (1 if bonus else 0))


@dataclass(frozen=True)
class State:
    """Everything about a game of Yahtzee at one moment.  Nothing here is secret."""

    rules: Rules
    players: int
    cards: tuple[Card, ...]
    current: int = 0
    """The seat whose turn it is (seat 0 starts; turns go round in seat order)."""
    dice: Dice = ()
    """The dice on the table, lowest first; empty before the turn's first roll."""
    rolls: int = 0
    """Rolls used this turn (a roll counts from the moment it is made)."""
    kept: Dice = ()
    """The dice kept back from the turn's last roll (while dice are in the air: from this roll);
    empty at the start of a turn."""
    rolling: int = 0
    """While dice are in the air: how many are being rolled (a chance node); 0 otherwise."""

    @property
    def pending(self) -> bool:
        """Dice are in the air: the next action is chance's."""
        return self.rolling > 0

    @property
    def over(self) -> bool:
        """Every card is full."""
        return all(card.full for card in self.cards)

    @property
    def card(self) -> Card:
        """The current player's card."""
        return self.cards[self.current]

    @property
    def turn(self) -> int:
        """The current player's turn number, 1 to 13."""
        return min(self.card.filled + 1, len(BOXES))

    @property
    def rolls_left(self) -> int:
        return ROLLS - self.rolls

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the highest total now (at the end: the winners, sharing a tie)."""
        totals = [card.total for card in self.cards]
        best = max(totals)
        return tuple(s for s, t in enumerate(totals) if t == best)
