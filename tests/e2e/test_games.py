"""Whole games through the page: two people, solo, against a bot."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from support.browser.gameplay import (
    ContextFactory,
    create_table_with_form,
    game_id_of,
    play_to_end,
    start_table,
    summary,
    wait_until_connected,
)


def winners_named(page: Page, game_id: str) -> list[str]:
    """The winners' names, from the server's summary of the finished game."""
    game = summary(page, game_id)
    assert game["status"] == "finished"
    return [game["players"][seat] for seat in game["result"]["winners"]]


def test_two_people_create_join_and_play_to_the_end(new_context: ContextFactory) -> None:
    host = new_context().new_page()
    guest = new_context().new_page()

    invite = create_table_with_form(
        host, ["human", "human"], ruleset="junior", hand_size="3", draws_per_turn="1"
    )
    guest.goto(invite)
    guest.locator("#join").click()
    expect(guest.get_by_test_id("table-status")).to_have_text(
        "Waiting for the creator to start the game…"
    )
    expect(guest.locator("#seats li")).to_have_count(2)
    game_id = start_table(host)
    guest.wait_for_url(f"**/g/{game_id}")  # the table page follows the game when it starts
    wait_until_connected(guest)

    host_name = host.locator("#whoami").inner_text()
    guest_name = guest.locator("#whoami").inner_text()
    for page in (host, guest):
        expect(page.get_by_test_id("player")).to_have_count(2)
        expect(page.locator("[data-testid=player] [data-presence=online]")).to_have_count(2)

    actions = play_to_end([host, guest])
    assert "play" in actions

    winners = winners_named(host, game_id)
    assert winners and set(winners) <= {host_name, guest_name}
    for page in (host, guest):
        result = page.get_by_test_id("end-result")
        if len(winners) == 1:
            expect(result).to_have_text(f"{winners[0]} wins!")
        else:
            expect(result).to_contain_text("Joint winners")
        for name in winners:
            expect(result).to_contain_text(name)
        expect(page.get_by_test_id("end-scores").locator("li")).to_have_count(2)
        expect(page.locator("#end-scores li.winner")).to_have_count(len(winners))
        expect(page.get_by_test_id("replay-link")).to_have_attribute("href", f"/g/{game_id}/replay")


def test_solo_game_to_the_end(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/")
    page.locator("#play-solo").click()
    page.wait_for_url("**/g/*")
    wait_until_connected(page)
    game_id = game_id_of(page)
    expect(page.get_by_test_id("player")).to_have_count(1)

    play_to_end([page])

    game = summary(page, game_id)
    assert game["solo"] and game["status"] == "finished"
    turns = game["result"]["turns"][0]
    expect(page.get_by_test_id("end-result")).to_contain_text(
        re.compile(rf"(emptied your hand|blocked after) .*{turns} turns?")
    )


def test_game_against_a_bot_to_the_end(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    create_table_with_form(page, ["human", "bot:greedy"], ruleset="junior", hand_size="3")
    expect(page.locator("#seats li").nth(1)).to_have_text(re.compile(r"^Medium bot"))  # its rating
    game_id = start_table(page)

    bot = page.locator("[data-testid=player][data-seat='1']")
    expect(bot.get_by_test_id("presence")).to_have_attribute("data-presence", "bot")
    actions = play_to_end([page])

    game = summary(page, game_id)
    winners = [game["players"][seat] for seat in game["result"]["winners"]]
    result = page.get_by_test_id("end-result")
    for name in winners:
        expect(result).to_contain_text(name)
    # The bot moved too: its moves are in the log, between mine.
    bot_lines = page.locator("#move-log li[data-version]").filter(
        has_text=re.compile(r"^\d+\.\s*Medium bot (laid|drew|passed)")
    )
    assert bot_lines.count() >= 1
    my_lines = page.locator("#move-log li[data-version]:not(.note)").count() - bot_lines.count()
    assert my_lines == len(actions)
