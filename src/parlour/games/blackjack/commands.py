"""``parlour solve blackjack``: the best play under any house rules, and its expected return."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from parlour.core.commands import Command, CommandError, Console
from parlour.core.options import parse_assignments, rules_to_json
from parlour.games.blackjack.rules import Rules
from parlour.games.blackjack.solver import Decision, Kind, Strategy, solve

LEGEND = ("H hit, S stand, P split, D double (else hit), Ds double (else stand), "
          "Rh / Rs / Rp surrender (else hit / stand / split)")


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="a house rule, as 'parlour rules blackjack' would list (repeatable)")
    p.add_argument("--casino", action="store_true",
                   help="start from the usual casino rules (Rules.casino) instead of the manual's")
    p.add_argument("--json", action="store_true", help="print JSON for programs")


def _card(v: int | None) -> str:
    return "none" if v is None else "A" if v == 1 else str(v)


def _decision_json(d: Decision) -> dict[str, Any]:
    return {"best": d.best.name.lower(), "code": d.code,
            "values": {a.name.lower(): v for a, v in d.values}}


def to_json(strategy: Strategy) -> dict[str, Any]:
    cols = [_card(d) for d in strategy.dealer_cards]
    return {
        "rules": rules_to_json(strategy.rules),
        "expectation": strategy.expectation,
        "dealer_cards": cols,
        "chart": {
            kind.value: {row.label: {c: _decision_json(cell) for c, cell in zip(cols, cells, strict=True)}
                         for row, cells in zip(strategy.rows, strategy.cells, strict=True)
                         if row.kind is kind}
            for kind in Kind},
        "exceptions": [{"row": row.label, "cards": list(cards), "dealer": _card(d), "code": code}
                       for row, cards, d, code in strategy.exceptions()],
    }


def chart_text(strategy: Strategy) -> str:
    cols = [("none showing" if d is None else _card(d)) for d in strategy.dealer_cards]
    width = max(len(c) for c in cols) if strategy.dealer_cards == (None,) else 3
    lines = []
    for kind in Kind:
        rows = [(r, c) for r, c in zip(strategy.rows, strategy.cells, strict=True) if r.kind is kind]
        if not rows:
            continue
        lines.append("")
        lines.append(f"{kind.value.capitalize():<6}" + "".join(f"{c:>{width + 1}}" for c in cols))
        for row, cells in rows:
            lines.append(f"{row.label:<6}" + "".join(f"{cell.code:>{width + 1}}" for cell in cells))
    return "\n".join(lines)


def _rules(assignments: Sequence[str], casino: bool) -> Rules:
    return parse_assignments(Rules, assignments, base=rules_to_json(Rules.casino()) if casino else None)


def _solve(args: argparse.Namespace, console: Console) -> int:
    rules = _rules(args.rule, args.casino)
    strategy = solve(rules)
    if args.json:
        console.print(json.dumps(to_json(strategy), indent=2))
        return 0
    deck = "an infinite deck" if rules.decks == 0 else f"{rules.decks} deck{'s' * (rules.decks > 1)}"
    split = "no splitting" if rules.split_hands == 1 else f"split to {rules.split_hands} hands"
    console.print(f"Blackjack, {deck}, deal: {rules.deal.value}, blackjack pays: {rules.blackjack.value}, "
          f"double: {rules.double.value}, {split}, "
          f"dealer {rules.soft17.value}s on soft 17, surrender: {rules.surrender.value}")
    console.print(f"Expected return per unit bet with the best play: {strategy.expectation * 100:+.4f}%")
    console.print(chart_text(strategy))
    console.print()
    console.print(LEGEND)
    exceptions = strategy.exceptions()
    if exceptions:
        console.print("Two-card hands played otherwise than their row:")
        for row, cards, d, code in exceptions:
            console.print(f"  {_card(cards[0])},{_card(cards[1])} ({row.label}) v {_card(d)}: {code}")
    return 0


SOLVE_DESCRIPTION = ("Exact best play of Blackjack (composition dependent for finite "
                            "decks) and the game's expected return. The rules default to the "
                            "manual's game; --rule deal=peek ... for casino rules.")

def _simulate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hands", type=int, help="hands to play (one seat, a bet of 1 each), compared "
                                              "with the solver's expected return")


def _simulate_hands(args: argparse.Namespace, console: Console) -> int:
    """``--hands N``: one seat plays N hands of a chip each; the mean return per hand with its
    standard error, beside the solver's expectation."""
    from parlour.games.blackjack.game import GAME
    from parlour.games.blackjack.simulate import simulate_hands

    if args.hands < 1:
        raise CommandError("--hands must be at least 1")
    if len(args.bots) != 1:
        raise CommandError("--hands plays one seat: give one --seat bot:NAME")
    name = args.bots[0]
    found = simulate_hands(args.rules, name, lambda table: console.bot(GAME, name, table), args.hands,
                           args.seed, progress=console.progress("Blackjack hands"))
    if args.json:
        console.print(json.dumps(found, indent=2))
        return 0
    console.print(f"Blackjack, bot:{name}: {found['hands']} hands of 1 chip")
    console.print(f"  mean return {found['mean'] * 100:+.3f}% a hand ± {found['se'] * 100:.3f}% "
                  "(standard error)")
    console.print(f"  the solver's expected return {found['expected'] * 100:+.4f}% "
                  f"({found['z']:+.2f} standard errors away)")
    console.print(f"  won {found['won'] * 100:.1f}%, pushed {found['pushed'] * 100:.1f}%, "
                  f"lost {found['lost'] * 100:.1f}% of hands")
    return 0


COMMANDS = (
    Command("solve", SOLVE_DESCRIPTION.split(". ")[0], _arguments, _solve, SOLVE_DESCRIPTION),
    Command("simulate", "hands of one seat against the solver's expectation", _simulate_arguments,
            _simulate_hands, applies=lambda args: args.hands is not None),
)
"""The game's own commands (``Game.commands``): ``parlour solve blackjack``."""
