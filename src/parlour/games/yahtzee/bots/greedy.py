"""The ``greedy`` bot: a pub player who takes what is there."""

from __future__ import annotations

import random
from collections.abc import Sequence

from parlour.core.protocol import Bot, Game
from parlour.games.yahtzee.moves import Dice, Move, Roll, Score
from parlour.games.yahtzee.rules import ROLLS, UPPER, Box, Rules, choices, counts
from parlour.games.yahtzee.state import State
from parlour.games.yahtzee.view import YahtzeeView

MADE = (Box.YAHTZEE, Box.LARGE_STRAIGHT, Box.FULL_HOUSE)
"""Fixed-value boxes the greedy bot scores as soon as the dice make them."""

DUMP = (Box.ONES, Box.TWOS, Box.YAHTZEE, Box.FOUR_KIND, Box.LARGE_STRAIGHT, Box.THREES,
        Box.FULL_HOUSE, Box.SMALL_STRAIGHT, Box.THREE_KIND, Box.FOURS, Box.FIVES, Box.SIXES,
        Box.CHANCE)
"""Among equal scores (above all, a zero that must go somewhere), the box to give up first."""


def most_common(dice: Dice) -> tuple[int, int]:
    """The face showing most often (the higher face on a tie) and how many dice show it."""
    have = counts(dice)
    face = max(range(1, 7), key=lambda f: (have[f - 1], f))
    return face, have[face - 1]


def four_run(dice: Dice) -> Dice:
    """One die of each face of a run of four or more (the highest such run), or ``()``."""
    faces = set(dice)
    for low in (3, 2, 1):
        run = tuple(range(low, low + 4))
        if faces.issuperset(run):
            return run
    return ()


def best_box(allowed: dict[Box, int], dice: Dice) -> Box:
    """The allowed box scoring most now; ties go to the upper box of the most common face,
    then to anything but Chance, then by ``DUMP``."""
    own = UPPER[most_common(dice)[0] - 1]
    return max(allowed, key=lambda b: (allowed[b], b is own, b is not Box.CHANCE, -DUMP.index(b)))


def greedy_move(state: State) -> Move:
    """The greedy bot's choice in ``state`` (the current player's)."""
    if state.rolls == 0:
        return Roll(())
    dice: Dice = state.dice
    allowed = choices(state.rules, state.card.boxes, dice)
    face, n = most_common(dice)
    if state.rolls >= ROLLS or n == 5 or any(allowed.get(b, 0) > 0 for b in MADE):
        return Score(best_box(allowed, dice))
    run = four_run(dice)
    if run and Box.LARGE_STRAIGHT in allowed:
        return Roll(run)
    if run and allowed.get(Box.SMALL_STRAIGHT, 0) > 0:
        return Score(Box.SMALL_STRAIGHT)
    return Roll((face,) * n)


class GreedyBot(Bot[YahtzeeView, Move]):
    """A pub player who takes what is there: roll; score at once a Yahtzee, a large straight
    or a full house the dice make (any box allowed); with four in a row keep the run and go
    for the large straight (or take the small straight when the large is filled); otherwise
    keep the most common number (the higher on a tie) and roll the rest.  After the third
    roll, the allowed box scoring most (ties: the upper box of the most common number, then
    anything before Chance; a zero goes in Ones, Twos, Yahtzee … first)."""

    name = "greedy"

    def choose(self, game: Game[Rules, State, Move, Dice, YahtzeeView], view: YahtzeeView,
               legal: Sequence[Move], rng: random.Random) -> Move:
        move = greedy_move(view.state)
        assert move in legal, f"the greedy bot chose {move!r}, which is not legal"
        return move
