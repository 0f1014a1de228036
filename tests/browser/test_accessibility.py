"""Accessibility, checked by axe-core: the lobby and a table of every game, mid-game and at the end
of a game, at desktop and phone sizes, with no serious or critical violations.

axe-core is not in the repository: ``scripts/fetch_axe.py`` (which the README's test command runs
first, passing on the path in ``PARLOUR_AXE_JS``) fetches a pinned version from the npm registry,
checks it against the published sha512 integrity and unpacks it into Parlour's cache folder.  If it
cannot be had the tests skip with the reason, except in CI (``CI`` set), where they fail.  Run with
``-s`` to see every violation found, whatever its impact; set ``PARLOUR_AXE_REPORT`` to a file's
path to have each one appended to it as a line of JSON (for counting them by rule and impact).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browserkit import DESKTOP, NEEDS_CHROMIUM, PHONE, Pages, open_moves, wait_for_turn_or_end
from playwright.sync_api import Page, ViewportSize, expect

import parlour

pytestmark = NEEDS_CHROMIUM

ROOT = Path(__file__).resolve().parents[2]
WEB = Path(parlour.__file__).resolve().parent / "web"
GAMES = ["shut-the-box", "draughts", "yahtzee", "blackjack", "dominoes", "gin-rummy", "go-fish"]
FAILING = {"serious", "critical"}
GUARDED = {"page-has-heading-one", "landmark-unique", "heading-order"}
"""Rules of moderate impact that fail the tests too: each was found and fixed once (the table page
had no h1, then its game views' h3 came straight after it; draughts had two regions named "Move list")."""
SIZES: dict[str, ViewportSize] = {"desktop": DESKTOP, "phone": PHONE}
END_SETUP: dict[str, tuple[int, dict[str, str]]] = {"gin-rummy": (1, {"target": "10"})}
"""For the bots-only tables: which bot level (by place, weakest first) and which house rules, where
the defaults would make the game long (random gin rummy bots seldom knock; a game is to 100)."""

RUN_AXE = """async () => {
  const results = await axe.run(document, {resultTypes: ["violations"]});
  return results.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => n.target.join(" ") + " | " + n.html.slice(0, 160)
      + (n.failureSummary ? " | " + n.failureSummary.replace(/\\s+/g, " ") : ""))}));
}"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    """axe-core's script: the one ``scripts/test`` fetched (``PARLOUR_AXE_JS``), else fetched now by
    scripts/fetch_axe.py into this run's cache folder."""
    fetched = os.environ.get("PARLOUR_AXE_JS", "")
    if not (fetched and Path(fetched).is_file()):
        done = subprocess.run([sys.executable, str(ROOT / "scripts" / "fetch_axe.py")],
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            reason = f"axe-core could not be fetched: {done.stderr.strip()}"
            if os.environ.get("CI"):
                pytest.fail(reason)
            pytest.skip(reason)
        fetched = done.stdout.strip()
    return Path(fetched).read_text(encoding="utf-8")


def violations(page: Page, axe_source: str) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (every rule axe runs by default)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source)
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return found


def check(page: Page, axe_source: str, where: str, tmp_path: Path, faint: str = "") -> bool:
    """Scan the page at desktop size, then at phone size (a screenshot of each in ``tmp_path``), and
    assert that neither has a serious or critical violation (nor one of GUARDED).  Every violation is
    printed.  A contrast failure of elements matching ``faint`` (a CSS class) is let through: whether
    one was found is returned."""
    failing: list[str] = []
    seen_faint = False
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        page.screenshot(path=str(tmp_path / f"{where}-{size}.png"), full_page=True)
        found = violations(page, axe_source)
        report = os.environ.get("PARLOUR_AXE_REPORT")
        if report:
            with open(report, "a", encoding="utf-8") as fh:
                for v in found:
                    fh.write(json.dumps({"page": where, "size": size, **v}) + "\n")
        for v in found:
            line = f"AXE {where} {size}: {v['id']} ({v['impact']}, {len(v['nodes'])} nodes) {v['help']}"
            print(line)
            for node in v["nodes"][:4]:
                print("    ", node)
            nodes = v["nodes"]
            if faint and v["id"] == "color-contrast":
                nodes = [n for n in nodes if faint not in n.split(" | ")[0]]
                seen_faint = seen_faint or len(nodes) < len(v["nodes"])
            if nodes and (v["impact"] in FAILING or v["id"] in GUARDED):
                failing.append(line + "\n    " + "\n    ".join(nodes[:4]))
    page.set_viewport_size(DESKTOP)
    assert not failing, "accessibility violations:\n" + "\n".join(failing)
    return seen_faint


def new_table(page: Page, base_url: str, game: str, bots_only: bool = False) -> str:
    """Make a table in the lobby: seat 1 a person (this page) and the others the weakest bot, or
    every seat a bot (see END_SETUP); this page then shows the table.  Returns its code."""
    page.goto(base_url + "/")
    page.click(f"button[data-game='{game}']")
    expect(page.locator("#new-table")).to_be_visible()
    level, rules = END_SETUP.get(game, (0, {})) if bots_only else (0, {})
    for name, value in rules.items():
        page.fill(f"#opt-{name}", value)
    kinds = page.locator("select.seat-kind")
    for i in range(kinds.count()):
        if i or bots_only:
            bot = kinds.nth(i).locator("option").nth(1 + level).get_attribute("value")
            assert bot and bot.startswith("bot:")
            kinds.nth(i).select_option(bot)
    if not bots_only:
        page.fill("#seat-0-name", "Ann")
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/t/[A-Z0-9]+$"))
    expect(page.locator("#board")).not_to_be_empty()
    return page.url.rsplit("/", 1)[1]


def play_a_little(page: Page, game: str) -> None:
    """A few moves as a person would (the first move offered each time; in Yahtzee a roll, then a die
    held); ends on this page's turn with the hint open where hints are offered."""
    for _ in range(0 if game == "yahtzee" else 3):
        if not wait_for_turn_or_end(page):
            return
        before = page.locator("#log li").count()
        open_moves(page)
        page.locator(".move-btn").first.click()
        page.wait_for_function("n => document.querySelectorAll('#log li').length > n"
                               " || document.getElementById('move-error').textContent !== ''", arg=before)
    if not wait_for_turn_or_end(page):
        return
    if game == "yahtzee":
        page.click(".yz-roll")
        page.wait_for_function("() => !document.querySelector('.yz-slot[data-value=\"\"]')")
        assert wait_for_turn_or_end(page)
        page.locator(".yz-slot .yz-die").first.click()
        expect(page.locator(".yz-slot").first).to_have_class(re.compile(r"\bheld\b"))
        expect(page.locator(".yz-held-tag").first).to_be_visible()
    hint = page.locator("#hint-button")
    if hint.is_visible():
        hint.click()
        # the answer (a slow advisor may take a while), or the panel closed when the turn moved on
        page.wait_for_function("() => { const p = document.getElementById('hint-panel');"
                               " return p.hidden || p.dataset.waiting !== 'yes'; }", timeout=90_000)


# ---- tests ------------------------------------------------------------------------------
def test_the_lobby_and_its_new_table_form(pages: Pages, base_url: str, axe_source: str,
                                          tmp_path: Path) -> None:
    page = pages.new()
    page.goto(base_url + "/")
    expect(page.locator(".game-card").first).to_be_visible()
    check(page, axe_source, "lobby", tmp_path)
    page.click("button[data-game='yahtzee']")
    expect(page.locator("#create-table")).to_be_visible()
    check(page, axe_source, "lobby-form", tmp_path)


HELD_TAG_FAINT = bool(re.search(r"\.yz-held-tag \{[^}]*background: var\(--brass\); color: #fff;",
                                (WEB / "games" / "yahtzee.css").read_text(encoding="utf-8")))
"""Yahtzee's HELD tag is still white on the light brass (3.2:1): its fix, in games/yahtzee.css, is
another change's.  Until it is in, that one failure is let through, and must be found; once the rule
changes, the tag is checked like everything else."""


def test_a_table_that_does_not_exist(pages: Pages, base_url: str, axe_source: str, tmp_path: Path) -> None:
    page = pages.new()
    page.goto(base_url + "/t/NOSUCH")
    expect(page.locator("#not-found")).to_be_visible()
    expect(page.locator("h1:visible")).to_have_text("No such table")
    check(page, axe_source, "not-found", tmp_path)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_mid_game(pages: Pages, base_url: str, axe_source: str, tmp_path: Path, game: str) -> None:
    page = pages.new()
    new_table(page, base_url, game)
    play_a_little(page, game)
    expect(page.locator("#result")).to_be_hidden()
    faint = "yz-held-tag" if game == "yahtzee" and HELD_TAG_FAINT else ""
    assert check(page, axe_source, f"{game}-mid", tmp_path, faint) == bool(faint)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_at_the_end_of_a_game(pages: Pages, base_url: str, axe_source: str, tmp_path: Path,
                                      game: str) -> None:
    page = pages.new()
    new_table(page, base_url, game, bots_only=True)
    expect(page.locator("#result-text")).to_be_visible(timeout=120_000)
    check(page, axe_source, f"{game}-end", tmp_path)


def test_a_players_own_table_at_the_end_of_a_game(pages: Pages, base_url: str, axe_source: str,
                                                  tmp_path: Path) -> None:
    """The end as a player sees it (Play again), after a quick game of Shut the Box."""
    page = pages.new()
    new_table(page, base_url, "shut-the-box")
    for _ in range(60):
        if not wait_for_turn_or_end(page):
            break
        before = page.locator("#log li").count()
        open_moves(page)
        page.locator(".move-btn").first.click()
        page.wait_for_function("n => document.querySelectorAll('#log li').length > n"
                               " || !document.getElementById('result').hidden", arg=before)
    expect(page.locator("#again")).to_be_visible()
    check(page, axe_source, "shut-the-box-end-player", tmp_path)
