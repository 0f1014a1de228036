"""The conformance suite: every registered game, every listed rule set, the same checks.

A new game registered in ``parlour.core.registry`` gets all of this for free.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from parlour.agents import RandomBot
from parlour.core import registry
from parlour.core.driver import play
from parlour.core.errors import IllegalMoveError, InvalidMoveError, NotYourTurnError
from parlour.core.options import rules_from_json, rules_to_json
from parlour.core.protocol import CHANCE
from parlour.core.record import Record
from parlour.core.rng import make_rng

SEEDS = range(40)
"""Seeds of the random games each check below plays (a part of them for the heavier checks).
The invariant suite (``test_invariants.py``) plays 10,000 more games per game, with views
checked on a sample, so these stay few to keep CI within its time."""

CASES = [
    pytest.param(game, rules, players, id=f"{game.spec.name}-{i}-{players}p")
    for game in registry.games()
    for i, (rules, players) in enumerate(game.conformance_cases())
]


def playout(game: Any, rules: Any, players: int, seed: int) -> Iterator[tuple[Any, int, Any]]:
    """Yield (state, seat, action) along a random game, ending at the terminal state."""
    rng = random.Random(seed)
    state = game.initial_state(rules, players)
    for _ in range(100_000):
        actors = game.to_act(state)
        if not actors:
            yield state, CHANCE, None
            return
        if actors == (CHANCE,):
            seat, action = CHANCE, game.sample_chance(state, rng)
        else:
            seat = rng.choice(actors)
            action = rng.choice(game.legal_moves(state, seat))
        yield state, seat, action
        state = game.apply(state, seat, action)
    raise AssertionError("a random game did not end within 100,000 steps")


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_random_playouts_reach_the_end_and_every_legal_move_is_accepted(game, rules, players):
    for seed in SEEDS[:20]:
        for state, seat, action in playout(game, rules, players, seed):
            hash(state)
            actors = game.to_act(state)
            if action is None:
                assert game.is_terminal(state)
                assert len(game.returns(state)) == players
                for s in range(players):
                    assert game.legal_moves(state, s) == ()
                continue
            if seat == CHANCE:
                listed = game.chance_outcomes(state)
                if listed is not None:
                    assert sum(p for _, p in listed) == 1
                    assert all(isinstance(p, Fraction) and p > 0 for _, p in listed)
                continue
            assert seat in actors
            for move in game.legal_moves(state, seat):
                after = game.apply(state, seat, move)
                assert after is not state
            # seats that may not act have no legal moves
            for other in range(players):
                if other not in actors:
                    assert game.legal_moves(state, other) == ()


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_illegal_moves_are_refused_with_a_reason_and_change_nothing(game, rules, players):
    pool: set[Any] = set()
    for seed in SEEDS[:10]:
        for state, seat, action in playout(game, rules, players, seed):
            if seat != CHANCE and action is not None:
                pool.update(game.legal_moves(state, seat))
    assert pool
    for seed in SEEDS[:10]:
        for state, seat, action in playout(game, rules, players, seed):
            snapshot, digest = dataclasses.replace(state), hash(state)
            actors = game.to_act(state)
            if not actors:
                with pytest.raises(IllegalMoveError, match="over"):
                    game.apply(state, 0, next(iter(pool)))
                continue
            if seat == CHANCE:
                with pytest.raises(NotYourTurnError):
                    game.apply(state, 0, next(iter(pool)))
                continue
            legal = set(game.legal_moves(state, seat))
            for move in pool - legal:
                with pytest.raises(IllegalMoveError) as info:
                    game.apply(state, seat, move)
                assert str(info.value).strip()
            for other in range(players):
                if other not in actors:
                    with pytest.raises(NotYourTurnError):
                        game.apply(state, other, action)
            with pytest.raises(NotYourTurnError):
                game.apply(state, CHANCE, action)
            with pytest.raises(InvalidMoveError):
                game.parse_move(state, seat, "this is not a move ###")
            assert state == snapshot and hash(state) == digest


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_notation_round_trips(game, rules, players):
    for seed in SEEDS[:10]:
        for state, seat, action in playout(game, rules, players, seed):
            if action is None:
                continue
            if seat == CHANCE:
                text = game.format_outcome(state, action)
                assert game.parse_outcome(state, text) == action
                continue
            for move in game.legal_moves(state, seat):
                text = game.format_move(state, seat, move)
                assert game.parse_move(state, seat, text) == move
                assert game.format_move(state, seat, game.parse_move(state, seat, text)) == text
                assert eval(repr(move), vars(__import__(type(move).__module__, fromlist=["_"]))) == move


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_same_seed_same_game_and_records_replay_exactly(game, rules, players):
    for seed in SEEDS[:15]:
        bots = [RandomBot() for _ in range(players)]
        seen: list[Any] = []
        first = play(game, rules, bots, make_rng(seed), on_step=seen.append)
        second = play(game, rules, bots, make_rng(seed))
        assert first.record == second.record
        assert first.state == second.state
        text = first.record.to_jsonl()
        replayed = list(Record.from_jsonl(text).states())
        assert replayed == [seen[0].before, *(step.after for step in seen)]
        assert replayed[-1] == first.state
    other = play(game, rules, [RandomBot() for _ in range(players)], make_rng(10_001))
    assert any(
        play(game, rules, [RandomBot() for _ in range(players)], make_rng(s)).record != other.record
        for s in range(10_002, 10_012)
    ), "different seeds should give different games"


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_a_record_with_a_tampered_action_is_refused(game, rules, players):
    from parlour.core.errors import RecordError

    result = play(game, rules, [RandomBot() for _ in range(players)], make_rng(3))
    lines = result.record.to_jsonl().splitlines()
    bad = json.loads(lines[-1])
    bad["action"] = "this is not a move ###"
    with pytest.raises(RecordError):
        list(Record.from_jsonl("\n".join([*lines[:-1], json.dumps(bad)])).states())


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_rules_survive_json(game, rules, players):
    assert rules_from_json(type(rules), json.loads(json.dumps(rules_to_json(rules)))) == rules


def _contains_rng(value: Any, depth: int = 0) -> bool:
    if isinstance(value, random.Random):
        return True
    if depth > 6:
        return False
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_contains_rng(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value))
    if isinstance(value, tuple | list | frozenset | set):
        return any(_contains_rng(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return any(_contains_rng(v, depth + 1) for v in value.values())
    return False


def check_views(game: Any, rules: Any, players: int, seeds: range = SEEDS[:3]) -> None:
    """A view is the same whatever the seat cannot see; no view or state holds a generator."""
    rng = random.Random(99)
    for seed in seeds:
        for state, _seat, _action in playout(game, rules, players, seed):
            assert not _contains_rng(state)
            for seat in [*range(players), None]:
                view = game.view(state, seat)
                data = view.to_json()
                encoded = json.dumps(data)
                assert "seed" not in encoded.lower()
                for _ in range(3):
                    other = game.resample_hidden(state, seat, rng)
                    assert game.view(other, seat) == view, "a view changed with hidden information"
                    assert json.dumps(game.view(other, seat).to_json()) == encoded
                    if seat is not None:
                        assert game.legal_moves(other, seat) == game.legal_moves(state, seat)


@pytest.mark.parametrize(("game", "rules", "players"), CASES)
def test_views_leak_nothing_hidden(game, rules, players):
    check_views(game, rules, players)
