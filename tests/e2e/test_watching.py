"""The table form's choices about time and onlookers, and what an onlooker of a private
game is told; the solo page names the game whose past games it lists."""

from __future__ import annotations

from e2e.gameplay import ContextFactory, api_solo, api_solo_of, wait_until_connected
from playwright.sync_api import expect


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
    expect(banner).to_contain_text("only its players can watch this game")


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
