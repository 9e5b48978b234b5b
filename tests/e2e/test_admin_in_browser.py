"""The admin page in a browser: an admin bans someone from the people page, confirming
it's them first (their sign-in is old), and the banned person's open page is signed
out at once and told why and until when; every section at a phone's and a desktop's
width, screenshots kept, axe-clean and without sideways scrolling."""

from __future__ import annotations

import re
from datetime import timedelta

from playwright.sync_api import Page, expect
from sqlalchemy import update
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize
from support.live import LiveServer

from web.db import Database, utcnow
from web.models import User, UserSession

PASSWORD = "correct horse battery"
SECTIONS = ("games", "reports", "invitations", "guests", "backups", "settings", "health", "audit")


def registered(page: Page) -> None:
    answer = page.request.put("/api/me/password", data={"password": PASSWORD})
    assert answer.ok, answer.text()


def make_admin_with_an_old_sign_in(server: LiveServer, name: str) -> None:
    database: Database = server.app_state().db
    with database.session() as session, session.begin():
        session.execute(update(User).where(User.name == name).values(role="admin"))
        user_id = session.query(User.id).filter(User.name == name).scalar()
        session.execute(
            update(UserSession)
            .where(UserSession.user_id == user_id)
            .values(signed_in_at=utcnow() - timedelta(minutes=20))
        )


def test_an_admin_bans_someone_who_is_signed_out_at_once_and_told_why(
    new_context: ContextFactory, server: LiveServer
) -> None:
    # The admin's browser runs on New York's clock, but their preference (the zone the
    # admin pages show times in) is Tokyo's: the ban's end is typed, and shown, in Tokyo.
    admin, admin_name = person(new_context, "Ada", timezone_id="America/New_York")
    registered(admin)
    admin.wait_for_function(
        "async () => (await (await fetch('/api/me/preferences')).json()).time_zone !== null"
    )
    assert admin.request.patch("/api/me/preferences", data={"time_zone": "Asia/Tokyo"}).ok
    make_admin_with_an_old_sign_in(server, admin_name)
    banned, banned_name = person(new_context, "Mel")
    registered(banned)
    banned.goto("/games")
    expect(banned.locator("#whoami")).to_have_text(banned_name)

    admin.goto("/admin")
    expect(admin.get_by_test_id("nav-admin")).to_be_visible()
    admin.get_by_test_id("people-q").fill(banned_name[:5])
    admin.get_by_role("button", name="Search").click()
    admin.get_by_role("link", name=banned_name).click()
    expect(admin.get_by_role("heading", level=1)).to_have_text(banned_name)
    admin.get_by_test_id("ban-reason").fill("rude to everyone")
    admin.get_by_test_id("ban-until").fill("2031-01-02T10:00")
    admin.get_by_test_id("ban-submit").click()

    dialog = admin.get_by_test_id("reauth")
    expect(dialog).to_be_visible()  # the sign-in is 20 minutes old: confirm it's you
    admin.get_by_test_id("reauth-password").fill("not it")
    admin.get_by_test_id("reauth-submit").click()
    expect(admin.get_by_test_id("reauth-error")).to_have_text("This is not your password")
    admin.get_by_test_id("reauth-password").fill(PASSWORD)
    admin.get_by_test_id("reauth-submit").click()
    expect(admin.get_by_test_id("admin-news")).to_have_text(
        "Done: banned, and signed out everywhere."
    )
    expect(admin.get_by_test_id("person-standing")).to_have_text("Banned until 2031-01-02 10:00")

    told = banned.get_by_test_id("signed-out")
    expect(told).to_be_visible()
    expect(banned.get_by_test_id("signed-out-text")).to_have_text(
        "You are banned from this server until 2031-01-02 01:00 UTC. Reason: rude to everyone"
    )
    expect(banned.get_by_test_id("signed-out-ok")).to_be_focused()
    assert_accessible(banned, "the signed-out notice")
    shot(banned, "signed-out")
    banned.get_by_test_id("signed-out-ok").click()
    expect(banned.locator("#whoami")).not_to_have_text(banned_name)
    again = banned.request.post("/api/login", data={"name": banned_name, "password": PASSWORD})
    assert again.status == 403 and again.json()["detail"]["reason"] == "rude to everyone"


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"admin-{name}.png"), full_page=True)


def test_every_section_fits_a_phone_and_a_desktop_and_passes_axe(
    new_context: ContextFactory, server: LiveServer
) -> None:
    admin, admin_name = person(new_context, "Ada")
    registered(admin)
    make_admin_with_an_old_sign_in(server, admin_name)
    assert admin.request.post("/api/admin/invitations", data={"note": "the club"}).status == 403
    member, _ = person(new_context, "Mel")
    member_id = member.request.get("/api/me").json()["id"]
    pages = ["/admin", f"/admin/people/{member_id}", *(f"/admin/{name}" for name in SECTIONS)]
    for path in pages:
        admin.goto(path)
        for size in (PHONE, DESKTOP):
            resize(admin, size)
            no_sideways_scroll(admin)
            assert_accessible(admin, f"{path} at {size['width']} px")
            shot(admin, f"{path.strip('/').replace('/', '-')}-{size['width']}")
    resize(admin, PHONE)
    admin.goto("/admin/invitations")
    admin.get_by_test_id("invitation-note").fill("the club")
    admin.get_by_test_id("invitation-submit").click()
    admin.get_by_test_id("reauth-password").fill(PASSWORD)
    admin.get_by_test_id("reauth-submit").click()
    link = admin.get_by_test_id("invitation-link")
    expect(link).to_have_text(re.compile(rf"^{re.escape(server.url)}/join/[\w-]{{43}}$"))
    expect(admin.get_by_test_id("invitation-link-copy")).to_be_focused()
    expect(admin.get_by_test_id("invitations-list")).to_contain_text("the club")
    no_sideways_scroll(admin)
    assert_accessible(admin, "an invitation link made")
    shot(admin, "invitation-made-360")
