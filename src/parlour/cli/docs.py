"""The rules as implemented: the game's rules document and its options."""

from __future__ import annotations

from typing import Any

from parlour.core.options import options


def rules_text(game: Any) -> str:
    """The game's rules document followed by a table of the house-rule options."""
    text = game.rules_document()
    lines = [text.rstrip(), "", "## House-rule options (--rule key=value)", ""]
    for o in options(game.rules_type):
        default = getattr(o.default, "value", o.default)
        if isinstance(default, bool):
            default = str(default).lower()
        choices = ""
        if o.choices:
            choices = " [" + ", ".join(str(getattr(c, "value", c)) for c in o.choices) + "]"
        lines.append(f"- {o.name}={default}{choices}: {o.help}")
    return "\n".join(lines) + "\n"
