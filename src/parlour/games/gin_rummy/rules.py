"""House rules of Gin Rummy and the arithmetic of scoring a hand and settling a game.

The defaults are the manual's rules (``docs/rules/gin-rummy.md``): knock with 10
or less, gin bonus 20, undercut bonus 10, game to 100, game bonus 100 (200 when
the loser scored nothing), 20 per hand won (the line or box bonus), and the
wall cancels the hand.  The manual's variant at the wall is ``wall_take``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from parlour.core.errors import RulesError


@dataclass(frozen=True)
class Rules:
    """The house rules of one game of Gin Rummy."""

    target: int = field(default=100, metadata={
        "label": "Points to win",
        "help": "Points that win the game (hand points only; bonuses do not count toward it)",
        "min": 1, "max": 1000})
    knock_limit: int = field(default=10, metadata={
        "label": "Most deadwood to knock with",
        "help": "Most deadwood a player may knock with (0: gin only; above 10: an easier game)",
        "min": 0, "max": 100})
    gin_bonus: int = field(default=20, metadata={"label": "Gin bonus", "help": "Bonus for going gin",
                                                 "min": 0, "max": 1000})
    undercut_bonus: int = field(default=10, metadata={
        "label": "Undercut bonus",
        "help": "Bonus for undercutting the knocker (equal counts included)", "min": 0, "max": 1000})
    game_bonus: int = field(default=100, metadata={"label": "Game bonus",
                                                   "help": "Bonus for the player who reaches the target",
                                                   "min": 0, "max": 10_000})
    shutout_bonus: int = field(default=200, metadata={
        "label": "Shutout bonus",
        "help": "The game bonus instead, when the loser scored nothing at all", "min": 0, "max": 10_000})
    box_bonus: int = field(default=20, metadata={
        "label": "Box bonus per hand won",
        "help": "Line (box) bonus for each hand won, added at the end", "min": 0, "max": 1000})
    wall_take: bool = field(default=False, metadata={
        "label": "Last discard at the wall",
        "help": "At the wall the other player may still take the last discard to knock or go gin"})

    def check(self) -> None:
        """Refuse values that make no game (``RulesError``)."""
        if self.target < 1:
            raise RulesError(f"target must be at least 1, not {self.target}")
        if not 0 <= self.knock_limit <= 100:
            raise RulesError(f"knock_limit must be 0 to 100, not {self.knock_limit}")
        for name in ("gin_bonus", "undercut_bonus", "game_bonus", "shutout_bonus", "box_bonus"):
            if getattr(self, name) < 0:
                raise RulesError(f"{name} must not be negative, not {getattr(self, name)}")


class Outcome(enum.Enum):
    """How a hand ended."""

    KNOCK = "knock"
    """The knocker had less deadwood and scores the difference."""
    GIN = "gin"
    """The knocker went gin: the gin bonus plus the defender's deadwood."""
    UNDERCUT = "undercut"
    """The defender had as little deadwood as the knocker or less: the difference plus the bonus."""
    CANCELLED = "cancelled"
    """The wall: the stock ran down to two cards without a knock; no score, the same dealer deals."""


def hand_score(rules: Rules, knocker_count: int, defender_count: int, gin: bool) -> tuple[Outcome, int]:
    """The outcome of a knock and the points the hand's winner scores.

    >>> hand_score(Rules(), 7, 7, False), hand_score(Rules(), 0, 0, True)
    ((<Outcome.UNDERCUT: 'undercut'>, 10), (<Outcome.GIN: 'gin'>, 20))
    >>> hand_score(Rules(), 3, 25, False), hand_score(Rules(), 9, 4, False)
    ((<Outcome.KNOCK: 'knock'>, 22), (<Outcome.UNDERCUT: 'undercut'>, 15))
    """
    if gin:
        return Outcome.GIN, rules.gin_bonus + defender_count
    if knocker_count < defender_count:
        return Outcome.KNOCK, defender_count - knocker_count
    return Outcome.UNDERCUT, knocker_count - defender_count + rules.undercut_bonus


@dataclass(frozen=True)
class Settlement:
    """The end of a game: each player's hand points, bonuses and total, and who pays whom.

    ``winner`` reached the target; ``payer`` pays ``amount`` (the difference of the
    totals) to the other (``None`` and 0 if the totals are equal).
    """

    winner: int
    points: tuple[int, int]
    game_bonus: tuple[int, int]
    box_bonus: tuple[int, int]
    totals: tuple[int, int]
    shutout: bool
    payer: int | None
    amount: int

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "points": list(self.points), "game_bonus": list(self.game_bonus),
                "box_bonus": list(self.box_bonus), "totals": list(self.totals), "shutout": self.shutout,
                "payer": self.payer, "amount": self.amount}


def settle(rules: Rules, scores: tuple[int, int], boxes: tuple[int, int], winner: int) -> Settlement:
    """Add the game bonus (the shutout bonus if the loser scored nothing) and the box bonuses.

    >>> s = settle(Rules(), (104, 0), (5, 0), 0)
    >>> s.totals, s.payer, s.amount
    ((404, 0), 1, 404)
    """
    loser = 1 - winner
    shutout = scores[loser] == 0
    bonus = rules.shutout_bonus if shutout else rules.game_bonus
    game_bonus = (bonus if winner == 0 else 0, bonus if winner == 1 else 0)
    box_bonus = (rules.box_bonus * boxes[0], rules.box_bonus * boxes[1])
    totals = (scores[0] + game_bonus[0] + box_bonus[0], scores[1] + game_bonus[1] + box_bonus[1])
    payer = None if totals[0] == totals[1] else (0 if totals[0] < totals[1] else 1)
    return Settlement(winner, scores, game_bonus, box_bonus, totals, shutout, payer,
                      abs(totals[0] - totals[1]))
