"""Go Fish in text: the players by the number you ask them by, with their cards, books and the
cards everyone knows they hold; the stock; your hand grouped by rank; what happened since your
last turn; whom you may ask and for what; at the end the books and the winners.  Plain characters
only, and only what the view shows (so only what the seat may know).

The CLI prints every action's log line as it happens; the screen repeats only what happened since
the seat's own last turn, so that a player who has just been passed the device (its screen
cleared) knows what was asked of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import Card, Rank
from parlour.games.go_fish.rules import Ending
from parlour.games.go_fish.state import CARDS, Act, Event, Phase
from parlour.games.go_fish.view import GoFishView
from parlour.tui.render import renderer

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


def known_cards(view: GoFishView) -> tuple[tuple[Card, ...], ...]:
    """For each seat, the cards everyone knows it holds (the view's ``known``)."""
    return view.known


def hand_lines(view: GoFishView) -> list[str]:
    """Your cards grouped by rank: ``7s: 7H 7S   Ks: KD``."""
    if view.hand is None or view.phase not in (Phase.PLAY, Phase.OVER):
        return []
    if not view.hand:
        return ["  Your hand: no cards."]
    groups = "   ".join(f"{short(rank)}s: {_cards(cards)}" for rank, cards in view.groups)
    return [f"  Your hand ({_plural(len(view.hand), 'card')}): {groups}"]


def player_lines(view: GoFishView, names: Sequence[str]) -> list[str]:
    """One line a player: the number to ask them by, name, cards, books, known cards."""
    dealt = view.phase in (Phase.PLAY, Phase.OVER)
    width = max(len(names[s]) + (6 if s == view.seat else 0) for s in range(view.players))
    known = known_cards(view)
    lines = ["  Players (ask them by number):" if view.phase is Phase.PLAY else "  Players:"]
    for seat in range(view.players):
        marker = ">" if view.to_act == seat else " "
        who = names[seat] + (" (you)" if seat == view.seat else "")
        parts = []
        if dealt:
            size = view.hand_sizes[seat]
            parts.append(f"{_plural(size, 'card') if size else 'no cards':<8}")
            parts.append(books_text(view.books[seat]))
            if seat != view.seat and known[seat] and view.phase is Phase.PLAY:
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
    if view.seat is None or view.phase is not Phase.PLAY:
        return []
    start = 0
    for n, event in enumerate(view.history):
        if event.act is Act.ASK and event.seat == view.seat:
            start = n
    events = list(view.history[start:])
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
    if view.seat is None or view.to_act != view.seat or view.phase is not Phase.PLAY or not view.hand:
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
    if view.phase is not Phase.OVER:
        return []
    if view.rules.ending is Ending.ALL_BOOKS:
        why = "All thirteen books are made."
    elif not view.stock_size:
        why = "The stock has run out."
    else:
        out = [names[s] for s in range(view.players) if not view.hand_sizes[s]]
        why = f"{' and '.join(out)} {'has' if len(out) == 1 else 'have'} no cards left."
    return [f"  {why}"]


def _header(view: GoFishView, names: Sequence[str]) -> str:
    title = f"Go Fish ({view.rules.ending.value}: {_ENDINGS[view.rules.ending]})"
    if view.phase in (Phase.CUT, Phase.DEAL):
        return f"{title}. The cards are being dealt."
    stock = f"Stock: {_plural(view.stock_size, 'card')}" if view.stock_size else "The stock is empty"
    if view.phase is Phase.OVER:
        return f"{title}. Game over. {stock}."
    if view.to_act is None:
        turn = "nobody's turn"
    else:
        turn = "your turn" if view.to_act == view.seat else f"{names[view.to_act]}'s turn"
    return f"{title}. {stock}; {turn}."


@renderer("go-fish")
def render(view: GoFishView, names: Sequence[str]) -> str:
    names = list(names) + [f"Player {n + 1}" for n in range(len(names), view.players)]
    lines = [_header(view, names), *player_lines(view, names)]
    lines += recent_lines(view, names)
    lines += hand_lines(view)
    lines += ask_lines(view)
    lines += result_lines(view, names)
    return "\n".join(lines).rstrip()
