"""Blackjack's text grammar: the moves people type and records keep, and the cards dealt.

``bet 10``, ``hit``, ``stand``, ``double``, ``split``, ``surrender``, ``insurance`` and
``no insurance`` (also ``h``, ``s``, ``d``, ``p``, ``r``, ``i``, ``n``).  A card dealt is written
as cards are everywhere (``AS``, ``TH``); chips as people write them (``12``, ``7.5``).

>>> parse_move("Bet 25"), format_move(parse_move(" H "))
(Bet(amount=25), 'hit')
"""

from __future__ import annotations

from fractions import Fraction

from parlour.core.cards import Card
from parlour.core.errors import InvalidMoveError
from parlour.games.blackjack.moves import (
    Bet,
    DoubleDown,
    Hit,
    Insure,
    Move,
    NoInsurance,
    Split,
    Stand,
    SurrenderHand,
)

_WORDS: dict[str, Move] = {
    "hit": Hit(), "h": Hit(), "stand": Stand(), "s": Stand(), "stay": Stand(),
    "double": DoubleDown(), "double down": DoubleDown(), "d": DoubleDown(),
    "split": Split(), "p": Split(), "surrender": SurrenderHand(), "r": SurrenderHand(),
    "insurance": Insure(), "insure": Insure(), "i": Insure(),
    "no insurance": NoInsurance(), "no": NoInsurance(), "n": NoInsurance(),
}
_NAMES = {Hit: "hit", Stand: "stand", DoubleDown: "double", Split: "split", SurrenderHand: "surrender",
          Insure: "insurance", NoInsurance: "no insurance"}

HELP = """Moves:
  bet N          place a bet of N chips before the deal
  hit (h)        take another card
  stand (s)      take no more cards
  double (d)     double your bet and take exactly one more card
  split (p)      split a pair into two hands (the second with the same bet)
  surrender (r)  give up the hand and half its bet
  insurance (i), no insurance (n)
                 when the dealer shows an ace: insure for half your bet (pays 2:1)"""


def parse_move(text: str) -> Move:
    words = " ".join(text.lower().split())
    if words in _WORDS:
        return _WORDS[words]
    if words.startswith("bet "):
        amount = words[4:].strip()
        if amount.isdecimal() and len(amount) <= 15:  # not "²"; int() reads 4,300 digits at most
            return Bet(int(amount))
        raise InvalidMoveError(f"a bet is a whole number of chips, like 'bet 10', not {text.strip()!r}")
    raise InvalidMoveError(f"{text.strip()!r} is not a move: type bet N, hit, stand, double, split, "
                           "surrender, insurance or no insurance")


def format_move(move: Move) -> str:
    name = _NAMES.get(type(move))
    if name is not None:
        return name
    assert isinstance(move, Bet)
    return f"bet {move.amount}"


def parse_outcome(text: str) -> Card:
    return Card.parse(text.strip())


def format_outcome(card: Card) -> str:
    return str(card)


def chips(amount: Fraction | int) -> str:
    """Chips as people write them: ``12``, ``7.5``, ``1.2``."""
    f = Fraction(amount)
    if f.denominator == 1:
        return str(f.numerator)
    return f"{float(f):.2f}".rstrip("0").rstrip(".")
