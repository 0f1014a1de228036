"""The contract every game's :class:`~parlour.envs.encoding.Encoding` keeps, checked over random
games of every conformance case: fixed shapes, values in range, codes in range and prefix-free,
every action named, and observations blind to what the seat may not see (the other seats'
hidden cards resampled, the observation must not change).

A game's encoding test calls :func:`check_encoding` with its name and a number of games.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from parlour.core import registry
from parlour.core.protocol import CHANCE
from parlour.envs.encoding import Encoding


def codes_of(encoding: Encoding[Any, Any, Any], view: Any,
             legal: tuple[Any, ...]) -> dict[tuple[int, ...], Any]:
    """The legal moves by code, checking the codes are distinct, in range and prefix-free."""
    codes: dict[tuple[int, ...], Any] = {}
    for move in legal:
        code = encoding.code(view, move)
        assert code, f"{move!r} has an empty code"
        assert all(isinstance(a, int) and 0 <= a < encoding.actions for a in code), (move, code)
        assert code not in codes, f"{move!r} and {codes[code]!r} share the code {code}"
        codes[code] = move
    for code in codes:
        for other in codes:
            assert other == code or other[:len(code)] != code, f"{code} begins {other}"
    return codes


def check_observation(encoding: Encoding[Any, Any, Any], view: Any, pending: tuple[int, ...] = ()) -> Any:
    observation = encoding.observe(view, pending)
    assert observation.shape == encoding.shape and observation.dtype == np.float32
    assert np.all(observation >= encoding.low) and np.all(observation <= encoding.high), (
        f"observation out of [{encoding.low}, {encoding.high}]")
    return observation


def check_encoding(name: str, games: int, seed: int = 1, leak_every: int = 3) -> int:
    """Play ``games`` random games of every conformance case of ``name`` through its encoding;
    returns the number of decisions checked."""
    game = registry.get(name)
    rng = random.Random(seed)
    decisions = 0
    for rules, players in game.conformance_cases():
        encoding = game.encoding(rules, players)
        assert encoding is not None, f"{name} has no encoding"
        assert encoding.game is game
        assert sum(length for _, length, _ in encoding.fields()) == int(np.prod(encoding.shape))
        names = [encoding.action_name(a) for a in range(encoding.actions)]
        assert all(names) and len(set(names)) == len(names), "action names must be distinct"
        for _ in range(games):
            state = game.initial_state(rules, players)
            steps = 0
            while actors := game.to_act(state):
                steps += 1
                assert steps < 100_000, "a random game that never ends"
                if actors == (CHANCE,):
                    state = game.apply(state, CHANCE, game.sample_chance(state, rng))
                    continue
                seat = rng.choice(actors)
                view = game.view(state, seat)
                codes = codes_of(encoding, view, game.legal_moves(state, seat))
                observation = check_observation(encoding, view)
                if decisions % leak_every == 0 and game.spec.hidden_information:
                    other = game.resample_hidden(state, seat, rng)
                    assert np.array_equal(observation, encoding.observe(game.view(other, seat))), (
                        f"{name}: seat {seat}'s observation changed when hidden cards were resampled")
                code = rng.choice(sorted(codes))
                for length in range(1, len(code)):  # a multi-step code: each prefix observed too
                    check_observation(encoding, view, code[:length])
                state = game.apply(state, seat, codes[code])
                decisions += 1
    return decisions
