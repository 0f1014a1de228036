"""``parlour solve yahtzee``: the optimal solitaire score, and the value of every choice in a position."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from typing import Any, NoReturn

from parlour.cli.progress import Progress
from parlour.core.errors import InvalidMoveError, ParlourError
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


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise ParlourError(f"{message} (see 'parlour solve yahtzee --help')")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="parlour solve yahtzee",
        description="The exact optimal solitaire strategy of Yahtzee: the highest expected final "
                    "score and its spread, or (with --dice or a position) the expected final score "
                    "of every choice.  The strategy is solved once (a few seconds) and cached.",
    )
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
    return p


def _boxes(text: str) -> frozenset[Box]:
    from parlour.games.yahtzee.notation import parse_box

    names = [n for n in text.replace(";", ",").split(",") if n.strip()]
    try:
        return frozenset(parse_box(n) for n in names)
    except InvalidMoveError as exc:
        raise ParlourError(f"--filled: {exc}") from None


def _dice(text: str) -> tuple[int, ...]:
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) == 1 and len(parts[0]) == 5:
        parts = list(parts[0])
    if len(parts) != 5 or not all(p.isascii() and p.isdigit() and 1 <= int(p) <= 6 for p in parts):
        raise ParlourError(f"--dice takes five dice from 1 to 6, e.g. 2,2,5,5,6; not {text!r}")
    return tuple(sorted(int(p) for p in parts))


def _position(args: argparse.Namespace) -> Position:
    filled = _boxes(args.filled)
    if Box.YAHTZEE in filled and args.yahtzee is None:
        raise ParlourError("the Yahtzee box is filled: say what it holds with --yahtzee 50 or --yahtzee 0")
    if Box.YAHTZEE not in filled and args.yahtzee is not None:
        raise ParlourError("--yahtzee is only for a filled Yahtzee box (add yahtzee to --filled)")
    if len(filled) == len(BOXES):
        raise ParlourError("every box is filled: the game is over")
    try:
        return Position(filled, args.upper, args.yahtzee == 50, args.score)
    except ValueError as exc:
        raise ParlourError(str(exc)) from None


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


def _load(rules: Rules, args: argparse.Namespace) -> YahtzeeTable:
    return load_or_solve(Variant.of(rules), args.cache_dir, Progress("Solving Yahtzee"))


def _where(tbl: YahtzeeTable) -> str:
    verb = "loaded" if tbl.source == "loaded" else "solved"
    place = f"cached in {tbl.path}" if tbl.path is not None else "not cached (the folder is not writable)"
    return f"Table {verb} in {tbl.seconds:.2f} s; {place}"


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(list(argv))
    rules = parse_assignments(Rules, args.rule)
    query = args.dice is not None or args.filled or args.upper or args.yahtzee is not None or args.score
    position = _position(args) if query else None
    dice = _dice(args.dice) if args.dice is not None else None
    tbl = _load(rules, args)
    out: dict[str, Any] = {
        "rules": rules_to_json(rules), "expected": tbl.expected(), "source": tbl.source,
        "seconds": round(tbl.seconds, 3), "cache": None if tbl.path is None else str(tbl.path),
    }
    if position is None:
        start = time.perf_counter()
        out["sd"] = with_moments(tbl, Progress("Second moments")).sd()
        out["sd_seconds"] = round(time.perf_counter() - start, 3)
        return _print_game(out, args.json)
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
        print(json.dumps(out, indent=2))
        return 0
    print(_where(tbl))
    filled = ", ".join(b.title for b in BOXES if b in position.filled) or "none"
    print(f"Filled: {filled}; upper total {position.upper}"
          + (f"; Yahtzee box {args.yahtzee}" if args.yahtzee is not None else "")
          + f"; points so far {position.score}")
    what = "expected final score" if position.score else "expected points still to come"
    print(f"Before the turn: {what} {out['value']:.4f}")
    if dice is not None:
        print(f"Dice {' '.join(map(str, dice))} with {args.rolls_left} roll"
              f"{'' if args.rolls_left == 1 else 's'} left: {out['dice_value']:.4f}")
        best = ranked[0][1]
        for choice, value in ranked:
            gap = best - value
            note = "best" if gap <= 1e-9 else f"-{gap:.4f}"
            print(f"  {_choice_text(choice):<22} {value:10.4f}  ({note})")
    return 0


def _print_game(out: dict[str, Any], as_json: bool) -> int:
    if as_json:
        print(json.dumps(out, indent=2))
        return 0
    rules = ", ".join(f"{k}={json.dumps(v)}" for k, v in out["rules"].items()
                      if k in ("joker", "bonus_needs_fifty"))
    print(f"Yahtzee, optimal solitaire play ({rules})")
    print(f"Expected final score: {out['expected']:.4f}  (exactly {out['expected']!r})")
    print(f"Standard deviation:   {out['sd']:.4f}")
    verb = "loaded" if out["source"] == "loaded" else "solved"
    where = f"cached in {out['cache']}" if out["cache"] else "not cached (the folder is not writable)"
    print(f"Table {verb} in {out['seconds']:.2f} s, second moments in {out['sd_seconds']:.2f} s; {where}")
    return 0
