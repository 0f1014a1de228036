"""Start-up of ``parlour serve`` with many tables in its database: the time from starting the
process to its first answer (``GET /api/games``), then to the lobby's list (``GET /api/tables``),
and the server's memory then and a while later.

    python bench/bench_startup.py --tables 10000                 # this tree
    python bench/bench_startup.py --tables 2000 --src /work/main/src --old   # another tree, for comparison
    python bench/bench_startup.py --tables 10000 --runs 1 --touch 2000      # memory as tables are asked for

The database is made once (in a temporary folder): a few real tables played a little through the
Hub (people's tables of Shut the Box, draughts and Gin Rummy, Go Fish with bots, some on a clock,
some finished), then copied row for row under new codes up to ``--tables``.  Each run starts the
server on a fresh copy of it.  Figures: docs/benchmarks.md, "Start-up".
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

KINDS: list[tuple[str, float]] = [
    ("shut-the-box", 0.35), ("draughts", 0.2), ("gin-rummy", 0.2), ("go-fish", 0.1),
    ("draughts-clock", 0.05), ("finished", 0.1),
]
"""The kinds of table, and their share of the database."""


async def _templates(db_url: str) -> dict[str, str]:
    """One real table of each kind, played a little; their codes."""
    from parlour.server.storage import Storage
    from parlour.server.tables import Hub

    storage = Storage(db_url)
    hub = Hub(storage, bot_delay=3600)  # not started: no bot moves, chance resolved at once
    made: dict[str, str] = {}
    two = [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}]
    made["shut-the-box"] = hub.create("shut-the-box", {"rounds": 50}, [{}, {}], True, two)[0]
    made["draughts"] = hub.create("draughts", {"colours": "first-black"}, [{}, {}], True, two)[0]
    made["gin-rummy"] = hub.create("gin-rummy", {}, [{}, {"bot": "random"}], True, two[:1])[0]
    made["go-fish"] = hub.create("go-fish", {}, [{}, {"bot": "random"}, {"bot": "random"}], True,
                                 two[:1])[0]
    made["draughts-clock"] = hub.create("draughts", {"colours": "first-black"}, [{}, {}], True, two,
                                        {"base": 600, "increment": 5})[0]
    made["finished"] = hub.create("shut-the-box", {}, [{}], True, two[:1])[0]
    for kind, code in made.items():
        table = hub.get(code)
        for _ in range(1000 if kind == "finished" else 12):
            actors = [s for s in table.to_act() if s >= 0 and table.seats[s].bot is None]
            if table.over or not actors:
                break
            seat = actors[0]
            move = table.game.legal_moves(table.state, seat)[0]
            hub.act(table, frozenset({seat}), seat, table.game.format_move(table.state, seat, move))
    storage.close()
    return made


def make_database(path: Path, count: int) -> None:
    """``count`` tables: the templates, copied under new codes."""
    import secrets

    from sqlalchemy import select

    from parlour.server.live import CODE_ALPHABET
    from parlour.server.storage import Storage, actions, clocks, seats, tables

    url = f"sqlite:///{path}"
    templates = asyncio.run(_templates(url))
    storage = Storage(url)
    with storage.engine.begin() as db:
        rows: dict[str, dict[str, Any]] = {}
        for kind, code in templates.items():
            table = db.execute(select(tables).where(tables.c.code == code)).mappings().one()
            rows[kind] = {"table": dict(table)}
            for part, rows_of in (("seats", seats), ("actions", actions), ("clocks", clocks)):
                query = select(rows_of).where(rows_of.c.table_id == table["id"])
                rows[kind][part] = [dict(r) for r in db.execute(query).mappings()]
        next_id = max(r["table"]["id"] for r in rows.values()) + 1
        codes = set(templates.values())
        batch: dict[str, list[dict[str, Any]]] = {"tables": [], "seats": [], "actions": [], "clocks": []}
        now = time.time()
        for n in range(count - len(templates)):
            kind = _kind_of(n)
            template = rows[kind]
            while (code := "".join(secrets.choice(CODE_ALPHABET) for _ in range(5))) in codes:
                pass
            codes.add(code)
            batch["tables"].append({**template["table"], "id": next_id, "code": code,
                                    "updated": now - n, "created": now - n})
            for part in ("seats", "actions", "clocks"):
                batch[part].extend({**r, "table_id": next_id} for r in template[part])
            next_id += 1
        if batch["tables"]:
            db.execute(tables.insert(), batch["tables"])
        for part, table in (("seats", seats), ("actions", actions), ("clocks", clocks)):
            if batch[part]:
                db.execute(table.insert(), batch[part])
    storage.close()


def _kind_of(n: int) -> str:
    """The kind of the ``n``th copied table, in the shares of :data:`KINDS`."""
    position = (n * 0.6180339887) % 1.0  # spread evenly, not in blocks
    for kind, share in KINDS:
        if position < share:
            return kind
        position -= share
    return KINDS[-1][0]


def _get(port: int, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure(database: Path, src: str, old: bool, settle: float, touch: int = 0,
            idle: float = 0.1) -> dict[str, float]:
    """Start the server on a copy of ``database`` and time its first answers; then, with ``touch``,
    ask for that many tables at a time (three times, other tables each time, ``idle`` minutes
    apart) and measure the memory after each."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "parlour.sqlite3"
        shutil.copy(database, db)
        command = [sys.executable, "-m", "parlour.cli.main", "serve", "--port", "0", "--db", f"sqlite:///{db}"]
        if not old:
            command += ["--table-rate", "0", "--open-tables-per-address", "0", "--open-tables", "0",
                        "--idle-minutes", str(idle)]
        env = {**os.environ, "PYTHONPATH": src}
        started = time.perf_counter()
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                env=env)
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()  # printed once the socket listens, before the app starts
            port = int(line.rsplit(":", 1)[1].strip(" /\n"))
            while True:
                try:
                    status, _ = _get(port, "/api/games")
                    if status == 200:
                        break
                except OSError:
                    time.sleep(0.005)
            first = time.perf_counter() - started
            rss_first = _rss_mb(proc.pid)
            status, body = _get(port, "/api/tables")
            listed = time.perf_counter() - started
            assert status == 200, body[:200]
            time.sleep(settle)
            result = {"first_answer_s": first, "tables_list_s": listed, "listed": len(json.loads(body)),
                      "rss_at_first_answer_mb": rss_first, f"rss_after_{settle:g}s_mb": _rss_mb(proc.pid)}
            if touch:
                with sqlite3.connect(db) as connection:
                    codes = [row[0] for row in connection.execute("SELECT code FROM tables ORDER BY id")]
                for n in range(3):
                    for code in codes[n * touch:(n + 1) * touch]:
                        assert _get(port, f"/api/tables/{code}")[0] == 200
                    result[f"rss_after_asking_for_{(n + 1) * touch}_mb"] = _rss_mb(proc.pid)
                    time.sleep(idle * 60 * 1.6)  # idle, and a sweep after it
                result["rss_at_the_end_mb"] = _rss_mb(proc.pid)
            return result
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--src", default=str(Path(__file__).resolve().parent.parent / "src"),
                        help="the source tree whose server is started (default: this one)")
    parser.add_argument("--old", action="store_true", help="a server without the table-limit options")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--settle", type=float, default=20.0,
                        help="seconds after the first answer to measure memory again")
    parser.add_argument("--touch", type=int, default=0,
                        help="then ask for this many tables, three times (other tables each time)")
    parser.add_argument("--idle", type=float, default=0.1, help="--idle-minutes for the server (0.1)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "template.sqlite3"
        began = time.perf_counter()
        make_database(database, args.tables)
        print(f"made {args.tables} tables in {time.perf_counter() - began:.1f} s", file=sys.stderr)
        results = [measure(database, args.src, args.old, args.settle, args.touch, args.idle)
                   for _ in range(args.runs)]
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for result in results:
            print("  ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}"
                            for k, v in result.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
