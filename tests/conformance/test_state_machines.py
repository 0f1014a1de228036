"""Hypothesis state machines over every registered game and every conformance case.

Each machine mixes, in any order Hypothesis likes:

* legal moves (for a seat to act, chosen from ``legal_moves``) and chance outcomes (listed ones,
  or ``sample_chance`` with a drawn seed), and random skips ahead to reach late positions;
* illegal moves: moves and outcomes that were legal earlier or for another seat, seats not to act
  or out of range, chance acting when it may not, and actions of the wrong kind;
* malformed notation: any text, empty, very long, and near misses of real moves' text, read by
  ``parse_move`` / ``parse_outcome`` and, when read, applied.

Every refusal must be one of the documented errors, with a message that says why, and must leave
the state as it was (equal, same hash, same deep copy, same views).  After every step ``to_act``
agrees with ``legal_moves`` and every seat's view serialises to JSON.

CI runs a bounded number of examples, derandomized.  ``PARLOUR_LONG=1`` runs many more (and
random ones, a different search on every run).
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from parlour.core import registry
from parlour.core.errors import IllegalMoveError, InvalidMoveError, NotYourTurnError
from parlour.core.protocol import CHANCE

LONG = os.environ.get("PARLOUR_LONG", "") not in ("", "0")

SETTINGS = settings(
    max_examples=100 if LONG else 10,
    stateful_step_count=80 if LONG else 25,
    deadline=None,
    derandomize=not LONG,
    database=None,
    print_blob=True,
    suppress_health_check=list(HealthCheck),
)

CASES = [
    pytest.param(game, rules, players, id=f"{game.spec.name}-{i}-{players}p")
    for game in registry.games()
    for i, (rules, players) in enumerate(game.conformance_cases())
]

POOL_LIMIT = 400
"""At most this many remembered moves, outcomes and texts (the oldest are forgotten)."""


def _remember(pool: list[Any], items: Any) -> None:
    for item in items:
        if item not in pool:
            pool.append(item)
    del pool[:-POOL_LIMIT]


def check_reason(err: BaseException) -> None:
    """A refusal's message says why: not empty, not just the class's name."""
    message = str(err).strip()
    assert message, f"{type(err).__name__} without a message"
    assert message != type(err).__name__, f"{type(err).__name__} says only its name"
    reason = getattr(err, "reason", message)
    assert isinstance(reason, str) and reason.strip(), f"{type(err).__name__} without a reason"


# ---- text strategies ------------------------------------------------------------------------

NOISE = st.sampled_from([
    "", " ", "  ", "\t", "\n", "\x00", "-", "+", ",", "|", "x", "#", "0", "1", "9", "10", "99",
    "-1", "1e9", "99999999999999999999", "nan", "None", "\u00bd", "\u2212", "\u2665", "\u0661",
    "\U0001f0a1", "\ufeff", "\u200b", "ask", "for", "left", "right", "on", "keep", "score",
    "roll", "bet", "hit", "seat", "dealer", "knock", "discard", "take", "pass", "draw", "x",
])


@st.composite
def near_miss(draw: st.DrawFn, text: str) -> str:
    """``text`` (a real move's notation) with a small change."""
    how = draw(st.sampled_from([
        "insert", "delete", "replace", "swapcase", "upper", "double", "prefix", "suffix",
        "tokens", "repeat", "digits", "huge_numbers", "other_digits", "strip_spaces", "join_spaces",
    ]))
    i = draw(st.integers(0, len(text)))
    noise = draw(NOISE)
    if how == "insert":
        return text[:i] + noise + text[i:]
    if how == "delete":
        j = draw(st.integers(i, len(text)))
        return text[:i] + text[j:]
    if how == "replace":
        return text[:i] + draw(st.characters()) + text[i + 1:]
    if how == "swapcase":
        return text.swapcase()
    if how == "upper":
        return text.upper()
    if how == "double":
        return f"{text} {text}"
    if how == "prefix":
        return noise + " " + text
    if how == "suffix":
        return text + " " + noise
    if how == "tokens":
        tokens = text.split()
        return " ".join(draw(st.permutations(tokens))) if tokens else noise
    if how == "repeat":
        return text * draw(st.integers(2, 400))
    if how == "digits":
        return "".join(draw(st.sampled_from("0123456789")) if c.isdigit() else c for c in text)
    if how == "huge_numbers":  # int() refuses more than 4,300 digits
        digits = draw(st.sampled_from(["9" * 4301, "0" * 4400 + "1", "1" + "0" * 30, "00"]))
        return re.sub(r"[0-9]+", digits, text)
    if how == "other_digits":  # isdigit() is true of "²", which int() cannot read
        digit = draw(st.sampled_from(["\u00b2", "\u0663", "\uff13", "\u2463", "\U0001d7d1", "\u00bd"]))
        return re.sub(r"[0-9]", digit, text)
    if how == "strip_spaces":
        return text.replace(" ", "")
    return text.replace(" ", draw(st.sampled_from(["  ", "\t", "_", ",", "-", "\u00a0"])))


def texts(real: list[str], now: list[str]) -> st.SearchStrategy[str]:
    """Any text, odd text, very long text, and near misses of ``real`` texts (moves' notation
    met so far) and of ``now`` (the notation of the actions legal now)."""
    options: list[st.SearchStrategy[str]] = [
        st.text(max_size=40),
        st.text(alphabet=st.characters(codec="ascii"), max_size=30),
        st.just(""),
        NOISE,
        st.builds(lambda c, n: c * n, st.characters(), st.integers(1_000, 50_000)),
        st.lists(NOISE, max_size=8).map(" ".join),
    ]
    for known in (real, now):
        if known:
            options += [st.sampled_from(known), st.sampled_from(known).flatmap(near_miss)]
    return st.one_of(options)


def _playout_pools(game: Any, rules: Any, players: int) -> tuple[list[Any], list[Any]]:
    """Moves and outcomes met along one random game: illegal in most other positions."""
    rng = random.Random(2024)
    moves: list[Any] = []
    outcomes: list[Any] = []
    state = game.initial_state(rules, players)
    for _ in range(400):
        actors = game.to_act(state)
        if not actors:
            break
        if actors == (CHANCE,):
            outcome = game.sample_chance(state, rng)
            _remember(outcomes, [outcome])
            state = game.apply(state, CHANCE, outcome)
        else:
            seat = rng.choice(actors)
            legal = game.legal_moves(state, seat)
            _remember(moves, rng.sample(legal, min(len(legal), 2)))
            state = game.apply(state, seat, rng.choice(legal))
    return moves[-60:], outcomes[-20:]


WRONG_KIND = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=10),
    st.tuples(st.integers(-3, 60)), st.tuples(st.integers(-3, 60), st.integers(-3, 60)),
    st.frozensets(st.integers(0, 60), max_size=3), st.just(()), st.just(object()),
)
"""Hashable values that are no game's move or outcome (states, moves and outcomes are hashable;
unhashable ones are not tried)."""


# ---- the machine ----------------------------------------------------------------------------


def machine_for(game: Any, rules: Any, players: int) -> type[RuleBasedStateMachine]:
    """A state machine class for one game, rule set and number of players."""
    seats_out = (players, players + 1, players + 7, -2, -100, 10**9)
    seen_moves, seen_outcomes = _playout_pools(game, rules, players)

    class GameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.moves: list[Any] = list(seen_moves)
            self.outcomes: list[Any] = list(seen_outcomes)
            self.texts: list[str] = []
            self.outcome_texts: list[str] = []
            self.set_state(game.initial_state(rules, players))

        # ---- bookkeeping ---------------------------------------------------------------
        def views_json(self, state: Any) -> tuple[str, ...]:
            return tuple(json.dumps(game.view(state, s).to_json(), sort_keys=True)
                         for s in [*range(players), None])

        def set_state(self, state: Any) -> None:
            self.state = state
            self.snapshot = copy.deepcopy(state)
            self.digest = hash(state)
            self.seen_views = self.views_json(state)
            actors = game.to_act(state)
            for seat in actors:
                if seat != CHANCE:
                    legal = game.legal_moves(state, seat)
                    _remember(self.moves, legal)
                    _remember(self.texts, [game.format_move(state, seat, m) for m in legal[:20]])
            if actors == (CHANCE,):
                listed = game.chance_outcomes(state)
                if listed is not None:
                    _remember(self.outcomes, [o for o, _ in listed][:40])
                    _remember(self.outcome_texts, [game.format_outcome(state, o) for o, _ in listed][:40])

        def advance(self, seat: int, action: Any) -> None:
            before = self.state
            after = game.apply(before, seat, action)
            assert after is not before
            self.check_untouched()  # applying a legal move does not change the state it was given
            if seat == CHANCE:
                _remember(self.outcomes, [action])
                _remember(self.outcome_texts, [game.format_outcome(before, action)])
            self.set_state(after)

        def check_untouched(self) -> None:
            state = self.state
            assert state == self.snapshot, "a refused (or applied) action changed the state"
            assert hash(state) == self.digest
            assert self.views_json(state) == self.seen_views, "a view changed"

        def refuse(self, seat: int, action: Any) -> None:
            """``apply`` must refuse ``action`` by ``seat`` with the right error and change nothing."""
            actors = game.to_act(self.state)
            if not actors:
                expected: type[IllegalMoveError] = IllegalMoveError
            elif seat not in actors:
                expected = NotYourTurnError
            else:
                expected = IllegalMoveError
            with pytest.raises(expected) as info:
                game.apply(self.state, seat, action)
            check_reason(info.value)
            self.check_untouched()

        def is_legal(self, seat: int, action: Any) -> bool:
            actors = game.to_act(self.state)
            if seat not in actors:
                return False
            if seat == CHANCE:
                return action in game.possible_outcomes(self.state)
            return action in game.legal_moves(self.state, seat)

        # ---- legal play --------------------------------------------------------------------
        @precondition(lambda self: bool(game.to_act(self.state)))
        @rule(data=st.data())
        def play_legal(self, data: st.DataObject) -> None:
            actors = game.to_act(self.state)
            if actors == (CHANCE,):
                listed = game.chance_outcomes(self.state)
                if listed is not None and data.draw(st.booleans(), label="listed outcome"):
                    outcome = data.draw(st.sampled_from([o for o, _ in listed]), label="outcome")
                else:
                    seed = data.draw(st.integers(0, 2**32 - 1), label="chance seed")
                    outcome = game.sample_chance(self.state, random.Random(seed))
                assert outcome in game.possible_outcomes(self.state)
                self.advance(CHANCE, outcome)
                return
            seat = data.draw(st.sampled_from(actors), label="seat")
            move = data.draw(st.sampled_from(game.legal_moves(self.state, seat)), label="move")
            self.advance(seat, move)

        @precondition(lambda self: bool(game.to_act(self.state)))
        @rule(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 300))
        def skip_ahead(self, seed: int, steps: int) -> None:
            """A random stretch of play, to reach the middle and the end of long games."""
            rng = random.Random(seed)
            state = self.state
            for _ in range(steps):
                actors = game.to_act(state)
                if not actors:
                    break
                if actors == (CHANCE,):
                    state = game.apply(state, CHANCE, game.sample_chance(state, rng))
                else:
                    seat = rng.choice(actors)
                    legal = game.legal_moves(state, seat)
                    _remember(self.moves, rng.sample(legal, min(len(legal), 3)))
                    state = game.apply(state, seat, rng.choice(legal))
            self.set_state(state)

        # ---- illegal moves -----------------------------------------------------------------
        @precondition(lambda self: bool(self.moves))
        @rule(data=st.data())
        def stale_move(self, data: st.DataObject) -> None:
            """A move seen earlier (or for another seat), by any seat, where it is not legal."""
            seat = data.draw(st.one_of(st.integers(0, players - 1), st.sampled_from(seats_out)),
                             label="seat")
            move = data.draw(st.sampled_from(self.moves), label="move")
            if self.is_legal(seat, move):
                return
            self.refuse(seat, move)

        @precondition(lambda self: bool(game.to_act(self.state)) and game.to_act(self.state) != (CHANCE,))
        @rule(data=st.data())
        def legal_move_for_the_wrong_seat(self, data: st.DataObject) -> None:
            """A move legal now, by a seat not to act (in range or not) or by chance."""
            actors = game.to_act(self.state)
            actor = data.draw(st.sampled_from(actors), label="actor")
            move = data.draw(st.sampled_from(game.legal_moves(self.state, actor)), label="move")
            others = [s for s in range(players) if s not in actors]
            seat = data.draw(st.sampled_from([*others, *seats_out, CHANCE]), label="seat")
            self.refuse(seat, move)

        @precondition(lambda self: bool(self.outcomes) or bool(self.moves))
        @rule(data=st.data())
        def stale_outcome(self, data: st.DataObject) -> None:
            """Chance acting when it may not, or with an outcome not possible now."""
            pool = self.outcomes or self.moves
            outcome = data.draw(st.sampled_from(pool), label="outcome")
            if self.is_legal(CHANCE, outcome):
                return
            self.refuse(CHANCE, outcome)

        @precondition(lambda self: bool(game.to_act(self.state)))
        @rule(data=st.data())
        def player_at_a_chance_node(self, data: st.DataObject) -> None:
            """A seat acting when chance is due (or chance's outcome offered by a seat)."""
            actors = game.to_act(self.state)
            if actors != (CHANCE,):
                return
            seat = data.draw(st.one_of(st.integers(0, players - 1), st.sampled_from(seats_out)))
            pool = self.moves or self.outcomes
            self.refuse(seat, data.draw(st.sampled_from(pool), label="action"))

        @rule(data=st.data())
        def action_of_the_wrong_kind(self, data: st.DataObject) -> None:
            """Something that is not this seat's kind of action: text instead of a move, None,
            numbers, tuples, a chance outcome offered as a move, a move offered as an outcome."""
            seat = data.draw(st.sampled_from([*range(players), CHANCE, *seats_out]), label="seat")
            other_kind = self.moves if seat == CHANCE else self.outcomes
            options = [WRONG_KIND, st.sampled_from(self.texts or ["x"])]
            if other_kind:
                options.append(st.sampled_from(other_kind))
            action = data.draw(st.one_of(options), label="action")
            if self.is_legal(seat, action):  # (1, 2) is a throw of two dice in Shut the Box
                return
            self.refuse(seat, action)

        # ---- malformed notation ----------------------------------------------------------------
        @rule(data=st.data())
        def text_move(self, data: st.DataObject) -> None:
            """Texts read as moves (or, for chance, outcomes): each refused with a reason, or read
            and then applied or refused like any other action."""
            for _ in range(data.draw(st.integers(1, 5), label="how many texts")):
                self.one_text(data)

        def one_text(self, data: st.DataObject) -> None:
            seat = data.draw(st.sampled_from([*range(players), CHANCE]), label="seat")
            actors = game.to_act(self.state)
            if seat == CHANCE:
                real = self.outcome_texts
                seed = data.draw(st.integers(0, 2**32 - 1), label="chance seed")
                now = ([game.format_outcome(self.state, game.sample_chance(self.state, random.Random(seed)))]
                       if actors == (CHANCE,) else [])
            else:
                real = self.texts
                now = [game.format_move(self.state, seat, m) for m in game.legal_moves(self.state, seat)]
            text = data.draw(texts(real, now), label="text")
            try:
                action = game.parse_action(self.state, seat, text)
            except (InvalidMoveError, IllegalMoveError) as err:
                # InvalidMoveError: not notation; IllegalMoveError: a game that reads moves
                # against the position (Dominoes: "you do not hold 6|5") may refuse at once.
                check_reason(err)
                self.check_untouched()
                return
            self.check_untouched()
            if self.is_legal(seat, action):
                self.advance(seat, action)
            else:
                self.refuse(seat, action)

        # ---- invariants -----------------------------------------------------------------------
        @invariant()
        def to_act_agrees_with_legal_moves(self) -> None:
            state = self.state
            actors = game.to_act(state)
            assert isinstance(actors, tuple)
            if CHANCE in actors:
                assert actors == (CHANCE,)
            assert set(actors) <= {*range(players), CHANCE}
            for seat in range(players):
                legal = game.legal_moves(state, seat)
                assert game.legal_moves(state, seat) == legal, "legal_moves is not deterministic"
                if seat in actors:
                    assert legal, f"seat {seat} is to act but has no legal moves"
                else:
                    assert legal == (), f"seat {seat} is not to act but has legal moves"
            if not actors:
                assert game.is_terminal(state)
                assert len(game.returns(state)) == players

        @invariant()
        def state_is_as_it_was_left(self) -> None:
            self.check_untouched()

    GameMachine.__name__ = f"Machine_{game.spec.name.replace('-', '_')}"
    return GameMachine


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_refusals_name_their_reason_and_change_nothing(game, rules, players):
    run_state_machine_as_test(machine_for(game, rules, players), settings=SETTINGS)
