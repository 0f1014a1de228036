"""A table in memory from the database's rows: rebuilt from its whole log (:func:`rebuild`, when
a table is loaded), or brought up to date with what other servers wrote (:func:`apply_progress`,
when the :class:`~parlour.server.tables.Hub` catches up)."""

from __future__ import annotations

from parlour.agents import make_bot
from parlour.core import registry
from parlour.core.options import rules_from_json
from parlour.server.live import LiveTable, Seat
from parlour.server.storage import TAKEBACK, Progress, TableRow, takeback_count


def rebuild(row: TableRow) -> LiveTable:
    """The table of ``row`` in memory: its seats and bots, and every game of its log played again."""
    game = registry.get(row.game)
    rules = rules_from_json(game.rules_type, row.rules, bounded=False)  # kept: maybe from before a bound
    seat_list = [Seat(s.seat, s.name, s.bot, s.token_hash) for s in row.seats]
    for s in seat_list:
        if s.bot_level:
            s.bot = make_bot(game, s.bot_level, rules)
    table = LiveTable(row.id, row.code, game, rules, row.hints, seat_list, 1,
                      game.initial_state(rules, len(seat_list)))
    for game_no in range(1, row.game_no + 1):
        table.start_game(game_no)
        for seat, text in row.logs.get(game_no, ()):
            action = game.parse_action(table.state, seat, text)
            table.record(seat, action, game.apply(table.state, seat, action))
    table.rows = row.rows or table.rows  # the current game's takebacks count as rows too
    if table.rows > len(table.log):  # a takeback in this game: moves chosen before now are stale
        table.taken_back_at = table.rows
    return table


def apply_progress(table: LiveTable, found: Progress) -> bool:
    """What the database has that ``table`` lacks (``found``: other servers' moves, claimed seats,
    new games) applied in memory; True if anything changed.  Raises ``RuntimeError`` on a gap in
    the log (the caller then rebuilds the table from its whole log)."""
    changed = False
    for place, row in zip(table.seats, found.seats, strict=False):
        if (place.name, place.token_hash) != (row.name, row.token_hash) and row.token_hash:
            place.name, place.token_hash = row.name, row.token_hash
            changed = True
    game = table.game
    for game_no, n, seat, text in found.actions:
        while table.game_no < game_no:
            table.start_game(table.game_no + 1)
        if n != table.rows + 1:
            raise RuntimeError(f"table {table.code}: action {n} of game {game_no} follows "
                               f"{table.rows}: the log has a gap")
        if seat == TAKEBACK:
            table.take_back(takeback_count(text))
            changed = True
            continue
        action = game.parse_action(table.state, seat, text)
        table.record(seat, action, game.apply(table.state, seat, action))
        changed = True
    while table.game_no < found.game_no:
        table.start_game(table.game_no + 1)
        changed = True
    return changed


__all__ = ["apply_progress", "rebuild"]
