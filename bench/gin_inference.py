"""How much better could the ``strong`` Gin Rummy bot guess the opponent's hand?  (Sixth round in
``docs/benchmarks.md``.)

Two measurements against ``simple``, single hands in both seat orders as ``bench_gin_hands.py``:

* ``oracle``: the ceiling.  ``strong`` is paired on the same deals with a copy that is *told*
  the opponent's hand for its inference (``Model.p`` is 1 for the cards held, 0 for the rest):
  what perfect inference would be worth in points a hand.  (``--oracle-stock`` also tells it
  which unseen cards are in the stock, for its look-ahead.)
* ``posterior``: what the public history allows.  At ``strong``'s discards, the chance that
  ``simple`` could meld each card it might throw (what ``Model.danger`` estimates) is also
  worked out from the exact posterior over the opponent's hidden cards *given that they play
  like* ``simple`` (it takes a discard only to complete a meld, discards for the least deadwood
  with its tie-break, knocks at once): a Markov chain over the opponent's whole hidden history
  (the ten cards dealt and every card drawn from the stock, in order), whose likelihood replays
  each of the opponent's decisions.  Both estimates are scored against the truth (Brier score:
  mean squared error of the chance against 0/1).  ``--lam``/``--eps`` soften the replay: a
  discard leaving ``x`` more deadwood than ``simple``'s choice costs ``exp(-lam * x - 1)``, any
  other decision ``simple`` would not have made costs ``eps``.

    python bench/gin_inference.py oracle [--hands 1000] [--seed 7] [--jobs 2] [--oracle-stock]
    python bench/gin_inference.py posterior [--hands 40] [--seed 777] [--steps 1000] [--burn 3000] [--thin 10]

This is a research bench: nothing in the bot uses it.
"""

from __future__ import annotations

import argparse
import collections
import math
import random
import statistics
from collections.abc import Sequence
from typing import Any

from benchkit import run_jobs  # (bench/ is on the path: run as a script)

from parlour.core.driver import Step, play
from parlour.core.rng import make_rng
from parlour.games.gin_rummy import GAME, Rules
from parlour.games.gin_rummy.bots.simple import SimpleBot, completes_meld
from parlour.games.gin_rummy.bots.strong import Model, StrongBot, up_card
from parlour.games.gin_rummy.deck import INDEX, VALUE, bits
from parlour.games.gin_rummy.melds import discard_deadwoods
from parlour.games.gin_rummy.moves import Act
from parlour.games.gin_rummy.state import Phase
from parlour.games.gin_rummy.view import GinView

_LATEST: list[Any] = [None]
"""The true state after the last step (the bench's window on what the bots cannot see)."""


def _watch(step: Step) -> None:
    _LATEST[0] = step.after


class OracleBot(StrongBot):
    """``strong``, told the opponent's hand (and, with ``stock``, what is in the stock)."""

    name = "oracle"

    def __init__(self, stock: bool) -> None:
        self.stock = stock

    def choose(self, game: Any, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        original = Model.__init__
        stock = self.stock

        def told(model: Model, view: GinView) -> None:
            original(model, view)
            assert view.seat is not None
            held = _LATEST[0].hands[1 - view.seat]
            model.p = [float(held >> c & 1) for c in range(52)]
            if stock:
                model.stock_weights = [(c, 1.0 - model.p[c]) for c in bits(model.unseen)]
                model.stock_total = sum(w for _, w in model.stock_weights) or 1.0

        Model.__init__ = told  # type: ignore[method-assign]
        try:
            return super().choose(game, view, legal, rng)
        finally:
            Model.__init__ = original  # type: ignore[method-assign]


def _oracle_hands(job: tuple[int, int, int, int, bool]) -> list[tuple[int, str, float, bool]]:
    first, count, step, seed, stock = job
    out = []
    for n in range(first, count, step):
        for seat in (0, 1):
            for name in ("strong", "oracle"):
                bots: list[Any] = [SimpleBot(), SimpleBot()]
                bots[seat] = StrongBot() if name == "strong" else OracleBot(stock)
                rng = make_rng(seed * 1_000_003 + n)
                state = play(GAME, Rules(target=1), bots, rng, on_step=_watch).state
                hand = state.sheet[-1]
                sign = 1 if hand.winner == seat else -1
                out.append((n, name, sign * hand.points, hand.knocker == seat))
    return out


def oracle(args: argparse.Namespace) -> None:
    jobs = [(j, args.hands, args.jobs, args.seed, args.oracle_stock) for j in range(args.jobs)]
    rows = [r for chunk in run_jobs(_oracle_hands, jobs, args.jobs) for r in chunk]
    points: dict[str, dict[int, float]] = {"strong": collections.defaultdict(float),
                                           "oracle": collections.defaultdict(float)}
    first: dict[str, list[bool]] = {"strong": [], "oracle": []}
    for n, name, p, knocked in rows:
        points[name][n] += p / 2
        first[name].append(knocked)
    diffs = [points["oracle"][n] - points["strong"][n] for n in points["strong"]]
    told = "hand and stock" if args.oracle_stock else "hand"
    print(f"{args.hands} deals, both seat orders: strong {statistics.fmean(points['strong'].values()):+.2f} "
          f"points a hand (knocks first {statistics.fmean(first['strong']) * 100:.1f}%); told the "
          f"opponent's {told}: {statistics.fmean(points['oracle'].values()):+.2f} "
          f"(knocks first {statistics.fmean(first['oracle']) * 100:.1f}%); paired difference "
          f"{statistics.fmean(diffs):+.2f} ± {1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)):.2f}")


# ---- the posterior under a simple-like opponent ----

Steps = list[tuple[str, int]]


def timeline(view: GinView, them: int) -> Steps:
    """The opponent's decisions in the hand: ``("refuse", card)`` (passed the up-card, or drew
    from the stock rather than take it), ``("take", card)``, ``("draw", -1)`` (from the stock)
    and ``("discard", card)``."""
    top = up_card(view)
    steps: Steps = []
    for event in view.history:
        card = INDEX[event.card] if event.card is not None else -1
        mine = event.seat == them
        if event.act is Act.TAKE:
            if mine:
                steps.append(("take", card))
            top = -1
        elif event.act is Act.DISCARD:
            if mine:
                steps.append(("discard", card))
            top = card
        elif event.act is Act.PASS and mine and top >= 0:
            steps.append(("refuse", top))
        elif event.act is Act.DRAW and mine:
            if top >= 0:
                steps.append(("refuse", top))
            steps.append(("draw", -1))
    return steps


def replay(steps: Steps, slots: Sequence[int], lam: float, eps: float, limit: int) -> float:
    """The log-likelihood that a ``simple`` player dealt ``slots[:10]`` and drawing ``slots[10:]``
    from the stock, in order, made the decisions ``steps``."""
    hand = 0
    for card in slots[:10]:
        hand |= 1 << card
    drawn = iter(slots[10:])
    log_eps = math.log(eps)
    total = 0.0
    keep = -1
    for kind, card in steps:
        if kind == "refuse":
            if completes_meld(hand, card):
                total += log_eps
        elif kind == "take":
            if not completes_meld(hand, card):
                total += log_eps
            hand |= 1 << card
            keep = card
        elif kind == "draw":
            hand |= 1 << next(drawn)
            keep = -1
        else:
            options = [(left, -VALUE[c], -(c % 13 * 4 + c // 13), c) for c, left in discard_deadwoods(hand)
                       if c != keep]
            best = min(options)
            left = next(o[0] for o in options if o[3] == card)
            if best[3] != card:
                total -= lam * (left - best[0]) + 1.0
            if left <= limit:  # it would have knocked
                total += log_eps
            hand ^= 1 << card
    return total


def posterior_hands(view: GinView, model: Model, rng: random.Random, samples: int, burn: int, thin: int,
                    lam: float, eps: float) -> list[int]:
    """Opponent hands drawn from the posterior (Metropolis over the hidden history: swap two
    slots, or a slot's card with an unseen card outside the history; a card the opponent
    discarded stays in the history, in a slot filled before it was thrown)."""
    assert view.seat is not None
    them = 1 - view.seat
    steps = timeline(view, them)
    taken: set[int] = set()
    thrown: dict[int, int] = {}  # a hidden card the opponent discarded -> its step
    for n, (kind, card) in enumerate(steps):
        if kind == "take":
            taken.add(card)
        elif kind == "discard":
            if card in taken:
                taken.discard(card)
            else:
                thrown[card] = n
    draws = [n for n, (kind, _) in enumerate(steps) if kind == "draw"]
    unseen = list(bits(model.unseen))
    held = view.hand_sizes[them] - model.their_known.bit_count()

    def fits(slot: int, card: int) -> bool:
        due = thrown.get(card)
        return due is None or slot < 10 or draws[slot - 10] < due

    def start() -> list[int]:
        # the unknown cards held now, then each draw (latest first) from the cards in hand after it
        present = rng.sample(unseen, held)
        waiting = sorted(((n, c) for c, n in thrown.items()), reverse=True)
        drawn: list[int] = []
        for d in reversed(draws):
            while waiting and waiting[0][0] > d:
                present.append(waiting.pop(0)[1])
            drawn.append(present.pop(rng.randrange(len(present))))
        present += [c for _, c in waiting]
        return present + drawn[::-1]

    slots, score = max(((s, replay(steps, s, lam, eps, view.rules.knock_limit)) for s in
                        (start() for _ in range(30))), key=lambda t: t[1])
    inside = set(slots)
    outside = [c for c in unseen if c not in inside]
    out = []
    for t in range(burn + samples * thin):
        trial = list(slots)
        i = rng.randrange(len(slots))
        k = -1  # the outside card brought in, if any
        if outside and rng.random() < 0.5:
            if slots[i] in thrown:
                continue
            k = rng.randrange(len(outside))
            trial[i] = outside[k]
        else:
            j = rng.randrange(len(slots))
            if i == j or not fits(i, slots[j]) or not fits(j, slots[i]):
                continue
            trial[i], trial[j] = trial[j], trial[i]
        new = replay(steps, trial, lam, eps, view.rules.knock_limit)
        if new >= score or rng.random() < math.exp(new - score):
            if k >= 0:
                outside[k] = slots[i]
            slots, score = trial, new
        if t >= burn and (t - burn) % thin == 0:
            hand = model.their_known
            for card in slots:
                if card not in thrown:
                    hand |= 1 << card
            out.append(hand)
    return out


def posterior(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    rows: list[tuple[float, float, int]] = []

    class Logging(StrongBot):
        def choose(self, game: Any, view: Any, legal: Sequence[Any], r: random.Random) -> Any:
            if view.phase is Phase.DISCARD and not view.must_knock:
                truth = _LATEST[0].hands[1 - view.seat]
                model = Model(view)
                keep = INDEX[view.taken] if view.taken is not None else -1
                hands = posterior_hands(view, model, rng, args.steps, args.burn, args.thin,
                                        args.lam, args.eps)
                for card in bits(model.hand):
                    if card != keep:
                        chance = sum(completes_meld(h, card) for h in hands) / len(hands)
                        rows.append((model.danger(card), chance, int(completes_meld(truth, card))))
            return super().choose(game, view, legal, r)

    for n in range(args.hands):
        for seat in (0, 1):
            bots: list[Any] = [SimpleBot(), SimpleBot()]
            bots[seat] = Logging()
            play(GAME, Rules(target=1), bots, make_rng(args.seed * 1_000_003 + n), on_step=_watch)
    truth = [r[2] for r in rows]
    base = statistics.fmean(truth)

    def brier(k: int) -> float:
        return statistics.fmean((r[k] - r[2]) ** 2 for r in rows)

    mixed = statistics.fmean(((r[0] + r[1]) / 2 - r[2]) ** 2 for r in rows)
    print(f"{len(rows)} candidate discards in {args.hands} deals (both seat orders); Brier score: "
          f"a constant {base * (1 - base):.4f}, the bot's estimate {brier(0):.4f}, the posterior "
          f"{brier(1):.4f}, their mean {mixed:.4f} (lam {args.lam}, eps {args.eps}, "
          f"{args.burn} + {args.steps} x {args.thin} steps)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("oracle", "posterior"))
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--oracle-stock", action="store_true")
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--burn", type=int, default=3000)
    parser.add_argument("--thin", type=int, default=10)
    parser.add_argument("--lam", type=float, default=2.0)
    parser.add_argument("--eps", type=float, default=0.02)
    args = parser.parse_args()
    if args.what == "oracle":
        args.hands = args.hands or 1000
        args.seed = 7 if args.seed is None else args.seed
        oracle(args)
    else:
        args.hands = args.hands or 40
        args.seed = 777 if args.seed is None else args.seed
        posterior(args)


if __name__ == "__main__":
    main()
