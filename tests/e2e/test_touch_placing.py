"""Placing on a touch screen, the places' footprints, the
reversed arrows' tooltips and the D and P keys.

A finger has no hover: its first tap on a place shows the ghost and its points, a
second tap on the same place (or "Lay it here") lays the tile; only the place as
drawn takes the tap, and every place is drawn at least 44 px on a phone."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from support.browser.gameplay import (
    PHONE,
    ContextFactory,
    api_solo,
    api_solo_of,
    api_solo_with_a_play,
    first_target,
    open_game,
    pick_playable,
    reachable_target,
    take_turn,
    version,
    wait_for_version,
)

UNTIMED_TRIOMINOS = {"turn_seconds": 0}
TAP_PX = 44  # the smallest a finger's target may be (WCAG 2.5.5, Apple's and Google's guides)
SETTLE_MS = 600  # long enough for a command the page would have sent to show in the log

# A point a few pixels outside some place's drawn box, on the board and inside no place.
_JUST_OUTSIDE_JS = """(gap) => {
  const board = document.getElementById('board');
  const inside = (x, y) => document.elementsFromPoint(x, y).some((node) => node.closest('.target'));
  for (const outline of document.querySelectorAll('#board .target .target-outline')) {
    const box = outline.getBoundingClientRect();
    const midX = box.x + box.width / 2, midY = box.y + box.height / 2;
    const tries = [[box.x - gap, midY], [box.right + gap, midY],
                   [midX, box.y - gap], [midX, box.bottom + gap]];
    for (const [x, y] of tries) {
      const hit = document.elementFromPoint(x, y);
      if (hit && board.contains(hit) && !inside(x, y)) return [x, y];
    }
  }
  return null;
}"""

# The drawn boxes of the places the board shows (on the screen), in CSS pixels.
_TARGET_SIZES_JS = """() => {
  const board = document.getElementById('board').getBoundingClientRect();
  return Array.from(document.querySelectorAll('#board .target .target-outline'), (outline) => {
    const box = outline.getBoundingClientRect();
    const seen = box.right > board.x && box.x < board.right
      && box.bottom > board.y && box.y < board.bottom;
    return {width: box.width, height: box.height, seen};
  });
}"""

# The D key on a keyboard set to Russian: its letter is "в".
_CYRILLIC_D_JS = """() => document.body.dispatchEvent(
    new KeyboardEvent('keydown', {key: 'в', code: 'KeyD', bubbles: true}))"""

Opener = Callable[[Page], None]


def open_chromino(page: Page) -> None:
    open_game(page, api_solo_with_a_play(page, ruleset="junior", hand_size=8, scoring="expert"))


def open_triominos(page: Page) -> None:
    open_game(page, api_solo_of(page, "triominos", UNTIMED_TRIOMINOS))


GAMES = [pytest.param(open_chromino, id="chromino"), pytest.param(open_triominos, id="triominos")]


def picked_on_a_phone(new_context: ContextFactory, open_one: Opener) -> tuple[Page, str]:
    """A game open on a touch phone, a tile that fits picked with a tap; the page and the tile."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto("/rules")
    open_one(page)
    return page, pick_playable(page, touch=True)


def nothing_was_laid(page: Page, before: int, hand: int) -> None:
    page.wait_for_timeout(SETTLE_MS)
    assert version(page) == before
    expect(page.get_by_test_id("hand-tile")).to_have_count(hand)


def was_laid(page: Page, before: int, tile: str) -> None:
    wait_for_version(page, before + 1)
    expect(page.locator(f"[data-testid=hand-tile][data-tile='{tile}']")).to_have_count(0)


@pytest.mark.parametrize("open_one", GAMES)
def test_a_first_tap_shows_the_ghost_and_a_second_lays_it(
    new_context: ContextFactory, open_one: Opener
) -> None:
    page, tile = picked_on_a_phone(new_context, open_one)
    hand = page.get_by_test_id("hand-tile").count()
    before = version(page)
    x, y = reachable_target(page, touch=True)

    page.touchscreen.tap(x, y)
    expect(page.locator("#board .ghost.ghost-target")).to_have_count(1)
    place = page.get_by_test_id("place")
    expect(place).to_be_enabled()
    expect(place).to_have_attribute("data-points", re.compile(r"\d"))  # its points
    expect(page.get_by_test_id("hand-hint")).to_have_text(re.compile("^Tap the place again"))
    nothing_was_laid(page, before, hand)

    page.touchscreen.tap(x, y)  # the same place again
    was_laid(page, before, tile)


@pytest.mark.parametrize("open_one", GAMES)
def test_lay_it_here_lays_the_tile_a_tap_showed(
    new_context: ContextFactory, open_one: Opener
) -> None:
    page, tile = picked_on_a_phone(new_context, open_one)
    before = version(page)
    page.touchscreen.tap(*reachable_target(page, touch=True))
    expect(page.locator("#board .ghost.ghost-target")).to_have_count(1)
    page.get_by_test_id("place").tap()
    was_laid(page, before, tile)


@pytest.mark.parametrize("open_one", GAMES)
def test_a_tap_just_outside_a_drawn_place_lays_nothing(
    new_context: ContextFactory, open_one: Opener
) -> None:
    page, _ = picked_on_a_phone(new_context, open_one)
    reachable_target(page, touch=True)  # the places are drawn, one of them on the board
    hand = page.get_by_test_id("hand-tile").count()
    before = version(page)
    point = page.evaluate(_JUST_OUTSIDE_JS, 8)
    assert point, "no spot just outside a place is on the board"

    page.touchscreen.tap(*point)
    page.touchscreen.tap(*point)  # twice: not even a second tap lays it
    expect(page.locator("#board .ghost.ghost-target")).to_have_count(0)
    expect(page.get_by_test_id("place")).to_be_disabled()
    expect(page.get_by_test_id("move-error")).to_contain_text("Not a highlighted place")
    nothing_was_laid(page, before, hand)


@pytest.mark.parametrize("open_one", GAMES)
def test_places_are_at_least_44_px_on_a_phone(
    new_context: ContextFactory, open_one: Opener
) -> None:
    page, _ = picked_on_a_phone(new_context, open_one)
    first_target(page, touch=True)  # turned until it fits somewhere
    page.wait_for_function(_CAMERA_AT_REST_JS, polling=100)
    sizes = page.evaluate(_TARGET_SIZES_JS)
    seen = [size for size in sizes if size["seen"]]
    assert seen, sizes
    assert all(size["width"] >= TAP_PX and size["height"] >= TAP_PX for size in sizes), sizes


def test_places_show_the_footprint_of_the_tile(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    open_chromino(page)
    pick_playable(page)
    page.mouse.move(0, 0)  # no hover: what the places show before one
    first_target(page)
    targets = page.locator("#board .target")
    footprints = page.locator("#board .footprint")
    expect(footprints).to_have_count(targets.count())
    for index in range(targets.count()):
        box = targets.nth(index).locator(".target-outline").bounding_box()
        cell = f"[data-x='{targets.nth(index).get_attribute('data-x')}']"
        row = f"[data-y='{targets.nth(index).get_attribute('data-y')}']"
        around = page.locator(f"#board .footprint{cell}{row}").bounding_box()
        assert box and around
        # Three squares long, one wide, and the place's box inside it.
        long, short = max(around["width"], around["height"]), min(around["width"], around["height"])
        assert 2.6 < long / short < 3.6, around
        assert around["x"] - 1 <= box["x"] + box["width"] / 2 <= around["x"] + around["width"] + 1
        assert around["y"] - 1 <= box["y"] + box["height"] / 2 <= around["y"] + around["height"] + 1


@pytest.mark.parametrize(
    ("reversed_arrows", "left", "down"),
    [
        (False, "Show more to the left", "Show more below"),
        (True, "Move the board to the left", "Move the board down"),
    ],
)
def test_the_arrows_tooltips_say_what_they_do(
    new_context: ContextFactory, reversed_arrows: bool, left: str, down: str
) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    answer = page.request.patch("/api/me/preferences", data={"reversed_arrows": reversed_arrows})
    assert answer.ok, answer.text()
    open_game(page, api_solo(page, ruleset="junior"))
    for button, words in (("pan-left", left), ("pan-down", down)):
        expect(page.get_by_test_id(button)).to_have_attribute("title", words)
        expect(page.get_by_test_id(button)).to_have_accessible_name(words)


def test_d_draws_and_p_passes(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    answer = page.request.patch("/api/me/preferences", data={"assistance": "intermediate"})
    assert answer.ok, answer.text()
    open_game(page, api_solo(page, draws_per_turn=1))
    expect(page.get_by_test_id("draw")).to_have_attribute("aria-keyshortcuts", "D")
    expect(page.get_by_test_id("pass")).to_have_attribute("aria-keyshortcuts", "P")
    expect(page.locator(".keyboard-help")).to_contain_text("D draws a tile, P passes")
    lines = page.locator("#move-log li[data-version]")
    for turn in range(20):
        expect(page.get_by_test_id("draw")).to_be_enabled()
        hand = page.get_by_test_id("hand-tile").count()
        if page.get_by_test_id("pass").is_disabled():
            before = version(page)
            page.keyboard.press("p")  # not allowed now: nothing happens
            nothing_was_laid(page, before, hand)
        before = version(page)
        if turn == 0:
            page.evaluate(_CYRILLIC_D_JS)  # a Russian keyboard: the key where D is
        else:
            page.keyboard.press("d")
        wait_for_version(page, before + 1)
        expect(lines.last).to_contain_text("drew")
        expect(page.get_by_test_id("hand-tile")).to_have_count(hand + 1)
        if page.get_by_test_id("pass").is_enabled():
            before = version(page)
            page.keyboard.press("P")
            wait_for_version(page, before + 1)
            expect(lines.last).to_contain_text("passed")
            return
        take_turn(page)  # the tile drawn fits: lay it and try again
        expect(page.get_by_test_id("turn-indicator")).to_have_class(re.compile(r"\bmine\b"))
    raise AssertionError("no draw in 20 turns allowed a pass")


# Every place of the picked tile drawn on the board, and the part of the board a player
# sees: the board's box inside the window and above the action bar at the phone's foot.
_CAMERA_AT_REST_JS = """() => {
  const transform = document.querySelector('#board g.camera').getAttribute('transform');
  const resting = transform === window.__lastCameraTransform;
  window.__lastCameraTransform = transform;
  return resting;
}"""
"""True once the board's camera has not moved between two polls: its move to the picked
tile's places is over."""


_PLACES_IN_SIGHT_JS = """() => {
  const board = document.getElementById('board').getBoundingClientRect();
  const dock = document.getElementById('action-dock').getBoundingClientRect();
  const seen = {left: Math.max(board.left, 0), top: Math.max(board.top, 0),
                right: Math.min(board.right, innerWidth),
                bottom: Math.min(board.bottom, innerHeight, dock.height ? dock.top : innerHeight)};
  const outlines = document.querySelectorAll('#board .target .target-outline');
  const places = Array.from(outlines, (outline) => {
    const box = outline.getBoundingClientRect();
    return {left: box.left, top: box.top, right: box.right, bottom: box.bottom,
            whole: box.left >= seen.left - 0.5 && box.right <= seen.right + 0.5
                   && box.top >= seen.top - 0.5 && box.bottom <= seen.bottom + 0.5};
  });
  return {seen, places};
}"""


@pytest.mark.parametrize("open_one", GAMES)
def test_picking_a_tile_brings_its_places_into_sight_on_a_phone(
    new_context: ContextFactory, open_one: Opener
) -> None:
    """The player has moved the board away from the tiles; picking a tile brings the
    places it can go into sight, whole and clear of the action bar over the board's foot,
    and two taps on one lay it."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto("/rules")
    open_one(page)
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    camera = page.locator("#board g.camera")
    for _ in range(8):
        moved_from = camera.get_attribute("transform") or ""
        page.get_by_test_id("pan-right").tap()
        expect(camera).not_to_have_attribute("transform", moved_from)
    expect(page.locator("#board .layer-tiles > .tile").first).not_to_be_in_viewport()
    tile = pick_playable(page, touch=True)
    first_target(page, touch=True)  # (turned until it fits somewhere)
    page.wait_for_function(_CAMERA_AT_REST_JS, polling=100)
    sight = page.evaluate(_PLACES_IN_SIGHT_JS)
    whole = [place for place in sight["places"] if place["whole"]]
    assert whole, sight
    before = version(page)
    x = (whole[0]["left"] + whole[0]["right"]) / 2
    y = (whole[0]["top"] + whole[0]["bottom"]) / 2
    page.touchscreen.tap(x, y)
    expect(page.locator("#board .ghost.ghost-target")).to_have_count(1)
    page.touchscreen.tap(x, y)
    was_laid(page, before, tile)


@pytest.mark.parametrize("open_one", GAMES)
def test_a_place_half_off_the_board_is_laid_by_tapping_its_visible_half(
    new_context: ContextFactory, open_one: Opener
) -> None:
    """The board dragged until a place lies across its right edge: two taps on the half
    that shows lay the tile there."""
    page, tile = picked_on_a_phone(new_context, open_one)
    first_target(page, touch=True)
    page.wait_for_function(_CAMERA_AT_REST_JS, polling=100)
    board = page.locator("#board").bounding_box()
    place = page.locator("#board .target .target-outline").first.bounding_box()
    assert board and place
    # Drag the board so that the place's middle lies on the board's right edge, halfway
    # down (the deal decides where the place was: at the top edge on some).
    start = (board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
    shift = (
        board["x"] + board["width"] - (place["x"] + place["width"] / 2),
        start[1] - (place["y"] + place["height"] / 2),
    )
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + shift[0] / 2, start[1] + shift[1] / 2, steps=4)
    page.mouse.move(start[0] + shift[0], start[1] + shift[1], steps=4)
    page.mouse.up()
    page.wait_for_function(_CAMERA_AT_REST_JS, polling=100)
    moved = page.locator("#board .target .target-outline").first.bounding_box()
    assert moved
    right = board["x"] + board["width"]
    assert moved["x"] < right < moved["x"] + moved["width"], (moved, board)
    before = version(page)
    x, y = (moved["x"] + right) / 2, moved["y"] + moved["height"] / 2  # the half that shows
    page.touchscreen.tap(x, y)
    expect(page.locator("#board .ghost.ghost-target")).to_have_count(1)
    page.touchscreen.tap(x, y)
    was_laid(page, before, tile)
