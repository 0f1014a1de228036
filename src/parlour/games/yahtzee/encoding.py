"""Yahtzee for the learning environments: ``YahtzeeEncoding`` (its docstring is the game's section
of ``docs/envs.md``)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import ClassVar

import numpy as np

from parlour.core.protocol import AnyGame
from parlour.envs.encoding import Encoding, Observation
from parlour.games.yahtzee.game import GAME
from parlour.games.yahtzee.moves import Dice, Move, Roll, Score
from parlour.games.yahtzee.rules import (
    BOXES,
    DICE,
    ROLLS,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    YAHTZEE_BONUS,
    Rules,
    choices,
    counts,
    extra_yahtzee,
    yahtzee_bonus,
)
from parlour.games.yahtzee.state import Card
from parlour.games.yahtzee.view import YahtzeeView

KEEPS: tuple[Dice, ...] = tuple(
    keep for size in range(DICE)
    for keep in itertools.combinations_with_replacement(range(1, 7), size))
"""Every multiset of dice that may be kept for a roll (keeping all five is not a roll), as
sorted tuples: fewest dice first, then lowest values first."""

KEEP_ACTION = {keep: i for i, keep in enumerate(KEEPS)}
SCORE_ACTION = len(KEEPS)
"""The first scoring action: ``SCORE_ACTION + box.index`` scores in ``box``."""
ACTIONS = SCORE_ACTION + len(BOXES)

BOX_MAX = (5, 10, 15, 20, 25, 30, 30, 30, 25, 30, 40, 50, 30)
"""The most each box can score (as a joker too), in card order."""
MAX_UPPER = sum(BOX_MAX[:6])
MAX_BONUSES = len(BOXES) - 1
"""Extra Yahtzees: at most one a turn after the Yahtzee box is filled."""
MAX_TOTAL = sum(BOX_MAX) + UPPER_BONUS + YAHTZEE_BONUS * MAX_BONUSES
"""1575: no card can total more."""


def action_of(move: Move) -> int:
    """The action number of a move (the same in every position)."""
    if isinstance(move, Roll):
        return KEEP_ACTION[move.keep]
    return SCORE_ACTION + move.box.index


def move_of(action: int) -> Move:
    """The move an action number stands for."""
    if action < SCORE_ACTION:
        return Roll(KEEPS[action])
    return Score(BOXES[action - SCORE_ACTION])


class YahtzeeEncoding(Encoding[Rules, Move, YahtzeeView]):
    """A seat's view as numbers, its moves as 223 actions (the same for every rule set).

    **Actions**, one number a move, a function of the move alone (`action_of`, and back `move_of`):

    * 0-209 roll, keeping one of the 210 multisets of at most four dice (`KEEPS`: fewest dice
      first, then lowest values first, as the engine lists rolls): 0 keeps nothing (also the turn's
      first roll), 1 keeps a 1 ... 6 keeps a 6, 7 keeps 1 1 ... 209 keeps 6 6 6 6.  A multiset of
      kept dice has one action whichever dice show it;
    * 210-222 score the dice in a box, ones to chance in card order.  Extra Yahtzees (either joker
      rule) and five of a kind as a full house score with the same thirteen actions.

    **Observation**: every card (the observing seat's first, then the seats after it in turn; a
    spectator sees seat 0's side), the dice on the table, the rolls used, the boxes the dice may go
    in now and what they would score there, the turn and whose it is.  Scores are scaled into
    [0, 1] by the most each can be.
    """

    game: ClassVar[AnyGame] = GAME

    def __init__(self, rules: Rules, players: int) -> None:
        GAME.initial_state(rules, players)  # a player count the game refuses is refused here too
        super().__init__(rules, players)

    @property
    def actions(self) -> int:
        return ACTIONS

    def code(self, view: YahtzeeView, move: Move) -> tuple[int, ...]:
        return (action_of(move),)

    def action_name(self, action: int) -> str:
        if action >= SCORE_ACTION:
            return f"score {BOXES[action - SCORE_ACTION].value}"
        keep = KEEPS[action]
        return "keep " + " ".join(map(str, keep)) if keep else "roll all"

    def fields(self) -> Sequence[tuple[str, int, str]]:
        n, boxes = self.players, len(BOXES)
        return (
            ("filled", boxes * n, "each card's boxes (ones to chance), 1 where filled; the observing "
                                  "seat's card first, then the seats after it in turn"),
            ("scores", boxes * n, "each card's box scores over the most the box can score "
                                  "(5, 10, 15, 20, 25, 30, 30, 30, 25, 30, 40, 50, 30); 0 while open"),
            ("upper", n, f"each card's upper subtotal over {UPPER_BONUS_AT} (the bonus), clipped at 1"),
            ("bonuses", n, f"each card's Yahtzee bonuses over {MAX_BONUSES}"),
            ("total", n, f"each card's total over {MAX_TOTAL} (the most a card can total)"),
            ("dice", 6, f"how many dice on the table show each face 1 to 6, over {DICE}"),
            ("rolls", ROLLS + 1, "the rolls used this turn, one-hot (0 to 3)"),
            ("allowed", boxes, "1 for each box the dice may be scored in now (after a roll)"),
            ("preview", boxes, "what the dice would score in each allowed box, over the box's most"),
            ("extra yahtzee", 1, "1 if the dice are an extra Yahtzee (the Yahtzee box filled)"),
            ("bonus now", 1, f"1 if scoring the dice now earns the {YAHTZEE_BONUS}-point bonus"),
            ("turn", 1, f"the player to move's turn (1 to {boxes}) over {boxes}"),
            ("to move", n, "whose turn it is, one-hot, the observing seat first"),
            ("over", 1, "1 once the game is over"),
        )

    def observe(self, view: YahtzeeView, pending: Sequence[int] = ()) -> Observation:
        s, n = view.state, self.players
        me = view.seat if view.seat is not None else 0
        cards = [card_part(s.cards[(me + k) % n]) for k in range(n)]
        out: list[float] = []
        for filled, _, _ in cards:
            out.extend(filled)
        for _, scores, _ in cards:
            out.extend(scores)
        for part in range(3):  # upper subtotal, bonuses, total
            out.extend(sums[part] for _, _, sums in cards)
        live = bool(s.dice) and not s.pending and not s.over
        out.extend(turn_part(s.rules, s.card.boxes, s.dice, s.rolls, live))
        out.append(0.0 if s.over else s.turn / len(BOXES))
        out.extend(float(not s.over and s.current == (me + k) % n) for k in range(n))
        out.append(float(s.over))
        return np.array(out, dtype=np.float32)


Floats = tuple[float, ...]


@lru_cache(maxsize=1 << 16)
def card_part(card: Card) -> tuple[Floats, Floats, Floats]:
    """A card's boxes filled, its scores, and its upper subtotal, bonuses and total, scaled."""
    filled = tuple(0.0 if v is None else 1.0 for v in card.boxes)
    scores = tuple(0.0 if v is None else v / top for v, top in zip(card.boxes, BOX_MAX, strict=True))
    sums = (min(card.upper_total, UPPER_BONUS_AT) / UPPER_BONUS_AT, card.yahtzee_bonuses / MAX_BONUSES,
            card.total / MAX_TOTAL)
    return filled, scores, sums


@lru_cache(maxsize=1 << 16)
def turn_part(rules: Rules, boxes: tuple[int | None, ...], dice: Dice, rolls: int, live: bool) -> Floats:
    """The fields from ``dice`` to ``bonus now``: the dice, the rolls used, and (``live``: the dice
    are on the table to be scored) the boxes they may go in, what they score and the bonus."""
    allowed = choices(rules, boxes, dice) if live else {}
    extra = live and extra_yahtzee(boxes, dice)
    return (*(c / DICE for c in counts(dice)),
            *(float(rolls == r) for r in range(ROLLS + 1)),
            *(float(box in allowed) for box in BOXES),
            *(allowed[box] / top if box in allowed else 0.0 for box, top in zip(BOXES, BOX_MAX, strict=True)),
            float(extra), float(extra and yahtzee_bonus(rules, boxes, dice) > 0))
