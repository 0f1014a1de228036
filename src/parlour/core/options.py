"""House-rule options: one generic reader and writer for every game's ``Rules``.

A game's ``Rules`` is a frozen dataclass of ints, bools, enums and strings (with
a short plain ``label`` and a sentence of ``help`` in each field's metadata, and for a number its
bounds, ``min`` and ``max``, or its ``choices``; a string option is free text that the rules' own
``__post_init__`` checks, such as a set-up position).  From it alone
we derive the JSON in records,
the ``--rule key=value`` parser of the command line and the form of the web
lobby, so a new option needs no UI code.

Every number is bounded by its metadata (a game to 10**19 points would never end), and JSON values
must have their option's type (``"hints": "yes"`` is not a boolean): :func:`rules_from_json` refuses
anything else, naming the option and the bound.  Text from the command line (``--rule key=value``) is
read into values of those types first (:func:`parse_assignments`).
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from parlour.core.errors import RulesError

R = TypeVar("R")

MAX_TEXT = 500
"""The longest value a text option takes, in characters."""

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class OptionInfo:
    """One house-rule option, described for people and forms."""

    name: str
    kind: str  # "int", "bool", "choice" or "text"
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    label: str = ""
    """A few plain words naming the option ("100 bonus only after a 50"); the name, spaced, if the
    game gives none."""
    min: int | None = None
    """The smallest value of an ``int`` option (from its metadata, or its smallest choice)."""
    max: int | None = None
    """The largest value of an ``int`` option (from its metadata, or its largest choice)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label or self.name.replace("_", " ").capitalize(),
            "kind": self.kind,
            "default": _to_json_value(self.default),
            "help": self.help,
            "choices": [_to_json_value(c) for c in self.choices],
            "min": self.min,
            "max": self.max,
        }


def _field_types(rules_type: type[Any]) -> dict[str, Any]:
    return typing.get_type_hints(rules_type)


def options(rules_type: type[Any]) -> tuple[OptionInfo, ...]:
    """Every option of a rules dataclass, in declaration order."""
    hints = _field_types(rules_type)
    out = []
    for f in dataclasses.fields(rules_type):
        t = hints[f.name]
        helptext = str(f.metadata.get("help", f.name.replace("_", " ")))
        label = str(f.metadata.get("label", ""))
        if isinstance(t, type) and issubclass(t, enum.Enum):
            out.append(OptionInfo(f.name, "choice", f.default, helptext, tuple(t), label))
        elif t is bool:
            out.append(OptionInfo(f.name, "bool", f.default, helptext, label=label))
        elif t is int:
            choices = tuple(f.metadata.get("choices", ()))
            low = f.metadata.get("min", min(choices) if choices else None)
            high = f.metadata.get("max", max(choices) if choices else None)
            out.append(OptionInfo(f.name, "int", f.default, helptext, choices, label, low, high))
        elif t is str:
            out.append(OptionInfo(f.name, "text", f.default, helptext, label=label))
        else:  # pragma: no cover - a game declared an unsupported option type
            raise TypeError(f"option {f.name} has unsupported type {t!r}")
    return tuple(out)


def _to_json_value(value: Any) -> Any:
    return value.value if isinstance(value, enum.Enum) else value


def _field_names(rules_type: type[Any]) -> tuple[str, ...]:
    """The names of a rules dataclass's fields."""
    return tuple(f.name for f in dataclasses.fields(rules_type))


def _convert(option: OptionInfo, rules_type: type[Any], value: Any) -> Any:
    """A JSON value for an option, checked against the option's type and bounds."""
    t = _field_types(rules_type)[option.name]
    if option.kind == "choice":
        for member in t:
            if value == member.value or (
                isinstance(value, str) and value.lower().replace("_", "-") in
                (member.value, member.name.lower().replace("_", "-"))
            ):
                return member
        allowed = ", ".join(m.value for m in t)
        raise RulesError(f"{option.name} must be one of {allowed}, not {_shown(value)}")
    if option.kind == "bool":
        if isinstance(value, bool):
            return value
        raise RulesError(f"{option.name} must be true or false, not {_shown(value)}")
    if option.kind == "text":
        if not isinstance(value, str):
            raise RulesError(f"{option.name} must be text, not {_shown(value)}")
        if len(value) > MAX_TEXT:
            raise RulesError(f"{option.name} is too long ({len(value)} characters; at most {MAX_TEXT})")
        return value.strip()
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{option.name} must be a whole number, not {_shown(value)}")
    if option.choices and value not in option.choices:
        allowed = ", ".join(str(c) for c in option.choices)
        raise RulesError(f"{option.name} must be one of {allowed}, not {_shown(value)}")
    if option.min is not None and value < option.min:
        raise RulesError(f"{option.name} must be at least {option.min}, not {_shown(value)}")
    if option.max is not None and value > option.max:
        raise RulesError(f"{option.name} must be at most {option.max}, not {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    """A value as an error message shows it: never more than a few dozen characters."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return f"a number of {len(str(abs(value)))} digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _from_text(option: OptionInfo, text: str) -> Any:
    """A value typed on the command line, as the JSON value it stands for (bounds are checked
    afterwards, by :func:`rules_from_json`)."""
    if option.kind == "bool":
        if text.lower() in _TRUE | _FALSE:
            return text.lower() in _TRUE
        raise RulesError(f"{option.name} must be true or false (yes, no, on, off), not {_shown(text)}")
    if option.kind == "int":
        digits = text.strip()
        if digits.lstrip("-").isdigit() and len(digits) <= 30:
            return int(digits)
        raise RulesError(f"{option.name} must be a whole number, not {_shown(text)}")
    return text


def rules_from_json(rules_type: type[R], data: Mapping[str, Any], bounded: bool = True) -> R:
    """Build rules from a mapping of option names to values (missing ones take defaults).

    ``bounded=False`` reads rules kept from before a bound was set (a table in the database) without
    the options' bounds: a game once accepted can still be played.  The game's own checks apply.
    """
    if not isinstance(data, Mapping):
        raise RulesError("rules must be a mapping of option names to values")
    known = {o.name: o for o in options(rules_type)}
    values: dict[str, Any] = {}
    for key, raw in data.items():
        name = str(key).replace("-", "_")
        if name not in known:
            raise RulesError(
                f"unknown rule {key!r}; the rules are: {', '.join(sorted(known))}"
            )
        option = known[name]
        values[name] = _convert(option if bounded else dataclasses.replace(option, min=None, max=None),
                                rules_type, raw)
    try:
        return rules_type(**values)
    except TypeError as exc:  # pragma: no cover - guarded by the checks above
        raise RulesError(str(exc)) from None


def rules_to_json(rules: Any) -> dict[str, Any]:
    """The rules as plain JSON data (enums by value); ``rules_from_json`` reads it back."""
    return {name: _to_json_value(getattr(rules, name)) for name in _field_names(type(rules))}


def parse_assignments(rules_type: type[R], assignments: Iterable[str],
                      base: Mapping[str, Any] | None = None) -> R:
    """Rules from ``key=value`` strings, as given to ``--rule`` on the command line (``base``: the
    JSON rules they change; the defaults if none)."""
    known = {o.name: o for o in options(rules_type)}
    data: dict[str, Any] = dict(base or {})
    for item in assignments:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError(f"a rule is written key=value, not {item!r}")
        name = key.strip().replace("-", "_")
        option = known.get(name)
        data[name] = value.strip() if option is None else _from_text(option, value.strip())
    return rules_from_json(rules_type, data)


def non_defaults(rules: Any) -> dict[str, Any]:
    """Only the options that differ from the defaults."""
    default = type(rules)()
    return {
        k: v for k, v in rules_to_json(rules).items() if v != _to_json_value(getattr(default, k))
    }
