"""Gin Rummy in words: the log line for each action (told for one viewer's eyes) and the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from parlour.core.cards import Card
from parlour.core.protocol import Game
from parlour.games.gin_rummy import engine
from parlour.games.gin_rummy.deck import CARDS, INDEX, cards_of, format_cards, mask_of
from parlour.games.gin_rummy.layoff import fits, lay_off
from parlour.games.gin_rummy.melds import deadwood, unmatched
from parlour.games.gin_rummy.moves import (
    BestLayOff,
    Chance,
    Deal,
    Discard,
    Done,
    Draw,
    FirstDealer,
    Gin,
    HandResult,
    Knock,
    LayOff,
    Move,
    Pass,
    Take,
)
from parlour.games.gin_rummy.rules import Outcome, Rules, settle
from parlour.games.gin_rummy.state import Phase, State
from parlour.games.gin_rummy.view import GinView

Namer = Callable[[int], str]
"""A seat's name."""
GinGame = Game[Rules, State, Move, Chance, GinView]
"""The game (for the players' names)."""


def melds_text(melds: Sequence[Sequence[Card]]) -> str:
    """``"[3H 4H 5H] [7C 7D 7S]"``."""
    return " ".join(f"[{format_cards(m)}]" for m in melds) or "no melds"


def _deadwood_text(cards: Sequence[Card], count: int) -> str:
    return f"deadwood {format_cards(cards)} ({count})" if cards else "no deadwood"


def hand_result(result: HandResult, after: State, name: Namer) -> str:
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


def _finish(text: str, state: State, after: State, name: Namer) -> str:
    """``text`` plus the hand's result if ``after`` is past the hand's end."""
    if len(after.sheet) > len(state.sheet):
        return f"{text} {hand_result(after.sheet[-1], after, name)}"
    return text


def _wall(state: State, name: Namer) -> str:
    if len(state.stock) > engine.WALL:
        return ""
    if state.rules.wall_take:
        return (f"; the stock is down to two cards: {name(1 - state.current)} may take it to knock "
                "or go gin, or the hand is cancelled")
    return f"; the stock is down to two cards: the hand is cancelled and {name(state.dealer)} deals again"


def describe(game: GinGame, state: State, seat: int, action: Move | Chance, names: Sequence[str] | None,
             viewer: int | None = None, omniscient: bool = False) -> str:
    """The log line for ``action`` applied to ``state``: everything if ``omniscient``, else only
    what ``viewer`` may know (``None``: a spectator)."""

    def name(s: int) -> str:
        return game.name_of(state, s, names)

    def sees(s: int) -> bool:
        return omniscient or viewer == s

    if isinstance(action, FirstDealer):
        return f"{name(action.seat)} deals first (drawn by lot)."
    if isinstance(action, Deal):
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
    after = engine.apply_move(state, seat, action)
    if isinstance(action, Knock | Gin):
        face = f"discarding {action.card} face down" if sees(seat) else "discarding face down"
        verb = "goes gin" if isinstance(action, Gin) else "knocks"
        if len(after.sheet) > len(state.sheet):  # scored at once: the sheet has the layout
            line = after.sheet[-1]
            loose = _deadwood_text(line.unmatched[seat], line.counts[seat])
            shown = f"{melds_text(line.melds[seat])}, {loose}"
        else:
            rest = cards_of(unmatched(after.hands[seat], after.layout))
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


def result(game: GinGame, state: State, names: Sequence[str] | None = None) -> str:
    """The game's result: who won, each total with its parts, and who pays whom."""
    winner = state.winner
    if winner is None:
        return "The game is not over."

    def name(s: int) -> str:
        return game.name_of(state, s, names)

    s = settle(state.rules, state.scores, state.boxes, winner)
    parts = []
    for seat in (0, 1):
        bonus = ""
        if s.game_bonus[seat]:
            bonus = f", {'shutout' if s.shutout else 'game'} bonus {s.game_bonus[seat]}"
        boxes = state.boxes[seat]
        parts.append(f"{name(seat)}: total {s.totals[seat]} (points {s.points[seat]}{bonus}, "
                     f"{boxes} box{'' if boxes == 1 else 'es'} {s.box_bonus[seat]})")
    pay = "The totals are equal: nobody pays." if s.payer is None else (
        f"{name(s.payer)} pays {name(1 - s.payer)} {s.amount}.")
    return f"{name(winner)} wins the game. {parts[0]}; {parts[1]}. {pay}"


# ---- the view drawn as plain text (the terminal's, and the playthroughs') ----

_VERBS = {Outcome.KNOCK: "knocks", Outcome.GIN: "goes gin", Outcome.UNDERCUT: "undercuts"}


def _group(cards: Sequence[Card]) -> str:
    return f"[{format_cards(cards)}]"


def hand_lines(view: GinView, names: Sequence[str]) -> list[str]:
    """The seat's own cards: melds grouped, then deadwood, with the count; eleven cards: the
    discards that leave the least deadwood, and the knock or gin if the rules allow it."""
    arrangement = view.arrangement
    if view.hand is None or arrangement is None or not view.hand:
        return []
    melds = " ".join(_group(cards_of(m)) for m in arrangement.melds)
    loose = format_cards(cards_of(arrangement.unmatched))
    lines = [f"  Your hand ({len(view.hand)} cards): {melds + '  ' if melds else ''}"
             f"{'deadwood ' + loose if loose else 'no deadwood'}  = {arrangement.deadwood}"]
    discards = view.discards
    if discards and view.to_act == view.seat and view.phase is Phase.DISCARD:
        allowed = [(c, left) for c, left in discards if c != view.taken]
        least = min(left for _, left in allowed)
        best = " ".join(str(c) for c, left in allowed if left == least)
        lines.append(f"  Least deadwood after discarding: {least} (discard {best})")
        limit = view.rules.knock_limit
        if least == 0:
            lines.append(f"  You can go gin: gin {best.split()[0]}")
        elif least <= limit:
            lines.append(f"  You can knock (deadwood {least}, limit {limit}): knock {best.split()[0]}")
        if view.taken is not None:
            lines.append(f"  (You took {view.taken} from the pile: you may not discard it this turn.)")
        if view.must_knock:
            lines.append("  You took the last discard at the wall: knock or go gin.")
    return lines


def showdown_lines(view: GinView, names: Sequence[str]) -> list[str]:
    show = view.showdown
    if show is None:
        return []
    who = names[show.knocker]
    defender = names[1 - show.knocker]
    loose = format_cards(show.knocker_deadwood)
    lines = [f"  {who} knocked: {' '.join(_group(m) for m in show.layout)}"
             f"{'  deadwood ' + loose if loose else ''}  = {show.knocker_count}"]
    if show.laid_off:
        lines.append(f"  On the table now: {' '.join(_group(m) for m in show.table)}"
                     f"  ({defender} laid off {format_cards(show.laid_off)})")
    if view.seat != 1 - show.knocker:
        lines.append(f"  {defender}'s cards: {format_cards(show.defender_hand)}")
    else:
        table = tuple(mask_of(m) for m in show.table)
        fitting = [c for c in show.defender_hand if fits(table, INDEX[c]) >= 0]
        lines.append(f"  Cards of yours that fit on those melds now: {format_cards(fitting) or 'none'}"
                     " ('lay off CARD' one at a time, 'lay off best', or 'done').")
    return lines


def _hand_label(result: HandResult, names: Sequence[str]) -> str:
    if result.outcome is Outcome.CANCELLED or result.knocker is None or result.winner is None:
        return "cancelled (the wall)"
    if result.outcome is Outcome.UNDERCUT:
        return f"{names[result.winner]} undercuts"
    return f"{names[result.knocker]} {_VERBS[result.outcome]}"


def result_lines(result: HandResult, names: Sequence[str]) -> list[str]:
    """A finished hand as laid down."""
    if result.outcome is Outcome.CANCELLED or result.winner is None:
        return [f"  Hand {result.number}: cancelled at the wall; no score."]
    lines = [f"  Hand {result.number}: {_hand_label(result, names)}; "
             f"{names[result.winner]} scores {result.points}."]
    for seat in (0, 1):
        loose = format_cards(result.unmatched[seat])
        melds = " ".join(_group(m) for m in result.melds[seat])
        lines.append(f"    {names[seat]}: {melds + '  ' if melds else ''}"
                     f"{'deadwood ' + loose if loose else 'no deadwood'}  = {result.counts[seat]}")
    if result.laid_off:
        lines.append(f"    laid off: {format_cards(result.laid_off)}")
    return lines


def sheet_lines(view: GinView, names: Sequence[str]) -> list[str]:
    """The score sheet: each hand's points in its winner's column, totals, boxes; at the end the
    bonuses and the settlement."""
    width = max(7, *(len(n) + 2 for n in names))
    label = 26

    def row(title: str, values: Sequence[str]) -> str:
        return "  " + f"{title:<{label}}" + "".join(f"{v:>{width}}" for v in values)

    lines = [row("Score sheet", names)]
    for result in view.sheet:
        cells = [str(result.points) if result.winner == s else "." for s in (0, 1)]
        lines.append(row(f"Hand {result.number}  {_hand_label(result, names)}"[:label - 1], cells))
    lines.append(row(f"Total (game to {view.rules.target})", [str(v) for v in view.scores]))
    lines.append(row("Boxes (hands won)", [str(v) for v in view.boxes]))
    s = view.settlement
    if s is not None:
        bonus = "Shutout bonus" if s.shutout else "Game bonus"
        lines.append(row(bonus, [str(v) for v in s.game_bonus]))
        lines.append(row(f"Box bonus ({view.rules.box_bonus} each)", [str(v) for v in s.box_bonus]))
        lines.append(row("Final total", [str(v) for v in s.totals]))
        if s.payer is None:
            lines.append("  The totals are equal: nobody pays.")
        else:
            lines.append(f"  {names[s.payer]} pays {names[1 - s.payer]} {s.amount}.")
    return lines


def render_view(view: GinView, names: Sequence[str]) -> str:
    lines: list[str] = []
    playing = view.phase not in (Phase.CUT, Phase.DEAL, Phase.OVER)
    if playing and view.dealer is not None:
        if view.phase is Phase.OFFER and view.last_hand is not None:
            lines += [*result_lines(view.last_hand, names), ""]
        lines.append(f"Gin Rummy, hand {view.hand_number}: {names[view.dealer]} dealt. "
                     f"Scores: {names[0]} {view.scores[0]}, {names[1]} {view.scores[1]} "
                     f"(game to {view.rules.target}).")
        pile = view.pile
        under = f" (below it: {format_cards(pile[-2::-1][:5])}{' ...' if len(pile) > 6 else ''})" \
            if len(pile) > 1 else ""
        top = f"{pile[-1]}{under}" if pile else "empty"
        if view.showdown is not None:
            top = f"the knock discard, face down{' (on ' + str(pile[-1]) + ')' if pile else ''}"
        lines.append(f"  Stock: {view.stock_size} cards.  Discard pile: {top}.")
        if view.stock_size <= 2 and view.phase is not Phase.LAYOFF:
            lines.append("  The stock is down to two cards (the wall).")
        for seat in (0, 1):
            if seat == view.seat or view.showdown is not None:
                continue
            known = view.known[seat]
            extra = f"; known to hold {format_cards(known)} (taken from the pile)" if known else ""
            lines.append(f"  {names[seat]}: {view.hand_sizes[seat]} cards{extra}.")
        lines += showdown_lines(view, names)
        lines += hand_lines(view, names)
        if view.face_down is not None:
            lines.append(f"  You knocked, discarding {view.face_down} face down.")
        if view.phase is Phase.OFFER and view.to_act is not None:
            lines.append(f"  The up-card {view.top} is offered to {names[view.to_act]}.")
        if view.phase is Phase.WALL and view.to_act is not None:
            lines.append(f"  {names[view.to_act]} may take {view.top} only to knock or go gin; "
                         "a pass cancels the hand.")
    elif view.last_hand is not None:
        lines += result_lines(view.last_hand, names)
    if view.sheet or view.phase is Phase.OVER:
        lines.append("")
        lines += sheet_lines(view, names)
    return "\n".join(lines).rstrip()
