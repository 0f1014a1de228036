"""Time the Shut the Box solver.

Usage: ``python bench/bench_solver.py [--json] [--repeat N] [--tiles 9 10 12]``

Times :func:`solve` for every objective (shut, score, below:S for a few S),
both scorings, in floats and exactly, and :func:`solve_long_game` with and
without the doubles rule.  The solver's remembered answers are forgotten before every
timing; the table of the open sets each flip leaves (built once at import, for every box
size) is timed on its own in the ``tables`` row.  Each figure is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from parlour.games.shut_the_box import solver
from parlour.games.shut_the_box.rules import OneDie, Scoring
from parlour.games.shut_the_box.solver import tables

OBJECTIVES = ("shut", "score", "below:5", "below:10", "below:20")
ONE_DIE = OneDie.HIGH_TILES


@dataclass(frozen=True)
class Row:
    """One timing."""

    task: str
    tiles: int
    scoring: str
    objective: str
    numbers: str
    seconds: float
    headline: float


def best_time(run: Callable[[], float], repeat: int) -> tuple[float, float]:
    """The fastest of ``repeat`` runs (cache cleared first) and the run's headline figure."""
    best, headline = float("inf"), 0.0
    for _ in range(repeat):
        solver.clear_cache()
        start = time.perf_counter()
        headline = run()
        best = min(best, time.perf_counter() - start)
    return best, headline


def time_tables(repeat: int) -> Row:
    """Build the successor table (every box size) from scratch."""

    def run() -> float:
        return float(len(tables.successors_table()))

    seconds, headline = best_time(run, repeat)
    return Row("tables", tables.MAX_TILES, "-", "-", "-", seconds, headline)


def time_solve(tiles: int, scoring: Scoring, text: str, exact: bool, repeat: int) -> Row:
    """Solve one turn for one objective."""
    objective = solver.Objective.parse(text)

    def run() -> float:
        solution = solver.solve(tiles, ONE_DIE, scoring, objective, exact=exact)
        return float(solution.value((1 << tiles) - 1))

    seconds, headline = best_time(run, repeat)
    numbers = "exact" if exact else "float"
    return Row("solve", tiles, scoring.value, text, numbers, seconds, headline)


def time_long_game(tiles: int, doubles: bool, repeat: int) -> Row:
    """Solve the long game; the headline is the first player's chance on a fresh box."""

    def run() -> float:
        solution = solver.solve_long_game(tiles, ONE_DIE, doubles)
        return solution.win_probability(solution.all_tiles)

    seconds, headline = best_time(run, repeat)
    rule = "doubles-extra-turn" if doubles else "no-extra-turns"
    return Row("long game", tiles, "-", rule, "float", seconds, headline)


def run_all(sizes: list[int], repeat: int) -> list[Row]:
    """Every timing, box size by box size."""
    rows: list[Row] = [time_tables(repeat)]
    for tiles in sizes:
        for exact in (False, True):
            for scoring in Scoring:
                rows.extend(time_solve(tiles, scoring, t, exact, repeat) for t in OBJECTIVES)
        rows.extend(time_long_game(tiles, doubles, repeat) for doubles in (False, True))
    return rows


def print_table(rows: list[Row]) -> None:
    """The timings as a plain-text table."""
    header = f"{'task':<10}{'tiles':>6}  {'scoring':<8}{'objective':<20}{'numbers':<8}"
    print(header + f"{'seconds':>10}{'headline':>14}")
    for r in rows:
        print(
            f"{r.task:<10}{r.tiles:>6}  {r.scoring:<8}{r.objective:<20}{r.numbers:<8}"
            f"{r.seconds:>10.4f}{r.headline:>14.6g}"
        )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--repeat", type=int, default=1, help="runs per timing (best kept)")
    parser.add_argument("--tiles", type=int, nargs="+", default=[9, 10, 12], help="box sizes")
    args = parser.parse_args(argv)
    rows = run_all(args.tiles, max(1, args.repeat))
    if args.json:
        meta = {"python": platform.python_version(), "machine": platform.machine()}
        print(json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=2))
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
