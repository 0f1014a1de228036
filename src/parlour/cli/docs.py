"""The rules as implemented: the game's rules document and its options."""

from __future__ import annotations

import json
from typing import Any

from parlour.core.options import non_defaults, options


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
    presets = game.presets()
    if presets:
        lines += ["", "## Presets (--preset NAME)", ""]
        for name, rules in presets.items():
            changed = non_defaults(rules)
            values = ", ".join(f"{k}={json.dumps(v)}" for k, v in changed.items())
            lines.append(f"- {name}: {values or 'the defaults above'}")
    return "\n".join(lines) + "\n"
