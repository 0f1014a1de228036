"""The exact optimal solitaire strategy of Yahtzee, by retrograde analysis.

Between two turns the rest of a game depends only on the *widget* (:mod:`.widgets`): which of
the thirteen boxes are filled, the upper-section total capped at 63 and whether the Yahtzee
box holds 50.  :func:`compute` (:mod:`.retrograde`) finds, for every widget, the expected
score still to come under the strategy that maximises the expected final score -- boxes,
upper bonus and Yahtzee bonuses -- working back from the full card to the empty one; with
``moments=True`` also the expected *square* of it, so its standard deviation.

Within a turn a position is the widget, the five dice (one of 252 sorted rolls, :mod:`.keeps`)
and the rolls left; everything is vectorised over many widgets at once with NumPy:

* :mod:`.scoring`: after the last roll the value of a roll is the best box for it: its
  score, any bonus, plus the value of the widget it leads to;
* :mod:`.turn`: keeps are means over the dice rolled, rolls the best of their sub-keeps, and
  :func:`evaluate_turn` recomputes the within-turn values of any position from the
  between-turn table, in a millisecond or so;
* :mod:`.strategy`: the table of a rule set, solved once and cached on disk (:mod:`.store`),
  asked about positions (the ``optimal`` bot, the advisor, ``parlour solve yahtzee``);
* :mod:`.simulate`: many solitaire games of the strategy played at once, a check of the solver.
"""

from parlour.games.yahtzee.solver.keeps import LEVELS, ROLLS, keep_index, roll_index
from parlour.games.yahtzee.solver.retrograde import compute, masks_by_layer
from parlour.games.yahtzee.solver.scoring import box_options, joker_scores
from parlour.games.yahtzee.solver.turn import TurnValues, evaluate_turn, turn_from
from parlour.games.yahtzee.solver.widgets import (
    FULL,
    MASKS,
    UPPER_CAP,
    UPPER_MASK,
    UPPERS,
    Y_BIT,
    Variant,
    Widgets,
    reachable_upper,
)

__all__ = [
    "FULL",
    "LEVELS",
    "MASKS",
    "ROLLS",
    "UPPERS",
    "UPPER_CAP",
    "UPPER_MASK",
    "Y_BIT",
    "TurnValues",
    "Variant",
    "Widgets",
    "box_options",
    "compute",
    "evaluate_turn",
    "joker_scores",
    "keep_index",
    "masks_by_layer",
    "reachable_upper",
    "roll_index",
    "turn_from",
]
