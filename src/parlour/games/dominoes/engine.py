"""The rules of play: the draw, the lead, forced play and knocking, the end of a hand, scoring.

Legal moves, in this order:

* the lead: only the highest double in the hand (it is the highest double held at all, or the
  player would not be leading);
* after it: for each tile in the hand, in set order (``0|0``, ``1|0``, ``1|1`` … ``6|6``), a
  play on the left end if it fits, then on the right end if it fits (both are listed even when
  both ends show the same number: the line's shape differs, not the game);
* ``Knock()`` alone when no tile fits (a player who can play must).

After every play: a player who has laid their last tile chips out and ends the hand (with
``both_chip_out`` in partnerships, play goes on round them until their partner is out too);
otherwise, if no player holding tiles can play on the ends, the hand is blocked and ends at
once (the knocks round the table are taken as read).
"""

from __future__ import annotations

import dataclasses

from parlour.core.tiles import Tile
from parlour.games.dominoes.notation import Draw, End, Knock, Move, Play
from parlour.games.dominoes.rules import hand_points, sides_of
from parlour.games.dominoes.state import (
    TILES,
    Ending,
    Event,
    HandResult,
    Phase,
    Placed,
    State,
    mask_of,
    spots,
    tiles_of,
)

NUMBER_MASKS = tuple(sum(1 << t.index for t in TILES if t.has(n)) for n in range(7))
"""For each number 0-6, the tiles that show it."""
DOUBLES = tuple(TILES[i] for i in range(len(TILES)) if TILES[i].double)


def fits(hand: int, ends: tuple[int, int]) -> bool:
    """Some tile of ``hand`` shows one of the ``ends``."""
    return bool(hand & (NUMBER_MASKS[ends[0]] | NUMBER_MASKS[ends[1]]))


def highest_double(hand: int) -> Tile | None:
    for tile in reversed(DOUBLES):
        if hand >> tile.index & 1:
            return tile
    return None


def deal(state: State, draw: Draw) -> State:
    """Each player takes ``hand_size`` tiles in turn from the shuffled set; the holder of the
    highest double leads it.  If nobody holds a double the draw is thrown in (``redraws``)."""
    size = state.rules.hand_size
    hands = tuple(mask_of(draw.tiles[s * size:(s + 1) * size]) for s in range(state.players))
    sleeping = mask_of(draw.tiles[state.players * size:])
    best: tuple[Tile, int] | None = None
    for seat, hand in enumerate(hands):
        double = highest_double(hand)
        if double is not None and (best is None or double > best[0]):
            best = (double, seat)
    if best is None:
        return dataclasses.replace(state, hands=hands, sleeping=sleeping, redraws=state.redraws + 1)
    return dataclasses.replace(state, phase=Phase.PLAY, hands=hands, sleeping=sleeping, lead=None,
                               left=(), right=(), current=best[1], events=(),
                               out=(False,) * state.players)


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    if state.phase is not Phase.PLAY or seat != state.current:
        return ()
    hand = state.hands[seat]
    ends = state.ends
    if ends is None:
        double = highest_double(hand)
        return () if double is None else (Play(double),)
    left, right = ends
    moves: list[Move] = []
    playable = hand & (NUMBER_MASKS[left] | NUMBER_MASKS[right])
    for tile in tiles_of(playable):
        if tile.has(left):
            moves.append(Play(tile, End.LEFT))
        if tile.has(right):
            moves.append(Play(tile, End.RIGHT))
    return tuple(moves) if moves else (Knock(),)


def explain(state: State, seat: int, move: Move) -> str:
    """Why ``move`` (a dominoes move, not legal now) is refused."""
    if state.phase is not Phase.PLAY:
        return "the tiles have not been drawn yet" if state.phase is Phase.DRAW else "the game is over"
    if seat != state.current:
        return f"it is not seat {seat}'s turn"
    hand = state.hands[seat]
    ends = state.ends
    if isinstance(move, Knock):
        playable = [m for m in legal_moves(state, seat) if isinstance(m, Play)]
        tiles = sorted({m.tile for m in playable}, reverse=True)
        return ("a player who can play must: " + ", ".join(str(t) for t in tiles)
                + (" fits" if len(tiles) == 1 else " fit"))
    if not hand >> move.tile.index & 1:
        return f"you do not hold {move.tile}"
    if ends is None:
        double = highest_double(hand)
        return f"the first tile must be the double that gives you the lead, {double}"
    if move.end is None:
        return f"say which end {move.tile} goes on (left or right)"
    number = ends[0] if move.end is End.LEFT else ends[1]
    return f"{move.tile} does not fit the {move.end.value} end, which shows {number}"


def _active(state: State, hands: tuple[int, ...], out: tuple[bool, ...]) -> list[int]:
    return [s for s in range(state.players) if hands[s] and not out[s]]


def apply_move(state: State, seat: int, move: Move) -> State:
    """Apply a legal move (checked by the caller)."""
    ends = state.ends
    if isinstance(move, Knock):
        assert ends is not None
        events = (*state.events, Event(seat, None, None, ends))
        return dataclasses.replace(state, events=events, current=_next_seat(state, seat, state.out))
    tile = move.tile
    hands = list(state.hands)
    hands[seat] &= ~(1 << tile.index)
    left, right = state.left, state.right
    lead = state.lead
    if ends is None:
        lead = Placed(tile, seat, tile.high)
        new_ends = (tile.high, tile.high)
    elif move.end is End.LEFT:
        left = (*left, Placed(tile, seat, tile.other(ends[0])))
        new_ends = (left[-1].outer, ends[1])
    else:
        right = (*right, Placed(tile, seat, tile.other(ends[1])))
        new_ends = (ends[0], right[-1].outer)
    chipped = not hands[seat]
    stitched = ends is not None and new_ends[0] == new_ends[1]
    event = Event(seat, tile, move.end, new_ends, stitched=stitched, chipped=chipped)
    out = list(state.out)
    if chipped:
        out[seat] = True
    after = dataclasses.replace(state, hands=tuple(hands), lead=lead, left=left, right=right,
                                events=(*state.events, event), out=tuple(out))
    sides = sides_of(state.rules, state.players)
    if chipped:
        side = sides[seat]
        partners = [s for s in range(state.players) if sides[s] == side]
        if not state.rules.both_chip_out or all(not hands[s] for s in partners):
            return _end_hand(after, Ending.CHIP_OUT, seat)
    active = _active(state, after.hands, after.out)
    if not any(fits(after.hands[s], new_ends) for s in active):
        return _end_hand(after, Ending.BLOCKED, None)
    return dataclasses.replace(after, current=_next_seat(after, seat, after.out))


def _next_seat(state: State, seat: int, out: tuple[bool, ...]) -> int:
    """The next seat to the left still holding tiles."""
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.hands[candidate] and not out[candidate]:
            return candidate
    raise AssertionError("nobody holds a tile")  # pragma: no cover - the hand would have ended


def _end_hand(state: State, ending: Ending, chipped: int | None) -> State:
    rules, players = state.rules, state.players
    sides = sides_of(rules, players)
    count = max(sides) + 1
    totals = [0] * count
    for seat in range(players):
        totals[sides[seat]] += spots(state.hands[seat])
    if chipped is not None:
        winner: int | None = sides[chipped]
        points = hand_points(rules, 0, tuple(t for s, t in enumerate(totals) if s != winner), False)
    else:
        low = min(totals)
        best = [s for s in range(count) if totals[s] == low]
        if len(best) > 1:
            winner, points, ending = None, 0, Ending.DRAWN
        else:
            winner = best[0]
            points = hand_points(rules, low, tuple(t for s, t in enumerate(totals) if s != winner), True)
    scores = list(state.scores)
    if winner is not None:
        scores[winner] += points
    result = HandResult(state.hand_no, ending, winner, points, chipped,
                        tuple(tiles_of(h) for h in state.hands), tuple(totals),
                        (state.lead, state.left, state.right))
    over = winner is not None and scores[winner] >= rules.target
    return dataclasses.replace(
        state, phase=Phase.OVER if over else Phase.DRAW, scores=tuple(scores),
        sheet=(*state.sheet, result), winner=winner if over else None,
        hand_no=state.hand_no if over else state.hand_no + 1, redraws=0 if not over else state.redraws)

