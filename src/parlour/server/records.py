"""A table's games read back from the database: as a record, in the game's own file format
(``GET /api/tables/{code}/export``), and reviewed by the game's engine (``.../review``)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from parlour.core.protocol import Export
from parlour.core.record import Record
from parlour.server.live import LiveTable, RequestError

if TYPE_CHECKING:  # (the Hub keeps its Reviews)
    from parlour.server.tables import Hub


def record_of(table: LiveTable, log: list[tuple[int, str, float]]) -> tuple[Record, float | None]:
    """A game of a table as a record, from its ``log`` (``Storage.game_log``), and when it began."""
    record = Record.start(table.game.spec.name, table.rules, tuple(table.names()))
    for seat, text, _ in log:
        record = record.add(seat, text)
    return record, log[0][2] if log else None


async def export(hub: Hub, code: str, game_no: int | None = None) -> tuple[Export, str]:
    """Game ``game_no`` of a table (the current one by default) in the game's own file
    format, and a file name for it.  Anyone with the table's code may have it, so a game
    with hidden information is exported only once it is over."""
    table, number = await hub.game_of(code, game_no)
    game = table.game
    if game.spec.hidden_information and number == table.game_no and not table.over:
        raise RequestError("not-over", "this game has hidden cards: it can be exported once "
                           "it is over", 409)
    record, began = record_of(table, await hub.db.read(hub.storage.game_log, table.id, number))
    exported = game.export(record, began, f"Parlour table {table.code}", number)
    if exported is None:
        raise RequestError("not-found", f"{game.spec.title} has no file format to export to", 404)
    return exported, f"{game.spec.name}-{table.code}-game-{number}.{exported.extension}"


class Reviews:
    """The engine's reviews of finished games, computed once each and then kept (a finished game
    never changes); one review at a time, away from the event loop."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._kept: dict[tuple[int, int], dict[str, Any]] = {}
        """By (table id, game number)."""
        self._reviewing = asyncio.Lock()

    async def review(self, code: str, game_no: int | None = None) -> dict[str, Any]:
        """The review of a finished game at a table (the current one by default)."""
        table, number = await self.hub.game_of(code, game_no)
        if number == table.game_no and not table.over:
            raise RequestError("not-over", "the game is still being played: it can be reviewed "
                               "once it is over", 409)
        key = (table.id, number)
        if key not in self._kept:
            log = await self.hub.db.read(self.hub.storage.game_log, table.id, number)
            record, _ = record_of(table, log)
            async with self._reviewing:
                if key not in self._kept:
                    found = await asyncio.to_thread(table.game.review, record)
                    if found is None:
                        raise RequestError("not-found", f"{table.game.spec.title} has no reviewer", 404)
                    self._kept[key] = found
        return {"code": table.code, "game_no": number, **self._kept[key]}

    def forget(self, table_id: int) -> None:
        """Drop the reviews of a table (it is leaving memory; they are computed again if asked for)."""
        for key in [key for key in self._kept if key[0] == table_id]:
            del self._kept[key]


__all__ = ["Reviews", "export", "record_of"]
