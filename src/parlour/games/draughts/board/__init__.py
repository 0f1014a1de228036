"""The board of English draughts: squares, positions and the move generator, on bitboards.

* :mod:`.squares` -- the numbering of the squares, the padded bitboard layout, the directions;
* :mod:`.position` -- :class:`Position` (three bitboards and the side to move), colours, pieces;
* :mod:`.movegen` -- the one move generator: :func:`legal_moves`, :func:`play`, :func:`plays`.
"""

from parlour.games.draughts.board.movegen import (
    Play,
    can_move,
    capturers,
    capturing_squares,
    has_capture,
    has_legal_move,
    is_lost,
    legal_moves,
    play,
    played,
    plays,
    successors,
)
from parlour.games.draughts.board.position import (
    KING_VALUE,
    MAN_VALUE,
    START,
    Colour,
    Piece,
    Position,
    material,
)
from parlour.games.draughts.board.squares import (
    BIT,
    BLACK_CROWN_ROW,
    BLACK_START,
    INDEX,
    SQUARES,
    VALID,
    WHITE_CROWN_ROW,
    WHITE_START,
    are_neighbours,
    between,
    column_of,
    from_square_mask,
    mask_of,
    row_of,
    square_at,
    squares_of,
    to_square_mask,
)
from parlour.games.draughts.moves import Move

__all__ = [
    "BIT", "BLACK_CROWN_ROW", "BLACK_START", "INDEX", "KING_VALUE", "MAN_VALUE", "SQUARES", "START",
    "VALID", "WHITE_CROWN_ROW", "WHITE_START", "Colour", "Move", "Piece", "Play", "Position",
    "are_neighbours", "between", "can_move", "capturers", "capturing_squares", "column_of",
    "from_square_mask", "has_capture", "has_legal_move", "is_lost", "legal_moves", "mask_of",
    "material", "play", "played", "plays", "row_of", "square_at", "squares_of", "successors",
    "to_square_mask",
]
