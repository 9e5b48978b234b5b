"""A new invitation-only server with guests, in a browser, from its very first visitor:
the first person signs up from the page and becomes its admin; the admin makes an
invitation link on /admin (shown whole, copied with a button, listed at once); the
person invited is named who invited them and signs up with a password by it, or plays
at once as a guest; a stranger after that is told the server is by invitation.
Screenshots of each page at 360, 1280 and 1920 px in English, Russian and Japanese go
to /tmp/shots/join for a person to look at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.gameplay import ContextFactory
from support.browser.people import no_sideways_scroll, resize
from support.fixtures import LiveServers
from support.live import LiveServer

SHOTS = Path("/tmp/shots/join")
PASSWORD = "correct horse battery"
WIDTHS = (360, 1280, 1920)
LOCALES = {"en": "en-GB", "ru": "ru-RU", "ja": "ja-JP"}


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    """An invitation-only server with guests, whose first sign-up becomes its admin,
    with nobody in it yet."""
    return serve(own_origin=True, join="invitation", guests=True, first_sign_up_admin=True)


def shoot(page: Page, name: str) -> None:
    """The page at each width, whole, without sideways scrolling."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in WIDTHS:
        resize(page, {"width": width, "height": 900})
        no_sideways_scroll(page)
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)


def shoot_in_every_language(new_context: ContextFactory, path: str, name: str) -> None:
    """A visitor's view of ``path`` in English, Russian and Japanese."""
    for code, locale in LOCALES.items():
        page = new_context(locale=locale).new_page()
        page.goto(path)
        shoot(page, f"{name}-{code}")
        page.context.close()


def sign_up(page: Page, name: str) -> None:
    page.get_by_test_id("sign-up-name").fill(name)
    page.get_by_test_id("sign-up-password").fill(PASSWORD)
    page.get_by_test_id("sign-up-submit").click()


def test_the_first_visitor_founds_the_server_and_invites_people(
    new_context: ContextFactory,
) -> None:
    # Nobody in yet: the page offers the first sign-up, and says it makes the admin.
    shoot_in_every_language(new_context, "/", "founding-panel")
    host = new_context(permissions=["clipboard-read", "clipboard-write"]).new_page()
    host.goto("/")
    panel = host.get_by_test_id("join-panel")
    expect(panel).to_have_attribute("data-refusal", "first_admin")
    expect(panel).to_contain_text("the first account made here becomes the server's admin")
    assert_accessible(host, "the founding panel")
    sign_up(host, "Host")
    expect(host.locator("#whoami")).to_have_text("Host")
    expect(host.get_by_test_id("nav-admin")).to_be_visible()

    # The admin makes a link: tab and heading agree; the link shows whole, copies, and
    # the list has it at once (no reload: the page keeps a mark set before).
    host.goto("/admin/invitations")
    expect(host.get_by_test_id("admin-nav-invitations")).to_have_text("Invitations")
    expect(host.get_by_role("heading", level=1)).to_have_text("Invitations")
    expect(host.get_by_role("heading", name="Who may join")).to_be_visible()
    host.evaluate("() => { window.notReloaded = true; }")
    host.get_by_test_id("invitation-uses").fill("2")
    host.get_by_test_id("invitation-note").fill("Mia and a friend")
    host.get_by_test_id("invitation-submit").click()
    link = host.get_by_test_id("invitation-link")
    expect(link).to_have_text(re.compile(r"^http://127\.0\.0\.1:\d+/join/[\w-]{43}$"))
    url = link.inner_text()
    expect(host.get_by_test_id("invitation-link-copy")).to_be_focused()
    expect(host.get_by_test_id("admin-news")).to_contain_text("copy it now")
    expect(host.get_by_test_id("invitations-list")).to_contain_text("Mia and a friend")
    assert host.evaluate("() => window.notReloaded") is True
    assert host.evaluate("() => getSelection().toString()") == url  # selected, whole
    for width in WIDTHS:
        resize(host, {"width": width, "height": 900})
        no_sideways_scroll(host)
        whole = host.evaluate(
            """() => {
              const text = document.querySelector('[data-testid=invitation-link]');
              const form = text.closest('form').getBoundingClientRect();
              const box = text.getBoundingClientRect();
              return text.scrollWidth <= text.clientWidth && box.width >= form.width * 0.9;
            }"""
        )
        assert whole, f"the link is cut or narrow at {width} px"
    host.get_by_test_id("invitation-link-copy").click()
    expect(host.get_by_test_id("invitation-link-copied")).to_have_text(
        "Copied: the link is ready to paste."
    )
    assert host.evaluate("() => navigator.clipboard.readText()") == url
    assert_accessible(host, "an invitation link made")
    shoot(host, "admin-link-made-en")
    shoot_in_every_language(new_context, url, "invited")

    # Invited: named who invited them, a real account offered, the guest way lighter.
    mia = new_context().new_page()
    mia.goto(url)
    expect(mia.get_by_test_id("join")).to_have_attribute("data-outcome", "join_as_guest")
    expect(mia.get_by_test_id("join-inviter")).to_contain_text("Host invited you")
    expect(mia.get_by_test_id("sign-up-form")).to_be_visible()
    expect(mia.get_by_test_id("passkey-sign-up")).to_be_visible()
    expect(mia.get_by_test_id("join-now")).to_have_text("Play as a guest")
    assert_accessible(mia, "the invitation page with guests")
    sign_up(mia, "Mia")
    mia.wait_for_url(re.compile(r"/$"))
    expect(mia.locator("#whoami")).to_have_text("Mia")
    assert mia.request.get("/api/me").json()["registered"] is True

    friend = new_context().new_page()
    friend.goto(url)
    friend.get_by_test_id("join-now").click()
    friend.wait_for_url(re.compile(r"/$"))
    expect(friend.get_by_test_id("join-panel")).to_have_count(0)
    assert friend.request.get("/api/me").json()["registered"] is False

    # The link is used up; the founding offer is gone for the next stranger.
    host.reload()
    expect(host.get_by_test_id("invitations-list")).to_contain_text("2 / 2")
    stranger = new_context().new_page()
    stranger.goto("/")
    expect(stranger.get_by_test_id("join-panel")).to_have_attribute(
        "data-refusal", "invitation_needed"
    )
    expect(stranger.get_by_test_id("sign-up-form")).to_have_count(0)
    admin_pages_in_russian_and_japanese(new_context)


def admin_pages_in_russian_and_japanese(new_context: ContextFactory) -> None:
    """The invitations section with a link just made, for the eyes, in each language
    (the admin Host who founded the server signs in again in a browser of that
    language; part of the founding test, since the module's tests run in any order)."""
    for code, locale in LOCALES.items():
        page = new_context(locale=locale, timezone_id="Asia/Tokyo").new_page()
        page.goto("/rules")
        answer = page.request.post("/api/login", data={"name": "Host", "password": PASSWORD})
        assert answer.ok, answer.text()
        page.goto("/admin/invitations")
        page.get_by_test_id("invitation-submit").click()
        expect(page.get_by_test_id("invitation-link")).to_have_text(re.compile(r"/join/"))
        assert_accessible(page, f"an invitation link made, {code}")
        shoot(page, f"admin-link-made-{code}")
        page.goto("/admin")
        shoot(page, f"admin-people-{code}")
        page.context.close()
