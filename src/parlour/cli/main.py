"""The ``parlour`` command: serve, play, solve, simulate, rules, games."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from parlour.core.errors import ParlourError, RulesError

if TYPE_CHECKING:
    from parlour.agents.simulate import SimulationResult


class CliError(ParlourError):
    """A command-line mistake: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="parlour", description="Parlour: the games of the holiday-cottage manual.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    sub.add_parser("games", help="list the games")

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game")
    play.add_argument("--seat", action="append", default=[], metavar="NAME|bot:BOT",
                      help="a person's name or bot:NAME; once per seat, in order")
    play.add_argument("--preset", help="start from a named set of house rules (blackjack: casino)")
    play.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                      help="a house rule (see 'parlour rules GAME')")
    play.add_argument("--seed", type=int, help="seed the dice and cards for a repeatable game")
    play.add_argument("--record", metavar="FILE", help="save the game record (JSON lines)")
    play.add_argument("--no-hints", action="store_true", help="switch the advisor off")
    play.add_argument("--delay", type=float, default=None,
                      help="seconds between bot moves (default 0.6 in a terminal, 0 in a pipe)")

    solve = sub.add_parser("solve", help="exact solutions and strategy (where the game is solvable)",
                           add_help=False)
    solve.add_argument("game")
    solve.add_argument("args", nargs=argparse.REMAINDER)

    sim = sub.add_parser("simulate", help="play many games between bots")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seat", action="append", default=[], metavar="bot:BOT")
    sim.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--preset", help="start from a named set of house rules (blackjack: casino)")
    sim.add_argument("--seed", type=int)
    sim.add_argument("--json", action="store_true", help="print JSON for programs")
    sim.add_argument("--hands", type=int, help="blackjack: hands to play (one seat, a bet of 1 "
                                                "each), compared with the solver's expected return")

    from parlour.cli.serve import add_parser as add_serve

    add_serve(sub)

    from parlour.cli.gin_rummy import add_parser as add_gin_rummy

    add_gin_rummy(sub)

    from parlour.cli.draughts import add_parser as add_draughts

    add_draughts(sub)

    rules = sub.add_parser("rules", help="the rules as implemented, and every house-rule option")
    rules.add_argument("game")
    rules.add_argument("--json", action="store_true", help="the options as JSON")
    return parser


def _game(name: str) -> Any:
    from parlour.core import registry

    return registry.get(name)


def _rules(game: Any, assignments: Sequence[str], preset: str | None = None) -> Any:
    """The rules from ``--preset`` (if given) changed by each ``--rule key=value``."""
    import dataclasses

    from parlour.core.options import parse_assignments

    changes = parse_assignments(game.rules_type, assignments)
    if preset is None:
        return changes
    presets = game.presets()
    if preset not in presets:
        names = ", ".join(presets) or "none"
        raise CliError(f"{game.spec.title} has no preset {preset!r} (its presets: {names})")
    given = {k.partition("=")[0].strip().replace("-", "_") for k in assignments}
    return dataclasses.replace(presets[preset], **{k: getattr(changes, k) for k in given})


def cmd_games(args: argparse.Namespace) -> int:
    from parlour.core import registry

    for game in registry.games():
        players = (f"{game.spec.min_players}" if game.spec.min_players == game.spec.max_players
                   else f"{game.spec.min_players}-{game.spec.max_players}")
        print(f"{game.spec.name:<14} {game.spec.title} ({players} players): {game.spec.summary}")
    return 0


def parse_seats(game: Any, rules: Any, seats: Sequence[str]) -> list[Any]:
    """``NAME`` for a person, ``bot:BOT`` (or ``NAME=bot:BOT``) for a computer player."""
    from parlour.agents import make_bot
    from parlour.tui.line import Seat

    out = []
    for n, text in enumerate(seats, start=1):
        name, _, kind = text.partition("=") if "=" in text else ("", "", text)
        if kind.lower().startswith("bot:"):
            bot_name = kind[4:]
            bot = make_bot(game, bot_name, rules)
            label = name or f"{bot_name.strip().capitalize()} bot"
            if not name and sum(s.lower().startswith("bot:") for s in seats) > 1:
                label += f" {n}"
            out.append(Seat(label, bot))
        elif kind.strip():
            out.append(Seat(kind.strip()))
        else:
            raise CliError(f"seat {n} has no name")
    names = [s.name for s in out]
    if len(set(names)) != len(names):
        raise CliError("two seats have the same name")
    return out


def _default_bot(game: Any) -> str:
    """The bot a lone person plays: ``optimal`` where there is one, else the game's strongest."""
    from parlour.agents import bot_names

    names = bot_names(game)
    return "optimal" if "optimal" in names else names[-1]


def cmd_play(args: argparse.Namespace) -> int:
    from parlour.core.rng import make_rng
    from parlour.tui.line import LinePlayer

    game = _game(args.game)
    rules = _rules(game, args.rule, args.preset)
    seats = parse_seats(game, rules, args.seat or ["Player", f"bot:{_default_bot(game)}"])
    game.initial_state(rules, len(seats))  # refuses a bad player count before anything starts
    delay = args.delay if args.delay is not None else (0.6 if sys.stdout.isatty() else 0.0)
    player = LinePlayer(game, rules, seats, make_rng(args.seed), sys.stdin, sys.stdout,
                        delay=delay, hints=not args.no_hints)
    status = player.run()
    if args.record:
        with open(args.record, "w", encoding="utf-8") as fh:
            fh.write(player.record.to_jsonl())
    return status


def cmd_simulate(args: argparse.Namespace) -> int:
    from parlour.agents.simulate import simulate
    from parlour.cli.progress import Progress

    game = _game(args.game)
    rules = _rules(game, args.rule, args.preset)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    bots = []
    for text in args.seat or ["bot:random"]:
        if not text.lower().startswith("bot:"):
            raise CliError(f"simulate takes bots only (bot:NAME), not {text!r}")
        bots.append(text[4:])
    game.initial_state(rules, len(bots))
    from parlour.agents import make_bot

    for name in bots:
        make_bot(game, name, rules)
    if args.hands is not None:
        if game.spec.name != "blackjack":
            raise CliError("--hands is for blackjack; other games count --games")
        if len(bots) != 1:
            raise CliError("--hands plays one seat: give one --seat bot:NAME")
        return _simulate_blackjack(rules, bots[0], args)
    if game.spec.name == "yahtzee" and [b.strip().lower() for b in bots] == ["optimal"]:
        return _simulate_yahtzee_optimal(game, rules, args)
    result = simulate(game, rules, bots, args.games, args.seed,
                      progress=Progress(f"{game.spec.title}"))
    _report(game, result, args.json)
    return 0


def _report(game: Any, result: SimulationResult, as_json: bool,
            expected: dict[str, float] | None = None) -> None:
    """Print a simulation's result (``expected``: the solver's figures, shown alongside)."""
    data = result.to_json()
    if expected is not None:
        data["seats"][0].update(expected)
    if as_json:
        print(json.dumps(data, indent=2))
        return
    print(f"{game.spec.title}: {data['games']} games")
    for seat in data["seats"]:
        lo, hi = seat["win_rate_95"]
        line = (f"  seat {seat['seat']:<14} wins {seat['win_rate'] * 100:6.2f}% "
                f"(95% {lo * 100:.2f}-{hi * 100:.2f})")
        if "mean_score" in seat:
            line += f"  mean score {seat['mean_score']:.2f}"
            key = f"{result.highlight}_rate"
            if key in seat:
                line += (f"  {result.highlight} {seat[key] * 100:.3f}% "
                         f"(± {seat[key + '_se'] * 100:.3f})")
        print(line)
        if "expected_score" in seat:
            print(f"    mean {seat['mean_score']:.2f} ± {seat['mean_score_se']:.2f} (standard error); "
                  f"the solver's expected score {seat['expected_score']:.2f} "
                  f"({seat['z']:+.2f} standard errors away)")
        if "score_distribution" in seat:
            dist = seat["score_distribution"]
            total = sum(dist.values())
            print("    scores: " + " ".join(f"{k}:{v / total * 100:.1f}%" for k, v in dist.items()))


def _simulate_blackjack(rules: Any, bot: str, args: argparse.Namespace) -> int:
    """``--hands N``: one seat plays N hands of a chip each (``parlour.cli.simulate_blackjack``);
    the mean return per hand with its standard error, beside the solver's expectation."""
    from parlour.cli.progress import Progress
    from parlour.cli.simulate_blackjack import simulate_hands

    if args.hands < 1:
        raise CliError("--hands must be at least 1")
    found = simulate_hands(rules, bot, args.hands, args.seed, progress=Progress("Blackjack hands"))
    if args.json:
        print(json.dumps(found, indent=2))
        return 0
    print(f"Blackjack, bot:{bot}: {found['hands']} hands of 1 chip")
    print(f"  mean return {found['mean'] * 100:+.3f}% a hand ± {found['se'] * 100:.3f}% (standard error)")
    print(f"  the solver's expected return {found['expected'] * 100:+.4f}% "
          f"({found['z']:+.2f} standard errors away)")
    print(f"  won {found['won'] * 100:.1f}%, pushed {found['pushed'] * 100:.1f}%, "
          f"lost {found['lost'] * 100:.1f}% of hands")
    return 0


def _simulate_yahtzee_optimal(game: Any, rules: Any, args: argparse.Namespace) -> int:
    """Yahtzee's optimal bot alone: all the games at once, by the fast simulation of its strategy
    (``parlour.games.yahtzee.solver.simulate``; its own dice stream), reported like any simulation."""
    from collections import Counter

    from parlour.agents.simulate import SeatStats, SimulationResult
    from parlour.cli.progress import Progress
    from parlour.games.yahtzee.solver.simulate import simulate_optimal

    summary = simulate_optimal(rules, args.games, args.seed, progress=Progress(f"{game.spec.title} turns"))
    scores = summary.scores.tolist()
    seat = SeatStats("1:optimal", wins=float(summary.games), returns=float(sum(scores)),
                     returns_sq=float(sum(s * s for s in scores)), scores=Counter(scores))
    result = SimulationResult(game.spec.name, summary.games, [seat])
    _report(game, result, args.json, {"mean_score_se": summary.se, "expected_score": summary.expected,
                                      "z": summary.z})
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from parlour.cli.docs import rules_text
    from parlour.core.options import options

    game = _game(args.game)
    if args.json:
        print(json.dumps([o.to_json() for o in options(game.rules_type)], indent=2))
        return 0
    print(rules_text(game))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from parlour.cli import solvers

    game = _game(args.game)
    handler = solvers.SOLVERS.get(game.spec.name)
    if handler is None:
        raise CliError(f"{game.spec.title} has no solver")
    return handler(args.args)


def cmd_gin_rummy(args: argparse.Namespace) -> int:
    from parlour.cli.gin_rummy import main as gin_rummy

    return gin_rummy(args)


def cmd_draughts(args: argparse.Namespace) -> int:
    from parlour.cli.draughts import main as draughts

    return draughts(args)


def cmd_serve(args: argparse.Namespace) -> int:
    from parlour.cli.serve import cmd_serve as serve

    return serve(args)


COMMANDS = {"serve": cmd_serve, "games": cmd_games, "play": cmd_play, "simulate": cmd_simulate,
            "rules": cmd_rules, "solve": cmd_solve}
COMMANDS["gin-rummy"] = cmd_gin_rummy
COMMANDS["draughts"] = cmd_draughts


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; errors are one line on standard error and a non-zero status."""
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except (ParlourError, RulesError) as exc:
        print(f"parlour: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("parlour: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
    except OSError as exc:
        print(f"parlour: error: {exc.strerror or exc}: {getattr(exc, 'filename', '')}",
              file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
