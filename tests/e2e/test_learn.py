"""The "Learn to play" pages (templates/learn.html, static/js/learn.js, docs/lessons.md):
every lesson of both games walked with the keyboard alone and with the mouse, a wrong
try explained, a missed point tried again, the end leading to a solo game; the offers
of the lessons on the solo, home and rules pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from support.browser import axe
from support.browser.gameplay import PHONE, ContextFactory, api_solo_of, centre, has_class

from chromino import GAMES
from chromino.core.lesson import Lesson

GAME_NAMES = ["chromino", "triominos"]


def goal_of(lesson: Lesson[Any]) -> tuple[str, str]:
    """The goal's tile, and how the placing controller names it turned as it lies."""
    goal = lesson.goal_placements()[0]
    turned = goal.dir if hasattr(goal, "dir") else goal.rot
    return goal.tile, f"{goal.tile}:{turned}"


def settle(page: Page) -> None:
    """Two animation frames: the page has drawn what it was told."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate("(css) => document.activeElement?.matches(css) ?? false", selector))


def tab_to(page: Page, selector: str, presses: int = 40) -> None:
    """Press Tab until the focus is on an element matching ``selector``."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if focused(page, selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def open_lessons(page: Page, game: str) -> None:
    page.goto(f"/learn/{game}")
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    expect(page.get_by_test_id("lesson-progress")).to_have_text(re.compile(r"Lesson 1 of 3"))


def expect_feedback(page: Page, tone: str) -> None:
    feedback = page.get_by_test_id("lesson-feedback")
    expect(feedback).to_have_attribute("data-tone", tone)
    expect(feedback).not_to_be_empty()


def turn_until(page: Page, key: str, *, by_key: bool, touch: bool = False) -> None:
    """Turn the picked tile (R, or the Turn button: clicked, or tapped with ``touch``)
    until the preview shows it as ``key``."""
    preview = page.get_by_test_id("orientation-preview")
    # The preview shows the tile picked before its turns are counted from it.
    tile = key.split(":", maxsplit=1)[0]
    expect(preview).to_have_attribute("data-key", re.compile(rf"^{tile}:"))
    for _ in range(4):
        if preview.get_attribute("data-key") == key:
            return
        was = preview.get_attribute("data-key") or ""
        if by_key:
            page.keyboard.press("r")
        elif touch:
            page.get_by_test_id("rotate").tap()
        else:
            page.get_by_test_id("rotate").click()
        expect(preview).not_to_have_attribute("data-key", was)
    expect(preview).to_have_attribute("data-key", key)


def lay_on_the_place(page: Page) -> None:
    """Move the mouse onto the (first) outlined place, as a player would, and click it
    there: the ghost that the hover puts over the place takes the click."""
    x, y = centre(page.locator("#board .target .target-dot").first)
    page.mouse.move(0, 0)
    page.mouse.move(x, y)
    expect(page.get_by_test_id("place")).to_be_enabled()
    page.mouse.click(x, y)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_lesson_with_the_keyboard_alone(new_context: ContextFactory, game: str) -> None:
    page = new_context().new_page()
    open_lessons(page, game)
    # The keys are told (there is no drawing or passing here).
    keys = page.get_by_test_id("keyboard-help")
    expect(keys).to_contain_text("Enter lays it")
    expect(keys).not_to_contain_text("D draws a tile")
    lessons = GAMES[game].lessons
    for number, lesson in enumerate(lessons, start=1):
        tile, key = goal_of(lesson)
        expect(page.get_by_test_id("lesson-progress")).to_have_text(
            re.compile(rf"Lesson {number} of 3")
        )
        # The hint: its words, and the places outlined on the board.
        tab_to(page, "[data-testid=lesson-show-hint]")
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("lesson-hint")).to_be_visible()
        expect(page.get_by_test_id("announcer")).to_contain_text(
            page.get_by_test_id("lesson-hint").inner_text()
        )
        # Tab to the goal's tile, Enter picks it: the focus goes to the board.
        tab_to(page, f"[data-testid=hand-tile][data-tile='{tile}']")
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("board")).to_be_focused()
        turn_until(page, key, by_key=True)
        expect(page.locator("#board .ghost.ghost-target")).to_have_count(1)
        page.keyboard.press("Enter")
        expect_feedback(page, "achieved")
        expect(page.get_by_test_id("lesson-feedback")).to_have_attribute("role", "status")
        expect(page.locator(f"[data-testid=hand-tile][data-tile='{tile}']")).to_have_count(0)
        if number < len(lessons):
            tab_to(page, "[data-testid=lesson-next]")
            page.keyboard.press("Enter")
            expect(page.get_by_test_id("lesson-title")).to_be_focused()
    # The last lesson leads to a solo game of the same game.
    expect(page.get_by_test_id("lesson-next")).to_be_hidden()
    tab_to(page, "[data-testid=lesson-solo]")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_lesson_with_the_mouse(new_context: ContextFactory, game: str) -> None:
    page = new_context().new_page()
    open_lessons(page, game)
    lessons = GAMES[game].lessons
    for number, lesson in enumerate(lessons, start=1):
        tile, key = goal_of(lesson)
        page.get_by_test_id("lesson-show-hint").click()
        page.locator(f"[data-testid=hand-tile][data-tile='{tile}']").click()
        expect(page.locator(f"[data-testid=hand-tile][data-tile='{tile}']")).to_have_class(
            has_class("picked")
        )
        turn_until(page, key, by_key=False)
        lay_on_the_place(page)
        expect_feedback(page, "achieved")
        if number < len(lessons):
            page.get_by_test_id("lesson-next").click()
    expect(page.get_by_test_id("lesson-solo")).to_be_visible()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_lessons_pass_axe(new_context: ContextFactory, game: str) -> None:
    """axe-core (the suite's checker, tests/support/browser/axe.py) on a lesson as it first shows,
    with its hint and a tile picked, after a refused try, and done."""
    page = new_context().new_page()
    open_lessons(page, game)
    axe.assert_accessible(page, f"the first {game} lesson")
    tile, key = goal_of(GAMES[game].lessons[0])
    page.get_by_test_id("lesson-show-hint").click()
    page.locator(f"[data-testid=hand-tile][data-tile='{tile}']").click()
    turn_until(page, key, by_key=False)
    axe.assert_accessible(page, f"a {game} lesson with its hint and a tile picked")
    lay_on_the_place(page)
    expect_feedback(page, "achieved")
    axe.assert_accessible(page, f"a {game} lesson done")
    page.get_by_test_id("lesson-next").click()
    page.get_by_test_id("hand-tile").first.click()
    board = page.get_by_test_id("board").bounding_box()
    assert board is not None
    page.mouse.move(board["x"] + 40, board["y"] + 40)
    page.mouse.click(board["x"] + 40, board["y"] + 40)
    expect_feedback(page, "refused")
    axe.assert_accessible(page, f"a {game} lesson after a refused try")


def test_a_wrong_try_is_explained_and_changes_nothing(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    open_lessons(page, "chromino")
    tiles = page.locator("#board .layer-tiles > .tile")
    expect(tiles).to_have_count(2)
    # No places are outlined before the hint: the tile goes where the player puts it.
    page.locator("[data-testid=hand-tile][data-tile='RYY']").click()
    expect(page.locator("#board .target")).to_have_count(0)
    board = page.get_by_test_id("board").bounding_box()
    assert board is not None
    corner = (board["x"] + 60, board["y"] + 60)  # empty felt, far from the two tiles
    page.mouse.move(*corner)
    expect(page.locator("#board .ghost")).to_have_count(1)
    page.mouse.click(*corner)
    expect_feedback(page, "refused")
    expect(page.get_by_test_id("lesson-feedback")).to_have_text(
        "The tile must touch the tiles on the board."
    )
    expect(tiles).to_have_count(2)
    expect(page.get_by_test_id("hand-tile")).to_have_count(2)
    expect(page.get_by_test_id("lesson-retry")).to_be_hidden()
    # Beside the board the lesson's words are in sight: the refusal is not repeated.
    expect(page.get_by_test_id("lesson-echo")).to_be_hidden()


@pytest.mark.parametrize(
    ("game", "number", "missing"), [("chromino", 3, "PYY:S"), ("triominos", 2, "002:1")]
)
def test_a_missed_point_is_said_and_the_lesson_tried_again(
    new_context: ContextFactory, game: str, number: int, missing: str
) -> None:
    """``missing``: a tile that fits, turned as it fits, without making the point."""
    page = new_context().new_page()
    open_lessons(page, game)
    for earlier in GAMES[game].lessons[: number - 1]:  # the lessons before, done
        page.get_by_test_id("lesson-show-hint").click()
        done_tile, key = goal_of(earlier)
        page.locator(f"[data-testid=hand-tile][data-tile='{done_tile}']").click()
        turn_until(page, key, by_key=False)
        lay_on_the_place(page)
        expect_feedback(page, "achieved")
        page.get_by_test_id("lesson-next").click()
    page.get_by_test_id("lesson-show-hint").click()
    tile = missing.split(":", maxsplit=1)[0]
    page.locator(f"[data-testid=hand-tile][data-tile='{tile}']").click()
    turn_until(page, missing, by_key=False)
    lay_on_the_place(page)
    expect_feedback(page, "missed")
    retry = page.get_by_test_id("lesson-retry")
    expect(retry).to_be_visible()
    expect(retry).to_have_class(has_class("primary"))
    expect(page.get_by_test_id("lesson-next")).to_be_hidden()
    retry.click()
    expect(page.get_by_test_id("hand-tile")).to_have_count(2)
    expect(page.get_by_test_id("lesson-feedback")).to_be_empty()
    expect(page.get_by_test_id("lesson-show-hint")).to_be_visible()


def test_a_lesson_by_finger_on_a_phone(new_context: ContextFactory) -> None:
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    open_lessons(page, "triominos")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    lesson = GAMES["triominos"].lessons[0]
    tile, key = goal_of(lesson)
    # A try on the empty felt (a tap shows the tile there, a second one lays it): the
    # refusal is also shown under the hand, where the player is looking.
    page.locator(f"[data-testid=hand-tile][data-tile='{tile}']").tap()
    board = page.get_by_test_id("board")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + 30, box["y"] + 30)
    expect(page.locator("#board .ghost")).to_have_count(1)
    page.touchscreen.tap(box["x"] + 30, box["y"] + 30)
    expect_feedback(page, "refused")
    echo = page.get_by_test_id("lesson-echo")
    expect(echo).to_be_visible()
    expect(echo).to_have_text(page.get_by_test_id("lesson-feedback").inner_text())
    page.get_by_test_id("cancel").tap()  # put the tile back
    page.get_by_test_id("lesson-show-hint").tap()
    expect(echo).to_be_visible()
    page.locator(f"[data-testid=hand-tile][data-tile='{tile}']").tap()
    turn_until(page, key, by_key=False, touch=True)
    settle(page)  # the camera zoomed in for a finger: the places are drawn where they now are
    x, y = centre(page.locator("#board .target .target-dot").first)
    page.touchscreen.tap(x, y)
    expect(page.locator("#board .ghost.ghost-target")).to_have_count(1)
    page.touchscreen.tap(x, y)
    expect_feedback(page, "achieved")
    expect(echo).to_be_hidden()
    expect(page.get_by_test_id("lesson-next")).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_lessons_are_offered_where_a_newcomer_looks(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/")
    page.get_by_test_id("learn-link").click()
    page.wait_for_url(re.compile(r"/learn/chromino$"))
    page.get_by_test_id("learn-other").click()
    page.wait_for_url(re.compile(r"/learn/triominos$"))
    page.goto("/rules")
    expect(page.get_by_test_id("learn-chromino")).to_have_attribute("href", "/learn/chromino")
    expect(page.get_by_test_id("learn-triominos")).to_have_attribute("href", "/learn/triominos")
    # The solo page offers a game's lessons until one has played it solo.
    page.goto("/solo")
    offer = page.get_by_test_id("learn-offer")
    expect(offer).to_be_visible()
    expect(offer.get_by_role("link")).to_have_attribute("href", "/learn/chromino")
    api_solo_of(page, "chromino", {})
    page.goto("/solo")
    expect(page.locator("#solo-games li")).to_have_count(1)
    expect(offer).to_be_hidden()
    page.get_by_test_id("game-chooser").get_by_text("Triominos Challenge").first.click()
    expect(offer).to_be_visible()
    expect(offer.get_by_role("link")).to_have_attribute("href", "/learn/triominos")


def test_a_newcomers_first_solo_game_offers_the_lessons_once(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")  # a page first: the session cookie for the API calls
    first = api_solo_of(page, "triominos", {})
    page.goto(f"/g/{first}")
    offer = page.get_by_test_id("learn-offer")
    expect(offer).to_be_visible()
    expect(offer.get_by_role("link")).to_have_attribute("href", "/learn/triominos")
    page.get_by_test_id("learn-offer-close").click()
    expect(offer).to_be_hidden()
    page.reload()
    expect(offer).to_have_attribute("data-decided", "put-away")
    expect(offer).to_be_hidden()  # for good
    # Another newcomer's second solo game of a kind offers nothing; their first of
    # the other kind does.
    other = new_context().new_page()
    other.goto("/rules")
    api_solo_of(other, "chromino", {})
    second = api_solo_of(other, "chromino", {})
    other.goto(f"/g/{second}")
    expect(other.get_by_test_id("learn-offer")).to_have_attribute("data-decided", "not-first")
    expect(other.get_by_test_id("learn-offer")).to_be_hidden()
    third = api_solo_of(other, "triominos", {})
    other.goto(f"/g/{third}")
    expect(other.get_by_test_id("learn-offer")).to_have_attribute("data-decided", "shown")
    expect(other.get_by_test_id("learn-offer")).to_be_visible()
