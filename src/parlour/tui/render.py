"""A view drawn as text for a terminal: each game draws its own (``Game.render_text``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.core import registry


def render(game_name: str, view: Any, names: Sequence[str]) -> str:
    """The view as text for a terminal (plain characters; no colour needed)."""
    return registry.get(game_name).render_text(view, names)
