"""The table page's invitation and seats, and what the game page tells of its table:
who invites you to which game, with a link to its
rules; "creator" as the one word for the person who made the table; each seat's help
level at the table and in the game, live; the table's rules and the keyboard help
near the board."""

from __future__ import annotations

import itertools
import re

import pytest
from playwright.sync_api import Page, expect
from support.browser.gameplay import ContextFactory, open_game

_NUMBERS = itertools.count(1)


def person(new_context: ContextFactory, name: str, **preferences: object) -> tuple[Page, str]:
    """A guest with a name of their own (and these preferences); the name."""
    page = new_context().new_page()
    page.goto("/rules")
    unique = f"{name}{next(_NUMBERS)}"
    answer = page.request.put("/api/me/name", data={"name": unique})
    assert answer.ok, answer.text()
    if preferences:
        changed = page.request.patch("/api/me/preferences", data=preferences)
        assert changed.ok, changed.text()
    return page, unique


def table_of(page: Page, game: str, seats: list[dict[str, str]], **options: object) -> str:
    made = page.request.post("/api/tables", data={"game": game, "seats": seats, "options": options})
    assert made.ok, made.text()
    return str(made.json()["invite_code"])


HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "bot": "greedy"}


def test_the_invitation_says_who_invites_to_which_game_and_links_its_rules(
    new_context: ContextFactory,
) -> None:
    creator, ada = person(new_context, "Ada")
    invitee, _ = person(new_context, "Ben")
    code = table_of(creator, "triominos", [HUMAN, HUMAN])

    invitee.goto(f"/t/{code}")
    invitation = f"{ada} invites you to play Triominos Challenge"
    expect(invitee).to_have_title(f"{invitation} · Chromino online")
    expect(invitee.get_by_role("heading", level=1)).to_have_text(invitation)
    expect(invitee.get_by_test_id("table-game")).to_contain_text("every corner must match")
    expect(invitee.get_by_test_id("table-status")).to_have_text("There is a free seat for you.")
    # "creator", never "host": in the seats and in the status line alike.
    # (the seat's rating stands between the name and the rest: web/ratings/read.py)
    expect(invitee.locator("#seats li").first).to_contain_text(re.compile(rf"{ada}.* · creator"))
    invitee.get_by_test_id("join").click()
    expect(invitee.get_by_test_id("table-status")).to_have_text(
        "Waiting for the creator to start the game…"
    )
    expect(invitee.locator("main")).not_to_contain_text(re.compile(r"\bhost\b"))

    creator.goto(f"/t/{code}")
    expect(creator.get_by_role("heading", level=1)).to_have_text("Your table: Triominos Challenge")
    expect(creator).to_have_title("Your table: Triominos Challenge · Chromino online")

    rules = invitee.get_by_test_id("table-rules-link")
    expect(rules).to_have_text("How to play Triominos Challenge")
    rules.click()
    invitee.wait_for_url("**/rules#triominos")
    expect(invitee.locator("#triominos-title")).to_be_in_viewport()


def test_each_seat_shows_its_help_level_at_the_table_and_in_the_game_live(
    new_context: ContextFactory,
) -> None:
    creator, ada = person(new_context, "Ada")
    invitee, ben = person(new_context, "Ben", assistance="intermediate")
    code = table_of(creator, "chromino", [HUMAN, HUMAN, GREEDY])
    assert invitee.request.post(f"/api/tables/{code}/join").ok

    creator.goto(f"/t/{code}")
    seats = creator.locator("#seats li")
    expect(seats).to_have_count(3)
    expect(seats.nth(0)).to_contain_text("Help: Beginner")
    expect(seats.nth(1)).to_contain_text(re.compile(rf"{ben}.* · Help: Intermediate"))
    expect(seats.nth(2).get_by_test_id("seat-help")).to_have_count(0)  # a bot

    creator.get_by_test_id("start").click()
    creator.wait_for_url("**/g/*")
    game_id = creator.url.rsplit("/", 1)[1]
    open_game(invitee, game_id)
    for page in (creator, invitee):
        players = page.get_by_test_id("player")
        expect(players.nth(0).get_by_test_id("help-level")).to_have_text("Help: Beginner")
        expect(players.nth(1).get_by_test_id("help-level")).to_have_text("Help: Intermediate")
        expect(players.nth(2).get_by_test_id("help-level")).to_have_count(0)

    # Ben turns the help off mid-game: Ada's panel says so without a reload.
    assert invitee.request.patch("/api/me/preferences", data={"assistance": "none"}).ok
    expect(creator.get_by_test_id("player").nth(1).get_by_test_id("help-level")).to_have_text(
        "Help: none"
    )
    expect(invitee.get_by_test_id("player").nth(1).get_by_test_id("help-level")).to_have_text(
        "Help: none"
    )
    assert ada  # named in the seats above


@pytest.mark.parametrize(
    ("game", "options", "shown"),
    [
        (
            "chromino",
            {"scoring": "expert", "draws_per_turn": 2, "turn_seconds": 90, "strict_draw": True},
            [
                ("Scoring", "Expert"),
                ("Draws per turn", "2"),
                ("Seconds per turn", "90 seconds"),
                ("Draw only when no tile can be played", "yes"),
                ("Open hands", "no"),
            ],
        ),
        (
            "triominos",
            {"turn_seconds": 120, "target": 200},
            [
                ("Hourglass", "120 seconds"),
                ("Target score", "200 points"),
                ("Tiles in hand", "automatic"),
            ],
        ),
    ],
)
def test_the_game_page_shows_its_tables_rules_and_keyboard_help_near_the_board(
    new_context: ContextFactory, game: str, options: dict[str, object], shown: list[tuple[str, str]]
) -> None:
    page, _ = person(new_context, "Ada")
    code = table_of(page, game, [HUMAN, GREEDY], **options)
    started = page.request.post(f"/api/tables/{code}/start")
    assert started.ok, started.text()
    open_game(page, started.json()["game_id"])

    rules = page.get_by_test_id("table-rules")
    summary = rules.locator("summary")
    expect(summary).to_have_text("Rules of this table")
    expect(page.get_by_test_id("table-rules-list")).to_be_hidden()
    summary.click()
    listed = page.get_by_test_id("table-rules-list")
    expect(listed).to_be_visible()
    for label, value in shown:
        term = listed.locator("dt", has_text=re.compile(rf"^{re.escape(label)}$"))
        expect(term).to_have_count(1)
        expect(term.locator("xpath=following-sibling::dd[1]")).to_have_text(value)
    link = page.get_by_test_id("rules-link")
    title = {"chromino": "Chromino", "triominos": "Triominos Challenge"}[game]
    expect(link).to_have_text(f"How to play {title}")
    expect(link).to_have_attribute("href", f"/rules#{game}")

    # The keyboard help: right under the board's status line, opened by ? or a click.
    keys = page.get_by_test_id("keys-help")
    board = page.get_by_test_id("board").bounding_box()
    box = keys.bounding_box()
    assert board is not None and box is not None
    assert box["y"] < board["y"], "the keyboard help sits above the board, not below the hand"
    expect(keys.locator("ul")).to_be_hidden()
    page.get_by_test_id("board").focus()
    page.keyboard.press("?")
    expect(keys.locator("ul")).to_be_visible()
    expect(keys).to_contain_text("D draws a tile, P passes")
    page.keyboard.press("?")
    expect(keys.locator("ul")).to_be_hidden()
    keys.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(keys.locator("ul")).to_be_visible()
