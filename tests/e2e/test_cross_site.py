"""A page of another origin on the same host (another port: the same *site*, so the
browser sends our ``SameSite=Lax`` cookie along) tries to act for a signed-in player:
a form post, a ``no-cors`` fetch and an image. None of it may change anything."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect
from support.browser.gameplay import ContextFactory
from support.live import LiveServer, free_port

ATTACK = """<!doctype html>
<title>free tiles</title>
<form id="join" method="post" action="{target}/api/tables/{code}/join"></form>
<img src="{target}/api/solo" alt="">
<p id="done">working</p>
<script>
  (async () => {{
    const calls = [
      fetch("{target}/api/solo", {{method: "POST", mode: "no-cors", credentials: "include"}}),
      fetch("{target}/api/tables/{code}/join",
            {{method: "POST", mode: "no-cors", credentials: "include"}}),
      fetch("{target}/api/me/name", {{method: "PUT", mode: "no-cors", credentials: "include",
            headers: {{"Content-Type": "text/plain"}}, body: '{{"name": "Pwned"}}'}}),
    ];
    await Promise.allSettled(calls);
    document.getElementById("done").textContent = "fetched";
    document.getElementById("join").submit();
  }})();
</script>
"""


@pytest.fixture
def attacker(server: LiveServer) -> Iterator[tuple[str, dict[str, str]]]:
    """A web server on another port of 127.0.0.1 serving the attack page; the test
    fills in ``page["html"]``."""
    page: dict[str, str] = {"html": ""}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = page["html"].encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_: object) -> None:
            pass

    port = free_port()
    httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}", page
    httpd.shutdown()
    httpd.server_close()


def test_a_sibling_origin_page_cannot_act_for_a_signed_in_player(
    new_context: ContextFactory, server: LiveServer, attacker: tuple[str, dict[str, str]]
) -> None:
    host = new_context().new_page()
    host.goto("/")
    created = host.request.post("/api/tables", data={"seats": [{"kind": "human"}] * 2})
    assert created.ok
    code = created.json()["invite_code"]

    victim_context = new_context()
    victim = victim_context.new_page()
    victim.goto("/")
    me = victim.request.post("/api/me").json()  # a player: the attack acts for an account
    games_before = victim.request.get("/api/me/games").json()

    origin, page = attacker
    page["html"] = ATTACK.format(target=server.url, code=code)
    victim.goto(f"{origin}/attack")
    # the script ran its fetches, then the form posted and the browser showed our answer
    victim.wait_for_url(f"{server.url}/api/tables/{code}/join")
    expect(victim.locator("body")).to_contain_text("cross_site_request")

    after = victim.request.get("/api/me").json()
    assert after == me
    seats = host.request.get(f"/api/tables/{code}").json()["seats"]
    assert me["id"] not in [seat["user_id"] for seat in seats]
    assert victim.request.get("/api/me/games").json() == games_before
