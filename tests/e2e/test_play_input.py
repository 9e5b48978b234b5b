"""Laying a tile without a mouse: with the keyboard only, and by tapping on a phone."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from support.browser.gameplay import (
    PHONE,
    ContextFactory,
    api_solo_with_a_play,
    hand_tiles,
    has_class,
    lay_on_first_target,
    open_game,
    pick_playable,
    tile_words,
    version,
    wait_for_version,
)
from support.browser.play import tab_to


def test_keyboard_only_placement(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")  # any page: the session cookie for the API call below
    game_id = api_solo_with_a_play(page, ruleset="junior", hand_size=8)
    open_game(page, game_id)
    expect(page.locator("[data-testid=hand-tile].playable").first).to_be_visible()
    hand_before = hand_tiles(page)
    version_before = version(page)
    log_lines = page.locator("#move-log li[data-version]")
    lines_before = log_lines.count()

    tab_to(page, "[data-testid=hand-tile].playable")
    tile = str(page.evaluate("document.activeElement.dataset.tile"))
    button = page.locator(f"[data-testid=hand-tile][data-tile='{tile}']")

    # Enter picks the tile and takes the focus to the board, the ghost on a place.
    page.keyboard.press("Enter")
    expect(button).to_have_class(has_class("picked"))
    expect(page.get_by_test_id("board")).to_be_focused()
    ghost = page.locator("#board .ghost")
    expect(ghost).to_have_count(1)

    # Escape puts it back, and the focus returns to the tile; Space picks it again.
    page.keyboard.press("Escape")
    expect(button).not_to_have_class(has_class("picked"))
    expect(ghost).to_have_count(0)
    expect(button).to_be_focused()
    page.keyboard.press(" ")
    expect(button).to_have_class(has_class("picked"))
    expect(page.get_by_test_id("board")).to_be_focused()

    # R turns it, F flips it: the preview follows; turn it until it sits on a place.
    preview = page.get_by_test_id("orientation-preview")
    expect(preview).to_have_attribute("data-key", f"{tile}:E")
    page.keyboard.press("f")
    expect(preview).to_have_attribute("data-key", f"{tile}:W")
    page.keyboard.press("f")
    expect(preview).to_have_attribute("data-key", f"{tile}:E")
    on_place = page.locator("#board .ghost.ghost-target")
    targets = page.locator("#board .target")
    for turn in ("S", "W", "N", "E"):
        if targets.count():
            break
        page.keyboard.press("r")
        expect(preview).to_have_attribute("data-key", f"{tile}:{turn}")
    assert targets.count(), "the tile fits nowhere"
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        if on_place.count():
            break
        page.keyboard.press(key)  # to the next place that way, if there is one
    expect(on_place).to_have_count(1)

    # The arrow keys go from place to place (or stay put when there is none that way).
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        page.keyboard.press(key)
        expect(on_place).to_have_count(1)
    expect(page.get_by_test_id("place")).to_be_enabled()

    page.keyboard.press("Enter")
    wait_for_version(page, version_before + 1)
    expect(page.locator(f"[data-testid=hand-tile][data-tile='{tile}']")).to_have_count(0)
    expect(page.get_by_test_id("hand-tile")).to_have_count(len(hand_before) - 1)
    assert log_lines.count() > lines_before
    expect(log_lines.nth(lines_before)).to_contain_text(re.compile(rf"laid {tile_words(tile)}\b"))
    expect(log_lines.nth(lines_before)).not_to_contain_text(tile)  # no English initials


def test_phone_layout_and_tapping_a_tile(new_context: ContextFactory) -> None:
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto("/rules")
    game_id = api_solo_with_a_play(page, ruleset="junior", hand_size=8)
    open_game(page, game_id)

    hand = page.get_by_test_id("hand")
    board = page.get_by_test_id("board")
    expect(hand).to_be_visible()
    expect(board).to_be_visible()
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    widths = page.evaluate(
        """() => ({inner: window.innerWidth,
                  doc: document.documentElement.scrollWidth,
                  body: document.body.scrollWidth})"""
    )
    assert widths["doc"] <= widths["inner"], widths
    assert widths["body"] <= widths["inner"], widths
    for part in (hand, board):
        box = part.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box

    before = version(page)
    hand_before = hand_tiles(page)
    tile = pick_playable(page, touch=True)
    lay_on_first_target(page, touch=True)
    wait_for_version(page, before + 1)
    expect(page.locator(f"[data-testid=hand-tile][data-tile='{tile}']")).to_have_count(0)
    expect(page.get_by_test_id("hand-tile")).to_have_count(len(hand_before) - 1)
    expect(page.locator("#board .layer-tiles > .tile")).to_have_count(2)
    # Still no sideways scrolling with the new tile and the log line.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
