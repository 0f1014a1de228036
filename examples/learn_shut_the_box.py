"""Learn Shut the Box by tabular Q-learning, watching the exact regret fall.

The learner plays the solo game (the manual's rules) through the Gymnasium environment
``parlour/ShutTheBox-v0``: its reward is 1 for shutting the box, else 0.  It keeps a table of
action values (NumPy only) and explores epsilon-greedily, always within the action mask.  Every
so often its greedy policy is valued *exactly* by ``parlour.envs.evaluate`` (every state it can
reach, walked with its chance) and printed beside the best possible chance of shutting the box,
9.76137%, with the regret between them; at the end the curve is plotted.

    python examples/learn_shut_the_box.py                      # about a minute
    python examples/learn_shut_the_box.py --episodes 300000 --plot curve.png

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
from parlour.envs.evaluate import evaluate_agent

Values = npt.NDArray[np.float64]


class QTable:
    """Action values by state, learnt by one-step Q-learning.

    The state is read off the observation (its fields are documented in ``docs/envs.md``): the
    tiles that may be flipped and the total of the dice to be used (0 before a throw), all that
    the chances ahead depend on.  Each value starts optimistic (1, a sure shut), so every action is
    tried; each update moves it by 1/n of the way, n the times it has been taken."""

    def __init__(self, fields: Sequence[tuple[str, int, str]], actions: int) -> None:
        self.actions = actions
        offsets = np.cumsum([0] + [length for _, length, _ in fields])
        where = {name: slice(offsets[i], offsets[i + 1]) for i, (name, _, _) in enumerate(fields)}
        self.tiles, self.dice = where["flippable"], where["dice"]
        self.values: dict[tuple[bytes, int], Values] = {}
        self.counts: dict[tuple[bytes, int], Values] = {}

    def key(self, observation: npt.NDArray[np.float32]) -> tuple[bytes, int]:
        return observation[self.tiles].tobytes(), round(float(observation[self.dice][:2].sum()) * 6)

    def row(self, key: tuple[bytes, int]) -> Values:
        row = self.values.get(key)
        if row is None:
            row = self.values[key] = np.ones(self.actions)
            self.counts[key] = np.zeros(self.actions)
        return row

    def best(self, key: tuple[bytes, int], mask: npt.NDArray[np.int8]) -> int:
        """The legal action of most value (the first of equals)."""
        legal = np.flatnonzero(mask)
        return int(legal[np.argmax(self.row(key)[legal])])

    def greedy(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        """The policy learnt so far, as an agent: ``(observation, action_mask) -> action``."""
        return self.best(self.key(observation), mask)

    def learn(self, key: tuple[bytes, int], action: int, target: float) -> None:
        row, counts = self.row(key), self.counts[key]
        counts[action] += 1
        row[action] += (target - row[action]) / counts[action]


def train(episodes: int, checkpoints: int, seed: int,
          epsilon: tuple[float, float] = (0.1, 0.01)) -> list[tuple[int, float, float]]:
    """Learn for ``episodes`` games, exploring with a chance falling from ``epsilon[0]`` to
    ``epsilon[1]``; at ``checkpoints`` even steps (and at the start) print and keep
    ``(episodes, P(shut), regret)`` of the greedy policy, valued exactly."""
    register_gymnasium()  # parlour's ids in Gymnasium's registry (whatever was imported first)
    env = gymnasium.make("parlour/ShutTheBox-v0")
    encoding = env.unwrapped.table.encoding  # type: ignore[attr-defined]
    table = QTable(encoding.fields(), encoding.actions)
    rng = np.random.default_rng(seed)
    every = max(1, episodes // checkpoints)
    curve: list[tuple[int, float, float]] = []
    start = time.perf_counter()

    def checkpoint(done: int) -> None:
        value = evaluate_agent(table.greedy, exact=False)
        curve.append((done, value.shut, value.shut_regret))
        print(f"{done:>8} episodes  {time.perf_counter() - start:6.1f} s  "
              f"P(shut) {value.shut:8.4%}  best {value.optimum_shut:8.4%}  "
              f"regret {value.shut_regret:8.4%}", flush=True)

    checkpoint(0)
    observation, _ = env.reset(seed=seed)
    for episode in range(1, episodes + 1):
        explore = epsilon[0] + (epsilon[1] - epsilon[0]) * min(1.0, episode / (0.8 * episodes))
        key = table.key(observation["observation"])
        done = False
        while not done:
            mask = observation["action_mask"]
            if rng.random() < explore:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = table.best(key, mask)
            observation, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            target = float(reward)
            if not done:
                after = table.key(observation["observation"])
                target += table.row(after)[table.best(after, observation["action_mask"])]
            table.learn(key, action, target)
            if not done:
                key = after
        observation, _ = env.reset()
        if episode % every == 0 or episode == episodes:
            checkpoint(episode)
    return curve


def plot(curve: Sequence[tuple[int, float, float]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    episodes = [c[0] for c in curve]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    ax.plot(episodes, [100 * c[2] for c in curve], marker="o", markersize=3)
    ax.set_xlabel("episodes of training")
    ax.set_ylabel("regret: points of P(shut) below 9.76137%")
    ax.set_title("Tabular Q-learning on Shut the Box, valued exactly", fontsize=11)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    print(f"plotted to {path}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=60_000, help="games to learn from")
    parser.add_argument("--checkpoints", type=int, default=20, help="how often to value the policy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", default="learn_shut_the_box.png", help="the figure's file ('' for none)")
    args = parser.parse_args(argv)
    curve = train(args.episodes, args.checkpoints, args.seed)
    print(f"final regret {curve[-1][2]:.4%} after {curve[-1][0]} episodes")
    if args.plot:
        plot(curve, args.plot)


if __name__ == "__main__":
    main()
