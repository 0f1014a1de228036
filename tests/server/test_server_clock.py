"""The draughts clock, kept by the server: counting down for the side to act, the increment, a flag
falling by the timer with nobody moving, a late move refused, and the clock kept across a restart.

The Hub is given a time source the tests advance by hand (no sleeping): its ``sleep`` waits until
the hand-moved time has passed, so the timer task runs exactly as it would on the wall clock.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table, hello

from parlour.server.live import LiveTable, RequestError
from parlour.server.storage import Storage
from parlour.server.tables import Hub


class HandClock:
    """Time that moves only when a test says so; ``sleep`` returns once it has moved far enough."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start
        self.moved = asyncio.Event()
        self.hub: Hub | None = None

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        until = self.t + seconds
        while self.t < until:
            self.moved.clear()
            await self.moved.wait()

    async def advance(self, seconds: float) -> None:
        """Move the time on, and let every task that was waiting for it run (their writes to the
        database, in worker threads, included)."""
        self.t += seconds
        self.moved.set()
        while True:
            for _ in range(5):
                await asyncio.sleep(0)
            if self.hub is None or not self.hub.db.pending:
                return
            await asyncio.sleep(0.002)  # a write in a worker thread: wait for it


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(test())


async def people_table(hub: Hub, base: float = 60, increment: float = 5) -> tuple[LiveTable, int, int]:
    """A draughts table for two people on a clock (Black is seat 1: no coin toss); the seats of
    Black and White."""
    code, _ = await hub.create("draughts", {"colours": "first-black"}, [{}, {}], True,
                         [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
                         {"base": base, "increment": increment})
    return hub.get(code), 0, 1


def hub_on(path: Path, hand: HandClock) -> Hub:
    hand.hub = Hub(Storage(f"sqlite:///{path / 'parlour.sqlite3'}"), bot_delay=0, now=hand.now,
                   sleep=hand.sleep)
    return hand.hub


def left(table: LiveTable) -> list[float]:
    assert table.clock is not None
    return [round(table.clock.time_left(s), 3) for s in range(2)]


def test_the_clock_counts_down_for_the_side_to_move_and_adds_the_increment(tmp_path: Path) -> None:
    async def test() -> None:
        hand = HandClock()
        hub = hub_on(tmp_path, hand)
        await hub.start()
        table, black, white = await people_table(hub, base=60, increment=5)
        assert left(table) == [60, 60]
        await hand.advance(10)
        assert left(table) == [50, 60]  # only Black's time runs
        await hub.act(table, frozenset({black}), black, "11-15")
        assert left(table) == [55, 60]  # 60 - 10 + 5
        await hand.advance(7)
        assert left(table) == [55, 53]
        message = table.shared_part()["clock"]
        assert message == {"base": 60, "increment": 5, "left": [55, 53], "running": white}
        await hub.stop()
    run(test)


def test_the_flag_falls_by_the_timer_with_nobody_moving_and_a_late_move_is_refused(tmp_path: Path) -> None:
    async def test() -> None:
        hand = HandClock()
        hub = hub_on(tmp_path, hand)
        await hub.start()
        table, black, white = await people_table(hub, base=30, increment=0)
        await hub.act(table, frozenset({black}), black, "11-15")
        await hand.advance(29.9)
        assert not table.over
        await hand.advance(0.2)  # nobody moves: the server's timer notices
        assert table.over
        assert table.game.winners(table.state) == (black,)
        assert table.shared_part()["result"] == "Ann (Black) wins: Bob (White) ran out of time."
        assert left(table) == [30, 0]
        assert table.clock is not None and table.clock.running is None
        with pytest.raises(RequestError) as refused:
            await hub.act(table, frozenset({white}), white, "23-19")
        assert refused.value.code == "time"
        assert "the time ran out" in refused.value.message
        assert "Bob (White) ran out of time" in refused.value.message
        assert table.seq == 2  # the move and the time-out: nothing more
        assert hub.storage.game_log(table.id, 1)[-1][:2] == (white, "time")
        await hub.stop()
    run(test)


def test_the_next_game_at_the_table_starts_both_clocks_afresh(tmp_path: Path) -> None:
    async def test() -> None:
        hand = HandClock()
        hub = hub_on(tmp_path, hand)
        await hub.start()
        table, _, white = await people_table(hub, base=10, increment=0)
        await hand.advance(11)
        assert table.over and left(table) == [0, 10]
        await hub.again(table, frozenset({white}))
        assert not table.over and left(table) == [10, 10]
        await hand.advance(4)
        assert left(table) == [6, 10]  # Ann plays Black again (first-black): her time runs
        await hub.stop()
    run(test)


def test_a_move_arriving_after_the_time_ran_out_is_refused_even_before_the_timer_runs(tmp_path: Path) -> None:
    async def test() -> None:
        hand = HandClock()
        hub = hub_on(tmp_path, hand)
        await hub.start()
        table, black, _ = await people_table(hub, base=5, increment=0)
        hand.t += 6  # the move arrives before the timer task has had a turn
        with pytest.raises(RequestError) as refused:
            await hub.act(table, frozenset({black}), black, "11-15")
        assert refused.value.code == "time"
        assert table.over and table.seq == 1
        assert table.shared_part()["result"] == "Bob (White) wins: Ann (Black) ran out of time."
        await hub.stop()
    run(test)


def test_the_clock_waits_for_the_second_person_to_sit_down(tmp_path: Path) -> None:
    async def test() -> None:
        hand = HandClock()
        hub = hub_on(tmp_path, hand)
        await hub.start()
        code, _ = await hub.create("draughts", {"colours": "first-black"}, [{}, {}], True,
                             [{"seat": 0, "name": "Ann"}], {"base": 60, "increment": 0})
        table = hub.get(code)
        await hand.advance(100)
        assert not table.over and left(table) == [60, 60]
        await hub.claim(code, 1, "Bob")
        await hand.advance(20)
        assert left(table) == [40, 60]
        await hub.stop()
    run(test)


def test_the_clock_is_kept_across_a_restart_not_charging_the_time_the_server_was_down(tmp_path: Path) -> None:
    async def test() -> None:
        hand = HandClock()
        hub = hub_on(tmp_path, hand)
        await hub.start()
        table, black, white = await people_table(hub, base=60, increment=2)
        code = table.code
        await hand.advance(10)
        await hub.act(table, frozenset({black}), black, "11-15")  # Black: 52
        await hand.advance(15)  # White has used 15
        await hub.stop()

        await hand.advance(3600)  # the server is down for an hour
        again = hub_on(tmp_path, hand)
        await again.start()
        table = again.get(code)
        assert left(table) == [52, 45]
        await hand.advance(5)
        assert left(table) == [52, 40]
        await again.act(table, frozenset({white}), white, "22-18")
        assert left(table) == [52, 42]
        await again.stop()
    run(test)


def test_after_a_crash_the_turn_starts_again_from_the_time_it_began_with(tmp_path: Path) -> None:
    async def test() -> None:
        hand = HandClock()
        hub = hub_on(tmp_path, hand)
        await hub.start()
        table, black, _ = await people_table(hub, base=60, increment=0)
        code = table.code
        await hub.act(table, frozenset({black}), black, "11-15")
        await hand.advance(20)  # White thinks; then the server dies without saving anything
        assert table.clock is not None and table.clock.task is not None
        hub.running = False
        table.clock.task.cancel()
        await hand.advance(600)
        again = hub_on(tmp_path, hand)
        await again.start()
        assert left(again.get(code)) == [60, 60]
        await again.stop()
    run(test)


def test_a_bot_on_a_clock_plays_and_its_time_runs(tmp_path: Path) -> None:
    async def test() -> None:
        hand = HandClock()
        hub = hub_on(tmp_path, hand)
        await hub.start()
        code, _ = await hub.create("draughts", {"colours": "second-black"}, [{}, {"bot": "random"}], True,
                             [{"seat": 0, "name": "Ann"}], {"base": 60, "increment": 1})
        table = hub.get(code)
        for _ in range(100):
            if table.seq >= 1:
                break
            await asyncio.sleep(0.01)  # the bot thinks in a thread (real time, no clock time)
        assert table.seq == 1 and table.game.to_act(table.state) == (0,)
        assert left(table) == [60, 61]  # the bot moved at once and got its increment
        await hub.stop()
    run(test)


def test_a_clock_is_refused_for_a_game_without_one_and_a_bad_one_changes_nothing(client: TestClient) -> None:
    def post(game: str, clock: Any) -> Any:
        return client.post("/api/tables", json={"game": game, "seats": [{}, {}], "clock": clock})

    before = client.get("/api/tables").json()
    assert post("yahtzee", {"base": 60}).status_code == 400
    assert "not played on a clock" in post("yahtzee", {"base": 60}).json()["detail"]
    for bad in ({"base": 0}, {"base": -5}, {"base": 60, "increment": -1}, {"base": 10**6}, {"increment": 3}):
        assert post("draughts", bad).status_code in (400, 422), bad
    assert client.get("/api/tables").json() == before
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["draughts"]["timed"] and not games["yahtzee"]["timed"]


def test_both_players_are_told_the_clock(client: TestClient) -> None:
    code, tokens = create_table(client, [{}, {}], [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
                                game="draughts")
    assert client.get(f"/api/tables/{code}").json()["clock"] is None
    response = client.post("/api/tables", json={
        "game": "draughts", "seats": [{}, {}], "rules": {"colours": "first-black"},
        "join": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}],
        "clock": {"base": 300, "increment": 3}})
    assert response.status_code == 201
    code, tokens = response.json()["code"], response.json()["tokens"]
    assert client.get(f"/api/tables/{code}").json()["clock"] == {"base": 300, "increment": 3}
    with client.websocket_connect(f"/ws/{code}") as a, client.websocket_connect(f"/ws/{code}") as b:
        for ws, seat in ((a, "0"), (b, "1")):
            reader = hello(ws, [tokens[seat]])
            clock = reader.sync()["clock"]
            assert clock["base"] == 300 and clock["increment"] == 3 and clock["running"] == 0
            assert 299 < clock["left"][0] <= 300 and clock["left"][1] == 300
