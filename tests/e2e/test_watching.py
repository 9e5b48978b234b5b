"""The table form's choices about time, onlookers and absent players; what an onlooker
of a private game is told; a bot playing for an absent player, and taking one's seat
back; the solo page names the game whose past games it lists. The server keeps a fake
clock (web.clock), so a grace passes when the test says."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support.browser.chromium import TIMEOUT_MS
from support.browser.gameplay import (
    ContextFactory,
    api_solo,
    api_solo_of,
    create_table_with_form,
    start_table,
    wait_until_connected,
)
from support.fixtures import LiveServers
from support.live import LiveServer


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    """The suite's server, on a fake clock."""
    return serve(own_origin=True, bot_delay_seconds=0.2, fake_clock=True)


def test_the_form_bounds_a_turn_and_lets_a_table_refuse_onlookers(
    new_context: ContextFactory,
) -> None:
    page = new_context().new_page()
    page.goto("/")
    form = page.locator("#create-form")
    seconds = form.locator("[name=turn_seconds]")
    help_line = form.locator("#option-help-turn_seconds")
    expect(help_line).to_have_text("0 for untimed, or 15 to 600 seconds.")
    expect(seconds).to_have_accessible_description("0 for untimed, or 15 to 600 seconds.")
    expect(form.get_by_label("Seconds per turn")).to_have_value("0")
    watching = form.get_by_label("Let others watch the game")
    expect(watching).to_be_checked()  # friends' tables are open to onlookers by default

    seconds.fill("5")  # too short: the form says why and creates nothing
    form.get_by_role("button", name="Create the table").click()
    assert seconds.evaluate("(input) => input.validationMessage") == (
        "0 for untimed, or 15 to 600 seconds."
    )
    expect(page).to_have_url("/")
    seconds.fill("15")
    watching.uncheck()
    form.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/t/*")
    invite = page.url.rsplit("/", 1)[1]
    table = page.request.get(f"/api/tables/{invite}").json()
    assert table["options"]["turn_seconds"] == 15
    assert table["spectators"] is False


def test_an_onlooker_of_a_private_game_is_told_why(new_context: ContextFactory) -> None:
    player = new_context().new_page()
    player.goto("/rules")
    game_id = api_solo(player)
    player.goto(f"/g/{game_id}")
    wait_until_connected(player)

    onlooker = new_context().new_page()
    onlooker.goto(f"/g/{game_id}")
    banner = onlooker.locator("#connection-banner")
    expect(banner).to_be_visible()
    expect(banner.locator("#connection-text")).to_have_text("Only its players can watch this game.")
    expect(onlooker.get_by_test_id("reload-page")).to_be_hidden()  # a reload would not help
    expect(onlooker.get_by_test_id("turn-indicator")).to_have_text("")  # not "Connecting…"


def test_past_solo_games_name_their_game(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    api_solo_of(page, "triominos", {"turn_seconds": 0})
    page.goto("/solo")
    title = page.get_by_test_id("solo-games-title")
    expect(title).to_have_text("Past solo games of Chromino")
    expect(page.get_by_test_id("solo-games").locator("li")).to_have_count(0)
    page.locator("input[name=game][value=triominos]").check()
    expect(title).to_have_text("Past solo games of Triominos Challenge")
    expect(page.get_by_role("list", name="Past solo games of Triominos Challenge")).to_be_visible()
    expect(page.get_by_test_id("solo-games").locator("li")).to_have_count(1)


def test_a_bot_plays_for_an_absent_player_who_takes_their_seat_back(
    new_context: ContextFactory, server: LiveServer
) -> None:
    ana = new_context().new_page()
    bob_context = new_context()
    bob = bob_context.new_page()
    ana.goto("/")
    grace = ana.locator("#create-form").get_by_label("A bot plays for an absent player")
    expect(grace).to_have_value("0")  # never, unless the table says so
    expect(grace).to_have_accessible_description(
        "When a player has had no connection open this long, a bot plays for them until they"
        " come back."
    )
    invite = create_table_with_form(ana, ["human", "human"], substitute_minutes="1")
    bob.goto(invite)
    bob.locator("#join").click()
    game_id = start_table(ana)
    bob.wait_for_url(f"**/g/{game_id}")
    wait_until_connected(bob)
    bob_name = bob.locator("#whoami").inner_text()
    expect(bob.get_by_test_id("away-notice")).to_be_hidden()
    bob.close()  # Bob goes away
    expect(ana.locator("[data-testid=player] [data-presence=online]")).to_have_count(1)

    server.clock.advance(60)
    log = ana.locator("#move-log")
    expect(log).to_contain_text(f"{bob_name} is away: a bot plays for them.")
    bobs = ana.locator("[data-testid=player][data-seat='1']")
    expect(bobs.get_by_test_id("away-mark")).to_have_text("a bot plays for them")

    bob = bob_context.new_page()  # back: a bot is playing for him, until he says
    bob.goto(f"/g/{game_id}")
    wait_until_connected(bob)
    notice = bob.get_by_test_id("away-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("A bot is playing for you.")
    take = notice.get_by_role("button", name="Take my seat back")
    take.focus()
    bob.keyboard.press("Enter")
    expect(notice).to_be_hidden(timeout=TIMEOUT_MS)
    expect(log).to_contain_text(f"{bob_name} is back.")
    expect(bobs.get_by_test_id("away-mark")).to_have_count(0)
    expect(bob.locator("#move-log")).to_contain_text("You took your seat back.")  # said to him
