"""Go Fish in words: the log line of each action (told for one viewer's eyes) and the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from parlour.games.go_fish import engine
from parlour.games.go_fish.notation import Ask, Deal, FirstDealer
from parlour.games.go_fish.rules import Ending
from parlour.games.go_fish.state import CARDS, Act, Event, Phase, State

Namer = Callable[[int], str]


def namer(names: Sequence[str] | None) -> Namer:
    def name(s: int) -> str:
        if names is not None and 0 <= s < len(names):
            return names[s]
        return f"Player {s + 1}"
    return name


def _event(event: Event, name: Namer, viewer: int | None, omniscient: bool) -> str:
    who = name(event.seat)
    rank = event.rank
    if event.act is Act.ASK:
        assert event.target is not None and rank is not None
        asked = f"{who} asked {name(event.target)} for {rank.plural}"
        if not event.cards:
            return f"{asked}: Go fish!"
        count = len(event.cards)
        return f"{asked}: {name(event.target)} hands over {count} ({' '.join(str(c) for c in event.cards)})."
    if event.act is Act.BOOK:
        assert rank is not None
        return f"{who} makes a book of {rank.plural}!"
    see = omniscient or viewer == event.seat or event.lucky
    card = CARDS[event.drawn] if event.drawn >= 0 else None
    if event.act is Act.FISH:
        assert rank is not None
        if event.lucky:
            return f"{who} draws {card}, one of the {rank.plural} asked for, shows it and goes again."
        return f"{who} draws {card} from the stock." if see else f"{who} draws a card from the stock."
    return (f"{who} has nobody to ask or no cards, and draws {card}." if see
            else f"{who} has nobody to ask or no cards, and draws a card.")


def describe(state: State, seat: int, action: Ask | FirstDealer | Deal, names: Sequence[str] | None,
             viewer: int | None = None, omniscient: bool = False) -> str:
    name = namer(names)
    if isinstance(action, FirstDealer):
        return f"{name(action.seat)} deals."
    if isinstance(action, Deal):
        after = engine.deal(state, action)
        size = state.rules.dealt(state.players)
        parts = [f"{name(state.dealer)} shuffles and deals {size} cards each; the rest is the stock."]
        if omniscient:
            parts += [f"{name(s)}: {' '.join(str(CARDS[c]) for c in _bits(after, s))}."
                      for s in range(state.players)]
        elif viewer is not None and 0 <= viewer < state.players:
            mine = [str(c) for c in action.cards]
            order = [(state.dealer + 1 + k) % state.players for k in range(state.players)]
            position = order.index(viewer)
            dealt = [mine[i] for i in range(size * state.players) if i % state.players == position]
            parts.append(f"You are dealt {' '.join(dealt)}.")
    else:
        after = engine.apply_move(state, seat, action)
        parts = []
    parts += [_event(e, name, viewer, omniscient) for e in after.history[len(state.history)
                                                                          if isinstance(action, Ask) else 0:]]
    if after.phase is Phase.OVER:
        parts.append(ending(after, name))
    elif isinstance(action, Ask):
        if after.current != seat:
            parts.append(f"The turn passes to {name(after.current)}.")
    else:
        parts.append(f"{name(after.current)} starts.")
    return " ".join(parts)


def _bits(state: State, seat: int) -> list[int]:
    hand = state.hands[seat]
    return [i for i in range(52) if hand >> i & 1]


def ending(state: State, name: Namer) -> str:
    """Why the game ended, and who won."""
    rules = state.rules
    if rules.ending is Ending.ALL_BOOKS:
        why = "All thirteen books are made."
    elif not state.stock:
        why = "The stock has run out."
    else:
        out = [name(s) for s in range(state.players) if not state.hands[s]]
        why = f"{' and '.join(out)} {'has' if len(out) == 1 else 'have'} no cards left."
    return f"{why} {result(state, name)}"


def result(state: State, name: Namer) -> str:
    counts = state.book_counts
    tally = ", ".join(f"{name(s)} {c}" for s, c in enumerate(counts))
    top = engine.winners(state)
    if len(top) == 1:
        return f"{name(top[0])} wins with {counts[top[0]]} books ({tally})."
    return f"{' and '.join(name(s) for s in top)} share the win with {counts[top[0]]} books each ({tally})."
