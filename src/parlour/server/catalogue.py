"""The games this server offers, as the lobby reads them (``GET /api/games``)."""

from __future__ import annotations

from typing import Any

from parlour.agents import bot_descriptions, bot_names
from parlour.core import registry
from parlour.core.options import options, rules_to_json


def game_catalogue() -> list[dict[str, Any]]:
    """Every game with its house-rule options and bot levels, for the lobby."""
    return [{
        "name": g.spec.name, "title": g.spec.title, "summary": g.spec.summary,
        "min_players": g.spec.min_players, "max_players": g.spec.max_players,
        "hidden_information": g.spec.hidden_information,
        "options": [o.to_json() for o in options(g.rules_type)],
        "presets": {name: rules_to_json(rules) for name, rules in g.presets().items()},
        "bots": list(bot_names(g)),
        "bot_levels": [{"name": name, "description": line} for name, line in bot_descriptions(g).items()],
        "default_bot": g.default_bot,
        "timed": g.timed,
    } for g in registry.games()]


__all__ = ["game_catalogue"]
