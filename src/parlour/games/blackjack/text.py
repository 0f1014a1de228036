"""Blackjack in words: the log line of each action, the result, and a seat's view drawn for a
terminal."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import Card
from parlour.core.protocol import CHANCE
from parlour.games.blackjack.moves import Move
from parlour.games.blackjack.notation import chips, format_move
from parlour.games.blackjack.rules import Deal, hand_total
from parlour.games.blackjack.state import DEALER, FACE_DOWN, Hand, Phase, State, value
from parlour.games.blackjack.view import BlackjackView, true_count


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """A seat's name: its player's, else ``Player N``."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def describe(state: State, seat: int, action: Move | Card, names: Sequence[str] | None,
             everything: bool) -> str:
    """The log line for ``action`` applied to ``state``: with ``everything``, the hole card too
    (the table's private log), else only what everyone may read."""
    if seat != CHANCE:
        assert not isinstance(action, Card)
        said = format_move(action)
        if state.phase is Phase.PLAY and len(state.hands[seat]) > 1:
            said += f" (hand {state.current[1] + 1})"
        return f"{seat_name(seat, names)}: {said}"
    assert isinstance(action, Card)
    target, which = state.pending[0]
    if target == DEALER:
        if which == FACE_DOWN:
            return "The dealer takes a card face down" + (f" ({action.pretty})" if everything else "")
        if state.phase is Phase.DEAL:
            return f"The dealer is dealt {action.pretty} face up"
        return f"The dealer draws {action.pretty}"
    where = f" (hand {which + 1})" if len(state.hands[target]) > 1 else ""
    return f"{seat_name(target, names)} is dealt {action.pretty}{where}"


def result_text(state: State, names: Sequence[str] | None) -> str:
    """Each player's chips at the end, and what they won or lost."""
    start = state.rules.bankroll
    parts = []
    for seat, p in enumerate(state.players):
        diff = p.balance - start
        sign = "+" if diff > 0 else ("\u2212" if diff < 0 else "\u00b1")
        parts.append(f"{seat_name(seat, names)} ends with {chips(p.balance)} chips "
                     f"({sign}{chips(-diff if diff < 0 else diff)})")
    rounds = len(state.history)
    return f"After {rounds} round{'s' if rounds != 1 else ''}: " + "; ".join(parts) + "."


def _cards(cards: Sequence[str | None]) -> str:
    return " ".join("[??]" if c is None else f"[{c}]" for c in cards) or "(none)"


def _total(total: int, soft: bool) -> str:
    if total > 21:
        return f"{total}, bust"
    return f"soft {total}" if soft else str(total)


def _hand(view: BlackjackView, hand: Hand) -> str:
    marks = []
    if hand.natural(view.state.rules):
        marks.append("blackjack")
    if hand.doubled:
        marks.append("doubled")
    if hand.surrendered:
        marks.append("surrendered")
    extra = f" ({', '.join(marks)})" if marks else ""
    return f"{_cards([str(c) for c in hand.cards])} {_total(hand.total, hand.soft)}, bet {hand.bet}{extra}"


def render_view(view: BlackjackView, names: Sequence[str]) -> str:
    s = view.state
    rules = s.rules
    played = len(s.history)
    rounds = f"{played} round{'s' if played != 1 else ''}"
    lines = [f"Round {s.round} of {rules.rounds}" if not s.over else f"Game over after {rounds}"]
    shown = [value(c) for c in s.dealer]
    dealer = _cards(view.dealer_cards)
    if shown:
        total, soft = hand_total(shown)
        dealer += f"  showing {_total(total, soft)}" if s.hole >= 0 else f"  {_total(total, soft)}"
    elif not s.dealer and s.hole < 0 and s.phase is Phase.BET:
        dealer = "(no cards yet)"
    lines.append(f"Dealer: {dealer}")
    if rules.deal is Deal.MANUAL and s.hole >= 0:
        lines.append("  (the dealer's first card is face down; no card shows until the players have played)")
    for n, p in enumerate(s.players):
        head = f"{seat_name(n, names)}: {chips(p.balance)} chips" + (" (out)" if p.out else "")
        hands = s.hands[n]
        if p.bet is not None and not hands:
            head += f", bet {p.bet}"
        if p.insurance:
            head += f", insured for {chips(p.insurance)}"
        lines.append(head)
        for i, hand in enumerate(hands):
            if not hand.cards:
                continue
            pointer = "->" if s.phase is Phase.PLAY and s.current == (n, i) else "  "
            label = f"hand {i + 1}: " if len(hands) > 1 else ""
            lines.append(f"  {pointer} {label}{_hand(view, hand)}")
    if (s.history and s.phase is Phase.BET) or (s.over and s.history):
        r = s.history[-1]
        d_total = hand_total([value(c) for c in r.dealer])[0]
        lines.append(f"Round {r.number}: the dealer had {_cards([str(c) for c in r.dealer])} {d_total}")
        for n, results in enumerate(r.hands):
            if not results:
                continue
            name = seat_name(n, names)
            said = "; ".join(f"{h.outcome.value} {'+' if h.net > 0 else ''}{chips(h.net)}" for h in results)
            lines.append(f"  {name}: {said}")
    if rules.trainer and s.note is not None:
        note = s.note
        who = seat_name(note.seat, names)
        if note.correct:
            lines.append(f"Trainer: {who}'s {note.played} was the best play "
                         f"({note.played_value:+.3f} a chip).")
        else:
            lines.append(f"Trainer: {who}'s {note.played} ({note.played_value:+.3f} a chip) was not the best "
                         f"play: {note.best} ({note.best_value:+.3f}).")
    if rules.trainer and s.trained:
        shares = []
        for seat, (judged, best) in enumerate(s.trained):
            who = seat_name(seat, names)
            shares.append(f"{who} {best} of {judged}" if judged else f"{who} none yet")
        lines.append("Best plays: " + ", ".join(shares))
    if rules.decks:
        remaining = len(s.shoe) - (1 if s.hole >= 0 else 0)
        true = true_count(s) or 0.0
        lines.append(f"Shoe: {remaining} cards left of {52 * rules.decks}; Hi-Lo count {s.count:+d} "
                     f"(true count {true:+.1f})")
    return "\n".join(lines)
