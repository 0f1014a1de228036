"""``parlour solve shut-the-box``: optimal odds and strategy for one turn."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from parlour.core.commands import Command, CommandError, Console
from parlour.core.options import rules_from_json
from parlour.games.shut_the_box.rules import BOX_SIZES, Rules, mask_of, tiles_of
from parlour.games.shut_the_box.solver import Objective, ObjectiveKind, solve


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tiles", type=int, default=9, choices=BOX_SIZES)
    p.add_argument("--one-die", default="high-tiles",
                   help="high-tiles (default), seven-eight-nine, low-total or never")
    p.add_argument("--scoring", default="sum", help="sum (default) or digits")
    p.add_argument("--objective", default="shut", help="shut (default), score or below:S")
    p.add_argument("--open", metavar="TILES",
                   help="the tiles still open, e.g. 1,2,5 (default: the full box)")
    p.add_argument("--throw", type=int, metavar="TOTAL",
                   help="rank every flip for this throw total (the advisor)")
    p.add_argument("--exact", action="store_true", help="exact fractions")
    p.add_argument("--json", action="store_true", help="print JSON for programs")


def _tiles(text: str, box: int) -> int:
    parts = [x for x in text.replace("+", ",").replace(" ", ",").split(",") if x]
    if not all(x.isdigit() and 1 <= int(x) <= box for x in parts):
        raise CommandError(f"--open takes tiles from 1 to {box}, e.g. 1,2,5; not {text!r}")
    return mask_of([int(x) for x in parts])


def _num(value: Fraction | float, exact: bool) -> Any:
    return str(value) if exact else float(value)


def _words(objective: Objective, value: Fraction | float) -> str:
    if objective.kind is ObjectiveKind.SCORE:
        return f"expected score {float(-value):.4f}"
    what = "P(shut)" if objective.kind is ObjectiveKind.SHUT else f"P(score < {objective.target})"
    return f"{what} = {float(value) * 100:.5f}%"


def _solve(args: argparse.Namespace, console: Console) -> int:
    rules: Rules = rules_from_json(Rules, {"tiles": args.tiles, "one_die": args.one_die,
                                           "scoring": args.scoring})
    objective = Objective.parse(args.objective)
    open_mask = rules.all_tiles if args.open is None else _tiles(args.open, rules.tiles)
    if args.throw is not None and not 1 <= args.throw <= 12:
        raise CommandError("--throw is a dice total from 1 to 12")
    sol: Any = solve(rules.tiles, rules.one_die, rules.scoring, objective, exact=args.exact)
    value = sol.value(open_mask)
    dice = sol.dice_values(open_mask)
    out: dict[str, Any] = {
        "tiles": rules.tiles, "one_die": rules.one_die.value, "scoring": rules.scoring.value,
        "objective": str(objective), "open": list(tiles_of(open_mask)),
        "value": float(value), "dice": {str(k): _num(v, args.exact) for k, v in dice.items()},
        "best_dice": sol.best_dice(open_mask),
    }
    if args.exact:
        out["exact"] = str(value)
    totals = [args.throw] if args.throw is not None else list(range(1 if 1 in dice else 2, 13))
    out["throws"] = {
        str(t): [{"flip": list(tiles_of(m))[::-1], "value": _num(v, args.exact)}
                 for m, v in sol.flip_values(open_mask, t)]
        for t in totals
    }
    if args.json:
        console.print(json.dumps(out, indent=2))
        return 0
    board = " ".join(str(t) for t in tiles_of(open_mask)) or "none"
    console.print(f"Shut the Box, {rules.tiles} tiles, one die: {rules.one_die.value}, "
          f"scoring: {rules.scoring.value}; objective: {objective}")
    console.print(f"Open tiles: {board}")
    line = f"Value before the throw: {_words(objective, value)}"
    if args.exact:
        line += f"  (exactly {value})"
    console.print(line)
    for n, v in sorted(dice.items()):
        console.print(f"  throw {'one die ' if n == 1 else 'two dice'}: {_words(objective, v)}"
              + ("   <- best" if n == out["best_dice"] and len(dice) > 1 else ""))
    console.print("Best flip for each throw (then the alternatives):")
    for t in totals:
        ranked = sol.flip_values(open_mask, t)
        if not ranked:
            console.print(f"  {t:>2}: no move - the turn ends")
            continue
        parts = [f"{'+'.join(map(str, tiles_of(m)[::-1]))} ({_words(objective, v)})"
                 for m, v in ranked]
        console.print(f"  {t:>2}: " + ";  ".join(parts))
    return 0


SOLVE_DESCRIPTION = ("Exact optimal play for one turn of Shut the Box.")

COMMANDS = (
    Command("solve", SOLVE_DESCRIPTION.split(". ")[0], _arguments, _solve, SOLVE_DESCRIPTION),
)
"""The game's own commands (``Game.commands``): ``parlour solve shut-the-box``."""
