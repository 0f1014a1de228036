"""What a seat sees of Yahtzee: everything (nothing in the game is hidden).

Besides the cards and the dice, the view carries the manual's screen features,
which are rules of this edition:

* the **point preview** (``Rules.preview``): after a roll, what the dice would
  score in each of the current player's open boxes, and which boxes they may not
  go in now (the forced-joker rule);
* the **pace** towards the upper bonus: par is three dice of each number
  (3 x face), so 63 in all.  The subtotal always tells how far behind or ahead of
  par the filled upper boxes are (the manual's subtotal box); with
  ``Rules.colour_code`` each filled upper box is also marked ``under`` (fewer than
  three dice), ``par`` (exactly three) or ``over`` (more), and the subtotal
  ``behind``, ``on track`` or ``ahead``.  Every mark comes with its signed
  difference as text (``-3``, ``par``, ``+4``), so colour is never the only signal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlour.core.protocol import View
from parlour.games.yahtzee.rules import (
    BOXES,
    UPPER,
    UPPER_BONUS_AT,
    Box,
    Joker,
    choices,
    extra_yahtzee,
    yahtzee_bonus,
)
from parlour.games.yahtzee.state import Card, State

PAR_DICE = 3
"""Dice of each number needed, on average, for the upper bonus (3 x (1+…+6) = 63)."""


def box_pace(box: Box, score: int) -> int:
    """A filled upper box against par: its score minus 3 x its face."""
    return score - PAR_DICE * box.face


def pace_mark(diff: int) -> str:
    """``under``, ``par`` or ``over``: fewer, exactly or more than three dice of the number."""
    return "under" if diff < 0 else "over" if diff > 0 else "par"


def card_pace(card: Card) -> int:
    """The upper subtotal against par for the filled upper boxes (negative: behind)."""
    return sum(v - PAR_DICE * face for face, v in enumerate(card.boxes[:6], start=1) if v is not None)


def pace_status(diff: int) -> str:
    """``behind``, ``on track`` or ``ahead`` of the pace for the upper bonus."""
    return "behind" if diff < 0 else "ahead" if diff > 0 else "on track"


def signed(diff: int) -> str:
    """``+4``, ``-3`` or ``par``."""
    return "par" if diff == 0 else f"{diff:+d}"


def preview(state: State) -> dict[Box, int] | None:
    """The boxes the current dice may go in now, with their scores (``None`` before a roll)."""
    if state.over or state.pending or not state.dice:
        return None
    return choices(state.rules, state.card.boxes, state.dice)


@dataclass(frozen=True)
class YahtzeeView(View):
    """A seat's view.  Yahtzee has no hidden information, so it holds the state."""

    seat: int | None
    state: State

    def to_json(self) -> dict[str, Any]:
        s = self.state
        rules = s.rules
        allowed = preview(s)
        bonus_now = 0 if allowed is None else yahtzee_bonus(rules, s.card.boxes, s.dice)
        return {
            "game": "yahtzee",
            "seat": self.seat,
            "players": s.players,
            "rules": {"joker": rules.joker.value, "bonus_needs_fifty": rules.bonus_needs_fifty,
                      "preview": rules.preview, "colour_code": rules.colour_code},
            "current": None if s.over else s.current,
            "turn": None if s.over else s.turn,
            "turns": len(BOXES),
            "dice": list(s.dice),
            "rolls": s.rolls,
            "rolls_left": s.rolls_left,
            "rolling": s.rolling,
            "kept": list(s.kept),
            "extra_yahtzee": allowed is not None and extra_yahtzee(s.card.boxes, s.dice),
            "yahtzee_bonus_now": bonus_now,
            "cards": [self._card(seat, card, allowed if seat == s.current else None)
                      for seat, card in enumerate(s.cards)],
            "totals": [card.total for card in s.cards],
            "over": s.over,
            "winners": list(s.leaders) if s.over else None,
        }

    def _card(self, seat: int, card: Card, allowed: dict[Box, int] | None) -> dict[str, Any]:
        rules = self.state.rules
        colour, show = rules.colour_code, rules.preview
        boxes = []
        for (box, name, title, section, face), score in zip(_BOXES, card.boxes, strict=True):
            item: dict[str, Any] = {"box": name, "title": title, "section": section, "score": score}
            if allowed is not None and score is None:
                item["allowed"] = box in allowed
                if show and box in allowed:
                    item["preview"] = allowed[box]
                elif box not in allowed:
                    item["reason"] = refusal(self.state, box)
            if colour and face and score is not None:
                diff = score - PAR_DICE * face
                item.update(pace=pace_mark(diff), pace_diff=diff, pace_text=signed(diff))
            boxes.append(item)
        upper = card.upper_total
        diff = card_pace(card)
        return {
            "seat": seat,
            "boxes": boxes,
            "upper_subtotal": upper,
            "upper_bonus": card.upper_bonus,
            "upper_bonus_to_go": (None if all(card[b] is not None for b in UPPER) and upper < UPPER_BONUS_AT
                                  else max(0, UPPER_BONUS_AT - upper)),
            "pace": {"diff": diff, "text": signed(diff),
                     "status": pace_status(diff) if colour else None},
            "lower_total": card.lower_total,
            "yahtzee_bonuses": card.yahtzee_bonuses,
            "yahtzee_bonus_points": card.yahtzee_bonus_points,
            "total": card.total,
            "filled": card.filled,
        }


def refusal(state: State, box: Box) -> str:
    """Why the current dice may not be scored in the open ``box`` now (the forced-joker rule)."""
    dice = state.dice
    rules = state.rules
    boxes = state.card.boxes
    if rules.joker is Joker.FORCED and extra_yahtzee(boxes, dice):
        own = UPPER[dice[0] - 1]
        if boxes[own.index] is None:
            return (f"an extra Yahtzee of {dice[0]}s must go in the {own.title} box "
                    "while it is open")
        if box.upper:
            return ("an extra Yahtzee must go in an open lower-section box (as a wildcard) "
                    f"while one is open: the {own.title} box is filled")
    return f"the dice cannot be scored in the {box.title} box now"


_BOXES = tuple((b, b.value, b.title, "upper" if b.upper else "lower", b.face) for b in BOXES)
"""Each box with its name, title, section and face (0 in the lower section), worked out once."""
