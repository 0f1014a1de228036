"""Learning the ``strong`` Gin Rummy bot's discard evaluation from its own hands (fifth round in
``docs/benchmarks.md``).

Plays single hands against ``simple`` (both seat orders, as ``bench_gin_hands.py``).  At a share
``--explore`` of its ordinary discards, ``strong`` plays, uniformly at random, one of its discards
scoring within ``--window`` points of its best, and records each such candidate's features.  The
hand's final points for ``strong`` are then regressed on the chosen candidate's features less the
candidates' mean: the choice is random within a decision, so what the state itself is worth
cancels, and each estimate is the effect of that feature at the margin.

    python bench/gin_learn.py [--hands 12000] [--seed 41] [--jobs 2] [--save FILE] [--load FILE ...]
"""

from __future__ import annotations

import argparse
import pickle
import random
from typing import Any

import numpy as np
from benchkit import run_jobs  # (bench/ is on the path: run as a script)

from parlour.core.driver import play
from parlour.core.rng import make_rng
from parlour.games.gin_rummy import GAME, Rules
from parlour.games.gin_rummy.bots import SimpleBot
from parlour.games.gin_rummy.bots.strong import NEAR, Model, StrongBot, least_left, strong_move, top_value
from parlour.games.gin_rummy.deck import CARDS, INDEX, VALUE
from parlour.games.gin_rummy.melds import deadwood, meldable
from parlour.games.gin_rummy.moves import Discard

NAMES = ("a", "e", "k", "left", "d", "value", "s*a", "s*left", "s*d", "s*k")
"""The features: the bot's one-draw score ``a`` (expected deadwood, ``KNOCK_STEP`` more above the
knock limit), the plain expected deadwood ``e`` a draw later, the chance ``k`` of being able to
knock then, the deadwood now, the danger ``d`` of feeding the opponent, the discard's value, and
products with the stock's share ``s`` (stock / 31)."""
MODELS = ((0, 4), (1, 2, 4), (1, 2, 3, 4, 5), (0, 4, 8), (1, 2, 4, 8))
FULL_STOCK = 52 - 21

Decision = tuple[list[list[float]], int, float]
"""(each candidate's features, the one chosen, the hand's final points for ``strong``)."""


def features(model: Model, rest: int, card: int, left: int, stock: int) -> list[float]:
    now = deadwood(rest)
    top = top_value(rest & ~meldable(rest))
    total = expected = knock = 0.0
    for drawn, weight in model.stock_weights:
        if NEAR[drawn] & rest and meldable(rest | 1 << drawn) >> drawn & 1:
            best = least_left(rest | 1 << drawn)
        else:
            best = now - max(0, top - VALUE[drawn])
        expected += weight * best
        knock += weight * (best <= model.knock_limit)
        total += weight
    e, k = expected / total, knock / total
    a, d, s = model.after_draw(rest), model.danger(card), stock / FULL_STOCK
    return [a, e, k, left, d, VALUE[card], s * a, s * left, s * d, s * k]


class Explorer(StrongBot):
    """``strong``, choosing at random among its near-best discards now and then (and noting it)."""

    def __init__(self, rng: random.Random, explore: float, window: float) -> None:
        self.rng, self.explore, self.window = rng, explore, window
        self.hand_number = -1
        self.noted: list[tuple[list[list[float]], int]] = []

    def choose(self, game: Any, view: Any, legal: Any, rng: random.Random) -> Any:
        if view.hand_number != self.hand_number:  # a walled hand's choices do not count
            self.hand_number, self.noted = view.hand_number, []
        move = strong_move(view, legal)
        if isinstance(move, Discard) and self.rng.random() < self.explore:
            model = Model(view)
            keep = INDEX[view.taken] if view.taken is not None else -1
            scores = sorted(model.discard_scores(model.hand, keep))
            near = [(card, left) for score, card, left in scores if score <= scores[0][0] + self.window]
            if len(near) >= 2:
                pick = self.rng.randrange(len(near))
                self.noted.append(([features(model, model.hand ^ 1 << c, c, left, view.stock_size)
                                    for c, left in near], pick))
                move = Discard(CARDS[near[pick][0]])
        return move


def _hands(job: tuple[int, int, int, int, float, float]) -> list[Decision]:
    first, count, step, seed, explore, window = job
    out: list[Decision] = []
    for n in range(first, count, step):
        for seat in (0, 1):
            bot = Explorer(random.Random(seed * 7919 + 2 * n + seat), explore, window)
            bots: list[Any] = [SimpleBot(), SimpleBot()]
            bots[seat] = bot
            hand = play(GAME, Rules(target=1), bots, make_rng(seed * 1_000_003 + n)).state.sheet[-1]
            points = float(hand.points if hand.winner == seat else -hand.points)
            out += [(rows, pick, points) for rows, pick in bot.noted]
    return out


def fit(decisions: list[Decision]) -> None:
    x = np.array([np.array(rows[pick]) - np.mean(rows, axis=0) for rows, pick, _ in decisions])
    y = np.array([points for _, _, points in decisions])
    print(f"{len(y)} decisions; the hands' points: mean {y.mean():+.2f}, sd {y.std():.1f}")
    for columns in MODELS:
        a = np.column_stack([x[:, list(columns)], np.ones(len(y))])
        w, *_ = np.linalg.lstsq(a, y, rcond=None)
        residual = y - a @ w
        cov = residual @ residual / (len(y) - a.shape[1]) * np.linalg.inv(a.T @ a)
        print("  " + ", ".join(f"{NAMES[c]} {w[i]:+.3f} ± {1.96 * cov[i, i] ** 0.5:.3f}"
                               for i, c in enumerate(columns)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12000, help="deals, each played in both seat orders")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--explore", type=float, default=0.3)
    parser.add_argument("--window", type=float, default=2.5)
    parser.add_argument("--save", help="keep the decisions in this file (pickle)")
    parser.add_argument("--load", action="append", default=[], help="fit these saved decisions instead")
    args = parser.parse_args()
    decisions: list[Decision] = []
    if args.load:
        for path in args.load:
            with open(path, "rb") as f:
                decisions += pickle.load(f)  # files this script wrote
    else:
        jobs = [(j, args.hands, args.jobs, args.seed, args.explore, args.window) for j in range(args.jobs)]
        decisions = [d for part in run_jobs(_hands, jobs, args.jobs) for d in part]
        if args.save:
            with open(args.save, "wb") as f:
                pickle.dump(decisions, f)
    fit(decisions)


if __name__ == "__main__":
    main()
