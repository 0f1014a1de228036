"""Dominoes in the terminal: whole games through ``parlour play`` on pipes (one person against the
random bot; two partners passing one device), house rules and presets from the command line, and
the renderer on views built from chosen draws."""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable

import clikit
from clikit import listed_moves, run

from parlour.core.protocol import CHANCE
from parlour.core.record import Record
from parlour.core.tiles import Tile, double_six_set, parse_tiles
from parlour.games.dominoes import GAME, Draw, Phase, Rules, State
from parlour.games.dominoes.tileset import mask_of, tiles_of
from parlour.tui.render import render

DEVICE = "press Enter when you have the device> "


def converse(args: list[str], answer: Callable[[str], str], limit: int = 3000) -> tuple[int, str]:
    return clikit.converse(args, answer, limit)


def screen(transcript: str) -> str:
    """The last screen drawn (from its header line)."""
    return transcript[transcript.rfind("\nDominoes, hand "):]


def hand_marks(text: str) -> dict[str, str]:
    """The tiles of the last 'Your hand' of ``text``, each with the ends it is marked as fitting
    ('' when unmarked)."""
    body = text[text.rfind("  Your hand ("):].split("\n", 1)[1]
    rows = []
    for line in body.splitlines():
        if not line.startswith("    "):
            break
        rows.append(line)
    return dict(re.findall(r"(\d\|\d)(?: \(([a-z, ]+)\))?", " ".join(rows)))


def shows(text: str, tile: Tile) -> bool:
    """The tile appears in ``text`` (either way round, or as a crossways double)."""
    faces = {f"{tile.high}|{tile.low}", f"{tile.low}|{tile.high}", f"{tile.high}/{tile.low}"}
    return any(re.search(rf"(?<!\d){re.escape(face)}(?!\d)", text) for face in faces)


# ---- one person against the random bot -----------------------------------------------------------
class Scripted:
    """Plays the first legal move, and on the way tries the things a person gets wrong: a tile
    that fits neither end, a bare tile that fits both, a knock when a tile fits; checks each
    screen's hand marks against the legal moves."""

    def __init__(self) -> None:
        self.tried: dict[str, str] = {}
        """What was tried (key) and the screen it was tried on (to compare after the refusal)."""
        self.pending: list[str] = []
        self.forced = 0
        self.screens = 0

    def __call__(self, transcript: str) -> str:
        if self.pending:
            return self.pending.pop(0)
        moves = listed_moves(transcript)
        text = screen(transcript)
        marks = hand_marks(text)
        self.screens += 1
        # the marks are exactly the legal plays, with their ends
        legal: dict[str, list[str]] = {}
        for move in moves:
            if move != "knock":
                tile, _, end = move.partition(" ")
                legal.setdefault(tile, []).append(end or "lead")
        marked = {tile: ends.split(", ") for tile, ends in marks.items() if ends}
        assert marked == {t: sorted(e) for t, e in legal.items()}, (marks, moves)
        if moves == ["knock"]:
            assert "Nothing fits either end: you must knock." in text
            self.forced += 1
            return "knock"
        assert "knock" not in moves and "you must knock" not in text
        ends = re.search(r"Open ends: left (\d), right (\d)\.", text)
        if "unfit" not in self.tried:
            unfit = [t for t, e in marks.items() if not e]
            if unfit and ends:
                self.tried["unfit"] = text
                self.pending = ["moves"]
                return unfit[0]
        if "ambiguous" not in self.tried and ends:
            both = [t for t, e in marks.items() if e == "left, right"]
            if both:
                self.tried["ambiguous"] = both[0]
                self.pending = [f"{both[0]} on {ends.group(1)}"]
                return both[0]
        if "knock" not in self.tried and self.screens > 1:
            self.tried["knock"] = text
            self.pending = ["moves"]
            return "knock"
        if "help" not in self.tried:
            self.tried["help"] = text
            self.pending = ["hint"]
            return "help"
        return moves[0]


def play_against_the_bot(tmp_path, seed: int) -> tuple[int, str, Scripted, Record]:
    path = tmp_path / f"game{seed}.jsonl"
    player = Scripted()
    status, out = converse(["play", "dominoes", "--seat", "Ann", "--seat", "bot:random", "--seed", str(seed),
                            "--rule", "target=10", "--record", str(path)], player)
    return status, out, player, Record.from_jsonl(path.read_text())


def test_a_whole_game_against_the_random_bot_through_a_pipe(tmp_path) -> None:
    # the first game in which Ann must knock and once holds a tile fitting both ends
    for seed in (6, 9, 16, 20, 1, 3):
        status, out, player, record = play_against_the_bot(tmp_path, seed)
        if player.forced and "ambiguous" in player.tried:
            break
    assert player.forced and {"unfit", "ambiguous", "knock", "help"} <= set(player.tried), seed
    assert status == 0, out[-2000:]
    state = record.final_state()
    assert state.phase is Phase.OVER and max(state.scores) >= 10
    assert "Game over." in out and re.search(r"(Ann|Random bot) reach(es)? 10 points and wins? the game", out)
    # the screens: the line, its ends, the sleeping tiles, the hand, the score sheet and its track
    assert re.search(r"Line of play, left end first \((Ann|Random bot) led (\d)\|\2\):\n    \[\d/\d\]", out)
    assert "Sleeping: 16 tiles (never drawn)." in out and "> Ann (you)" in out
    assert re.search(r"Score sheet +Ann +Random bot", out) and re.search(r"Ann +\|[=>.*]{40}\| \d+/10", out)
    assert "Total (to 10)" in out
    # help, and a hint without an advisor
    assert "6|4 on 4       play it on the end showing 4" in out and "knock          you cannot play" in out
    assert "This game has no advisor yet." in out
    # a tile fitting neither end is refused with the reason, and the move list is unchanged
    before = player.tried["unfit"]
    options = before.rsplit("Ann, your move: ", 1)[1].split("\n", 1)[0].split(" (or")[0]
    unfit = re.search(r"Ann> (\d\|\d)\nNot allowed: \1 fits neither end: the ends show (\d) and (\d)\n"
                      r"Ann> moves\nLegal moves: (.*)\n", out)
    assert unfit is not None and unfit.group(4) == options
    # a knock while a tile fits is refused, naming the tiles that fit
    knock = re.search(r"Ann> knock\nNot allowed: a player who can play must: ([\d|, ]+) fits?\n"
                      r"Ann> moves\n", out)
    assert knock is not None
    # a bare tile fitting two different ends asks which, and 'TILE on N' then plays it there
    tile = player.tried["ambiguous"]
    asked = re.search(rf"Ann> {re.escape(tile)}\nAmbiguous: {re.escape(tile)} fits both ends: say "
                      rf"{re.escape(tile)} left \(on the (\d)\) or {re.escape(tile)} right \(on the (\d)\)\n"
                      rf"Ann> {re.escape(tile)} on \1\n  Ann plays {re.escape(tile)} on the \1 \(left\)", out)
    assert asked is not None
    # Ann never sees the bot's tiles (nor the sleeping ones) before the end of the hand
    check_nothing_hidden_leaks(out, record, seat=0)


def check_nothing_hidden_leaks(out: str, record: Record, seat: int) -> None:
    """Between one draw and the next, the transcript shows no tile that ``seat`` did not draw and
    that never reached the line (the other hands' unplayed tiles and the sleeping tiles), except
    in the tiles left that the end of a hand shows to everyone."""
    segments = out.split("The tiles are shuffled and each player draws ")[1:]
    draws: list[tuple[frozenset[Tile], State]] = []  # the seat's tiles; the last state before the next draw
    states = list(record.states())
    for before, state in itertools.pairwise(states):
        if before.phase is Phase.DRAW:
            draws.append((frozenset(tiles_of(state.hands[seat])), state))
        elif draws:
            draws[-1] = (draws[-1][0], state)
    assert len(draws) == len(segments) >= 1
    for (mine, last), text in zip(draws, segments, strict=True):
        line = {p.tile for p in (*last.left, *last.right)} | ({last.lead.tile} if last.lead else set())
        hidden = set(double_six_set()) - mine - line
        text = text.replace(GAME.move_help(), "")  # its examples are not tiles of the game
        shown = "\n".join(x for x in text.splitlines() if "tiles left:" not in x)
        leaked = [str(t) for t in hidden if shows(shown, t)]
        assert not leaked, (leaked, text[:3000])


# ---- two partners sharing one terminal ----------------------------------------------------------
def test_two_partners_pass_the_device_and_each_sees_only_their_own_hand(tmp_path) -> None:
    path = tmp_path / "game.jsonl"

    def answer(transcript: str) -> str:
        return "" if transcript.endswith(DEVICE) else listed_moves(transcript)[0]

    status, out = converse(["play", "dominoes", "--seat", "Ann", "--seat", "bot:random", "--seat", "Cat",
                            "--seat", "bot:random", "--seed", "5", "--rule", "target=25",
                            "--record", str(path)], answer)
    assert status == 0, out[-2000:]
    assert "Pass the device to Ann" in out and "Pass the device to Cat" in out
    assert "Side 1: Ann and Cat; Side 2: Random bot B and Random bot D." in out
    first = out.split("Pass the device to", 1)[0]
    assert "You draw" not in first  # nobody had the device yet: the draw is told to nobody
    states = [s for s in Record.from_jsonl(path.read_text()).states()
              if s.phase is Phase.PLAY and GAME.to_act(s)[0] in (0, 2)]
    screens = re.split(r"\nDominoes, hand \d+: ", out)[1:]
    screens = [s for s in screens if "your move:" in s]
    assert len(screens) == len(states) > 4
    for state, text in zip(states, screens, strict=True):
        seat = GAME.to_act(state)[0]
        who, partner = ("Ann", "Cat") if seat == 0 else ("Cat", "Ann")
        assert f"> {who} (you)" in text and f"{who}, your move" in text
        assert re.search(rf"\n    {partner} +\d+ tiles? left; side 1, partner {who}", text)
        held = set(hand_marks(text))
        assert held == {str(t) for t in tiles_of(state.hands[seat])}
        others = [t for s in range(4) if s != seat for t in tiles_of(state.hands[s])]
        table = re.split(r"\n\n  (?:Side 1:|Score sheet)", text.split("your move:")[0])[0]
        table = "\n".join(x for x in table.splitlines() if "tiles left:" not in x)
        assert not [t for t in others if shows(table, t)]


# ---- house rules and presets ------------------------------------------------------------------------
def test_house_rules_presets_and_mistakes_on_the_command_line() -> None:
    solo = run("play", "dominoes", "--seat", "Ann", "--seat", "bot:random", "--seat", "bot:random",
               "--seat", "bot:random", "--rule", "partnerships=false", "--rule", "hand_size=7",
               "--seed", "2", stdin="quit\n", timeout=60)
    assert solo.returncode == 0, solo.stderr
    assert "Ann v Random bot B v Random bot C v Random bot D (game to 100, spots)" in solo.stdout
    assert "partner" not in solo.stdout and "Sleeping: 0 tiles" in solo.stdout
    assert "You left the game." in solo.stdout
    two = ("--seat", "Ann", "--seat", "bot:random", "--seed", "2")
    crib = run("play", "dominoes", "--preset", "cribbage", *two, stdin="quit\n", timeout=60)
    assert crib.returncode == 0, crib.stderr
    assert "Ann v Random bot (game to 121, spots)" in crib.stdout
    point = run("play", "dominoes", "--preset", "a-point-a-hand", *two, stdin="quit\n", timeout=60)
    assert "(game to 5, a point a hand)" in point.stdout
    for args, message in ((["--rule", "target=0"], "target must be at least 1"),
                          (["--seat", "Ann"], "two to four players"),
                          (["--preset", "pub"], "has no preset 'pub'")):
        bad = run("play", "dominoes", *args, stdin="quit\n", timeout=60)
        assert bad.returncode == 2 and message in bad.stderr, bad.stderr
        assert len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr


# ---- the renderer on chosen draws -------------------------------------------------------------------
def drawn(hands: list[str], rules: Rules | None = None) -> State:
    """A state just after a draw giving each seat the tiles listed (the rest sleep)."""
    tiles = [t for h in hands for t in parse_tiles(h)]
    rest = [t for t in double_six_set() if t not in tiles]
    state = GAME.initial_state(rules or Rules(), len(hands))
    return GAME.apply(state, CHANCE, Draw((*tiles, *rest)))


def play(state: State, *moves: str) -> State:
    for text in moves:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.parse_move(state, seat, text))
    return state


NAMES = ["Ann", "Bob", "Cat", "Dan"]
FOUR = ["6|6 6|5 1|0 0|0 2|1 3|0", "6|4 4|4 4|3 4|2 4|1 4|0", "5|5 5|3 5|2 5|1 5|0 3|1",
        "6|3 6|2 6|1 6|0 3|3 3|2"]  # 1|1 2|0 2|2 5|4 sleep


def test_the_line_its_ends_partners_knocks_and_the_hand_marked() -> None:
    state = play(drawn(FOUR), "6|6", "6|4 right", "knock", "6|3 left")
    text = render("dominoes", GAME.view(state, 0), NAMES)
    assert text.startswith("Dominoes, hand 1: Ann and Cat v Bob and Dan (game to 100, spots).")
    assert "  Line of play, left end first (Ann led 6|6):\n    [3|6][6/6][6|4]\n" in text
    assert "  Open ends: left 3, right 4." in text and "Sleeping: 4 tiles" in text
    assert "  > Ann (you)  5 tiles left; side 1, partner Cat" in text
    assert "    Bob        5 tiles left; side 2, partner Dan\n" in text
    assert "    Cat        6 tiles left; side 1, partner Ann; knocked on 4 and 6" in text
    assert "    Dan        5 tiles left; side 2, partner Bob\n" in text
    assert ("  Your hand (5 tiles, 18 spots; in brackets, the ends each tile fits):\n"
            "    6|5  3|0 (left)  2|1  1|0  0|0") in text
    for tile in parse_tiles("4|4 4|3 5|5 3|1 6|2 3|3 1|1 2|2 5|4"):  # the others' and the sleeping
        assert not shows(text, tile), tile
    spectator = render("dominoes", GAME.view(state, None), NAMES)
    assert "Your hand" not in spectator and "(you)" not in spectator and "> Ann " in spectator
    assert not shows(spectator, Tile(3, 0))


def test_stitched_up_then_a_forced_knock() -> None:
    state = play(drawn(FOUR), "6|6", "6|4 right", "knock", "6|3 left", "3|0", "4|0 left")
    text = render("dominoes", GAME.view(state, 2), NAMES)
    assert "    [4|0][0|3][3|6][6/6][6|4]\n  Stitched up! Both ends show 4." in text
    assert "Open ends" not in text
    assert "    5|5  5|3  5|2  5|1  5|0  3|1\n  Nothing fits either end: you must knock." in text
    knocked = play(state, "knock")
    text = render("dominoes", GAME.view(knocked, 3), NAMES)
    assert "Stitched up" not in text and "  Open ends: both show 4." in text
    assert "Cat        6 tiles left; side 1, partner Ann; knocked on 4 and 6" in text
    assert "  Your hand (5 tiles, 32 spots):\n    6|2  6|1  6|0  3|3  3|2\n  Nothing fits either end" in text


def test_the_lead_before_any_tile_is_down() -> None:
    text = render("dominoes", GAME.view(drawn(FOUR), 0), NAMES)
    assert "No tile is down yet: Ann leads with the highest double." in text
    assert "    6|6 (lead)  6|5  3|0" in text and "Line of play" not in text


def test_the_end_of_a_hand_shows_every_tile_left_with_its_spots_and_the_sheet() -> None:
    state = play(drawn(FOUR), "6|6", "6|4 right", "knock", "6|3 left")
    state = dataclasses.replace(state, hands=(mask_of([Tile(3, 0)]), *state.hands[1:]))
    over = play(state, "3|0")
    assert over.phase is Phase.DRAW
    text = render("dominoes", GAME.view(over, 1), NAMES)
    assert "  Hand 1: Ann chipped out; Ann and Cat score 62 points." in text
    assert "    Ann  tiles left: none (0 spots)" in text
    assert "    Bob  tiles left: 4|4 4|3 4|2 4|1 4|0 (30 spots)" in text
    assert "    Cat  tiles left: 5|5 5|3 5|2 5|1 5|0 3|1 (40 spots)" in text
    assert "    Dan  tiles left: 6|2 6|1 6|0 3|3 3|2 (32 spots)" in text
    assert "    Spots by side: Ann and Cat: 40, Bob and Dan: 62" in text
    assert "  Side 1: Ann and Cat; Side 2: Bob and Dan." in text
    assert re.search(r"Hand 1 +62 +\. +Ann chips out", text)
    assert re.search(r"Side 1  \|=+>\.+\| 62/100\n  Side 2  \|\.{40}\| 0/100", text)
    assert "Your hand" not in text and "Line of play" not in text


def test_a_blocked_hand_that_ends_the_game() -> None:
    two = drawn(["6|6 5|5 3|0 2|0 1|0 0|0", "3|3 3|2 3|1 2|2 2|1 1|1"], Rules(target=5))
    over = play(two, "6|6")  # nobody holds another 6: blocked at once
    assert over.phase is Phase.OVER
    text = render("dominoes", GAME.view(over, None), ["Ann", "Bob"])
    assert text.startswith("Dominoes: Ann v Bob; game over (game to 5, spots).")
    assert "  Hand 1: blocked, nobody could play; Ann scores 8 points." in text
    assert "    Ann  tiles left: 5|5 3|0 2|0 1|0 0|0 (16 spots)" in text
    assert "    Bob  tiles left: 3|3 3|2 3|1 2|2 2|1 1|1 (24 spots)" in text
    assert "Spots by side" not in text and "partner" not in text
    assert "    [6/6]\n  Open ends: both show 6." in text
    assert re.search(r"Hand 1 +8 +\. +blocked", text)
    assert "  Ann  |" + "=" * 39 + "*| 8/5" in text
    assert text.endswith("Ann reaches 5 points and wins the game.")
