"""Go Fish in words: the log line of each action (told for one viewer's eyes), the result, and a
view drawn as plain text (``render_view``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from parlour.core.cards import Card, Rank
from parlour.games.go_fish import engine
from parlour.games.go_fish.deck import CARDS
from parlour.games.go_fish.moves import Act, Ask, Deal, Event, FirstDealer
from parlour.games.go_fish.rules import ALL_BOOKS, Ending
from parlour.games.go_fish.state import CUT, DEAL, OVER, PLAY, State
from parlour.games.go_fish.view import GoFishView, told

Namer = Callable[[int], str]


def namer(names: Sequence[str] | None) -> Namer:
    def name(s: int) -> str:
        if names is not None and 0 <= s < len(names):
            return names[s]
        return f"Player {s + 1}"
    return name


def _event(event: Event, name: Namer) -> str:
    """The log line of an event (a card drawn is named where the event tells it)."""
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
    card = CARDS[event.drawn] if event.drawn >= 0 else "a card"
    if event.act is Act.FISH:
        assert rank is not None
        if event.lucky:
            return f"{who} draws {card}, one of the {rank.plural} asked for, shows it and goes again."
        return f"{who} draws {card} from the stock."
    return f"{who} has nobody to ask or no cards, and draws {card}."


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
    drawn = {s: after.drawn[s][len(state.drawn[s]):]  # the cards drawn unseen this viewer may know
             for s in range(state.players) if omniscient or s == viewer}
    parts += [_event(e, name) for e in told(after.history[len(state.history):], drawn)]
    if after.phase is OVER:
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
    sizes = [hand.bit_count() for hand in state.hands]
    return f"{why_over(state.rules.ending, len(state.stock), sizes, name)} {result(state, name)}"


def why_over(ending: Ending, stock_size: int, hand_sizes: Sequence[int], name: Namer) -> str:
    """Why a game that is over ended: all books made, the stock empty, or these hands empty."""
    if ending is ALL_BOOKS:
        return "All thirteen books are made."
    if not stock_size:
        return "The stock has run out."
    out = [name(s) for s, size in enumerate(hand_sizes) if not size]
    return f"{' and '.join(out)} {'has' if len(out) == 1 else 'have'} no cards left."


def result(state: State, name: Namer) -> str:
    counts = state.book_counts
    tally = ", ".join(f"{name(s)}: {c}" for s, c in enumerate(counts))  # "Name: 8", never "Name 8"
    top = engine.winners(state)
    if len(top) == 1:
        return f"{name(top[0])} wins with {counts[top[0]]} books ({tally})."
    return f"{' and '.join(name(s) for s in top)} share the win with {counts[top[0]]} books each ({tally})."


# ---- the view drawn as plain text (the terminal's, and the playthroughs') ----
RECENT = 6
"""Lines of "since your last turn" shown at most (the earlier ones are counted)."""

_ENDINGS = {
    Ending.FIRST_OUT: "ends when a hand or the stock is empty",
    Ending.DRAW_ON: "ends when the stock is empty",
    Ending.ALL_BOOKS: "ends when all 13 books are made",
}


def short(rank: Rank) -> str:
    """A rank as typed in an ask: ``A 2-10 J Q K``."""
    return "10" if rank is Rank.TEN else rank.value


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def books_text(books: Sequence[Rank]) -> str:
    """A player's books as ranks, in the order made: ``2 books: 7s Ks``, or ``no books``."""
    if not books:
        return "no books"
    return f"{_plural(len(books), 'book')}: {' '.join(f'{short(r)}s' for r in books)}"


def hand_lines(view: GoFishView) -> list[str]:
    """Your cards grouped by rank: ``7s: 7H 7S   Ks: KD``."""
    if view.hand is None or view.phase not in (PLAY, OVER):
        return []
    if not view.hand:
        return ["  Your hand: no cards."]
    groups = "   ".join(f"{short(rank)}s: {_cards(cards)}" for rank, cards in view.groups)
    return [f"  Your hand ({_plural(len(view.hand), 'card')}): {groups}"]


def player_lines(view: GoFishView, names: Sequence[str]) -> list[str]:
    """One line a player: the number to ask them by, name, cards, books, known cards."""
    dealt = view.phase in (PLAY, OVER)
    width = max(len(names[s]) + (6 if s == view.seat else 0) for s in range(view.players))
    known = view.known
    lines = ["  Players (ask them by number):" if view.phase is PLAY else "  Players:"]
    for seat in range(view.players):
        marker = ">" if view.to_act == seat else " "
        who = names[seat] + (" (you)" if seat == view.seat else "")
        parts = []
        if dealt:
            size = view.hand_sizes[seat]
            parts.append(f"{_plural(size, 'card') if size else 'no cards':<8}")
            parts.append(books_text(view.books[seat]))
            if seat != view.seat and known[seat] and view.phase is PLAY:
                parts.append(f"known to hold: {_cards(known[seat])}")
            if seat in view.winners:
                parts.append("(wins)" if len(view.winners) == 1 else "(shares the win)")
        lines.append(f"  {marker} {seat + 1}  {who:<{width}}  {'  '.join(parts)}".rstrip())
    return lines


def event_lines(events: Sequence[Event], names: Sequence[str], seat: int | None) -> list[str]:
    """The events in the manual's words, one line an ask (with the draw and the books that
    followed it), one line each for other draws and books."""

    def who(s: int | None) -> str:
        return "?" if s is None else "you" if s == seat else names[s]

    def actor(s: int) -> str:
        return "You" if s == seat else names[s]

    lines: list[str] = []
    asker: int | None = None
    """Who asked on the line being written (its draw and books go on it)."""
    for event in events:
        rank = event.rank.plural if event.rank is not None else ""
        card = str(CARDS[event.drawn]) if event.drawn >= 0 else "a card"
        if event.act is Act.ASK:
            asked = f"{actor(event.seat)} asked {who(event.target)} for {rank}"
            got = f" and got {_cards(event.cards)}." if event.cards else ": Go fish!"
            lines.append(asked + got)
            asker = event.seat
            continue
        if event.act is Act.FISH and asker == event.seat:
            lines[-1] += (f" {who(event.seat).capitalize()} drew {card}, one of the {rank} asked for,"
                          " and went again." if event.lucky else f" ({who(event.seat)} drew {card})")
            continue
        if event.act is Act.BOOK and asker == event.seat:
            lines[-1] += f" {actor(event.seat)} made a book of {rank}."
            continue
        asker = None
        if event.act is Act.BOOK:
            lines.append(f"{actor(event.seat)} made a book of {rank}.")
        else:
            lines.append(f"{actor(event.seat)} had no cards or nobody to ask, and drew {card}.")
    return lines


def recent_lines(view: GoFishView, names: Sequence[str]) -> list[str]:
    """What happened since the seat's own last ask (all of it on its first turn), at most
    ``RECENT`` lines; nothing for a spectator or once the game is over."""
    if view.seat is None or view.phase is not PLAY:
        return []
    start = 0
    history = view.seen_history
    for n, event in enumerate(history):
        if event.act is Act.ASK and event.seat == view.seat:
            start = n
    events = list(history[start:])
    # the seat's own last ask and what came of it are not news (the log said so on its turn)
    while events and events[0].seat == view.seat and any(e.seat != view.seat for e in events):
        events.pop(0)
    if not events or all(e.seat == view.seat for e in events):
        return []
    lines = event_lines(events, names, view.seat)
    earlier = len(lines) - RECENT
    head = "  Since your last turn" + (f" ({earlier} earlier not shown)" if earlier > 0 else "") + ":"
    return [head, *(f"    {x}" for x in lines[-RECENT:])]


def ask_lines(view: GoFishView) -> list[str]:
    """On your turn: whom you may ask (players holding cards) and for what (ranks you hold)."""
    if view.seat is None or view.to_act != view.seat or view.phase is not PLAY or not view.hand:
        return []
    targets = [s for s in range(view.players) if s != view.seat and view.hand_sizes[s]]
    ranks = [rank for rank, _ in view.groups]
    if not targets or not ranks:
        return []
    players = ("player " if len(targets) == 1 else "players ") + ", ".join(str(s + 1) for s in targets)
    example = f"ask {targets[0] + 1} for {ranks[0].plural}"
    return [f"  Ask: {players} for {', '.join(short(r) for r in ranks)}  (as in: {example})"]


def result_lines(view: GoFishView, names: Sequence[str]) -> list[str]:
    """At the end: why it ended (the players' lines mark the winners)."""
    if view.phase is not OVER:
        return []
    return [f"  {why_over(view.rules.ending, view.stock_size, view.hand_sizes, names.__getitem__)}"]


def _header(view: GoFishView, names: Sequence[str]) -> str:
    title = f"Go Fish ({view.rules.ending.value}: {_ENDINGS[view.rules.ending]})"
    if view.phase in (CUT, DEAL):
        return f"{title}. The cards are being dealt."
    stock = f"Stock: {_plural(view.stock_size, 'card')}" if view.stock_size else "The stock is empty"
    if view.phase is OVER:
        return f"{title}. Game over. {stock}."
    if view.to_act is None:
        turn = "nobody's turn"
    else:
        turn = "your turn" if view.to_act == view.seat else f"{names[view.to_act]}'s turn"
    return f"{title}. {stock}; {turn}."


def render_view(view: GoFishView, names: Sequence[str]) -> str:
    names = list(names) + [f"Player {n + 1}" for n in range(len(names), view.players)]
    lines = [_header(view, names), *player_lines(view, names)]
    lines += recent_lines(view, names)
    lines += hand_lines(view)
    lines += ask_lines(view)
    lines += result_lines(view, names)
    return "\n".join(lines).rstrip()
