"""Several devices send a move at the same instant, turn after turn, on real ``parlour serve``s.

Each of two players has three devices (tabs) at one table; at every turn all six send a move at
once (threads let go together): the player to act a different move on each device, the other
player one too.  Exactly one move is taken each turn; every other device is told why not
(``stale``: the table moved on since the position it chose in; ``turn``: not its turn), nothing is
written twice, and the log in the database is the moves taken, in order.

On SQLite the six devices share one server; on PostgreSQL they are spread over two servers on one
database (``pair`` of ``test_server_postgres_fanout.py``), where the log's primary key is what lets
one writer in.
"""

from __future__ import annotations

import contextlib
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table, hello
from test_server_postgres import cluster, pg_url  # noqa: F401  (fixtures)
from test_server_postgres_fanout import Player, logged, pair, seated  # noqa: F401  (pair: a fixture)
from test_server_process import Served

DEVICES = 3
"""Devices (connections) per player."""
TURNS = 14


@pytest.fixture(params=["sqlite", "postgres"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, list[Served]]]:
    """The database's URL and the servers on it."""
    if request.param == "postgres":
        first, second = request.getfixturevalue("pair")
        yield request.getfixturevalue("pg_url"), [first, second]
        return
    url = f"sqlite:///{tmp_path / 'parlour.sqlite3'}"
    server = Served(url, bot_delay=0)
    try:
        yield url, [server]
    finally:
        server.stop()


def at_once(sends: list[tuple[Player, dict[str, Any]]]) -> None:
    """Each device sends its message, all let go at the same instant."""
    go = threading.Barrier(len(sends))

    def send(player: Player, message: dict[str, Any]) -> None:
        go.wait()
        player.send(message)

    threads = [threading.Thread(target=send, args=each) for each in sends]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def test_moves_sent_at_the_same_instant_one_is_taken_each_turn(served: tuple[str, list[Served]]) -> None:
    url, servers = served
    first = servers[0]
    created = first.api("/api/tables", {"game": "shut-the-box", "rules": {"rounds": 3},
                                        "seats": [{"bot": None}, {"bot": None}],
                                        "join": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}]})
    code, tokens = created["code"], created["tokens"]
    taken: list[tuple[int, int, str]] = []  # (place in the log, seat, move)
    refused: dict[str, int] = {}
    with contextlib.ExitStack() as stack:
        watcher = stack.enter_context(seated(first, code, [], "watcher"))
        devices = {seat: [stack.enter_context(seated(servers[(seat + d) % len(servers)], code,
                                                     [tokens[str(seat)]], f"{seat}.{d}"))
                          for d in range(DEVICES)] for seat in (0, 1)}
        everyone = [*devices[0], *devices[1]]
        state = watcher.at(0)
        turns = 0
        while turns < TURNS and not state["over"]:
            seat, seq = state["to_act"][0], state["seq"]
            for device in everyone:
                device.at(seq)
            legal = devices[seat][0].state["legal"][str(seat)]
            sends = [(device, {"type": "move", "move": legal[d % len(legal)], "seq": seq})
                     for d, device in enumerate(devices[seat])]
            sends += [(device, {"type": "move", "move": legal[0], "seq": seq})
                      for device in devices[1 - seat]]
            at_once(sends)
            for device in everyone:
                device.sync()  # its answer (an error, or none: taken) has come
            winners = [(device, message) for device, message in sends if not device.errors]
            assert len(winners) == 1 and winners[0][0] in devices[seat], [d.errors for d in everyone]
            for device in everyone:
                assert len(device.errors) <= 1, device.errors
                for error in device.errors:
                    # the player's other devices: the table moved on since; the other player's: not
                    # their turn (or, once it moved on, that too)
                    wanted = ("stale",) if device in devices[seat] else ("stale", "turn")
                    assert error["code"] in wanted and error["message"], (device.label, error)
                    refused[error["code"]] = refused.get(error["code"], 0) + 1
                device.errors.clear()
            state = watcher.at(seq + 1)
            assert state["log"][seq]["seat"] == seat
            taken.append((seq + 1, seat, winners[0][1]["move"]))
            turns += 1
        assert turns >= 10
        final = watcher.at(state["seq"])
        for device in everyone:  # every device, on every server, sees the same table
            device.sync()
            assert device.at(final["seq"])["log"] == final["log"]
    log = logged(url, code)
    assert len(log) == final["seq"]  # one line each: no place written twice, none missing
    assert [(n, seat, text) for n, (seat, text) in enumerate(log, 1) if seat >= 0] == taken
    assert refused.get("turn", 0) + refused.get("stale", 0) == turns * (2 * DEVICES - 1)
    for server in servers:
        assert server.api(f"/api/tables/{code}")["seq"] == final["seq"]


def test_a_second_devices_copy_of_a_move_does_not_land_on_the_next_turn(client: TestClient) -> None:
    """Ann asks for one card from her phone and her laptop at once.  After one hit she has the same
    choices again (hit or stand), but the copy was meant for the turn the first one took: refused as
    stale, not dealt a second card she never asked for."""
    client.app.state.hub.rng = random.Random(4)  # type: ignore[attr-defined]  # Ann is dealt 3 and 7
    code, tokens = create_table(client, [{"bot": None}], [{"seat": 0, "name": "Ann"}], game="blackjack")
    with client.websocket_connect(f"/ws/{code}") as w1, client.websocket_connect(f"/ws/{code}") as w2:
        phone, laptop = hello(w1, [tokens["0"]]), hello(w2, [tokens["0"]])
        state = phone.settled()
        phone.send({"type": "move", "move": "bet 1", "seq": state["seq"]})
        state = phone.settled(state["seq"] + 1)
        assert state["legal"] == {"0": ["hit", "stand"]}
        laptop.settled(state["seq"])
        for device in (phone, laptop):
            device.send({"type": "move", "move": "hit", "seq": state["seq"]})
        phone.sync(), laptop.sync()
        errors = [m for m in phone.seen + laptop.seen if m["type"] == "error"]
        assert [e["code"] for e in errors] == ["stale"], errors
        after = phone.state
        assert after is not None and after["legal"] == {"0": ["hit", "stand"]}  # the same choices again
        hits = [line for line in after["log"][state["seq"]:] if line["seat"] == 0]
        assert len(hits) == 1 and "hit" in hits[0]["text"].lower(), after["log"]
