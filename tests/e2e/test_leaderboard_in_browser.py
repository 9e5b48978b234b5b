"""The leaderboard and the ratings beside names, in a browser: the board of
each pool with my own row, its tabs by keyboard; a table's seats, the lobby's open
tables and the game page's players with their ratings, a hidden one shown to its owner
only; "Hide my rating" on the Preferences page. At 360 and 1280 px: no sideways
scroll, axe-clean; screenshots kept in test-artifacts/e2e/leaderboard-*.png (looked
at by eye)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory, wait_until_connected
from support.browser.people import HUMAN, no_sideways_scroll, person, resize, unique_name
from support.live import LiveServer

from web.db import Database
from web.models import Rating, User
from web.people.names import skeleton
from web.ratings.anchors import bot_skill
from web.ratings.scale import PROVISIONAL_GAMES, shown

GREEDY = {"kind": "bot", "bot": "greedy"}
SETTLED = PROVISIONAL_GAMES


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"leaderboard-{name}.png"), full_page=True)


def user_id(page: Page) -> int:
    answer = page.request.get("/api/me")
    assert answer.ok, answer.text()
    return int(answer.json()["id"])


def rate(server: LiveServer, user: int, mu: float, games: int, pool: str = "chromino") -> None:
    database = Database(server.settings.database_url)
    try:
        with database.sessions() as session:
            session.add(
                Rating(user_id=user, pool=pool, mu=mu, sigma=3.0, games=games, wins=games // 2)
            )
            session.commit()
    finally:
        database.dispose()


def rated_crowd(server: LiveServer, pool: str, count: int) -> list[str]:
    """People with settled ratings in a pool, two of them tied; their names."""
    names = [
        unique_name(word)
        for word in (
            "Aurelie",
            "Bartholomew",
            "Chen",
            "Dagny",
            "Émile",
            "Farrukh",
            "Gwendolyn",
            "Hiro",
        )
    ][:count]
    database = Database(server.settings.database_url)
    try:
        with database.sessions() as session:
            for index, name in enumerate(names):
                user = User(name=name, name_key=skeleton(name), name_chosen=True)
                session.add(user)
                session.flush()
                mu = 33.0 - index * 0.9 if index != 2 else 33.0 - 0.9  # the third ties the second
                games = SETTLED + index * 7
                session.add(
                    Rating(
                        user_id=user.id, pool=pool, mu=mu, sigma=3.0, games=games, wins=games // 3
                    )
                )
            session.commit()
    finally:
        database.dispose()
    return names


def test_the_leaderboard_with_my_row_its_tabs_by_keyboard_at_both_sizes(
    new_context: ContextFactory, server: LiveServer
) -> None:
    names = rated_crowd(server, "chromino-junior", 8)
    mia, mia_name = person(new_context, "Mia")
    rate(server, user_id(mia), 27.0, SETTLED + 4, pool="chromino-junior")

    mia.goto("/leaderboard?pool=chromino-junior")
    rows = mia.get_by_test_id("board-row")
    expect(rows.first).to_contain_text(names[0])
    mine = mia.locator("tr.me")
    expect(mine).to_have_attribute("aria-current", "true")
    expect(mine).to_contain_text(mia_name)
    expect(mine.get_by_test_id("board-rating")).to_have_text(str(shown(27.0)))
    expect(mia.get_by_test_id("my-standing")).to_have_attribute("data-standing", "listed")
    # The tie: the second and third share rank 2.
    expect(rows.nth(1).get_by_test_id("board-rank")).to_have_text("2")
    expect(rows.nth(2).get_by_test_id("board-rank")).to_have_text("2")
    first = rows.nth(0).get_attribute("data-user")
    expect(rows.nth(0).get_by_test_id("board-name")).to_have_attribute("href", f"/players/{first}")
    expect(mia.get_by_role("link", name="Chromino junior")).to_have_attribute(
        "aria-current", "page"
    )
    assert_accessible(mia, "the leaderboard (1280 px)")
    no_sideways_scroll(mia)
    shot(mia, "board-1280")

    resize(mia, PHONE)
    no_sideways_scroll(mia)
    assert_accessible(mia, "the leaderboard (360 px)")
    shot(mia, "board-360")

    # The tabs by keyboard: Tab to the Triominos tab, Enter; nobody is ranked there yet.
    triominos = mia.get_by_test_id("pool-tabs").get_by_role("link", name="Triominos")
    for _ in range(40):
        mia.keyboard.press("Tab")
        if triominos.evaluate("(link) => link === document.activeElement"):
            break
    expect(triominos).to_be_focused()
    mia.keyboard.press("Enter")
    expect(mia).to_have_url(re.compile(r"/leaderboard\?pool=triominos$"))
    expect(mia.get_by_test_id("pool-tabs").get_by_role("link", name="Triominos")).to_have_attribute(
        "aria-current", "page"
    )
    expect(mia.get_by_test_id("board-empty")).to_be_visible()
    expect(mia.get_by_test_id("my-standing")).to_have_attribute("data-standing", "unrated")
    no_sideways_scroll(mia)
    assert_accessible(mia, "an empty leaderboard (360 px)")
    shot(mia, "empty-360")

    # The header leads there, and to my profile.
    resize(mia, DESKTOP)
    mia.goto("/rules")
    mia.get_by_test_id("nav-leaderboard").click()
    expect(mia.get_by_role("heading", level=1)).to_have_text("Leaderboard")
    expect(mia.get_by_test_id("nav-profile")).to_have_attribute("href", f"/players/{user_id(mia)}")

    # In German (long words) on a phone: still no sideways scroll.
    assert mia.request.patch("/api/me/preferences", data={"language": "de"}).ok
    resize(mia, PHONE)
    mia.goto("/leaderboard?pool=chromino-junior")
    expect(mia.get_by_role("heading", level=1)).to_have_text("Rangliste")
    expect(mia.get_by_test_id("my-standing")).to_contain_text("Du stehst auf Platz 8")
    no_sideways_scroll(mia)
    shot(mia, "board-de-360")


def test_ratings_beside_names_at_a_table_in_the_lobby_and_in_the_game(
    new_context: ContextFactory, server: LiveServer
) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    rate(server, user_id(ana), 27.0, SETTLED + 2)
    rate(server, user_id(ben), 23.0, 4)
    answer = ben.request.patch("/api/me/preferences", data={"hide_rating": True})
    assert answer.ok, answer.text()
    made = ana.request.post(
        "/api/tables", data={"seats": [HUMAN, HUMAN, GREEDY, HUMAN], "public": True}
    )
    assert made.ok, made.text()
    code = made.json()["invite_code"]
    assert ben.request.post(f"/api/tables/{code}/join").ok
    greedy = str(shown(bot_skill("chromino", "greedy").mu))

    # Ana's view of the table: hers, none for Ben (he hides it), the bot's anchor.
    ana.goto(f"/t/{code}")
    seats = ana.locator("#seats li")
    expect(seats.nth(0).get_by_test_id("rating")).to_contain_text(str(shown(27.0)))
    expect(seats.nth(1)).to_contain_text(ben_name)
    expect(seats.nth(1).get_by_test_id("rating")).to_have_count(0)
    expect(seats.nth(2).get_by_test_id("rating")).to_contain_text(greedy)
    expect(seats.nth(0).get_by_role("link", name=f"{ana_name} (you)")).to_have_attribute(
        "href", f"/players/{user_id(ana)}"
    )
    assert_accessible(ana, "a table with ratings (1280 px)")
    shot(ana, "table-1280")
    resize(ana, PHONE)
    no_sideways_scroll(ana)
    assert_accessible(ana, "a table with ratings (360 px)")
    shot(ana, "table-360")

    # Ben sees his own, marked as hidden from the others.
    ben.goto(f"/t/{code}")
    own = ben.locator("#seats li").nth(1).get_by_test_id("rating")
    expect(own).to_contain_text(f"{shown(23.0)}?")
    expect(own).to_have_class("rating-badge provisional hidden-own")
    expect(own).to_contain_text("hidden from the others")
    shot(ben, "table-own-hidden-1280")

    # The lobby lists who sits at the open table, with their ratings.
    cleo, _ = person(new_context, "Cleo", viewport=PHONE)
    cleo.goto("/")
    line = cleo.locator("#open-tables li").filter(has_text=ana_name).get_by_test_id("table-players")
    expect(line).to_contain_text(ana_name)
    expect(line).to_contain_text(str(shown(27.0)))
    expect(line).to_contain_text(greedy)
    expect(line.get_by_test_id("rating")).to_have_count(2)  # Ana and the bot; Ben hides his
    no_sideways_scroll(cleo)
    assert_accessible(cleo, "the lobby with rated seats (360 px)")
    cleo.locator("#open-tables").scroll_into_view_if_needed()  # its lines are redrawn live
    cleo.screenshot(path=str(ARTIFACTS / "leaderboard-lobby-360.png"))

    # The game: the players panel shows the same, names linking to profiles.
    assert cleo.request.post(f"/api/tables/{code}/join").ok
    started = ana.request.post(f"/api/tables/{code}/start")
    assert started.ok, started.text()
    game_id = started.json()["game_id"]
    resize(ana, DESKTOP)
    # Ana's table page takes her to the game by itself as it starts (a goto of ours at
    # that moment would be cut short by the page's own).
    ana.wait_for_url(f"**/g/{game_id}")
    wait_until_connected(ana)
    players = ana.get_by_test_id("player")
    expect(players.nth(0).get_by_test_id("rating")).to_contain_text(str(shown(27.0)))
    expect(players.nth(1).get_by_test_id("rating")).to_have_count(0)
    expect(players.nth(2).get_by_test_id("rating")).to_contain_text(greedy)
    expect(players.nth(3).get_by_test_id("rating")).to_contain_text("new")
    profile = players.nth(1).get_by_test_id("player-profile")
    expect(profile).to_have_attribute("href", f"/players/{user_id(ben)}")
    expect(profile).to_have_attribute("target", "_blank")
    assert_accessible(ana, "the game's players with ratings (1280 px)")
    shot(ana, "game-1280")
    resize(ana, PHONE)
    no_sideways_scroll(ana)
    ana.locator("#players").scroll_into_view_if_needed()  # the list stays; its rows are redrawn
    ana.screenshot(path=str(ARTIFACTS / "leaderboard-game-360.png"))


def test_hide_my_rating_on_the_preferences_page(
    new_context: ContextFactory, server: LiveServer
) -> None:
    mia, _ = person(new_context, "Mia", viewport=PHONE)
    rate(server, user_id(mia), 26.0, SETTLED, pool="triominos")
    mia.goto("/preferences")
    box = mia.get_by_test_id("hide-rating")
    expect(box).not_to_be_checked()
    expect(box).to_have_accessible_description(
        re.compile(r"^Others see no rating beside your name")
    )
    box.focus()
    mia.keyboard.press("Space")
    expect(mia.get_by_test_id("prefs-saved")).to_have_text("Saved.")
    no_sideways_scroll(mia)
    box.scroll_into_view_if_needed()
    mia.screenshot(path=str(ARTIFACTS / "leaderboard-preference-360.png"))
    mia.reload()
    expect(mia.get_by_test_id("hide-rating")).to_be_checked()
    mia.goto("/leaderboard?pool=triominos")
    expect(mia.get_by_test_id("my-standing")).to_have_attribute("data-standing", "hidden")
    expect(mia.get_by_test_id("board-empty")).to_be_visible()
    assert_accessible(mia, "the leaderboard while I hide my rating (360 px)")
