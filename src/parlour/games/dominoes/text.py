"""Dominoes in words: the log line of each action (told for one viewer's eyes) and the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from parlour.games.dominoes import engine
from parlour.games.dominoes.notation import Draw, End, Knock, Move
from parlour.games.dominoes.rules import Scoring, sides_of
from parlour.games.dominoes.state import Ending, HandResult, Phase, State

Namer = Callable[[int], str]


def side_name(state: State, side: int, name: Namer) -> str:
    """A side in words: one player, or both partners ("Ann and Cat")."""
    sides = sides_of(state.rules, state.players)
    return " and ".join(name(s) for s in range(state.players) if sides[s] == side)


def _ends(ends: tuple[int, int]) -> str:
    if ends[0] == ends[1]:
        return f"both ends show {ends[0]}"
    return f"the ends are {ends[0]} and {ends[1]}"


def hand_result(result: HandResult, after: State, name: Namer) -> str:
    """The end of a hand in a sentence or three: who won, the spots left, the score."""
    sides = sides_of(after.rules, after.players)
    left = ", ".join(f"{name(s)} {sum(t.pips for t in result.left[s])}" for s in range(after.players)
                     if result.left[s])
    parts = []
    if result.ending is Ending.DRAWN:
        parts.append(f"Nobody can play and the lowest spots are tied ({left}): the hand is drawn, "
                     "nobody scores.")
    else:
        assert result.winner is not None
        who = side_name(after, result.winner, name)
        unit = "point" if result.points == 1 else "points"
        if result.ending is Ending.CHIP_OUT:
            parts.append(f"{who} {'win' if ' and ' in who else 'wins'} the hand and "
                         f"{'score' if ' and ' in who else 'scores'} {result.points} {unit}"
                         + (f" (spots left: {left})." if left else "."))
        else:
            parts.append(f"Nobody can play: the hand is blocked. Spots left: {left}. {who} "
                         f"{'have' if ' and ' in who else 'has'} the fewest and "
                         f"{'score' if ' and ' in who else 'scores'} {result.points} {unit}.")
    count = max(sides) + 1
    parts.append("Scores: " + ", ".join(f"{side_name(after, s, name)} {after.scores[s]}"
                                        for s in range(count)) + ".")
    if after.phase is Phase.OVER and after.winner is not None:
        who = side_name(after, after.winner, name)
        target = after.rules.target
        game = "games" if after.rules.scoring is Scoring.POINT else "points"
        parts.append(f"{who} {'reach' if ' and ' in who else 'reaches'} {target} {game} and "
                     f"{'win' if ' and ' in who else 'wins'} the game.")
    return " ".join(parts)


def describe(state: State, seat: int, action: Move | Draw, names: Sequence[str] | None,
             viewer: int | None = None, omniscient: bool = False) -> str:
    """The log line for ``action`` applied to ``state``, as ``viewer`` may read it."""

    def name(s: int) -> str:
        if names is not None and 0 <= s < len(names):
            return names[s]
        return f"Player {s + 1}"

    if isinstance(action, Draw):
        after = engine.deal(state, action)
        size = state.rules.hand_size
        line = f"The tiles are shuffled and each player draws {size}."
        if omniscient:
            line += " " + " ".join(
                f"{name(s)}: {' '.join(str(t) for t in action.tiles[s * size:(s + 1) * size])}."
                for s in range(state.players))
            line += f" Sleeping: {' '.join(str(t) for t in action.tiles[state.players * size:])}."
        elif viewer is not None and 0 <= viewer < state.players:
            mine = sorted(action.tiles[viewer * size:(viewer + 1) * size], reverse=True)
            line += f" You draw {' '.join(str(t) for t in mine)}."
        if after.phase is Phase.DRAW:
            line += " Nobody holds a double: the tiles are shuffled and drawn again."
        elif after.lead is None:
            double = engine.highest_double(after.hands[after.current])
            line += f" {name(after.current)} holds the highest double, {double}, and leads."
        return line
    if isinstance(action, Knock):
        ends = state.ends or (0, 0)
        numbers = str(ends[0]) if ends[0] == ends[1] else f"{ends[0]} or {ends[1]}"
        return f"{name(seat)} knocks: no tile with {numbers}."
    after = engine.apply_move(state, seat, action)
    event = after.events[-1]
    if action.end is None:
        line = f"{name(seat)} leads {action.tile}."
    else:
        ends = state.ends or (0, 0)
        number = ends[0] if action.end is End.LEFT else ends[1]
        line = f"{name(seat)} plays {action.tile} on the {number} ({action.end.value}); {_ends(event.ends)}."
        if event.stitched:
            line += f" Stitched up: both ends show {event.ends[0]}!"
    if event.chipped:
        line += f" {name(seat)} chips out!"
    if after.phase is not Phase.PLAY:
        line += " " + hand_result(after.sheet[-1], after, name)
    return line


def result(state: State, names: Sequence[str] | None) -> str:
    """The game's result in words."""

    def name(s: int) -> str:
        if names is not None and 0 <= s < len(names):
            return names[s]
        return f"Player {s + 1}"

    count = max(sides_of(state.rules, state.players)) + 1
    scores = ", ".join(f"{side_name(state, s, name)} {state.scores[s]}" for s in range(count))
    if state.winner is None:
        return f"Not finished. Scores: {scores}."
    who = side_name(state, state.winner, name)
    return f"{who} {'win' if ' and ' in who else 'wins'} ({scores})."
