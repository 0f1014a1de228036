"""Gin Rummy for learning environments: ``GinRummyEncoding`` (its docstring is the game's
section of ``docs/envs.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from parlour.core.protocol import AnyGame
from parlour.envs.encoding import Encoding, Observation
from parlour.games.gin_rummy import notation
from parlour.games.gin_rummy.deck import CARDS, INDEX, bits
from parlour.games.gin_rummy.game import GAME
from parlour.games.gin_rummy.melds import arrange
from parlour.games.gin_rummy.moves import (
    Act,
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
from parlour.games.gin_rummy.rules import Rules
from parlour.games.gin_rummy.state import Phase
from parlour.games.gin_rummy.view import GinView

MOVES: tuple[Move, ...] = (
    Draw(), Take(), Pass(), Done(), BestLayOff(),
    *(Discard(c) for c in CARDS), *(Knock(c) for c in CARDS), *(Gin(c) for c in CARDS),
    *(LayOff(c) for c in CARDS))
"""Every move by its action number."""
ACTION: dict[Move, int] = {move: a for a, move in enumerate(MOVES)}

PHASES = tuple(Phase)
FULL_STOCK = 31
"""The stock after the deal (52 cards less two hands of ten and the up-card)."""
MOST_DEADWOOD = 110
"""More deadwood than eleven cards can hold (eleven tens), the scale of the deadwood counts."""
MOST_BOXES = 20
"""The scale of the hands won (clipped at 1 beyond it)."""

PLANES: tuple[tuple[str, str], ...] = (
    ("hand", "own cards"),
    ("melded", "own cards in melds of their best arrangement (least deadwood; the rest are deadwood)"),
    ("other_known", "cards the opponent is known to hold (taken from the pile and not discarded "
                    "since; its whole hand once both hands are face up after a knock)"),
    ("pile", "every card in the face-up discard pile"),
    ("top", "the top card of the discard pile (the up-card when it is offered)"),
    ("other_discards", "cards the opponent discarded face up this hand"),
    ("own_discards", "cards this seat discarded face up this hand"),
    ("other_declined", "cards the opponent left on top of the pile this hand (refused the up-card, "
                       "drew from the stock instead, or passed at the wall)"),
    ("taken", "the card the player to act took from the pile this turn (it may not be discarded)"),
    ("face_down", "the knocker's face-down discard (shown to the knocker only)"),
    ("table", "after a knock: the knocker's melds with the cards laid off on them"),
    ("laid_off", "after a knock: the cards the defender laid off"),
)
NUMBERS: tuple[tuple[str, int, str], ...] = (
    ("phase", len(PHASES), "one-hot: " + ", ".join(p.value for p in PHASES)),
    ("to_act", 1, "1 if this seat is to act"),
    ("dealer", 1, "1 if this seat dealt the hand"),
    ("knocker", 2, "after a knock: 1 for the knocker (own, other)"),
    ("gin", 1, "1 if the knock was gin"),
    ("refused", 1, "how many players refused the up-card, / 2"),
    ("must_knock", 1, "1 if the player to act took the last discard at the wall (knock or gin only)"),
    ("stock", 1, f"cards in the stock / {FULL_STOCK}"),
    ("hand_sizes", 2, "cards held (own, other) / 11"),
    ("deadwood", 1, f"own deadwood (best arrangement of the cards held) / {MOST_DEADWOOD}"),
    ("knocker_deadwood", 1, f"after a knock: the knocker's deadwood / {MOST_DEADWOOD}"),
    ("scores", 2, "hand points (own, other) / the target, at most 1"),
    ("boxes", 2, f"hands won (own, other) / {MOST_BOXES}, at most 1"),
    ("knock_limit", 1, "the rules' knock limit / 100"),
    ("wall_take", 1, "1 if the rules let the last discard be taken at the wall"),
)
PLANE = {name: k for k, (name, _) in enumerate(PLANES)}
"""Each card plane's place among the planes."""
SIZE = 52 * len(PLANES) + sum(n for _, n, _ in NUMBERS)
"""The observation's length."""
OFFSET: dict[str, int] = {}
"""Where each of ``NUMBERS`` begins in the observation."""
_at = 52 * len(PLANES)
for _name, _length, _ in NUMBERS:
    OFFSET[_name] = _at
    _at += _length


UP = -1
"""The up-card, in ``pile_history``'s pile until it is known."""


def pile_history(view: GinView, other: int) -> tuple[list[int], list[int], list[int]]:
    """From the hand's history, in one pass (cards as bits): the cards this seat discarded, those
    ``other`` discarded, and those ``other`` left on top of the pile (refused the up-card, drew
    from the stock instead, passed at the wall).  The pile is followed from the up-card, which the
    history names only when someone takes it; else it is still at the bottom of the view's pile."""
    discard, take, draw, pass_ = Act.DISCARD, Act.TAKE, Act.DRAW, Act.PASS
    pile = [UP]
    up = UP
    own: list[int] = []
    others: list[int] = []
    declined: list[int] = []
    for event in view.history:
        act = event.act
        if act is discard:
            card = INDEX[event.card]  # type: ignore[index]  # a discard names its card
            pile.append(card)
            (others if event.seat == other else own).append(card)
        elif act is take:
            if pile.pop() == UP:
                up = INDEX[event.card]  # type: ignore[index]  # so does a take
        elif (act is draw or act is pass_) and event.seat == other and pile:
            declined.append(pile[-1])
    if UP in declined:
        up = up if up != UP else INDEX[view.pile[0]]
        declined = [up if card == UP else card for card in declined]
    return own, others, declined


class GinRummyEncoding(Encoding[Rules, Move, GinView]):
    """A seat's view as 650 numbers, its moves as 213 actions (for every rule set).

    **Actions**, one number a move:

    * 0 ``draw``, 1 ``take`` (the up-card, the top discard, or the last discard at the wall),
      2 ``pass``, 3 ``done`` (lay off nothing more), 4 ``lay off best``;
    * 5-56 ``discard`` a card, 57-108 ``knock`` discarding that card face down, 109-160 ``gin``
      discarding it, 161-212 ``lay off`` a card; each block in card order (``Card.index``: clubs,
      diamonds, hearts, spades, ace to king).

    A knock names only its discard: the knocker's melds are laid out by the engine
    (``layoff.knock_layout``: least deadwood, then fewest places to lay off), and a card laid off
    goes on the one meld the engine puts it on (``layoff.fits``: a run before a set), so neither
    leaves a choice to encode.

    **Observation**: twelve planes of 52 cards (1 where a card is in it), then 26 numbers; seats are
    relative (*own* is the seat whose view it is, *other* the opponent; a spectator sees seat 0's
    side with no hand).  Counts are scaled into [0, 1] and clipped there.
    """

    game: ClassVar[AnyGame] = GAME

    @property
    def shape(self) -> tuple[int, ...]:
        return (SIZE,)

    @property
    def actions(self) -> int:
        return len(MOVES)

    def fields(self) -> Sequence[tuple[str, int, str]]:
        return (*((name, 52, meaning) for name, meaning in PLANES), *NUMBERS)

    def action_name(self, action: int) -> str:
        return notation.format_move(MOVES[action])

    def code(self, view: GinView, move: Move) -> tuple[int, ...]:
        return (ACTION[move],)

    def observe(self, view: GinView, pending: Sequence[int] = ()) -> Observation:
        out = np.zeros(SIZE, dtype=np.float32)
        planes = out[:52 * len(PLANES)].reshape(len(PLANES), 52)
        own = 0 if view.seat is None else view.seat
        other = 1 - own
        arrangement = None
        if view.hand:
            hand = [c.index for c in view.hand]
            planes[PLANE["hand"], hand] = 1
            arrangement = arrange(sum(1 << c for c in hand))
            planes[PLANE["melded"], [c for meld in arrangement.melds for c in bits(meld)]] = 1
        if view.known[other]:
            planes[PLANE["other_known"], [c.index for c in view.known[other]]] = 1
        if view.pile:
            planes[PLANE["pile"], [c.index for c in view.pile]] = 1
            planes[PLANE["top"], view.pile[-1].index] = 1
        own_discards, other_discards, declined = pile_history(view, other)
        planes[PLANE["own_discards"], own_discards] = 1
        planes[PLANE["other_discards"], other_discards] = 1
        planes[PLANE["other_declined"], declined] = 1
        if view.taken is not None:
            planes[PLANE["taken"], view.taken.index] = 1
        if view.face_down is not None:
            planes[PLANE["face_down"], view.face_down.index] = 1
        showdown = view.showdown
        if showdown is not None:
            planes[PLANE["table"], [c.index for meld in showdown.table for c in meld]] = 1
            if showdown.laid_off:
                planes[PLANE["laid_off"], [c.index for c in showdown.laid_off]] = 1

        rules, at = view.rules, OFFSET
        out[at["phase"] + PHASES.index(view.phase)] = 1
        out[at["to_act"]] = view.to_act == own
        out[at["dealer"]] = view.dealer == own
        if showdown is not None:
            out[at["knocker"] + (showdown.knocker != own)] = 1
            out[at["gin"]] = showdown.gin
            out[at["knocker_deadwood"]] = min(showdown.knocker_count / MOST_DEADWOOD, 1)
        out[at["refused"]] = view.refused / 2
        out[at["must_knock"]] = view.must_knock
        out[at["stock"]] = min(view.stock_size / FULL_STOCK, 1)
        out[at["hand_sizes"]] = view.hand_sizes[own] / 11
        out[at["hand_sizes"] + 1] = view.hand_sizes[other] / 11
        if arrangement is not None:
            out[at["deadwood"]] = min(arrangement.deadwood / MOST_DEADWOOD, 1)
        out[at["scores"]] = min(view.scores[own] / rules.target, 1)
        out[at["scores"] + 1] = min(view.scores[other] / rules.target, 1)
        out[at["boxes"]] = min(view.boxes[own] / MOST_BOXES, 1)
        out[at["boxes"] + 1] = min(view.boxes[other] / MOST_BOXES, 1)
        out[at["knock_limit"]] = rules.knock_limit / 100
        out[at["wall_take"]] = rules.wall_take
        return out


__all__ = ["ACTION", "MOVES", "GinRummyEncoding"]
