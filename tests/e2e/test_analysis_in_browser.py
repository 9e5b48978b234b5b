"""The analysis board in a browser (templates/analysis.html, static/js/analysis.js): from
a finished game's replay to a step, a placement of one's own tried by clicking, the
answer read, another tried with the keyboard alone, the engine's choice drawn, the line
saved and its shared link opened, read in three languages at two widths."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support.browser import axe
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import (
    DESKTOP,
    PHONE,
    ContextFactory,
    api_game,
    lay_on_first_target,
    open_game,
    pick_playable,
    play_to_end,
)
from support.browser.people import no_sideways_scroll, resize
from support.browser.play import tab_to
from support.browser.screens import settle

SHARED_IN = {"fr-FR": "Essaie ton propre coup", "ja-JP": "自分の手を試す"}
"""Each other language the shared link is read in, with the page's heading in it."""


def a_step_to_try(page: Page, game_id: str) -> int:
    """The first step where the person (seat 0) was to move and had a tile to lay."""
    for version in range(200):
        answer = page.request.get(f"/api/games/{game_id}/analysis/{version}")
        assert answer.ok, answer.text()
        shown = answer.json()
        if shown["mover"] == 0 and shown["legal"]:
            return version
    raise AssertionError("the person never had a tile to lay")


TURNS = ("r", "r", "r", "f", "r", "r", "r")
"""Every way a picked tile can lie (F flips, where the game has flipping)."""


def onto_a_place_by_keys(page: Page) -> None:
    """Turn the picked tile every way at each highlighted place in turn (an arrow key
    moves it to the next), until it stands on a legal place. The board draws a key's
    effect at the next animation frame: each look waits for it, or it would see the
    ghost as it stood before the key and stop one turn too early."""
    target = page.locator("#board .ghost.ghost-target")
    for _ in range(12):
        for key in ("", *TURNS):
            if key:
                page.keyboard.press(key)
            settle(page)
            if target.count() == 1:
                return
        page.keyboard.press("ArrowRight")


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_a_move_of_ones_own_is_tried_answered_saved_and_shared(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_game([page], ["human", "bot:greedy"], ruleset="junior", hand_size=3)
    open_game(page, game_id)
    play_to_end([page])
    step = a_step_to_try(page, game_id)

    page.goto(f"/g/{game_id}/replay")
    page.locator(f"#move-log li[data-step='{step}'] button").click()
    expect(page.get_by_test_id("replay-step")).to_contain_text(f"Move {step} of")
    page.get_by_test_id("replay-try").click()
    page.wait_for_url(f"**/g/{game_id}/analysis/{step}")
    expect(page.get_by_test_id("analysis-where")).to_contain_text(f"Move {step + 1}")
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    # The other hand is nowhere on the page: only the mover's tiles and the board.
    expect(page.get_by_test_id("replay-hand")).to_have_count(0)

    pick_playable(page)
    lay_on_first_target(page)
    answer = page.get_by_test_id("analysis-answer")
    expect(answer).to_be_visible()
    expect(page.get_by_test_id("answer-points")).not_to_be_empty()
    expect(page.get_by_test_id("answer-engine")).not_to_be_empty()
    expect(page.get_by_test_id("answer-values")).not_to_be_empty()
    engine_words = page.get_by_test_id("answer-engine").inner_text()
    axe.assert_accessible(page, "the analysis board with an answer")
    shoot(page, "analysis-1280")

    show = page.get_by_test_id("show-engine")
    if show.is_visible():
        show.click()
        expect(page.get_by_test_id("show-mine")).to_be_visible()
        page.get_by_test_id("show-mine").click()
        expect(show).to_be_visible()

    # Another try with the keyboard alone: Tab to a tile that fits, Enter picks it (the
    # focus goes to the board), R turns it until it stands on an outlined place, Enter.
    tab_to(page, "[data-testid=try-again]")
    page.keyboard.press("Enter")
    expect(answer).to_be_hidden()
    tab_to(page, "[data-testid=hand-tile].playable")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("board")).to_be_focused()
    onto_a_place_by_keys(page)
    expect(page.locator("#board .ghost.ghost-target")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(answer).to_be_visible()
    expect(page.get_by_test_id("answer-values")).not_to_be_empty()
    engine_words = page.get_by_test_id("answer-engine").inner_text()  # the try saved below

    page.get_by_test_id("save-line").click()
    link = page.get_by_test_id("share-link")
    expect(link).to_be_visible()
    shared = link.input_value()
    assert "/analysis/" in shared

    resize(page, PHONE)
    no_sideways_scroll(page)
    axe.assert_accessible(page, "the analysis board on a phone")
    shoot(page, "analysis-360")

    reader = new_context(viewport=PHONE).new_page()
    reader.goto(shared)
    expect(reader.get_by_test_id("answer-engine")).to_have_text(engine_words)
    expect(reader.get_by_test_id("save-line")).to_be_visible()
    no_sideways_scroll(reader)
    shoot(reader, "analysis-shared-360")

    # The shared link in two more languages, at both widths: translated, fitting, usable.
    for locale, heading in SHARED_IN.items():
        for size in (PHONE, DESKTOP):
            other = new_context(locale=locale, viewport=size).new_page()
            other.goto(shared)
            expect(other.get_by_test_id("answer-engine")).not_to_be_empty()
            expect(other.locator("h1")).to_have_text(heading)
            no_sideways_scroll(other)
            axe.assert_accessible(other, f"a shared analysis in {locale} at {size['width']} px")
            shoot(other, f"analysis-shared-{locale}-{size['width']}")
            other.context.close()
