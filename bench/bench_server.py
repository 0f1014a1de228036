"""Moves per second and round-trip latency of ``parlour serve`` with many tables at once.

Starts a real ``parlour serve`` (SQLite in a temporary folder, no bot delay), opens N Shut the Box
tables with one person's seat each, and plays them all at once over real WebSockets on loopback,
each client as fast as the server answers (random legal moves). The round trip of a move runs from
sending it to the arrival of the first ``state`` with a higher ``seq``. All clients share one asyncio
loop in this process; the server is a separate process on the same machine (they share its cores).

    python bench/bench_server.py [--tables 200] [--seconds 20] [--warmup 3] [--json]
        [--think SECONDS] [--rounds 1000] [--no-compression]
        [--mix COUNT:GAME:SEATS ...] [--bot-delay SECONDS] [--bot-workers N]

Besides the figures of all the people's moves, it reports them by game (with ``--mix``), and the
machine's load average at the start and the end of the measured window: on a shared machine the
tail follows the load more than anything the server does.

``--think`` paces each client like a person (a random pause of 0.5-1.5 times SECONDS before each
move) instead of playing flat out.

``--mix`` (repeatable) replaces the Shut the Box tables by a mix: COUNT tables of GAME whose seats
are SEATS, comma-separated, each ``p`` (a scripted person: one client each) or a bot level. A table
with no person is watched by one spectator client. ``--mix 100:shut-the-box:p,greedy --mix
50:gin-rummy:p,random --mix 50:shut-the-box:greedy,greedy`` plays 200 tables at once: people
against bots, hidden hands, and bots alone. Latency is measured on the people's moves; the actions
of every table (people's and bots' moves, dice and deals) are counted from the state messages, once
per table. ``--bot-delay`` is the server's pause before a bot moves (0 by default: flat out);
``--bot-workers`` the bots that think at once (``parlour serve --bot-workers``). The server's peak
resident memory (``VmHWM``) is reported at the end, and each of its child processes' (the bots'
worker processes).
A person whose game is over starts the next one (the table's first person), so tables keep playing;
Shut the Box tables get ``--rounds`` rounds a game.

Exits non-zero if anything failed (an error message, a client that died), never for a missed goal:
benchmarks report, they do not assert.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

GOAL_P99_MS = 50.0
REPLY_TIMEOUT = 30.0


@dataclass(frozen=True)
class Mix:
    """``count`` tables of ``game``, each seat a person (None) or a bot level."""

    count: int
    game: str
    seats: tuple[str | None, ...]

    @staticmethod
    def parse(text: str) -> Mix:
        try:
            count, game, seats = text.split(":")
            mix = Mix(int(count), game, tuple(None if s == "p" else s for s in seats.split(",")))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not COUNT:GAME:SEATS (like 50:shut-the-box:p,greedy)") from None
        if mix.count < 1 or not mix.game:
            raise argparse.ArgumentTypeError(f"{text!r}: at least one table of a game")
        return mix

    def __str__(self) -> str:
        return f"{self.count}:{self.game}:{','.join(s or 'p' for s in self.seats)}"


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    by_game: dict[str, list[float]] = field(default_factory=dict)
    """The same round trips, by game."""
    actions: int = 0
    """Actions at every table (moves, bots' moves, chance) seen in the measured window, once per table."""
    errors: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    again: int = 0
    message_chars: list[int] = field(default_factory=list)
    measuring: bool = False
    client_lag: list[float] = field(default_factory=list)
    """How late this process's own loop woke from 10 ms sleeps in the measured window: a round trip
    is measured here too, so a stall of the clients' process (a busy machine) adds to it."""


def start_server(folder: str, bot_delay: float = 0.0, bot_workers: int | None = None,
                 bot_threads: bool = False) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "parlour.cli.main", "serve", "--port", "0",
               "--db", f"sqlite:///{folder}/bench.sqlite3", "--bot-delay", str(bot_delay),
               "--table-rate", "0", "--open-tables-per-address", "0", "--open-tables", "0"]
    if bot_workers is not None:
        command += ["--bot-workers", str(bot_workers)]
    if bot_threads:
        command += ["--bot-threads"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()  # "Parlour is running at http://127.0.0.1:PORT/"
    if "running at" not in line:
        stop_server(proc)
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, int(line.rsplit(":", 1)[1].strip(" /\n"))


def stop_server(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def peak_memory_mb(pid: int) -> float | None:
    """A process's peak resident memory so far (Linux ``VmHWM``), in MB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def children(pid: int) -> list[int]:
    """A process's children (the server's bot worker processes), from ``/proc`` (Linux)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(p) for p in (task / "children").read_text().split()]
    return found


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (Linux), for the share of the cores the server used."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Client:
    """One connection: a person's seat (``seat``, with its ``token``) or a table's spectator."""

    code: str
    game: str
    seat: int | None
    token: str | None
    counts: bool
    """Whether this client counts the table's actions (one client per table does)."""
    starts: bool
    """Whether this client starts the next game when one is over (the table's first person)."""


def create_tables(port: int, mixes: list[Mix], rounds: int) -> list[Client]:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    clients = []
    for mix in mixes:
        people = [n for n, bot in enumerate(mix.seats) if bot is None]
        rules = {"rounds": rounds} if mix.game == "shut-the-box" else {}
        body = json.dumps({"game": mix.game, "rules": rules,
                           "seats": [{"bot": bot} for bot in mix.seats],
                           "join": [{"seat": n, "name": f"P{n}"} for n in people]}).encode()
        for _ in range(mix.count):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body,
                                             headers={"Content-Type": "application/json"})
            with opener.open(request, timeout=60) as response:
                created = json.load(response)
            code = created["code"]
            if not people:
                clients.append(Client(code, mix.game, None, None, counts=True, starts=False))
            for n in people:
                clients.append(Client(code, mix.game, n, created["tokens"][str(n)],
                                      counts=n == people[0], starts=n == people[0]))
    return clients


async def next_state(ws: ClientConnection, stats: Stats, after: dict[str, Any] | None,
                     counts: bool = False) -> dict[str, Any]:
    """The next ``state`` message that is newer than ``after`` (any newer one if ``after`` is None).
    ``counts``: add the table's new actions to the count (one client per table does)."""
    while True:
        raw = await asyncio.wait_for(ws.recv(), REPLY_TIMEOUT)
        message: dict[str, Any] = json.loads(raw)
        if stats.measuring:
            stats.message_chars.append(len(raw))
        if message["type"] == "error":
            stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
            if after is not None:
                return after  # the request changed nothing: carry on from the same state
        elif message["type"] == "state" and (
                after is None or (message["game_no"], message["seq"]) > (after["game_no"], after["seq"])):
            if counts and stats.measuring and after is not None:
                same_game = message["game_no"] == after["game_no"]
                stats.actions += message["seq"] - after["seq"] if same_game else message["seq"]
            return message


async def play(port: int, client: Client, args: argparse.Namespace, stats: Stats,
               opening: asyncio.Semaphore, ready: asyncio.Queue[None], go: asyncio.Event,
               stop: asyncio.Event) -> None:
    rng = random.Random()
    compression = args.compression
    seat, key = client.seat, str(client.seat)
    async with opening:  # a few handshakes at a time, not to overflow the server's listen backlog
        ws = await connect(f"ws://127.0.0.1:{port}/ws/{client.code}", compression=compression,
                           max_size=None, proxy=None, ping_interval=None, open_timeout=60)
    async with ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [client.token] if client.token else []}))
        state = await next_state(ws, stats, None)
        ready.put_nowait(None)
        await go.wait()
        while not stop.is_set():
            if state["over"] and client.starts:
                stats.again += 1
                await ws.send(json.dumps({"type": "again"}))
                state = await next_state(ws, stats, state, client.counts)
                continue
            legal = state["legal"].get(key)
            if seat is None or seat not in state["to_act"] or not legal:
                # dice rolling, a bot or another person thinking, or a spectator: wait for news
                with contextlib.suppress(TimeoutError):
                    state = await asyncio.wait_for(next_state(ws, stats, state, client.counts), 1.0)
                continue
            if args.think:  # a person's pause, spread at random so tables do not move in step
                await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think)
            measured = stats.measuring
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "move": rng.choice(legal), "seat": seat,
                                      "seq": state["seq"], "game_no": state["game_no"]}))
            state = await next_state(ws, stats, state, client.counts)
            if measured:  # sent in the measured window (its answer may come just after)
                stats.latencies.append(time.perf_counter() - sent)
                stats.by_game.setdefault(client.game, []).append(stats.latencies[-1])


async def run(port: int, clients: list[Client], args: argparse.Namespace, stats: Stats,
              server_pid: int) -> dict[str, Any]:
    ready: asyncio.Queue[None] = asyncio.Queue()
    go, stop = asyncio.Event(), asyncio.Event()
    opening = asyncio.Semaphore(50)

    async def one(client: Client) -> None:
        try:
            await play(port, client, args, stats, opening, ready, go, stop)
        except Exception as exc:
            stats.failures.append(f"table {client.code} seat {client.seat}: {type(exc).__name__}: {exc}")
            ready.put_nowait(None)

    async def lag() -> None:
        while not stop.is_set():
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            if stats.measuring:
                stats.client_lag.append(time.perf_counter() - before - 0.01)

    tasks = [asyncio.create_task(one(client)) for client in clients]
    for _ in tasks:
        await ready.get()
    go.set()
    tasks.append(asyncio.create_task(lag()))
    await asyncio.sleep(args.warmup)
    stats.measuring = True
    cpu0, server0, start = time.process_time(), cpu_seconds(server_pid), time.perf_counter()
    load0 = os.getloadavg()[0]
    await asyncio.sleep(args.seconds)
    stats.measuring = False
    elapsed = time.perf_counter() - start
    cpu1, server1 = time.process_time(), cpu_seconds(server_pid)
    load1 = os.getloadavg()[0]
    stop.set()
    await asyncio.wait(tasks, timeout=REPLY_TIMEOUT + 5)
    workers = {child: peak_memory_mb(child) for child in children(server_pid)}
    return {"elapsed": elapsed, "client_cpu": (cpu1 - cpu0) / elapsed, "load": (load0, load1),
            "peak_mb": peak_memory_mb(server_pid),
            "workers_peak_mb": [round(mb) for mb in workers.values() if mb is not None],
            "server_cpu": None if server0 is None or server1 is None else (server1 - server0) / elapsed}


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of sorted values, in milliseconds."""
    if not ordered:
        return float("nan")
    return 1000 * ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def latency_ms(ordered: list[float]) -> dict[str, float]:
    return {name: round(percentile(ordered, q), 2)
            for name, q in (("p50", 50), ("p95", 95), ("p99", 99), ("max", 100))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="tables played at once (default 200)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds (default 20)")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured seconds first (default 3)")
    parser.add_argument("--rounds", type=int, default=1000,
                        help="rounds per game (default 1000, so games rarely end during a run)")
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="mean pause before each move (default 0: as fast as the server answers)")
    parser.add_argument("--no-compression", dest="compression", action="store_const", const=None,
                        default="deflate", help="do not offer permessage-deflate (browsers do)")
    parser.add_argument("--mix", action="append", type=Mix.parse, metavar="COUNT:GAME:SEATS",
                        help="COUNT tables of GAME, SEATS comma-separated: p (a person) or a bot level; "
                             "repeatable (instead of --tables' Shut the Box tables)")
    parser.add_argument("--bot-delay", type=float, default=0.0,
                        help="the server's pause before a bot moves (default 0)")
    parser.add_argument("--bot-workers", type=int, default=None,
                        help="the server's bots thinking at once (default: the server's)")
    parser.add_argument("--bot-threads", action="store_true",
                        help="the bots think in the server process's threads (parlour serve --bot-threads)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.tables < 1 or args.seconds <= 0 or args.warmup < 0 or args.think < 0 or args.bot_delay < 0:
        parser.error("--tables must be at least 1, --seconds positive, --warmup, --think and "
                     "--bot-delay not negative")
    mixes: list[Mix] = args.mix or [Mix(args.tables, "shut-the-box", (None,))]
    table_count = sum(m.count for m in mixes)

    stats = Stats()
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as folder:
        proc, port = start_server(folder, args.bot_delay, args.bot_workers, args.bot_threads)
        try:
            clients = create_tables(port, mixes, args.rounds)
            cpu = asyncio.run(run(port, clients, args, stats, proc.pid))
        finally:
            stop_server(proc)

    ordered = sorted(stats.latencies)
    errors = sum(stats.errors.values())
    result = {
        "tables": table_count, "mix": [str(m) for m in mixes], "clients": len(clients),
        "seconds": round(cpu["elapsed"], 3), "warmup": args.warmup,
        "rounds": args.rounds, "think": args.think, "bot_delay": args.bot_delay,
        "compression": args.compression, "cores": os.cpu_count(), "moves": len(ordered),
        "moves_per_second": round(len(ordered) / cpu["elapsed"], 1),
        "actions_per_second": round(stats.actions / cpu["elapsed"], 1),
        "latency_ms": latency_ms(ordered),
        "latency_ms_by_game": {game: latency_ms(sorted(times)) | {"moves": len(times)}
                               for game, times in sorted(stats.by_game.items())},
        "errors": errors, "error_codes": stats.errors, "failed_clients": len(stats.failures),
        "games_restarted": stats.again,
        "message_chars": {"mean": round(sum(stats.message_chars) / max(1, len(stats.message_chars))),
                          "max": max(stats.message_chars, default=0)},
        "cpu_share": {"server": cpu["server_cpu"] and round(cpu["server_cpu"], 2),
                      "client": round(cpu["client_cpu"], 2)},
        "load_average": [round(x, 2) for x in cpu["load"]],
        "client_loop_lag_ms": latency_ms(sorted(stats.client_lag)),
        "goal_p99_ms": GOAL_P99_MS, "bot_workers": args.bot_workers, "bot_threads": args.bot_threads,
        "server_peak_mb": cpu["peak_mb"] and round(cpu["peak_mb"]), "workers_peak_mb": cpu["workers_peak_mb"],
    }
    failed = bool(errors or stats.failures or not ordered)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        lat = result["latency_ms"]
        share = result["cpu_share"]
        met = "met" if lat["p99"] < GOAL_P99_MS else "NOT met"
        print(f"{table_count} tables, {len(clients)} clients, {result['seconds']:.1f} s measured after "
              f"{args.warmup:g} s warm-up, {result['cores']} cores shared by client and server")
        print(f"tables     {' '.join(result['mix'])}")
        print(f"settings   {args.rounds} rounds a game (Shut the Box), think {args.think:g} s, "
              f"bot delay {args.bot_delay:g} s, compression {args.compression}")
        print(f"moves      {result['moves']:,} by the people ({result['moves_per_second']:,.0f}/s); "
              f"{stats.actions:,} actions at all tables ({result['actions_per_second']:,.0f}/s, "
              f"with bots' moves and chance)")
        print(f"round trip p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms, p99 {lat['p99']:.1f} ms, "
              f"max {lat['max']:.1f} ms (goal p99 < {GOAL_P99_MS:g} ms: {met})")
        if len(stats.by_game) > 1:
            for game, times in result["latency_ms_by_game"].items():
                print(f"  {game:<14} {times['moves']:>6,} moves: p50 {times['p50']:.1f} ms, "
                      f"p99 {times['p99']:.1f} ms, max {times['max']:.1f} ms")
        size = result["message_chars"]
        print(f"messages   {size['mean']:,} characters on average, largest {size['max']:,} (JSON text)")
        print(f"CPU        server {share['server']} cores, client {share['client']} cores; the machine's "
              f"load average {result['load_average'][0]:g} at the start, {result['load_average'][1]:g} "
              f"at the end ({result['cores']} cores)")
        print(f"memory     server's peak resident {result['server_peak_mb']} MB; its worker processes' "
              f"{result['workers_peak_mb']} MB")
        lag = result["client_loop_lag_ms"]
        print(f"clients    their loop woke late by p99 {lag['p99']:.1f} ms, max {lag['max']:.1f} ms (a stall "
              "of this process, counted in the round trips)")
        codes = f" {stats.errors}" if errors else ""
        print(f"errors     {errors}{codes}; failed clients {len(stats.failures)}; "
              f"games restarted {stats.again}")
        if failed:
            print("FAILED: see the errors and failed clients above", file=sys.stderr)
    for failure in stats.failures[:10]:
        print("failed:", failure, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
