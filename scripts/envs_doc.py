"""Write each game's section of ``docs/envs.md`` from its encoding: the observation's fields (from
``Encoding.fields()``), the action numbers (from ``action_name``, runs of one kind compressed into
ranges), and the shapes of every conformance case.

    python3 scripts/envs_doc.py          # rewrite the part between the markers
    python3 scripts/envs_doc.py --check  # exit 1 if the committed file differs (the tests run this)

Only the text between ``<!-- games:begin -->`` and ``<!-- games:end -->`` is the generator's; the rest
of the file is written by hand.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path
from typing import Any

from parlour.core import registry
from parlour.core.options import non_defaults
from parlour.core.protocol import AnyGame
from parlour.envs.core import resolve_players
from parlour.envs.registration import GYMNASIUM_IDS

DOC = Path(__file__).resolve().parent.parent / "docs" / "envs.md"
BEGIN = "<!-- games:begin (written by scripts/envs_doc.py: do not edit by hand) -->"
END = "<!-- games:end -->"
RUN = 4
"""A run of at least this many consecutive actions of one kind is shown as a range."""


def span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}-{last}"


def cell(text: str) -> str:
    """``text`` for a cell of a Markdown table (a tile's ``6|4`` would end the cell)."""
    return text.replace("|", "\\|")


def kind(name: str) -> str:
    """The kind of an action, for grouping: its name up to the first figure, or without its last
    word ("lay off" of "lay off AC", as of "lay off 2C"), or its one word."""
    for i, ch in enumerate(name):
        if ch.isdigit():
            return name[:i].strip() or name.split()[0]
    return name.rsplit(" ", 1)[0]


def actions_table(encoding: Any) -> list[str]:
    names = [encoding.action_name(a) for a in range(encoding.actions)]
    lines = ["| Actions | Meaning |", "| --- | --- |"]
    start = 0
    while start < len(names):
        end = start
        while end + 1 < len(names) and kind(names[end + 1]) == kind(names[start]):
            end += 1
        if end - start + 1 >= RUN:
            lines.append(f"| {span(start, end)} | "
                         f"{cell(names[start])}, {cell(names[start + 1])} … {cell(names[end])} |")
        else:
            lines.extend(f"| {a} | {cell(names[a])} |" for a in range(start, end + 1))
        start = end + 1
    return lines


def fields_table(encoding: Any) -> list[str]:
    lines = ["| Entries | Field | Meaning |", "| --- | --- | --- |"]
    at = 0
    for name, length, meaning in encoding.fields():
        lines.append(f"| {span(at, at + length - 1)} | {cell(name)} | {cell(meaning)} |")
        at += length
    return lines


def case_name(rules: Any) -> str:
    changed = non_defaults(rules)
    return ", ".join(f"{k}={v}" for k, v in changed.items()) if changed else "the manual's rules"


def section(game: AnyGame) -> list[str]:
    rules = game.default_rules()
    players = resolve_players(game, rules, None)
    encoding = game.encoding(rules, players)
    assert encoding is not None
    gym = [env_id for env_id, name in GYMNASIUM_IDS.items() if name == game.spec.name]
    lines = [f"### {game.spec.title} (`{game.spec.name}`)", ""]
    shape = " x ".join(str(n) for n in encoding.shape)
    made = f"`aec({game.spec.name!r})`" + (f", `gymnasium.make({gym[0]!r})`" if gym else "")
    lines.append(f"{made}: {players} player{'s' if players > 1 else ''} by default "
                 f"({game.spec.min_players} to {game.spec.max_players} allowed); observation "
                 f"{shape} floats in [{encoding.low:g}, {encoding.high:g}]; {encoding.actions} actions.")
    doc = inspect.getdoc(type(encoding))
    if doc:
        lines += ["", doc]
    lines += ["", "Observation (the manual's rules, "
              f"{players} player{'s' if players > 1 else ''}):", "", *fields_table(encoding)]
    lines += ["", "Actions:", "", *actions_table(encoding)]
    cases = []
    for case_rules, case_players in game.conformance_cases():
        other = game.encoding(case_rules, case_players)
        if other is not None:
            cases.append(f"| {case_name(case_rules)} | {case_players} | "
                         f"{' x '.join(str(n) for n in other.shape)} | {other.actions} |")
    lines += ["", "Shapes of the rule sets the tests play:", "",
              "| Rules | Players | Observation | Actions |", "| --- | --- | --- | --- |", *cases, ""]
    return lines


def generated() -> str:
    """The generated part, markers included."""
    games = [g for g in registry.games() if g.encoding(*g.conformance_cases()[0]) is not None]
    lines = [BEGIN, ""]
    if not games:
        lines += ["(No game has an encoding yet.)", ""]
    for game in games:
        lines += section(game)
    lines.append(END)
    return "\n".join(lines)


def rewritten(text: str) -> str:
    """``text`` with the part between the markers written anew."""
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{DOC} lacks the markers {BEGIN!r} and {END!r}")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + generated() + tail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    args = parser.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    new = rewritten(text)
    if args.check:
        if new != text:
            print(f"{DOC} is out of date: run python3 scripts/envs_doc.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
