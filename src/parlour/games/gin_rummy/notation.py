"""The text of Gin Rummy's moves and chance outcomes (what people type, what records store).

Moves (case-insensitive; cards as rank then suit: ``7H``, ``TH``, ``10h``, ``10♥``):

* ``take`` -- take the top card of the discard pile (the up-card when it is offered; at the wall,
  the last discard);
* ``pass`` -- refuse the up-card (or, at the wall, the last discard);
* ``draw`` -- draw the top card of the stock (also ``draw stock``);
* ``discard 7H`` -- discard a card face up, ending the turn;
* ``knock 7H`` -- discard 7H face down and knock (deadwood within the knock limit, but not none);
* ``gin 7H`` -- discard 7H face down and go gin (no deadwood);
* ``lay off 5H`` -- the defender lays a card off on the knocker's melds (also ``layoff 5H``);
* ``lay off best`` -- the defender makes the best lay-offs the optimizer finds, and is done;
* ``done`` -- the defender lays off nothing more; the hand is scored.

Chance: ``dealer 0`` (the first dealer, drawn by lot) and a deal, the whole deck from the top
(52 cards: the first twenty dealt one at a time, non-dealer first, then the up-card, then the stock).

Parsing needs no state: a well-formed move that is not allowed now is read, and ``apply`` refuses it
with the reason.

>>> parse_move("Knock 10h"), format_move(LayOff(Card.parse("5H")))
(Knock(Card.parse('TH')), 'lay off 5H')
"""

from __future__ import annotations

from parlour.core.cards import Card, parse_cards
from parlour.core.errors import InvalidMoveError
from parlour.games.gin_rummy.moves import (
    BestLayOff,
    CardMove,
    Chance,
    Deal,
    Discard,
    Done,
    Draw,
    FirstDealer,
    Gin,
    Knock,
    LayOff,
    Move,
    Pass,
    Take,
)

_WORDS: dict[str, Move] = {"draw": Draw(), "draw stock": Draw(), "take": Take(), "pass": Pass(),
                           "done": Done(), "lay off best": BestLayOff(), "layoff best": BestLayOff()}
_CARD_MOVES: dict[str, type[CardMove]] = {"discard": Discard, "knock": Knock, "gin": Gin,
                                          "lay off": LayOff, "layoff": LayOff}
_NAMES = {Discard: "discard", Knock: "knock", Gin: "gin", LayOff: "lay off"}

HELP = """\
Moves (CARD is a rank A 2-9 T J Q K, or 10, then a suit C D H S or a suit symbol; any case):
  take            take the top card of the discard pile (the up-card, or the last discard)
  pass            refuse the up-card (or the last discard at the wall)
  draw            draw the top card of the stock
  discard CARD    discard a card face up
  knock CARD      discard a card face down and knock (deadwood within the knock limit)
  gin CARD        discard a card face down and go gin (no deadwood)
  lay off CARD    (after the other player knocks) lay a card off on their melds
  lay off best    make the best lay-offs and finish
  done            lay off nothing more
"""


def parse_move(text: str) -> Move:
    """Read a move; ``InvalidMoveError`` for anything else."""
    words = text.strip().lower().split()
    phrase = " ".join(words)
    if phrase in _WORDS:
        return _WORDS[phrase]
    for n in (2, 1):
        head = " ".join(words[:n])
        if len(words) == n + 1 and head in _CARD_MOVES:
            kind = _CARD_MOVES[head]
            move: CardMove = kind(Card.parse(words[n]))
            return move
    raise InvalidMoveError(
        f"{text.strip()!r} is not a Gin Rummy move (take, pass, draw, discard CARD, knock CARD, "
        "gin CARD, lay off CARD, lay off best, done)")


def format_move(move: Move) -> str:
    """The canonical text of a move."""
    if isinstance(move, Discard | Knock | Gin | LayOff):
        return f"{_NAMES[type(move)]} {move.card}"
    for text, word in _WORDS.items():
        if word == move:
            return text
    raise TypeError(f"{move!r} is not a Gin Rummy move")  # pragma: no cover


def parse_outcome(text: str) -> Chance:
    """``dealer 0`` / ``dealer 1``, or the 52 cards of a deal."""
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] == "dealer" and words[1] in ("0", "1"):
        return FirstDealer(int(words[1]))
    cards = parse_cards(text)
    if len(cards) != 52 or len(set(cards)) != 52:
        raise InvalidMoveError("a deal is the whole deck of 52 different cards, top first")
    return Deal(cards)


def format_outcome(outcome: Chance) -> str:
    if isinstance(outcome, FirstDealer):
        return f"dealer {outcome.seat}"
    return " ".join(str(c) for c in outcome.cards)
