"""The Preferences page for games played over days: the time zone and the quiet hours,
days away (declared, listed, ended, refused beyond the host's allowance), the notices
switched off, this device's web push and the email address.

The module's server sends email to a local SMTP server (tests/support/smtpserver.py),
so the page offers an address; one test takes the server's SMTP host away to see the
page say it sends none.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, Response, expect
from sqlalchemy import select
from support.browser.axe import assert_accessible
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.fixtures import LiveServers
from support.live import LiveServer
from support.pushservice import PushService
from support.smtpserver import MailCatcher

from web.models import PushDevice
from web.notify.keys import vapid_keys
from web.notify.push import PushOutcome, PushSubscription, send_push

ZONE = "America/Chicago"
ALLOWANCE = 5  # the settings' default: days away in any 30 days


@pytest.fixture(scope="module")
def mail() -> Iterator[MailCatcher]:
    catcher = MailCatcher().start()
    yield catcher
    catcher.stop()


@pytest.fixture(scope="module")
def server(mail: MailCatcher, serve: LiveServers) -> LiveServer:
    """conftest's server, sending email to the local SMTP server."""
    return serve(
        own_origin=True,
        own_url=True,
        smtp_host=mail.host,
        smtp_port=mail.port,
        smtp_security="none",
        vacation_days_per_month=ALLOWANCE,
    )


def person(new_context: ContextFactory, *, zone: str = ZONE, **options: Any) -> Page:
    """A new guest whose time zone the server knows already (the header sends the
    browser's on the first page; set first, it has nothing to send)."""
    page = new_context(locale="en-GB", timezone_id=zone, **options).new_page()
    page.goto("/api/me")  # the guest's cookie, without a page's scripts
    assert page.request.patch("/api/me/preferences", data={"time_zone": zone}).ok
    page.goto("/preferences")
    return page


def preferences(page: Page) -> dict[str, Any]:
    answer = page.request.get("/api/me/preferences")
    assert answer.ok, answer.text()
    return dict(answer.json())


def is_patch(response: Response) -> bool:
    return "/api/me/preferences" in response.url and response.request.method == "PATCH"


def today_in(zone: str) -> date:
    return datetime.now(ZoneInfo(zone)).date()


def day_text(day: date, today: date) -> str:
    """A date as the page writes it in British English: "Tue 24 Dec" (with its year when
    it is not this year's)."""
    text = f"{day:%a} {day.day} {day:%b}"
    return text if day.year == today.year else f"{text} {day.year}"


def test_time_zone_and_quiet_hours_are_saved(new_context: ContextFactory) -> None:
    page = person(new_context, zone="Asia/Tokyo")
    zone = page.get_by_label("My time zone")
    expect(zone).to_have_value("Asia/Tokyo")
    use_device = page.get_by_role("button", name="Use this device's")
    expect(use_device).to_be_hidden()  # the zone is this device's already
    expect(page.get_by_test_id("device-zone")).to_have_text("This device's time zone: Asia/Tokyo.")
    # the zones to choose from are the browser's
    assert page.locator("#time-zones option[value='America/Chicago']").count() == 1

    with page.expect_response(is_patch) as saved:
        zone.fill(ZONE)
        zone.press("Enter")
    assert saved.value.ok
    expect(page.get_by_test_id("time-saved")).to_have_text("Saved.")
    assert preferences(page)["time_zone"] == ZONE
    expect(use_device).to_be_visible()

    # Quiet hours: both times are saved together.
    with page.expect_response(is_patch) as saved:
        page.get_by_label("From", exact=True).fill("23:30")
    assert saved.value.ok
    with page.expect_response(is_patch) as saved:
        page.get_by_label("To", exact=True).fill("07:15")
    assert saved.value.ok
    stored = preferences(page)
    assert stored["quiet"] == {"start": 23 * 60 + 30, "end": 7 * 60 + 15}

    # Longer than 16 hours: the server's refusal is said, nothing is stored.
    with page.expect_response(is_patch) as refused:
        page.get_by_label("From", exact=True).fill("12:00")
    assert refused.value.status == 422
    expect(page.get_by_test_id("time-saved")).to_have_text(
        "Quiet hours last at most 16 hours a day"
    )
    assert preferences(page)["quiet"] == stored["quiet"]

    # The daily email's hour.
    with page.expect_response(is_patch) as saved:
        page.get_by_label("Hour of the daily email").select_option("7")
    assert saved.value.ok
    assert preferences(page)["digest_hour"] == 7

    # An unknown zone is refused in words; "Use this device's" takes the browser's.
    with page.expect_response(is_patch) as refused:
        zone.fill("Mars/Olympus_Mons")
        zone.press("Enter")
    assert refused.value.status == 422
    expect(page.get_by_test_id("time-saved")).to_contain_text("Not a time zone this server knows")
    with page.expect_response(is_patch) as saved:
        use_device.click()
    assert saved.value.ok
    expect(zone).to_have_value("Asia/Tokyo")
    expect(use_device).to_be_hidden()
    expect(zone).to_be_focused()
    assert preferences(page)["time_zone"] == "Asia/Tokyo"

    page.reload()
    expect(zone).to_have_value("Asia/Tokyo")
    expect(page.get_by_label("From", exact=True)).to_have_value("23:30")
    expect(page.get_by_label("To", exact=True)).to_have_value("07:15")
    expect(page.get_by_label("Hour of the daily email")).to_have_value("7")


def declare(page: Page, first: date, days: int) -> Response:
    page.get_by_label("First day").fill(first.isoformat())
    page.get_by_label("Number of days").fill(str(days))
    with page.expect_response(
        lambda response: (
            response.url.endswith("/api/me/vacations") and response.request.method == "POST"
        )
    ) as answer:
        page.get_by_role("button", name="Declare these days").click()
    return answer.value


def test_days_away_are_declared_listed_and_ended(new_context: ContextFactory) -> None:
    page = person(new_context)
    today = today_in(ZONE)
    expect(page.get_by_test_id("away-allowance")).to_have_text(
        f"You may be away {ALLOWANCE} days in any 30 days on this server."
    )
    expect(page.get_by_test_id("away-none")).to_have_text("None declared.")
    expect(page.get_by_label("First day")).to_have_attribute("min", today.isoformat())

    later = today + timedelta(days=10)
    page.get_by_label("First day").fill(later.isoformat())
    page.get_by_label("Number of days").fill("3")
    span = f"From {day_text(later, today)} to {day_text(later + timedelta(days=2), today)}"
    expect(page.get_by_test_id("away-preview")).to_have_text(span)
    assert declare(page, later, 3).status == 201
    expect(page.get_by_test_id("away-saved")).to_have_text("Days away declared.")
    items = page.get_by_test_id("away-item")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text(span)

    # Away from today, declared by keyboard: under way, listed first, ended with "End now".
    page.get_by_label("First day").fill(today.isoformat())
    page.get_by_label("Number of days").fill("1")
    with page.expect_response("**/api/me/vacations") as answer:
        page.get_by_label("Number of days").press("Enter")
    assert answer.value.status == 201
    expect(items).to_have_count(2)
    expect(items.first).to_contain_text(f"Away now, until the end of {day_text(today, today)}")
    listed = page.request.get("/api/me/vacations").json()["vacations"]
    assert len(listed) == 2

    items.first.get_by_role("button", name="End now").click()
    expect(page.get_by_test_id("away-saved")).to_have_text("Your days away are over: welcome back.")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text(span)
    cancel = items.first.get_by_role("button", name="Cancel")
    expect(cancel).to_be_focused()  # the focus stays in the list
    assert len(page.request.get("/api/me/vacations").json()["vacations"]) == 1

    cancel.click()
    expect(items).to_have_count(0)
    expect(page.get_by_test_id("away-none")).to_be_visible()
    expect(page.get_by_label("First day")).to_be_focused()
    assert page.request.get("/api/me/vacations").json()["vacations"] == []


def test_days_away_beyond_the_allowance_are_refused_in_words(
    new_context: ContextFactory,
) -> None:
    page = person(new_context)
    first = today_in(ZONE) + timedelta(days=5)
    assert declare(page, first, 3).status == 201
    expect(page.get_by_test_id("away-item")).to_have_count(1)

    answer = declare(page, first + timedelta(days=7), 3)  # 6 days within 30
    assert answer.status == 409
    error = page.get_by_test_id("away-error")
    expect(error).to_be_visible()
    expect(error).to_have_text(f"Days: at most {ALLOWANCE} days away in 30 days on this server")
    expect(page.get_by_test_id("away-item")).to_have_count(1)

    # More days than the allowance at once: the page says so before asking.
    page.get_by_label("Number of days").fill(str(ALLOWANCE + 1))
    page.get_by_role("button", name="Declare these days").click()
    expect(error).to_have_text(f"From 1 to {ALLOWANCE} days.")
    expect(page.get_by_label("Number of days")).to_be_focused()


def test_a_kind_of_notice_switched_off_is_stored(new_context: ContextFactory) -> None:
    page = person(new_context)
    game_over = page.get_by_role("checkbox", name="A game of mine is over On my devices")
    digest = page.get_by_role("checkbox", name="Once a day: the games waiting for me By email")
    expect(game_over).to_be_checked()
    expect(digest).to_be_checked()

    with page.expect_response(is_patch) as saved:  # by keyboard
        game_over.focus()
        page.keyboard.press("Space")
    assert saved.value.ok
    expect(game_over).not_to_be_checked()
    expect(page.get_by_test_id("notify-saved")).to_have_text("Saved.")
    assert preferences(page)["switched_off"] == {"push": ["game_over"], "email": []}

    with page.expect_response(is_patch) as saved:
        digest.uncheck()
    assert saved.value.ok
    assert preferences(page)["switched_off"] == {"push": ["game_over"], "email": ["digest"]}

    page.reload()
    expect(game_over).not_to_be_checked()
    expect(digest).not_to_be_checked()
    expect(page.get_by_role("checkbox", name="It is my turn On my devices")).to_be_checked()


# Chromium here has no internet: its own push service cannot be reached. The page's
# PushManager is given subscriptions of the test's local push service instead
# (`PushService().subscribe()` is what a browser's `subscription.toJSON()` gives), kept
# across reloads as a browser keeps its own; the key the page subscribes with is kept
# too, to be checked against the server's.
FAKE_PUSH_JS = """
(() => {
  const made = %s;
  const KEPT = "stand-in-push-subscription";
  const base64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const subscription = {
    endpoint: made.endpoint,
    expirationTime: null,
    toJSON: () => JSON.parse(JSON.stringify(made)),
    unsubscribe: async () => {
      sessionStorage.removeItem(KEPT);
      window.pushUnsubscribed = true;
      return true;
    },
  };
  PushManager.prototype.subscribe = async function (options) {
    window.pushKey = base64url(options.applicationServerKey);
    sessionStorage.setItem(KEPT, "1");
    return subscription;
  };
  PushManager.prototype.getSubscription = async function () {
    return sessionStorage.getItem(KEPT) ? subscription : null;
  };
})();
"""


def devices_of(server: LiveServer, user_id: int) -> list[PushDevice]:
    with server.app_state().db.session() as session:
        query = select(PushDevice).where(PushDevice.user_id == user_id)
        return list(session.scalars(query))


@pytest.mark.full_chromium  # the shell reads a granted notification permission as denied
def test_this_device_gets_notifications_and_stops(
    new_context: ContextFactory, server: LiveServer
) -> None:
    """The page asks for the permission, subscribes through the service worker's push
    manager and gives the server the subscription; a push the server then sends with
    the stored keys reaches the (stand-in) push service. "Stop on this device" drops it.
    The browser's push service is stood in for by the local one (see FAKE_PUSH_JS)."""
    key = vapid_keys(server.app_state().db).public_key
    with PushService() as service:
        made = service.subscribe(application_server_key=key)
        context = new_context(locale="en-GB", timezone_id=ZONE)
        context.grant_permissions(["notifications"])
        context.add_init_script(FAKE_PUSH_JS % json.dumps(made))
        page = context.new_page()
        me = page.request.post("/api/me").json()["id"]  # a player (looking makes none)
        page.goto("/preferences")
        state = page.get_by_test_id("device-state")
        expect(state).to_have_text("This device gets no notifications.")

        with page.expect_response("**/api/me/push-devices") as posted:
            page.get_by_role("button", name="Get notifications on this device").click()
        assert posted.value.status == 201, posted.value.text()
        expect(state).to_have_text("This device gets notifications.")
        stop = page.get_by_role("button", name="Stop on this device")
        expect(stop).to_be_focused()
        assert page.evaluate("window.pushKey") == key
        [device] = devices_of(server, me)
        assert (device.endpoint, device.p256dh, device.auth) == (
            made["endpoint"],
            made["keys"]["p256dh"],
            made["keys"]["auth"],
        )

        # The stored device works: the server's push reaches it, signed with its key.
        subscription = PushSubscription.from_browser(made, allow_http=True)
        payload = {"title": "Chromino", "body": "Your move", "url": "/", "tag": "t"}
        result = _push(subscription, payload, server)
        assert result.outcome is PushOutcome.DELIVERED
        [received] = service.wait_for(1)
        assert received.payload == payload

        # The next visit sees the browser's subscription (and tells the server again).
        with page.expect_response("**/api/me/push-devices") as posted:
            page.reload()
        assert posted.value.status == 201
        expect(state).to_have_text("This device gets notifications.")
        assert len(devices_of(server, me)) == 1

        with page.expect_response("**/api/me/push-devices") as deleted:
            page.get_by_role("button", name="Stop on this device").click()
        assert deleted.value.status == 204
        expect(state).to_have_text("This device gets no notifications.")
        expect(page.get_by_role("button", name="Get notifications on this device")).to_be_focused()
        assert page.evaluate("window.pushUnsubscribed") is True
        assert devices_of(server, me) == []
        assert service.refused == []


def _push(subscription: PushSubscription, payload: dict[str, Any], server: LiveServer) -> Any:
    """Send a push as the server does (in a thread of its own: Playwright's loop runs here)."""
    keys = vapid_keys(server.app_state().db)
    sending = send_push(subscription, payload, keys, "mailto:test@example.org")
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, sending).result(timeout=30)


def test_a_browser_without_push_is_told_so(new_context: ContextFactory) -> None:
    context = new_context(locale="en-GB", timezone_id=ZONE)
    context.add_init_script("delete window.PushManager;")
    page = context.new_page()
    page.goto("/preferences")
    expect(page.get_by_test_id("device-state")).to_have_text(
        "This browser cannot get notifications."
    )
    expect(page.get_by_role("button", name="Get notifications on this device")).to_be_hidden()


def test_the_email_address_is_confirmed_by_its_link_and_removed(
    new_context: ContextFactory, mail: MailCatcher
) -> None:
    page = person(new_context)
    state = page.get_by_test_id("email-state")
    expect(state).to_have_text("No address yet: nothing is sent to you by email.")
    before = len(mail.received)
    page.get_by_label("Email address", exact=True).fill("ana@example.org")
    page.get_by_role("button", name="Send the link").click()
    expect(page.get_by_test_id("email-saved")).to_have_text(
        "We sent a link to ana@example.org: follow it to confirm the address."
    )
    expect(state).to_have_text("Waiting for you to follow the link we sent to ana@example.org.")
    assert preferences(page)["email"] == "ana@example.org"

    received = mail.wait_for(before + 1)[-1]
    body = received.message.get_body(preferencelist=("plain",))
    assert body is not None
    link = re.search(r"https?://\S+/email/verify\?token=\S+", body.get_content())
    assert link, body.get_content()
    parts = urlsplit(link.group(0))
    other = page.context.new_page()
    other.goto(f"{parts.path}?{parts.query}")
    other.close()
    # back on the page: it asks the server again
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(state).to_have_text(
        "ana@example.org is confirmed: the daily email and the last reminders go to it."
    )
    assert preferences(page)["email_verified"] is True

    page.get_by_role("button", name="Remove this address").click()
    expect(state).to_have_text("No address yet: nothing is sent to you by email.")
    expect(page.get_by_label("Email address", exact=True)).to_be_focused()
    assert preferences(page)["email"] is None


def test_a_server_without_email_says_so(new_context: ContextFactory, server: LiveServer) -> None:
    host = server.settings.smtp_host
    server.settings.smtp_host = None
    try:
        page = person(new_context)
    finally:
        server.settings.smtp_host = host
    expect(page.get_by_test_id("no-email")).to_have_text("This server sends no email.")
    expect(page.get_by_label("Email address", exact=True)).to_have_count(0)
    expect(page.get_by_label("Hour of the daily email")).to_have_count(0)
    expect(page.locator("input[name=switched_off][value^='email:']")).to_have_count(0)
    expect(page.locator("input[name=switched_off]")).to_have_count(5)  # the push switches only


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_page_passes_axe_with_days_away_and_an_address(
    new_context: ContextFactory, size: str
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    page = person(new_context, viewport=viewport)
    today = today_in(ZONE)
    for first, days in ((today, 1), (today + timedelta(days=3), 2)):
        made = page.request.post(
            "/api/me/vacations", data={"starts": first.isoformat(), "days": days}
        )
        assert made.ok, made.text()
    page.reload()
    expect(page.get_by_test_id("away-item")).to_have_count(2)
    expect(page.get_by_test_id("device-state")).not_to_be_empty()
    page.get_by_label("Email address", exact=True).fill("ben@example.org")
    page.get_by_role("button", name="Send the link").click()
    expect(page.get_by_test_id("email-state")).to_contain_text("Waiting for you")
    # an error on show too
    page.get_by_label("Number of days").fill("9")
    page.get_by_role("button", name="Declare these days").click()
    expect(page.get_by_test_id("away-error")).to_be_visible()
    assert_accessible(page, f"the preferences ({size})")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the page is {width} px wide at {viewport['width']} px"
