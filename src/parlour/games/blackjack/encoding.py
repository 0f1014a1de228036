"""Blackjack for the learning environments: ``BlackjackEncoding`` (its docstring is the game's
section of ``docs/envs.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from parlour.core.protocol import AnyGame
from parlour.envs.encoding import Encoding, Observation
from parlour.games.blackjack.engine import DECK, to_act
from parlour.games.blackjack.game import GAME
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
from parlour.games.blackjack.rules import VALUES, Rules, hand_total
from parlour.games.blackjack.state import Hand, Phase, State, value
from parlour.games.blackjack.view import BlackjackView

PLAYS: tuple[Move, ...] = (Hit(), Stand(), DoubleDown(), Split(), SurrenderHand(), Insure(), NoInsurance())
"""The moves other than bets, by action number."""
PLAY_NAMES = ("hit", "stand", "double", "split", "surrender", "insurance", "no insurance")
PLAY_ACTION = {type(move): i for i, move in enumerate(PLAYS)}
FIRST_BET = len(PLAYS)

BET_ACTIONS = 100
"""The most bet actions: a table with more amounts gives a bet as digits in this base."""

PHASES = tuple(Phase)
CARDS_CAP = 12
"""Cards in a hand are shown clipped at this (more is rare: all small cards)."""
HAND_MAX = 30
"""The highest total a hand can reach (20 and a ten-card); the dealer's is 26."""
DEALER_MAX = 26
CARD_POINTS = tuple(value(card) for card in DECK)
"""The points of each card of the shoe, by its index."""
BY_POINTS = np.array([[float(points == v) for v in VALUES] for points in CARD_POINTS])
"""A card index's row: 1 in the column of its point value."""
IN_A_DECK = BY_POINTS.sum(axis=0)
"""How many cards of each point value a deck holds (16 tens, 4 of the others)."""


def bet_digits(rules: Rules) -> int:
    """How many steps a bet's code has: 1 for up to :data:`BET_ACTIONS` amounts."""
    amounts, digits = rules.max_bet - rules.min_bet + 1, 1
    while BET_ACTIONS ** digits < amounts:
        digits += 1
    return digits


class BlackjackEncoding(Encoding[Rules, Move, BlackjackView]):
    """A seat's view as numbers, its moves as 7 actions and the bets.

    **Actions**, a function of the move and the rules alone:

    * 0 hit, 1 stand, 2 double, 3 split, 4 surrender, 5 insurance, 6 no insurance (there is no
      separate even-money move: a blackjack facing a dealer ace takes insurance or not);
    * 7 on: the bets.  Every whole amount from `min_bet` to `max_bet` may be bet.  A table of up to
      100 amounts (`BET_ACTIONS`) has one action each: 7 + k bets `min_bet` + k.  A wider table keeps
      the space at 107 actions and gives a bet in several steps: the digits of k in base 100, most
      significant first, each step's action 7 + digit, every bet with as many digits (`bet_digits`),
      so the codes are prefix-free; the environment asks for one digit at a time, masking those
      that lead to no legal bet (`move_of` reads a code back).

    **Observation**: the table as the seat's view shows it, never the dealer's hole card (the view
    holds it out and counts it among the unseen cards): the phase, the dealer's card showing and
    the dealer's cards once turned up, every seat's hands (the observing seat's first, then the
    seats after it in turn; a spectator sees seat 0's side), bets, insurance and chips, the make-up
    of the unseen cards and the Hi-Lo running count.  Chips are scaled by the rules' bounds, as
    each field says.
    """

    game: ClassVar[AnyGame] = GAME

    def __init__(self, rules: Rules, players: int) -> None:
        GAME.initial_state(rules, players)  # a player count the game refuses is refused here too
        super().__init__(rules, players)
        self.digits = bet_digits(rules)
        self.bets = min(BET_ACTIONS, rules.max_bet - rules.min_bet + 1)
        self.hands = rules.split_hands
        self.round_bound = (2 * self.hands + 1) * rules.max_bet
        """The most a seat can win or lose in a round: every hand doubled, and insurance."""
        self.chip_bound = rules.bankroll + rules.rounds * self.round_bound
        """The most chips a seat can ever hold."""

    @property
    def actions(self) -> int:
        return FIRST_BET + self.bets

    def code(self, view: BlackjackView, move: Move) -> tuple[int, ...]:
        if not isinstance(move, Bet):
            return (PLAY_ACTION[type(move)],)
        k = move.amount - self.rules.min_bet
        return tuple(FIRST_BET + k // BET_ACTIONS ** d % BET_ACTIONS for d in reversed(range(self.digits)))

    def bet_of(self, code: Sequence[int]) -> int:
        """The amount a bet's code stands for."""
        k = 0
        for action in code:
            k = k * BET_ACTIONS + action - FIRST_BET
        return self.rules.min_bet + k

    def move_of(self, code: Sequence[int]) -> Move:
        """The move a whole code stands for (the inverse of :meth:`code`)."""
        if code[0] < FIRST_BET:
            return PLAYS[code[0]]
        return Bet(self.bet_of(code))

    def action_name(self, action: int) -> str:
        if action < FIRST_BET:
            return PLAY_NAMES[action]
        if self.digits == 1:
            return f"bet {self.rules.min_bet + action - FIRST_BET}"
        return f"bet digit {action - FIRST_BET}"

    def fields(self) -> Sequence[tuple[str, int, str]]:
        n, hands, rules = self.players, self.hands, self.rules
        hand = ("present, total over 30, soft, cards (clipped at 12) over 12, first card's points over "
                "10, second card's over 10, bet over twice the largest bet, doubled, from a split, "
                "surrendered, bust, a blackjack that counts, played out, the hand to act")
        fields: list[tuple[str, int, str]] = [
            ("phase", len(PHASES), "one-hot: bet, deal, insurance, play, dealer, over"),
            ("round", 1, "the round over the rounds of the game"),
            ("up card", len(VALUES), "the dealer's card showing while the players decide, one-hot by "
                                     "points (ace, 2 ... 10); none in the manual's deal"),
            ("dealer", 4, "the dealer's cards showing: their total over 26, soft, how many over 12, "
                          "1 while a card lies face down"),
            ("hands", 14 * hands * n,
             f"each seat's {hands} hand(s), the observing seat's first, then the seats after it in "
             f"turn; each hand: {hand} (all 0 for no hand)"),
            ("chips", n, f"each seat's chips over {self.chip_bound} (the starting chips and the most "
                         f"that {rules.rounds} rounds can win)"),
            ("bet", n, "each seat's bet this round over the largest bet (0 before it bets)"),
            ("insurance", 2 * n, "each seat: insurance answered, and insured (1 if it took insurance)"),
            ("to act", n, "1 for each seat that may move now"),
            ("out", n, "1 for each seat out of chips"),
            ("last round", n, f"each seat's net result last round: 1/2 + net / {2 * self.round_bound} "
                              "(twice the most a round can win or lose)"),
            ("unseen", len(VALUES), "the unseen cards (the shoe and the hole card) of each point value "
                                    "(ace, 2 ... 10) over as many as a full shoe holds; 1 for an "
                                    "infinite deck"),
            ("shoe", 2, "the unseen cards over a full shoe, and 1/2 + the Hi-Lo running count over "
                        "(40 x the decks) (0 and 1/2 for an infinite deck)"),
        ]
        if self.digits > 1:
            fields.append(("bet digits", self.digits,
                           f"while a bet is being given: digits given over {self.digits}, then each "
                           f"digit given over {BET_ACTIONS - 1}"))
        fields.append(("over", 1, "1 once the game is over"))
        return fields

    def observe(self, view: BlackjackView, pending: Sequence[int] = ()) -> Observation:
        s, rules, n = view.state, self.rules, self.players
        me = view.seat if view.seat is not None else 0
        seats = [(me + k) % n for k in range(n)]
        out: list[float] = [float(s.phase is phase) for phase in PHASES]
        out.append(s.round / rules.rounds)
        up = s.up_card
        out.extend(float(up is not None and value(up) == v) for v in VALUES)
        shown = [value(c) for c in s.dealer]
        total, soft = hand_total(shown)
        out.extend((total / DEALER_MAX, float(soft), min(len(shown), CARDS_CAP) / CARDS_CAP,
                    float(s.hole >= 0)))
        for seat in seats:
            seat_hands = s.hands[seat]
            for index in range(self.hands):
                out.extend(self._hand(s, seat, index, seat_hands[index]) if index < len(seat_hands)
                           else (0.0,) * 14)
        players = s.players
        out.extend(float(players[seat].balance) / self.chip_bound for seat in seats)
        out.extend(players[seat].bet_or_zero() / rules.max_bet for seat in seats)
        for seat in seats:
            insurance = players[seat].insurance
            out.extend((float(insurance is not None), float(bool(insurance))))
        acting = to_act(s)
        out.extend(float(seat in acting) for seat in seats)
        out.extend(float(players[seat].out) for seat in seats)
        last = s.history[-1] if s.history else None
        out.extend(0.5 + (float(last.net(seat)) / (2 * self.round_bound) if last else 0.0) for seat in seats)
        out.extend(self._unseen(s))
        if rules.decks:
            out.extend((len(s.shoe) / (52 * rules.decks), 0.5 + s.count / (40 * rules.decks)))
        else:
            out.extend((0.0, 0.5))
        if self.digits > 1:
            out.append(len(pending) / self.digits)
            digits = [action - FIRST_BET for action in pending]
            out.extend(digits[d] / (BET_ACTIONS - 1) if d < len(digits) else 0.0
                       for d in range(self.digits - 1))
        out.append(float(s.over))
        return np.array(out, dtype=np.float32)

    def _hand(self, s: State, seat: int, index: int, hand: Hand) -> tuple[float, ...]:
        values = hand.values
        total, soft = hand_total(values)
        playing = s.phase is Phase.PLAY
        return (1.0, total / HAND_MAX, float(soft), min(len(values), CARDS_CAP) / CARDS_CAP,
                values[0] / 10 if values else 0.0, values[1] / 10 if len(values) > 1 else 0.0,
                hand.bet / (2 * self.rules.max_bet), float(hand.doubled), float(hand.from_split),
                float(hand.surrendered), float(hand.bust), float(hand.natural(self.rules)),
                float(s.done(seat, index)), float(playing and s.current == (seat, index)))

    def _unseen(self, s: State) -> list[float]:
        """The unseen cards of each point value, over a full shoe's."""
        decks = self.rules.decks
        if not decks:
            return [1.0] * len(VALUES)
        cards = np.bincount(np.frombuffer(s.shoe, dtype=np.uint8), minlength=len(DECK))
        unseen: list[float] = (cards @ BY_POINTS / (decks * IN_A_DECK)).tolist()
        return unseen

