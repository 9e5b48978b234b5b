"""A rematch on the same socket, in a browser: the one who asks for it and the one who joins
it each see their page become the new game's in place — its address, a fresh board and
hand, the table talk empty, the end screen gone — with no new websocket opened. A move
is played there, the page reloaded still shows the new game, and Back loads the game
before. Screenshots at 360 and 1280 px in test-artifacts/e2e/rematch-in-place-*.png.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chat import lines, open_chat, say_preset, sockets_of
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import (
    ContextFactory,
    game_id_of,
    is_my_turn,
    open_game,
    take_turn,
    version,
    wait_until_connected,
)
from support.browser.people import duel, no_sideways_scroll, person, resize


def shows_a_fresh_game(page: Page, game_id: str) -> None:
    expect(page).to_have_url(re.compile(rf"/g/{re.escape(game_id)}$"))
    wait_until_connected(page)
    expect(page.get_by_test_id("end-screen")).to_be_hidden()
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    expect(page.locator("#chat-lines [data-testid=chat-line]")).to_have_count(0)


def test_a_rematch_moves_both_pages_on_in_place_on_their_sockets(
    new_context: ContextFactory,
) -> None:
    ana, _ = person(new_context, "Ana")
    ben, _ = person(new_context, "Ben")
    first, _ = duel(ana, ben)
    opened = {page: sockets_of(page) for page in (ana, ben)}
    for page in (ana, ben):
        open_game(page, first)
    say_preset(ana, "good_luck")
    open_chat(ben)
    expect(lines(ben)).to_have_count(1)
    ben.get_by_test_id("resign").click()
    ben.get_by_test_id("resign-yes").click()
    for page in (ana, ben):
        expect(page.get_by_test_id("end-screen")).to_be_visible()

    ana.get_by_test_id("rematch").click()
    expect(ana).not_to_have_url(re.compile(rf"/g/{re.escape(first)}$"))
    second = game_id_of(ana)
    shows_a_fresh_game(ana, second)
    expect(ben.get_by_test_id("join-rematch")).to_be_visible()
    ben.get_by_test_id("join-rematch").click()
    shows_a_fresh_game(ben, second)
    assert [len(opened[page]) for page in (ana, ben)] == [1, 1], "no new socket"

    mover = ana if is_my_turn(ana) else ben
    take_turn(mover)
    for page in (ana, ben):
        expect(page.get_by_test_id("move-log").locator("li")).not_to_have_count(0)
    for width in (360, 1280):
        resize(ben, {"width": width, "height": 800})
        no_sideways_scroll(ben)
        assert_accessible(ben, f"a rematch joined in place ({width} px)")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        ben.screenshot(path=str(ARTIFACTS / f"rematch-in-place-{width}.png"))

    moved_to = version(ana)
    ana.reload()
    wait_until_connected(ana)
    assert game_id_of(ana) == second and version(ana) == moved_to
    ben.go_back()
    expect(ben).to_have_url(re.compile(rf"/g/{re.escape(first)}$"))
    wait_until_connected(ben)
    expect(ben.get_by_test_id("end-screen")).to_be_visible()
