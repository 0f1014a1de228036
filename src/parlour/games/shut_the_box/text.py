"""Shut The Box as plain text: a seat's view drawn for a terminal."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.games.shut_the_box.rules import Mode
from parlour.games.shut_the_box.state import State, Status
from parlour.games.shut_the_box.view import ShutTheBoxView


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


def _money(value: object) -> str:
    from fractions import Fraction

    assert isinstance(value, Fraction)
    return f"{float(value):+.2f}" if value.denominator != 1 else f"{int(value):+d}"
