"""Opening tables is limited per client address (a rate, and the open tables it may have) and in
all; a refusal is a JSON 429 with the reason (and ``Retry-After`` where waiting helps), and creates
nothing.  Small limits here; the other tests' fixtures open tables without limit."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update

from parlour.server.admission import TableLimits
from parlour.server.app import create_app
from parlour.server.limits import Limits
from parlour.server.storage import tables

ALONE = [{"bot": None}]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@contextmanager
def served(db_url: str, **limits: Any) -> Iterator[tuple[TestClient, TestClient]]:
    """The app with these table limits, and two clients at different addresses."""
    app = create_app(db_url, bot_delay=0, limits=Limits(tables=TableLimits(**limits)))
    with TestClient(app, client=("192.168.1.10", 50000)) as first:
        yield first, TestClient(app, client=("192.168.1.11", 50000))


def _open(client: TestClient, **body: Any) -> Any:
    return client.post("/api/tables", json={"game": "shut-the-box", "seats": ALONE, **body})


def _listed(client: TestClient) -> int:
    return len(client.get("/api/tables").json())


def test_an_address_opening_tables_too_fast_is_told_when_to_try_again(db_url: str):
    clock = Clock()
    with served(db_url, per_hour=60, burst=3, per_address=None, total=None, clock=clock) as (ann, bob):
        for _ in range(3):
            assert _open(ann).status_code == 201
        refused = _open(ann)
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "60"
        assert refused.json() == {"detail": "too many new tables from your address: at most 3 at once "
                                            "and 60 an hour; try again in 60 seconds"}
        assert _listed(ann) == 3  # nothing created
        assert _open(bob).status_code == 201  # another address has its own allowance
        clock.now += 30
        assert _open(ann).headers["retry-after"] == "30"
        clock.now += 30
        assert _open(ann).status_code == 201
        assert _open(ann).status_code == 429


def test_a_refused_request_costs_no_table_of_the_allowance(db_url: str):
    with served(db_url, per_hour=60, burst=2, per_address=None, total=None, clock=Clock()) as (ann, _):
        for _ in range(5):
            assert _open(ann, rules={"tiles": 11}).status_code == 400
        assert _open(ann).status_code == 201
        assert _open(ann).status_code == 201
        assert _open(ann).status_code == 429


def test_the_open_tables_of_one_address_are_capped_and_finishing_one_frees_a_place(db_url: str):
    with served(db_url, per_hour=None, per_address=2, total=None) as (ann, bob):
        first = _open(ann, join=[{"seat": 0, "name": "Ann"}]).json()
        assert _open(ann).status_code == 201
        refused = _open(ann)
        assert refused.status_code == 429 and "retry-after" not in refused.headers
        assert "at most 2 open tables can be opened from one address" in refused.json()["detail"]
        assert _open(bob).status_code == 201
        with ann.websocket_connect(f"/ws/{first['code']}") as ws:  # Ann plays her table to its end
            ws.send_json({"type": "hello", "tokens": [first["tokens"]["0"]]})
            state: dict[str, Any] = {}
            while not state.get("over"):
                message = ws.receive_json()
                if message["type"] == "state":
                    state = message
                    if state["legal"].get("0"):
                        ws.send_json({"type": "move", "move": state["legal"]["0"][0]})
        assert _open(ann).status_code == 201


def test_an_archived_table_is_not_open(db_url: str):
    with served(db_url, per_hour=None, per_address=1, total=1) as (ann, _):
        code = _open(ann).json()["code"]
        assert _open(ann).status_code == 429
        hub = ann.app.state.hub  # type: ignore[attr-defined]
        with hub.storage.engine.begin() as db:  # abandoned, and archived (residency.py)
            db.execute(update(tables).where(tables.c.code == code).values(archived=True))
        assert _open(ann).status_code == 201


def test_the_open_tables_in_all_are_capped(db_url: str):
    with served(db_url, per_hour=None, per_address=None, total=3) as (ann, bob):
        for _ in range(2):
            assert _open(ann).status_code == 201
        assert _open(bob).status_code == 201
        refused = _open(bob)
        assert refused.status_code == 429 and "retry-after" not in refused.headers
        assert refused.json()["detail"].startswith("this server keeps at most 3 open tables")
        assert _listed(ann) == 3


def test_the_default_limits_let_a_family_open_its_tables_and_stop_a_flood(db_url: str):
    app = create_app(db_url, bot_delay=0)
    with TestClient(app) as client:
        made = [_open(client).status_code for _ in range(30)]
    assert made[:20] == [201] * 20 and made[20:] == [429] * 10
