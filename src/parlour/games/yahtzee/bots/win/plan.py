"""Planning a Yahtzee turn to win, not to score: the maths behind the ``win`` bot.

With opponents, what counts is the chance of finishing ahead of them, so
every choice of a turn -- which dice to keep, when to stop, which box to
score -- is valued by that chance instead of by the expected score.

* **The opponents.**  Each opponent's final score is a distribution: exact
  once their card is full, otherwise normal, with the exact mean and
  variance of the points still to come under solitaire-optimal play (the
  solver's first and second moments).  ``G[s]``, the chance that a final
  score of ``s`` beats them all (a tie counting half), is the product over
  the opponents of ``P(o < s) + P(o = s) / 2``.
* **The end of my game: exact.**  Once at most ``exact_boxes`` boxes are
  left to fill after this turn, the rest of my game is solved exactly for
  the chance to win: the same retrograde analysis as the solitaire solver
  (keeps are means over the dice rolled, rolls the best of their sub-keeps,
  boxes the best at the end), but each position carries a whole vector of
  values -- one per score it may be reached with -- ending in ``G``.  It is
  the best play there is against opponents whose play does not depend on
  mine (so exactly right against the ``optimal`` bot, whose finished score
  is known when I play last).
* **Before that: one turn ahead.**  Each possible end of this turn (a roll
  scored in a box) is valued by the chance that a normal final score -- the
  score so far plus the exact mean and variance still to come under optimal
  play from there -- beats each opponent's; keeps and stops maximise the mean
  of that over the dice, through the same within-turn analysis.

Alone, or when the game is decided either way, nothing separates the moves:
the bot then falls back to the solitaire-optimal choice (see :mod:`.bot`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from parlour.games.yahtzee.rules import (
    BOXES,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    YAHTZEE,
    YAHTZEE_BONUS,
    Box,
    Rules,
    choices,
    yahtzee_bonus,
)
from parlour.games.yahtzee.solver.keeps import LEVELS, ROLLS, keep_index, roll_index
from parlour.games.yahtzee.solver.strategy import YahtzeeTable, sub_keeps
from parlour.games.yahtzee.solver.turn import evaluate_turn, expectations, first_roll, turn_from
from parlour.games.yahtzee.solver.widgets import UPPER_CAP, Floats, Ints, Widgets

FULL = (1 << len(BOXES)) - 1
TOP = 1600
"""Final scores beyond any a card can make (1575 at most)."""
MOST_A_TURN = YAHTZEE + YAHTZEE_BONUS + UPPER_BONUS
"""More than one turn can score: a box (50 at most), an extra Yahtzee's bonus and the upper bonus."""


@dataclass(frozen=True)
class Opponent:
    """What is known of one opponent's final score: ``score`` now and the points still to come,
    exactly (``rest``: their distribution) or as a normal ``mean`` and ``var`` of the final score."""

    mean: float
    var: float = 0.0
    score: int = 0
    rest: tuple[float, ...] | None = None
    """``rest[y]``: the chance of ``y`` more points (``(1.0,)`` once the card is full)."""

    @classmethod
    def finished(cls, score: int) -> Opponent:
        return cls(float(score), 0.0, score, (1.0,))

    @classmethod
    def exact(cls, score: int, rest: Floats) -> Opponent:
        ys = np.arange(len(rest))
        mean = float(rest @ ys)
        var = float(rest @ (ys * ys)) - mean * mean
        return cls(score + mean, max(0.0, var), score, tuple(float(p) for p in rest))

    def support(self) -> tuple[Floats, Floats]:
        """The final scores with a chance (and their chances), for an exact opponent."""
        assert self.rest is not None
        rest = np.array(self.rest)
        ys = np.nonzero(rest > 1e-15)[0]
        return (self.score + ys).astype(np.float64), rest[ys]


def _phi_array(z: Floats) -> Floats:
    """The standard normal distribution function, elementwise (an erf good to 1.5e-7)."""
    x = np.abs(z) / math.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = 1.0 - poly * np.exp(-x * x)
    out: Floats = 0.5 * (1.0 + np.sign(z) * erf)
    return out


def beat_chances(opponents: Sequence[Opponent]) -> Floats:
    """``G[s]`` for ``s`` = 0 .. ``TOP``: the chance that a final score of ``s`` wins (ties half).

    >>> g = beat_chances([Opponent.finished(200)])
    >>> float(g[199]), float(g[200]), float(g[201])
    (0.0, 0.5, 1.0)
    """
    s = np.arange(TOP + 1, dtype=np.float64)
    g = np.ones(TOP + 1)
    for o in opponents:
        if o.rest is not None:
            finals, chances = o.support()
            d = np.zeros(TOP + 1)
            np.add.at(d, np.minimum(finals.astype(np.intp), TOP), chances)
            g *= np.cumsum(d) - 0.5 * d
        else:
            sd = math.sqrt(max(o.var, 1e-12))
            g *= 0.5 * (_phi_array((s - 0.5 - o.mean) / sd) + _phi_array((s + 0.5 - o.mean) / sd))
    return g


def normal_chance(mean: Floats, var: Floats, opponents: Sequence[Opponent]) -> Floats:
    """The chance that a final score, normal with ``mean`` and ``var`` (arrays), beats every opponent
    (each opponent apart, the chances multiplied; a tie counts half)."""
    out = np.ones_like(mean)
    for o in opponents:
        if o.rest is not None:
            finals, chances = o.support()
            sd = np.sqrt(np.maximum(var, 1e-12))[:, None]
            lo = _phi_array((mean[:, None] - finals[None, :] - 0.5) / sd)
            hi = _phi_array((mean[:, None] - finals[None, :] + 0.5) / sd)
            out *= (0.5 * (lo + hi)) @ chances
        else:
            out *= _phi_array((mean - o.mean) / np.sqrt(np.maximum(var + o.var, 1e-12)))
    return out


# ---- how each roll may be scored -------------------------------------------------------------------

Widget = tuple[int, int, bool]
"""``(mask of filled boxes, upper total capped at 63, Yahtzee box holds 50)``."""


@dataclass(frozen=True)
class Branch:
    """The rolls that, scored in one box, lead to one widget, and what each gains there."""

    box: Box
    rows: Ints
    gains: Ints
    widget: Widget


def _card(widget: Widget) -> list[int | None]:
    """A card with the widget's boxes filled (the values only matter for the Yahtzee box)."""
    mask, _, fifty = widget
    card: list[int | None] = [None if not mask >> b.index & 1 else 0 for b in BOXES]
    if fifty:
        card[Box.YAHTZEE.index] = YAHTZEE
    return card


@lru_cache(maxsize=8192)
def branches(rules: Rules, widget: Widget) -> tuple[Branch, ...]:
    """Every way of scoring every roll in ``widget``: grouped by box and the widget it leads to."""
    mask, upper, fifty = widget
    card = _card(widget)
    groups: dict[tuple[Box, Widget], tuple[list[int], list[int]]] = {}
    for r, dice in enumerate(ROLLS):
        bonus = yahtzee_bonus(rules, card, dice)
        for box, points in choices(rules, card, dice).items():
            gain = points + bonus
            up, fif = upper, fifty
            if box.upper:
                up = min(upper + points, UPPER_CAP)
                if upper < UPPER_BONUS_AT <= upper + points:
                    gain += UPPER_BONUS
            elif box is Box.YAHTZEE:
                fif = points == YAHTZEE
            rows, gains = groups.setdefault((box, (mask | 1 << box.index, up, fif)), ([], []))
            rows.append(r)
            gains.append(gain)
    return tuple(Branch(box, np.array(rows, dtype=np.intp), np.array(gains, dtype=np.intp), nxt)
                 for (box, nxt), (rows, gains) in groups.items())


def open_count(widget: Widget) -> int:
    return len(BOXES) - bin(widget[0]).count("1")


# ---- an opponent's last turns under optimal play, exactly ----------------------------------------


@dataclass(frozen=True)
class Finish:
    """The exact distribution of the points still to come, under solitaire-optimal play, from
    widgets with few boxes left: each turn's choices are the optimal bot's (the best expected
    score; a keep over scoring on a tie), and the distributions follow them through the dice."""

    tbl: YahtzeeTable
    rules: Rules

    def pmf(self, widget: Widget) -> Floats:
        """``p[y]``: the chance of ``y`` more points from ``widget`` (before its turn); read-only."""
        return _pmf(self, widget)

    def key(self, widget: Widget) -> tuple[int, int, int]:
        """The widget's place in the table."""
        return widget[0], widget[1], int(widget[2] and self.tbl.variant.bonus_needs_fifty)


@lru_cache(maxsize=20_000)
def _pmf(finish: Finish, widget: Widget) -> Floats:
    """:meth:`Finish.pmf`, remembered for the last 20,000 widgets asked about."""
    if widget[0] == FULL:
        return _read_only(np.ones(1))
    V = finish.tbl.values
    size = 1 + MOST_A_TURN * open_count(widget)
    best = np.full(len(ROLLS), -np.inf)
    first = np.zeros((len(ROLLS), size))
    for branch in branches(finish.rules, widget):
        value = branch.gains + float(V[finish.key(branch.widget)])
        better = value > best[branch.rows]
        if not better.any():
            continue
        rows, gains = branch.rows[better], branch.gains[better]
        best[rows] = value[better]
        after = _pmf(finish, branch.widget)
        first[rows] = 0.0
        for row, gain in zip(rows.tolist(), gains.tolist(), strict=True):
            first[row, gain:gain + len(after)] = after
    mask, upper, fifty = finish.key(widget)
    values = evaluate_turn(finish.tbl.variant, V, Widgets(np.array([mask]), np.array([upper]),
                                                          np.array([fifty])))
    rolls = [first]
    for k in (1, 2):
        levels = expectations(rolls[-1].copy())
        flat = np.concatenate([values.keeps[k][size][:, 0] for size in range(5)] + [[-np.inf]])
        options = flat[_KEEP_IDS]  # each roll's keeps of fewer dice, fewest first; -inf padding
        pick = options.argmax(axis=1)
        keep = options[np.arange(len(ROLLS)), pick] >= values.rolls[0][:, 0] - 1e-9
        chosen = first.copy()
        if keep.any():
            stacked = np.concatenate(levels[:5])
            chosen[keep] = stacked[_KEEP_IDS[keep, pick[keep]]]
        rolls.append(chosen)
    return _read_only(first_roll(rolls[2]))


def _read_only(array: Floats) -> Floats:
    array.setflags(write=False)
    return array


def _keep_ids() -> Ints:
    """``[r, j]``: the ``j``-th keep of fewer dice of roll ``r`` (fewest dice first), numbered
    through the levels 0-4 one after another; rows are padded with the number of all keeps."""
    offsets = np.cumsum([0] + [len(LEVELS[s]) for s in range(5)])
    rows = []
    for dice in ROLLS:
        ids = []
        for keep in sub_keeps(dice):
            size, index = keep_index(keep)
            ids.append(int(offsets[size]) + index)
        rows.append(ids)
    width = max(map(len, rows))
    return np.array([r + [int(offsets[5])] * (width - len(r)) for r in rows], dtype=np.intp)


# ---- the planner ---------------------------------------------------------------------------------


@dataclass
class TurnPlan:
    """The chance to win of every choice with some dice: keeps (rolls left) and boxes."""

    keeps: dict[tuple[int, ...], float]
    boxes: dict[Box, float]


@dataclass(frozen=True)
class Contest:
    """What the end of my game is played against: my score now (``base``) and the opponents."""

    tbl: YahtzeeTable
    rules: Rules
    base: int
    opponents: tuple[Opponent, ...]


@lru_cache(maxsize=64)
def _goal(contest: Contest) -> Floats:
    """``g[x]``: the chance that a final score of ``base + x`` wins; beyond the last index every
    opponent is beaten for sure."""
    g = beat_chances(contest.opponents)
    sure = np.nonzero(g >= 1.0 - 1e-12)[0]
    hi = int(sure[0]) if len(sure) else TOP
    hi = max(hi, contest.base)
    return _read_only(g[contest.base:hi + 1].copy())


@lru_cache(maxsize=4096)
def _vector(contest: Contest, widget: Widget) -> Floats:
    """The chance to win from ``widget`` before its turn, for each score so far (exact; the
    vectors of :func:`_goal`'s length), remembered for the last 4096 asked about (a decision
    asks a few dozen)."""
    goal = _goal(contest)
    if widget[0] == FULL:
        return goal
    size = len(goal)
    first = np.full((len(ROLLS), size), -np.inf)
    columns = np.arange(size, dtype=np.intp)
    for branch in branches(contest.rules, widget):
        after = _vector(contest, branch.widget)
        where = np.minimum(columns[None, :] + branch.gains[:, None], size - 1)
        gathered = after.take(where)
        first[branch.rows] = np.maximum(first[branch.rows], gathered)
    return _read_only(turn_from(first).start)


@dataclass(frozen=True)
class WinPlanner:
    """Values the choices of one turn by the chance to win (see the module's docstring).

    ``tbl`` must carry its second moments (``table(rules, moments=True)``).
    """

    tbl: YahtzeeTable
    rules: Rules
    exact_boxes: int = 2

    def __post_init__(self) -> None:
        if self.tbl.moments is None:
            raise ValueError("the win planner needs the table's second moments")

    @property
    def finish(self) -> Finish:
        return Finish(self.tbl, self.rules)

    def _ends(self, contest: Contest, widget: Widget) -> Floats:
        """``first[r]``: the chance to win of scoring roll ``r`` now in its best box."""
        first = np.full(len(ROLLS), -np.inf)
        for branch, value in self._branch_values(contest, widget):
            first[branch.rows] = np.maximum(first[branch.rows], value)
        return first

    def _branch_values(self, contest: Contest, widget: Widget) -> list[tuple[Branch, Floats]]:
        out = []
        size = len(_goal(contest))
        V, W = self.tbl.values, self.tbl.moments
        assert W is not None
        needs_fifty = self.tbl.variant.bonus_needs_fifty
        for branch in branches(self.rules, widget):
            nxt = branch.widget
            if open_count(nxt) <= self.exact_boxes:
                value = _vector(contest, nxt).take(np.minimum(branch.gains, size - 1))
            else:
                key = (nxt[0], nxt[1], int(nxt[2] and needs_fifty))
                rest, square = float(V[key]), float(W[key])
                mean = contest.base + branch.gains + rest
                var = np.full(len(mean), max(0.0, square - rest * rest))
                value = normal_chance(mean.astype(np.float64), var, contest.opponents)
            out.append((branch, value))
        return out

    def plan(self, widget: Widget, score: int, dice: Sequence[int], rolls_left: int,
             opponents: Sequence[Opponent]) -> TurnPlan:
        """Every choice with ``dice`` showing and ``rolls_left`` rolls to go, valued by the chance to win."""
        contest = Contest(self.tbl, self.rules, score, tuple(opponents))
        dice = tuple(sorted(dice))
        row = roll_index(dice)
        boxes: dict[Box, float] = {}
        for branch, value in self._branch_values(contest, widget):
            hit = np.nonzero(branch.rows == row)[0]
            if len(hit):
                boxes[branch.box] = float(value[hit[0]])
        keeps: dict[tuple[int, ...], float] = {}
        if rolls_left > 0:
            turn = turn_from(self._ends(contest, widget)[:, None])
            levels = turn.keeps[rolls_left]
            for keep in sub_keeps(dice):
                size, index = keep_index(keep)
                keeps[keep] = float(levels[size][index, 0])
        return TurnPlan(keeps, boxes)


_KEEP_IDS = _keep_ids()

__all__ = ["Branch", "Contest", "Finish", "Opponent", "TurnPlan", "WinPlanner", "beat_chances",
           "branches", "normal_chance"]
