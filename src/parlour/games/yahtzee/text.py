"""Yahtzee as plain text: a seat's view drawn for a terminal."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.games.yahtzee.rules import (
    LOWER,
    UPPER,
    UPPER_BONUS_AT,
    Box,
    extra_yahtzee,
    yahtzee_bonus,
)
from parlour.games.yahtzee.state import Card, State
from parlour.games.yahtzee.view import (
    YahtzeeView,
    box_pace,
    card_pace,
    pace_status,
    preview,
    signed,
)

LEFT = 36
"""Width of the upper section's column."""


def _cell(state: State, card: Card, box: Box, allowed: dict[Box, int] | None) -> str:
    """A box's score, pace mark and preview: ``"  9 par"``, ``"  .  [12]"``, ``"  .  (not now)"``."""
    score = card[box]
    if score is not None:
        text = f"{score:>3}"
        if state.rules.colour_code and box.upper:
            text += f" {signed(box_pace(box, score))}"
        return text
    text = "  ."
    if allowed is not None:
        if box not in allowed:
            text += "  (not now)"
        elif state.rules.preview and allowed[box]:
            text += f"  [{allowed[box]}]"
    return text


def card_lines(state: State, seat: int, name: str, allowed: dict[Box, int] | None) -> list[str]:
    """One player's card: the upper section on the left, the lower on the right."""
    card = state.cards[seat]
    upper = [f"{b.title:<16}{_cell(state, card, b, allowed)}" for b in UPPER]
    diff = card_pace(card)
    pace = f"pace {signed(diff) if diff else '0'}"
    if state.rules.colour_code:
        pace += f" {pace_status(diff)}"
    upper.append(f"{'Subtotal':<16}{card.upper_total:>3} {pace}")
    bonus = f"{'Bonus':<16}{card.upper_bonus:>3}"
    if not card.upper_bonus and any(card[b] is None for b in UPPER):
        bonus += f" {UPPER_BONUS_AT - card.upper_total} to go"
    upper.append(bonus)
    upper.append(f"{'Upper total':<16}{card.upper_total + card.upper_bonus:>3}")
    lower = [f"{b.title:<16}{_cell(state, card, b, allowed)}" for b in LOWER]
    lower.append(f"{'Yahtzee bonus':<16}{card.yahtzee_bonus_points:>3}"
                 + (f" ({card.yahtzee_bonuses} x 100)" if card.yahtzee_bonuses else ""))
    lower.append(f"{'Lower total':<16}{card.lower_total + card.yahtzee_bonus_points:>3}")
    rows = max(len(upper), len(lower))
    upper += [""] * (rows - len(upper))
    lower += [""] * (rows - len(lower))
    turn = "" if card.full else f", turn {card.filled + 1} of 13"
    lines = [f"{name}: total {card.total}{turn}",
             f"  {'UPPER':<{LEFT}}  LOWER"]
    lines += [f"  {u:<{LEFT}}  {lo}".rstrip() for u, lo in zip(upper, lower, strict=True)]
    return lines


def dice_line(state: State) -> str:
    """The dice in their places, and the rolls used."""
    if state.pending:
        kept = " ".join(f"[{d}]" for d in state.kept) or "none"
        return f"  Dice: kept {kept}; rolling {state.rolling}"
    if not state.dice:
        return "  Dice: not rolled yet (3 rolls this turn)"
    shown = " ".join(f"[{d}]" for d in state.dice)
    left = state.rolls_left
    return (f"  Dice: {shown}   roll {state.rolls} of 3, "
            f"{left} roll{'' if left == 1 else 's'} left")


def scoreboard(state: State, names: Sequence[str]) -> list[str]:
    """Every player's totals side by side."""
    width = max(6, *(len(n) + 1 for n in names))
    rows: list[tuple[str, list[str]]] = [
        ("Upper", [str(c.upper_total) for c in state.cards]),
        ("Bonus", [str(c.upper_bonus) for c in state.cards]),
        ("Lower", [str(c.lower_total) for c in state.cards]),
        ("Yahtzee bonus", [str(c.yahtzee_bonus_points) for c in state.cards]),
        ("Total", [str(c.total) for c in state.cards]),
        ("Boxes filled", [f"{c.filled}/13" for c in state.cards]),
    ]
    lines = ["  " + f"{'Scores':<14}" + "".join(f"{n:>{width}}" for n in names)]
    lines += ["  " + f"{label:<14}" + "".join(f"{v:>{width}}" for v in values)
              for label, values in rows]
    return lines


def render_view(view: YahtzeeView, names: Sequence[str]) -> str:
    s = view.state
    lines: list[str] = []
    if s.over:
        for seat in range(s.players):
            lines += card_lines(s, seat, names[seat], None)
            lines.append("")
    else:
        lines += card_lines(s, s.current, names[s.current], preview(s))
        lines.append(dice_line(s))
        allowed = preview(s)
        if allowed is not None:
            if extra_yahtzee(s.card.boxes, s.dice):
                bonus = yahtzee_bonus(s.rules, s.card.boxes, s.dice)
                lines.append("  An extra Yahtzee: " + (f"+{bonus} bonus wherever it is scored"
                                                      if bonus else "no bonus (the Yahtzee box holds 0)"))
            if s.rules.preview:
                lines.append("  [n]: what the dice would score in that box")
    if s.players > 1:
        if not s.over:
            lines.append("")
        lines += scoreboard(s, names)
    return "\n".join(lines).rstrip()
