"""Gin Rummy in text: the table, your hand with its melds grouped and the live deadwood count, the
showdown and lay-offs, and the score sheet with its boxes.  Plain characters only, and only what
the view shows (so only what the seat may know)."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import Card
from parlour.games.gin_rummy.deck import INDEX, cards_of, format_cards, mask_of
from parlour.games.gin_rummy.layoff import fits
from parlour.games.gin_rummy.rules import Outcome
from parlour.games.gin_rummy.state import HandResult, Phase
from parlour.games.gin_rummy.view import GinView
from parlour.tui.render import renderer

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
    if view.discards and view.to_act == view.seat and view.phase is Phase.DISCARD:
        allowed = [(c, left) for c, left in view.discards if c != view.taken]
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


@renderer("gin-rummy")
def render(view: GinView, names: Sequence[str]) -> str:
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
