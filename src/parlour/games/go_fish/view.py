"""What one seat may know of a game of Go Fish (a spectator: seat ``None``).

A view holds its own hand (grouped by rank), how many cards each player holds, everyone's books,
the stock's size, and the game's public history: every ask and what it got, every "Go fish!"
draw (the card only to the drawer, or to all when it was the rank asked for and shown), every
book.  Never: another hand, the stock's order, a card someone else drew and kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parlour.core.cards import Card, Rank
from parlour.core.protocol import View
from parlour.games.go_fish.engine import known_cards, seen_history, winners
from parlour.games.go_fish.rules import Rules
from parlour.games.go_fish.state import Event, Phase, State, cards_of


@dataclass(frozen=True)
class GoFishView(View):
    seat: int | None
    rules: Rules
    players: int
    phase: Phase
    to_act: int | None
    dealer: int | None
    hand: tuple[Card, ...] | None
    """The seat's own cards by rank, ace first (``None`` for a spectator)."""
    hand_sizes: tuple[int, ...]
    books: tuple[tuple[Rank, ...], ...]
    stock_size: int
    known: tuple[tuple[Card, ...], ...]
    """For each seat, the cards everyone knows it holds (``engine.known_cards``)."""
    history: tuple[Event, ...]
    winners: tuple[int, ...]

    @property
    def groups(self) -> tuple[tuple[Rank, tuple[Card, ...]], ...]:
        """The hand grouped by rank."""
        if not self.hand:
            return ()
        out: dict[Rank, list[Card]] = {}
        for card in self.hand:
            out.setdefault(card.rank, []).append(card)
        return tuple((rank, tuple(cards)) for rank, cards in out.items())

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "go-fish",
            "seat": self.seat,
            "rules": {"hand_size": self.rules.hand_size, "ending": self.rules.ending.value,
                      "dealt": self.rules.dealt(self.players)},
            "players": self.players,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hand": None if self.hand is None else [str(c) for c in self.hand],
            "groups": [{"rank": r.value, "plural": r.plural, "cards": [str(c) for c in cards]}
                       for r, cards in self.groups],
            "hand_sizes": list(self.hand_sizes),
            "books": [[r.value for r in b] for b in self.books],
            "stock_size": self.stock_size,
            "known": [[str(c) for c in k] for k in self.known],
            "history": [e.to_json() for e in self.history],
            "winners": list(self.winners),
        }

    if not TYPE_CHECKING:  # (for type checkers, every field is a plain attribute)
        def __getattr__(self, name: str) -> Any:
            """``hand`` and ``known`` as ``make_view`` leaves them: not yet made into cards, which
            is most of a view's cost and what most readers of a view (a random player, the
            driver's record) never look at.  It keeps their masks instead (``_hand``: the seat's
            own cards; ``_known``: the cards everyone knows each seat holds, public), and makes
            each field the first time it is read, then keeps it like any other (Python calls
            ``__getattr__`` only for an attribute not found)."""
            fields = self.__dict__
            if name == "hand" and "_hand" in fields:
                mask = fields["_hand"]
                value = None if mask is None else cards_of(mask)
            elif name == "known" and "_known" in fields:
                value = _known(fields["_known"])
            else:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            fields[name] = value  # kept: the same value every time, as a frozen field is
            return value


def make_view(state: State, seat: int | None) -> GoFishView:
    phase, players = state.phase, state.players
    dealt = phase is _PLAY or phase is _OVER
    view = _new(GoFishView)
    # What ``GoFishView(...)`` makes of these fields, in their order, without its ``__init__`` (a
    # frozen dataclass's sets each field through ``object.__setattr__``); ``hand`` and ``known``
    # as their masks, made into cards when first read (``GoFishView.__getattr__``).
    _set(view, "__dict__", {
        "seat": seat,
        "rules": state.rules,
        "players": players,
        "phase": phase,
        "to_act": state.current if phase is _PLAY else None,
        "dealer": None if phase is _CUT else state.dealer,
        "_hand": None if seat is None else state.hands[seat] if dealt else 0,
        "hand_sizes": _sizes(state.hands) if dealt else (0,) * players,
        "books": state.books if dealt else ((),) * players,
        "stock_size": len(state.stock) if dealt else 52,
        "_known": known_cards(state) if dealt else (0,) * players,
        "history": seen_history(state, seat),
        "winners": winners(state) if phase is _OVER else (),
    })
    return view


def _sizes(hands: tuple[int, ...]) -> tuple[int, ...]:
    if len(hands) == 2:
        return (hands[0].bit_count(), hands[1].bit_count())
    return tuple(map(_BIT_COUNT, hands))


_new = object.__new__
_set = object.__setattr__
_CUT, _PLAY, _OVER = Phase.CUT, Phase.PLAY, Phase.OVER  # cheaper than an enum class's attributes
_BIT_COUNT = int.bit_count
_KNOWN: dict[tuple[int, ...], tuple[tuple[Card, ...], ...]] = {}
"""``_known``'s answers by the masks of known cards (the same masks come back often in a game:
known cards change now and then), emptied when it grows large."""
_CARDS: dict[int, tuple[Card, ...]] = {0: ()}
"""``cards_of`` of the masks ``_known`` has met, emptied when it grows large."""


def _known(masks: tuple[int, ...]) -> tuple[tuple[Card, ...], ...]:
    """For each seat, the cards of its mask of known cards (``engine.known_cards``)."""
    known = _KNOWN.get(masks)
    if known is None:
        if len(_KNOWN) >= 16384:
            _KNOWN.clear()
        memo = _CARDS
        if len(memo) >= 4096:
            memo.clear()
            memo[0] = ()
        out = []
        for mask in masks:
            cards = memo.get(mask)
            if cards is None:
                cards = memo[mask] = cards_of(mask)
            out.append(cards)
        known = _KNOWN[masks] = tuple(out)
    return known
