"""Blackjack: the manual's game and casino rules, chips and bets, the dealer's hole card hidden.

Laid out on the template of ``docs/architecture.md``: ``rules``, ``moves``, ``state``, ``engine/``
(``betting``, ``dealing``, ``playing``, ``settlement``), ``game``, ``notation``, ``view``, ``text``,
``bots/``, ``advisor`` (hints and the trainer) and ``solver/`` (the strategy chart).
"""

from parlour.games.blackjack.game import GAME, Blackjack
from parlour.games.blackjack.moves import (
    Bet,
    DoubleDown,
    Hit,
    Insure,
    Move,
    NoInsurance,
    Outcome,
    Split,
    Stand,
    SurrenderHand,
)
from parlour.games.blackjack.rules import Deal, Double, Payout, Rules, Soft17, Surrender
from parlour.games.blackjack.state import Hand, Phase, State
from parlour.games.blackjack.view import BlackjackView

__all__ = ["GAME", "Bet", "Blackjack", "BlackjackView", "Deal", "Double", "DoubleDown", "Hand", "Hit",
           "Insure", "Move", "NoInsurance", "Outcome", "Payout", "Phase", "Rules", "Soft17", "Split",
           "Stand", "State", "Surrender", "SurrenderHand"]
