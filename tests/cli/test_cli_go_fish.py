"""Go Fish in the terminal: whole games through ``parlour play`` on pipes (one person against the
random bots, refused asks and all; the all-books preset; two people passing one device), and the
renderer on views of chosen deals and on random games."""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
from collections.abc import Callable, Iterator

import clikit
from clikit import listed_moves, run

from parlour.core.cards import Rank, parse_cards, standard_deck
from parlour.core.protocol import CHANCE
from parlour.core.record import Record
from parlour.games.go_fish import GAME, Act, Ask, Deal, Ending, FirstDealer, Phase, Rules, State, Table
from parlour.games.go_fish import text as screen
from parlour.games.go_fish.deck import CARDS, cards_of
from parlour.games.go_fish.view import known_cards
from parlour.tui.render import render

DEVICE = "press Enter when you have the device> "
CARD = re.compile(r"(?<![\w|])([2-9TJQKA][CDHS])(?![\w|])")
HEADER = "\nGo Fish ("


def converse(args: list[str], answer: Callable[[str], str], limit: int = 3000) -> tuple[int, str]:
    return clikit.converse(args, answer, limit)


def card_tokens(text: str) -> set[str]:
    return set(CARD.findall(text))


def grouped(state: State, seat: int) -> str:
    """The hand of ``seat`` as the screen should group it, worked out here from the state."""
    groups: dict[Rank, list[str]] = {}
    for card in cards_of(state.hands[seat]):
        groups.setdefault(card.rank, []).append(str(card))
    return "   ".join(f"{'10' if r is Rank.TEN else r.value}s: {' '.join(c)}" for r, c in groups.items())


def may_know(state: State, seat: int | None) -> set[str]:
    """The cards ``seat`` may know of now: its hand, its own draws, and every card that has been
    public (handed over in an ask, shown on a lucky draw, put in a book)."""
    public = {str(c) for e in state.history for c in e.cards}
    if seat is None:
        return public
    own = {str(c) for c in cards_of(state.hands[seat])}
    drawn = {str(CARDS[c]) for c in state.drawn[seat]}
    return public | own | drawn


def screens_with_states(out: str, record: Record,
                        who: Callable[[int], bool]) -> Iterator[tuple[str, State, int]]:
    """Each screen on which a person was asked for a move (its text up to the prompt), with the
    state it showed and the seat asked; ``who(seat)``: the seats played by people."""
    texts = [s.split(", your move:")[0] for s in out.split(HEADER)[1:] if ", your move:" in s]
    states = list(record.states())
    moments = [(state, entry.seat) for state, entry in zip(states, record.entries, strict=False)
               if entry.seat != CHANCE and who(entry.seat)]
    assert len(texts) == len(moments) > 3
    for text, (state, seat) in zip(texts, moments, strict=True):
        yield text, state, seat


def check_screen(text: str, state: State, seat: int, names: list[str]) -> None:
    """The screen matches the state: the grouped hand, each player's cards, books and the cards
    everyone knows they hold, the stock; and it shows no card the seat may not know."""
    size = state.hands[seat].bit_count()
    assert f"  Your hand ({size} card{'' if size == 1 else 's'}): {grouped(state, seat)}\n" in text, text
    assert f"Stock: {len(state.stock)} card" in text or (not state.stock and "The stock is empty" in text)
    known = known_cards(state)
    for s, name in enumerate(names):
        count = state.hands[s].bit_count()
        cards = f"{count} card{'' if count == 1 else 's'}" if count else "no cards"
        books = state.books[s]
        shelf = (f"{len(books)} book{'' if len(books) == 1 else 's'}: "
                 + " ".join(f"{'10' if r is Rank.TEN else r.value}s" for r in books)) if books else "no books"
        marker = ">" if s == seat else " "
        you = " (you)" if s == seat else ""
        line = re.search(rf"^  {marker} {s + 1}  {re.escape(name + you)} +{cards} +{re.escape(shelf)}(.*)$",
                         text, re.M)
        assert line is not None, (name, text)
        held = " ".join(str(c) for c in cards_of(known[s]))
        if s != seat and held:
            assert line.group(1) == f"  known to hold: {held}", (line.group(0), held)
        else:
            assert "known" not in line.group(1)
    hidden = card_tokens(text) - may_know(state, seat)
    assert not hidden, (hidden, text)


def check_turns(record: Record) -> tuple[int, int]:
    """After "Go fish!" the turn passes to the player who said it; a lucky draw, or cards handed
    over, lets the asker go again.  The numbers of unlucky and lucky draws."""
    states = list(record.states())
    unlucky = lucky = 0
    for n, entry in enumerate(record.entries):
        before, after = states[n], states[n + 1]
        if entry.seat == CHANCE or after.phase is Phase.OVER:
            continue
        new = after.history[len(before.history):]
        ask = new[0]
        assert ask.act is Act.ASK and ask.seat == entry.seat
        nxt = record.entries[n + 1].seat
        fished = [e for e in new if e.act is Act.FISH]
        if ask.cards or (fished and fished[0].lucky):
            lucky += bool(fished)
            expected = entry.seat
        else:
            unlucky += bool(fished)
            expected = ask.target
        if not any(e.act is Act.DRAW for e in new) and after.hands[entry.seat]:
            assert nxt == expected == GAME.to_act(after)[0], (entry, new)
    return unlucky, lucky


# ---- one person against the random bots -------------------------------------------------------
class Scripted:
    """Asks at random (seeded), and on the way tries what a person gets wrong: a rank they do not
    hold, themselves, a player who is not at the table, bad text, a player with no cards left;
    and help, hint and moves."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.pending: list[str] = []
        self.tried: dict[str, str] = {}
        """What was tried, with the move list of the screen it was tried on."""

    def __call__(self, transcript: str) -> str:
        if transcript.endswith(DEVICE):
            return ""
        if self.pending:
            return self.pending.pop(0)
        moves = listed_moves(transcript)
        text = transcript[transcript.rfind(HEADER):]
        hand = re.search(r"Your hand \(\d+ cards?\): (.*)", text)
        assert hand is not None
        held = re.findall(r"(\w+)s: ", hand.group(1))
        mine = held[0]
        options = ", ".join(moves)
        if "first" not in self.tried:
            self.tried["first"] = options
            missing = next(r.plural for r in Rank if ("10" if r is Rank.TEN else r.value) not in held)
            self.pending = [f"ask 1 for {mine}", f"ask 9 for {mine}", "give me your sevens", "moves", "help",
                            "hint", self.rng.choice(moves)]
            return f"ask 2 for {missing}"
        empty = re.search(r"^    (\d)  \S.*?  no cards ", text, re.M)
        if empty and "empty" not in self.tried:
            self.tried["empty"] = options
            self.pending = ["moves", self.rng.choice(moves)]
            return f"ask {empty.group(1)} for {mine}"
        return self.rng.choice(moves)


def play(tmp_path, seats: list[str], extra: list[str], seed: int) -> tuple[int, str, Scripted, Record]:
    path = tmp_path / f"game{seed}.jsonl"
    player = Scripted(seed)
    args = ["play", "go-fish", *itertools.chain.from_iterable(("--seat", s) for s in seats),
            "--seed", str(seed), "--record", str(path), *extra]
    status, out = converse(args, player)
    return status, out, player, Record.from_jsonl(path.read_text())


def test_a_whole_game_against_the_random_bots_through_a_pipe(tmp_path) -> None:
    names = ["Ann", "Random bot B", "Random bot C"]
    status, out, player, record = play(tmp_path, ["Ann", "bot:random", "bot:random"], [], 5)
    assert status == 0, out[-2000:]
    state = record.final_state()
    assert state.phase is Phase.OVER and "Game over." in out
    # refused asks give their reason, and change nothing: the same moves, nothing recorded
    options = player.tried["first"]
    refused = re.search(
        r"Ann> ask 2 for (\w+)\nNot allowed: you may only ask for a rank you hold: you have no \1\n"
        r"Ann> ask 1 for \w+\nNot allowed: you cannot ask yourself: ask another player\n"
        r"Ann> ask 9 for \w+\nNot allowed: there is no player 9 at this table of 3\n"
        r"Ann> give me your sevens\nNot a move: 'give me your sevens' is not a Go Fish move: ask a player "
        r"for a rank, as in ask 2 for sevens\n"
        r"Ann> moves\nLegal moves: (.*)\n", out)
    assert refused is not None and refused.group(2) == options
    first = next(e for e in record.entries if e.seat == 0)
    assert first.action in options.split(", ")
    assert "ask 2 for sevens     ask player 2 for all their sevens" in out  # help
    assert "This game has no advisor yet." in out  # hint
    # every screen: the grouped hand, counts, books, known cards, the stock; nothing hidden
    for text, at, seat in screens_with_states(out, record, lambda s: s == 0):
        check_screen(text, at, seat, names)
        ranks = ", ".join("10" if r is Rank.TEN else r.value
                          for r in sorted({c.rank for c in cards_of(at.hands[0])}, key=lambda r: r.number))
        assert re.search(rf"  Ask: players? [\d, ]+ for {ranks}  \(as in: ask \d for \w+\)", text)
    # the turn: "Go fish!" passes it to who said it; a lucky draw (or a catch) goes again
    unlucky, lucky = check_turns(record)
    assert unlucky and lucky
    who = r"(Ann|Random bot [A-Z])"
    fished = re.findall(rf"^  {who} asked {who} for \w+: Go fish! (.*)", out, re.M)
    assert fished
    for asked, target, tail in fished:
        if "goes again" not in tail and "wins" not in tail and "share the win" not in tail:
            assert tail.endswith(f"The turn passes to {target}."), (asked, tail)
    assert re.search(r"\(Random bot [A-Z] drew a card\)", out)
    # the bots' cards and the stock never show, except what was handed over, shown or booked
    seen: set[str] = set()
    for at in record.states():
        if at.phase in (Phase.PLAY, Phase.OVER):
            seen |= {str(c) for c in cards_of(at.hands[0])}
    secret = {str(c) for c in standard_deck()} - seen - may_know(state, None)
    assert len(secret) >= 3  # cards still in the bots' hands and the stock at the end
    assert not secret & card_tokens(out.replace(GAME.move_help(), ""))
    assert re.search(r"Random bot [A-Z] draws \w\w from the stock", out) is None
    # the end: books and the winners
    end = out[out.rfind(HEADER):]
    assert "Game over." in end and "  Players:\n" in end and "Your hand" not in end
    top = max(state.book_counts)
    for s, name in enumerate(names):
        mark = re.search(rf"^    {s + 1}  {re.escape(name)} .*$", end, re.M)
        assert mark is not None and (mark.group(0).endswith("(wins)") or mark.group(0).endswith(
            "(shares the win)")) == (state.book_counts[s] == top)


def test_the_all_books_preset_and_a_player_with_no_cards(tmp_path) -> None:
    for seed in (4, 1, 2, 3, 6, 7, 8, 9):  # the first with a player out of cards on Ann's turn
        status, out, player, record = play(tmp_path, ["Ann", "bot:random", "bot:random"],
                                           ["--preset", "all-books"], seed)
        if "empty" in player.tried:
            break
    assert status == 0, out[-2000:]
    state = record.final_state()
    assert state.rules.ending is Ending.ALL_BOOKS and sum(state.book_counts) == 13
    assert "Go Fish (all-books: ends when all 13 books are made)" in out
    assert "  All thirteen books are made.\nGame over." in out
    # (the reason names the seat by the number people ask it by)
    refused = re.search(r"Ann> ask (\d) for \w+\nNot allowed: (player \d) has no cards to ask for\n"
                        r"Ann> moves\nLegal moves: (.*)\n", out)
    assert refused is not None and refused.group(3) == player.tried["empty"]
    assert refused.group(2) == f"player {refused.group(1)}"
    assert f"ask {refused.group(1)} " not in refused.group(3)
    check_turns(record)
    names = ["Ann", "Random bot B", "Random bot C"]
    for text, at, seat in screens_with_states(out, record, lambda s: s == 0):
        check_screen(text, at, seat, names)


# ---- two people passing one device --------------------------------------------------------------
def test_two_people_pass_the_device_and_see_only_their_own_cards(tmp_path) -> None:
    names = ["Ann", "Bob", "Random bot"]
    status, out, _, record = play(tmp_path, ["Ann", "Bob", "bot:random"], ["--rule", "ending=draw-on"], 11)
    assert status == 0, out[-2000:]
    assert record.final_state().rules.ending is Ending.DRAW_ON
    assert "Pass the device to Ann" in out and "Pass the device to Bob" in out
    assert "You are dealt" not in out.split("Pass the device to", 1)[0]  # nobody had the device
    for text, at, seat in screens_with_states(out, record, lambda s: s in (0, 1)):
        check_screen(text, at, seat, names)
        other = names[1 - seat]
        assert f"{other} (you)" not in text and "Your hand" in text
    # each device pass is followed by that person's screen, telling them what was asked of them
    parts = re.findall(r"Pass the device to (\w+); .*?\n(.*?)(?=Pass the device to|\Z)", out, re.S)
    for who, part in parts:
        assert f"{who} (you)" in part
        assert re.search(rf"^    {who} asked", part, re.M) is None  # told as "You asked"
    assert any(re.search(r"^    (Ann|Bob|Random bot) asked you for", part, re.M) for _, part in parts)
    check_turns(record)


def test_errors_at_the_start_are_one_line():
    for args in (["--seat", "Ann"], ["--preset", "nope"], ["--rule", "ending=never"]):
        result = run("play", "go-fish", *args)
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert result.stderr.startswith("parlour: error: ") and "Traceback" not in result.stderr
    assert "two to six players, not 7" in run("play", "go-fish", *(["--seat", "bot:random"] * 7)).stderr


# ---- the renderer ------------------------------------------------------------------------------
NAMES = ["Ann", "Bob", "Cat"]


def deck(hands: list[str], stock: str, dealer: int) -> Deal:
    """The deck that deals ``hands`` one card at a time from the dealer's left, then ``stock``."""
    n = len(hands)
    order = [(dealer + 1 + k) % n for k in range(n)]
    per = [list(parse_cards(h)) for h in hands]
    dealt = [per[order[i % n]][i // n] for i in range(len(per[0]) * n)]
    top = list(parse_cards(stock))
    return Deal(tuple(dealt + top + [c for c in standard_deck() if c not in dealt and c not in top]))


def start(hands: list[str], stock: str) -> State:
    state = GAME.apply(GAME.initial_state(Rules(), len(hands)), CHANCE, FirstDealer(len(hands) - 1))
    return GAME.apply(state, CHANCE, deck(hands, stock, len(hands) - 1))


def ask(state: State, text: str) -> State:
    seat = GAME.to_act(state)[0]
    return GAME.apply(state, seat, GAME.parse_move(state, seat, text))


def show(state: State, seat: int | None, names: list[str] = NAMES) -> str:
    return render("go-fish", GAME.view(state, seat), names)


def test_the_screen_groups_your_hand_and_says_whom_to_ask_for_what():
    state = start(["7H 7S KD TH TS", "7C 2C 3C 4C 5C", "KS 9C 9D 9H 8C"], "4D")
    text = show(state, 0)
    assert text.startswith("Go Fish (first-out: ends when a hand or the stock is empty). Stock: 37 cards; "
                           "your turn.\n  Players (ask them by number):\n")
    assert "  > 1  Ann (you)  5 cards   no books\n    2  Bob        5 cards   no books\n" in text
    assert "  Your hand (5 cards): 7s: 7H 7S   10s: TH TS   Ks: KD\n" in text
    assert text.endswith("  Ask: players 2, 3 for 7, 10, K  (as in: ask 2 for sevens)")
    assert card_tokens(text) == {"7H", "7S", "KD", "TH", "TS"}
    bob = show(state, 1)
    assert "Ann's turn." in bob and "Ask:" not in bob and "Your hand (5 cards): 2s: 2C   3s: 3C" in bob
    assert "  > 1  Ann        5 cards" in bob and "  > 2" not in bob
    watcher = show(state, None)
    assert "Your hand" not in watcher and "Ask:" not in watcher and not card_tokens(watcher)
    assert show(GAME.initial_state(Rules(), 3), 0).endswith("The cards are being dealt.\n  Players:\n"
                                                            "    1  Ann (you)\n    2  Bob\n    3  Cat")


def test_the_screen_tells_what_happened_since_your_last_turn_and_who_holds_what():
    state = start(["7H 7S 7D KD TH", "7C 2C 3C 4C 5C", "KS 9C 9D 9H 8C"], "TD 4D")
    state = ask(state, "ask 2 for sevens")  # Bob hands over 7C: a book of sevens; Ann goes again
    state = ask(state, "ask 3 for tens")  # Go fish! A lucky draw: TD; Ann goes again
    state = ask(state, "ask 2 for kings")  # Go fish! She draws 4D; Bob's turn
    assert GAME.to_act(state) == (1,)
    bob = show(state, 1)
    assert ("  Since your last turn:\n"
            "    Ann asked you for sevens and got 7C. Ann made a book of sevens.\n"
            "    Ann asked Cat for tens: Go fish! Ann drew TD, one of the tens asked for, and went again.\n"
            "    Ann asked you for kings: Go fish! (Ann drew a card)\n") in bob
    assert re.search(r"^    1  Ann +4 cards +1 book: 7s  known to hold: TD$", bob, re.M)
    assert "4D" not in bob and "KD" not in bob and "Stock: 35 cards; your turn." in bob
    assert "Ask: players 1, 3 for 2, 3, 4, 5  (as in: ask 1 for twos)" in bob
    ann = show(state, 0)
    assert "Since your last turn" not in ann and "Bob's turn." in ann  # her own asks are not news
    assert "Your hand (4 cards): 4s: 4D   10s: TD TH   Ks: KD" in ann
    assert "known to hold: TD" not in ann and "  > 2  Bob        4 cards   no books" in ann
    cat = show(state, 2)
    assert "Ann asked Cat for tens" not in cat and "Ann asked you for tens: Go fish! Ann drew TD" in cat
    assert GAME.view(state, 2).known == tuple(tuple(cards_of(k)) for k in known_cards(state))


def test_only_the_last_lines_since_your_last_turn_are_shown():
    state = start(["7H 7S 7D KD TH", "7C 2C 3C 4C 5C", "KS 9C 9D 9H 8C"], "TD 4D")
    view = GAME.view(state, 1)
    events = tuple(GAME.view(ask(state, "ask 3 for tens"), 1).history) * 10
    many = render("go-fish", dataclasses.replace(view, history=events), NAMES)
    lines = many.split("  Since your last turn (4 earlier not shown):\n", 1)[1].splitlines()
    assert len([x for x in lines if x.startswith("    Ann asked")]) == screen.RECENT


def test_the_end_shows_the_books_and_the_winners():
    def position(books: tuple[tuple[Rank, ...], ...]) -> State:
        hands = tuple(sum(1 << c.index for c in parse_cards(h)) for h in ("7H", "7C 7D 7S 2C"))
        return State(table=Table(rules=Rules(), players=2, dealer=1, phase=Phase.PLAY), hands=hands,
                     stock=tuple(c.index for c in parse_cards("3C 3D")), books=books, current=0,
                     drawn=((), ()))

    won = ask(position(((Rank.QUEEN,), (Rank.KING,))), "ask 2 for sevens")
    assert won.phase is Phase.OVER
    text = show(won, None, NAMES[:2])
    assert "Game over. Stock: 2 cards." in text and "  Players:\n" in text
    assert "    1  Ann  no cards  2 books: Qs 7s  (wins)\n    2  Bob  1 card    1 book: Ks\n" in text
    assert text.endswith("  Ann has no cards left.") and "Ask:" not in text and "2C" not in text
    tied = ask(position(((), (Rank.KING,))), "ask 2 for sevens")
    text = show(tied, 1, NAMES[:2])
    assert "1 book: 7s  (shares the win)" in text and "1 book: Ks  (shares the win)" in text
    assert "Your hand (1 card): 2s: 2C" in text and "Since your last turn" not in text


def test_no_screen_shows_a_card_its_seat_may_not_know():
    rng = random.Random(9)
    cases = [(Rules(), 2), (Rules(), 4), (Rules(ending=Ending.DRAW_ON), 3),
             (Rules(ending=Ending.ALL_BOOKS), 6), (Rules(ending=Ending.ALL_BOOKS, hand_size=7), 2)]
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    for rules, players in cases:
        state = GAME.initial_state(rules, players)
        while not GAME.is_terminal(state):
            (seat,) = GAME.to_act(state)
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            for viewer in (None, *range(players)):
                view = GAME.view(state, viewer)
                text = render("go-fish", view, names[:players])
                assert card_tokens(text) <= may_know(state, viewer), (viewer, text)
                assert view.known == tuple(tuple(cards_of(k)) for k in known_cards(state))
            move: Ask = rng.choice(GAME.legal_moves(state, seat))
            state = GAME.apply(state, seat, move)
        text = render("go-fish", GAME.view(state, None), names[:players])
        marked = [s for s in range(players)
                  if re.search(rf"^    {s + 1}  .*\((wins|shares the win)\)$", text, re.M)]
        assert tuple(marked) == GAME.winners(state)
