"""Zobrist hashing of draughts positions: 64-bit keys an engine can update move by move."""

from __future__ import annotations

import random

from parlour.games.draughts.board import SQUARES, Piece, Position, squares_of

_ZOBRIST_RNG = random.Random(20240521)
ZOBRIST_PIECE: dict[Piece, tuple[int, ...]] = {
    p: (0, *(_ZOBRIST_RNG.getrandbits(64) for _ in SQUARES)) for p in Piece
}
"""Random 64-bit keys per piece kind and square (index 0 unused), from a fixed seed."""
ZOBRIST_WHITE_TO_MOVE = _ZOBRIST_RNG.getrandbits(64)


def zobrist(position: Position) -> int:
    """A 64-bit Zobrist key: the XOR of the keys of every piece, and of the side to move if White.

    An engine may update it incrementally with ``ZOBRIST_PIECE`` and ``ZOBRIST_WHITE_TO_MOVE``.
    """
    key = 0 if position.black_to_move else ZOBRIST_WHITE_TO_MOVE
    for piece, mask in ((Piece.BLACK_MAN, position.black & ~position.kings),
                        (Piece.BLACK_KING, position.black & position.kings),
                        (Piece.WHITE_MAN, position.white & ~position.kings),
                        (Piece.WHITE_KING, position.white & position.kings)):
        keys = ZOBRIST_PIECE[piece]
        for s in squares_of(mask):
            key ^= keys[s]
    return key
