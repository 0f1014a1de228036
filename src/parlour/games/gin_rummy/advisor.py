"""A deadwood advisor for ``hint``: every legal move with the deadwood it leads to.

It reads only the seat's view.  The value of a move is minus the deadwood the
player holds after it (for a draw from the stock: on average over the cards the
player has not seen, each followed by the best discard); a knock or gin is worth
a bonus on top, so it ranks first when it is possible.  It does not look ahead
further: it is a counting aid, not a strategy.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.protocol import Advice, Hint
from parlour.games.gin_rummy.deck import CARDS, FULL, INDEX, bits, mask_of
from parlour.games.gin_rummy.layoff import best_layoff, lay_off
from parlour.games.gin_rummy.melds import best_discard, deadwood, discard_deadwoods
from parlour.games.gin_rummy.moves import (
    BestLayOff,
    Discard,
    Done,
    Draw,
    Gin,
    Knock,
    LayOff,
    Move,
    Pass,
    Take,
)
from parlour.games.gin_rummy.notation import format_move
from parlour.games.gin_rummy.view import GinView

ENDING = 100.0
"""What a knock or gin adds to a move's value (so it ranks above every discard)."""


def _unseen(view: GinView, hand: int) -> list[int]:
    seen = hand | mask_of(view.pile) | mask_of(view.known[0]) | mask_of(view.known[1])
    return bits(FULL ^ seen)


def _value(view: GinView, move: Move, hand: int) -> tuple[float, str]:
    keep = INDEX[view.taken] if view.taken is not None else -1
    if isinstance(move, Take):
        assert view.top is not None
        card, left = best_discard(hand | 1 << INDEX[view.top], INDEX[view.top])
        return -left, f"take {view.top}, then discard {_card(card)}: deadwood {left}"
    if isinstance(move, Draw):
        unseen = _unseen(view, hand)
        mean = sum(best_discard(hand | 1 << c)[1] for c in unseen) / len(unseen)
        return -mean, f"draw from the stock: deadwood {mean:.1f} on average after the best discard"
    if isinstance(move, Pass):
        left = deadwood(hand)
        return -left, f"pass: keep your hand (deadwood {left})"
    if isinstance(move, Discard | Knock | Gin):
        left = dict(discard_deadwoods(hand))[INDEX[move.card]]
        bonus = ENDING if isinstance(move, Knock | Gin) else 0.0
        what = {Discard: "deadwood", Knock: "knock with", Gin: "gin:"}[type(move)]
        return bonus - left, f"{format_move(move)}: {what} {left}" + (
            " (you took it this turn)" if INDEX[move.card] == keep else "")
    assert view.showdown is not None
    table = tuple(mask_of(m) for m in view.showdown.table)
    if isinstance(move, LayOff):
        card = INDEX[move.card]
        plan = best_layoff(lay_off(table, card), hand ^ 1 << card)
        return -plan.deadwood, f"{format_move(move)}: deadwood {plan.deadwood} at best after it"
    if isinstance(move, BestLayOff):
        plan = best_layoff(table, hand)
        laid = " ".join(str(_card(c)) for c in plan.cards) or "nothing"
        return -plan.deadwood, f"lay off best ({laid}): deadwood {plan.deadwood}"
    assert isinstance(move, Done)
    left = deadwood(hand)
    return -left, f"done: deadwood {left}"


def _card(card: int) -> str:
    return str(CARDS[card])


def advise(view: GinView, legal: Sequence[Move]) -> Hint[Move] | None:
    """Every legal move ranked by the deadwood it leaves (see the module's docstring)."""
    if view.hand is None or not legal:
        return None
    hand = mask_of(view.hand)
    options = []
    for move in legal:
        value, why = _value(view, move, hand)
        options.append(Advice(move, value, why))
    options.sort(key=lambda a: -a.value)
    best = options[0]
    return Hint(f"Least deadwood: {format_move(best.move)}", tuple(options), "deadwood")
