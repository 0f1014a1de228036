"""Yahtzee in words: why a move is refused, the log line of each action, the result, and a
seat's view drawn for a terminal.

Functions that speak of players take ``names``: every seat's name, by seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.dice import format_dice
from parlour.core.protocol import CHANCE
from parlour.games.yahtzee.moves import Dice, Move, Roll, Score
from parlour.games.yahtzee.notation import format_keep
from parlour.games.yahtzee.rules import (
    DICE,
    LOWER,
    ROLLS,
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_AT,
    Box,
    choices,
    counts,
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
    refusal,
    signed,
)

_COUNT_WORDS = ("no", "a", "two", "three", "four", "five")

# ---- refusals ------------------------------------------------------------------------------


def explain_illegal(state: State, seat: int, move: Move) -> str:
    """Why ``move`` is not legal now (asked only of an illegal move by the seat to play)."""
    if isinstance(move, Roll):
        return _explain_roll(state, move)
    if not isinstance(move, Score) or not isinstance(move.box, Box):
        return f"{move!r} is not a Yahtzee move"
    if state.rolls == 0:
        return "roll first: there are no dice to score yet"
    box = move.box
    if state.card[box] is not None:
        return f"the {box.title} box is already filled"
    return refusal(state, box)


def _explain_roll(state: State, move: Roll) -> str:
    if state.rolls >= ROLLS:
        return "you have no rolls left: score a box"
    if state.rolls == 0:
        return ("roll first: there are no dice to keep yet (the first roll of a turn is all "
                "five dice)")
    if len(move.keep) > DICE:
        return f"there are only {DICE} dice"
    shown = format_dice(state.dice)
    have = counts(state.dice)
    for face in sorted(set(move.keep)):
        want = move.keep.count(face)
        if not 1 <= face <= 6:
            return f"you cannot keep a {face}: dice show 1 to 6"
        if want > have[face - 1]:
            what = f"a {face}" if have[face - 1] == 0 else f"{_COUNT_WORDS[want]} {face}s"
            return f"you cannot keep {what}: the dice are {shown}"
    return "keeping all five dice rolls nothing: score a box instead"


# ---- the log and the result ------------------------------------------------------------------


def describe(state: State, seat: int, action: Move | Dice, names: Sequence[str]) -> str:
    """The log line of ``action`` by ``seat`` (or chance) in ``state``."""
    who = names[state.current]
    if seat == CHANCE:
        assert isinstance(action, tuple)
        rolled = format_dice(action)
        if state.kept:
            return f"{who} rolls {rolled} → dice {format_dice(state.kept + action)}"
        return f"{who} rolls {rolled}"
    if isinstance(action, Roll):
        n = action.rolling
        dice = f"{n} {'die' if n == 1 else 'dice'}"
        if not action.keep:
            return f"{who} rolls {dice}"
        return f"{who} keeps {format_keep(action.keep)} and rolls {dice}"
    assert isinstance(action, Score)
    card = state.card
    points = choices(state.rules, card.boxes, state.dice).get(action.box)
    if points is None:
        return f"{who} scores in {action.box.title}"
    extras = []
    if yahtzee_bonus(state.rules, card.boxes, state.dice):
        extras.append("+100 Yahtzee bonus")
    if not card.upper_bonus and card.scored(action.box, points, False).upper_bonus:
        extras.append(f"+{UPPER_BONUS} upper bonus")
    tail = f" ({', '.join(extras)})" if extras else ""
    return f"{who} scores {points} in {action.box.title}{tail}"


def result_text(state: State, names: Sequence[str]) -> str:
    """The result in words: the solo score, or who won and every total."""
    if not state.over:
        return "The game is not over."
    totals = [card.total for card in state.cards]
    if state.players == 1:
        return f"{names[0]} scores {totals[0]}."
    top = state.leaders
    who = " and ".join(names[s] for s in top)
    verb = "wins" if len(top) == 1 else "share the win"
    scores = ", ".join(f"{names[s]}: {t}" for s, t in enumerate(totals))  # "Name: 210", never "Name 210"
    return f"{who} {verb} with {totals[top[0]]} ({scores})."


# ---- the view drawn ----------------------------------------------------------------------------

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
