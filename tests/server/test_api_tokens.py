"""API tokens through a real server: made, shown once, listed, revoked, and held to their
scopes on every route; bot accounts, which alone may play."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from sqlalchemy import delete, select
from support.bots import bearer, made_bot, made_token, registered
from support.fixtures import LiveServers
from support.live import LiveServer, game_socket_url
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from web.models import ApiToken
from web.people import BOT_PLAY, ROUTE_SCOPES

pytestmark = pytest.mark.usefixtures("quick_hasher")


@pytest.fixture(scope="module")
def live(serve: LiveServers) -> LiveServer:
    return serve(own_origin=True)


def refused(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, (response.request.url, response.text)
    detail: dict[str, Any] = response.json()["detail"]
    assert detail["code"] == code and detail["message"], detail
    return detail


def test_a_token_is_shown_once_kept_as_a_hash_listed_and_revoked(live: LiveServer) -> None:
    ana = registered(live.url, "Ana")
    made = made_token(ana, "my scores", ["read:games", "read:ratings"])
    secret = made["token"]
    listed = ana.get("/api/me/tokens").json()
    assert listed == [
        {
            "id": made["id"],
            "name": "my scores",
            "scopes": ["read:games", "read:ratings"],
            "created_at": made["created_at"],
            "last_used_at": None,
        }
    ]
    with live.app_state().db.session() as session:
        stored = session.scalar(select(ApiToken).where(ApiToken.id == made["id"]))
        assert stored is not None and secret not in stored.token_hash
    program = bearer(live.url, secret)
    me = program.get("/api/me")
    assert me.status_code == 200 and me.json()["name"] == "Ana" and not me.json()["bot"]
    assert "set-cookie" not in me.headers  # a program gets no session
    assert ana.get("/api/me/tokens").json()[0]["last_used_at"] is not None
    assert program.get("/api/me/games").json() == []  # read:games: my games
    records = program.get("/api/me/records")  # and my records, all at once
    assert records.status_code == 200 and records.headers["content-type"] == "application/zip"
    assert program.get("/api/leaderboard").status_code == 200  # read:ratings
    assert ana.delete(f"/api/me/tokens/{made['id']}").status_code == 204
    refused(program.get("/api/me"), 401, "bad_token")
    refused(ana.delete(f"/api/me/tokens/{made['id']}"), 404, "no_such_token")
    assert ana.get("/api/me/tokens").json() == []


def test_bad_token_bodies_and_guests_are_refused(live: LiveServer) -> None:
    ana = registered(live.url, "Anabel")
    for body in ({"name": "", "scopes": ["read:games"]}, {"name": "x", "scopes": []}):
        assert ana.post("/api/me/tokens", json=body).status_code == 422
    assert ana.post("/api/me/tokens", json={"name": "x", "scopes": ["admin"]}).status_code == 422
    refused(ana.post("/api/me/tokens", json={"name": "x", "scopes": [BOT_PLAY]}), 422, "bot_scope")
    guest = httpx.Client(base_url=live.url, headers={"Origin": live.url})
    body = {"name": "x", "scopes": ["read:games"]}
    refused(guest.post("/api/me/tokens", json=body), 403, "registered_only")
    assert ana.get("/api/me/tokens").json() == []


def _api_routes(live: LiveServer) -> list[tuple[str, str]]:
    """Every route the API describes, as (method, path with its parameters filled)."""
    schema = httpx.get(f"{live.url}/api/openapi.json").json()
    return [
        (method.upper(), path)
        for path, item in schema["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    ]


def _filled(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "abcdefgh12", path)


def test_every_route_refuses_a_revoked_token_and_a_token_without_its_scope(
    live: LiveServer,
) -> None:
    ana = registered(live.url, "Ariadne")
    revoked = made_token(ana, "old", ["read:games", "read:ratings"])
    ana.delete(f"/api/me/tokens/{revoked['id']}")
    readers = made_token(ana, "reader", ["read:games", "read:ratings"])["token"]
    ana.post("/api/bots", json={"name": "Narrow"})
    narrow = ana.post("/api/bots/Narrow/tokens", json={"name": "n"}).json()["token"]
    routes = _api_routes(live)
    assert len(routes) > 100
    for method, path in routes:
        url = _filled(path)
        body: dict[str, Any] | None = None if method in ("GET", "DELETE") else {}
        old = httpx.request(
            method,
            live.url + url,
            json=body,
            headers={"Authorization": f"Bearer {revoked['token']}"},
        )
        refused(old, 401, "bad_token")
        needed = ROUTE_SCOPES.get((method, path))
        if needed == "any":
            continue  # any good token may ask who it is
        lacking = readers if needed == BOT_PLAY else narrow
        wrong = httpx.request(
            method, live.url + url, json=body, headers={"Authorization": f"Bearer {lacking}"}
        )
        detail = refused(wrong, 403, "token_scope")
        assert detail["scope"] == needed, (method, path)
    assert ana.get("/api/me/tokens").json()[0]["name"] == "reader"  # nothing changed


def test_a_token_never_reaches_the_pages_or_account_changes(live: LiveServer) -> None:
    ana = registered(live.url, "Aurora")
    secret = made_token(ana, "all", ["read:games", "read:ratings"])["token"]
    program = bearer(live.url, secret)
    for path in ("/admin", "/preferences", "/"):
        refused(program.get(path), 403, "token_scope")
    refused(program.put("/api/me/password", json={"password": "x" * 20}), 403, "token_scope")
    # the person's cookie beside the token is dropped: the route stays closed to it
    cookie = "; ".join(f"{name}={value}" for name, value in ana.cookies.items())
    both = program.post(
        "/api/me/tokens", json={"name": "y", "scopes": ["read:games"]}, headers={"Cookie": cookie}
    )
    refused(both, 403, "token_scope")
    assert len(ana.get("/api/me/tokens").json()) == 1


def test_a_persons_token_cannot_play(live: LiveServer) -> None:
    ana = registered(live.url, "Amelia")
    secret = made_token(ana, "all", ["read:games", "read:ratings"])["token"]
    bea = registered(live.url, "Beatrix")
    table = bea.post("/api/tables", json={"seats": [{"kind": "human"}, {"kind": "human"}]})
    code = table.json()["invite_code"]
    program = bearer(live.url, secret)
    refused(program.post(f"/api/tables/{code}/join"), 403, "token_scope")
    solo = bea.post(
        "/api/tables", json={"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}
    )
    game_id = bea.post(f"/api/tables/{solo.json()['invite_code']}/start").json()["game_id"]
    with pytest.raises(InvalidStatus) as refusal:
        connect(
            game_socket_url(live.url, game_id),
            additional_headers={"Authorization": f"Bearer {secret}"},
            open_timeout=10,
        )
    assert refusal.value.response.status_code == 403
    assert bea.get(f"/api/tables/{code}").json()["seats"][1]["user_id"] is None


def test_a_bot_account_is_a_bot_everywhere_and_never_signs_in(live: LiveServer) -> None:
    owner = registered(live.url, "Owen")
    secret = made_bot(owner, "Robo")
    listed = owner.get("/api/bots").json()
    assert [(bot["name"], bot["bot"], bot["tokens"]) for bot in listed] == [("Robo", True, 1)]
    robo = bearer(live.url, secret)
    me = robo.get("/api/me").json()
    assert me["bot"] is True
    profile = owner.get(f"/api/players/{me['id']}/profile").json()
    assert (profile["bot"], profile["guest"]) == (True, False)
    assert 'data-testid="bot-badge"' in owner.get(f"/players/{me['id']}").text
    login = httpx.post(
        f"{live.url}/api/login", json={"name": "Robo", "password": "anything at all"}
    )
    assert login.status_code in (401, 403) and "set-cookie" not in login.headers
    refused(owner.post("/api/bots", json={"name": "robo"}), 409, "name_taken")
    refused(owner.post("/api/bots/Nobody/tokens", json={"name": "t"}), 404, "no_such_bot")
    stranger = registered(live.url, "Stranger")
    refused(stranger.post("/api/bots/Robo/tokens", json={"name": "t"}), 404, "no_such_bot")
    refused(stranger.delete("/api/bots/Robo/tokens"), 404, "no_such_bot")
    guest = httpx.Client(base_url=live.url, headers={"Origin": live.url})
    refused(guest.post("/api/bots", json={"name": "Guesty"}), 403, "registered_only")
    refused(robo.post("/api/bots", json={"name": "Child"}), 403, "token_scope")
    table = robo.post(
        "/api/tables", json={"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}
    )
    assert table.status_code == 201, table.text
    assert table.json()["seats"][0]["bot_account"] is True
    assert owner.delete("/api/bots/Robo/tokens").status_code == 204
    refused(robo.get("/api/me"), 401, "bad_token")
    assert owner.get("/api/bots").json()[0]["tokens"] == 0


def test_a_rated_table_with_people_takes_a_bot_only_when_it_allows_bots(live: LiveServer) -> None:
    person = registered(live.url, "Petra")
    owner = registered(live.url, "Olga")
    robo = bearer(live.url, made_bot(owner, "Clank"))
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    closed = person.post("/api/tables", json={"seats": seats, "rated": True}).json()
    refused(robo.post(f"/api/tables/{closed['invite_code']}/join"), 403, "bots_not_allowed")
    open_ = person.post(
        "/api/tables", json={"seats": seats, "rated": True, "bots_allowed": True}
    ).json()
    joined = robo.post(f"/api/tables/{open_['invite_code']}/join")
    assert joined.status_code == 200 and joined.json()["bots_allowed"] is True
    casual = person.post("/api/tables", json={"seats": seats, "rated": False}).json()
    assert robo.post(f"/api/tables/{casual['invite_code']}/join").status_code == 200
    bots_own = robo.post("/api/tables", json={"seats": seats, "rated": True}).json()
    refused(person.post(f"/api/tables/{bots_own['invite_code']}/join"), 403, "bots_not_allowed")


def test_bot_accounts_can_be_switched_off(serve: LiveServers) -> None:
    live = serve(bot_accounts=False)
    owner = registered(live.url, "Otto")
    refused(owner.post("/api/bots", json={"name": "Nope"}), 403, "bot_accounts_off")
    assert owner.get("/api/bots").json() == []


def test_a_bot_over_its_rate_is_told_to_wait(serve: LiveServers) -> None:
    live = serve(bot_requests_per_minute=3)
    robo = bearer(live.url, made_bot(registered(live.url, "Oscar"), "Speedy"))
    for _ in range(3):
        assert robo.get("/api/tables").status_code == 200
    detail = refused(robo.get("/api/tables"), 429, "too_many_requests")
    assert detail["retry_after"] >= 1


def test_a_good_token_needs_no_origin_and_a_bad_one_gets_nowhere(live: LiveServer) -> None:
    owner = registered(live.url, "Orla")
    secret = made_bot(owner, "Wanderer")
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    foreign = {"Origin": "http://elsewhere.example"}
    made = bearer(live.url, secret).post("/api/tables", json={"seats": seats}, headers=foreign)
    assert made.status_code == 201, made.text
    wrong = httpx.post(
        f"{live.url}/api/tables",
        json={"seats": seats},
        headers={**foreign, "Authorization": "Bearer " + "x" * 43},
    )
    refused(wrong, 401, "bad_token")
    assert wrong.headers["www-authenticate"].startswith("Bearer")
    cookie_only = owner.post("/api/tables", json={"seats": seats}, headers=foreign)
    refused(cookie_only, 403, "cross_site_request")  # a browser's session still needs its origin


def test_a_revoked_token_opens_no_game_socket(live: LiveServer) -> None:
    owner = registered(live.url, "Ottilie")
    owner.post("/api/bots", json={"name": "Ghost"})
    made = owner.post("/api/bots/Ghost/tokens", json={"name": "g"}).json()
    robo = bearer(live.url, made["token"])
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    code = robo.post("/api/tables", json={"seats": seats}).json()["invite_code"]
    game_id = robo.post(f"/api/tables/{code}/start").json()["game_id"]
    with live.app_state().db.session() as session:
        session.execute(delete(ApiToken).where(ApiToken.id == made["id"]))
        session.commit()
    with pytest.raises(InvalidStatus) as refusal:
        connect(
            game_socket_url(live.url, game_id),
            additional_headers={"Authorization": f"Bearer {made['token']}"},
            open_timeout=10,
        )
    assert refusal.value.response.status_code == 401
