"""API tokens and bot accounts on the Preferences page, by keyboard alone: a token made
with a name and a scope, its secret shown once and working, revoked; a bot account
made and given a token. At 360 and 1280 px: no sideways scroll, axe-clean; screenshots
kept in test-artifacts/e2e/api-tokens-*.png (looked at by eye)."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect
from support.bots import bot_game
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory, open_game
from support.browser.people import no_sideways_scroll, person, resize
from support.live import LiveServer

PASSWORD = "correct horse battery"


def shoot(page: Page, name: str) -> None:
    """The section itself (the page above it is the other preferences)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    section = page.get_by_test_id("api-tokens")
    section.screenshot(path=str(ARTIFACTS / f"api-tokens-{name}.png"))


def press_until_focused(page: Page, test_id: str, key: str = "Tab") -> None:
    """Press ``key`` until the control ``test_id`` has the focus (at most 40 times)."""
    for _ in range(40):
        if page.evaluate("() => document.activeElement?.dataset?.testid") == test_id:
            return
        page.keyboard.press(key)
    raise AssertionError(f"{test_id} never took the focus")


def test_tokens_and_bots_are_made_and_revoked_by_keyboard(
    new_context: ContextFactory, server: LiveServer
) -> None:
    page, name = person(new_context, "Tokenna")
    assert page.request.put("/api/me/password", data={"password": PASSWORD}).ok
    page.goto("/preferences#api-tokens")
    section = page.get_by_test_id("api-tokens")
    expect(section.get_by_test_id("tokens-none")).to_be_visible()

    section.get_by_test_id("token-name").focus()
    page.keyboard.type("scores script")
    press_until_focused(page, "scope-read-ratings")
    page.keyboard.press("Space")
    press_until_focused(page, "token-create")
    page.keyboard.press("Enter")
    secret_box = section.get_by_test_id("token-secret")
    expect(secret_box).to_be_focused()
    secret = secret_box.input_value()
    assert len(secret) == 43
    item = section.get_by_test_id("token-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("scores script")
    expect(item).to_contain_text("Read ratings")
    me = httpx.get(f"{server.url}/api/me", headers={"Authorization": f"Bearer {secret}"})
    assert me.json()["name"] == name

    section.get_by_test_id("bot-name").focus()
    page.keyboard.type(f"{name}Bot")
    page.keyboard.press("Enter")
    bot = section.get_by_test_id("bot-item")
    expect(bot).to_contain_text("BOT")
    press_until_focused(page, "bot-token", "Shift+Tab")  # the list stands above its form
    page.keyboard.press("Enter")
    expect(bot).to_contain_text("1 token")
    bot_secret = secret_box.input_value()
    assert bot_secret != secret
    robo = httpx.get(f"{server.url}/api/me", headers={"Authorization": f"Bearer {bot_secret}"})
    assert robo.json()["bot"] is True

    for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
        resize(page, size)
        no_sideways_scroll(page)
        assert_accessible(page, f"the API tokens at {size['width']} px")
        shoot(page, label)

    bot.get_by_test_id("bot-revoke").focus()
    page.keyboard.press("Enter")
    expect(bot).to_contain_text("0 tokens")
    expect(bot.get_by_test_id("bot-revoke")).to_have_count(0)
    revoked = httpx.get(f"{server.url}/api/me", headers={"Authorization": f"Bearer {bot_secret}"})
    assert revoked.status_code == 401

    item.get_by_test_id("token-revoke").focus()
    page.keyboard.press("Enter")
    expect(section.get_by_test_id("tokens-none")).to_be_visible()
    gone = httpx.get(f"{server.url}/api/me", headers={"Authorization": f"Bearer {secret}"})
    assert gone.status_code == 401


def test_a_guest_is_told_to_register_first(new_context: ContextFactory) -> None:
    page, _ = person(new_context, "Guesta")
    page.goto("/preferences")
    expect(page.get_by_test_id("tokens-registered-only")).to_be_visible()
    expect(page.get_by_test_id("token-form")).to_have_count(0)


def test_the_bot_ladder_shows_each_bot_with_its_owner(
    new_context: ContextFactory, server: LiveServer
) -> None:
    owner, owner_name = person(new_context, "Ladderowner")
    assert owner.request.put("/api/me/password", data={"password": PASSWORD}).ok
    made = owner.request.post("/api/bots", data={"name": f"{owner_name}Bot"})
    assert made.ok, made.text()
    token = owner.request.post(f"/api/bots/{owner_name}Bot/tokens", data={"name": "t"})
    game_id = bot_game(server.url, token.json()["token"], "chromino")
    assert httpx.get(f"{server.url}/api/games/{game_id}").json()["game"]["status"] == "finished"
    page = new_context().new_page()
    page.goto("/bots")
    ladder = page.get_by_test_id("ladder-table").and_(page.locator("[data-pool$='-bots']"))
    row = ladder.get_by_test_id("ladder-row").filter(has_text=f"{owner_name}Bot")
    expect(row).to_have_count(1)
    expect(row.locator(".ladder-owner")).to_have_text(f"by {owner_name}")
    expect(row).to_contain_text("BOT")
    for size, label in ((PHONE, "ladder-phone"), (DESKTOP, "ladder-desktop")):
        resize(page, size)
        no_sideways_scroll(page)
        assert_accessible(page, f"the bot ladder at {size['width']} px")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"api-tokens-{label}.png"), full_page=True)


def test_a_bot_at_a_table_is_marked_as_a_bot(
    new_context: ContextFactory, server: LiveServer
) -> None:
    host, _ = person(new_context, "Hostess")
    owner, owner_name = person(new_context, "Botmaker")
    assert owner.request.put("/api/me/password", data={"password": PASSWORD}).ok
    assert owner.request.post("/api/bots", data={"name": f"{owner_name}Bot"}).ok
    secret = owner.request.post(f"/api/bots/{owner_name}Bot/tokens", data={"name": "t"}).json()
    seats = [{"kind": "human"}] * 3  # a seat left free: the lobby lists it
    table = host.request.post("/api/tables", data={"seats": seats, "rated": False, "public": True})
    code = table.json()["invite_code"]
    robo = httpx.post(
        f"{server.url}/api/tables/{code}/join",
        headers={"Authorization": f"Bearer {secret['token']}"},
    )
    assert robo.status_code == 200, robo.text
    host.goto(f"/t/{code}")
    seat = host.locator("li").filter(has_text=f"{owner_name}Bot")
    expect(seat.get_by_test_id("bot-badge")).to_have_text("BOT")
    host.goto("/")
    listed = host.get_by_test_id("table-players").filter(has_text=f"{owner_name}Bot")
    expect(listed.get_by_test_id("bot-badge")).to_be_visible()
    for size, label in ((PHONE, "lobby-phone"), (DESKTOP, "lobby-desktop")):
        resize(host, size)
        no_sideways_scroll(host)
        assert_accessible(host, f"the lobby with a bot at a table at {size['width']} px")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        listed.screenshot(path=str(ARTIFACTS / f"api-tokens-{label}.png"))


def test_the_game_page_marks_a_bot_accounts_seat(
    new_context: ContextFactory, server: LiveServer
) -> None:
    host, _ = person(new_context, "Opponent")
    owner, owner_name = person(new_context, "Programmer")
    assert owner.request.put("/api/me/password", data={"password": PASSWORD}).ok
    assert owner.request.post("/api/bots", data={"name": f"{owner_name}Bot"}).ok
    secret = owner.request.post(f"/api/bots/{owner_name}Bot/tokens", data={"name": "t"}).json()
    seats = [{"kind": "human"}, {"kind": "human"}]
    code = host.request.post("/api/tables", data={"seats": seats, "rated": False}).json()[
        "invite_code"
    ]
    joined = httpx.post(
        f"{server.url}/api/tables/{code}/join",
        headers={"Authorization": f"Bearer {secret['token']}"},
    )
    assert joined.status_code == 200, joined.text
    game_id = host.request.post(f"/api/tables/{code}/start").json()["game_id"]
    open_game(host, game_id)
    players = host.get_by_test_id("player")
    expect(players.filter(has_text=f"{owner_name}Bot").get_by_test_id("bot-badge")).to_have_text(
        "BOT"
    )
    expect(players.first.get_by_test_id("bot-badge")).to_have_count(0)
    assert_accessible(host, "a game with a bot account")
