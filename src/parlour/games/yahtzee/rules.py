"""House rules of Yahtzee, and the scoring of every box.

The defaults are the manual's rules (see ``docs/rules/yahtzee.md``); the
official "forced joker" rule, the bonus convention and five of a kind as a full
house (the other reading of the manual's sentence) are options, and so are the
screen features the manual describes (point preview, colour coding).
Scoring is plain functions of the five dice, shared by the engine, the bots
and the solver.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field


class Box(enum.Enum):
    """The thirteen boxes of the score card, valued by their canonical name."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_KIND = "3kind"
    FOUR_KIND = "4kind"
    FULL_HOUSE = "house"
    SMALL_STRAIGHT = "small"
    LARGE_STRAIGHT = "large"
    YAHTZEE = "yahtzee"
    CHANCE = "chance"

    @property
    def index(self) -> int:
        return BOXES.index(self)

    @property
    def upper(self) -> bool:
        """One of the six number boxes (the upper section)."""
        return self.index < 6

    @property
    def face(self) -> int:
        """The number an upper box counts (1-6); 0 for the lower section."""
        return self.index + 1 if self.upper else 0

    @property
    def title(self) -> str:
        return TITLES[self]


BOXES: tuple[Box, ...] = tuple(Box)
UPPER: tuple[Box, ...] = BOXES[:6]
LOWER: tuple[Box, ...] = BOXES[6:]
TITLES = {
    Box.ONES: "Ones", Box.TWOS: "Twos", Box.THREES: "Threes", Box.FOURS: "Fours",
    Box.FIVES: "Fives", Box.SIXES: "Sixes", Box.THREE_KIND: "Three of a kind",
    Box.FOUR_KIND: "Four of a kind", Box.FULL_HOUSE: "Full house", Box.SMALL_STRAIGHT: "Small straight",
    Box.LARGE_STRAIGHT: "Large straight", Box.YAHTZEE: "Yahtzee", Box.CHANCE: "Chance",
}

DICE = 5
"""Dice in the cup."""
ROLLS = 3
"""Rolls allowed in a turn."""

UPPER_BONUS = 35
UPPER_BONUS_AT = 63
FULL_HOUSE = 25
SMALL_STRAIGHT = 30
LARGE_STRAIGHT = 40
YAHTZEE = 50
YAHTZEE_BONUS = 100


class Joker(enum.Enum):
    """How an extra Yahtzee (one rolled when the Yahtzee box is already filled) may be scored."""

    FREE = "free"
    """The manual's rule: score it in any open box; once the upper box of its number is
    filled it is a wildcard in the lower section (full house, straights score in full)."""
    FORCED = "forced"
    """The official rule: the upper box of its number if open; otherwise any open lower box,
    as a wildcard; otherwise any open upper box (for zero)."""


@dataclass(frozen=True)
class Rules:
    """The house rules of one game of Yahtzee."""

    joker: Joker = field(default=Joker.FREE, metadata={"label": "Extra Yahtzees (joker rule)",
                                                       "help": "How an extra Yahtzee may be scored"})
    bonus_needs_fifty: bool = field(
        default=True,
        metadata={"label": "100 bonus only after a 50",
                  "help": "The 100 bonus for an extra Yahtzee only if the Yahtzee box holds 50 (not 0)"},
    )
    five_kind_house: bool = field(
        default=False,
        metadata={"label": "Five of a kind is always a full house",
                  "help": "Five of a kind always scores 25 as a full house (not only as a joker)"},
    )
    preview: bool = field(
        default=True, metadata={"label": "Point preview",
                                "help": "Show what the dice would score in each open box"}
    )
    colour_code: bool = field(
        default=False,
        metadata={"label": "Colour-code the upper section",
                  "help": "Colour-code the upper boxes and subtotal (under, on, over the pace for 63)"},
    )


def counts(dice: Sequence[int]) -> tuple[int, ...]:
    """How many dice show each face 1-6."""
    c = Counter(dice)
    return tuple(c[f] for f in range(1, 7))


def is_yahtzee(dice: Sequence[int]) -> bool:
    return len(dice) == 5 and len(set(dice)) == 1


def _run(dice: Sequence[int]) -> int:
    """The longest run of consecutive faces among the dice."""
    faces, best, run = set(dice), 0, 0
    for f in range(1, 7):
        run = run + 1 if f in faces else 0
        best = max(best, run)
    return best


def natural_score(box: Box, dice: Sequence[int], five_kind_house: bool = False) -> int:
    """What the dice score in ``box`` by its own requirement (no wildcard).

    ``five_kind_house``: five of a kind meets the full house's requirement (the
    ``five_kind_house`` option; by default it does not).

    >>> natural_score(Box.THREES, (1, 3, 4, 4, 3)), natural_score(Box.FOURS, (1, 3, 4, 4, 3))
    (6, 8)
    >>> natural_score(Box.FULL_HOUSE, (2, 2, 5, 5, 5)), natural_score(Box.FULL_HOUSE, (5, 5, 5, 5, 5))
    (25, 0)
    >>> natural_score(Box.FULL_HOUSE, (5, 5, 5, 5, 5), five_kind_house=True)
    25
    >>> natural_score(Box.SMALL_STRAIGHT, (1, 2, 3, 4, 4)), natural_score(Box.LARGE_STRAIGHT, (1, 2, 3, 4, 6))
    (30, 0)
    """
    if box.upper:
        return box.face * sum(1 for d in dice if d == box.face)
    most = max(counts(dice))
    total = sum(dice)
    if box is Box.THREE_KIND:
        return total if most >= 3 else 0
    if box is Box.FOUR_KIND:
        return total if most >= 4 else 0
    if box is Box.FULL_HOUSE:
        house = sorted(counts(dice)) == [0, 0, 0, 0, 2, 3] or (five_kind_house and most == 5)
        return FULL_HOUSE if house else 0
    if box is Box.SMALL_STRAIGHT:
        return SMALL_STRAIGHT if _run(dice) >= 4 else 0
    if box is Box.LARGE_STRAIGHT:
        return LARGE_STRAIGHT if _run(dice) == 5 else 0
    if box is Box.YAHTZEE:
        return YAHTZEE if is_yahtzee(dice) else 0
    return total


WILD_VALUES = {Box.FULL_HOUSE: FULL_HOUSE, Box.SMALL_STRAIGHT: SMALL_STRAIGHT,
               Box.LARGE_STRAIGHT: LARGE_STRAIGHT}


def box_score(box: Box, dice: Sequence[int], wild: bool, five_kind_house: bool = False) -> int:
    """What the dice score in ``box``; ``wild``: they are an extra Yahtzee used as a wildcard
    (``five_kind_house`` as in :func:`natural_score`).

    >>> box_score(Box.LARGE_STRAIGHT, (4, 4, 4, 4, 4), wild=True)
    40
    >>> box_score(Box.LARGE_STRAIGHT, (4, 4, 4, 4, 4), wild=False)
    0
    """
    if wild and box in WILD_VALUES:
        return WILD_VALUES[box]
    return natural_score(box, dice, five_kind_house)


def upper_total(boxes: Sequence[int | None]) -> int:
    """The sum of the filled upper boxes."""
    return sum(v for v in boxes[:6] if v is not None)


def upper_bonus(boxes: Sequence[int | None]) -> int:
    return UPPER_BONUS if upper_total(boxes) >= UPPER_BONUS_AT else 0


def extra_yahtzee(boxes: Sequence[int | None], dice: Sequence[int]) -> bool:
    """A Yahtzee rolled when the Yahtzee box is already filled (with 50 or 0)."""
    return is_yahtzee(dice) and boxes[Box.YAHTZEE.index] is not None


def yahtzee_bonus(rules: Rules, boxes: Sequence[int | None], dice: Sequence[int]) -> int:
    """The bonus these dice earn when scored (100 for an extra Yahtzee, if the rules allow)."""
    if not extra_yahtzee(boxes, dice):
        return 0
    if rules.bonus_needs_fifty and boxes[Box.YAHTZEE.index] != YAHTZEE:
        return 0
    return YAHTZEE_BONUS


def choices(rules: Rules, boxes: Sequence[int | None], dice: Sequence[int]) -> dict[Box, int]:
    """Every box these dice may be scored in now, with what they would score there (bonus apart).

    >>> card = [None] * 13
    >>> choices(Rules(), card, (2, 3, 4, 5, 5))[Box.SMALL_STRAIGHT]
    30
    >>> card[Box.YAHTZEE.index] = 50; card[Box.SIXES.index] = 24
    >>> choices(Rules(), card, (6, 6, 6, 6, 6))[Box.LARGE_STRAIGHT]       # a wildcard: sixes filled
    40
    >>> list(choices(Rules(joker=Joker.FORCED), card, (5, 5, 5, 5, 5)))   # forced: the fives box
    [<Box.FIVES: 'fives'>]
    >>> choices(Rules(), [None] * 13, (3, 3, 3, 3, 3))[Box.FULL_HOUSE]      # not a full house ...
    0
    >>> choices(Rules(five_kind_house=True), [None] * 13, (3, 3, 3, 3, 3))[Box.FULL_HOUSE]  # ... or one
    25
    """
    house = rules.five_kind_house
    open_boxes = [b for b in BOXES if boxes[b.index] is None]
    if not extra_yahtzee(boxes, dice):
        return {b: natural_score(b, dice, house) for b in open_boxes}
    own = UPPER[dice[0] - 1]
    own_filled = boxes[own.index] is not None
    if rules.joker is Joker.FREE:
        return {b: box_score(b, dice, wild=own_filled, five_kind_house=house) for b in open_boxes}
    if not own_filled:
        return {own: natural_score(own, dice)}
    lower = [b for b in open_boxes if not b.upper]
    if lower:
        return {b: box_score(b, dice, wild=True, five_kind_house=house) for b in lower}
    return {b: natural_score(b, dice, house) for b in open_boxes}


def final_score(boxes: Sequence[int | None], bonus_yahtzees: int) -> int:
    """The card's total: every box, the upper bonus and the Yahtzee bonuses."""
    return sum(v for v in boxes if v is not None) + upper_bonus(boxes) + YAHTZEE_BONUS * bonus_yahtzees
