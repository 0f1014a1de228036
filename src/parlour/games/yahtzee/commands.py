"""``parlour solve yahtzee``: the optimal solitaire score, and the value of every choice in a position."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from parlour.core.commands import Command, CommandError, Console
from parlour.core.errors import InvalidMoveError
from parlour.core.options import parse_assignments, rules_to_json
from parlour.games.yahtzee.rules import BOXES, Box, Rules
from parlour.games.yahtzee.solver.strategy import (
    Choice,
    Position,
    YahtzeeTable,
    load_or_solve,
    with_moments,
)
from parlour.games.yahtzee.solver.widgets import Variant


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="a house rule (see 'parlour rules yahtzee')")
    p.add_argument("--json", action="store_true", help="print JSON for programs")
    p.add_argument("--cache-dir", metavar="DIR",
                   help="where the table is cached (default: $PARLOUR_CACHE, else the user's cache folder)")
    q = p.add_argument_group("a position (the advisor)")
    q.add_argument("--filled", metavar="BOXES", default="",
                   help="the filled boxes, e.g. ones,house,chance (names as in 'score …')")
    q.add_argument("--upper", type=int, default=0, metavar="N", help="the upper section's total so far")
    q.add_argument("--yahtzee", type=int, choices=(0, 50), metavar="50|0",
                   help="what the Yahtzee box holds, when it is filled")
    q.add_argument("--score", type=int, default=0, metavar="N",
                   help="points on the card so far, bonuses included (default 0: values are the "
                        "points still to come)")
    q.add_argument("--dice", metavar="D,D,D,D,D", help="the five dice showing, e.g. 2,2,5,5,6")
    q.add_argument("--rolls-left", type=int, default=2, choices=(0, 1, 2),
                   help="rolls left with these dice (default 2: just after the first roll)")


def _boxes(text: str) -> frozenset[Box]:
    from parlour.games.yahtzee.notation import parse_box

    names = [n for n in text.replace(";", ",").split(",") if n.strip()]
    try:
        return frozenset(parse_box(n) for n in names)
    except InvalidMoveError as exc:
        raise CommandError(f"--filled: {exc}") from None


def _dice(text: str) -> tuple[int, ...]:
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) == 1 and len(parts[0]) == 5:
        parts = list(parts[0])
    if len(parts) != 5 or not all(p.isascii() and p.isdigit() and 1 <= int(p) <= 6 for p in parts):
        raise CommandError(f"--dice takes five dice from 1 to 6, e.g. 2,2,5,5,6; not {text!r}")
    return tuple(sorted(int(p) for p in parts))


def _position(args: argparse.Namespace) -> Position:
    filled = _boxes(args.filled)
    if Box.YAHTZEE in filled and args.yahtzee is None:
        raise CommandError("the Yahtzee box is filled: say what it holds with --yahtzee 50 or --yahtzee 0")
    if Box.YAHTZEE not in filled and args.yahtzee is not None:
        raise CommandError("--yahtzee is only for a filled Yahtzee box (add yahtzee to --filled)")
    if len(filled) == len(BOXES):
        raise CommandError("every box is filled: the game is over")
    try:
        return Position(filled, args.upper, args.yahtzee == 50, args.score)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def _choice_text(choice: Choice) -> str:
    if isinstance(choice, Box):
        return f"score {choice.title}"
    if not choice:
        return "roll all five dice"
    return "keep " + " ".join(str(d) for d in sorted(choice, reverse=True))


def _choice_json(choice: Choice) -> dict[str, Any]:
    if isinstance(choice, Box):
        return {"box": choice.value}
    return {"keep": list(choice)}


def _load(rules: Rules, args: argparse.Namespace, console: Console) -> YahtzeeTable:
    return load_or_solve(Variant.of(rules), args.cache_dir, console.progress("Solving Yahtzee"))


def _where(tbl: YahtzeeTable) -> str:
    verb = "loaded" if tbl.source == "loaded" else "solved"
    place = f"cached in {tbl.path}" if tbl.path is not None else "not cached (the folder is not writable)"
    return f"Table {verb} in {tbl.seconds:.2f} s; {place}"


def _solve(args: argparse.Namespace, console: Console) -> int:
    rules = parse_assignments(Rules, args.rule)
    query = args.dice is not None or args.filled or args.upper or args.yahtzee is not None or args.score
    position = _position(args) if query else None
    dice = _dice(args.dice) if args.dice is not None else None
    tbl = _load(rules, args, console)
    out: dict[str, Any] = {
        "rules": rules_to_json(rules), "expected": tbl.expected(), "source": tbl.source,
        "seconds": round(tbl.seconds, 3), "cache": None if tbl.path is None else str(tbl.path),
    }
    if position is None:
        start = time.perf_counter()
        out["sd"] = with_moments(tbl, console.progress("Second moments")).sd()
        out["sd_seconds"] = round(time.perf_counter() - start, 3)
        return _print_game(out, args.json, console)
    out["position"] = {"filled": [b.value for b in BOXES if b in position.filled],
                       "upper": position.upper, "yahtzee": args.yahtzee, "score": position.score}
    out["value"] = tbl.value(position)
    ranked: list[tuple[Choice, float]] = []
    if dice is not None:
        out["dice"], out["rolls_left"] = list(dice), args.rolls_left
        out["dice_value"] = tbl.roll_value(position, dice, args.rolls_left)
        ranked = tbl.choices(position, dice, args.rolls_left)
        out["choices"] = [{**_choice_json(c), "value": v} for c, v in ranked]
    if args.json:
        console.print(json.dumps(out, indent=2))
        return 0
    console.print(_where(tbl))
    filled = ", ".join(b.title for b in BOXES if b in position.filled) or "none"
    console.print(f"Filled: {filled}; upper total {position.upper}"
          + (f"; Yahtzee box {args.yahtzee}" if args.yahtzee is not None else "")
          + f"; points so far {position.score}")
    what = "expected final score" if position.score else "expected points still to come"
    console.print(f"Before the turn: {what} {out['value']:.4f}")
    if dice is not None:
        console.print(f"Dice {' '.join(map(str, dice))} with {args.rolls_left} roll"
              f"{'' if args.rolls_left == 1 else 's'} left: {out['dice_value']:.4f}")
        best = ranked[0][1]
        for choice, value in ranked:
            gap = best - value
            note = "best" if gap <= 1e-9 else f"-{gap:.4f}"
            console.print(f"  {_choice_text(choice):<22} {value:10.4f}  ({note})")
    return 0


def _print_game(out: dict[str, Any], as_json: bool, console: Console) -> int:
    if as_json:
        console.print(json.dumps(out, indent=2))
        return 0
    rules = ", ".join(f"{k}={json.dumps(v)}" for k, v in out["rules"].items()
                      if k in ("joker", "bonus_needs_fifty", "five_kind_house"))
    console.print(f"Yahtzee, optimal solitaire play ({rules})")
    console.print(f"Expected final score: {out['expected']:.4f}  (exactly {out['expected']!r})")
    console.print(f"Standard deviation:   {out['sd']:.4f}")
    verb = "loaded" if out["source"] == "loaded" else "solved"
    where = f"cached in {out['cache']}" if out["cache"] else "not cached (the folder is not writable)"
    console.print(f"Table {verb} in {out['seconds']:.2f} s, second moments in {out['sd_seconds']:.2f} s; "
                  f"{where}")
    return 0


SOLVE_DESCRIPTION = ("The exact optimal solitaire strategy of Yahtzee: the highest expected final "
                    "score and its spread, or (with --dice or a position) the expected final score "
                    "of every choice.  The strategy is solved once (a few seconds) and cached.")

def _no_arguments(p: argparse.ArgumentParser) -> None:
    """The optimal bot's fast simulation takes ``parlour simulate``'s own options only."""


def _simulate_optimal(args: argparse.Namespace, console: Console) -> int:
    """The optimal bot alone: all the games at once, by the fast simulation of its strategy
    (``parlour.games.yahtzee.solver.simulate``; its own dice stream), reported like any simulation."""
    from collections import Counter

    from parlour.core.stats import SeatStats, SimulationResult
    from parlour.games.yahtzee.solver.simulate import simulate_optimal

    summary = simulate_optimal(args.rules, args.games, args.seed, progress=console.progress("Yahtzee turns"))
    scores = summary.scores.tolist()
    seat = SeatStats("1:optimal", wins=float(summary.games), returns=float(sum(scores)),
                     returns_sq=float(sum(s * s for s in scores)), scores=Counter(scores))
    result = SimulationResult("yahtzee", summary.games, [seat])
    console.report(result, args.json, {"mean_score_se": summary.se, "expected_score": summary.expected,
                                       "z": summary.z})
    return 0


COMMANDS = (
    Command("solve", SOLVE_DESCRIPTION.split(".  ")[0], _arguments, _solve, SOLVE_DESCRIPTION),
    Command("simulate", "the optimal bot alone, by the fast simulation of its strategy", _no_arguments,
            _simulate_optimal, applies=lambda args: [b.strip().lower() for b in args.bots] == ["optimal"]),
)
"""The game's own commands (``Game.commands``): ``parlour solve yahtzee``."""
