"""Helpers for the draughts tests: set up a position, play moves by their text, collect refusals;
a temporary cache folder for the whole session (no test writes to the user's cache), and the
3-piece endgame database built once in it."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour.core.cache import CACHE_ENV
from parlour.core.errors import IllegalMoveError
from parlour.games.draughts import GAME, Rules, State
from parlour.games.draughts.notation import parse_fen
from parlour.games.draughts.search import endgame


class Table:
    """Plays a game through the public protocol, by the text people type."""

    game = GAME

    def setup(self, fen: str, black_seat: int = 0, **rules: Any) -> State:
        return GAME.from_position(parse_fen(fen), Rules(**rules), black_seat=black_seat)

    def seat(self, state: State) -> int:
        actors = GAME.to_act(state)
        assert len(actors) == 1, f"expected one seat to act, not {actors}"
        return actors[0]

    def act(self, state: State, *texts: str) -> State:
        for text in texts:
            seat = self.seat(state)
            state = GAME.apply(state, seat, GAME.parse_move(state, seat, text))
        return state

    def moves(self, state: State) -> list[str]:
        seat = self.seat(state)
        return [GAME.format_move(state, seat, m) for m in GAME.legal_moves(state, seat)]

    def plays(self, state: State) -> list[str]:
        """The legal moves on the board only (no huffs, draw offers or resignation)."""
        return [m for m in self.moves(state) if m[0].isdigit()]

    def refused(self, state: State, text: str) -> str:
        """Apply ``text``, expect a refusal, check nothing changed, and return the reason."""
        snapshot = dataclasses.replace(state)
        seat = self.seat(state)
        with pytest.raises(IllegalMoveError) as info:
            GAME.apply(state, seat, GAME.parse_move(state, seat, text))
        assert state == snapshot
        return str(info.value)


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture(scope="session", autouse=True)
def engine_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("parlour-draughts-cache")
    old = os.environ.get(CACHE_ENV)
    os.environ[CACHE_ENV] = str(folder)
    endgame.forget_databases()
    yield folder
    endgame.forget_databases()
    if old is None:
        del os.environ[CACHE_ENV]
    else:
        os.environ[CACHE_ENV] = old


@pytest.fixture(scope="session")
def db3(engine_cache: Path) -> endgame.EndgameDatabase:
    """Every position with up to 3 pieces (built in a second or two)."""
    return endgame.database(3)
