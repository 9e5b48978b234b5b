"""Watching in a browser: the live games' page with a followed player's game on top,
the TV moving on by itself when its game ends, and the embeddable board in another
site's frame — shown where the host allowed that site, blocked elsewhere, and no other
page framed at all. At 360 and 1280 px: no sideways scroll, axe-clean, the keyboard
reaches what acts; screenshots kept in test-artifacts/e2e/watch-*.png (looked at by eye)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS, TIMEOUT_MS
from support.browser.gameplay import (
    DESKTOP,
    PHONE,
    ContextFactory,
    is_my_turn,
    open_game,
    take_turn,
    wait_for_version,
)
from support.browser.people import HUMAN, no_sideways_scroll, person, resize
from support.fixtures import LiveServers
from support.live import LiveServer, free_port
from support.other_site import OtherSite

from web.db import Database
from web.models import Game
from web.ops.admin import end_game

EMBEDDING_PORT = free_port()
"""The port of the site allowed to frame the embeddable pages (another origin)."""

SOME_TILES = re.compile(r"^[1-9][0-9]*$")
"""A board drawn with its tiles: the dealt one, and the bot's if it moved first."""

HOST_PAGE = """<!doctype html><title>a club's page</title>
<h1>Our club</h1>
<iframe id="board" title="a game" width="480" height="720" src="{src}"
  onload="document.body.dataset.loaded = '1'"></iframe>"""


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    """This module's server: one other origin may frame its embeddable pages."""
    return serve(
        own_origin=True,
        bot_delay_seconds=0.2,
        bot_seconds=0.3,
        coach=False,
        embed_origins=f"http://127.0.0.1:{EMBEDDING_PORT}",
    )


@pytest.fixture
def sites() -> Iterator[tuple[OtherSite, OtherSite]]:
    """The site allowed to frame the embeddable pages, and one that is not."""
    allowed, other = OtherSite(EMBEDDING_PORT), OtherSite()
    yield allowed, other
    allowed.close()
    other.close()


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"watch-{name}.png"), full_page=True)


def public_game(page: Page, bot: str) -> str:
    """A listed table of this person's against a bot, open to spectators, started."""
    body = {"seats": [HUMAN, {"kind": "bot", "bot": bot}], "public": True}
    made = page.request.post("/api/tables", data=body)
    assert made.ok, made.text()
    started = page.request.post(f"/api/tables/{made.json()['invite_code']}/start")
    assert started.ok, started.text()
    return str(started.json()["game_id"])


def end_games(server: LiveServer, *game_ids: str) -> None:
    """End these games as the host would (none: every game still played)."""
    database = Database(server.settings.database_url)
    try:
        if not game_ids:
            with database.session() as session:
                query = select(Game.id).where(Game.status == "playing")
                game_ids = tuple(session.scalars(query))
        for game_id in game_ids:
            end_game(database, game_id)
    finally:
        database.dispose()


def tab_to(page: Page, test_id: str) -> None:
    """Press Tab until the element with this test id has the focus."""
    target = page.get_by_test_id(test_id).first
    for _ in range(60):
        page.keyboard.press("Tab")
        if target.evaluate("(element) => element === document.activeElement"):
            return
    raise AssertionError(f"Tab never reached {test_id}")


def test_the_live_games_with_a_followed_player_first_at_both_sizes(
    new_context: ContextFactory, server: LiveServer
) -> None:
    ana, _ = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    cleo, _ = person(new_context, "Cleo")
    anas = public_game(ana, "strong")
    bens = public_game(ben, "random")

    # Cleo follows Ben from his profile, by keyboard.
    ben_id = ben.request.get("/api/me").json()["id"]
    cleo.goto(f"/players/{ben_id}")
    tab_to(cleo, "follow-button")
    cleo.keyboard.press("Enter")
    expect(cleo.get_by_test_id("follow-button")).to_have_text("Stop following")
    expect(cleo.get_by_test_id("follow-status")).to_have_text("You follow this player now.")
    assert_accessible(cleo, "a profile with its follow button")

    cleo.goto("/")
    shot(cleo, "lobby-1280")
    cleo.get_by_test_id("lobby-live").click()  # the lobby leads to the games to watch
    lines = cleo.get_by_test_id("live-line")
    expect(lines.first).to_have_attribute("data-game-id", bens)
    expect(lines.first.get_by_test_id("follow-mark")).to_have_text("Following")
    expect(lines.first).to_contain_text(ben_name)
    expect(lines.first).to_contain_text("Easy bot")
    expect(cleo.locator(f'[data-game-id="{anas}"]')).to_contain_text("Hard bot")
    no_sideways_scroll(cleo)
    assert_accessible(cleo, "the live games (1280 px)")
    shot(cleo, "live-1280")
    resize(cleo, PHONE)
    no_sideways_scroll(cleo)
    assert_accessible(cleo, "the live games (360 px)")
    shot(cleo, "live-360")

    # The filters by keyboard: Triominos has no live game here.
    cleo.get_by_test_id("live-game").focus()
    cleo.get_by_test_id("live-game").select_option("triominos")
    expect(cleo.get_by_test_id("live-empty")).to_be_visible()
    expect(lines).to_have_count(0)
    cleo.get_by_test_id("live-game").select_option("")
    expect(cleo.locator(f'[data-game-id="{bens}"]')).to_be_visible()

    # Watch leads to the TV showing that game.
    resize(cleo, DESKTOP)
    cleo.locator(f'[data-game-id="{bens}"]').get_by_test_id("live-watch").click()
    expect(cleo.get_by_test_id("tv-frame")).to_have_attribute("data-game-id", bens)
    expect(cleo.get_by_test_id("watch-players")).to_contain_text(ben_name)
    end_games(server, anas, bens)


def test_the_tv_moves_on_to_the_next_best_game_when_its_game_ends(
    new_context: ContextFactory, server: LiveServer
) -> None:
    end_games(server)  # the TV shows the best game on the server: only this test's
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    best = public_game(ana, "strong")
    next_best = public_game(ben, "greedy")

    viewer = new_context().new_page()
    viewer.goto("/tv")
    frame = viewer.get_by_test_id("tv-frame")
    expect(frame).to_have_attribute("data-game-id", best)
    expect(viewer.get_by_test_id("watch-players")).to_contain_text(ana_name)
    expect(viewer.get_by_test_id("watch-board")).to_have_attribute("data-tiles", SOME_TILES)
    no_sideways_scroll(viewer)
    assert_accessible(viewer, "the TV (1280 px)")
    shot(viewer, "tv-1280")
    resize(viewer, PHONE)
    no_sideways_scroll(viewer)
    assert_accessible(viewer, "the TV (360 px)")
    shot(viewer, "tv-360")
    tab_to(viewer, "tv-open")
    expect(viewer.get_by_test_id("tv-open")).to_have_attribute("href", f"/g/{best}")

    # The TV watches as a spectator: the live games' page counts it (it asks again
    # every few seconds, so the count shows once the TV's socket is in).
    ana.goto("/live")
    watched = ana.locator(f'[data-game-id="{best}"]')
    expect(watched).to_contain_text("1 spectator")
    expect(ana.locator(f'[data-game-id="{next_best}"]')).to_contain_text("0 spectators")

    end_games(server, best)
    expect(viewer.get_by_test_id("tv-ended")).to_contain_text("Game over")
    expect(frame).to_have_attribute("data-game-id", next_best)
    expect(viewer.get_by_test_id("watch-players")).to_contain_text(ben_name)
    expect(viewer.get_by_test_id("tv-ended")).to_be_hidden()
    shot(viewer, "tv-next-360")

    end_games(server, next_best)
    expect(viewer.get_by_test_id("tv-idle")).to_be_visible()
    assert_accessible(viewer, "the TV with nothing to show")


def framed(browser: Browser, site: OtherSite, src: str) -> Page:
    """The other site's page framing ``src``, once the frame loaded (or was refused).
    A context of its own: the refusals it logs are the point here, not a page's fault."""
    context = browser.new_context(viewport={"width": DESKTOP["width"], "height": DESKTOP["height"]})
    context.set_default_timeout(TIMEOUT_MS)
    site.html = HOST_PAGE.format(src=src)
    page = context.new_page()
    page.goto(site.url)
    expect(page.locator("body")).to_have_attribute("data-loaded", "1")
    return page


def test_the_embedded_board_shows_only_where_the_host_allows_it(
    browser: Browser,
    new_context: ContextFactory,
    server: LiveServer,
    sites: tuple[OtherSite, OtherSite],
) -> None:
    ana, ana_name = person(new_context, "Ana")
    game_id = public_game(ana, "greedy")
    allowed, other = sites

    club = framed(browser, allowed, f"{server.url}/embed/g/{game_id}")
    board = club.frame_locator("#board")
    expect(board.get_by_test_id("watch-board")).to_have_attribute("data-tiles", SOME_TILES)
    expect(board.get_by_test_id("watch-players")).to_contain_text(ana_name)
    opener = board.get_by_test_id("embed-open")
    expect(opener).to_have_attribute("target", "_blank")
    expect(opener).to_have_attribute("href", f"{server.url}/g/{game_id}")
    shot(club, "embedded-1280")

    # Another site may not frame it; no site may frame any other page.
    elsewhere = framed(browser, other, f"{server.url}/embed/g/{game_id}")
    expect(elsewhere.frame_locator("#board").get_by_test_id("embed")).to_have_count(0)
    expect(elsewhere.frame_locator("#board").get_by_test_id("watch-board")).to_have_count(0)
    for path in ("/live", f"/g/{game_id}", "/tv"):
        refused = framed(browser, allowed, f"{server.url}{path}")
        expect(refused.frame_locator("#board").locator("main")).to_have_count(0)
        refused.context.close()
    for page in (club, elsewhere):
        page.context.close()

    # Opened directly, it is a page like any other: at a phone's width, axe-clean.
    viewer = new_context(viewport=PHONE).new_page()
    viewer.goto(f"/embed/g/{game_id}")
    expect(viewer.get_by_test_id("watch-board")).to_have_attribute("data-tiles", SOME_TILES)
    no_sideways_scroll(viewer)
    assert_accessible(viewer, "the embeddable board (360 px)")
    shot(viewer, "embed-360")
    end_games(server, game_id)


def test_a_finished_game_is_replayed_and_a_private_one_never_shown(
    browser: Browser,
    new_context: ContextFactory,
    server: LiveServer,
    sites: tuple[OtherSite, OtherSite],
) -> None:
    ana, _ = person(new_context, "Ana")
    game_id = public_game(ana, "greedy")
    open_game(ana, game_id)  # a move or two, for the replay to step through
    if is_my_turn(ana):
        take_turn(ana)
    wait_for_version(ana, 1)
    end_games(server, game_id)
    made = ana.request.post(
        "/api/tables", data={"seats": [HUMAN, {"kind": "bot", "bot": "greedy"}]}
    )
    private = ana.request.post(f"/api/tables/{made.json()['invite_code']}/start").json()["game_id"]

    viewer = new_context(viewport=PHONE).new_page()
    viewer.goto(f"/embed/g/{game_id}")
    steps = viewer.get_by_test_id("embed-steps")
    expect(steps).to_be_visible()
    expect(viewer.get_by_test_id("step-forward")).to_be_disabled()
    tab_to(viewer, "step-back")
    viewer.keyboard.press("Enter")
    expect(viewer.get_by_test_id("step-forward")).to_be_enabled()
    while viewer.get_by_test_id("step-back").is_enabled():
        viewer.keyboard.press("Enter")
    expect(viewer.get_by_test_id("step-at")).to_have_text("Before the first move")
    expect(viewer.get_by_test_id("step-forward")).to_be_focused()
    expect(viewer.get_by_test_id("watch-board")).to_have_attribute("data-tiles", "1")
    assert_accessible(viewer, "an embedded replay (360 px)")
    shot(viewer, "embed-replay-360")

    allowed, _ = sites
    club = framed(browser, allowed, f"{server.url}/embed/g/{private}")
    refused = club.frame_locator("#board").get_by_test_id("embed-refused")
    expect(refused).to_contain_text("This game cannot be shown here")
    shot(club, "embedded-private-1280")
    club.context.close()
    end_games(server, private)


def test_the_daily_deal_in_a_frame(
    browser: Browser, server: LiveServer, sites: tuple[OtherSite, OtherSite]
) -> None:
    allowed, _ = sites
    club = framed(browser, allowed, f"{server.url}/embed/daily")
    daily = club.frame_locator("#board")
    expect(daily.get_by_test_id("embed-deal").first).to_be_visible()
    expect(daily.get_by_test_id("embed-open")).to_have_attribute("href", f"{server.url}/daily")
    shot(club, "embedded-daily-1280")
    club.context.close()
