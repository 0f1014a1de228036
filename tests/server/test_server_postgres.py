"""The server on PostgreSQL: a throwaway cluster of its own, the real app, the log's and seats' races.

The cluster comes from Debian's ``postgresql`` package (``scripts/test`` installs it): ``initdb`` into a
temporary folder, a server on a free port of 127.0.0.1 with trust authentication, and a fresh database
for every test.  Without the binaries these tests are skipped, except in CI, where they fail.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table, hello

from parlour.server.app import create_app
from parlour.server.storage import Conflict, SeatRow, Storage, hash_token

VS_BOT = [{"bot": None}, {"bot": "optimal"}]


def _binaries() -> Path | None:
    """The newest folder of PostgreSQL server programs, if any."""
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/pg_ctl")
             if (Path(p).parent / "initdb").exists() and (Path(p).parent / "postgres").exists()]
    found.sort(key=lambda d: int(d.parent.name) if d.parent.name.isdigit() else 0)
    return found[-1] if found else None


def _unavailable(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{why}: scripts/test installs Debian's postgresql, so CI must have it")
    pytest.skip(why)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A PostgreSQL server of our own; as root, run by the ``postgres`` user (it refuses root)."""

    def __init__(self, bin_dir: Path, folder: Path, as_user: str | None) -> None:
        self.bin_dir, self.folder, self.as_user = bin_dir, folder, as_user
        self.data, self.log = folder / "data", folder / "server.log"
        self.port = _free_port()

    def run(self, program: str, *args: str, timeout: float = 60) -> None:
        command = [str(self.bin_dir / program), *args]
        if self.as_user is not None:
            command = ["runuser", "-u", self.as_user, "--", *command]
        done = subprocess.run(command, cwd=self.folder, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL, check=False)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n"
                               f"{done.stdout}\n{done.stderr}\n{log}")

    def start(self) -> None:
        self.run("initdb", "--no-sync", "--auth=trust", "--username=postgres", "--encoding=UTF8",
                 "--locale=C", f"--pgdata={self.data}")
        self.serve()

    def serve(self) -> None:
        """Start the server on the cluster made by :meth:`start` (again, after :meth:`stop`)."""
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder}"
                   " -c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self.run("pg_ctl", "start", "--wait", "--timeout=30", f"--pgdata={self.data}",
                 f"--log={self.log}", f"--options={options}")

    def stop(self, mode: str = "immediate") -> None:
        """Stop the server: at once (``immediate``, a crash: with this cluster's
        ``synchronous_commit=off``, the last commits may be lost) or ``fast`` (an orderly shutdown)."""
        if (self.data / "postmaster.pid").exists():  # started, even if it never became ready
            self.run("pg_ctl", "stop", f"--mode={mode}", "--wait", f"--pgdata={self.data}")

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def admin(self, sql: str) -> None:
        import psycopg
        with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname="postgres",
                             autocommit=True) as conn:
            conn.execute(sql)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    bin_dir = _binaries()
    if bin_dir is None:
        _unavailable("PostgreSQL's initdb and pg_ctl are not in /usr/lib/postgresql/*/bin")
    assert bin_dir is not None
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _unavailable("psycopg is not installed (pip install -e '.[test]')")
    as_user = None
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            _unavailable("running as root without runuser to become the postgres user")
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            _unavailable("running as root and there is no postgres user to run the server")
        as_user = "postgres"
    # As root, in /tmp itself: the postgres user must reach it (root's TMPDIR may be private).
    folder = Path(tempfile.mkdtemp(prefix="parlour-pg-", dir="/tmp" if as_user else None))
    if as_user is not None:
        shutil.chown(folder, user=as_user, group=pwd.getpwnam(as_user).pw_gid)
    server = Cluster(bin_dir, folder, as_user)
    try:
        server.start()
        yield server
    finally:
        try:
            server.stop()
        finally:
            shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(cluster: Cluster) -> Iterator[str]:
    """A fresh, empty database for one test."""
    name = f"parlour_{uuid.uuid4().hex[:12]}"
    cluster.admin(f"CREATE DATABASE {name}")
    yield cluster.url(name)
    cluster.admin(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture
def storage(pg_url: str) -> Iterator[Storage]:
    store = Storage(pg_url)
    yield store
    store.close()


def _race(n: int, attempt: Callable[[int], None]) -> list[BaseException | None]:
    """Run ``attempt(i)`` for i in range(n) in threads let go at once; each one's exception or None."""
    start = threading.Barrier(n)
    results: list[BaseException | None] = [None] * n

    def go(i: int) -> None:
        start.wait()
        try:
            attempt(i)
        except BaseException as exc:
            results[i] = exc

    threads = [threading.Thread(target=go, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return results


# ---- the real app ---------------------------------------------------------------------------------
def test_a_new_app_on_the_same_postgres_database_resumes_the_table(pg_url: str) -> None:
    with TestClient(create_app(pg_url, bot_delay=0)) as first:
        code, tokens = create_table(first, VS_BOT, [{"seat": 0, "name": "Ann"}])
        with first.websocket_connect(f"/ws/{code}") as ws:
            me = hello(ws, [tokens["0"]])
            me.send({"type": "move", "move": "roll 2"})
            me.until(lambda m: m["type"] == "state" and m["seq"] == 2)
            me.send({"type": "move", "move": me.state["legal"]["0"][0]})  # type: ignore[index]
            before = me.until(lambda m: m["type"] == "state" and m["seq"] == 3)
        assert [t["code"] for t in first.get("/api/tables").json()] == [code]
    with TestClient(create_app(pg_url, bot_delay=0)) as second, \
            second.websocket_connect(f"/ws/{code}") as ws:
        again = hello(ws, [tokens["0"]])
        state = again.state
        assert state is not None and state["seq"] == 3
        assert state["log"] == before["log"] and state["views"] == before["views"]
    store = Storage(pg_url)
    try:
        row = store.load(code)
    finally:
        store.close()
    assert row is not None and row.game == "shut-the-box" and row.logs[1][0] == (0, "roll 2")
    assert len(row.logs[1]) == 3  # the throw, the dice (chance's seat -1), the tiles shut
    assert [(s.seat, s.name, s.bot) for s in row.seats] == [(0, "Ann", None), (1, "Optimal bot", "optimal")]


def test_seats_are_claimed_over_http_once_on_postgres(pg_url: str) -> None:
    with TestClient(create_app(pg_url, bot_delay=0)) as client:
        code, _ = create_table(client, [{"bot": None}, {"bot": "greedy"}])
        claim = client.post(f"/api/tables/{code}/seats/0", json={"name": "Ann"})
        assert claim.status_code == 200 and claim.json()["seat"] == 0
        assert client.post(f"/api/tables/{code}/seats/0", json={"name": "Eve"}).status_code == 409
        assert client.post(f"/api/tables/{code}/seats/1", json={"name": "Eve"}).status_code == 409
        with client.websocket_connect(f"/ws/{code}") as ws:
            me = hello(ws, [claim.json()["token"]])
            assert me.state is not None and me.state["seats"][0]["name"] == "Ann"


# ---- the log and the table codes ------------------------------------------------------------------
def test_the_postgres_log_refuses_a_second_write_to_the_same_place(storage: Storage) -> None:
    table_id = storage.create_table("ABCDE", "shut-the-box", {"tiles": 12}, True, [])
    storage.append(table_id, 1, 1, 0, "roll 2", False)
    with pytest.raises(Conflict):
        storage.append(table_id, 1, 1, 0, "roll 1", False)
    storage.append(table_id, 1, 2, 0, "shut 7", True)
    row = storage.load("ABCDE")
    assert row is not None and row.logs == {1: ((0, "roll 2"), (0, "shut 7"))}
    assert row.rules == {"tiles": 12} and row.hints is True and row.over is True
    assert storage.table_codes() == ["ABCDE"] and storage.table_codes(playing_only=True) == []
    storage.new_game(table_id, 2)
    with pytest.raises(Conflict):
        storage.new_game(table_id, 2)
    assert storage.table_codes(playing_only=True, limit=5) == ["ABCDE"]


def test_a_taken_table_code_is_a_conflict_on_postgres(storage: Storage) -> None:
    storage.create_table("ABCDE", "shut-the-box", {}, True, [SeatRow(0, "Ann", None, None)])
    with pytest.raises(Conflict):
        storage.create_table("ABCDE", "shut-the-box", {}, False, [])
    other = storage.create_table("FGHIJ", "shut-the-box", {}, True, [])  # the failed one left nothing
    row = storage.load("ABCDE")
    assert row is not None and row.hints is True and [s.name for s in row.seats] == ["Ann"]
    assert other != row.id and storage.load("ZZZZZ") is None


def test_racing_writers_for_one_log_position_on_postgres_one_wins(storage: Storage) -> None:
    table_id = storage.create_table("RACES", "shut-the-box", {}, True, [])
    results = _race(6, lambda i: storage.append(table_id, 1, 1, 0, f"roll {i + 1}", False))
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, Conflict) for r in results if r is not None)
    row = storage.load("RACES")
    assert row is not None and len(row.logs[1]) == 1


# ---- seats ----------------------------------------------------------------------------------------
def test_a_seat_claimed_twice_on_postgres_is_a_conflict(storage: Storage) -> None:
    table_id = storage.create_table("SEATS", "shut-the-box", {}, True, [
        SeatRow(0, None, None, None), SeatRow(1, None, "greedy", None)])
    storage.claim_seat(table_id, 0, "Ann", hash_token("ann"))
    with pytest.raises(Conflict):
        storage.claim_seat(table_id, 0, "Bob", hash_token("bob"))
    with pytest.raises(Conflict):  # a bot's seat is never free
        storage.claim_seat(table_id, 1, "Bob", hash_token("bob"))
    row = storage.load("SEATS")
    assert row is not None
    assert [(s.name, s.token_hash) for s in row.seats] == [("Ann", hash_token("ann")), (None, None)]


def test_racing_claims_for_one_seat_on_postgres_one_wins(storage: Storage) -> None:
    table_id = storage.create_table("CLAIM", "shut-the-box", {}, True, [SeatRow(0, None, None, None)])
    results = _race(6, lambda i: storage.claim_seat(table_id, 0, f"P{i}", hash_token(f"t{i}")))
    winners = [i for i, r in enumerate(results) if r is None]
    assert len(winners) == 1
    assert all(isinstance(r, Conflict) for r in results if r is not None)
    row = storage.load("CLAIM")
    assert row is not None and row.seats[0].name == f"P{winners[0]}"
    assert row.seats[0].token_hash == hash_token(f"t{winners[0]}")

