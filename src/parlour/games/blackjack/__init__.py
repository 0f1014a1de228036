"""Blackjack: the manual's game and casino rules, chips and bets, the dealer's hole card hidden."""

from parlour.games.blackjack.game import GAME, Blackjack
from parlour.games.blackjack.rules import Deal, Double, Payout, Rules, Soft17, Surrender
from parlour.games.blackjack.state import (
    Bet,
    DoubleDown,
    Hand,
    Hit,
    Insure,
    Move,
    NoInsurance,
    Outcome,
    Phase,
    Split,
    Stand,
    State,
    SurrenderHand,
)
from parlour.games.blackjack.view import BlackjackView

__all__ = ["GAME", "Bet", "Blackjack", "BlackjackView", "Deal", "Double", "DoubleDown", "Hand", "Hit",
           "Insure", "Move", "NoInsurance", "Outcome", "Payout", "Phase", "Rules", "Soft17", "Split",
           "Stand", "State", "Surrender", "SurrenderHand"]
