"""Text renderers for views, one per game; a generic fallback for games without one."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

Renderer = Callable[[Any, Sequence[str]], str]

_RENDERERS: dict[str, Renderer] = {}


def renderer(game_name: str) -> Callable[[Renderer], Renderer]:
    """Register the text renderer of a game's views."""

    def register(fn: Renderer) -> Renderer:
        _RENDERERS[game_name] = fn
        return fn

    return register


def render(game_name: str, view: Any, names: Sequence[str]) -> str:
    """The view as text for a terminal (plain characters; no colour needed)."""
    from parlour.tui import blackjack, dominoes, draughts, gin_rummy, go_fish, shut_the_box, yahtzee  # noqa: F401  (register them)

    fn = _RENDERERS.get(game_name)
    if fn is None:
        return json.dumps(view.to_json(), indent=1)
    return fn(view, names)
