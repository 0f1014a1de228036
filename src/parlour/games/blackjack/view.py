"""What a seat sees at a Blackjack table: everything but the dealer's hole card.

Every player's cards are dealt face up, so all seats (and spectators) see the same thing; the
hole card is ``null`` in the JSON until the dealer turns it up, and nothing else (its count in
the Hi-Lo running count, the shoe's composition) gives it away; ``resample_hidden`` deals another
hole card from the unseen cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from parlour.core.protocol import View
from parlour.games.blackjack.engine import DECK, to_act
from parlour.games.blackjack.moves import HandResult
from parlour.games.blackjack.notation import chips
from parlour.games.blackjack.rules import hand_total
from parlour.games.blackjack.state import Phase, State, shoe_with, shoe_without, value


def _hand(state: State, seat: int, index: int) -> dict[str, Any]:
    hand = state.hands[seat][index]
    total, soft = hand_total(hand.values)
    return {"cards": [str(c) for c in hand.cards], "total": total if hand.cards else None,
            "soft": soft, "bet": hand.bet, "doubled": hand.doubled, "split": hand.from_split,
            "done": state.done(seat, index), "surrendered": hand.surrendered, "bust": total > 21,
            "blackjack": hand.natural(state.rules),
            "current": state.phase is Phase.PLAY and state.current == (seat, index)}


def _result(r: HandResult) -> dict[str, Any]:
    return {"cards": [str(c) for c in r.cards], "bet": r.bet, "outcome": r.outcome.value,
            "net": float(r.net), "net_text": chips(r.net)}


def public(state: State) -> State:
    """The state as the players know it: the hole card taken out of ``dealer`` (``hole`` still
    says where it lies face down) and counted back into the shoe, among the unseen cards."""
    if state.hole < 0:
        return state
    card = state.dealer[state.hole]
    shoe = shoe_with(state.shoe, card) if state.rules.decks else state.shoe
    dealer = state.dealer[:state.hole] + state.dealer[state.hole + 1:]
    return State(state.table, state.hands, state.phase, shoe, dealer, state.hole, state.pending,
                 state.current, state.count)


def resample_hidden(state: State, rng: random.Random) -> State:
    """Another hole card, from the cards the players cannot have seen (the shoe and the hole
    card itself), the true one put back in the shoe: a state no seat can tell from ``state``."""
    if state.hole < 0:
        return state
    old = state.dealer[state.hole]
    shoe = state.shoe
    if state.rules.decks:
        unseen = shoe_with(shoe, old)
        new = DECK[rng.choice(unseen)]
        shoe = shoe_without(unseen, new)
    else:
        new = rng.choice(DECK)
    dealer = list(state.dealer)
    dealer[state.hole] = new
    return replace(state, dealer=tuple(dealer), shoe=shoe)


def true_count(state: State) -> float | None:
    """The Hi-Lo true count a player can work out: the running count of the cards seen since the
    shuffle per deck still unseen (``None`` for an infinite deck).  ``state`` is a view's."""
    if not state.rules.decks:
        return None
    unseen = len(state.shoe)  # in a view, the hole card is counted among the unseen
    return state.count / (unseen / 52) if unseen else 0.0


@dataclass(frozen=True)
class BlackjackView(View):
    """A seat's view.  Its ``state`` is :func:`public`: while the hole card is face down it is
    not in ``state.dealer`` (``state.hole`` is where it lies), and the shoe counts it as unseen."""

    seat: int | None
    state: State

    @classmethod
    def of(cls, state: State, seat: int | None) -> BlackjackView:
        return cls(seat, public(state))

    @property
    def dealer_cards(self) -> tuple[str | None, ...]:
        """The dealer's cards as the players see them (``None``: face down)."""
        s = self.state
        cards: list[str | None] = [str(c) for c in s.dealer]
        if s.hole >= 0:
            cards.insert(s.hole, None)
        return tuple(cards)

    def to_json(self) -> dict[str, Any]:
        s = self.state
        rules = s.rules
        shown = [value(c) for c in s.dealer]
        d_total, d_soft = hand_total(shown) if shown else (None, False)
        remaining = len(s.shoe) - (1 if s.hole >= 0 else 0) if rules.decks else None
        true = true_count(s)
        players = []
        for n, p in enumerate(s.players):
            players.append({
                "balance": float(p.balance), "balance_text": chips(p.balance), "bet": p.bet,
                "insurance": None if p.insurance is None else float(p.insurance), "out": p.out,
                "hands": [_hand(s, n, i) for i in range(len(s.hands[n]))],
            })
        last = s.history[-1] if s.history else None
        return {
            "game": "blackjack",
            "seat": self.seat,
            "phase": s.phase.value,
            "round": s.round,
            "rounds": rules.rounds,
            "to_act": [a for a in to_act(s) if a >= 0],
            "rules": {"deal": rules.deal.value, "blackjack": rules.blackjack.value,
                      "double": rules.double.value, "split_hands": rules.split_hands,
                      "surrender": rules.surrender.value, "insurance": rules.insurance,
                      "soft17": rules.soft17.value, "decks": rules.decks,
                      "penetration": rules.penetration, "min_bet": rules.min_bet,
                      "max_bet": rules.max_bet, "bankroll": rules.bankroll},
            "dealer": {"cards": list(self.dealer_cards), "total": d_total, "soft": d_soft,
                       "hidden": s.hole >= 0},
            "players": players,
            "current": list(s.current) if s.phase is Phase.PLAY else None,
            "shoe": {"decks": rules.decks, "remaining": remaining,
                     "dealt": 0 if remaining is None else 52 * rules.decks - remaining,
                     "shuffles": s.shuffles, "running_count": s.count if rules.decks else None,
                     "true_count": None if true is None else round(true, 1)},
            "last_round": None if last is None else {
                "number": last.number, "dealer": [str(c) for c in last.dealer],
                "dealer_total": hand_total(tuple(value(c) for c in last.dealer))[0],
                "hands": [[_result(r) for r in hands] for hands in last.hands],
                "insurance": [float(x) for x in last.insurance],
                "net": [float(last.net(n)) for n in range(len(s.players))]},
            "nets": [[float(r.net(n)) for r in s.history] for n in range(len(s.players))],
            "over": s.over,
            "trainer": None if not rules.trainer else {
                "scores": [{"judged": j, "best": b, "percent": round(100 * b / j, 1) if j else None}
                           for j, b in (s.trained or [(0, 0)] * len(s.players))],
                "last": None if s.note is None else {
                    "seat": s.note.seat, "hand": s.note.hand, "played": s.note.played,
                    "best": s.note.best, "played_value": round(s.note.played_value, 4),
                    "best_value": round(s.note.best_value, 4), "correct": s.note.correct}},
        }
