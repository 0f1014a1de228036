"""Shut the Box in words: why a move is refused, the log line of each action, the result, and a
seat's view drawn for a terminal.

Functions that speak of players take ``names``: every seat's name, by seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from parlour.core.protocol import CHANCE
from parlour.games.shut_the_box.moves import Dice, Flip, Move, Throw
from parlour.games.shut_the_box.rules import Mode, OneDie, Rules
from parlour.games.shut_the_box.state import State, Status
from parlour.games.shut_the_box.view import ShutTheBoxView

# ---- refusals ------------------------------------------------------------------------------


def explain_illegal(state: State, seat: int, move: Move) -> str:
    """Why ``move`` is not legal for ``seat`` now (asked only of an illegal move)."""
    status = state.status[seat]
    if isinstance(move, Throw):
        if status is Status.PLACE:
            return (f"you have thrown {sum(state.dice[seat])} already: "
                    "cover tiles that add up to it")
        if status is not Status.THROW:
            return "you have no throw to make now"
        if move.dice not in (1, 2):
            return "throw one die or two"
        return "you must throw both dice: " + one_die_condition(state.rules)
    if not isinstance(move, Flip):
        return f"{move!r} is not a Shut the Box move"
    if status is Status.THROW:
        return "throw the dice first"
    if status is not Status.PLACE:
        return "you have no tiles to flip now"
    return _explain_flip(state, seat, move)


def one_die_condition(rules: Rules) -> str:
    """When the rules allow one die, in words."""
    return {
        OneDie.HIGH_TILES: "one die is allowed only once every tile from 7 up is covered",
        OneDie.SEVEN_EIGHT_NINE: "one die is allowed only once 7, 8 and 9 are covered",
        OneDie.LOW_TOTAL: "one die is allowed only once the open tiles add up to less than 6",
        OneDie.NEVER: "these house rules always use two dice",
    }[rules.one_die]


def _explain_flip(state: State, seat: int, move: Flip) -> str:
    rules = state.rules
    uncovering = rules.mode is Mode.LONG and seat == 1
    if not move.tiles:
        return "choose at least one tile"
    if len(set(move.tiles)) != len(move.tiles):
        return "each tile can be flipped only once"
    open_mask = state.open_for(seat)
    for tile in move.tiles:
        if not 1 <= tile <= rules.tiles:
            return f"there is no tile {tile} in a box of {rules.tiles}"
        if not open_mask >> (tile - 1) & 1:
            return f"{tile} is already {'uncovered' if uncovering else 'covered'}"
    total = sum(state.dice[seat])
    named = " and ".join(str(t) for t in move.tiles)
    verb = "makes" if len(move.tiles) == 1 else "make"
    return f"{named} {verb} {move.total}, but the throw was {total}"


# ---- the log and the result ------------------------------------------------------------------


def describe(state: State, seat: int, action: Move | Dice, names: Sequence[str]) -> str:
    """The log line of ``action`` by ``seat`` (or chance) in ``state``."""
    if seat == CHANCE:
        assert state.pending is not None and isinstance(action, tuple)
        faces = " and ".join(str(d) for d in action)
        extra = f" (total {sum(action)})" if len(action) > 1 else ""
        return f"{names[state.pending]} throws {faces}{extra}"
    who = names[seat]
    if isinstance(action, Throw):
        return f"{who} throws {'one die' if action.dice == 1 else 'two dice'}"
    assert isinstance(action, Flip)
    verb = "uncovers" if state.rules.mode is Mode.LONG and seat == 1 else "covers"
    return f"{who} {verb} {' and '.join(str(t) for t in action.tiles)}"


def _each(names: Sequence[str], values: Sequence[object]) -> str:
    """``Ann: 12, Bob: 7``: each name with its value after a colon, so that a name ending in a number
    and the score cannot run together (``None``: did not throw, someone shut the box first)."""
    return ", ".join(f"{names[s]}: {'did not throw' if v is None else v}" for s, v in enumerate(values))


def result_text(state: State, names: Sequence[str]) -> str:
    """The result in words: who won, the solo score, the balances when playing for stakes."""
    if state.winners is None:
        return "The game is not over."
    who = [names[s] for s in state.winners]
    if not who:
        text = "The box was not shut." if state.players == 1 else "Nobody won."
    elif len(who) == 1:
        text = f"{who[0]} wins."
    else:
        text = f"{' and '.join(who)} share the win."
    if state.players == 1 and state.history:
        text += f" Score: {state.history[-1].scores[0]}."
    elif state.rules.mode is Mode.CUMULATIVE:
        text += " Totals: " + _each(names, state.totals) + "."
    elif state.rules.mode is not Mode.LONG and state.history:  # the long game is a race: no scores
        last = state.history[-1].scores
        if state.rules.rounds > 1:
            text += " Rounds won: " + _each(names, [f"{float(w):g}" for w in state.wins]) + "."
            text += " Last round's scores: " + _each(names, last) + "."
        else:
            text += " Scores: " + _each(names, last) + "."
    if state.rules.stake:
        text += " Balances: " + ", ".join(
            f"{names[s]}: {float(b):+g}" for s, b in enumerate(state.balances))
    return text


# ---- the view drawn ----------------------------------------------------------------------------


def box_line(state: State, board: int) -> str:
    """The tiles of one box: open tiles by number, covered ones as ``--``."""
    covered = state.covered[board]
    cells = []
    for t in range(1, state.rules.tiles + 1):
        cells.append(f"{'--' if covered >> (t - 1) & 1 else t:>2}")
    return "[" + " ".join(cells) + "]"


def _status(state: State, seat: int) -> str:
    status = state.status[seat]
    if status is Status.PLACE:
        d = state.dice[seat]
        return f"threw {' + '.join(map(str, d))} = {sum(d)}: choose tiles"
    if status is Status.THROW:
        return "to throw"
    if status is Status.DONE:
        score = state.scores[seat]
        if score is None:
            return "done"
        last = state.dice[seat]
        stuck = f" (threw {sum(last)}: no move)" if last and score else ""
        return "SHUT THE BOX!" if score == 0 else f"score {score}{stuck}"
    if status is Status.OUT:
        return f"out (total {state.totals[seat]})"
    return "waiting"


def render_view(view: ShutTheBoxView, names: Sequence[str]) -> str:
    s = view.state
    rules = s.rules
    lines = [f"Round {s.round}" + (f" of {rules.rounds}" if rules.rounds > 1 else "")]
    if rules.mode is Mode.LONG:
        lines.append(f"  box   {box_line(s, 0)}")
        for seat in range(2):
            role = "covers" if seat == 0 else "uncovers"
            extra = f", {s.bank} extra turn(s) banked" if s.current == seat and s.bank else ""
            lines.append(f"  {names[seat]} ({role}): {_status(s, seat)}{extra}")
    else:
        width = max(len(n) for n in names)
        for seat in range(s.players):
            marker = ">" if seat in _actors(s) else " "
            line = f"{marker} {names[seat]:<{width}} {box_line(s, seat)}  {_status(s, seat)}"
            if rules.mode is Mode.CUMULATIVE:
                line += f"  (total {s.totals[seat]})"
            lines.append(line)
    if rules.stake:
        lines.append("  balances: " + ", ".join(
            f"{names[i]} {_money(b)}" for i, b in enumerate(s.balances)))
    for r in s.history[-3:]:
        who = " and ".join(names[w] for w in r.winners) or "nobody"
        if r.shut_by is not None:
            lines.append(f"  round {r.number}: {names[r.shut_by]} shut the box")
        else:
            scores = ", ".join(f"{names[i]} {sc}" for i, sc in enumerate(r.scores) if sc is not None)
            lines.append(f"  round {r.number}: {scores} -> {who} won")
    return "\n".join(lines)


def _actors(s: State) -> set[int]:
    return {i for i, st in enumerate(s.status) if st in (Status.THROW, Status.PLACE)}


def _money(value: Fraction) -> str:
    return f"{float(value):+.2f}" if value.denominator != 1 else f"{int(value):+d}"
