"""The rules as implemented: the game's rules document and its options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlour.core.options import options

DOCS = Path(__file__).resolve().parent.parent / "rules_docs"


def rules_text(game: Any) -> str:
    """``docs/rules/<game>.md`` followed by a table of the house-rule options."""
    path = DOCS / f"{game.spec.name}.md"
    text = path.read_text(encoding="utf-8") if path.exists() else f"# {game.spec.title}\n"
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
