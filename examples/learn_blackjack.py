"""Learn the manual's Blackjack by tabular Q-learning, watching the exact regret fall.

The learner plays one round at a time of the manual's game (no dealer card showing; hit or
stand), dealt from an infinite deck, through the Gymnasium environment ``parlour/Blackjack-v0``:
its reward is the chips won or lost on a bet of 1.  It keeps a table of action values (NumPy only)
by its hand's total and whether the total is soft, and explores epsilon-greedily within the action
mask.  Every so often the chart it has learnt (hit or stand for each total) is valued *exactly* by
``parlour.envs.evaluate`` and printed beside the best play's expectation, -6.4047%, with the
regret between them; at the end the curve is plotted.

    python examples/learn_blackjack.py                       # under a minute
    python examples/learn_blackjack.py --episodes 200000 --plot curve.png

Needs the ``rl`` extra: ``pip install 'parlour[rl]'``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import gymnasium
import numpy as np
import numpy.typing as npt

from parlour.envs import register_gymnasium
from parlour.envs.evaluate import evaluate_chart
from parlour.games.blackjack.rules import Rules
from parlour.games.blackjack.solver import HandClass, Kind

RULES = Rules(decks=0, rounds=1, min_bet=1, max_bet=1)
"""The manual's game, an infinite deck, one round a game and a bet of 1."""

Key = tuple[int, bool]
"""A hand's total and whether it is soft."""


class QTable:
    """Hit and stand valued by the hand's total and softness, learnt by one-step Q-learning: each
    update moves a value by 1/n of the way, n the times the action has been taken there."""

    def __init__(self, fields: Sequence[tuple[str, int, str]], actions: int) -> None:
        offsets = np.cumsum([0] + [length for _, length, _ in fields])
        start = {name: int(offsets[i]) for i, (name, _, _) in enumerate(fields)}
        self.total, self.soft = start["hands"] + 1, start["hands"] + 2  # the learner's hand first
        self.actions = actions
        self.values: dict[Key, npt.NDArray[np.float64]] = {}
        self.counts: dict[Key, npt.NDArray[np.float64]] = {}

    def key(self, observation: npt.NDArray[np.float32]) -> Key:
        return round(float(observation[self.total]) * 30), bool(observation[self.soft])

    def row(self, key: Key) -> npt.NDArray[np.float64]:
        if key not in self.values:
            self.values[key] = np.ones(self.actions)  # optimistic: every action gets tried
            self.counts[key] = np.zeros(self.actions)
        return self.values[key]

    def best(self, key: Key, mask: npt.NDArray[np.int8]) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[np.argmax(self.row(key)[legal])])

    def learn(self, key: Key, action: int, target: float) -> None:
        row, counts = self.row(key), self.counts[key]
        counts[action] += 1
        row[action] += (target - row[action]) / counts[action]

    def chart(self, row: HandClass, up: int | None) -> str:
        """The chart learnt so far: hit where hitting is valued above standing."""
        hit, stand = self.row((row.total, row.kind is Kind.SOFT))[:2]
        return "H" if hit > stand else "S"


def train(episodes: int, checkpoints: int, seed: int,
          epsilon: tuple[float, float] = (0.5, 0.1)) -> list[tuple[int, float, float]]:
    """Learn for ``episodes`` rounds; at ``checkpoints`` even steps (and at the start) print and
    keep ``(episodes, expectation, regret)`` of the chart learnt, valued exactly."""
    register_gymnasium()  # parlour's ids in Gymnasium's registry (whatever was imported first)
    env = gymnasium.make("parlour/Blackjack-v0", rules=RULES)
    encoding = env.unwrapped.table.encoding  # type: ignore[attr-defined]
    hit, stand = (next(i for i in range(encoding.actions) if encoding.action_name(i) == name)
                  for name in ("hit", "stand"))
    assert (hit, stand) == (0, 1), "the chart reads hit and stand as the first two actions"
    table = QTable(encoding.fields(), encoding.actions)
    rng = np.random.default_rng(seed)
    every = max(1, episodes // checkpoints)
    curve: list[tuple[int, float, float]] = []
    start = time.perf_counter()

    def checkpoint(done: int) -> None:
        value = evaluate_chart(table.chart, Rules(decks=0))
        curve.append((done, value.expectation, value.regret))
        print(f"{done:>8} episodes  {time.perf_counter() - start:6.1f} s  "
              f"expectation {value.expectation:8.4%}  best {value.optimum:8.4%}  "
              f"regret {value.regret:8.4%}", flush=True)

    checkpoint(0)
    observation, _ = env.reset(seed=seed)
    for episode in range(1, episodes + 1):
        explore = epsilon[0] + (epsilon[1] - epsilon[0]) * min(1.0, episode / (0.8 * episodes))
        done = False
        while not done:
            mask = observation["action_mask"]
            if not mask[hit]:  # the bet: the only action, nothing to learn
                observation, _, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[0]))
                done = terminated or truncated
                continue
            key = table.key(observation["observation"])
            if rng.random() < explore:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = table.best(key, mask)
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            target = float(reward)
            if not done and observation["action_mask"][hit]:
                after = table.key(observation["observation"])
                target += table.row(after)[table.best(after, observation["action_mask"])]
            table.learn(key, action, target)
        observation, _ = env.reset()
        if episode % every == 0 or episode == episodes:
            checkpoint(episode)
    return curve


def plot(curve: Sequence[tuple[int, float, float]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    ax.plot([c[0] for c in curve], [100 * c[2] for c in curve], marker="o", markersize=3)
    ax.set_xlabel("rounds of training")
    ax.set_ylabel("regret: points of expectation below -6.4047%")
    ax.set_title("Tabular Q-learning on the manual's Blackjack, valued exactly", fontsize=11)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    print(f"plotted to {path}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100_000, help="rounds to learn from")
    parser.add_argument("--checkpoints", type=int, default=20, help="how often to value the chart")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", default="learn_blackjack.png", help="the figure's file ('' for none)")
    args = parser.parse_args(argv)
    curve = train(args.episodes, args.checkpoints, args.seed)
    print(f"final regret {curve[-1][2]:.4%} after {curve[-1][0]} episodes")
    if args.plot:
        plot(curve, args.plot)


if __name__ == "__main__":
    main()
