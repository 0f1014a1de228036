"""Many solitaire games of the optimal strategy at once: a fast check of the solver.

Playing the ``optimal`` bot through the engine costs tens of milliseconds a
game (every move is checked, and the bot asks the table about one position at
a time), so :func:`simulate_optimal` plays all its games in lockstep instead,
turn by turn:

* the games are grouped by their between-turn position (filled boxes, upper
  total capped at 63, whether the Yahtzee box holds 50, read off each game's
  own card) and the within-turn values of every *distinct* position are
  computed in batches with the solver's own functions
  (:func:`~parlour.games.yahtzee.solver.turn.evaluate_turn` for the keeps,
  :func:`~parlour.games.yahtzee.solver.scoring.box_options` for the boxes) -- exactly
  the numbers the bot looks at, so the same choices;
* every game's dice come from one NumPy generator seeded with ``seed`` (15 dice
  a game a turn are drawn up front, in a fixed order, so the games do not
  depend on how they are batched);
* every choice is the bot's: the legal choices in the engine's order (keeps,
  fewest dice first and then lowest values, then boxes in card order), each
  valued at the points on the card plus the expected points to come, and the
  first within :data:`~parlour.games.yahtzee.solver.strategy.TIE` of the best
  (:func:`~parlour.games.yahtzee.solver.strategy.rank`);
* the chosen box is scored by the rules module, not by the solver: a table of
  :func:`~parlour.games.yahtzee.rules.natural_score` for ordinary rolls, and
  :func:`~parlour.games.yahtzee.rules.choices` and
  :func:`~parlour.games.yahtzee.rules.yahtzee_bonus` on the card for every
  extra Yahtzee; the totals are :func:`~parlour.games.yahtzee.rules.final_score`
  of each finished card.

So the mean of the simulated scores is an independent estimate of the value
the solver computes.  With ``trace`` the first games are also recorded roll by
roll (:class:`TracedTurn`), to be replayed through the engine with the real bot.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.games.yahtzee.rules import (
    BOXES,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    YAHTZEE,
    YAHTZEE_BONUS,
    Box,
    Rules,
    choices,
    final_score,
    natural_score,
    yahtzee_bonus,
)
from parlour.games.yahtzee.solver import strategy
from parlour.games.yahtzee.solver.keeps import LEVELS, ROLLS, keep_index
from parlour.games.yahtzee.solver.scoring import box_options
from parlour.games.yahtzee.solver.strategy import TIE, YahtzeeTable, sub_keeps
from parlour.games.yahtzee.solver.turn import evaluate_turn
from parlour.games.yahtzee.solver.widgets import UPPER_CAP, Floats, Ints, Variant, Widgets

Dice = tuple[int, ...]
ProgressFn = Callable[[int, int], None]

BATCH_COLUMNS = 1024
"""Distinct positions evaluated together (about 50 MB of within-turn values)."""
TURNS = len(BOXES)
_Y = Box.YAHTZEE.index

# ---- lookup tables: rolls, keeps, scores -----------------------------------------------------

_OFFSETS = np.cumsum([0, *(len(level) for level in LEVELS)])
KEEPS = int(_OFFSETS[-1])
"""Keeps of 0 to 5 dice (462), numbered level by level as the solver orders them."""
_PAD = KEEPS
"""A keep number that is never legal (its value is ``-inf``)."""


def _keep_id(keep: Dice) -> int:
    size, row = keep_index(keep)
    return int(_OFFSETS[size]) + row


_ALL_KEEPS: tuple[Dice, ...] = tuple(k for level in LEVELS for k in level)
_SUB: Ints = np.full((len(ROLLS), 31), _PAD, dtype=np.intp)
"""``_SUB[r, j]``: the ``j``-th keep of roll ``r`` in the engine's order (``_PAD`` after the last)."""
for _r, _roll in enumerate(ROLLS):
    _ids = [_keep_id(k) for k in sub_keeps(_roll)]
    _SUB[_r, :len(_ids)] = _ids
_KEPT = _SUB.shape[1]
"""A decision's columns are the keeps (padded to this many), then the thirteen boxes in card order."""
_KEEP_FACES = np.zeros((KEEPS + 1, 5), dtype=np.int8)
"""``_KEEP_FACES[k]``: the dice of keep ``k``, then 0 for each die thrown."""
for _k, _keep in enumerate(_ALL_KEEPS):
    _KEEP_FACES[_k, :len(_keep)] = _keep
_ROLL_OF = np.zeros(6**5, dtype=np.intp)
"""The roll (row of ``ROLLS``) of five dice in any order, by ``sum((d_i - 1) * 6**i)``."""
for _code in range(6**5):
    _ROLL_OF[_code] = ROLLS.index(tuple(sorted(_code // 6**i % 6 + 1 for i in range(5))))
_PLACES = 6 ** np.arange(5)
_NATURAL: dict[bool, Ints] = {
    house: np.array([[natural_score(b, r, house) for b in BOXES] for r in ROLLS], dtype=np.intp)
    for house in (False, True)
}
"""``_NATURAL[five_kind_house][r, i]``: what roll ``r`` scores in ``BOXES[i]`` by the rules (no wildcard)."""
_FIVE_OF_A_KIND = np.array([len(set(r)) == 1 for r in ROLLS])


def _roll_of(dice: npt.NDArray[np.int8]) -> Ints:
    """The roll of each row of five dice (1-6, any order)."""
    rolls: Ints = _ROLL_OF[(dice.astype(np.intp) - 1) @ _PLACES]
    return rolls


def _first_best(values: Floats) -> Ints:
    """Per row, the first column within ``TIE`` of the row's best: the bot's choice (``rank``)."""
    top = values.max(axis=1)
    first: Ints = np.argmax(top[:, None] - values <= TIE, axis=1)
    return first


# ---- results ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TracedTurn:
    """One turn of a traced game: what chance threw and what the strategy chose.

    ``throws[i]`` are the dice thrown by roll ``i + 1`` (sorted; all five the first
    time, then the dice not kept), ``keeps[i]`` the dice kept before roll ``i + 2``;
    then the box scored, its points and whether an extra-Yahtzee bonus was earned.
    """

    throws: tuple[Dice, ...]
    keeps: tuple[Dice, ...]
    box: Box
    points: int
    bonus: bool


@dataclass(frozen=True)
class SimulationSummary:
    """The final scores of many simulated games, and the solver's value to compare them with."""

    scores: npt.NDArray[np.int64] = field(repr=False)
    """Each game's final total, in game order."""
    expected: float
    """The solver's optimal expected final score for the rules."""
    yahtzee_bonuses: dict[int, int]
    """Games by the number of 100-point bonuses they earned (``{0: …, 1: …}``)."""
    upper_bonuses: int
    """Games that earned the 35-point upper bonus."""
    yahtzees: int
    """Games with 50 in the Yahtzee box."""
    seed: int | None
    seconds: float
    traces: tuple[tuple[TracedTurn, ...], ...] = field(default=(), repr=False)
    """The first games, turn by turn (with ``trace``)."""

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def mean(self) -> float:
        return float(self.scores.mean())

    @property
    def sd(self) -> float:
        """The sample standard deviation (``n - 1``)."""
        return float(self.scores.std(ddof=1)) if self.games > 1 else 0.0

    @property
    def se(self) -> float:
        """The standard error of the mean."""
        return self.sd / math.sqrt(self.games) if self.games > 1 else math.inf

    @property
    def z(self) -> float:
        """How many standard errors the mean is from the solver's value."""
        return (self.mean - self.expected) / self.se

    def percentile(self, q: float) -> float:
        return float(np.percentile(self.scores, q))

    def histogram(self, width: int = 25) -> dict[int, int]:
        """Games by score, in bins of ``width`` points (keyed by each bin's lowest score)."""
        bins = Counter((self.scores // width * width).tolist())
        return dict(sorted(bins.items()))

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "seed": self.seed, "mean": self.mean, "sd": self.sd, "se": self.se,
            "expected": self.expected, "z": self.z, "seconds": self.seconds,
            "min": int(self.scores.min()), "max": int(self.scores.max()),
            "percentiles": {str(q): self.percentile(q) for q in (1, 5, 25, 50, 75, 95, 99)},
            "upper_bonus_rate": self.upper_bonuses / self.games,
            "yahtzee_rate": self.yahtzees / self.games,
            "yahtzee_bonuses": {str(k): v for k, v in self.yahtzee_bonuses.items()},
        }


# ---- the simulation ---------------------------------------------------------------------------


@dataclass
class _Games:
    """The cards of every game: ``boxes[g, i]`` (-1 while open) and bonus chips."""

    boxes: npt.NDArray[np.int64]
    chips: npt.NDArray[np.int64]

    def positions(self, variant: Variant) -> tuple[Ints, Floats]:
        """Each game's position as a flat index ``(mask * 64 + upper) * 2 + fifty`` into the
        solver's table, and the points on its card (as ``Position.of_card`` counts them)."""
        filled = self.boxes >= 0
        mask = filled.astype(np.intp) @ (1 << np.arange(len(BOXES)))
        upper = np.where(filled[:, :6], self.boxes[:, :6], 0).sum(axis=1)
        fifty = self.boxes[:, _Y] == YAHTZEE if variant.bonus_needs_fifty else np.zeros(len(mask), bool)
        key = (mask * (UPPER_CAP + 1) + np.minimum(upper, UPPER_CAP)) * 2 + fifty
        score = (np.where(filled, self.boxes, 0).sum(axis=1) + YAHTZEE_BONUS * self.chips
                 + UPPER_BONUS * (upper >= UPPER_BONUS_AT))
        return key.astype(np.intp), score.astype(np.float64)


@dataclass
class _Turn:
    """One turn of every game: the roll after each throw (-1: not thrown), the keeps (-1: none),
    the last roll and the box it is scored in."""

    rolls: Ints
    keeps: Ints
    last: Ints
    box: Ints

    @classmethod
    def empty(cls, games: int) -> _Turn:
        return cls(np.full((games, 3), -1, dtype=np.intp), np.full((games, 2), -1, dtype=np.intp),
                   np.full(games, -1, dtype=np.intp), np.full(games, -1, dtype=np.intp))

    def head(self, games: int) -> _Turn:
        return _Turn(self.rolls[:games], self.keeps[:games], self.last[:games], self.box[:games])


def _batch_values(variant: Variant, values: Floats, keys: Ints) -> tuple[Floats, Floats, Floats]:
    """For the positions ``keys``: keep values with 2 and 1 rolls left (``[keep, column]``, a row
    of ``-inf`` for ``_PAD``) and box values (``[box, roll, column]``, ``-inf`` where barred)."""
    cols = Widgets(keys // (2 * (UPPER_CAP + 1)), keys // 2 % (UPPER_CAP + 1), keys % 2)
    turn = evaluate_turn(variant, values, cols)
    pad = np.full((1, len(keys)), -np.inf)
    keeps2 = np.concatenate([*turn.keeps[2], pad])
    keeps1 = np.concatenate([*turn.keeps[1], pad])
    boxes = np.full((len(BOXES), len(ROLLS), len(keys)), -np.inf)
    for box, value, _ in box_options(variant, values, None, cols):
        boxes[box.index] = value
    return keeps2, keeps1, boxes


def _play_batch(variant: Variant, values: Floats, keys: Ints, games: Ints, column: Ints,
                score: Floats, thrown: npt.NDArray[np.int8], out: _Turn) -> None:
    """One turn of ``games`` (whose positions are ``keys[column]``), choosing as the bot does."""
    keeps2, keeps1, boxes = _batch_values(variant, values, keys)
    roll = _roll_of(thrown[0, games])
    out.rolls[games, 0] = roll
    live = np.arange(len(games))
    for step, keep_values in ((1, keeps2), (2, keeps1)):
        g, r, c = games[live], roll[live], column[live]
        options = np.concatenate([keep_values[_SUB[r], c[:, None]], boxes[:, r, c].T], axis=1)
        pick = _first_best(options + score[g, None])
        keeping = pick < _KEPT
        out.box[g[~keeping]] = pick[~keeping] - _KEPT
        live, g = live[keeping], g[keeping]
        keep = _SUB[roll[live], pick[keeping]]
        out.keeps[g, step - 1] = keep
        faces = _KEEP_FACES[keep]
        roll[live] = _roll_of(np.where(faces > 0, faces, thrown[step, g]))
        out.rolls[g, step] = roll[live]
    g, r, c = games[live], roll[live], column[live]
    out.box[g] = _first_best(boxes[:, r, c].T + score[g, None])
    out.last[games] = roll


def _score(rules: Rules, cards: _Games, turn: _Turn) -> npt.NDArray[np.bool_]:
    """Score every game's chosen box by the rules; the games that earned a Yahtzee bonus."""
    n, last, box = len(turn.box), turn.last, turn.box
    games = np.arange(n)
    if (box < 0).any() or (cards.boxes[games, box] >= 0).any():
        raise RuntimeError("the simulation chose a filled box (a bug)")
    extra = _FIVE_OF_A_KIND[last] & (cards.boxes[:, _Y] >= 0)
    points = _NATURAL[rules.five_kind_house][last, box]
    bonus = np.zeros(n, dtype=bool)
    for g in np.flatnonzero(extra).tolist():
        card = [None if v < 0 else v for v in cards.boxes[g].tolist()]
        dice = ROLLS[int(last[g])]
        allowed = choices(rules, card, dice)
        chosen = BOXES[int(box[g])]
        if chosen not in allowed:
            raise RuntimeError(f"the simulation scored {dice} in {chosen.title}, which is barred (a bug)")
        points[g] = allowed[chosen]
        bonus[g] = yahtzee_bonus(rules, card, dice) > 0
    cards.boxes[games, box] = points
    cards.chips += bonus
    return bonus


def _minus(roll: Dice, keep: Dice) -> Dice:
    rest = list(roll)
    for d in keep:
        rest.remove(d)
    return tuple(rest)


def _traced(turns: list[_Turn], cards: list[npt.NDArray[np.int64]],
            bonuses: list[npt.NDArray[np.bool_]], game: int) -> tuple[TracedTurn, ...]:
    out = []
    for t, turn in enumerate(turns):
        rolls = [ROLLS[r] for r in turn.rolls[game].tolist() if r >= 0]
        keeps = [_ALL_KEEPS[k] for k in turn.keeps[game].tolist() if k >= 0]
        throws = [rolls[0], *(_minus(r, k) for r, k in zip(rolls[1:], keeps, strict=True))]
        box = int(turn.box[game])
        out.append(TracedTurn(tuple(throws), tuple(keeps), BOXES[box], int(cards[t][game, box]),
                              bool(bonuses[t][game])))
    return tuple(out)


def simulate_optimal(rules: Rules | None = None, games: int = 100_000, seed: int | None = None,
                     table: YahtzeeTable | None = None, trace: int = 0,
                     progress: ProgressFn | None = None) -> SimulationSummary:
    """Play ``games`` solitaire games with the optimal strategy (the ``optimal`` bot's choices).

    ``table`` is the strategy of ``rules`` (default: :func:`strategy.table`, solved or loaded);
    ``trace`` records the first games roll by roll (:attr:`SimulationSummary.traces`);
    ``progress(turn, 13)`` is called after each turn.
    """
    rules = rules or Rules()
    if games < 1:
        raise ValueError(f"at least one game, please, not {games}")
    start = time.perf_counter()
    variant = Variant.of(rules)
    tbl = table if table is not None else strategy.table(rules)
    if tbl.variant != variant:
        raise ValueError(f"the table is for {tbl.variant.key}, not for these rules ({variant.key})")
    rng = np.random.default_rng(seed)
    cards = _Games(np.full((games, len(BOXES)), -1, dtype=np.int64), np.zeros(games, dtype=np.int64))
    turns: list[_Turn] = []
    snapshots: list[npt.NDArray[np.int64]] = []
    bonuses: list[npt.NDArray[np.bool_]] = []
    for t in range(TURNS):
        thrown = rng.integers(1, 7, size=(3, games, 5), dtype=np.int8)
        keys, score = cards.positions(variant)
        distinct, column = np.unique(keys, return_inverse=True)
        order = np.argsort(column, kind="stable")
        ordered = column[order]
        turn = _Turn.empty(games)
        for lo in range(0, len(distinct), BATCH_COLUMNS):
            hi = min(lo + BATCH_COLUMNS, len(distinct))
            a, b = np.searchsorted(ordered, [lo, hi])
            batch = order[a:b]
            _play_batch(variant, tbl.values, distinct[lo:hi], batch, column[batch] - lo, score, thrown, turn)
        bonus = _score(rules, cards, turn)
        if trace:
            turns.append(turn.head(trace))
            snapshots.append(cards.boxes[:trace].copy())
            bonuses.append(bonus[:trace])
        if progress is not None:
            progress(t + 1, TURNS)
    finals = [(None if v < 0 else v for v in row) for row in cards.boxes.tolist()]
    scores = np.array([final_score(tuple(row), chips) for row, chips in
                       zip(finals, cards.chips.tolist(), strict=True)], dtype=np.int64)
    upper = np.where(cards.boxes[:, :6] >= 0, cards.boxes[:, :6], 0).sum(axis=1)
    chips = Counter(cards.chips.tolist())
    return SimulationSummary(
        scores=scores, expected=tbl.expected(), yahtzee_bonuses=dict(sorted(chips.items())),
        upper_bonuses=int((upper >= UPPER_BONUS_AT).sum()),
        yahtzees=int((cards.boxes[:, _Y] == YAHTZEE).sum()),
        seed=seed, seconds=time.perf_counter() - start,
        traces=tuple(_traced(turns, snapshots, bonuses, g) for g in range(min(trace, games))),
    )


__all__ = ["SimulationSummary", "TracedTurn", "simulate_optimal"]
