"""When the draughts bots offer a draw, and when they accept one.

The manual has a draw only by agreement (and the 40-move rule for a player who declines one), and
no move limit, so a game between bots ends in a draw only when the bots agree it.  The policy
(``docs/rules/draughts.md`` says it in words):

* A bot offers only on its own turn, before moving, and not while its opponent is working off a
  declined offer (the 40-move rule is running: asking again would only nag).
* It offers only in a position that looks dead (:func:`looks_dead`): no men left and the kings
  level in number, or :data:`STRETCH` moves in a row with no capture and no man moved, or (for
  the engine's levels, whose search avoids repeating unless it is worse off) a position seen
  before.
* It offers where it would accept: the ``random`` bot plainly, when it is not a man or more ahead
  in material (:func:`plain_content`); the levels by their search's evaluation, when they do not
  stand better than a quarter of a man (``levels.DRAW_ACCEPT_BELOW``).
* After :data:`GIVE_UP` moves in a row with no progress, every bot offers and accepts whatever
  the material or the evaluation, except a level with the endgame database whose search sees a
  forced win, which it plays out (the 4-piece database's longest win takes 109 moves, both sides'
  counted, and every win ends in a capture or a blockade, so such a win is over before the count
  could come round).

So a game between two bots always ends: the captures and the men's moves are finite, and between
them no stretch lasts much past :data:`GIVE_UP` moves (an offer declined just before it holds the
decliner to the 40-move rule, after which the offers come again).
"""

from __future__ import annotations

from parlour.games.draughts.board import MAN_VALUE, Colour, Position, material
from parlour.games.draughts.state import State

STRETCH = 40
"""Moves in a row (both sides', 20 each) with no capture and no man moved after which a position
looks dead to the bots."""

GIVE_UP = 120
"""Moves in a row (60 each) with no progress after which the bots agree any draw (see the module's
notes for the one exception)."""


def may_offer(state: State) -> bool:
    """The side to move may sensibly offer a draw now: the opponent is not held to the 40-move
    rule by an offer it declined (the side to move may still have to check that ``offer draw`` is
    legal: one offer a turn)."""
    opponent = state.turn.other
    return state.countdown[0 if opponent is Colour.BLACK else 1] is None


def level_kings(position: Position) -> bool:
    """No men on the board, and as many kings on each side: nothing can happen but a blunder."""
    return (not position.black & ~position.kings and not position.white & ~position.kings
            and position.black.bit_count() == position.white.bit_count())


def looks_dead(state: State, repetitions: bool = True) -> bool:
    """The game looks dead: level kings only, a long stretch with no progress or (with
    ``repetitions``) the position has stood on the board before."""
    return (level_kings(state.position) or state.quiet >= STRETCH
            or (repetitions and state.seen.count(state.position) >= 2))


def given_up(state: State) -> bool:
    """:data:`GIVE_UP` moves in a row without progress: the bots take any draw."""
    return state.quiet >= GIVE_UP


def lead(position: Position, colour: Colour) -> int:
    """``colour``'s lead in material (a man 2, a king 3), negative when behind."""
    return material(position, colour) - material(position, colour.other)


def plain_content(state: State, colour: Colour) -> bool:
    """The plain rule: ``colour`` takes a draw unless a man or more ahead in material, and after
    :data:`GIVE_UP` moves with no progress, whatever the material."""
    return lead(state.position, colour) < MAN_VALUE or given_up(state)
