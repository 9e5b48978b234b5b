"""A live Swiss of eight at tables of four, in a browser, from the list to the final
standings: the organiser creates it with the list's form, six people enter on its
page and the organiser adds two bots with its button, the organiser starts each round
with the page's button, each table's game is played to its end over the people's own
game sockets (small hands) while the server's bots play theirs, and every page
follows by itself: my next table, the round's tables and scores, its secret once it
ends, and the final standings. At 360 and 1280 px: no sideways scroll; screenshots of
the list and the tournament's page in test-artifacts/e2e/tournament-*.png (looked at
by eye)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from support.browser.gameplay import ContextFactory
from support.browser.people import person
from support.browser.tournaments import both_sizes, enter_people, people_of, play_table
from support.live import LiveServer

from web.db import Database, utcnow
from web.tournaments import create_games

ROUNDS = 2
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")
BOTS = 2
PLAYERS = len(NAMES) + BOTS
PASSWORD = "correct horse battery"
LATER = "2030-01-10T18:30"
"""The start the organiser announces; their button starts round 1 before it, so the
server's timer never starts a round while people are still entering."""


def create_with_the_form(page: Page) -> str:
    """The organiser's tournament, made with the list's form: Chromino with two tiles
    in hand, tables of four, two rounds; its id."""
    page.goto("/tournaments")
    form = page.get_by_test_id("tournament-form")
    form.get_by_test_id("tournament-name").fill("Winter cup")
    form.locator("input[name=game][value=chromino]").check()
    form.locator("[name=hand_size]").fill("2")
    form.get_by_test_id("tournament-smallest").fill("4")
    form.get_by_test_id("tournament-starts").fill(LATER)  # the organiser starts it earlier
    form.get_by_test_id("tournament-rounds").fill("0")
    form.get_by_test_id("tournament-submit").click()
    expect(page.locator("#error-rounds")).to_be_visible()  # refused at its field
    expect(page.get_by_test_id("tournament-rounds")).to_have_attribute("aria-invalid", "true")
    form.get_by_test_id("tournament-rounds").fill(str(ROUNDS))
    form.get_by_test_id("tournament-submit").click()
    page.wait_for_url("**/tournaments/*")
    return page.url.rsplit("/", 1)[1]


def play_round(server: LiveServer, public_id: str, number: int, by_name: dict[str, Page]) -> None:
    """Every table of the round played to its end by its people, over their sockets."""
    database = Database(server.settings.database_url)
    try:
        with database.session() as session:  # unless starting dealt them already
            create_games(session, public_id, number, utcnow())
    finally:
        database.dispose()
    answer = by_name["organiser"].request.get(f"/api/tournaments/{public_id}")
    detail: dict[str, Any] = answer.json()
    for table in detail["rounds"][number - 1]["tables"]:
        play_table(server, table, people_of(detail), by_name)


def test_a_live_swiss_of_eight_from_entries_to_final_standings(
    new_context: ContextFactory, server: LiveServer
) -> None:
    organiser, _ = person(new_context, "Org")
    assert organiser.request.put("/api/me/password", data={"password": PASSWORD}).ok
    public_id = create_with_the_form(organiser)
    people = enter_people(new_context, public_id, NAMES)
    for page, _ in people:
        expect(page.get_by_test_id("entry-state")).to_have_text("You are entered.")
    organiser.goto(f"/tournaments/{public_id}")
    for count in range(len(NAMES) + 1, PLAYERS + 1):
        organiser.get_by_test_id("add-bot").click()
        expect(organiser.get_by_test_id("entrant-count")).to_have_text(str(count))
    by_name = {name: page for page, name in people}
    by_name["organiser"] = organiser
    ana = people[0][0]
    organiser.goto("/tournaments")
    expect(organiser.get_by_test_id("tournament-line").first).to_contain_text(f"{PLAYERS} entrants")
    both_sizes(organiser, "list")
    organiser.goto(f"/tournaments/{public_id}")
    for number in range(1, ROUNDS + 1):
        organiser.get_by_test_id("start-round").click()
        round_ = organiser.locator(f"[data-testid=round][data-round='{number}']")
        expect(round_.get_by_test_id("round-table")).to_have_count(2)
        expect(ana.get_by_test_id("my-table-link")).to_be_visible()  # Ana's page followed
        if number == 1:
            both_sizes(ana, "playing")
        play_round(server, public_id, number, by_name)
        expect(round_).to_have_attribute("data-finished", "yes")
    expect(ana.get_by_test_id("tournament-status")).to_have_text("Finished")
    expect(ana.get_by_role("heading", name="Final standings")).to_be_visible()
    rows = ana.get_by_test_id("standing-row")
    expect(rows).to_have_count(PLAYERS)
    standings = ana.request.get(f"/api/tournaments/{public_id}").json()["standings"]
    shown = [rows.nth(i).get_by_test_id("standing-place").inner_text() for i in range(PLAYERS)]
    assert shown == [str(row["place"]) for row in standings]
    total = sum(row["points"] for row in standings)
    assert total == pytest.approx(ROUNDS * 2 * 4 / 2)  # a table of four shares out two points
    expect(ana.get_by_test_id("secret")).to_have_count(ROUNDS)
    both_sizes(ana, "final")
    ana.goto("/games")  # My games names the tournament of each of her tables
    labels = ana.get_by_test_id("game-tournament")
    expect(labels).to_have_count(ROUNDS)
    expect(labels.first).to_have_text(f"Winter cup, round {ROUNDS}")


def test_the_organiser_removes_a_player_with_the_form_saying_why(
    new_context: ContextFactory, server: LiveServer
) -> None:
    organiser, _ = person(new_context, "Org")
    assert organiser.request.put("/api/me/password", data={"password": PASSWORD}).ok
    made = organiser.request.post("/api/tournaments", data={"name": "Spring", "kind": "chromino"})
    assert made.ok, made.text()
    public_id = made.json()["id"]
    [(gus, gus_name), _] = enter_people(new_context, public_id, ("Gus", "Hal"))
    expect(gus.get_by_test_id("entry-state")).to_have_text("You are entered.")
    organiser.goto(f"/tournaments/{public_id}")
    expect(organiser.get_by_test_id("entrant-count")).to_have_text("2")
    form = organiser.get_by_test_id("remove-form")
    form.get_by_label("Remove a player").select_option(label=gus_name)
    form.get_by_label("Why").fill("Asked to leave")
    form.get_by_test_id("remove-submit").click()
    expect(organiser.get_by_test_id("entrant-count")).to_have_text("1")
    gus.reload()
    expect(gus.get_by_test_id("entry-state")).to_have_text("You were removed from this tournament.")
    entrants = organiser.request.get(f"/api/tournaments/{public_id}").json()["entrants"]
    assert [(e["person"]["name"], e["disqualified"]) for e in entrants] == [
        (gus_name, True),
        (entrants[1]["person"]["name"], False),
    ]
