"""Recovery and "Your data" in a real browser: "Forgot your password?" in the sign-in
dialog sends a link (to a local SMTP server) whose page sets a new password and signs
in; Preferences' "Your data" downloads the export and deletes the account after a
dialog that says what goes and what stays. Each screen is checked with axe and
photographed at 360 and 1280 px (test-artifacts/e2e/my-data-*.png)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize
from support.fixtures import LiveServers
from support.live import LiveServer
from support.smtpserver import MailCatcher

PASSWORD = "a-long-enough-password"


@pytest.fixture(scope="module")
def mail() -> Iterator[MailCatcher]:
    with MailCatcher() as catcher:
        yield catcher


@pytest.fixture(scope="module")
def server(mail: MailCatcher, serve: LiveServers) -> LiveServer:
    """conftest's server, sending email to the local SMTP server."""
    return serve(
        own_origin=True,
        own_url=True,
        smtp_host=mail.host,
        smtp_port=mail.port,
        smtp_security="none",
    )


def shot(page: Page, name: str) -> None:
    """What the screen shows (a dialog stays where the viewport is)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"my-data-{name}.png"))


def registered(
    new_context: ContextFactory, mail: MailCatcher, **options: object
) -> tuple[Page, str]:
    """Someone with a password and a confirmed address (set up through the API)."""
    page, name = person(new_context, "Ana", **options)
    assert page.request.put("/api/me/password", data={"password": PASSWORD}).ok
    before = len(mail.received)
    assert page.request.put("/api/me/email", data={"email": f"{name}@example.org"}).ok
    body = mail.wait_for(before + 1)[-1].message.get_body(preferencelist=("plain",))
    assert body is not None
    link = re.search(r"https?://\S+", str(body.get_content()))
    assert link
    parts = urlsplit(link.group(0))
    assert page.request.get(f"{parts.path}?{parts.query}").ok
    return page, name


def test_a_forgotten_password_comes_back_by_email(
    new_context: ContextFactory, mail: MailCatcher
) -> None:
    owner, name = registered(new_context, mail)
    page = new_context(viewport=PHONE).new_page()
    page.goto("/rules")
    page.get_by_test_id("sign-in-open").click()
    page.get_by_role("button", name="Forgot your password?").click()
    who = page.get_by_label("Name or email address")
    expect(who).to_be_focused()
    before = len(mail.received)
    who.fill(name)
    page.get_by_role("button", name="Send me a link").click()
    expect(page.get_by_test_id("recovery-sent")).to_contain_text("It works for 30 minutes.")
    no_sideways_scroll(page)
    shot(page, "forgot-360")
    assert_accessible(page, "the recovery form at 360 px")
    resize(page, DESKTOP)
    shot(page, "forgot-1280")
    page.get_by_role("button", name="Back").click()
    expect(page.get_by_label("Password", exact=True)).to_be_visible()

    message = mail.wait_for(before + 1)[-1].message
    body = message.get_body(preferencelist=("plain",))
    assert body is not None and message["To"] == f"{name}@example.org"
    link = re.search(r"https?://\S+/recover/\S+", str(body.get_content()))
    assert link
    page.goto(urlsplit(link.group(0)).path)
    expect(page.get_by_role("heading", name="Choose a new password")).to_be_visible()
    expect(page.get_by_test_id("recover")).to_contain_text(name)
    shot(page, "recover-1280")
    resize(page, PHONE)
    no_sideways_scroll(page)
    shot(page, "recover-360")
    assert_accessible(page, "the recovery page")
    page.get_by_label("New password", exact=True).fill("a-new-password-9")
    page.get_by_label("The same again").fill("a-new-password-8")
    page.get_by_role("button", name="Set my password").click()
    expect(page.get_by_test_id("recover-error")).to_have_text("The two passwords differ.")
    page.get_by_label("The same again").fill("a-new-password-9")
    page.get_by_role("button", name="Set my password").click()
    page.wait_for_url(re.compile(r"/preferences#account$"))
    assert page.request.get("/api/me").json()["name"] == name
    owner.reload()  # the owner's other browser was signed out
    assert owner.request.get("/api/me").json().get("name") != name


def test_my_data_downloads_and_my_account_goes_after_a_clear_dialog(
    new_context: ContextFactory, mail: MailCatcher
) -> None:
    page, name = registered(new_context, mail)
    page.goto("/preferences#my-data")
    section = page.get_by_test_id("my-data")
    expect(section.get_by_role("heading", name="Your data")).to_be_visible()
    with page.expect_download() as download:
        section.get_by_role("link", name="Download my data").click()
    assert re.fullmatch(
        rf"chromino-{name}-\d{{4}}-\d\d-\d\d\.json", download.value.suggested_filename
    )
    path = download.value.path()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["profile"]["name"] == name
    assert data["preferences"]["email"] == f"{name}@example.org"

    section.get_by_role("button", name="Delete my account").click()
    dialog = page.get_by_role("dialog", name="Delete your account?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("a former player")
    confirm = dialog.get_by_label(f"Type your name to confirm: {name}")
    expect(confirm).to_be_focused()
    shot(page, "delete-1280")
    assert_accessible(page, "the delete dialog at 1280 px")
    resize(page, PHONE)
    no_sideways_scroll(page)
    shot(page, "delete-360")
    assert_accessible(page, "the delete dialog at 360 px")
    # Both ways out stay in sight while the long text scrolls under them.
    expect(dialog.get_by_role("button", name="Cancel")).to_be_in_viewport()
    expect(dialog.get_by_role("button", name="Delete my account")).to_be_in_viewport()

    confirm.fill(name)
    dialog.get_by_label("Your password").fill("not-my-password")
    dialog.get_by_role("button", name="Delete my account").click()
    expect(dialog.get_by_test_id("delete-error")).to_have_text("Wrong password")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    assert page.request.get("/api/me").json()["name"] == name

    section.get_by_role("button", name="Delete my account").click()
    confirm.fill(name)
    dialog.get_by_label("Your password").fill(PASSWORD)
    dialog.get_by_role("button", name="Delete my account").click()
    page.wait_for_url(re.compile(r"/$"))
    assert page.request.get("/api/me").json().get("name") != name
    gone = page.request.post("/api/login", data={"name": name, "password": PASSWORD})
    assert gone.status == 401
