"""A live Swiss of eight at tables of four, in a browser, from the list to the final
standings: the organiser creates it with the list's form, eight people enter on its
page, the organiser starts each round with the page's button, each table's game is
played to its end over the players' own game sockets (small hands), and every page
follows by itself: my next table, the round's tables and scores, its secret once it
ends, and the final standings. At 360 and 1280 px: no sideways scroll; screenshots of
the list and the tournament's page in test-artifacts/e2e/tournament-*.png (looked at
by eye)."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from support.api import play_out
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize
from support.live import GameSocket, LiveServer, game_socket_url
from websockets.sync.client import connect

from web.db import Database, utcnow
from web.tournaments import create_games

ROUNDS = 2
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
PLAYERS = 8
PASSWORD = "correct horse battery"
LATER = "2030-01-10T18:30"
"""The start the organiser announces; their button starts round 1 before it, so the
server's timer never starts a round while people are still entering."""


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tournament-{name}.png"), full_page=True)


def both_sizes(page: Page, name: str) -> None:
    """The page fits a phone and a desktop, each shot for the eye."""
    for size, label in ((PHONE, "360"), (DESKTOP, "1280")):
        resize(page, size)
        no_sideways_scroll(page)
        shot(page, f"{name}-{label}")


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


def entrants(new_context: ContextFactory, public_id: str) -> list[tuple[Page, str]]:
    """Eight people who open the tournament's page, name themselves and enter with its
    button; their pages load side by side, each button waiting for its page's script."""
    pages = [new_context().new_page() for _ in NAMES]
    for page in pages:
        page.goto(f"/tournaments/{public_id}", wait_until="commit")
    people = []
    for page, name in zip(pages, NAMES, strict=True):
        named = f"{name}{secrets.token_hex(2)}"
        assert page.request.put("/api/me/name", data={"name": named}).ok
        people.append((page, named))
    for page in pages:
        page.get_by_test_id("enter").click()
    return people


def sockets_of(server: LiveServer, pages: dict[int, Page], game_id: str) -> dict[int, GameSocket]:
    """Each seat's game socket, opened with its person's own cookies."""
    opened = {}
    for seat, page in pages.items():
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())
        headers = {"Cookie": cookies, "Origin": server.url}
        url = game_socket_url(server.url, game_id)
        opened[seat] = GameSocket(
            connect(url, additional_headers=headers, open_timeout=10, legacy=True)
        )
    return opened


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
    names = {e["entry"]: e["person"]["name"] for e in detail["entrants"]}
    for table in detail["rounds"][number - 1]["tables"]:
        seated = {seat["seat"]: by_name[names[seat["entry"]]] for seat in table["seats"]}
        sockets = sockets_of(server, seated, table["game_id"])
        try:
            assert play_out(sockets)["state"]["finished"]
        finally:
            for socket in sockets.values():
                socket.close()


def test_a_live_swiss_of_eight_from_entries_to_final_standings(
    new_context: ContextFactory, server: LiveServer
) -> None:
    organiser, _ = person(new_context, "Org")
    assert organiser.request.put("/api/me/password", data={"password": PASSWORD}).ok
    public_id = create_with_the_form(organiser)
    people = entrants(new_context, public_id)
    for page, _ in people:
        expect(page.get_by_test_id("entry-state")).to_have_text("You are entered.")
    by_name = {name: page for page, name in people}
    by_name["organiser"] = organiser
    ana = people[0][0]
    organiser.goto("/tournaments")
    expect(organiser.get_by_test_id("tournament-line").first).to_contain_text("8 entrants")
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
