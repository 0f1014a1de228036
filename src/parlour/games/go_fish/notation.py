"""Moves and chance outcomes of Go Fish, and their text.

A move is an ask: ``ask 2 for sevens`` asks the player in seat 2 (seats are numbered from 1, as
the table shows them) for sevens.  Input also takes ``ask 2 7``, ``ask player 2 for 7s``,
``2 7``, ``ask p2 tens``, ``ask 3 for 10``; ranks as ``A 2-10 T J Q K`` or their names.

Chance: ``dealer 1`` (the first dealer, drawn by lot; seats from 1) and a deal, the whole deck
from the top (each player's cards dealt one at a time from the dealer's left, then the stock).

>>> format_move(Ask(1, Rank.SEVEN)), parse_move("ask 2 7") == Ask(1, Rank.SEVEN)
('ask 2 for sevens', True)
"""

from __future__ import annotations

import random
import re
import threading
import weakref
from dataclasses import dataclass
from operator import itemgetter as _pick
from typing import Any

from parlour.core.cards import Card, Rank, parse_cards, standard_deck
from parlour.core.errors import InvalidMoveError


@dataclass(frozen=True, eq=False, init=False)
class Ask:
    """Ask the player at ``target`` (a seat, from 0) for every card of ``rank`` they hold.

    There is one object for each ask, as for cards: ``Ask(target, rank)`` hands back the same
    object every time (copies and unpickled asks too), so asks are equal exactly when they are
    the same object, and equality and hashing are Python's own, by identity, in C (``move in
    legal`` compares no fields).  The asks of the six seats are made once and kept; any other
    (``ask 99 for sevens``, never legal) lives only while it is used.
    """

    target: int
    rank: Rank

    def __new__(cls, target: int, rank: Rank) -> Ask:
        try:
            return _MADE[cls, target, rank]
        except KeyError:
            return _new_ask(cls, target, rank)

    def __init__(self, target: int, rank: Rank) -> None:
        """Nothing to do: ``__new__`` hands back an ask already made."""

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.target, self.rank)

    def __repr__(self) -> str:
        return f"Ask({self.target}, Rank.{self.rank.name})"


_MADE: dict[tuple[type[Ask], Any, Any], Ask] = {}
"""The asks of seats 0 to 5, by class, target and rank (made when first asked for, and kept)."""
_OTHERS: weakref.WeakValueDictionary[tuple[type[Ask], Any, Any], Ask] = weakref.WeakValueDictionary()
"""Any other ask while it is alive (a number typed for a seat that is not at the table): never
kept for ever, so that no input can fill memory, and still one object for each value."""
_MADE_LOCK = threading.Lock()


def _new_ask(cls: type[Ask], target: Any, rank: Any) -> Ask:
    """The first ``cls(target, rank)`` (or the first alive, for a target that is not a seat):
    made once, even by threads racing to make it."""
    key = (cls, target, rank)
    with _MADE_LOCK:
        ask = _MADE.get(key) or _OTHERS.get(key)
        if ask is None:
            ask = object.__new__(cls)
            # Whole before any other thread can find it (``__init__`` does nothing).
            object.__setattr__(ask, "target", target)
            object.__setattr__(ask, "rank", rank)
            if type(target) is int and 0 <= target < 6 and isinstance(rank, Rank):
                _MADE[key] = ask
            else:
                _OTHERS[key] = ask
        return ask


Move = Ask


@dataclass(frozen=True)
class FirstDealer:
    """Chance: the first dealer, drawn by lot."""

    seat: int


@dataclass(frozen=True)
class Deal:
    """Chance: the shuffled deck, top card first."""

    cards: tuple[Card, ...]

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deal:
        if type(rng) is not random.Random:  # a generator of its own kind: its own ``shuffle``
            deck = list(standard_deck())
            rng.shuffle(deck)
            return cls(tuple(deck))
        # ``rng.shuffle`` step by step, drawing the very same bits: from the last card down, swap
        # it with one at random from the top to it, found as ``Random._randbelow`` finds it (as
        # many bits as ``i + 1`` has, drawn again until below ``i + 1``), without calling a method
        # of the module's in Python for each card.  What is shuffled is the cards' places in
        # ``standard_deck`` (``Card.index``), the cards picked at once after: the same shuffle (it
        # moves places, whatever is in them), and the deal keeps the places for ``engine.deal``
        # (``_order``: not a field, the cards say the same), the deal made without its
        # ``__init__`` (a frozen dataclass's sets each field through ``object.__setattr__``).
        order = list(_PLACES)
        getrandbits = rng.getrandbits
        for i, k in _SHUFFLE_STEPS:
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            order[i], order[j] = order[j], order[i]
        deal = _new(cls)
        _set(deal, "__dict__", {"cards": _pick(*order)(_DECK), "_order": tuple(order)})
        return deal


_PLACES = tuple(range(52))
_DECK = standard_deck()
_SHUFFLE_STEPS = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, 52)))
"""``Deal.shuffled``'s steps: each place ``i`` from the bottom card up, and the bits drawn for it."""
_new = object.__new__
_set = object.__setattr__


Outcome = FirstDealer | Deal

HELP = """\
Ask a player for a rank you hold at least one of (players are numbered from 1, as shown):
  ask 2 for sevens     ask player 2 for all their sevens (also: ask 2 7, ask 2 for 7s, 2 7)
  ask 3 for tens       ranks: A 2 3 4 5 6 7 8 9 10 (or T) J Q K, or their names
If they have none they say "Go fish!" and you draw from the stock: the rank you asked for lets
you go again; otherwise the turn passes to the player who said "Go fish!".
"""

_ASK = re.compile(r"^(?:ask\s+)?(?:player\s*|p)?(\d{1,9})\s+(?:for\s+)?(\S+)$")


def parse_move(text: str) -> Ask:
    """Read an ask; ``InvalidMoveError`` for anything else."""
    phrase = " ".join(text.strip().lower().split())
    match = _ASK.match(phrase)
    if not match:
        raise InvalidMoveError(f"{text.strip()!r} is not a Go Fish move: ask a player for a rank, "
                               "as in ask 2 for sevens")
    seat = int(match.group(1))
    if seat < 1:
        raise InvalidMoveError(f"players are numbered from 1, not {seat}")
    rank = match.group(2)
    if re.fullmatch(r"(10|[2-9tjqka])'?s", rank):  # 7s, 10s, j's
        rank = rank.rstrip("s").rstrip("'")
    return Ask(seat - 1, Rank.parse(rank))


def format_move(move: Ask) -> str:
    text = ASK_TEXT.get(move)
    if text is None:
        text = f"ask {move.target + 1} for {move.rank.plural}"
        if _MADE.get((type(move), move.target, move.rank)) is move:  # a seat's ask: kept (at most 78)
            ASK_TEXT[move] = text
    return text


ASK_TEXT: dict[Ask, str] = {}
"""``format_move``'s texts by ask (one object for each ask, hashed by identity, in C), for the
asks of the six seats."""
_CARD_TEXT = {card: str(card) for card in standard_deck()}
"""Each card's text (a card hashes by identity, in C; ``str`` reads two enums' values, in Python)."""


def parse_outcome(text: str) -> Outcome:
    """``dealer 1`` (seats from 1), or the 52 cards of a deal."""
    words = text.strip().lower().split()
    if (len(words) == 2 and words[0] == "dealer" and words[1].isdecimal() and len(words[1]) <= 9
            and int(words[1]) >= 1):
        return FirstDealer(int(words[1]) - 1)
    cards = parse_cards(text)
    if len(cards) != 52 or len(set(cards)) != 52:
        raise InvalidMoveError("a deal is the whole deck of 52 different cards, top first")
    return Deal(cards)


def format_outcome(outcome: Outcome) -> str:
    if isinstance(outcome, FirstDealer):
        return f"dealer {outcome.seat + 1}"
    try:
        return " ".join(map(_CARD_TEXT.__getitem__, outcome.cards))
    except (KeyError, TypeError):  # anything but the cards of ``standard_deck``
        return " ".join(str(c) for c in outcome.cards)
