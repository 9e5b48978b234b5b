"""What every viewer of a game sees of it, measured as the browser draws it: the first
view of a position and the size of Triominos' numbers in the hand
and in the move log."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from support.browser.gameplay import (
    DESKTOP,
    PHONE,
    ContextFactory,
    api_game,
    is_my_turn,
    open_game,
    take_turn,
)

# The camera of the board: the <g class="camera"> transform the page drew.
_CAMERA_JS = "() => document.querySelector('#board g.camera').getAttribute('transform')"

# The smallest on-screen font size (CSS px) of the numbers under `selector`: the
# number's font size in its picture's units times the picture's scale on the screen.
_SMALLEST_DIGIT_JS = """(selector) => {
  const sizes = [...document.querySelectorAll(selector)].map((text) =>
    parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a);
  return sizes.length ? Math.min(...sizes) : null;
}"""

# The smallest on-screen diameter (CSS px) of the dots under `selector`.
_SMALLEST_DOT_JS = """(selector) => {
  const drawn = [...document.querySelectorAll(selector)].map((dot) =>
    2 * parseFloat(getComputedStyle(dot).r) * dot.getScreenCTM().a);
  return drawn.length ? Math.min(...drawn) : null;
}"""


def _settled(page: Page) -> None:
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def _with_its_places(page: Page) -> None:
    """Wait until the player to move has the turn's places (the server's legal list)."""
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    if is_my_turn(page):
        expect(page.locator("[data-testid=hand-tile].playable").first).to_be_visible()
    _settled(page)


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", ["chromino", "triominos"])
def test_both_players_first_see_the_position_the_same(
    new_context: ContextFactory, game: str, size: str
) -> None:
    """The player to move and the one waiting, on the same screen,
    are shown the position at the same zoom and place (the board's bounds, not the
    places only the player to move has)."""
    viewport = DESKTOP if size == "desktop" else PHONE
    pages = [new_context(viewport=viewport).new_page() for _ in range(2)]
    for page in pages:
        page.goto("/rules")
    game_id = api_game(pages, game=game, turn_seconds=0)
    for page in pages:
        open_game(page, game_id)
        _with_its_places(page)
    assert sum(is_my_turn(page) for page in pages) == 1
    views = [page.evaluate(_CAMERA_JS) for page in pages]
    assert views[0] == views[1]


def test_triominos_numbers_are_readable_in_the_hand_and_the_log(
    new_context: ContextFactory,
) -> None:
    """The numbers of the hand's tiles are at least 12 px on a phone
    and at the desktop, those of the move log's tiles 11 px, the dots of the symbols
    2.6 px across on the phone's hand (they were 1.9)."""
    pages = [new_context().new_page() for _ in range(2)]
    for page in pages:
        page.goto("/rules")
    chosen = pages[0].request.patch("/api/me/preferences", data={"symbols": True})
    assert chosen.ok, chosen.text()
    game_id = api_game(pages, game="triominos", turn_seconds=0)
    for page in pages:
        open_game(page, game_id)
    mover = pages[0] if is_my_turn(pages[0]) else pages[1]
    assert take_turn(mover) == "play"  # a move the log shows with its tile
    expect(pages[0].locator("#move-log .log-tile")).to_have_count(1)
    for viewport in (DESKTOP, PHONE):
        page = pages[0]
        page.set_viewport_size({"width": viewport["width"], "height": viewport["height"]})
        _settled(page)
        hand = page.evaluate(_SMALLEST_DIGIT_JS, ".hand-tile .tri-digit")
        log = page.evaluate(_SMALLEST_DIGIT_JS, "#move-log .tri-digit")
        assert hand is not None and hand >= 12, f"hand numbers {hand} px at {viewport}"
        assert log is not None and log >= 11, f"log numbers {log} px at {viewport}"
        if viewport == PHONE:
            dots = page.evaluate(_SMALLEST_DOT_JS, ".hand-tile .tri-pip")
            assert dots is not None and dots >= 2.6, f"dots {dots} px on the phone"
