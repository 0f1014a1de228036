"""Gin Rummy in words: the log line for each action (told for one viewer's eyes) and the result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core.protocol import CHANCE
from parlour.games.gin_rummy import engine
from parlour.games.gin_rummy.deck import CARDS, INDEX, cards_of, format_cards
from parlour.games.gin_rummy.layoff import fits, lay_off
from parlour.games.gin_rummy.melds import deadwood
from parlour.games.gin_rummy.notation import (
    BestLayOff,
    Deal,
    Discard,
    Done,
    Draw,
    FirstDealer,
    Gin,
    Knock,
    LayOff,
    Pass,
    Take,
)
from parlour.games.gin_rummy.rules import Outcome, settle
from parlour.games.gin_rummy.state import HandResult, Phase, State


def melds_text(melds: Sequence[Sequence[Any]]) -> str:
    """``"[3H 4H 5H] [7C 7D 7S]"``."""
    return " ".join(f"[{format_cards(m)}]" for m in melds) or "no melds"


def _deadwood_text(cards: Sequence[Any], count: int) -> str:
    return f"deadwood {format_cards(cards)} ({count})" if cards else "no deadwood"


def hand_result(result: HandResult, after: State, name: Any) -> str:
    """The showdown and the score of a finished hand, in a sentence or two."""
    if result.outcome is Outcome.CANCELLED or result.knocker is None or result.winner is None:
        return "The hand is cancelled."
    knocker, defender = result.knocker, 1 - result.knocker
    parts = [f"{name(defender)} lays down {melds_text(result.melds[defender])}, "
             f"{_deadwood_text(result.unmatched[defender], result.counts[defender])}"]
    if result.laid_off:
        parts[0] += f", having laid off {format_cards(result.laid_off)}"
    parts[0] += "."
    if result.outcome is Outcome.GIN:
        parts.append(f"{name(knocker)} scores {result.points} for gin "
                     f"({after.rules.gin_bonus} + {result.counts[defender]}).")
    elif result.outcome is Outcome.KNOCK:
        parts.append(f"{name(knocker)} scores {result.points} "
                     f"({result.counts[defender]} - {result.counts[knocker]}).")
    else:
        parts.append(f"{name(defender)} undercuts {name(knocker)} ({result.counts[defender]} against "
                     f"{result.counts[knocker]}) and scores {result.points}.")
    parts.append(f"Scores: {name(0)} {after.scores[0]}, {name(1)} {after.scores[1]}.")
    if after.phase is Phase.OVER:
        parts.append(f"{name(result.winner)} reaches {after.scores[result.winner]} and wins the game.")
    return " ".join(parts)


def _finish(text: str, state: State, after: State, name: Any) -> str:
    """``text`` plus the hand's result if ``after`` is past the hand's end."""
    if len(after.sheet) > len(state.sheet):
        return f"{text} {hand_result(after.sheet[-1], after, name)}"
    return text


def _wall(state: State, name: Any) -> str:
    if len(state.stock) > engine.WALL:
        return ""
    if state.rules.wall_take:
        return (f"; the stock is down to two cards: {name(1 - state.current)} may take it to knock "
                "or go gin, or the hand is cancelled")
    return f"; the stock is down to two cards: the hand is cancelled and {name(state.dealer)} deals again"


def describe(game: Any, state: State, seat: int, action: Any, names: Sequence[str] | None,
             viewer: int | None = None, omniscient: bool = False) -> str:
    """The log line for ``action`` applied to ``state``: everything if ``omniscient``, else only
    what ``viewer`` may know (``None``: a spectator)."""

    def name(s: int) -> str:
        return str(game.name_of(state, s, names))

    def sees(s: int) -> bool:
        return omniscient or viewer == s

    if seat == CHANCE:
        if isinstance(action, FirstDealer):
            return f"{name(action.seat)} deals first (drawn by lot)."
        assert isinstance(action, Deal)
        after = engine.deal(state, action)
        up = CARDS[after.pile[-1]]
        head = f"Hand {state.hand_number}: {name(state.dealer)} deals"
        if omniscient:
            stock = format_cards(CARDS[c] for c in after.stock)
            return (f"{head}: {name(0)} {format_cards(cards_of(after.hands[0]))}; {name(1)} "
                    f"{format_cards(cards_of(after.hands[1]))}; up-card {up}; stock {stock}.")
        if viewer is not None:
            mine = format_cards(cards_of(after.hands[viewer]))
            return f"{head}. You are dealt {mine}; the up-card is {up}."
        return f"{head}; the up-card is {up}."
    who = name(seat)
    if isinstance(action, Take):
        top = CARDS[state.pile[-1]]
        if state.phase is Phase.OFFER:
            return f"{who} takes the up-card {top}."
        if state.phase is Phase.WALL:
            return f"{who} takes the last discard {top} (to knock or go gin)."
        return f"{who} takes {top} from the discard pile."
    if isinstance(action, Pass):
        if state.phase is Phase.WALL:
            return (f"{who} passes: the hand is cancelled (the wall) and {name(state.dealer)} "
                    "deals again.")
        if state.refused == 0:
            return f"{who} refuses the up-card."
        return f"{who} refuses the up-card too; {name(1 - state.dealer)} draws from the stock."
    if isinstance(action, Draw):
        if sees(seat):
            return f"{who} draws {CARDS[state.stock[0]]} from the stock."
        return f"{who} draws from the stock."
    if isinstance(action, Discard):
        return f"{who} discards {action.card}{_wall(state, name)}."
    after = game.apply(state, seat, action)
    if isinstance(action, Knock | Gin):
        face = f"discarding {action.card} face down" if sees(seat) else "discarding face down"
        verb = "goes gin" if isinstance(action, Gin) else "knocks"
        if len(after.sheet) > len(state.sheet):  # scored at once: the sheet has the layout
            laid = after.sheet[-1]
            loose = _deadwood_text(laid.unmatched[seat], laid.counts[seat])
            shown = f"{melds_text(laid.melds[seat])}, {loose}"
        else:
            covered = 0
            for meld in after.layout:
                covered |= meld
            rest = cards_of(after.hands[seat] ^ covered)
            shown = (f"{melds_text([cards_of(m) for m in after.layout])}, "
                     f"{_deadwood_text(rest, deadwood(after.hands[seat]))}")
        return _finish(f"{who} {verb}, {face}: {shown}.", state, after, name)
    if isinstance(action, LayOff):
        card = INDEX[action.card]
        meld = lay_off(state.table, card)[fits(state.table, card)]
        return _finish(f"{who} lays off {action.card} on {name(state.knocker)}'s melds "
                       f"([{format_cards(cards_of(meld))}]).", state, after, name)
    if isinstance(action, BestLayOff):
        laid = after.sheet[-1].laid_off[len(state.laid):]
        what = f"lays off {format_cards(laid)}" if laid else "has nothing to lay off"
        return _finish(f"{who} {what}.", state, after, name)
    assert isinstance(action, Done)
    return _finish(f"{who} is done laying off.", state, after, name)


def result(game: Any, state: State, names: Sequence[str] | None = None) -> str:
    """The game's result: who won, each total with its parts, and who pays whom."""
    winner = state.winner
    if winner is None:
        return "The game is not over."

    def name(s: int) -> str:
        return str(game.name_of(state, s, names))

    s = settle(state.rules, state.scores, state.boxes, winner)
    parts = []
    for seat in (0, 1):
        bonus = ""
        if s.game_bonus[seat]:
            bonus = f", {'shutout' if s.shutout else 'game'} bonus {s.game_bonus[seat]}"
        boxes = state.boxes[seat]
        parts.append(f"{name(seat)} {s.totals[seat]} (points {s.points[seat]}{bonus}, "
                     f"{boxes} box{'' if boxes == 1 else 'es'} {s.box_bonus[seat]})")
    pay = "The totals are equal: nobody pays." if s.payer is None else (
        f"{name(s.payer)} pays {name(1 - s.payer)} {s.amount}.")
    return f"{name(winner)} wins the game. Totals: {parts[0]}; {parts[1]}. {pay}"
