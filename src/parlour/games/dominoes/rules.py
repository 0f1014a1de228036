"""House rules of the English pub block game of dominoes, and the arithmetic of scoring a hand.

The defaults are the manual's rules (``docs/rules/dominoes.md``): a double-six set, six tiles
each, the rest sleeping; four players play in two partnerships (partners opposite); the hand
ends when one player chips out or nobody can play; the winners score the spots left in the
losers' hands (in a blocked hand, the difference of the totals); game to 100.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field

from parlour.core.errors import RulesError


class Scoring(enum.Enum):
    """What a won hand scores."""

    PIPS = "pips"
    """The spots left in the losers' hands (a blocked hand: see ``Blocked``)."""
    POINT = "point"
    """A point for each hand won."""


class Blocked(enum.Enum):
    """What the winners of a blocked hand score (with ``Scoring.PIPS``)."""

    DIFFERENCE = "difference"
    """The losers' spots less the winners' (the manual's)."""
    LOSERS = "losers"
    """All the spots left in the losers' hands, as when a player chips out."""


@dataclass(frozen=True)
class Rules:
    """The house rules of one game of dominoes."""

    hand_size: int = field(default=6, metadata={
        "label": "Tiles each",
        "help": "Tiles each player draws (the rest sleep and are never drawn)", "choices": (6, 7)})
    partnerships: bool = field(default=True, metadata={
        "label": "Partners (four players)",
        "help": "With four players, play in two partnerships, partners sitting opposite"})
    both_chip_out: bool = field(default=False, metadata={
        "label": "Both partners chip out",
        "help": "In partnerships the hand ends only when both partners have chipped out "
                "(or nobody can play)"})
    scoring: Scoring = field(default=Scoring.PIPS, metadata={
        "label": "A won hand scores",
        "help": "A won hand scores the spots left in the losers' hands (pips), or one point"})
    blocked: Blocked = field(default=Blocked.DIFFERENCE, metadata={
        "label": "A blocked hand scores",
        "help": "A blocked hand scores the difference of the spots (the manual's), or all the losers' spots"})
    target: int = field(default=100, metadata={
        "label": "Points to win",
        "help": "Points that win the game (121 on a cribbage board)", "min": 1, "max": 10_000})

    def check(self, players: int) -> None:
        """Refuse values that make no game (``RulesError``)."""
        if not 2 <= players <= 4:
            raise RulesError(f"dominoes is for two to four players, not {players}")
        if self.hand_size not in (6, 7):
            raise RulesError(f"hand_size must be 6 or 7, not {self.hand_size}")
        if self.target < 1:
            raise RulesError(f"target must be at least 1, not {self.target}")
        if self.target > 10_000:
            raise RulesError(f"target must be at most 10000, not {self.target}")


def sides_of(rules: Rules, players: int) -> tuple[int, ...]:
    """Each seat's side: partners (seats 0 and 2, 1 and 3) share one with four players in
    partnerships; otherwise every seat is its own side.

    >>> sides_of(Rules(), 4), sides_of(Rules(), 3), sides_of(Rules(partnerships=False), 4)
    ((0, 1, 0, 1), (0, 1, 2), (0, 1, 2, 3))
    """
    if players == 4 and rules.partnerships:
        return (0, 1, 0, 1)
    return tuple(range(players))


def hand_points(rules: Rules, winner_total: int, loser_totals: Sequence[int], blocked: bool) -> int:
    """What the winning side scores for a hand, from the spots left: its own and each losing
    side's.  In a blocked hand scored by difference, each losing side pays its own difference
    (with two sides, the manual's "difference between the winners' and the losers' totals").

    >>> hand_points(Rules(), 0, (17,), False), hand_points(Rules(), 9, (17,), True)
    (17, 8)
    >>> hand_points(Rules(blocked=Blocked.LOSERS), 9, (17, 12), True)
    29
    >>> hand_points(Rules(scoring=Scoring.POINT), 9, (17,), True)
    1
    """
    if rules.scoring is Scoring.POINT:
        return 1
    if blocked and rules.blocked is Blocked.DIFFERENCE:
        return sum(t - winner_total for t in loser_totals)
    return sum(loser_totals)
