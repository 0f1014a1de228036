"""Game records: the rules, the players and every move and chance outcome, as JSON lines.

The first line is a header; each further line is one action in the game's own
notation::

    {"record": "parlour", "version": 1, "game": "shut-the-box", "rules": {...}, "players": [...]}
    {"seat": -1, "action": "3,5"}
    {"seat": 0, "action": "8"}

Replaying a record re-applies every action through the checked ``apply``, so a
record that does not describe a legal game is refused with the reason.

A full record holds every chance outcome (the deal, the stock order), so it is
the table's private log, never something sent to a player during play.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from parlour.core import registry
from parlour.core.errors import ParlourError, RecordError
from parlour.core.options import rules_from_json, rules_to_json
from parlour.core.protocol import CHANCE

FORMAT = "parlour"
VERSION = 1


@dataclass(frozen=True, slots=True)
class Entry:
    """One action: who acted (``CHANCE`` for chance) and its text."""

    seat: int
    action: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action}


@dataclass(frozen=True)
class Record:
    """A whole game, replayable."""

    game: str
    rules: dict[str, Any]
    players: tuple[str, ...]
    entries: tuple[Entry, ...] = field(default_factory=tuple)

    # ---- building -----------------------------------------------------------
    @classmethod
    def start(cls, game_name: str, rules: Any, players: tuple[str, ...]) -> Record:
        game = registry.get(game_name)
        return cls(game.spec.name, rules_to_json(rules), tuple(players))

    def add(self, seat: int, action: str) -> Record:
        """A new record with one more action."""
        return Record(self.game, self.rules, self.players, (*self.entries, Entry(seat, action)))

    # ---- text ---------------------------------------------------------------
    def to_jsonl(self) -> str:
        header = {"record": FORMAT, "version": VERSION, "game": self.game,
                  "rules": self.rules, "players": list(self.players)}
        lines = [json.dumps(header, sort_keys=True)]
        lines += [json.dumps(e.to_json(), sort_keys=True, ensure_ascii=False) for e in self.entries]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_jsonl(cls, text: str) -> Record:
        lines = [line for line in text.splitlines() if line.strip()]
        if not lines:
            raise RecordError("the record is empty")
        try:
            header = json.loads(lines[0])
            if not isinstance(header, dict) or header.get("record") != FORMAT:
                raise RecordError("the first line is not a Parlour record header")
            if header.get("version") != VERSION:
                raise RecordError(f"unsupported record version {header.get('version')!r}")
            entries = []
            for n, line in enumerate(lines[1:], start=2):
                item = json.loads(line)
                if not (isinstance(item, dict) and isinstance(item.get("seat"), int)
                        and isinstance(item.get("action"), str)):
                    raise RecordError(f"line {n} is not an action")
                entries.append(Entry(item["seat"], item["action"]))
            return cls(str(header["game"]), dict(header["rules"]),
                       tuple(str(p) for p in header["players"]), tuple(entries))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"the record is not valid: {exc}") from None

    # ---- replay -------------------------------------------------------------
    def states(self) -> Iterator[Any]:
        """Every state from the initial one to the last, applying each action with checks."""
        game = registry.get(self.game)
        try:
            rules = rules_from_json(game.rules_type, self.rules)
            state = game.initial_state(rules, len(self.players))
        except ParlourError as exc:
            raise RecordError(f"the record's set-up is not valid: {exc}") from None
        yield state
        for n, entry in enumerate(self.entries, start=1):
            try:
                action = game.parse_action(state, entry.seat, entry.action)
                state = game.apply(state, entry.seat, action)
            except ParlourError as exc:
                who = "chance" if entry.seat == CHANCE else f"seat {entry.seat}"
                raise RecordError(f"action {n} ({who}: {entry.action!r}) does not replay: {exc}") from None
            yield state

    def final_state(self) -> Any:
        *_, last = self.states()
        return last
