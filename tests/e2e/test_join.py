"""Joining an invitation-only server in a browser: an admin's link, a newcomer who
signs up by it and plays, and a visitor without one, who is told how to get in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import resize
from support.fixtures import LiveServers
from support.live import LiveServer, migrated_sqlite

from web.db import Database
from web.people import accounts
from web.people.names import skeleton

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "e2e" / "join"
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, serve: LiveServers) -> LiveServer:
    """An invitation-only server without guests, with an admin, Ada, made in its database."""
    database = migrated_sqlite(tmp_path_factory.mktemp("join") / "chromino.sqlite3")
    db = Database(database)
    with db.sessions() as session:
        ada = accounts.guest(session)
        ada.name, ada.name_key, ada.name_chosen = "Ada", skeleton("Ada"), True
        ada.password_hash = accounts._hasher.hash(PASSWORD)
        ada.role = "admin"
        session.commit()
    db.dispose()
    return serve(database_url=database, own_origin=True, join="invitation", guests=False)


def shoot(page: Page, name: str) -> None:
    """The page at a phone's width and a desktop's, kept for a person to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("360", PHONE), ("1280", DESKTOP)):
        resize(page, size)
        widths = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert widths[0] == widths[1], f"{name} at {label}: the page scrolls sideways"
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)


def test_a_newcomer_signs_up_by_an_invitation_and_plays(new_context: ContextFactory) -> None:
    ada = new_context().new_page()
    ada.goto("/rules")
    assert ada.request.post("/api/login", data={"name": "Ada", "password": PASSWORD}).ok
    made = ada.request.post("/api/invitation-links", data={"note": "Mia"})
    assert made.ok, made.text()
    path = made.json()["path"]

    # Without a link: the lobby says how to get in, and the rules stay readable.
    stranger = new_context().new_page()
    stranger.goto("/")
    panel = stranger.get_by_test_id("join-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("ask a member for an invitation link")
    expect(stranger.get_by_test_id("name-prompt")).to_be_hidden()
    assert_accessible(stranger, "the invitation-only panel")
    shoot(stranger, "panel")
    stranger.get_by_test_id("join-panel-sign-in").click()
    expect(stranger.get_by_test_id("sign-in")).to_be_visible()
    stranger.get_by_test_id("sign-in-cancel").click()
    stranger.goto("/rules")
    expect(stranger.get_by_test_id("join-panel")).to_have_count(0)

    # With the link: sign up, land in the lobby as oneself, and play.
    mia = new_context().new_page()
    mia.goto(path)
    expect(mia.get_by_test_id("join")).to_have_attribute("data-outcome", "sign_up")
    assert_accessible(mia, "the invitation page")
    shoot(mia, "invited")
    mia.get_by_test_id("sign-up-name").fill("Mia")
    mia.get_by_test_id("sign-up-password").fill("short")
    mia.get_by_test_id("sign-up-submit").click()
    expect(mia.get_by_test_id("sign-up-error")).to_contain_text("8")
    mia.get_by_test_id("sign-up-password").fill(PASSWORD)
    mia.get_by_test_id("sign-up-submit").click()
    mia.wait_for_url(re.compile(r"/$"))
    expect(mia.locator("#whoami")).to_have_text("Mia")
    expect(mia.get_by_test_id("join-panel")).to_have_count(0)
    mia.locator("#play-solo").click()
    mia.wait_for_url(re.compile(r"/g/[^/]+$"))

    # The link let one person in: the next one is told so, clearly.
    late = new_context().new_page()
    answer = late.goto(path)
    assert answer is not None and answer.status == 410
    expect(late.get_by_test_id("join")).to_have_attribute("data-outcome", "invitation_used_up")
    assert_accessible(late, "a used-up invitation")
    shoot(late, "used-up")

    # Ada sees the link used, on her friends page.
    ada.goto("/friends")
    # (the module's other test may have made Ada a link of its own first)
    link = ada.get_by_test_id("my-invitation").filter(has_text="Mia")
    expect(link).to_have_attribute("data-state", "used_up")
    assert_accessible(ada, "the friends page's invitation links")
    ada.get_by_test_id("make-invitation").click()
    expect(ada.get_by_test_id("new-invitation-link")).to_have_value(re.compile(r"/join/[\w-]{43}$"))
    ada.get_by_test_id("my-invitation").first.get_by_test_id("revoke-invitation").click()
    expect(ada.get_by_test_id("my-invitation").first).to_have_attribute("data-state", "revoked")
    shoot(ada, "friends-links")


BAN_SHOTS = Path("/tmp/shots/join")


def test_a_banned_persons_other_tab_reloaded_says_why_and_until_when(
    new_context: ContextFactory,
) -> None:
    ada = new_context().new_page()
    ada.goto("/rules")
    assert ada.request.post("/api/login", data={"name": "Ada", "password": PASSWORD}).ok
    made = ada.request.post("/api/invitation-links", data={"note": "Noa"})
    assert made.ok, made.text()
    noa = new_context().new_page()
    noa.goto(made.json()["path"])
    noa.get_by_test_id("sign-up-name").fill("Noa")
    noa.get_by_test_id("sign-up-password").fill(PASSWORD)
    noa.get_by_test_id("sign-up-submit").click()
    noa.wait_for_url(re.compile(r"/$"))
    # Noa's other browsers, in Russian and Japanese, signed in before the ban.
    others = {}
    for code, locale in (("ru", "ru-RU"), ("ja", "ja-JP")):
        page = new_context(locale=locale).new_page()
        page.goto("/rules")
        assert page.request.post("/api/login", data={"name": "Noa", "password": PASSWORD}).ok
        others[code] = page
    other_tab = noa.context.new_page()
    other_tab.goto("/rules")
    noa_id = noa.request.get("/api/me").json()["id"]
    ban = {"reason": "rude to everyone", "until": "2031-01-02T10:00:00Z"}
    assert ada.request.post(f"/api/admin/people/{noa_id}/ban", data=ban).status == 204

    other_tab.goto("/")
    panel = other_tab.get_by_test_id("join-panel")
    expect(panel).to_have_attribute("data-refusal", "banned")
    expect(panel.get_by_role("heading")).to_have_text("You are banned from this server")
    expect(other_tab.get_by_test_id("ban-notice-reason")).to_have_text("Reason: rude to everyone")
    expect(other_tab.get_by_test_id("ban-notice-until")).to_contain_text("2031")
    expect(panel).not_to_contain_text("invitation")
    expect(other_tab.get_by_test_id("join-panel-sign-in")).to_have_count(0)
    assert_accessible(other_tab, "a banned person's panel")
    shoot_widths(other_tab, "banned-en")
    for code, page in others.items():
        page.goto("/")
        expect(page.get_by_test_id("join-panel")).to_have_attribute("data-refusal", "banned")
        expect(page.get_by_test_id("ban-notice-reason")).to_contain_text("rude to everyone")
        shoot_widths(page, f"banned-{code}")

    # A stranger on the same server still sees how to get in.
    stranger = new_context().new_page()
    stranger.goto("/")
    expect(stranger.get_by_test_id("join-panel")).to_have_attribute(
        "data-refusal", "invitation_needed"
    )


def shoot_widths(page: Page, name: str) -> None:
    BAN_SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (360, 1280, 1920):
        resize(page, {"width": width, "height": 800})
        widths = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert widths[0] == widths[1], f"{name} at {width}: the page scrolls sideways"
        page.screenshot(path=str(BAN_SHOTS / f"{name}-{width}.png"), full_page=True)
