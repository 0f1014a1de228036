"""What the public history of a game of Go Fish tells about every hand: the bots' reading
of the table, and the constraints ``view.resample_hidden`` deals the hidden cards by.

``track(view)`` reads a seat's view and returns ``Knowledge``: for every seat, as everyone else
sees it (the viewer's own hand aside):

* ``known[s]``: the cards everyone knows ``s`` holds (handed over to it in an ask or shown on a
  lucky draw, and not handed on or booked since), a 52-bit mask;
* ``floor[s]``: a 13-bit mask of the ranks of which ``s`` holds at least one card that is *not*
  known: it asked for the rank without holding a known card of it (an asker must hold the rank),
  and has not handed that rank over or booked it since (nothing else takes a card from a hand);
* ``groups[s]``: its other cards (the hidden ones) as groups of slots, each with the ranks it may
  be (``Slots``).  The dealt cards start as one group that may be any rank; each card drawn
  unseen starts a group of one that may be any rank.  When ``s`` says "Go fish!" for a rank, or
  hands a rank over, or books it, no slot it holds then may be that rank any more -- but cards
  it draws later may.  With ``unlucky`` (``track``), the card drawn on an unlucky "Go fish!"
  may not be the rank asked for (had it been, it would have been shown).

Without ``unlucky``, each slot's allowed ranks are all ranks less those ruled out since it
arrived, so the groups of a hand are nested: an older group allows a subset of what a newer one
allows (the model's count exploits this).  The hidden cards a player hands over (or books) leave
slots that allowed the rank; which ones is not known, and they are taken from the tightest
groups that allowed it.  Whatever the truth was, the cards left then fit the groups left (a card
of an older slot fits any newer one), so the constraints never contradict the real hands; they
are exact whenever one group allowed the rank (the usual case).  An unlucky draw's slot breaks
the nesting (it allows ranks an older group may not, but not the one asked for); so that the
constraints stay true, the groups not taken from then also allow what the groups taken from
allowed (``_remove_hidden``), which gives up a little of what was known.  The model finds an
unlucky draw's nested group again where it can (a group of the hand that allows the same ranks
and the one asked for too: ``bots.strong.model.with_pins``) and counts the slot as one of that group's
that may not be the rank, exactly; after such a join the slot is an ordinary group again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from parlour.games.go_fish.deck import ALL_RANKS, RANK_MASKS, mask_of
from parlour.games.go_fish.moves import Act, Event

if TYPE_CHECKING:  # (``view.py`` reads hands with ``track``)
    from parlour.games.go_fish.view import GoFishView

STOCK = -1
"""The stock as a location (where a seat number would be)."""


def rank_bit(number: int) -> int:
    """The bit of a rank (ace: ``number`` 1) in a 13-bit rank mask."""
    return 1 << (number - 1)


@dataclass
class Slots:
    """``count`` hidden cards of one hand, each of a rank in the 13-bit mask ``allowed``."""

    count: int
    allowed: int


@dataclass
class Knowledge:
    """Everything public about the hands, and the viewer's own hand (see the module)."""

    seat: int
    players: int
    hand: int
    """The viewer's hand (52-bit mask)."""
    dead: int
    """The cards in books (52-bit mask)."""
    known: list[int]
    floor: list[int]
    groups: list[list[Slots]]
    hand_sizes: tuple[int, ...]
    stock: int
    asked: list[int] = field(default_factory=list)
    """For each seat, the ranks it has asked for (13-bit masks) -- ever."""

    def hidden(self, seat: int) -> int:
        return sum(g.count for g in self.groups[seat])

    def may_hold(self, seat: int, number: int) -> bool:
        """Whether ``seat`` may hold a card of the rank (known, at least one, or possible)."""
        bit = rank_bit(number)
        return bool(self.known[seat] & RANK_MASKS[number - 1]) or any(
            g.count and g.allowed & bit for g in self.groups[seat])

    def hand_counts(self) -> list[int]:
        """For each rank (index 0: aces), how many cards of it the viewer holds."""
        return [(self.hand & RANK_MASKS[r]).bit_count() for r in range(13)]

    def surely_holds(self, seat: int) -> list[int]:
        """For each rank (index 0: aces), how many cards of it ``seat`` is known to hold at least."""
        return [(self.known[seat] & RANK_MASKS[r]).bit_count() + (self.floor[seat] >> r & 1)
                for r in range(13)]


def _remove_hidden(groups: list[Slots], bit: int, count: int) -> None:
    """Take ``count`` slots that allowed the rank ``bit``, the tightest groups' first.  Which
    slots the cards truly left is not known: so that the cards left still fit the slots left
    whatever the truth, the other groups that allowed the rank then also allow what the groups
    taken from allowed (nothing changes when the groups are nested, the usual case)."""
    assert count >= 0
    fits = sorted((g for g in groups if g.allowed & bit and g.count), key=lambda g: g.allowed.bit_count())
    taken = 0
    for g in fits:
        take = min(count, g.count)
        g.count -= take
        count -= take
        taken |= g.allowed
        if not count:
            break
    for g in fits:
        g.allowed |= taken
    if count:  # more hidden cards left than slots allowed: keep the hand's size right
        for g in groups:
            take = min(count, g.count)
            g.count -= take
            count -= take
    groups[:] = [g for g in groups if g.count]


def _exclude(groups: list[Slots], bit: int) -> None:
    for g in groups:
        g.allowed &= ~bit


def _add_slot(groups: list[Slots], allowed: int) -> None:
    for g in groups:
        if g.allowed == allowed:
            g.count += 1
            return
    groups.append(Slots(1, allowed))


def _public_ranks(known: list[int], floor: list[int], skip: int, only: int = -1) -> int:
    """The ranks (13-bit mask) known to be in some hand other than ``skip``'s (or only in
    ``only``'s, when given)."""
    out = 0
    for s, (cards, ranks) in enumerate(zip(known, floor, strict=True)):
        if s == skip or (only >= 0 and s != only):
            continue
        out |= ranks
        for r in range(13):
            if cards & RANK_MASKS[r]:
                out |= 1 << r
    return out


def show(known: list[int], event: Event) -> None:
    """``known`` (for each seat, the cards everyone knows it holds) after ``event``: the cards it
    shows go to whoever it is about (handed over to the asker, or drawn and shown), or out of the
    game if it is a book."""
    if event.cards:
        shown = mask_of(event.cards)
        for s in range(len(known)):
            known[s] &= ~shown
        if event.act is not Act.BOOK:
            known[event.seat] |= shown


def shown_cards(history: Sequence[Event], players: int) -> tuple[int, ...]:
    """For each seat, the cards everyone knows it holds after ``history`` (``show``).  A card
    leaves a hand only shown (handed over, or booked), so these are all still in the hand."""
    known = [0] * players
    for event in history:
        show(known, event)
    return tuple(known)


def track(view: GoFishView, infer: bool = False, unlucky: bool = False) -> Knowledge:
    """The knowledge of the hands after ``view``'s history (see the module).

    ``infer``: also read the opponents as players who ask where they know a card is (as the
    ``memory`` bot does): a player that asks "blind" (whoever it asks is not known to hold the
    rank) holds none of the ranks known to be in another hand, unless it is known to hold one.
    """
    assert view.seat is not None and view.hand is not None
    n = view.players
    dealt = view.rules.dealt(n)
    known = [0] * n
    floor = [0] * n
    asked = [0] * n
    groups = [[Slots(dealt, ALL_RANKS)] for _ in range(n)]
    dead = 0
    for event in view.history:
        seat = event.seat
        rank = event.rank
        if event.act is Act.ASK:
            assert rank is not None and event.target is not None
            bits = RANK_MASKS[rank.number - 1]
            bit = rank_bit(rank.number)
            target = event.target
            if infer and not (known[target] & bits or floor[target] & bit):
                _exclude(groups[seat], _public_ranks(known, floor, seat)
                         & ~_public_ranks(known, floor, -1, seat) & ~bit)
            asked[seat] |= bit
            if not known[seat] & bits:
                floor[seat] |= bit
            if event.cards:  # the hidden ones among them leave the target's slots
                hidden = len(event.cards) - (known[target] & mask_of(event.cards)).bit_count()
                _remove_hidden(groups[target], bit, hidden)
            _exclude(groups[target], bit)
            floor[target] &= ~bit
        elif event.act is Act.FISH:
            assert rank is not None
            bit = rank_bit(rank.number)
            if not event.lucky:
                _add_slot(groups[seat], ALL_RANKS & ~bit if unlucky else ALL_RANKS)
        elif event.act is Act.DRAW:
            _add_slot(groups[seat], ALL_RANKS)
        else:  # a book
            assert rank is not None
            bits = RANK_MASKS[rank.number - 1]
            bit = rank_bit(rank.number)
            _remove_hidden(groups[seat], bit, 4 - (known[seat] & bits).bit_count())
            floor[seat] &= ~bit
            dead |= bits
            for s in range(n):
                _exclude(groups[s], bit)
        show(known, event)
    hand = mask_of(view.hand)
    return Knowledge(seat=view.seat, players=n, hand=hand, dead=dead, known=known, floor=floor,
                     groups=groups, hand_sizes=view.hand_sizes, stock=view.stock_size, asked=asked)
