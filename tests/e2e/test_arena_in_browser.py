"""A live arena of six (four people and two bots, tables of two or three) for its
window, in a browser: the organiser creates it with the list's form (an arena asks for
its window, not for rounds), four people enter on its page and the organiser adds two
bots; when its start comes the server seats all six by itself; the first table to end
is seated again at once while the other plays on; after the window closes nobody is
seated again, and the arena ends with its last table, its final standings on every
page. The server keeps a fake clock, which the test moves to the start and past the
window. At 360 and 1280 px: no sideways scroll; screenshots in
test-artifacts/e2e/tournament-arena-*.png (looked at by eye)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from support.browser.gameplay import ContextFactory
from support.browser.people import person
from support.browser.tournaments import both_sizes, enter_people, people_of, play_table
from support.fixtures import LiveServers
from support.live import LiveServer

NAMES = ("Ana", "Bo", "Cy", "Di")
BOTS = 2
PLAYERS = len(NAMES) + BOTS
WINDOW_MINUTES = 20
PASSWORD = "correct horse battery"
LATER = "2030-01-10T18:30"
"""The start the organiser announces; the test moves the server's clock to it."""


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    """A server on a fake clock whose sweep comes round often: the arena's seatings
    follow a table's end within a fraction of a second."""
    return serve(
        own_origin=True, bot_delay_seconds=0.2, bot_seconds=0.3, fake_clock=True, sweep_seconds=0.3
    )


def create_arena(page: Page) -> str:
    """The organiser's arena, made with the list's form: Chromino with two tiles in
    hand, tables of two or three, a window of twenty minutes; its id."""
    page.goto("/tournaments")
    form = page.get_by_test_id("tournament-form")
    form.get_by_test_id("tournament-name").fill("Evening arena")
    form.locator("input[name=game][value=chromino]").check()
    form.locator("[name=hand_size]").fill("2")
    form.get_by_test_id("tournament-format").select_option("arena")
    expect(form.get_by_test_id("tournament-rounds")).to_be_hidden()
    form.get_by_test_id("tournament-largest").fill("3")
    form.get_by_test_id("tournament-window").fill(str(WINDOW_MINUTES))
    form.get_by_test_id("tournament-starts").fill(LATER)
    both_sizes(page, "arena-form")
    form.get_by_test_id("tournament-submit").click()
    page.wait_for_url("**/tournaments/*")
    return page.url.rsplit("/", 1)[1]


def detail_of(page: Page, public_id: str) -> dict[str, Any]:
    answer = page.request.get(f"/api/tournaments/{public_id}")
    assert answer.ok, answer.text()
    found: dict[str, Any] = answer.json()
    return found


def seating(page: Page, number: int) -> Any:
    return page.locator(f"[data-testid=round][data-round='{number}']")


def test_a_live_arena_of_six_for_its_window(
    new_context: ContextFactory, server: LiveServer
) -> None:
    organiser, _ = person(new_context, "Org")
    assert organiser.request.put("/api/me/password", data={"password": PASSWORD}).ok  # a member
    public_id = create_arena(organiser)
    expect(organiser.get_by_text(f"open for {WINDOW_MINUTES} minutes")).to_be_visible()
    expect(organiser.get_by_test_id("start-round")).to_have_count(0)
    people = enter_people(new_context, public_id, NAMES)
    for page, _ in people:
        expect(page.get_by_test_id("entry-state")).to_have_text("You are entered.")
    organiser.reload()
    for count in range(len(NAMES) + 1, PLAYERS + 1):
        organiser.get_by_test_id("add-bot").click()
        expect(organiser.get_by_test_id("entrant-count")).to_have_text(str(count))
    by_name = {name: page for page, name in people}
    ana = people[0][0]

    starts = datetime.fromisoformat(detail_of(organiser, public_id)["starts_at"])
    server.clock.set(starts)
    expect(seating(ana, 1).get_by_test_id("round-table")).to_have_count(2)  # seated by itself
    expect(ana.get_by_role("heading", name="Tables", exact=True)).to_be_visible()
    expect(seating(ana, 1).get_by_role("heading")).to_contain_text("Seated at 6:30")
    expect(ana.get_by_test_id("my-table")).to_contain_text("Your table is ready.")
    detail = detail_of(organiser, public_id)
    names = people_of(detail)
    first = detail["rounds"][0]["tables"][0]
    play_table(server, first, names, by_name)
    again = seating(ana, 2)
    expect(again.get_by_test_id("round-table")).to_have_count(1)  # at once, the others play on
    expect(seating(ana, 1)).to_have_attribute("data-finished", "no")
    reseated = detail_of(organiser, public_id)["rounds"][1]["tables"][0]
    assert sorted(s["entry"] for s in reseated["seats"]) == sorted(
        s["entry"] for s in first["seats"]
    )
    both_sizes(ana, "arena-playing")

    server.clock.set(starts + timedelta(minutes=WINDOW_MINUTES))
    for number, table in ((1, 1), (2, 0)):
        play_table(
            server,
            detail_of(organiser, public_id)["rounds"][number - 1]["tables"][table],
            names,
            by_name,
        )
    expect(ana.get_by_test_id("tournament-status")).to_have_text("Finished")
    expect(ana.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(ana.get_by_test_id("standing-row")).to_have_count(PLAYERS)
    final = detail_of(ana, public_id)
    assert len(final["rounds"]) == 2  # nobody was seated after the window
    assert all(r["secret"] for r in final["rounds"])  # every seating's deals can be checked
    both_sizes(ana, "arena-final")
