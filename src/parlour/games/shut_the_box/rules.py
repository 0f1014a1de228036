"""House rules of Shut the Box.

The defaults are the manual's main rules; every variant in the manual and the
three rule sheets is an option.  See ``docs/rules/shut-the-box.md``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from parlour.core.errors import RulesError

BOX_SIZES = (9, 10, 12)


class OneDie(enum.Enum):
    """When a player may choose to throw one die instead of two."""

    HIGH_TILES = "high-tiles"
    """Once every tile of 7 and above is covered (the manual's rule; on a 9-tile box, 7, 8 and 9)."""
    SEVEN_EIGHT_NINE = "seven-eight-nine"
    """Once 7, 8 and 9 are covered, read literally: 10, 11 and 12 may still be open."""
    LOW_TOTAL = "low-total"
    """Once the uncovered tiles add up to less than six (the rule sheets' variant)."""
    NEVER = "never"
    """Always throw two dice."""


class Scoring(enum.Enum):
    """How a finished turn is scored."""

    SUM = "sum"
    """The sum of the uncovered tiles (1, 5, 9 scores 15)."""
    DIGITS = "digits"
    """The number read from the uncovered tiles in order (1, 5, 9 scores 159)."""


class Mode(enum.Enum):
    """Which way of playing."""

    ROUND = "round"
    """Each player takes one turn in seat order; lowest score wins, shutting wins outright."""
    LONG = "long"
    """Two players: one covers, the other takes over and uncovers, alternately."""
    CUMULATIVE = "cumulative"
    """Round scores add up; a player reaching the drop-out total is out; last one left wins."""
    SIMULTANEOUS = "simultaneous"
    """Up to four players, each with their own box and dice, all throwing at once."""


@dataclass(frozen=True)
class Rules:
    """The house rules of one game of Shut the Box."""

    tiles: int = field(default=9, metadata={"label": "Tiles in the box",
                                            "help": "Tiles in the box: 9, 10 or 12", "choices": BOX_SIZES})
    one_die: OneDie = field(
        default=OneDie.HIGH_TILES, metadata={"label": "Throwing one die",
                                             "help": "When one die may be thrown instead of two"}
    )
    scoring: Scoring = field(default=Scoring.SUM, metadata={"label": "Scoring a turn",
                                                            "help": "How a finished turn is scored"})
    mode: Mode = field(default=Mode.ROUND, metadata={"label": "Kind of game", "help": "Way of playing"})
    stake: int = field(
        default=0,
        metadata={"label": "Stake a round",
                  "help": "Stake each player pays into the pool every round (0: no stakes)",
                  "min": 0, "max": 1000},
    )
    rounds: int = field(
        default=1,
        metadata={"label": "Rounds",
                  "help": "Rounds in the game (round and simultaneous modes); balances carry over",
                  "min": 1, "max": 1000},
    )
    drop_out_at: int = field(
        default=45, metadata={"label": "Drop out at (cumulative game)",
                              "help": "Cumulative game: a player whose total reaches this drops out",
                              "min": 1, "max": 1000}
    )
    doubles_extra_turn: bool = field(
        default=True, metadata={"label": "Doubles throw again (long game)",
                                "help": "Long game: a double thrown earns an extra turn"}
    )

    def __post_init__(self) -> None:
        if self.tiles not in BOX_SIZES:
            raise RulesError(f"tiles must be 9, 10 or 12, not {self.tiles}")
        if self.stake < 0:
            raise RulesError("stake cannot be negative")
        if not 1 <= self.rounds <= 1000:
            raise RulesError("rounds must be between 1 and 1000")
        if self.drop_out_at < 1:
            raise RulesError("drop_out_at must be at least 1")

    @property
    def all_tiles(self) -> int:
        """Bit mask of every tile in the box (bit ``t - 1`` is tile ``t``)."""
        return (1 << self.tiles) - 1

    def player_range(self) -> tuple[int, int]:
        """The smallest and largest number of players this way of playing takes."""
        if self.mode is Mode.LONG:
            return (2, 2)
        if self.mode is Mode.CUMULATIVE:
            return (2, 8)
        if self.mode is Mode.SIMULTANEOUS:
            return (1, 4)
        return (1, 8)


def tiles_of(mask: int) -> tuple[int, ...]:
    """The tiles in a bit mask, lowest first."""
    return tuple(t + 1 for t in range(mask.bit_length()) if mask >> t & 1)


def mask_of(tiles: tuple[int, ...] | list[int]) -> int:
    """The bit mask of some tiles."""
    m = 0
    for t in tiles:
        m |= 1 << (t - 1)
    return m


def mask_sum(mask: int) -> int:
    """The sum of the tiles in a bit mask."""
    return sum(tiles_of(mask))


def one_die_allowed(rule: OneDie, open_mask: int) -> bool:
    """May the player throw one die, given the tiles still open to them?

    ``open_mask`` is the set of tiles the player may still flip: the uncovered
    tiles normally, the covered ones for the uncovering player of the long game.
    """
    if rule is OneDie.HIGH_TILES:
        return open_mask >> 6 == 0
    if rule is OneDie.SEVEN_EIGHT_NINE:
        return open_mask & 0b111000000 == 0
    if rule is OneDie.LOW_TOTAL:
        return mask_sum(open_mask) < 6
    return False


def score_of(scoring: Scoring, open_mask: int) -> int:
    """The score of a finished turn with these tiles left uncovered.

    >>> score_of(Scoring.SUM, mask_of([1, 5, 9]))
    15
    >>> score_of(Scoring.DIGITS, mask_of([1, 5, 9]))
    159
    >>> score_of(Scoring.DIGITS, mask_of([1, 10]))
    110
    >>> score_of(Scoring.DIGITS, 0)
    0
    """
    if scoring is Scoring.SUM:
        return mask_sum(open_mask)
    tiles = tiles_of(open_mask)
    return int("".join(str(t) for t in tiles)) if tiles else 0
