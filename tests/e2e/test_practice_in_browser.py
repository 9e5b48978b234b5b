"""My practice in a browser (templates/practice.html): after rated tries at the shipped
puzzles, the page shows the rating's line and the tries by theme, in three languages at
a phone's width and a desktop's, fitting the window, reachable by keyboard and passing
axe."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect
from support.browser import axe
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize

from chromino import GAMES

HEADINGS = {"en-GB": "My practice", "fr-FR": "Mon entraînement", "ja-JP": "練習の記録"}


def a_wrong_placement(puzzle: dict[str, Any]) -> dict[str, Any]:
    game = GAMES[puzzle["game"]]
    answer = game.parse_placement(puzzle["document"]["solution"]).normalized()
    for move in puzzle["board"]["legal"]:
        if game.parse_placement(move).normalized() != answer:
            return dict(move)
    raise AssertionError("no other placement")


def fits_its_panel(table: Locator) -> None:
    """The table is no wider than its scrolling box: nothing hides past its edge."""
    widths = table.evaluate("(node) => [node.scrollWidth, node.parentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the table is {widths[0]} px wide in {widths[1]}"


def try_puzzles(page: Page) -> None:
    """Two rated tries, one right and one wrong, at puzzles the server offers me."""
    for solve in (True, False):
        offered = page.request.get("/api/puzzles/next")
        assert offered.ok, offered.text()
        puzzle = offered.json()
        placement = puzzle["document"]["solution"] if solve else a_wrong_placement(puzzle)
        tried = page.request.post(
            f"/api/puzzles/{puzzle['id']}/tries", data={"placement": placement}
        )
        assert tried.ok and tried.json()["rated"], tried.text()


def test_my_practice_in_three_languages_at_both_widths(new_context: ContextFactory) -> None:
    for locale, heading in HEADINGS.items():
        page, _ = person(new_context, "Practice", locale=locale)
        try_puzzles(page)
        for size in (PHONE, DESKTOP):
            resize(page, size)
            page.goto("/practice")
            expect(page.locator("h1")).to_have_text(heading)
            expect(page.get_by_test_id("practice-line")).to_be_visible()
            expect(page.locator("[data-testid=practice-themes] tbody tr")).not_to_have_count(0)
            no_sideways_scroll(page)
            fits_its_panel(page.get_by_test_id("practice-themes"))
            axe.assert_accessible(page, f"my practice in {locale} at {size['width']} px")
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(
                path=str(ARTIFACTS / f"practice-{locale}-{size['width']}.png"), full_page=True
            )
        # by keyboard: Tab reaches the way to the puzzles, and Enter takes it
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement?.dataset.testid === 'practice-solve'"):
                break
        page.keyboard.press("Enter")
        page.wait_for_url("**/puzzles")
        # and the puzzles' home leads back here
        page.get_by_test_id("puzzles-practice").click()
        page.wait_for_url("**/practice")
        page.context.close()
