"""``parlour serve``: the web app on this machine, for every device in the house."""

from __future__ import annotations

import argparse
import contextlib
import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from parlour.server.limits import Limits


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]  # argparse's private generic
    serve = sub.add_parser("serve", help="run the web app: tables in the browser, several devices")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (0.0.0.0 opens it to the house network)")
    serve.add_argument("--port", type=int, default=8000, help="port (0 picks a free one)")
    serve.add_argument("--db", metavar="URL",
                       help="database URL (default: SQLite in your data folder; "
                            "postgresql+psycopg://user@host/db for PostgreSQL)")
    serve.add_argument("--bot-delay", type=float, default=0.8, metavar="SECONDS",
                       help="pause before each bot move, so people can follow (default 0.8)")
    serve.add_argument("--db-timeout", type=float, default=5.0, metavar="SECONDS",
                       help="how long a write waits for the database's lock (another program's, on "
                            "SQLite) or a PostgreSQL connection before the move is refused as "
                            "'unavailable' (default 5)")
    serve.add_argument("--bot-workers", type=int, default=None, metavar="N",
                       help="bots thinking at once (default: one a core, at most 4)")
    serve.add_argument("--bot-threads", action="store_true",
                       help="bots think in threads of the server's process, not in worker processes")
    limits = serve.add_argument_group("limits", "how many tables, how fast (0: no limit)")
    limits.add_argument("--table-rate", type=float, default=60, metavar="PER_HOUR",
                        help="tables one address may open an hour, on average (default 60)")
    limits.add_argument("--table-burst", type=int, default=20, metavar="N",
                        help="... and at once (default 20)")
    limits.add_argument("--open-tables-per-address", type=int, default=100, metavar="N",
                        help="open tables (not finished, not archived) opened from one address (default 100)")
    limits.add_argument("--open-tables", type=int, default=2000, metavar="N",
                        help="open tables in all (default 2000)")
    keeping = serve.add_argument_group("keeping", "how long tables stay in memory and listed")
    keeping.add_argument("--idle-minutes", type=float, default=15, metavar="MINUTES",
                         help="a table nobody has asked for or played at for this long leaves memory "
                              "until asked for again (default 15)")
    keeping.add_argument("--archive-days", type=float, default=30, metavar="DAYS",
                         help="a table with no move for this long is archived: kept, but no longer "
                              "listed (default 30)")


def data_folder() -> Path:
    """The per-user folder where Parlour keeps its database."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("parlour", appauthor=False))


def default_db() -> str:
    folder = data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'parlour.sqlite3'}"


def lan_address() -> str | None:
    """This machine's address on the local network, as other devices should use it."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
        address: str = probe.getsockname()[0]
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    with contextlib.suppress(OSError):
        for address in socket.gethostbyname_ex(socket.gethostname())[2]:
            if not address.startswith("127."):
                return address
    return None


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """Says "Press Ctrl+C" only once it is ready: Ctrl+C stops it cleanly from then on (a
        signal in the middle of uvicorn's start could leave it running)."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if not self.should_exit:
                print("Press Ctrl+C to stop.", flush=True)

    return Server


def _limits(args: argparse.Namespace) -> Limits:
    """The limits the options ask for (``CliError`` for one that makes no sense)."""
    from parlour.cli.main import CliError
    from parlour.server.admission import TableLimits
    from parlour.server.limits import Limits

    for option in ("table_rate", "table_burst", "open_tables_per_address", "open_tables"):
        if getattr(args, option) < 0:
            raise CliError(f"--{option.replace('_', '-')} cannot be negative")
    tables = TableLimits(per_hour=args.table_rate or None, burst=max(1, args.table_burst),
                         per_address=args.open_tables_per_address or None, total=args.open_tables or None)
    return Limits(tables=tables)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from parlour.cli.main import CliError
    from parlour.server.app import create_app
    from parlour.server.residency import Keeping

    if args.bot_delay < 0:
        raise CliError("--bot-delay cannot be negative")
    if not 0 < args.db_timeout <= 600:
        raise CliError("--db-timeout must be more than 0 and at most 600 seconds")
    if args.bot_workers is not None and not 1 <= args.bot_workers <= 64:
        raise CliError("--bot-workers must be 1 to 64")
    limits = _limits(args)
    if args.idle_minutes <= 0 or args.archive_days <= 0:
        raise CliError("--idle-minutes and --archive-days must be more than 0")
    keeping = Keeping(idle=args.idle_minutes * 60, archive=args.archive_days * 86400,
                      sweep=min(60.0, args.idle_minutes * 30))  # looked for at least twice per idle time
    url = args.db or default_db()
    try:
        shown = make_url(url).render_as_string(hide_password=True)
        app = create_app(url, bot_delay=args.bot_delay, limits=limits, keeping=keeping,
                         db_timeout=args.db_timeout, bot_workers=args.bot_workers,
                         bot_processes=not args.bot_threads)
    except ArgumentError:
        raise CliError(f"{url!r} is not a database URL") from None
    except (SQLAlchemyError, ModuleNotFoundError) as exc:
        raise CliError(f"cannot open the database {url!r}: {str(exc).splitlines()[0]}") from None

    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        sock.close()
        raise CliError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    sock.listen(128)
    port = sock.getsockname()[1]
    local = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    display = f"[{local}]" if ":" in local else local
    print(f"Parlour is running at http://{display}:{port}/", flush=True)
    if args.host in ("0.0.0.0", "::"):
        lan = lan_address()
        if lan:
            print(f"Other devices in the house can join at http://{lan}:{port}/", flush=True)
        else:
            print("Other devices can join at this machine's network address, port "
                  f"{port}.", flush=True)
    print(f"Database: {shown}", flush=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False, ws_max_size=65536,
                            timeout_graceful_shutdown=3)
    server = _server_class()(config)
    # uvicorn shuts down gracefully on SIGTERM too, then raises the signal again; answered like
    # Ctrl+C, so that a service manager's stop also ends with the message below
    signal.signal(signal.SIGTERM, _interrupt)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C is the way to stop it: not an error
        server.run(sockets=[sock])
    print("Parlour has stopped.", file=sys.stderr, flush=True)
    return 0
