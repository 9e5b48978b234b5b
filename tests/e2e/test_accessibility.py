"""axe-core on every page of both games: the lobby, a table as its
creator, a seated invitee and a visitor, the solo page, the preferences, the rules, my
games, an email link's page, the tournaments and a tournament being played,
the game as it opens and in the middle of a turn (a tile picked, the ghost on a
place), the end screen and the replay. None may have a serious or critical
violation, "label in name" (label-content-name-mismatch) included."""

from __future__ import annotations

import itertools

import pytest
from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.gameplay import (
    ContextFactory,
    first_target,
    open_game,
    pick_playable,
    take_turn,
)

GAMES = ("chromino", "triominos")
_NUMBERS = itertools.count(1)


def person(new_context: ContextFactory, name: str) -> Page:
    page = new_context().new_page()
    page.goto("/rules")
    answer = page.request.put("/api/me/name", data={"name": f"{name}{next(_NUMBERS)}"})
    assert answer.ok, answer.text()
    return page


@pytest.mark.parametrize("game", GAMES)
def test_the_lobby_solo_preferences_and_rules_pages(new_context: ContextFactory, game: str) -> None:
    page = person(new_context, "Ada")
    page.goto("/")
    page.locator(f"input[name=game][value={game}]").check()
    expect(page.locator("#create-form")).to_be_visible()
    assert_accessible(page, f"the lobby, {game} chosen")
    page.goto("/solo")
    page.locator(f"input[name=game][value={game}]").check()
    assert_accessible(page, f"the solo page, {game} chosen")
    page.goto("/preferences")
    assert_accessible(page, "the preferences")
    page.goto(f"/rules#{game}")
    expect(page.locator(".diagram svg").first).to_be_visible()
    assert_accessible(page, "the rules")
    page.goto("/games")
    assert_accessible(page, "my games")
    page.goto("/email/unsubscribe?token=cut-short")
    expect(page.get_by_test_id("email-link")).to_be_visible()
    assert_accessible(page, "an email's link that does not work")


@pytest.mark.parametrize("game", GAMES)
def test_a_table_as_its_creator_an_invitee_and_a_visitor(
    new_context: ContextFactory, game: str
) -> None:
    creator, invitee, visitor = (person(new_context, name) for name in ("Ada", "Ben", "Cy"))
    made = creator.request.post(
        "/api/tables",
        data={"game": game, "seats": [{"kind": "human"}] * 3 + [{"kind": "bot", "bot": "greedy"}]},
    )
    assert made.ok, made.text()
    code = made.json()["invite_code"]
    assert invitee.request.post(f"/api/tables/{code}/join").ok
    for page, who in ((creator, "creator"), (invitee, "invitee"), (visitor, "visitor")):
        page.goto(f"/t/{code}")
        expect(page.get_by_test_id("table-status")).not_to_be_empty()
        expect(page.locator("#seats li")).to_have_count(4)
        assert_accessible(page, f"the {game} table, as its {who}")


def test_the_tournaments_list_its_form_and_a_tournament_being_played(
    new_context: ContextFactory,
) -> None:
    organiser, ana, ben = (person(new_context, name) for name in ("Org", "Ana", "Ben"))
    assert organiser.request.put("/api/me/password", data={"password": "correct horse battery"}).ok
    body = {"name": "Spring cup", "kind": "chromino", "smallest": 2, "largest": 2, "rounds": 2}
    made = organiser.request.post("/api/tournaments", data=body)
    assert made.ok, made.text()
    public_id = made.json()["id"]
    for entrant in (ana, ben):
        assert entrant.request.post(f"/api/tournaments/{public_id}/entries").ok
    organiser.goto("/tournaments")
    expect(organiser.get_by_test_id("tournament-submit")).to_be_enabled()
    assert_accessible(organiser, "the tournaments, with the form to create one")
    assert organiser.request.post(f"/api/tournaments/{public_id}/start").ok
    organiser.goto(f"/tournaments/{public_id}")
    for summary in organiser.locator("details summary").all():
        summary.click()  # the tie-breaks and the round's proof, opened
    expect(organiser.get_by_test_id("remove-submit")).to_be_enabled()
    assert_accessible(organiser, "a tournament being played, as its organiser")
    ana.goto(f"/tournaments/{public_id}")
    expect(ana.get_by_test_id("my-table")).to_be_visible()
    assert_accessible(ana, "a tournament being played, as an entrant")


@pytest.mark.parametrize("game", GAMES)
def test_a_game_at_rest_during_a_turn_at_its_end_and_its_replay(
    new_context: ContextFactory, game: str
) -> None:
    page = person(new_context, "Ada")
    made = page.request.post(
        "/api/tables",
        data={"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]},
    )
    assert made.ok, made.text()
    started = page.request.post(f"/api/tables/{made.json()['invite_code']}/start")
    assert started.ok, started.text()
    game_id = started.json()["game_id"]
    open_game(page, game_id)
    mine = page.locator("[data-testid=turn-indicator].mine")
    expect(mine).to_be_visible()  # after the bot's first move, if it had the first turn
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    assert_accessible(page, f"the {game} game as it opens")

    # A tile picked, the ghost on a place: drawn first, if the deal (which depends on
    # the games dealt before this one) has no tile that fits.
    playable = page.locator("[data-testid=hand-tile].playable")
    for _ in range(12):
        if playable.count():
            break
        take_turn(page)
        expect(mine).to_be_visible()
    pick_playable(page)
    target = first_target(page)
    box = target.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#board .ghost")).to_have_count(1)
    assert_accessible(page, f"the {game} game, a tile picked and its ghost shown")
    # This table's rules and the keyboard help, opened near the board.
    for aid in ("table-rules", "keys-help"):
        page.get_by_test_id(aid).evaluate("(details) => { details.open = true; }")
    expect(page.get_by_test_id("table-rules-list").locator("dd").first).to_be_visible()
    assert_accessible(page, f"the {game} game, its rules and keys shown")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.press("Escape")  # the tile goes back to the hand (at the next frame)
    expect(page.locator("[data-testid=hand-tile].picked")).to_have_count(0)
    take_turn(page)
    expect(mine).to_be_visible()  # the bot has moved: an offer now is at the game's version

    # The end (the bot accepts an offer to end at once), then the replay.
    page.get_by_test_id("offer-end").click()
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    assert_accessible(page, f"the {game} game's end screen")
    page.get_by_test_id("replay-link").click()
    page.wait_for_url(f"**/g/{game_id}/replay")
    page.get_by_test_id("replay-forward").click()
    expect(page.get_by_test_id("replay-step")).to_contain_text("1")
    assert_accessible(page, f"the {game} replay")


@pytest.mark.parametrize("language", ["ru", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_the_table_and_game_pages_in_other_scripts(
    new_context: ContextFactory, game: str, language: str
) -> None:
    """The names that carry a tile's numbers, and the longer words, in Cyrillic and
    Japanese: the table page, then the game with its rules and keys opened."""
    page = person(new_context, "Ada")
    assert page.request.patch("/api/me/preferences", data={"language": language}).ok
    made = page.request.post(
        "/api/tables",
        data={"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]},
    )
    assert made.ok, made.text()
    code = made.json()["invite_code"]
    page.goto(f"/t/{code}")
    expect(page.locator("#seats li")).to_have_count(2)
    expect(page.get_by_test_id("table-status")).not_to_be_empty()
    assert_accessible(page, f"the {game} table in {language}")
    started = page.request.post(f"/api/tables/{code}/start")
    assert started.ok, started.text()
    page.goto(f"/g/{started.json()['game_id']}")
    expect(page.get_by_test_id("connection-banner")).to_have_attribute("data-state", "open")
    expect(page.get_by_test_id("hand-tile").first).to_be_visible()
    for aid in ("table-rules", "keys-help"):
        page.get_by_test_id(aid).evaluate("(details) => { details.open = true; }")
    expect(page.get_by_test_id("table-rules-list").locator("dd").first).to_be_visible()
    assert_accessible(page, f"the {game} game in {language}")
