"""House rules of Go Fish.

The defaults are the manual's rules (``docs/rules/go-fish.md``): seven cards each for two
players, five each for three to six; the game ends as soon as someone has no cards left or the
stock runs out; most books wins.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from parlour.core.errors import RulesError


class Ending(enum.Enum):
    """When the game ends."""

    FIRST_OUT = "first-out"
    """As soon as someone has no cards left or the stock runs out (the manual's)."""
    DRAW_ON = "draw-on"
    """A player who runs out of cards draws one from the stock and plays on; the game ends when
    the stock runs out."""
    ALL_BOOKS = "all-books"
    """Play until all thirteen books are made: a player who runs out draws one while the stock
    lasts, and sits out once it is empty; with the stock empty a "Go fish!" just passes the turn."""


FIRST_OUT, DRAW_ON, ALL_BOOKS = Ending.FIRST_OUT, Ending.DRAW_ON, Ending.ALL_BOOKS
"""The endings under plain names, as the engine compares with them after every ask (why plain
names: docs/benchmarks.md, Blackjack)."""


@dataclass(frozen=True)
class Rules:
    """The house rules of one game of Go Fish."""

    hand_size: int = field(default=0, metadata={
        "label": "Cards dealt each",
        "help": "Cards dealt to each player (0: the manual's, seven each for two players, five for more)",
        "choices": (0, 5, 6, 7)})
    ending: Ending = field(default=FIRST_OUT, metadata={
        "label": "When the game ends",
        "help": "When the game ends: first-out (the manual's: someone has no cards or the stock runs "
                "out), draw-on (who runs out draws and plays on) or all-books (play until all 13 books)"})

    def check(self, players: int) -> None:
        if not 2 <= players <= 6:
            raise RulesError(f"Go Fish is for two to six players, not {players}")
        if self.hand_size not in (0, 5, 6, 7):
            raise RulesError(f"hand_size must be 0 (the manual's), 5, 6 or 7, not {self.hand_size}")

    def dealt(self, players: int) -> int:
        """Cards dealt to each player.

        >>> Rules().dealt(2), Rules().dealt(3), Rules(hand_size=7).dealt(6)
        (7, 5, 7)
        """
        if self.hand_size:
            return self.hand_size
        return 7 if players == 2 else 5
