"""What one seat may know of a game of dominoes (a spectator: seat ``None``).

A view holds everything the table shows and the seat's own hand:

* its own tiles (``hand``; ``None`` for a spectator) and how many tiles each player holds;
* the line of play (the lead double, then each arm from the lead outward, each tile with who
  laid it and the number it shows outward) and the open ends;
* the hand's public history (``events``: every tile laid and every knock, with the ends
  knocked on) and, from it, the numbers each player has knocked on (``knocked``: a player who
  knocked on a 5 holds no 5, and since the sleeping tiles are never drawn, never will);
* how many tiles sleep (never which);
* the scores by side, the score sheet (every finished hand with every player's tiles left,
  which the end of a hand shows to all) and, at the end, the winning side.

Never in a view: another player's tiles before the end of the hand, the sleeping tiles.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any

from parlour.core.protocol import View
from parlour.core.tiles import Tile
from parlour.games.dominoes.deals import Deals
from parlour.games.dominoes.moves import Event, HandResult, Placed
from parlour.games.dominoes.rules import Rules, sides_of
from parlour.games.dominoes.state import Phase, State
from parlour.games.dominoes.tileset import mask_of, tiles_of


def knocked_numbers(events: tuple[Event, ...], players: int) -> tuple[frozenset[int], ...]:
    """For each seat, the numbers it has knocked on this hand (so it holds none of them)."""
    out: list[set[int]] = [set() for _ in range(players)]
    for event in events:
        if event.tile is None:
            out[event.seat].update(event.ends)
    return tuple(frozenset(s) for s in out)


@dataclass(frozen=True)
class DominoView(View):
    seat: int | None
    rules: Rules
    players: int
    sides: tuple[int, ...]
    """Each seat's side (partners share one)."""
    phase: Phase
    to_act: int | None
    hand_no: int
    redraws: int
    hand: tuple[Tile, ...] | None
    hand_sizes: tuple[int, ...]
    sleeping: int
    """How many tiles sleep."""
    lead: Placed | None
    left: tuple[Placed, ...]
    right: tuple[Placed, ...]
    ends: tuple[int, int] | None
    events: tuple[Event, ...]
    out: tuple[bool, ...]
    scores: tuple[int, ...]
    sheet: tuple[HandResult, ...]
    winner: int | None

    @property
    def knocked(self) -> tuple[frozenset[int], ...]:
        return knocked_numbers(self.events, self.players)

    @property
    def played(self) -> tuple[Tile, ...]:
        """Every tile on the table."""
        if self.lead is None:
            return ()
        return (self.lead.tile, *(p.tile for p in self.left), *(p.tile for p in self.right))

    @property
    def stitched(self) -> bool:
        """Both ends show the same number after the last play (not the lead)."""
        return bool(self.events) and self.events[-1].stitched

    @property
    def last_hand(self) -> HandResult | None:
        return self.sheet[-1] if self.sheet else None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "dominoes",
            "seat": self.seat,
            "rules": {"hand_size": self.rules.hand_size, "partnerships": self.rules.partnerships,
                      "both_chip_out": self.rules.both_chip_out, "scoring": self.rules.scoring.value,
                      "blocked": self.rules.blocked.value, "target": self.rules.target},
            "players": self.players,
            "sides": list(self.sides),
            "phase": self.phase.value,
            "to_act": self.to_act,
            "hand_no": self.hand_no,
            "redraws": self.redraws,
            "hand": None if self.hand is None else [str(t) for t in self.hand],
            "hand_pips": None if self.hand is None else sum(t.pips for t in self.hand),
            "hand_sizes": list(self.hand_sizes),
            "sleeping": self.sleeping,
            "lead": None if self.lead is None else self.lead.to_json(),
            "left": [p.to_json() for p in self.left],
            "right": [p.to_json() for p in self.right],
            "ends": None if self.ends is None else list(self.ends),
            "stitched": self.stitched,
            "events": [e.to_json() for e in self.events],
            "knocked": [sorted(k) for k in self.knocked],
            "out": list(self.out),
            "scores": list(self.scores),
            "sheet": [h.to_json() for h in self.sheet],
            "winner": self.winner,
        }


def make_view(state: State, seat: int | None) -> DominoView:
    """What ``seat`` may know of ``state``."""
    playing = state.phase is Phase.PLAY
    shown = state.phase is not Phase.DRAW  # between hands (and before the first) the table is bare
    own = None
    if seat is not None:
        own = tuple(sorted(tiles_of(state.hands[seat]), reverse=True)) if shown else ()
    hands = state.hands if shown else (0,) * state.players
    return DominoView(
        seat=seat,
        rules=state.rules,
        players=state.players,
        sides=sides_of(state.rules, state.players),
        phase=state.phase,
        to_act=state.current if playing else None,
        hand_no=state.hand_no,
        redraws=state.redraws,
        hand=own,
        hand_sizes=tuple(h.bit_count() for h in hands),
        sleeping=state.sleeping.bit_count() if shown else 0,
        lead=state.lead if shown else None,
        left=state.left if shown else (),
        right=state.right if shown else (),
        ends=state.ends if shown else None,
        events=state.events if shown else (),
        out=state.out if shown else (False,) * state.players,
        scores=state.scores,
        sheet=state.sheet,
        winner=state.winner,
    )


def resample_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """Deal the tiles ``seat`` cannot see (the other hands and the sleeping tiles) anew, each
    hand keeping its size, every deal consistent with what ``seat`` has seen equally likely
    (``deals.Deals``): no tile showing a number a player knocked on goes to that player, and no
    double above the lead to anyone (its holder would have led it).  For a spectator the hands
    are dealt without those constraints."""
    if state.phase is not Phase.PLAY:
        return state
    if seat is not None:
        dealt, sleeping = Deals.from_view(make_view(state, seat)).sample(rng)
        return dataclasses.replace(state, sleeping=sleeping, hands=tuple(
            state.hands[s] if s == seat else dealt.get(s, 0) for s in range(state.players)))
    pool = list(tiles_of(state.sleeping))
    for s in range(state.players):
        pool += tiles_of(state.hands[s])
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in range(state.players):
        need = state.hands[s].bit_count()
        hands[s] = mask_of(pool[:need])
        del pool[:need]
    return dataclasses.replace(state, hands=tuple(hands), sleeping=mask_of(pool))
