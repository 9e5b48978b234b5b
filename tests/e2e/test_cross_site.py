"""A page of another origin on the same host (another port: the same *site*, so the
browser sends our ``SameSite=Lax`` cookie along) tries to act for a signed-in player:
a form post, a ``no-cors`` fetch and an image. None of it may change anything."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect
from support.browser.gameplay import ContextFactory
from support.live import LiveServer
from support.other_site import OtherSite

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
def attacker() -> Iterator[OtherSite]:
    """A web server on another port of 127.0.0.1 serving the attack page the test writes."""
    site = OtherSite()
    yield site
    site.close()


def test_a_sibling_origin_page_cannot_act_for_a_signed_in_player(
    new_context: ContextFactory, server: LiveServer, attacker: OtherSite
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

    origin = attacker.url
    attacker.html = ATTACK.format(target=server.url, code=code)
    victim.goto(f"{origin}/attack")
    # the script ran its fetches, then the form posted and the browser showed our answer
    victim.wait_for_url(f"{server.url}/api/tables/{code}/join")
    expect(victim.locator("body")).to_contain_text("cross_site_request")

    after = victim.request.get("/api/me").json()
    assert after == me
    seats = host.request.get(f"/api/tables/{code}").json()["seats"]
    assert me["id"] not in [seat["user_id"] for seat in seats]
    assert victim.request.get("/api/me/games").json() == games_before
