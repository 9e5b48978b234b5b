"""My data: the export holds my account and my games and nothing of anyone else's hidden
tiles; deleting my account asks for my name (and my password) and keeps the games:
finished ones replay for the others with my seat "a former player", running ones go on
as if I had left them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from support.fixtures import LiveServers
from support.live import LiveServer, Player, make_settings
from support.wsgames import chromino_tile_names
from support.wsplay import start_game

from web.db import Database, utcnow
from web.models import Friend, Game, Passkey, Preference, User, UserSession
from web.people.names import FORMER_PLAYER

PASSWORD = "a-long-enough-password"


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(coach=False)


@pytest.fixture(scope="module")
def pg_server(pg_url: str) -> Iterator[LiveServer]:
    live = LiveServer(make_settings(pg_url, coach=False)).start()
    yield live
    live.stop()


def person(server: LiveServer, name: str, *, password: bool = True) -> Player:
    player = Player(server.url)
    assert player.http.put("/api/me/name", json={"name": name}).status_code == 200
    if password:
        assert player.http.put("/api/me/password", json={"password": PASSWORD}).status_code == 200
    player.me = player.http.get("/api/me").json()
    return player


def tiles_in(value: Any) -> set[str]:
    """Every Chromino tile a JSON value names (either way round), wherever it stands."""
    if isinstance(value, dict):
        return set().union(*(tiles_in(k) | tiles_in(v) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(tiles_in(item) for item in value))
    if isinstance(value, str):
        return chromino_tile_names(value, True)
    return set()


def resign(player: Player, game_id: str) -> None:
    with player.connect(game_id) as sock:
        version = sock.recv_until("welcome")["version"]
        sock.send({"type": "resign", "id": "leave-1", "version": version})
        while True:
            reply = sock.recv()
            if reply.get("id") == "leave-1":
                assert reply["type"] == "ack", reply
                return


def test_the_export_holds_my_data_and_no_hidden_tile_of_anyone_else(
    server: LiveServer, database: Database
) -> None:
    ana, bea = person(server, "Anastasia"), person(server, "Beatrix")
    assert ana.http.post("/api/friends", json={"user": bea.me["id"]}).status_code in (200, 201)
    game_id, _ = start_game([ana, bea], ["human", "human"])

    exported = ana.http.get("/api/me/export")
    assert exported.status_code == 200
    disposition = exported.headers["content-disposition"]
    assert disposition.startswith('attachment; filename="chromino-Anastasia-')
    assert disposition.endswith('.json"')
    data = exported.json()
    assert data["profile"]["name"] == "Anastasia" and data["profile"]["has_password"] is True
    assert data["preferences"]["palette"] == "classic"
    assert data["friends"]["requests_sent"][0]["name"] == "Beatrix"
    assert len(data["sessions"]) == 1 and "id" not in data["sessions"][0]
    [game] = data["games"]
    assert game["id"] == game_id and game["status"] == "playing" and game["seat"] == 0
    assert "record" not in game and "setup" not in json.dumps(game)

    with database.session() as session:
        stored = session.get(Game, game_id)
        assert stored is not None
        hidden = set(stored.setup["hands"][1]) | set(stored.setup["bag"])
    mine = tiles_in(ana.http.get(f"/api/games/{game_id}").json()["state"])
    others = tiles_in(sorted(hidden)) - mine
    assert len(others) > 10  # Bea's hand and the bag hold tiles Ana may not see
    assert tiles_in(data) <= mine
    assert not tiles_in(data) & others


def test_deleting_asks_for_my_name_and_password_and_changes_nothing_when_refused(
    server: LiveServer,
) -> None:
    cleo = person(server, "Cleopatra")
    for body, status, code in (
        ({"confirm": "Cleo", "password": PASSWORD}, 422, "confirm_mismatch"),
        ({"confirm": "Cleopatra"}, 403, "wrong_password"),
        ({"confirm": "Cleopatra", "password": "not-my-password"}, 403, "wrong_password"),
    ):
        refused = cleo.http.request("DELETE", "/api/me", json=body)
        assert refused.status_code == status, refused.text
        assert refused.json()["detail"]["code"] == code
        assert refused.json()["detail"]["message"]
    malformed: list[dict[str, Any]] = [{}, {"confirm": "Cleopatra", "extra": True}, {"confirm": 5}]
    for bad in malformed:
        assert cleo.http.request("DELETE", "/api/me", json=bad).status_code == 422
    cross_site = cleo.http.request(
        "DELETE",
        "/api/me",
        json={"confirm": "Cleopatra", "password": PASSWORD},
        headers={"Origin": "https://evil.example"},
    )
    assert cross_site.status_code == 403
    assert cleo.http.get("/api/me").json()["name"] == "Cleopatra"


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_deleting_keeps_the_games_with_my_seat_a_former_player(
    kind: str, request: pytest.FixtureRequest
) -> None:
    server: LiveServer = request.getfixturevalue("server" if kind == "sqlite" else "pg_server")
    database = Database(server.settings.database_url)
    request.addfinalizer(database.dispose)
    dora, emil = person(server, f"Dorothy {kind}"), person(server, f"Emilio {kind}")
    assert dora.http.post("/api/friends", json={"user": emil.me["id"]}).status_code in (200, 201)
    finished, _ = start_game([dora, emil], ["human", "human"])
    resign(dora, finished)
    running, _ = start_game([emil, dora], ["human", "human"])
    dora_id = dora.me["id"]

    gone = dora.http.request(
        "DELETE", "/api/me", json={"confirm": f"Dorothy {kind}", "password": PASSWORD}
    )
    assert gone.status_code == 204, gone.text
    assert dora.http.get("/api/me").json().get("id") != dora_id
    signed_in = httpx.post(
        f"{server.url}/api/login", json={"name": f"Dorothy {kind}", "password": PASSWORD}
    )
    assert signed_in.status_code == 401

    replay = emil.http.get(f"/api/games/{finished}/replay")
    assert replay.status_code == 200
    assert replay.json()["players"] == [FORMER_PLAYER, f"Emilio {kind}"]
    record = emil.http.get(f"/api/games/{finished}/record").json()
    assert record["players"] == [FORMER_PLAYER, f"Emilio {kind}"]
    with httpx.Client(base_url=server.url) as anyone:
        assert anyone.get(f"/api/games/{finished}/replay").status_code == 200
        page = anyone.get(f"/g/{finished}/replay")
        assert page.status_code == 200

    left = emil.http.get(f"/api/games/{running}").json()
    assert left["game"]["status"] == "finished"  # Dora left it: Emil alone remains
    assert left["game"]["players"] == [f"Emilio {kind}", FORMER_PLAYER]
    assert left["state"]["resigned"] == [1]

    with database.session() as session:
        assert session.get(User, dora_id) is None
        assert session.get(Preference, dora_id) is None
        assert session.query(UserSession).filter_by(user_id=dora_id).count() == 0
        assert session.query(Friend).filter(Friend.friend_id == dora_id).count() == 0
        assert "Dorothy" not in json.dumps(session.get(Game, finished).seats)  # type: ignore[union-attr]


def test_a_guest_deletes_with_their_name_alone(server: LiveServer) -> None:
    guest = Player(server.url)
    me = guest.http.patch("/api/me/preferences", json={"sound": False})
    assert me.status_code == 200
    name = guest.http.get("/api/me").json()["name"]
    gone = guest.http.request("DELETE", "/api/me", json={"confirm": name})
    assert gone.status_code == 204, gone.text
    assert guest.http.get("/api/me").json()["name"] != name


def test_an_account_with_passkeys_only_deletes_after_a_recent_sign_in(
    server: LiveServer, database: Database
) -> None:
    hugo = person(server, "Hugolin", password=False)
    with database.session() as session:
        session.add(
            Passkey(user_id=hugo.me["id"], credential_id="cred-hugo", public_key=b"k", name="Key")
        )
        for row in session.query(UserSession).filter_by(user_id=hugo.me["id"]):
            row.signed_in_at = utcnow() - timedelta(minutes=20)
    stale = hugo.http.request("DELETE", "/api/me", json={"confirm": "Hugolin"})
    assert stale.status_code == 403
    assert stale.json()["detail"]["code"] == "reauthenticate"
    with database.session() as session:
        for row in session.query(UserSession).filter_by(user_id=hugo.me["id"]):
            row.signed_in_at = utcnow()
    gone = hugo.http.request("DELETE", "/api/me", json={"confirm": "Hugolin"})
    assert gone.status_code == 204, gone.text
    with database.session() as session:
        assert session.query(Passkey).filter_by(credential_id="cred-hugo").count() == 0
