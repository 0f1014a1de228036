"""The New-table form and the bounds of house rules: each number's input says its range, and a
number past it is refused by the server with the option named, and no table is opened."""

from __future__ import annotations

from pathlib import Path

from browserkit import DESKTOP, NEEDS_CHROMIUM, PHONE, Pages, api
from playwright.sync_api import expect

pytestmark = NEEDS_CHROMIUM

SHOTS = Path("/tmp/server-limits")


def test_a_number_past_its_bound_is_refused_with_the_option_named(pages: Pages, base_url: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = pages.new(size)
        page.goto(base_url + "/")
        page.click("button[data-game='gin-rummy']")
        target = page.locator("#opt-target")
        expect(target).to_have_attribute("min", "1")
        expect(target).to_have_attribute("max", "1000")
        expect(page.locator("#opt-gin_bonus")).to_have_attribute("max", "1000")
        expect(page.locator("label[for='opt-target']")).to_contain_text("(1 to 1,000)")  # said beside it
        before = len(api(base_url, "/api/tables"))
        target.fill("10000000000000000000")  # a game to 10^19 points would never end
        page.click("#create-table")
        expect(page.locator("#create-error")).to_contain_text(
            "target must be at most 1000, not 10000000000000000000")
        expect(page).to_have_url(base_url + "/")
        assert len(api(base_url, "/api/tables")) == before  # no table opened
        target.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"lobby-bounds-{name}.png"))
