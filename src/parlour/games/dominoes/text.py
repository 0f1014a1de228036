"""Dominoes in words: the log line of each action (told for one viewer's eyes) and the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from parlour.core.tiles import Tile
from parlour.games.dominoes import engine
from parlour.games.dominoes.moves import Draw, End, Ending, HandResult, Knock, Move
from parlour.games.dominoes.rules import Scoring, sides_of
from parlour.games.dominoes.state import Phase, State
from parlour.games.dominoes.view import DominoView

Namer = Callable[[int], str]
"""A seat's name."""


def namer(names: Sequence[str] | None) -> Namer:
    """Each seat's name: its player's, else "Player 1" and so on."""

    def name(seat: int) -> str:
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return f"Player {seat + 1}"

    return name


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
    name = namer(names)

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
    name = namer(names)

    count = max(sides_of(state.rules, state.players)) + 1
    scores = ", ".join(f"{side_name(state, s, name)}: {state.scores[s]}" for s in range(count))
    if state.winner is None:
        return f"Not finished. Scores: {scores}."
    who = side_name(state, state.winner, name)
    return f"{who} {'win' if ' and ' in who else 'wins'} ({scores})."


# ---- the view drawn as plain text (the terminal's, and the playthroughs') ----

WIDTH = 72
"""Characters of chain on one row before it turns the corner."""
TRACK = 40
"""Holes of the score track."""
SHEET_ROWS = 10
"""Hands listed on the score sheet (the earlier ones are summed up in one row)."""


def _face(a: int, b: int) -> str:
    """A tile showing ``a`` on its left and ``b`` on its right (a double crossways)."""
    return f"[{a}/{b}]" if a == b else f"[{a}|{b}]"


def chain(view: DominoView) -> str:
    """The line of play from the left end to the right end, the lead double in the middle."""
    if view.lead is None:
        return ""
    faces = [_face(p.outer, p.tile.other(p.outer)) for p in reversed(view.left)]
    faces.append(_face(view.lead.tile.high, view.lead.tile.low))
    faces += [_face(p.tile.other(p.outer), p.outer) for p in view.right]
    return "".join(faces)


def chain_lines(view: DominoView) -> list[str]:
    """The chain, wrapped onto rows of at most ``WIDTH`` characters (whole tiles)."""
    text = chain(view)
    size = WIDTH - WIDTH % 5
    return [text[i:i + size] for i in range(0, len(text), size)]


def side_label(view: DominoView, side: int, names: Sequence[str]) -> str:
    """A side in words: one player, or both partners ("Ann and Cat")."""
    return " and ".join(names[s] for s in range(view.players) if view.sides[s] == side)


def _sides(view: DominoView) -> int:
    return max(view.sides) + 1


def _partnered(view: DominoView) -> bool:
    return _sides(view) < view.players


def _numbers(numbers: Sequence[int] | frozenset[int]) -> str:
    items = [str(n) for n in sorted(numbers)]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def fits(view: DominoView, tile: Tile) -> tuple[End, ...] | None:
    """The ends ``tile`` fits now (``()`` if none); ``None`` for the lead (no line yet)."""
    if view.ends is None:
        return None
    return tuple(end for end, n in zip((End.LEFT, End.RIGHT), view.ends, strict=True) if tile.has(n))


def _wrap(words: Sequence[str], indent: str, width: int = 78) -> list[str]:
    rows: list[str] = []
    row = ""
    for word in words:
        if row and len(indent) + len(row) + 2 + len(word) > width:
            rows.append(indent + row)
            row = ""
        row = f"{row}  {word}" if row else word
    if row:
        rows.append(indent + row)
    return rows


def hand_lines(view: DominoView) -> list[str]:
    """The seat's own tiles, each playable one followed by the ends it fits (in parentheses)."""
    if view.hand is None or not view.hand or view.phase is not Phase.PLAY:
        return []
    spots = sum(t.pips for t in view.hand)
    count = f"{len(view.hand)} tile{'s' if len(view.hand) != 1 else ''}, {spots} spots"
    leading = view.ends is None
    lead_double = max((t for t in view.hand if t.double), default=None) if leading else None
    words = []
    playable = 0
    for tile in view.hand:
        ends = fits(view, tile)
        if leading and tile == lead_double:
            words.append(f"{tile} (lead)")
            playable += 1
        elif ends:
            words.append(f"{tile} ({', '.join(e.value for e in ends)})")
            playable += 1
        else:
            words.append(str(tile))
    mine = view.to_act is not None and view.to_act == view.seat
    note = "; in brackets, the ends each tile fits" if playable else ""
    lines = [f"  Your hand ({count}{note}):", *_wrap(words, "    ")]
    if mine and not playable:
        lines.append("  Nothing fits either end: you must knock.")
    return lines


def _player_line(view: DominoView, seat: int, names: Sequence[str], width: int) -> str:
    marker = ">" if view.to_act == seat else " "
    who = names[seat] + (" (you)" if seat == view.seat else "")
    parts: list[str] = []
    if view.phase is Phase.PLAY:
        size = view.hand_sizes[seat]
        parts.append(f"{size} tile{'s' if size != 1 else ''} left" if size else "no tiles left")
    if _partnered(view):
        partner = [names[s] for s in range(view.players) if s != seat and view.sides[s] == view.sides[seat]]
        parts.append(f"side {view.sides[seat] + 1}, partner {', '.join(partner)}")
    if view.phase is Phase.PLAY:
        if view.out[seat]:
            parts.append("chipped out")
        knocked = view.knocked[seat]
        if knocked:
            parts.append(f"knocked on {_numbers(knocked)}")
    return f"  {marker} {who:<{width}}  {'; '.join(parts)}".rstrip()


def table_lines(view: DominoView, names: Sequence[str]) -> list[str]:
    """The line of play, its ends and the players round the table."""
    lines: list[str] = []
    if view.phase is Phase.PLAY and view.redraws:
        times = "once" if view.redraws == 1 else f"{view.redraws} times"
        lines.append(f"  Nobody held a double: the tiles were drawn again {times}.")
    if view.lead is None:
        if view.phase is Phase.PLAY and view.to_act is not None:
            lines.append(f"  No tile is down yet: {names[view.to_act]} leads with the highest double.")
    else:
        led = f"{names[view.lead.seat]} led {view.lead.tile}"
        lines.append(f"  Line of play, left end first ({led}):")
        lines += [f"    {row}" for row in chain_lines(view)]
        if view.ends is not None:
            left, right = view.ends
            if view.stitched:
                lines.append(f"  Stitched up! Both ends show {left}.")
            elif left == right:
                lines.append(f"  Open ends: both show {left}.")
            else:
                lines.append(f"  Open ends: left {left}, right {right}.")
    if view.phase is Phase.PLAY:
        lines.append(f"  Sleeping: {view.sleeping} tile{'s' if view.sleeping != 1 else ''} (never drawn).")
    if view.phase is Phase.OVER:
        return lines
    width = max(len(n) for n in names) + (6 if view.seat is not None else 0)
    lines += [_player_line(view, seat, names, width) for seat in range(view.players)]
    return lines


def _outcome(result: HandResult, view: DominoView, names: Sequence[str]) -> str:
    unit = "point" if result.points == 1 else "points"
    if result.ending is Ending.DRAWN or result.winner is None:
        return "blocked, the lowest spots tied: drawn, nobody scores"
    who = side_label(view, result.winner, names)
    plural = " and " in who
    score = f"{who} score{'' if plural else 's'} {result.points} {unit}"
    if result.ending is Ending.CHIP_OUT and result.chipped is not None:
        return f"{names[result.chipped]} chipped out; {score}"
    return f"blocked, nobody could play; {score}"


def _short_outcome(result: HandResult, names: Sequence[str]) -> str:
    if result.ending is Ending.DRAWN or result.winner is None:
        return "drawn"
    if result.ending is Ending.CHIP_OUT and result.chipped is not None:
        return f"{names[result.chipped]} chips out"
    return "blocked"


def result_lines(result: HandResult, view: DominoView, names: Sequence[str]) -> list[str]:
    """A finished hand: how it ended, every player's tiles left with their spots, the sides' totals."""
    lines = [f"  Hand {result.number}: {_outcome(result, view, names)}."]
    width = max(len(n) for n in names)
    for seat in range(view.players):
        tiles = sorted(result.left[seat], reverse=True)
        shown = " ".join(str(t) for t in tiles) if tiles else "none"
        spots = sum(t.pips for t in tiles)
        lines.append(f"    {names[seat]:<{width}}  tiles left: {shown} ({spots} spots)")
    if _partnered(view):
        totals = ", ".join(f"{side_label(view, s, names)}: {result.totals[s]}" for s in range(_sides(view)))
        lines.append(f"    Spots by side: {totals}")
    return lines


def _track(score: int, target: int) -> str:
    holes = min(TRACK, score * TRACK // target) if target else TRACK
    peg = "" if score <= 0 else ("*" if score >= target else ">")
    body = "=" * max(0, holes - len(peg)) + peg
    return "|" + body + "." * (TRACK - len(body)) + "|"


def _column(view: DominoView, side: int, names: Sequence[str]) -> str:
    return f"Side {side + 1}" if _partnered(view) else names[view.sides.index(side)]


def sheet_lines(view: DominoView, names: Sequence[str]) -> list[str]:
    """The score sheet by side (each hand's points in its winner's column, how it ended at the
    right), the totals, and a track to the target like pegs on a cribbage board."""
    count = _sides(view)
    heads = [_column(view, s, names) for s in range(count)]
    width = max(7, *(len(h) + 2 for h in heads))
    title = 16
    unit = "hands" if view.rules.scoring is Scoring.POINT else "points"

    def row(head: str, cells: Sequence[str], note: str = "") -> str:
        text = "  " + f"{head:<{title}}" + "".join(f"{c:>{width}}" for c in cells)
        return (text + ("   " + note if note else "")).rstrip()

    lines = [row("Score sheet", heads)]
    if _partnered(view):
        sides = "; ".join(f"{heads[s]}: {side_label(view, s, names)}" for s in range(count))
        lines.insert(0, f"  {sides}.")
    sheet = view.sheet
    if len(sheet) > SHEET_ROWS:
        early = sheet[:-SHEET_ROWS]
        sums = [sum(h.points for h in early if h.winner == s) for s in range(count)]
        first, end = early[0].number, early[-1].number
        lines.append(row(f"Hand {first}" if first == end else f"Hands {first}-{end}",
                         [str(v) for v in sums]))
        sheet = sheet[-SHEET_ROWS:]
    for result in sheet:
        cells = [str(result.points) if result.winner == s else "." for s in range(count)]
        lines.append(row(f"Hand {result.number}", cells, _short_outcome(result, names)))
    lines.append(row(f"Total (to {view.rules.target})", [str(v) for v in view.scores]))
    label_width = max(len(h) for h in heads)
    for s in range(count):
        lines.append(f"  {heads[s]:<{label_width}}  {_track(view.scores[s], view.rules.target)} "
                     f"{view.scores[s]}/{view.rules.target}")
    if view.winner is not None:
        who = side_label(view, view.winner, names)
        plural = " and " in who
        lines.append(f"  {who} reach{'' if plural else 'es'} {view.rules.target} {unit} and "
                     f"win{'' if plural else 's'} the game.")
    return lines


def _header(view: DominoView, names: Sequence[str]) -> str:
    count = _sides(view)
    sides = " v ".join(side_label(view, s, names) for s in range(count))
    scoring = "a point a hand" if view.rules.scoring is Scoring.POINT else "spots"
    if view.phase is Phase.OVER:
        return f"Dominoes: {sides}; game over (game to {view.rules.target}, {scoring})."
    return f"Dominoes, hand {view.hand_no}: {sides} (game to {view.rules.target}, {scoring})."


def render_view(view: DominoView, names: Sequence[str]) -> str:
    names = [namer(names)(seat) for seat in range(view.players)]
    lines = [_header(view, names)]
    last = view.last_hand
    fresh = view.phase is Phase.PLAY and not any(e.seat == view.seat for e in view.events)
    if last is not None and (view.phase is not Phase.PLAY or (fresh and view.seat is not None)):
        # between hands, at the end, and on a player's first turn of a new hand: the last hand
        lines += [*result_lines(last, view, names), ""]
    if view.phase is Phase.DRAW:
        lines.append("  The tiles are being shuffled for the next hand.")
        lines += table_lines(view, names)
    else:
        lines += table_lines(view, names)
        lines += hand_lines(view)
    if view.sheet:
        lines.append("")
        lines += sheet_lines(view, names)
    return "\n".join(lines).rstrip()

