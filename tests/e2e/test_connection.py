"""A dropped connection: the page says so, then catches up without reloading."""

from __future__ import annotations

import contextlib
import json
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import WebSocketRoute, expect
from support.browser.gameplay import (
    ContextFactory,
    api_game,
    is_my_turn,
    open_game,
    server_version,
    take_turn,
    version,
    wait_for_version,
    wait_until_connected,
)
from support.browser.play import KEEP_SOCKETS

# Chromium's offline emulation stops new connections but leaves an open websocket
# alone (a real network loss closes it, or the page's keep-alive gives up on it),
# so the test keeps hold of the page's sockets to close them itself.


def test_dropped_connection_catches_up_without_reload(new_context: ContextFactory) -> None:
    away_context = new_context()
    away_context.add_init_script(KEEP_SOCKETS)
    away = away_context.new_page()
    mover = new_context().new_page()
    for page in (away, mover):
        page.goto("/rules")  # a session for the API calls
    game_id = api_game([away, mover], ruleset="junior", hand_size=3)
    open_game(away, game_id)
    open_game(mover, game_id)
    while is_my_turn(away):  # make it the other player's turn
        take_turn(away)
    wait_for_version(mover, version(away))
    assert is_my_turn(mover)

    away.evaluate("window.__e2eMarker = 'still the same page'")
    lines_before = away.locator("#move-log li[data-version]").count()
    seat_away = away.locator("[data-testid=player].me").get_attribute("data-seat")
    mover_row = mover.locator(f"[data-testid=player][data-seat='{seat_away}']")

    away_context.set_offline(True)
    away.evaluate("window.__e2eSockets.forEach((socket) => socket.close())")
    banner = away.get_by_test_id("connection-banner")
    expect(banner).to_be_visible()
    expect(banner).to_have_attribute("data-state", "lost")
    expect(away.locator("body")).to_have_class(re.compile(r"\boffline\b"))
    # The other player sees that I left, and plays on meanwhile.
    expect(mover_row.get_by_test_id("presence")).to_have_attribute("data-presence", "offline")
    take_turn(mover)
    moved_to = version(mover)
    expect(banner).to_have_attribute("data-state", "lost")  # reconnecting fails while offline
    assert version(away) < moved_to

    away_context.set_offline(False)  # the "online" event reconnects at once
    expect(banner).to_be_hidden()
    expect(banner).to_have_attribute("data-state", "open")
    wait_for_version(away, moved_to)
    assert version(away) == moved_to == server_version(away, game_id)
    assert away.evaluate("window.__e2eMarker") == "still the same page"
    new_lines = away.locator("#move-log li[data-version]")
    assert new_lines.count() > lines_before
    expect(new_lines.last).to_have_attribute("data-version", str(moved_to))
    expect(mover_row.get_by_test_id("presence")).to_have_attribute("data-presence", "online")


# What a player sees of a game, without the motion of the moment (a tile sliding in).
PICTURE_JS = """() => ({
    board: [...document.querySelectorAll('#board .layer-tiles > *')].map(
        (tile) => tile.getAttribute('aria-label')),
    hand: [...document.querySelectorAll('[data-testid=hand-tile]')].map(
        (tile) => tile.dataset.tile),
    players: document.getElementById('players').innerText,
    turn: document.querySelector('[data-testid=turn-indicator]').innerText,
    bag: document.querySelector('[data-testid=bag-count]')?.innerText ?? null,
})"""

SAME_PICTURE_JS = f"(built) => JSON.stringify(({PICTURE_JS})()) === JSON.stringify(built)"
"""Whether the page shows ``built`` again: after a reload, a finished game's rating
changes come a moment after the snapshot (the page reads them once it is over)."""


@pytest.mark.parametrize("game", ["chromino", "triominos"])
def test_a_game_played_on_deltas_reloads_to_the_same_picture(
    new_context: ContextFactory, game: str
) -> None:
    """The page builds the game from its snapshot and each event's delta; a reload
    mid-game, from a whole snapshot, shows exactly what the deltas had built."""
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_game([page], ["human", "bot:greedy"], game=game)
    open_game(page, game_id)
    # The game rests on my turn, or on its end: the deal depends on how many games
    # were dealt before this one, and the bot may go out within eight turns.
    settled = page.locator(
        "[data-testid=turn-indicator].mine, [data-testid=end-screen]:not([hidden])"
    ).first
    for _ in range(8):
        expect(settled).to_be_visible()  # the bot has answered
        if page.get_by_test_id("end-screen").is_visible():
            break
        take_turn(page)
    expect(settled).to_be_visible()
    assert server_version(page, game_id) == version(page)
    built = page.evaluate(PICTURE_JS)
    assert len(built["board"]) >= 5, built
    page.reload()
    wait_until_connected(page)
    with contextlib.suppress(PlaywrightTimeoutError):  # the assertion shows the difference
        page.wait_for_function(SAME_PICTURE_JS, arg=built, timeout=10_000)
    assert page.evaluate(PICTURE_JS) == built


def test_a_page_older_than_the_server_asks_to_be_reloaded(new_context: ContextFactory) -> None:
    """A server that speaks a newer protocol refuses the page's socket with "reload":
    the page says so, stops trying to connect (its state is "gone", as for a game that
    does not exist) and offers the reload."""
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_game([page], ["human", "bot:greedy"])
    opened: list[str] = []

    def newer_server(ws: WebSocketRoute) -> None:
        """The page as loaded meets a newer server; once reloaded, it is as new."""
        opened.append(ws.url)
        if len(opened) > 1:
            server = ws.connect_to_server()
            server.on_message(ws.send)
            ws.on_message(server.send)
            return
        ws.send(json.dumps({"type": "error", "code": "reload", "message": "reload"}))
        ws.close(code=1008)

    page.route_web_socket("**/ws/**", newer_server)
    page.goto(f"/g/{game_id}")
    banner = page.get_by_test_id("connection-banner")
    expect(banner).to_contain_text("The server has been updated: reload this page")
    assert "protocol=2" in opened[0]
    expect(banner).to_have_attribute("data-state", "gone")  # the page stopped connecting
    expect(page.get_by_test_id("turn-indicator")).to_have_text("")  # not "Connecting…"
    page.get_by_test_id("reload-page").click()  # one click away: the page as it is now
    wait_until_connected(page)
