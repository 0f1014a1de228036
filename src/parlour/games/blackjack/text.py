"""Blackjack as plain text: a seat's view drawn for a terminal."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.games.blackjack.notation import chips
from parlour.games.blackjack.rules import Deal, hand_total
from parlour.games.blackjack.state import Hand, Phase, value
from parlour.games.blackjack.view import BlackjackView, true_count


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
        name = names[n] if n < len(names) else f"Player {n + 1}"
        head = f"{name}: {chips(p.balance)} chips" + (" (out)" if p.out else "")
        if p.bet is not None and not p.hands:
            head += f", bet {p.bet}"
        if p.insurance:
            head += f", insured for {chips(p.insurance)}"
        lines.append(head)
        for i, hand in enumerate(p.hands):
            if not hand.cards:
                continue
            pointer = "->" if s.phase is Phase.PLAY and s.current == (n, i) else "  "
            label = f"hand {i + 1}: " if len(p.hands) > 1 else ""
            lines.append(f"  {pointer} {label}{_hand(view, hand)}")
    if (s.history and s.phase is Phase.BET) or (s.over and s.history):
        r = s.history[-1]
        d_total = hand_total([value(c) for c in r.dealer])[0]
        lines.append(f"Round {r.number}: the dealer had {_cards([str(c) for c in r.dealer])} {d_total}")
        for n, hands in enumerate(r.hands):
            if not hands:
                continue
            name = names[n] if n < len(names) else f"Player {n + 1}"
            said = "; ".join(f"{h.outcome.value} {'+' if h.net > 0 else ''}{chips(h.net)}" for h in hands)
            lines.append(f"  {name}: {said}")
    if rules.trainer and s.note is not None:
        note = s.note
        who = names[note.seat] if note.seat < len(names) else f"Player {note.seat + 1}"
        if note.correct:
            lines.append(f"Trainer: {who}'s {note.played} was the best play "
                         f"({note.played_value:+.3f} a chip).")
        else:
            lines.append(f"Trainer: {who}'s {note.played} ({note.played_value:+.3f} a chip) was not the best "
                         f"play: {note.best} ({note.best_value:+.3f}).")
    if rules.trainer and s.trained:
        shares = []
        for seat, (judged, best) in enumerate(s.trained):
            who = names[seat] if seat < len(names) else f"Player {seat + 1}"
            shares.append(f"{who} {best} of {judged}" if judged else f"{who} none yet")
        lines.append("Best plays: " + ", ".join(shares))
    if rules.decks:
        remaining = sum(s.shoe) - (1 if s.hole >= 0 else 0)
        true = true_count(s) or 0.0
        lines.append(f"Shoe: {remaining} cards left of {52 * rules.decks}; Hi-Lo count {s.count:+d} "
                     f"(true count {true:+.1f})")
    return "\n".join(lines)
