"""What one seat may know of a game of Go Fish (a spectator: seat ``None``), and the hidden cards
dealt anew for it (``resample_hidden``).

A view holds its own hand (grouped by rank), how many cards each player holds, everyone's books,
the stock's size, the game's public history (every ask and what it got, every draw from the
stock, the card shown only when it was the rank asked for, every book) and the cards the seat
itself drew and kept unseen (``drawn``: ``seen_history`` tells them in the history, as the JSON
does).  Never: another hand, the stock's order, a card someone else drew and kept.

``resample_hidden``: the cards a seat cannot see are the other hands' cards that are not known to
everyone, and the stock.  They are dealt again so that every public fact still holds
(``track.track``, reading unlucky draws):

* the cards everyone knows a hand holds (handed over in an ask, shown on a lucky draw) stay put;
* a player who said "Go fish!" for a rank gets no card of it among the cards it held then (cards
  it drew later may be of that rank), and nobody gets a card of a booked rank;
* the card a player drew on an unlucky "Go fish!" (not shown) is not the rank it asked for;
* a player who asked for a rank without holding a known card of it gets at least one card of it
  (an asker must hold the rank), unless it has handed that rank over since;
* no hand gets all four cards of a rank (a book is set aside at once); the stock may hold four;
* every hand keeps its size and the stock its size.

How: each hand's hidden cards are groups of slots with the ranks they may be (``Slots``; the
stock is one more group, any rank).  How many cards of each rank go to each group is a flow:
the unknown cards of a rank flow to a (hand, rank) node -- at most 3 less the hand's known cards
of the rank, at least one where the hand surely holds the rank -- and on to the hand's groups
that allow the rank, each group taking exactly its size.  The flow is found by augmenting one
card at a time along a path chosen at random (a lower bound by the usual circulation trick);
then the rank's cards are shuffled into the groups' shares.  A flow always exists (the true deal
is one); the result is a random consistent deal, not an exactly uniform one.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from parlour.core.cards import Card, Rank
from parlour.core.protocol import View
from parlour.games.go_fish.deck import ALL_RANKS, RANK_MASKS, cards_of
from parlour.games.go_fish.engine import winners
from parlour.games.go_fish.moves import Event
from parlour.games.go_fish.rules import Rules
from parlour.games.go_fish.state import CUT, DEAL, OVER, PLAY, Phase, State
from parlour.games.go_fish.track import STOCK, shown_cards, track


@dataclass(frozen=True, slots=True)
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
    history: tuple[Event, ...]
    """What the whole table saw (``State.history``): a card drawn and kept unseen shows only as
    drawn."""
    drawn: tuple[int, ...]
    """The cards (bits) this seat drew and kept unseen, in order (none for a spectator)."""
    winners: tuple[int, ...]

    @property
    def seen_history(self) -> tuple[Event, ...]:
        """The history as this seat saw it: its own cards drawn told (``told``)."""
        return told(self.history, {} if self.seat is None else {self.seat: self.drawn})

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """For each seat, the cards everyone knows it holds (``known_cards``, from the history)."""
        return tuple(cards_of(k) for k in shown_cards(self.history, self.players))

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
            "history": [e.to_json() for e in self.seen_history],
            "winners": list(self.winners),
        }


def make_view(state: State, seat: int | None) -> GoFishView:
    table = state.table
    phase = table.phase
    if phase is CUT or phase is DEAL:  # nothing dealt yet
        n = table.players
        return GoFishView(seat=seat, rules=table.rules, players=n, phase=phase, to_act=None,
                          dealer=None if phase is CUT else table.dealer,
                          hand=None if seat is None else (), hand_sizes=(0,) * n, books=((),) * n,
                          stock_size=52, history=(), drawn=(), winners=())
    over = phase is OVER
    return GoFishView(
        seat=seat,
        rules=table.rules,
        players=table.players,
        phase=phase,
        to_act=None if over else state.current,
        dealer=table.dealer,
        hand=None if seat is None else cards_of(state.hands[seat]),
        hand_sizes=tuple(map(int.bit_count, state.hands)),
        books=state.books,
        stock_size=len(state.stock),
        history=state.history,
        drawn=() if seat is None else state.drawn[seat],
        winners=winners(state) if over else (),
    )


def told(history: Sequence[Event], drawn: Mapping[int, Sequence[int]]) -> tuple[Event, ...]:
    """``history`` (what the table saw) with the cards drawn unseen told: ``drawn[seat]``, the
    cards ``seat`` drew and kept unseen, in order, go to its draws that show none
    (``Event.unseen``); the draws of seats not in ``drawn`` stay untold."""
    cards = {seat: iter(kept) for seat, kept in drawn.items() if kept}
    return tuple(dataclasses.replace(e, drawn=next(cards[e.seat])) if e.seat in cards and e.unseen else e
                 for e in history)


def known_cards(state: State) -> tuple[int, ...]:
    """The cards everyone knows each seat holds (masks): handed over to it in an ask or shown on
    a lucky draw, and still in its hand (``track.shown_cards``)."""
    return shown_cards(state.history, state.players)


# ---- the hidden cards dealt anew (see the module) ----
_SOURCE, _SINK = 0, 1
_MANY = 1 << 20
"""Capacity of an edge that limits nothing."""

Group = tuple[int, int, int]
"""(owner or ``STOCK``, slots, allowed ranks as a 13-bit mask)."""


def _facts(state: State, seat: int | None) -> tuple[list[int], list[Group], list[int], list[int]]:
    """The cards to deal again; the groups of slots (the stock last); each seat's floors (ranks
    it surely holds one hidden card of); each seat's caps (ranks of which it may take every
    card: 0 where it may not take all four)."""
    know = track(make_view(state, 0 if seat is None else seat), unlucky=True)
    pool = list(state.stock)
    groups: list[Group] = []
    floors = [0] * state.players
    for s in range(state.players):
        if s == seat:
            continue
        hidden = state.hands[s] & ~know.known[s]
        pool += [c for c in range(52) if hidden >> c & 1]
        groups += [(s, g.count, g.allowed) for g in know.groups[s] if g.count]
        floors[s] = know.floor[s]
    groups.append((STOCK, len(state.stock), ALL_RANKS))
    return pool, groups, floors, [know.known[s] for s in range(state.players)]


def _flow(per_rank: list[int], groups: list[Group], floors: list[int], known: list[int] | None,
          rng: random.Random) -> list[list[int]] | None:
    """How many cards of each rank go to each group (``out[g][r]``), every constraint met, or
    None if none does.  ``known``: each seat's known cards, for the cap (None: no cap)."""
    owners = sorted({o for o, _, _ in groups})
    bucket = {(o, r): 2 + 13 + i * 13 + r for i, o in enumerate(owners) for r in range(13)}
    first_bucket = 2 + 13
    first_group = first_bucket + 13 * len(owners)
    size = first_group + len(groups)
    res: list[dict[int, int]] = [{} for _ in range(size)]

    def edge(a: int, b: int, cap: int) -> None:
        if cap > 0:
            res[a][b] = res[a].get(b, 0) + cap
            res[b].setdefault(a, 0)

    need = 0
    for r in range(13):
        u = per_rank[r]
        if not u:
            continue
        lower = 0
        for o in owners:
            if not any(g[0] == o and g[2] >> r & 1 for g in groups):
                if o != STOCK and floors[o] >> r & 1:
                    return None
                continue
            cap = u
            if o != STOCK and known is not None:
                cap = min(u, 3 - (known[o] & RANK_MASKS[r]).bit_count())
            floor = 1 if o != STOCK and floors[o] >> r & 1 else 0
            if cap < floor:
                return None
            edge(2 + r, bucket[o, r], cap - floor)
            if floor:  # the lower bound: the bucket is fed one from the source, the rank one less
                edge(_SOURCE, bucket[o, r], 1)
                lower += 1
            for g, (owner, _, allowed) in enumerate(groups):
                if owner == o and allowed >> r & 1:
                    edge(bucket[o, r], first_group + g, _MANY)
        edge(_SOURCE, 2 + r, u)
        if lower:
            edge(2 + r, _SINK, lower)
        need += u
    for g, (_, count, _) in enumerate(groups):
        edge(first_group + g, _SINK, count)
    if sum(count for _, count, _ in groups) != need:
        return None
    need += sum(1 for o in range(len(floors)) for r in range(13) if floors[o] >> r & 1 and per_rank[r])

    def path() -> list[int] | None:
        stack = [_SOURCE]
        seen = {_SOURCE}
        back: dict[int, int] = {}
        while stack:
            node = stack.pop()
            if node == _SINK:
                out = [node]
                while node != _SOURCE:
                    node = back[node]
                    out.append(node)
                return out[::-1]
            nexts = [b for b, c in res[node].items() if c > 0 and b not in seen]
            rng.shuffle(nexts)
            for b in nexts:
                seen.add(b)
                back[b] = node
                stack.append(b)
        return None

    def push(found: list[int]) -> None:
        for a, b in pairwise(found):
            res[a][b] -= 1
            res[b][a] += 1

    def direct(start: int) -> list[int] | None:
        """A path of the plain kind (the source, ``start``, a bucket if ``start`` is a rank, a
        group with room, the sink), chosen at random, if there is one."""
        heads = [start] if start >= first_bucket else \
            [b for b, c in res[start].items() if c > 0 and b >= first_bucket]
        rng.shuffle(heads)
        for head in heads:
            ends = [g for g, c in res[head].items()
                    if c > 0 and g >= first_group and res[g].get(_SINK, 0) > 0]
            if ends:
                end = rng.choice(ends)
                return [_SOURCE, start, head, end, _SINK] if head != start else [_SOURCE, start, end, _SINK]
        return None

    # the floors first, then the cards one by one in random order; by plain paths while there
    # are some, else by a search of the residual graph
    units = [b for b, c in res[_SOURCE].items() if c > 0 and b >= first_bucket]
    cards = [2 + r for r in range(13) for _ in range(per_rank[r])]
    rng.shuffle(cards)
    for start in units + cards:
        found = direct(start) if res[_SOURCE][start] > 0 else None
        if found is None:
            found = path()
            if found is None:
                return None
        push(found)
    out = [[0] * 13 for _ in groups]
    for (o, r), node in bucket.items():
        for g, (owner, _, allowed) in enumerate(groups):
            if owner == o and allowed >> r & 1 and per_rank[r]:
                out[g][r] = res[first_group + g].get(node, 0)  # the reverse residual: what flowed
    return out


def resample_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """``state`` with the hidden cards dealt anew for ``seat`` (``None``: a spectator), every
    public fact kept (see the module); a state not in play as it is.  The other seats' cards
    drawn unseen (``State.drawn``) are left as they were: no view of ``seat`` shows them."""
    if state.phase is not PLAY:
        return state
    pool, groups, floors, known = _facts(state, seat)
    per_rank = [0] * 13
    for card in pool:
        per_rank[card % 13] += 1
    table = _flow(per_rank, groups, floors, known, rng) if len(pool) == sum(g[1] for g in groups) else None
    if table is None:  # cannot happen (the true deal fits); deal with the sizes alone rather than fail
        groups = [(s, (state.hands[s] & ~known[s]).bit_count(), ALL_RANKS)
                  for s in range(state.players) if s != seat]
        groups.append((STOCK, len(state.stock), ALL_RANKS))
        table = _flow(per_rank, groups, [0] * state.players, None, rng)
        assert table is not None
    cards: list[list[int]] = [[] for _ in range(13)]
    for card in pool:
        cards[card % 13].append(card)
    for same in cards:
        rng.shuffle(same)
    dealt = 0
    for card in pool:
        dealt |= 1 << card
    hands = [hand if s == seat else hand & ~dealt for s, hand in enumerate(state.hands)]
    stock: list[int] = []
    for (owner, _, _), shares in zip(groups, table, strict=True):
        for r, n in enumerate(shares):
            for _ in range(n):
                card = cards[r].pop()
                if owner == STOCK:
                    stock.append(card)
                else:
                    hands[owner] |= 1 << card
    rng.shuffle(stock)
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(stock))

