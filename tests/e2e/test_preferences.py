"""Preferences: saved at once, kept after a reload and on another device; the
assistance levels change what the game page offers."""

from __future__ import annotations

import secrets

from playwright.sync_api import Page, expect
from support.browser.gameplay import (
    ContextFactory,
    api_solo,
    api_solo_with_a_play,
    has_class,
    open_game,
)

PASSWORD = "correct horse battery"


def change(page: Page, field: str, action: str, value: str = "") -> None:
    """Change one preference in the form and wait for the server to save it."""
    with page.expect_response(
        lambda response: (
            "/api/me/preferences" in response.url
            and response.request.method == "PATCH"
            # this field's change, not the time zone a first visit sends
            and f'"{field}"' in (response.request.post_data or "")
        )
    ) as saved:
        locator = page.locator(f"#prefs-form [name={field}]")
        if action == "select":
            locator.select_option(value)
        elif action == "check":
            locator.check()
        else:
            page.locator(f"#prefs-form [name={field}][value={value}]").check()
    assert saved.value.ok


def expect_preferences(page: Page) -> None:
    """The preferences set by the test are the page's."""
    body = page.locator("body")
    expect(body).to_have_class(has_class("palette-okabe-ito"))
    expect(body).to_have_class(has_class("with-symbols"))
    expect(body).not_to_have_class(has_class("palette-classic"))
    form = page.locator("#prefs-form")
    expect(form.locator("[name=palette]")).to_have_value("okabe-ito")
    expect(form.locator("[name=symbols]")).to_be_checked()
    expect(form.locator("[name=reversed_arrows]")).to_be_checked()
    expect(form.locator("[name=assistance][value=none]")).to_be_checked()


# How far the board is shifted sideways: the x of the camera's translate().
CAMERA_X_JS = r"""() => Number(/translate\(([-\d.]+),/.exec(
    document.querySelector('#board g.camera').getAttribute('transform'))[1])"""


def camera_x(page: Page) -> float:
    return float(page.evaluate(CAMERA_X_JS))


def test_preferences_survive_reload_and_follow_the_account(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/preferences")
    expect(page.locator("body")).to_have_class(has_class("palette-classic"))
    change(page, "palette", "select", "okabe-ito")
    expect(page.locator("body")).to_have_class(has_class("palette-okabe-ito"))  # at once
    change(page, "symbols", "check")
    expect(page.locator("body")).to_have_class(has_class("with-symbols"))
    change(page, "reversed_arrows", "check")
    change(page, "assistance", "radio", "none")
    expect(page.locator("#prefs-saved")).to_have_text("Saved.")

    page.reload()
    expect_preferences(page)

    # An account: a name and a password, then the same person on another device.
    name = f"e2e-{secrets.token_hex(4)}"
    page.locator("#name").fill(name)
    page.locator("#name-form button").click()
    expect(page.locator("#whoami")).to_have_text(name)
    page.locator("#password").fill(PASSWORD)
    with page.expect_response("**/api/me/password") as saved:
        page.locator("#password-form button").click()
    assert saved.value.ok

    other = new_context().new_page()
    other.goto("/preferences")
    expect(other.locator("body")).to_have_class(has_class("palette-classic"))
    other.locator("#login-name").fill(name)
    other.locator("#login-password").fill(PASSWORD)
    other.locator("#login-form").get_by_role("button", name="Sign in").click()
    expect(other.locator("#whoami")).to_have_text(name)  # after the page reloads
    expect_preferences(other)

    # On the other device's game page: symbols, no hints, reversed arrows.
    game_id = api_solo(other, ruleset="junior", hand_size=8)
    open_game(other, game_id)
    expect(other.locator("body")).to_have_class(has_class("with-symbols"))
    expect(other.get_by_test_id("hand-tile")).to_have_count(8)
    expect(other.locator("[data-testid=hand-tile].playable")).to_have_count(0)
    expect(other.locator("[data-testid=hand-tile].unplayable")).to_have_count(0)
    before = camera_x(other)
    other.get_by_test_id("pan-left").click()
    # "Show more to the left" moves the board itself left when the arrows are reversed.
    other.wait_for_function(f"({CAMERA_X_JS})() < {before - 1}")


def test_assistance_levels_on_the_game_page(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    page.goto("/rules")
    game_id = api_solo_with_a_play(page, ruleset="junior", hand_size=8)
    open_game(page, game_id)
    playable = page.locator("[data-testid=hand-tile].playable")
    draw = page.get_by_test_id("draw")

    # Beginner (the default): fitting tiles are shown, and no drawing while one fits.
    expect(playable.first).to_be_visible()
    expect(draw).to_be_disabled()

    # Intermediate, changed while the game is open: the same hints, drawing allowed.
    answer = page.request.patch("/api/me/preferences", data={"assistance": "intermediate"})
    assert answer.ok
    expect(draw).to_be_enabled()
    expect(playable.first).to_be_visible()

    # None: no tile marked, and a picked tile shows no places.
    answer = page.request.patch("/api/me/preferences", data={"assistance": "none"})
    assert answer.ok
    expect(playable).to_have_count(0)
    expect(page.locator("[data-testid=hand-tile].unplayable")).to_have_count(0)
    expect(draw).to_be_enabled()
    tile = page.get_by_test_id("hand-tile").first
    tile.click()
    expect(tile).to_have_class(has_class("picked"))
    expect(page.get_by_test_id("hand-hint")).to_contain_text("Choose a square")
    page.get_by_test_id("board").hover()
    expect(page.locator("#board .ghost")).to_have_count(1)
    expect(page.locator("#board .target")).to_have_count(0)
