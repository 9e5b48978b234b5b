"""The site as an installable web app: its manifest, its service worker (static/sw.js),
which answers /static/ only and never a page or the API, the push notifications it
shows, and the tab's signal of games waiting for my move (static/js/turn-signal.js)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, Response, expect
from support.browser.gameplay import ContextFactory
from support.live import LiveServer
from support.services import require_full_chromium

ACTIVE_WORKER = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  while (worker.state !== "activated" && worker.state !== "redundant") {
    await new Promise((done) => worker.addEventListener("statechange", done, { once: true }));
  }
  const workers = navigator.serviceWorker;
  if (!workers.controller) {
    await new Promise((done) => workers.addEventListener("controllerchange", done, { once: true }));
  }
  return { scope: registration.scope, script: worker.scriptURL, state: worker.state };
}"""
"""Wait until the page's service worker is activated and controls the page."""

CACHED_URLS = """async () => {
  const listing = {};
  for (const name of await caches.keys()) {
    listing[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
  }
  return listing;
}"""

DECODED = """async (src) => {
  const image = new Image();
  image.src = src;
  await image.decode();
  return true;
}"""

NOTIFICATIONS = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const shown = await registration.getNotifications();
  return shown.map(({ title, body, tag, data, renotify }) => {
    return { title, body, tag, url: data.url, renotify };
  });
}"""


def _home_with_worker(new_context: ContextFactory) -> Page:
    page = new_context().new_page()
    page.goto("/")
    page.evaluate(ACTIVE_WORKER)
    return page


def test_the_manifest_is_served_with_its_fields_and_its_icons_load(
    new_context: ContextFactory, server: LiveServer
) -> None:
    page = new_context().new_page()
    page.goto("/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href == "/manifest.webmanifest"
    answer = page.request.get(href)
    assert answer.ok
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["name"] == "Chromino online"
    assert manifest["short_name"] == "Chromino"
    assert manifest["start_url"] == manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["background_color"] == "#f6f3ec"  # --paper in app.css
    assert manifest["theme_color"] == "#ffffff"  # --panel, the header's
    theme = page.locator('meta[name="theme-color"]').get_attribute("content")
    assert theme == manifest["theme_color"]
    assert manifest["icons"]
    for icon in manifest["icons"]:
        loaded = page.request.get(icon["src"])
        assert loaded.ok, icon
        assert loaded.headers["content-type"] == icon["type"]
        assert page.evaluate(DECODED, icon["src"]), icon


def test_the_service_worker_registers_and_becomes_active(
    new_context: ContextFactory, server: LiveServer
) -> None:
    page = new_context().new_page()
    page.goto("/")
    worker = page.evaluate(ACTIVE_WORKER)
    assert worker == {
        "scope": f"{server.url}/",
        "script": f"{server.url}/sw.js",
        "state": "activated",
    }


def test_chromium_finds_nothing_in_the_way_of_installing(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """Asked of Chromium itself (DevTools' Page.getInstallabilityErrors), in a profile of
    its own: a test's usual context is off the record, where Chromium installs nothing."""
    profile = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=require_full_chromium(),
        args=["--no-sandbox", "--disable-gpu", "--no-first-run"],
        base_url=server.url,
    )
    try:
        blocked: list[str] = []
        profile.on("console", lambda message: blocked.append(message.text))
        page = profile.new_page()
        page.goto("/")
        page.evaluate(ACTIVE_WORKER)
        devtools = profile.new_cdp_session(page)
        assert devtools.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        manifest = devtools.send("Page.getAppManifest")
        assert manifest["url"] == f"{server.url}/manifest.webmanifest"
        assert manifest["errors"] == []
        assert not [text for text in blocked if "Content Security Policy" in text]
    finally:
        profile.close()


def test_pages_and_the_api_never_come_from_the_workers_cache(
    new_context: ContextFactory, server: LiveServer
) -> None:
    page = _home_with_worker(new_context)
    responses: list[Response] = []

    def heard(response: Response) -> None:  # Playwright takes no bound builtin method
        responses.append(response)

    page.on("response", heard)
    navigation = page.reload()
    assert navigation is not None
    assert not navigation.from_service_worker
    page.evaluate(ACTIVE_WORKER)
    with page.expect_response(f"{server.url}/api/me") as api:
        assert page.evaluate("fetch('/api/me').then((response) => response.status)") == 200
    assert not api.value.from_service_worker
    static = f"{server.url}/static/"
    served = {response.url: response.from_service_worker for response in responses}
    assert served[f"{static}css/app.css"], "the worker answers the static files"
    assert all(url.startswith(static) for url, from_worker in served.items() if from_worker)
    caches = page.evaluate(CACHED_URLS)
    [name] = caches
    assert name.startswith("chromino-static-")
    assert f"{static}js/header.js" in caches[name]
    assert all(url.startswith(static) for url in caches[name]), caches


def test_a_push_message_shows_one_notification_per_game(
    new_context: ContextFactory, server: LiveServer
) -> None:
    context = new_context()
    context.grant_permissions(["notifications"])
    page = context.new_page()
    page.goto("/")
    page.evaluate(ACTIVE_WORKER)
    devtools = context.new_cdp_session(page)
    registrations: list[dict[str, str]] = []
    devtools.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    devtools.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while not registrations and time.monotonic() < deadline:
        page.wait_for_timeout(20)  # Playwright hands over DevTools' events while it waits
    [registration] = [r for r in registrations if r["scopeURL"] == f"{server.url}/"]
    for title, tag in (("Your turn", "game-a"), ("Still your turn", "game-a"), ("Hi", "game-b")):
        message = {"title": title, "body": "Anna played", "url": f"/g/{tag}", "tag": tag}
        devtools.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": server.url,
                "registrationId": registration["registrationId"],
                "data": json.dumps(message),
            },
        )
        # Each push is shown, with its game as its tag (the browser then keeps one
        # notification per game: a tag's next one replaces it, quietly), before the next
        # is sent. Headless Chromium may list the replaced one a moment longer, so the
        # test holds the worker to what it gives the browser, not the browser's list.
        page.wait_for_function(
            f"({NOTIFICATIONS})().then((shown) => shown.some((n) => n.title === {title!r}"
            f" && n.tag === {tag!r} && n.url === '/g/{tag}' && !n.renotify))"
        )


def test_show_waiting_marks_the_tab_and_then_restores_it(new_context: ContextFactory) -> None:
    page = new_context().new_page()
    assert page.request.post("/api/me").ok  # a person (a visitor's header hears nothing)
    page.goto("/rules")
    # The header's own first news of me (no game waits) has come: it sets the tab too.
    expect(page.get_by_test_id("waiting-badge")).to_have_attribute("data-count", "0")
    title = page.title()
    icon = page.locator('link[rel="icon"]')
    assert icon.get_attribute("href") == "/static/favicon.svg"
    page.evaluate(
        "import('/static/js/turn-signal.js').then((m) => { window.showWaiting = m.showWaiting; })"
    )

    page.evaluate("showWaiting(2)")
    assert page.title() == f"(2) {title}"
    assert icon.get_attribute("href") == "/static/favicon-turn.svg"
    assert page.evaluate(DECODED, "/static/favicon-turn.svg")
    page.evaluate("showWaiting(3)")
    assert page.title() == f"(3) {title}"

    page.evaluate("showWaiting(0)")
    assert page.title() == title
    assert icon.get_attribute("href") == "/static/favicon.svg"
