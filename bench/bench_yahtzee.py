"""Time the Yahtzee solver: the full table, its second moments, the cache and position queries.

Usage: ``python bench/bench_yahtzee.py [--json] [--repeat N] [--games N] [--all-rules]``

* ``table``: :func:`compute` from scratch for the manual's rules (the game value);
  ``moments``: the same with second moments (for the standard deviation);
* ``save`` / ``load``: writing and reading the cached table (with its SHA-256 check);
* ``query``: the within-turn values of one position, not cached (what the advisor and the bot
  do once per turn), averaged over 200 positions;
* ``bot game``: a whole solo game of the optimal bot through the engine (``--games``);
* ``peak memory``: the largest resident size of a fresh process that solves the table;
* ``--all-rules``: the game value under every combination of the joker rule, the Yahtzee-bonus
  rule and five of a kind as a full house (the ``five_kind_house`` option).

Each time is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from parlour.games.yahtzee import solver
from parlour.games.yahtzee.rules import Joker
from parlour.games.yahtzee.solver import Variant, compute, store, strategy


@dataclass(frozen=True)
class Row:
    """One figure."""

    task: str
    detail: str
    seconds: float
    headline: float


def best_time(run: Callable[[], float], repeat: int) -> tuple[float, float]:
    """The fastest of ``repeat`` runs and the run's headline figure."""
    best, headline = float("inf"), 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        headline = run()
        best = min(best, time.perf_counter() - start)
    return best, headline


def time_table(repeat: int) -> Row:
    seconds, value = best_time(lambda: float(compute(Variant())[0][0, 0, 0]), repeat)
    return Row("table", "manual's rules (headline: the game value)", seconds, value)


def time_moments(repeat: int) -> Row:
    def run() -> float:
        values, moments = compute(Variant(), moments=True)
        assert moments is not None
        return float(np.sqrt(moments[0, 0, 0] - values[0, 0, 0] ** 2))

    seconds, sd = best_time(run, repeat)
    return Row("moments", "values and second moments (headline: SD)", seconds, sd)


def time_cache(values: np.ndarray, repeat: int) -> list[Row]:
    variant = Variant()
    with tempfile.TemporaryDirectory() as tmp:
        path = store.cache_file(variant, Path(tmp))
        save, _ = best_time(lambda: float(store.save_array(path, variant, "values", values)), repeat)

        def load() -> float:
            loaded = store.load_array(path, variant, "values")
            assert loaded is not None
            return float(loaded[0, 0, 0])

        seconds, value = best_time(load, repeat)
        size = path.stat().st_size / 1e6
    return [Row("save", f"{size:.1f} MB", save, value), Row("load", "with SHA-256 check", seconds, value)]


def time_queries(values: np.ndarray, repeat: int) -> Row:
    rng = np.random.default_rng(1)
    masks = [int(m) for m in rng.integers(0, solver.FULL, 200)]
    cols = [solver.Widgets(np.array([m]), np.array([0]), np.array([0])) for m in masks]

    def run() -> float:
        return float(sum(solver.evaluate_turn(Variant(), values, c).start[0] for c in cols))

    seconds, _ = best_time(run, repeat)
    return Row("query", "one position's turn, uncached (mean)", seconds / len(cols), 0.0)


def time_bot_games_in(cache: str, games: int) -> Row:
    import os

    old = os.environ.get(store.CACHE_ENV)
    os.environ[store.CACHE_ENV] = cache
    try:
        return time_bot_games(games)
    finally:
        if old is None:
            del os.environ[store.CACHE_ENV]
        else:
            os.environ[store.CACHE_ENV] = old


def time_bot_games(games: int) -> Row:
    """Solo games of the optimal bot through the engine's checked protocol (table already in memory)."""
    import random

    from parlour.core.protocol import CHANCE
    from parlour.games.yahtzee import GAME, Rules
    from parlour.games.yahtzee.bots.optimal import OptimalBot

    bot, rng, total = OptimalBot(), random.Random(1), 0.0
    start = time.perf_counter()
    for _ in range(games):
        state = GAME.initial_state(Rules(), 1)
        while not GAME.is_terminal(state):
            (seat,) = GAME.to_act(state)
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            else:
                legal = GAME.legal_moves(state, seat)
                state = GAME.apply(state, seat, bot.choose(GAME, GAME.view(state, seat), legal, rng))
        total += GAME.returns(state)[0]
    seconds = (time.perf_counter() - start) / games
    return Row("bot game", f"optimal, solo, mean of {games} (headline: mean score)", seconds, total / games)


def peak_memory() -> Row:
    """Solve in a fresh process and report its peak resident size (MB)."""
    code = ("import resource, time; from parlour.games.yahtzee.solver import compute, Variant; "
            "t = time.perf_counter(); compute(Variant()); t = time.perf_counter() - t; "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    mb, seconds = map(float, out.stdout.split())
    return Row("peak memory", f"{mb:.0f} MB resident (fresh process)", seconds, mb)


def all_rules() -> list[Row]:
    rows = []
    for joker, fifty, house in itertools.product(Joker, (True, False), (False, True)):
        variant = Variant(joker, fifty, house)
        start = time.perf_counter()
        value = float(compute(variant)[0][0, 0, 0])
        rows.append(Row("rules", variant.key, time.perf_counter() - start, value))
    return rows


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--repeat", type=int, default=1, help="runs per timing (best kept)")
    parser.add_argument("--all-rules", action="store_true", help="the value under every rule combination")
    parser.add_argument("--games", type=int, default=200, help="optimal-bot games to time")
    args = parser.parse_args(argv)
    repeat = max(1, args.repeat)
    rows = [time_table(repeat), time_moments(repeat)]
    values, _ = compute(Variant())
    rows += time_cache(values, repeat)
    rows.append(time_queries(values, repeat))
    strategy.forget_tables()
    with tempfile.TemporaryDirectory() as tmp:
        strategy.table(Variant(), tmp)  # solved (or loaded) once, before the games
        rows.append(time_bot_games_in(tmp, args.games))
    rows.append(peak_memory())
    if args.all_rules:
        rows += all_rules()
    if args.json:
        meta = {"python": platform.python_version(), "machine": platform.machine(), "numpy": np.__version__,
                "max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
        print(json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=2))
        return 0
    print(f"{'task':<12}{'detail':<42}{'seconds':>10}{'headline':>22}")
    for r in rows:
        print(f"{r.task:<12}{r.detail:<42}{r.seconds:>10.4f}{r.headline!r:>22}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
