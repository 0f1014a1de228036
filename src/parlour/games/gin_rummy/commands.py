"""``parlour gin-rummy deadwood CARDS...``: the exact meld optimizer on the command line.

* any number of cards: the best melds, the deadwood cards and their count;
* eleven cards: also the deadwood left by each discard, best first;
* ``--onto CARDS`` (a knocker's ten cards): how the knocker lays out, and the best lay-offs of
  the given cards on those melds (chained ones included).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from parlour.core.cards import Card, parse_cards
from parlour.core.commands import Command, CommandError, Console


def _arguments(dead: argparse.ArgumentParser) -> None:
    dead.add_argument("cards", nargs="+", metavar="CARD",
                      help="cards as rank then suit: 7H TH 10h QS AC (spaces or commas)")
    dead.add_argument("--onto", metavar="CARDS",
                      help="a knocker's ten cards (in one argument): lay the hand off on their melds")
    dead.add_argument("--json", action="store_true", help="print JSON for programs")


def _cards(texts: Sequence[str]) -> tuple[Card, ...]:
    cards = parse_cards(" ".join(texts))
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CommandError(f"{card} is given twice")
        seen.add(card)
    return cards


def analyse(cards: Sequence[Card], onto: Sequence[Card] | None = None) -> dict[str, Any]:
    """Everything ``deadwood`` prints, as JSON data."""
    from parlour.games.gin_rummy.deck import CARDS, cards_of, mask_of
    from parlour.games.gin_rummy.layoff import best_layoff, knock_layout
    from parlour.games.gin_rummy.melds import arrange, discard_deadwoods

    def strs(cs: Sequence[Card]) -> list[str]:
        return [str(c) for c in cs]

    hand = mask_of(cards)
    best = arrange(hand)
    out: dict[str, Any] = {
        "cards": strs(cards_of(hand)),
        "melds": [strs(cards_of(m)) for m in best.melds],
        "deadwood_cards": strs(cards_of(best.unmatched)),
        "deadwood": best.deadwood,
        "discards": None,
        "layoff": None,
    }
    if len(cards) == 11:
        ranked = sorted(discard_deadwoods(hand), key=lambda cl: (cl[1], -cl[0]))
        out["discards"] = [{"card": str(CARDS[c]), "deadwood": left} for c, left in ranked]
    if onto is not None:
        knocker = mask_of(onto)
        if knocker & hand:
            both = " ".join(str(c) for c in cards_of(knocker & hand))
            raise CommandError(f"{both} cannot be in both hands")
        layout = knock_layout(knocker)
        gin = layout.deadwood == 0
        plan = best_layoff(layout.melds, hand) if not gin else None
        out["layoff"] = {
            "knocker_melds": [strs(cards_of(m)) for m in layout.melds],
            "knocker_deadwood_cards": strs(cards_of(layout.unmatched)),
            "knocker_deadwood": layout.deadwood,
            "gin": gin,
            "lay_off": [] if plan is None else [str(CARDS[c]) for c in plan.cards],
            "melds": [strs(cards_of(m)) for m in (plan.rest.melds if plan else best.melds)],
            "deadwood_cards": strs(cards_of(plan.rest.unmatched if plan else best.unmatched)),
            "deadwood": plan.deadwood if plan else best.deadwood,
        }
    return out


def _groups(melds: list[list[str]]) -> str:
    return " ".join(f"[{' '.join(m)}]" for m in melds) or "none"


def report(data: dict[str, Any]) -> str:
    lines = [f"Cards ({len(data['cards'])}): {' '.join(data['cards'])}",
             f"Melds: {_groups(data['melds'])}",
             f"Deadwood: {' '.join(data['deadwood_cards']) or 'none'} = {data['deadwood']}"]
    if data["discards"]:
        first = data["discards"][0]
        lines.append(f"Best discard: {first['card']} (leaves {first['deadwood']})")
        lines.append("Each discard: " + ", ".join(f"{d['card']} {d['deadwood']}" for d in data["discards"]))
    lay = data["layoff"]
    if lay is not None:
        lines.append(f"Knocker lays out: {_groups(lay['knocker_melds'])}, deadwood "
                     f"{' '.join(lay['knocker_deadwood_cards']) or 'none'} = {lay['knocker_deadwood']}")
        if lay["gin"]:
            lines.append("That is gin: nothing may be laid off.")
        else:
            lines.append(f"Best lay-offs: {' '.join(lay['lay_off']) or 'none'}")
            lines.append(f"Then: melds {_groups(lay['melds'])}, deadwood "
                         f"{' '.join(lay['deadwood_cards']) or 'none'} = {lay['deadwood']}")
    return "\n".join(lines)


def _deadwood(args: argparse.Namespace, console: Console) -> int:
    cards = _cards(args.cards)
    onto = _cards([args.onto]) if args.onto is not None else None
    data = analyse(cards, onto)
    console.print(json.dumps(data, indent=2) if args.json else report(data))
    return 0


COMMANDS = (
    Command("deadwood", "the best melds and the deadwood of a hand (the exact meld optimizer)",
            _arguments, _deadwood),
)
"""Gin Rummy's own commands (``Game.commands``)."""
