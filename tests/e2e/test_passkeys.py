"""Passkeys in a real browser: Chromium's virtual authenticator (through the DevTools
protocol) makes and signs with real credentials, so the whole ceremony runs — the
page's script, the browser's WebAuthn, the server's checks.

Browsers refuse an IP address as a passkey's site, so this module's server is
opened at ``http://localhost:<port>`` (listed in its allowed origins)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, CDPSession, Page, expect
from sqlalchemy import select
from support.browser.axe import assert_accessible
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize, unique_name
from support.live import LiveServer, make_settings, migrated_sqlite

from web.db import Database, as_utc
from web.models import UserSession
from web.people.access import policy

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "passkeys"
PASSWORD = "a long enough password"


class LocalhostServer(LiveServer):
    """A live server whose pages are opened by its name, as passkeys need."""

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = migrated_sqlite(tmp_path_factory.mktemp("passkeys") / "chromino.sqlite3")
    live = LocalhostServer(make_settings(database))
    live.settings.allowed_origins = [live.url]
    live.start()
    yield live
    live.stop()


def authenticator(context: BrowserContext, page: Page) -> tuple[CDPSession, str]:
    """A platform authenticator for the page (a phone's or laptop's): it keeps
    discoverable credentials, verifies its user and says yes at once."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp, str(added["authenticatorId"])


def credentials(cdp: CDPSession, authenticator_id: str) -> list[dict[str, Any]]:
    return list(
        cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator_id})["credentials"]
    )


def shoot(page: Page, name: str, target: str) -> None:
    """Screenshots of ``target`` at a phone's and a desktop's width (looked at by the
    author; kept in test-artifacts/passkeys), with no sideways scrolling."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("360", PHONE), ("1280", DESKTOP)):
        resize(page, size)
        no_sideways_scroll(page)
        page.locator(target).screenshot(path=str(SHOTS / f"{name}-{label}.png"))
    resize(page, DESKTOP)


def passkey_names(page: Page) -> list[str]:
    return page.get_by_test_id("passkey-name").all_inner_texts()


def test_a_guest_signs_up_with_a_passkey_and_signs_in_without_a_name(
    new_context: ContextFactory, server: LiveServer
) -> None:
    context = new_context()
    page, name = person(lambda **_: context, "Kim")
    cdp, first = authenticator(context, page)
    me = page.request.get("/api/me").json()
    assert me["registered"] is False
    guest_cookies = context.cookies()

    page.goto("/preferences#account")
    expect(page.get_by_test_id("passkeys-none")).to_be_visible()
    page.get_by_test_id("passkey-name-input").fill("Laptop")
    page.get_by_test_id("passkey-add-submit").click()
    expect(page.get_by_test_id("passkey-name")).to_have_text(["Laptop"])
    expect(page.get_by_test_id("passkey-saved")).to_contain_text("Passkey added")
    expect(page.get_by_test_id("sign-in-open")).to_be_hidden()
    assert len(credentials(cdp, first)) == 1
    now = page.request.get("/api/me").json()
    assert (now["id"], now["registered"]) == (me["id"], True)

    # The cookie the guest had is worth nothing now: its session ended.
    copy = new_context()
    copy.add_cookies(guest_cookies)  # type: ignore[arg-type]
    assert copy.request.get("/api/me").json().get("id") != me["id"]

    # The same device cannot hold a second passkey for the account.
    page.get_by_test_id("passkey-add-submit").click()
    expect(page.get_by_test_id("passkey-error")).to_contain_text("already holds a passkey")

    # Another device (a second authenticator) adds one, named by the server.
    cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": first})
    cdp, _second = authenticator(context, page)
    page.get_by_test_id("passkey-add-submit").click()
    expect(page.get_by_test_id("passkey-name")).to_have_text(["Laptop", "Passkey 2"])

    page.get_by_role("button", name="Rename Passkey 2").click()
    page.get_by_test_id("passkey-rename-input").fill("Phone")
    page.get_by_test_id("passkey-rename-save").click()
    expect(page.get_by_test_id("passkey-name")).to_have_text(["Laptop", "Phone"])
    expect(page.get_by_role("button", name="Rename Phone")).to_be_focused()

    # A password too; then the password goes, as a passkey signs in instead.
    expect(page.get_by_test_id("password-removal")).to_be_hidden()
    page.locator("#password").fill(PASSWORD)
    page.locator("#password-form button[type=submit]").click()
    expect(page.get_by_test_id("password-removal")).to_be_visible()
    assert_accessible(page, "the preferences' sign-in section")
    shoot(page, "preferences-sign-in", "#account")
    page.get_by_test_id("password-remove").click()
    expect(page.get_by_test_id("password-remove-no")).to_be_focused()
    page.get_by_test_id("password-remove-yes").click()
    expect(page.get_by_test_id("passkey-saved")).to_contain_text("Password removed")
    expect(page.get_by_test_id("password-removal")).to_be_hidden()
    assert page.request.get("/api/me/passkeys").json()["password"] is False

    # The laptop's passkey goes; the phone's is the last way in and stays.
    page.get_by_role("button", name="Delete Laptop").click()
    expect(page.get_by_test_id("passkey-name")).to_have_text(["Phone"])
    page.get_by_role("button", name="Delete Phone").click()
    expect(page.get_by_test_id("passkey-error")).to_contain_text("only way to sign in")
    expect(page.get_by_test_id("passkey-name")).to_have_text(["Phone"])

    # Signed out, the phone signs in again: no name typed.
    page.get_by_test_id("logout").click()
    page.wait_for_url(f"{server.url}/")
    page.get_by_test_id("sign-in-open").click()
    dialog = page.get_by_test_id("sign-in")
    expect(dialog).to_be_visible()
    assert_accessible(page, "the sign-in dialog")
    shoot(page, "sign-in-dialog", "[data-testid=sign-in]")
    page.get_by_test_id("sign-in-passkey").click()
    expect(page.locator("#whoami")).to_have_text(name)
    assert page.request.get("/api/me").json()["id"] == me["id"]
    used = page.request.get("/api/me/passkeys").json()["passkeys"]
    assert used[0]["last_used_at"] is not None


def test_a_signed_in_person_proves_again_it_is_them(
    new_context: ContextFactory, server: LiveServer
) -> None:
    context = new_context()
    page, _ = person(lambda **_: context, "Lou")
    authenticator(context, page)
    page.goto("/preferences#account")
    page.get_by_test_id("passkey-add-submit").click()
    expect(page.get_by_test_id("passkey-name")).to_have_text(["Passkey 1"])
    before = signed_in_sessions(server, page)
    me = page.evaluate(
        "async () => (await import('/static/js/passkeys.js')).reauthenticateWithPasskey()"
    )
    assert me["registered"] is True
    after = signed_in_sessions(server, page)
    assert set(after) == set(before)  # no new session: the browser's own, signed in afresh
    assert max(after.values()) > max(before.values())


@contextmanager
def without_guests(server: LiveServer) -> Iterator[None]:
    """The server without guests for a while (as an admin would switch them off)."""
    database = Database(server.settings.database_url)
    try:
        with database.session() as session:
            policy.change(session, "guests", False)
        yield
    finally:
        with database.session() as session:
            policy.reset(session, "guests")
        database.dispose()


def test_a_newcomer_signs_up_with_a_passkey_where_there_are_no_guests(
    new_context: ContextFactory, server: LiveServer
) -> None:
    context = new_context()
    page = context.new_page()
    authenticator(context, page)
    name = unique_name("Noor")
    with without_guests(server):
        page.goto("/")
        panel = page.get_by_test_id("join-panel")
        expect(panel).to_be_visible()
        page.get_by_test_id("passkey-sign-up-button").click()
        expect(page.get_by_test_id("sign-up-error")).to_contain_text("Choose your name first")
        expect(page.get_by_test_id("sign-up-name")).to_be_focused()
        page.get_by_test_id("sign-up-name").fill(name)
        assert_accessible(page, "the sign-up panel")
        shoot(page, "sign-up-panel", "[data-testid=join-panel]")
        page.get_by_test_id("passkey-sign-up-button").click()
        expect(page.locator("#whoami")).to_have_text(name)
        expect(panel).to_be_hidden()
        assert page.request.get("/api/me").json()["registered"] is True
        listed = page.request.get("/api/me/passkeys").json()
        assert ([each["name"] for each in listed["passkeys"]], listed["password"]) == (
            ["Passkey 1"],
            False,
        )


def signed_in_sessions(server: LiveServer, page: Page) -> dict[str, datetime]:
    """When each of the person's sessions was last signed in, as the database holds it.
    (The person may hold more than one session row by then, and which of them is this
    browser's the cookie says, not the database: so all of them are read.)"""
    me = page.request.get("/api/me").json()
    database = Database(server.settings.database_url)
    try:
        with database.sessions() as session:
            rows = session.scalars(select(UserSession).where(UserSession.user_id == me["id"]))
            return {
                row.id: as_utc(row.signed_in_at) for row in rows if row.signed_in_at is not None
            }
    finally:
        database.dispose()


def test_at_a_numeric_address_the_pages_say_why_there_are_no_passkeys(
    new_context: ContextFactory, server: LiveServer
) -> None:
    numbered = f"http://127.0.0.1:{server.port}"  # browsers refuse an IP address for one
    page = new_context().new_page()
    page.goto(f"{numbered}/preferences#account")
    note = page.get_by_test_id("passkeys-unavailable")
    expect(note).to_contain_text("localhost")
    expect(page.get_by_test_id("passkey-add-submit")).to_be_disabled()
    shoot(page, "preferences-no-passkeys", "#sign-in-ways")
    page.get_by_test_id("sign-in-open").click()
    expect(page.get_by_test_id("sign-in-passkey-note")).to_contain_text("localhost")
    expect(page.get_by_test_id("sign-in-passkey")).to_be_hidden()
