"""Golden playthroughs: seeded games written out as readable text, and replayed to compare.

A playthrough is one game of one rule set, played by random bots from a seed, written step by
step: the action with its notation, whose turn it is next, the spectator's view as the terminal
draws it, every seat's view as JSON (written again only when it changed), the legal moves of the
seats to act (or, at a chance node, the outcomes with their probabilities) and, at the end, the
returns and the result.  OpenSpiel's playthrough files are the model.

The replay reads the file's header and its actions (``seat: text``), applies them through the
protocol (``parse_action`` then ``apply``, so the notation is tested too) and writes the same text
again; the test compares the two.  The seed only chose the actions when the file was made: the
replay never uses it, so a change to how chance is drawn from a generator does not show here,
while any change to what a move does, what a seat sees or what is legal does.

``scripts/playthroughs.py`` writes the files again; run it only when a rule change is meant,
and read the diff.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from parlour.agents import bot_names, make_bot
from parlour.core import registry
from parlour.core.driver import Step, play
from parlour.core.options import rules_from_json, rules_to_json
from parlour.core.protocol import CHANCE
from parlour.core.rng import make_rng
from parlour.tui.render import render

FOLDER = Path(__file__).resolve().parent.parent / "data" / "playthroughs"

SEEDS = range(1, 13)
"""The seeds tried for each rule set with random bots, and with :data:`BOT_SEEDS` with the game's
first bot (the cheapest): the first game of each is always kept; each later one only if it makes a kind of
move or shows a word the kept ones did not, while the rule set's files stay within :data:`BUDGET`."""

BOT_SEEDS = range(1, 7)

BOT_OF = {"yahtzee": "optimal"}
"""The bot to use where the first is not the best choice (random play and the greedy bot never
reach Yahtzee's upper bonus)."""

BUDGET = 20_000
"""Bytes of playthroughs a rule set may have beyond its first two (the folder must stay small)."""

MAX_LISTED_OUTCOMES = 40
"""A chance node with more outcomes than this is written as their count and a digest."""

MAX_MOVES = 1500
"""Games longer than this many moves are cut off by the driver (the file says so): the folder must
stay small."""


@dataclass(frozen=True)
class Case:
    game: str
    index: int
    rules: Any
    players: int
    seed: int
    bot: str = "random"
    """Who plays: ``random`` bots at every seat, or the game's bot of this name at the first seat
    and every other one (random bots between), to reach what random play seldom does."""

    @property
    def path(self) -> Path:
        lineup = "" if self.bot == "random" else f"-{self.bot}"
        return FOLDER / self.game / f"case{self.index:02d}-{self.players}p{lineup}-seed{self.seed}.txt"

    def bots(self) -> list[str]:
        return [self.bot if seat % 2 == 0 else "random" for seat in range(self.players)]


def rule_sets() -> Iterator[Case]:
    """Every conformance rule set of Parlour's own games (with seed 0, to be replaced): the games
    its distribution declares, not the toy games other tests register in the same process."""
    own = {e.name for e in entry_points(group=registry.ENTRY_POINTS)
           if e.dist is not None and e.dist.name == "parlour"}
    for game in registry.games():
        if game.spec.name not in own:
            continue
        for index, (rules, players) in enumerate(game.conformance_cases()):
            yield Case(game.spec.name, index, rules, players, 0)


def kinds(text: str) -> set[str]:
    """What a playthrough reaches, for choosing which to keep: the kinds of move made (each
    move's first word, digits as ``#``: ``keep``, ``##x##x#``, ``double``) and the words the
    public text and the result show (``Bonus``, ``knocks``, ``YAHTZEE``)."""
    found = set()
    for line in text.splitlines():
        if line.startswith("action seat "):
            words = line.split(": ", 1)[1].split()
            found.add("move " + re.sub(r"[0-9]+", "#", words[0] if words else ""))
        elif line.startswith(("     ", "result: ")):
            found.update(re.findall(r"[A-Za-z][a-z]+|[A-Z]{2,}", line))
    return found


def choose(rule_set: Case) -> list[tuple[Case, str]]:
    """The playthroughs of a rule set: see :data:`SEEDS`."""
    chosen: list[tuple[Case, str]] = []
    seen: set[str] = set()
    size = 0
    names = [n for n in bot_names(registry.get(rule_set.game)) if n != "random"]
    names.sort(key=lambda name: name != BOT_OF.get(rule_set.game))
    tries = [dataclasses.replace(rule_set, seed=seed) for seed in SEEDS]
    if names:
        tries += [dataclasses.replace(rule_set, seed=seed, bot=names[0]) for seed in BOT_SEEDS]
    for case in tries:
        text = generate(case)
        found = kinds(text)
        if case is tries[0] or (case.bot != "random" and case.seed == BOT_SEEDS[0]):
            chosen.append((case, text))
        elif found - seen and size + len(text) <= BUDGET:
            chosen.append((case, text))
            size += len(text)
        else:
            continue
        seen |= found
    return chosen


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_NONE = object()
"""The view before the first (every field is new)."""


def _changes(path: str, old: Any, new: Any) -> list[str]:
    """What changed from ``old`` to ``new``, as readable assignments: a field set anew
    (``path=value``), a list grown at its end (``path+=[items]``), a field gone (``-path``)."""
    if old == new and type(old) is type(new):
        return []
    whole = [f"{path or '.'}={_json(new)}"]
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for key in sorted(set(old) | set(new)):
            where = f"{path}.{key}" if path else str(key)
            if key not in new:
                out.append(f"-{where}")
            else:
                out.extend(_changes(where, old.get(key, _NONE), new[key]))
        return out if not path or len("; ".join(out)) <= len(whole[0]) else whole
    if isinstance(old, list) and isinstance(new, list) and old:
        if len(new) > len(old) and new[:len(old)] == old:
            return [f"{path}+={_json(new[len(old):])}"]
        if len(new) == len(old):
            out = [c for i, (a, b) in enumerate(zip(old, new, strict=True))
                   for c in _changes(f"{path}[{i}]", a, b)]
            return out if len("; ".join(out)) <= len(whole[0]) else whole
    if old is _NONE and path == "":
        return [f"{_json(new)}"]
    return whole


class _Writer:
    """Writes the blocks of one game, remembering the views last written."""

    def __init__(self, game: Any, players: int) -> None:
        self.game = game
        self.players = players
        self.names = [f"Player {s + 1}" for s in range(players)]
        self.lines: list[str] = []
        self.last_views: list[Any] = [_NONE] * (players + 1)
        self.last_public: list[str] = []

    def state(self, state: Any) -> None:
        game = self.game
        actors = game.to_act(state)
        if not actors:
            self.lines.append("to act: nobody (the game is over)")
        elif actors == (CHANCE,):
            self.lines.append("to act: chance")
        else:
            self.lines.append("to act: " + ", ".join(f"seat {s}" for s in actors))
        public = render(game.spec.name, game.view(state, None), self.names).splitlines()
        old = self.last_public
        if public == old:
            self.lines.append("public: unchanged")
        elif old:  # only the lines that changed: each new line by its number, and lines gone
            self.lines.append("public, changed:")
            matcher = difflib.SequenceMatcher(None, old, public, autojunk=False)
            for tag, i1, i2, j1, j2 in matcher.get_opcodes():
                if tag in ("delete", "replace") and i2 - i1 != j2 - j1:
                    self.lines.append(f"     {j1 + 1:>2}- | ({i2 - i1} lines replaced)" if tag == "replace"
                                      else f"     {j1 + 1:>2}- | ({i2 - i1} lines gone)")
                if tag in ("insert", "replace"):
                    self.lines.extend(f"     {n + 1:>2}  | {public[n]}".rstrip() for n in range(j1, j2))
        else:
            self.lines.append("public:")
            self.lines.extend(f"     | {line}".rstrip() for line in public)
        self.last_public = public
        seen: list[tuple[str, Any]] = []
        for index, seat in enumerate([*range(self.players), None]):
            data = game.view(state, seat).to_json()
            label = "spectator" if seat is None else f"seat {seat}"
            # Written as the change from this seat's last view, or from a view written above
            # at this step where that is shorter (seats of a game without secrets see alike).
            text = "; ".join(_changes("", self.last_views[index], data)) or "unchanged"
            for other, known in seen:
                alike = "; ".join(_changes("", known, data))
                alike = f"as {other}'s" + (f" with {alike}" if alike else "")
                if len(alike) < len(text):
                    text = alike
            self.lines.append(f"view {label}: {text}")
            seen.append((label, data))
            self.last_views[index] = data
        if actors == (CHANCE,):
            listed = game.chance_outcomes(state)
            if listed is None:
                self.lines.append("outcomes: sampled (too many to list)")
            else:
                texts = [f"{game.format_outcome(state, o)} {p}" for o, p in listed]
                total = sum((p for _, p in listed), Fraction(0))
                if len(texts) <= MAX_LISTED_OUTCOMES:
                    self.lines.append(f"outcomes ({len(texts)}, total {total}): " + "; ".join(texts))
                else:
                    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]
                    self.lines.append(f"outcomes ({len(texts)}, total {total}): sha256 {digest}")
        else:
            for seat in actors:
                moves = [game.format_move(state, seat, m) for m in game.legal_moves(state, seat)]
                self.lines.append(f"legal seat {seat} ({len(moves)}): " + "; ".join(moves))

    def action(self, number: int, seat: int, text: str) -> None:
        who = "chance" if seat == CHANCE else f"seat {seat}"
        self.lines.append("")
        self.lines.append(f"## step {number}")
        self.lines.append(f"action {who}: {text}")

    def end(self, state: Any, cut: bool) -> None:
        game = self.game
        self.lines.append("")
        if cut:
            self.lines.append(f"## cut off after {MAX_MOVES} moves")
            return
        self.lines.append("## end")
        self.lines.append("returns: " + ", ".join(f"{float(v):g}" for v in game.returns(state)))
        self.lines.append("winners: " + (", ".join(map(str, game.winners(state))) or "none"))
        self.lines.append("result: " + game.result_text(state, self.names))


def _header(case: Case) -> list[str]:
    return [
        f"# Parlour playthrough: {case.game}, rule set {case.index}, seed {case.seed}",
        f"game: {case.game}",
        f"players: {case.players}",
        f"rules: {_json(rules_to_json(case.rules))}",
        f"seed: {case.seed}",
        f"bots: {', '.join(case.bots())}",
        "",
        "## start",
    ]


def generate(case: Case) -> str:
    """Play the case's game with random bots from its seed and write it out."""
    game = registry.get(case.game)
    actions: list[tuple[int, str]] = []

    def on_step(step: Step) -> None:
        actions.append((step.seat, game.format_action(step.before, step.seat, step.action)))

    bots = [make_bot(game, name, case.rules) for name in case.bots()]
    play(game, case.rules, bots, make_rng(case.seed), on_step=on_step, max_moves=MAX_MOVES)
    return write(case, actions)


def write(case: Case, actions: list[tuple[int, str]]) -> str:
    """The playthrough text of ``actions`` (seat and notation) played from the start."""
    game = registry.get(case.game)
    state = game.initial_state(case.rules, case.players)
    writer = _Writer(game, case.players)
    writer.lines.extend(_header(case))
    writer.state(state)
    for number, (seat, text) in enumerate(actions, start=1):
        action = game.parse_action(state, seat, text)
        if game.format_action(state, seat, action) != text:
            raise AssertionError(f"step {number}: {text!r} is written back as "
                                 f"{game.format_action(state, seat, action)!r}")
        state = game.apply(state, seat, action)
        writer.action(number, seat, text)
        writer.state(state)
    cut = bool(game.to_act(state))
    if cut and sum(seat != CHANCE for seat, _ in actions) < MAX_MOVES:
        raise AssertionError("the actions end before the game does")
    writer.end(state, cut)
    return "\n".join(writer.lines) + "\n"


def read(path: Path) -> tuple[Case, list[tuple[int, str]]]:
    """The case and the actions of a playthrough file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    head = dict(line.split(": ", 1) for line in lines[1:6])
    game = registry.get(head["game"])
    rules = rules_from_json(game.rules_type, json.loads(head["rules"]))
    index = int(lines[0].split("rule set ")[1].split(",")[0])
    case = Case(head["game"], index, rules, int(head["players"]), int(head["seed"]),
                head["bots"].split(", ")[0])
    actions = []
    for line in lines:
        if line.startswith("action "):
            who, text = line[len("action "):].split(": ", 1)
            seat = CHANCE if who == "chance" else int(who.removeprefix("seat "))
            actions.append((seat, text))
    return case, actions


def replay(path: Path) -> str:
    """The playthrough of ``path`` written again from its own actions."""
    case, actions = read(path)
    return write(case, actions)
