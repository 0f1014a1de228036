"""The text grammar of Yahtzee moves (what people type, what records store).

* ``roll`` -- roll all five dice (the first roll of a turn, or a full reroll).
* ``keep 6 6 3`` -- keep those dice, by their numbers, and roll the others.  Also
  ``keep 663``, ``keep 6,6,3``, ``hold 6 6 3``, in any order.  The canonical form
  lists the values highest first, separated by spaces.
* ``score fours`` -- score the dice in a box and end the turn.  The box alone
  (``fours``) means the same; names are case-insensitive and have aliases
  (``4s``, ``aces``, ``3k``, ``full house``, ``fh``, ``ss``, ``y``, ``c`` ...).

Parsing needs no state: a move that is well formed but not allowed now (keeping a
die that is not showing, scoring a filled box) is read, and ``apply`` refuses it
with the reason.

>>> parse_move("hold 3,5,5"), format_move(Roll((5, 3, 5)))
(Roll((3, 5, 5)), 'keep 5 5 3')
>>> parse_move("Full House"), format_move(Score(Box.FULL_HOUSE))
(Score(Box.FULL_HOUSE), 'score house')
"""

from __future__ import annotations

import re

from parlour.core.errors import AmbiguousMoveError, InvalidMoveError
from parlour.games.yahtzee.moves import Move, Roll, Score
from parlour.games.yahtzee.rules import BOXES, DICE, Box

BOX_NAMES = " ".join(b.value for b in BOXES)

HELP = f"""\
Moves:
  roll            roll all five dice (first roll of a turn, or roll them all again)
  keep 6 6 3      keep those dice (by number) and roll the rest; also "keep 663", "hold 6,6,3"
  score fours     score the dice in a box (ends your turn); the box name alone works too
Boxes: {BOX_NAMES}
  aliases: aces 1s..6s, 3k "three of a kind", 4k, fh "full house", ss "small straight",
           ls "large straight", y, c
"""

ALIASES: dict[str, Box] = {}
"""Every accepted box name, lower case with spaces, hyphens, underscores and apostrophes removed."""

_FACE_WORDS = ("ones", "twos", "threes", "fours", "fives", "sixes")
for _face, (_box, _word) in enumerate(zip(BOXES[:6], _FACE_WORDS, strict=True), start=1):
    ALIASES[_word] = _box
    ALIASES[f"{_face}s"] = _box
ALIASES.update({
    "aces": Box.ONES,
    "3kind": Box.THREE_KIND, "3k": Box.THREE_KIND, "threeofakind": Box.THREE_KIND,
    "3ofakind": Box.THREE_KIND, "3oak": Box.THREE_KIND, "threekind": Box.THREE_KIND,
    "4kind": Box.FOUR_KIND, "4k": Box.FOUR_KIND, "fourofakind": Box.FOUR_KIND,
    "4ofakind": Box.FOUR_KIND, "4oak": Box.FOUR_KIND, "fourkind": Box.FOUR_KIND,
    "house": Box.FULL_HOUSE, "fullhouse": Box.FULL_HOUSE, "fh": Box.FULL_HOUSE,
    "small": Box.SMALL_STRAIGHT, "smallstraight": Box.SMALL_STRAIGHT, "ss": Box.SMALL_STRAIGHT,
    "large": Box.LARGE_STRAIGHT, "largestraight": Box.LARGE_STRAIGHT, "ls": Box.LARGE_STRAIGHT,
    "yahtzee": Box.YAHTZEE, "y": Box.YAHTZEE,
    "chance": Box.CHANCE, "c": Box.CHANCE,
})
for _box in BOXES:
    ALIASES[_box.value] = _box

_AMBIGUOUS: dict[str, tuple[Box, ...]] = {
    "straight": (Box.SMALL_STRAIGHT, Box.LARGE_STRAIGHT),
    "kind": (Box.THREE_KIND, Box.FOUR_KIND),
    "ofakind": (Box.THREE_KIND, Box.FOUR_KIND),
}

_KEEP = re.compile(r"(?:keep|hold)(?:\s+(.*))?", re.ASCII | re.DOTALL)
_SEPARATOR = re.compile(r"\s*,\s*|\s+", re.ASCII)


def _key(name: str) -> str:
    return re.sub(r"[\s\-_'\u2019]+", "", name.lower())


def parse_box(name: str) -> Box:
    """A box by its name or an alias (case-insensitive); raises ``InvalidMoveError``.

    >>> parse_box("Three of a kind"), parse_box("6's")
    (<Box.THREE_KIND: '3kind'>, <Box.SIXES: 'sixes'>)
    """
    key = _key(name)
    box = ALIASES.get(key)
    if box is not None:
        return box
    if key in _AMBIGUOUS:
        options = " or ".join(repr(b.value) for b in _AMBIGUOUS[key])
        raise AmbiguousMoveError(f"{name.strip()!r} could mean two boxes: type {options}")
    if key.isascii() and key.isdigit() and len(key) == 1 and 1 <= int(key) <= 6:
        word = _FACE_WORDS[int(key) - 1]
        raise InvalidMoveError(f"{name.strip()!r} is not a box: type {word!r} (or '{key}s')")
    raise InvalidMoveError(f"there is no box called {name.strip()!r}; the boxes are: {BOX_NAMES}")


def parse_keep(body: str) -> tuple[int, ...]:
    """The dice of ``keep …``: ``6 6 3``, ``663`` or ``6,6,3`` (1 to 5 dice, faces 1-6)."""
    body = body.strip()
    if not body:
        raise InvalidMoveError("keep which dice? (for example 'keep 6 6 3'; 'roll' rolls all five)")
    values: list[int] = []
    for token in _SEPARATOR.split(body):
        if not token:
            raise InvalidMoveError(f"{body!r} has a stray comma")
        for ch in token:
            if not (ch.isascii() and ch.isdigit()) or not 1 <= int(ch) <= 6:
                raise InvalidMoveError(f"{ch!r} is not a die face (1 to 6)")
            values.append(int(ch))
    if len(values) > DICE:
        raise InvalidMoveError(f"there are only {DICE} dice, not {len(values)}")
    return tuple(sorted(values))


def parse_move(text: str) -> Move:
    """Read a move; raises ``InvalidMoveError`` (``AmbiguousMoveError`` where it could mean two)."""
    t = text.strip().lower()
    if not t:
        raise InvalidMoveError("no move given")
    if t == "roll":
        return Roll(())
    if t.startswith("roll") and (len(t) == 4 or not t[4].isalpha()):
        raise InvalidMoveError("'roll' rolls all five dice; to roll some, name the dice to keep: "
                               "'keep 6 6 3'")
    keep = _KEEP.fullmatch(t)
    if keep:
        return Roll(parse_keep(keep.group(1) or ""))
    if t == "score":
        raise InvalidMoveError("score which box? (for example 'score fours')")
    if t.startswith(("score ", "score\t")):
        return Score(parse_box(t[6:]))
    key = _key(t)
    if key.isascii() and key.isdigit() and len(key) == 1 and 1 <= int(key) <= 6:
        raise AmbiguousMoveError(
            f"{t!r} could mean the {_FACE_WORDS[int(key) - 1].capitalize()} box or keeping a {key}: "
            f"type 'score {_FACE_WORDS[int(key) - 1]}' or 'keep {key}'")
    if key in ALIASES or key in _AMBIGUOUS:
        return Score(parse_box(t))
    raise InvalidMoveError(f"{text.strip()!r} is not a move (type 'help' for the moves)")


def format_move(move: Move) -> str:
    """The canonical text of a move: ``roll``, ``keep 6 6 3`` or ``score fours``."""
    if isinstance(move, Roll):
        if not move.keep:
            return "roll"
        return "keep " + " ".join(str(v) for v in sorted(move.keep, reverse=True))
    return f"score {move.box.value}"


def format_keep(values: tuple[int, ...]) -> str:
    """Dice values highest first, separated by spaces (``6 6 3``)."""
    return " ".join(str(v) for v in sorted(values, reverse=True))
