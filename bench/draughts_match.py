"""Strength matches between draughts engine levels, and against the engine's previous version.

    python bench/draughts_match.py A B [--openings 24] [--nps 40000] [--timed] [--max-plies 300]
        [--jobs 1] [--seed 1] [--json]

A and B are level names (``beginner``, ``casual``, ``club``, ``strong``, ``expert``) or
``previous:LEVEL``: the *previous version* of the engine with that level's limits.  The previous
version is the engine as it was before its search was tuned: plain alpha-beta with the same
evaluation and capture quiescence, but **no transposition table, no killer or history move
ordering and no endgame database** -- what this measures is what those parts are worth at the
same thinking effort.

Each of ``--openings`` three-move ballots (spread evenly over the ACF's 156 approved openings in
``tests/data/draughts/openings.json``) is played twice, each player taking Black once.  Timed
levels play by **nodes** (their seconds times ``--nps``, capped by their own node budget), so a
run repeats exactly whatever else the machine is doing; ``--timed`` plays by the clock instead.
A game ends when a side cannot move, by threefold repetition (a draw), or after ``--max-plies``
(a draw); with both players using the endgame database, a game reaching at most 4 pieces is
scored from the database at once.

The score is A's share of the points with a 95% margin (1.96 standard errors over the opening
pairs, since the two games of a pair are not independent), and the Elo difference it implies.
Benchmarks report, they do not assert.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from parlour.games.draughts.board import BIT, START, Position, legal_moves, play
from parlour.games.draughts.bots.levels import LEVELS, Level, LevelPlayer
from parlour.games.draughts.search import endgame
from parlour.games.draughts.search.searcher import Searcher

OPENINGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "draughts" / "openings.json"


def openings(count: int) -> list[dict[str, Any]]:
    listed = json.loads(OPENINGS.read_text())["openings"]
    if count >= len(listed):
        return list(listed)
    step = len(listed) / count
    return [listed[int(i * step)] for i in range(count)]


def make_player(spec: str, nps: int, timed: bool) -> LevelPlayer:
    previous = spec.startswith("previous:")
    lv: Level = LEVELS[spec.split(":", 1)[1] if previous else spec]
    if not timed and lv.seconds is not None:
        budget = int(lv.seconds * nps)
        lv = replace(lv, seconds=None, nodes=min(budget, lv.nodes or budget))
    if previous:
        lv = replace(lv, database=False)
        return LevelPlayer(lv, searcher=Searcher(use_tt=False, ordering=False))
    return LevelPlayer(lv)


def uses_database(spec: str) -> bool:
    return not spec.startswith("previous:") and LEVELS[spec].database


def play_game(black_spec: str, white_spec: str, opening: list[str], seed: int, nps: int,
              timed: bool, max_plies: int) -> dict[str, Any]:
    """One game; ``result`` is 1, 0.5 or 0 for Black."""
    players = {True: make_player(black_spec, nps, timed), False: make_player(white_spec, nps, timed)}
    adjudicate = uses_database(black_spec) and uses_database(white_spec)
    db = endgame.loaded(4) if adjudicate else None
    rng = random.Random(seed)
    pos: Position = START
    for text in opening:
        pos = play(pos, next(m for m in legal_moves(pos) if m.text == text))
    seen = [pos]
    plies = len(opening)
    start = time.perf_counter()
    result, reason = 0.5, "move limit"
    while plies < max_plies:
        moves = legal_moves(pos)
        if not moves:
            result, reason = (0.0 if pos.black_to_move else 1.0), "no move"
            break
        if db is not None and db.covers(pos):
            r = db.result(pos)
            assert r is not None
            if r.outcome == "draw":
                result = 0.5
            else:
                black_wins = (r.outcome == "win") == pos.black_to_move
                result = 1.0 if black_wins else 0.0
            reason = "database"
            break
        move = players[pos.black_to_move].choose(pos, rng, seen)
        after = play(pos, move)
        reversible = not move.captured and bool(pos.kings & BIT[move.start])  # a king's step
        seen = [*seen, after] if reversible else [after]
        pos = after
        plies += 1
        if seen.count(pos) >= 3:
            result, reason = 0.5, "repetition"
            break
    return {"black": black_spec, "white": white_spec, "opening": " ".join(opening), "result": result,
            "reason": reason, "plies": plies, "seconds": time.perf_counter() - start}


def summarise(a: str, b: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    pairs: dict[str, list[float]] = {}
    wins = draws = losses = 0
    for g in games:
        score = g["result"] if g["black"] == a else 1.0 - g["result"]
        pairs.setdefault(g["opening"], []).append(score)
        wins += score == 1.0
        draws += score == 0.5
        losses += score == 0.0
    per_pair = [sum(v) / len(v) for v in pairs.values()]
    mean = statistics.fmean(per_pair)
    se = statistics.stdev(per_pair) / math.sqrt(len(per_pair)) if len(per_pair) > 1 else float("nan")
    margin = 1.96 * se

    def elo(s: float) -> float:
        s = min(max(s, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / s - 1)

    return {"a": a, "b": b, "games": len(games), "wins": wins, "draws": draws, "losses": losses,
            "score": mean, "margin": margin, "elo": elo(mean), "elo_low": elo(mean - margin),
            "elo_high": elo(mean + margin),
            "mean_plies": statistics.fmean(g["plies"] for g in games),
            "seconds": sum(g["seconds"] for g in games)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--openings", type=int, default=24)
    parser.add_argument("--nps", type=int, default=40_000,
                        help="nodes a second, to turn timed levels into node budgets")
    parser.add_argument("--timed", action="store_true", help="play timed levels by the clock")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for spec in (args.a, args.b):
        name = spec.split(":", 1)[1] if spec.startswith("previous:") else spec
        if name not in LEVELS:
            parser.error(f"unknown player {spec!r}: levels are {', '.join(LEVELS)}")
    if uses_database(args.a) and uses_database(args.b):
        endgame.database(4)  # build or load it once, before the games
    jobs = []
    for i, op in enumerate(openings(args.openings)):
        for black, white in ((args.a, args.b), (args.b, args.a)):
            jobs.append((black, white, op["moves"], args.seed * 100_003 + 2 * i + (black == args.b),
                         args.nps, args.timed, args.max_plies))
    games: list[dict[str, Any]] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for g in pool.map(play_game, *zip(*jobs, strict=True)):
                games.append(g)
                _tick(g, len(games), len(jobs), args.json)
    else:
        for job in jobs:
            games.append(play_game(*job))
            _tick(games[-1], len(games), len(jobs), args.json)
    s = summarise(args.a, args.b, games)
    if args.json:
        print(json.dumps({"summary": s, "games": games}, indent=1))
        return
    print(f"{s['a']} vs {s['b']}: {s['games']} games, +{s['wins']} ={s['draws']} -{s['losses']}; "
          f"score {100 * s['score']:.1f}% ± {100 * s['margin']:.1f}% "
          f"(Elo {s['elo']:+.0f}, 95% {s['elo_low']:+.0f} to {s['elo_high']:+.0f}); "
          f"{s['mean_plies']:.0f} plies a game, {s['seconds']:.0f} s in all")


def _tick(g: dict[str, Any], done: int, total: int, quiet: bool) -> None:
    if not quiet:
        print(f"  {done}/{total} {g['black']} (B) v {g['white']} (W), {g['opening']}: "
              f"{g['result']} ({g['reason']}, {g['plies']} plies, {g['seconds']:.0f} s)",
              file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
