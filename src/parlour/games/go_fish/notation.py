"""Go Fish's moves and chance outcomes as text.

A move is an ask: ``ask 2 for sevens`` asks the player in seat 2 (seats are numbered from 1, as
the table shows them) for sevens.  Input also takes ``ask 2 7``, ``ask player 2 for 7s``,
``2 7``, ``ask p2 tens``, ``ask 3 for 10``; ranks as ``A 2-10 T J Q K`` or their names.

Chance: ``dealer 1`` (the first dealer, drawn by lot; seats from 1) and a deal, the whole deck
from the top (each player's cards dealt one at a time from the dealer's left, then the stock).

>>> format_move(Ask(1, Rank.SEVEN)), parse_move("ask 2 7") == Ask(1, Rank.SEVEN)
('ask 2 for sevens', True)
"""

from __future__ import annotations

import re

from parlour.core.cards import Rank, parse_cards
from parlour.core.errors import InvalidMoveError
from parlour.games.go_fish.moves import Ask, Deal, FirstDealer, Outcome

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
    return f"ask {move.target + 1} for {move.rank.plural}"


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
    return " ".join(str(c) for c in outcome.cards)
