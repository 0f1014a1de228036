"""What one seat may know of a game of Gin Rummy (a spectator: seat ``None``).

A view holds, for a card-tracking player, everything the rules let that seat see:

* its own hand (``hand``), with the best arrangement and live deadwood count
  (``arrangement``) and, holding eleven cards, the deadwood left by each discard (``discards``);
* the whole face-up discard pile, bottom to top (``pile``; cards buried under later discards
  included: a careful player remembers them), and the size of the stock;
* the hand's public history (``history``): every take (with the card), pass, draw from the
  stock (without the card), discard, knock (without the face-down card) and lay-off;
* the cards each player is known to hold (``known``): taken from the discard pile and not
  discarded since;
* from a knock until the hand is scored, the showdown: both hands face up, the knocker's
  melds with the lay-offs on them;
* the score sheet (every hand, with both hands as laid down), the scores, the boxes (hands
  won) and, at the end, the settlement.

Never in a view: the other hand (until the showdown), the stock's order, the knocker's
face-down discard (except to the knocker).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

from parlour.core.cards import Card
from parlour.core.protocol import View
from parlour.games.gin_rummy.deck import CARDS, bits, cards_of, mask_of
from parlour.games.gin_rummy.melds import Arrangement, arrange, deadwood, discard_deadwoods, unmatched
from parlour.games.gin_rummy.moves import Event, HandResult
from parlour.games.gin_rummy.rules import Rules, Settlement, settle
from parlour.games.gin_rummy.state import EVENTS, Phase, State


def _strs(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


@dataclass(frozen=True)
class Showdown:
    """Both hands face up after a knock, while the defender lays off."""

    knocker: int
    gin: bool
    layout: tuple[tuple[Card, ...], ...]
    """The knocker's melds as laid out."""
    knocker_deadwood: tuple[Card, ...]
    knocker_count: int
    table: tuple[tuple[Card, ...], ...]
    """The knocker's melds with the lay-offs on them (same order as ``layout``)."""
    laid_off: tuple[Card, ...]
    defender_hand: tuple[Card, ...]
    """The defender's cards not laid off."""

    def to_json(self) -> dict[str, Any]:
        return {"knocker": self.knocker, "gin": self.gin, "layout": [_strs(m) for m in self.layout],
                "knocker_deadwood": _strs(self.knocker_deadwood), "knocker_count": self.knocker_count,
                "table": [_strs(m) for m in self.table], "laid_off": _strs(self.laid_off),
                "defender_hand": _strs(self.defender_hand)}


def known_cards(state: State) -> tuple[int, int]:
    """The cards each player is known by everyone to hold: taken from the pile, not discarded
    (both hands once they are face up)."""
    if revealed(state):
        return state.hands
    return state.known[0] & state.hands[0], state.known[1] & state.hands[1]


def revealed(state: State) -> bool:
    """Both hands are face up (the showdown)."""
    return state.phase is Phase.LAYOFF


@dataclass(frozen=True)
class GinView(View):
    seat: int | None
    rules: Rules
    phase: Phase
    to_act: int | None
    dealer: int | None
    """``None`` until the first dealer is drawn."""
    hand_number: int
    hand: tuple[Card, ...] | None
    """The seat's own cards in bit order (``None`` for a spectator)."""
    hand_sizes: tuple[int, int]
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock_size: int
    pile: tuple[Card, ...]
    face_down: Card | None
    """The knocker's face-down discard, shown to the knocker only."""
    taken: Card | None
    """The card the player to act took from the pile this turn (they may not discard it)."""
    refused: int
    must_knock: bool
    history: tuple[Event, ...]
    showdown: Showdown | None
    scores: tuple[int, int]
    boxes: tuple[int, int]
    sheet: tuple[HandResult, ...]
    settlement: Settlement | None

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.pile[-1] if self.pile else None

    @property
    def last_hand(self) -> HandResult | None:
        return self.sheet[-1] if self.sheet else None

    @property
    def arrangement(self) -> Arrangement | None:
        """The best arrangement of the seat's own cards (``melds.arrange``)."""
        return None if self.hand is None else arrange(mask_of(self.hand))

    @property
    def discards(self) -> tuple[tuple[Card, int], ...]:
        """Holding eleven cards: each card with the deadwood left if it is discarded."""
        if self.hand is None or len(self.hand) != 11:
            return ()
        return tuple((CARDS[c], left) for c, left in discard_deadwoods(mask_of(self.hand)))

    def to_json(self) -> dict[str, Any]:
        arrangement = self.arrangement
        return {
            "game": "gin-rummy",
            "seat": self.seat,
            "rules": {"target": self.rules.target, "knock_limit": self.rules.knock_limit,
                      "wall_take": self.rules.wall_take, "gin_bonus": self.rules.gin_bonus,
                      "undercut_bonus": self.rules.undercut_bonus, "game_bonus": self.rules.game_bonus,
                      "shutout_bonus": self.rules.shutout_bonus, "box_bonus": self.rules.box_bonus},
            "phase": self.phase.value,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "hand": None if self.hand is None else _strs(self.hand),
            "melds": None if arrangement is None else [_strs(cards_of(m)) for m in arrangement.melds],
            "deadwood_cards": None if arrangement is None else _strs(cards_of(arrangement.unmatched)),
            "deadwood": None if arrangement is None else arrangement.deadwood,
            "discards": [{"card": str(c), "deadwood": left} for c, left in self.discards],
            "hand_sizes": list(self.hand_sizes),
            "known": [_strs(k) for k in self.known],
            "stock_size": self.stock_size,
            "pile": _strs(self.pile),
            "face_down": None if self.face_down is None else str(self.face_down),
            "taken": None if self.taken is None else str(self.taken),
            "refused": self.refused,
            "must_knock": self.must_knock,
            "history": [e.to_json() for e in self.history],
            "showdown": None if self.showdown is None else self.showdown.to_json(),
            "scores": list(self.scores),
            "boxes": list(self.boxes),
            "sheet": [h.to_json() for h in self.sheet],
            "settlement": None if self.settlement is None else self.settlement.to_json(),
        }


def _showdown(state: State) -> Showdown | None:
    if not revealed(state):
        return None
    knocker = state.knocker
    hand = state.hands[knocker]
    return Showdown(
        knocker, state.gin, tuple(cards_of(m) for m in state.layout),
        cards_of(unmatched(hand, state.layout)), deadwood(hand), tuple(cards_of(m) for m in state.table),
        tuple(CARDS[c] for c in state.laid), cards_of(state.hands[state.defender]))


def make_view(state: State, seat: int | None) -> GinView:
    """What ``seat`` may know of ``state``."""
    playing = state.phase not in (Phase.CUT, Phase.DEAL, Phase.OVER)
    own = None
    if seat is not None:
        own = cards_of(state.hands[seat]) if playing else ()
    known = known_cards(state)
    face_down = None
    if state.face_down >= 0 and seat == state.knocker:
        face_down = CARDS[state.face_down]
    winner = state.winner
    return GinView(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        to_act=state.current if playing else None,
        dealer=None if state.phase is Phase.CUT else state.dealer,
        hand_number=state.hand_number,
        hand=own,
        hand_sizes=(state.hands[0].bit_count(), state.hands[1].bit_count()),
        known=(cards_of(known[0]), cards_of(known[1])),
        stock_size=len(state.stock),
        pile=tuple(CARDS[c] for c in state.pile),
        face_down=face_down,
        taken=CARDS[state.taken] if state.taken >= 0 else None,
        refused=state.refused,
        must_knock=state.must_knock,
        history=tuple(map(EVENTS.__getitem__, state.history)),
        showdown=_showdown(state),
        scores=state.scores,
        boxes=state.boxes,
        sheet=state.sheet,
        settlement=None if winner is None else settle(state.rules, state.scores, state.boxes, winner),
    )


def resample_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """Deal what ``seat`` cannot see anew: the other's unknown cards (before the showdown),
    the stock and, but for the knocker, the face-down discard (unless everyone saw the knocker
    take that card from the pile: then it is no secret)."""
    if state.phase in (Phase.CUT, Phase.DEAL, Phase.OVER):
        return state
    known = known_cards(state)
    pool = list(state.stock)
    keep = list(state.hands)
    if not revealed(state):
        for s in (0, 1):
            if s != seat:
                keep[s] = known[s]
                pool += bits(state.hands[s] ^ known[s])
    hidden_face_down = (state.face_down >= 0 and seat != state.knocker
                        and not state.known[state.knocker] >> state.face_down & 1)
    if hidden_face_down:
        pool.append(state.face_down)
    rng.shuffle(pool)
    hands = []
    for s in (0, 1):
        need = state.hands[s].bit_count() - keep[s].bit_count()
        hand = keep[s]
        for card in pool[:need]:
            hand |= 1 << card
        del pool[:need]
        hands.append(hand)
    face_down = pool.pop() if hidden_face_down else state.face_down
    return dataclasses.replace(state, hands=(hands[0], hands[1]), stock=tuple(pool),
                               face_down=face_down)


__all__ = ["GinView", "Showdown", "known_cards", "make_view", "resample_hidden", "revealed"]

