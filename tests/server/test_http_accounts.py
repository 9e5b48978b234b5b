"""HTTP accounts: guests, names, passwords, signing in and out, preferences, health."""

from __future__ import annotations

import json
import time
from base64 import b64decode, b64encode
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import itsdangerous
import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session
from support.api import BASE_URL, at_once, device, expect, names_field
from support.live import TEST_SECRET, LiveServer, Player

from web.db import Database
from web.models import Preference, User, UserSession
from web.people import accounts
from web.people.names import skeleton

STORED_PREFERENCES = {
    "assistance": "beginner",
    "palette": "classic",
    "symbols": False,
    "reversed_arrows": False,
    "sound": True,
    "language": "auto",  # the browser's, until chosen
    "show_online": True,  # friends see when I am online (web.friends)
    "hide_rating": False,  # others see my ratings (web.ratings.read)
}
"""The preferences stored as they are shown (the others are shown in their own shape)."""
DEFAULT_PREFERENCES = {
    **STORED_PREFERENCES,
    "time_zone": None,  # the browser's, sent by the page on the first visit
    "quiet": {"start": 22 * 60, "end": 8 * 60},
    "digest_hour": 18,
    "switched_off": {"push": [], "email": []},
    "email": None,
    "email_verified": False,
}
PASSWORD = "correct horse battery"
SERVER_HASHER = accounts._hasher


# --- fixtures ----------------------------------------------------------------------


@pytest.fixture(autouse=True)
def quick_hasher(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2 with small costs, so sign-in tests are quick (one test checks the real one)."""
    monkeypatch.setattr(
        accounts, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )


# --- helpers -------------------------------------------------------------------


def stored_user(db: Database, user_id: int) -> User:
    with db.sessions() as session:
        user = session.get(User, user_id)
        assert user is not None
        session.expunge(user)
        return user


def stored_preference(db: Database, user_id: int) -> dict[str, Any]:
    with db.sessions() as session:
        row = session.get(Preference, user_id)
        assert row is not None
        stored = {field: getattr(row, field) for field in STORED_PREFERENCES}
        stored["language"] = stored["language"] or "auto"  # stored as null: the browser's
        return stored


def register(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    expect(client.put("/api/me/name", json={"name": name}), 200)
    return expect(client.put("/api/me/password", json={"password": password}), 200)


# --- guests and the session cookie -------------------------------------------------


def test_first_visit_shows_a_visitor_remembered_by_a_signed_cookie(
    client: TestClient, db: Database
) -> None:
    response = client.get("/api/me")
    me = expect(response, 200)
    assert set(me) == {
        "id",
        "visitor",
        "name",
        "name_chosen",
        "registered",
        "bot",
        "preferences",
    }
    assert me["id"] is None and me["visitor"] is True  # only looking: no account yet
    assert me["name_chosen"] is False  # drawn for them: the page offers to change it
    assert me["name"].startswith("Guest ")
    assert me["registered"] is False
    assert me["preferences"] == DEFAULT_PREFERENCES

    set_cookie = response.headers["set-cookie"].lower()
    assert set_cookie.startswith("chromino_session=")
    assert "httponly" in set_cookie
    assert "samesite=lax" in set_cookie
    assert f"max-age={30 * 24 * 3600}" in set_cookie  # renewed by every visit
    # the cookie keeps the name shown and the browser's random key, nothing else
    content = cookie_content(client)
    assert content == {"visitor_name": me["name"], "visitor_key": content["visitor_key"]}
    assert len(content["visitor_key"]) >= 32
    assert expect(client.get("/api/me"), 200) == me
    with db.sessions() as session:
        assert session.scalar(select(func.count()).select_from(User)) == 0


def test_the_first_action_makes_a_guest_with_the_name_shown(
    client: TestClient, db: Database
) -> None:
    shown = expect(client.get("/api/me"), 200)
    response = client.patch("/api/me/preferences", json={"sound": False})
    expect(response, 200)
    me = expect(client.get("/api/me"), 200)
    assert me["visitor"] is False and me["id"] is not None
    assert me["name"] == shown["name"]  # the name does not change under them
    assert me["preferences"]["sound"] is False

    # the cookie names a session kept on the server (and the name, should the action fail)
    content = cookie_content(client)
    assert set(content) == {"sid", "visitor_name", "visitor_key"}
    with db.sessions() as session:
        row = session.get(UserSession, content["sid"])
        assert row is not None and row.user_id == me["id"]
        assert session.scalar(select(func.count()).select_from(User)) == 1
    stored = stored_user(db, me["id"])
    assert (stored.name, stored.name_key) == (me["name"], skeleton(me["name"]))
    assert stored.password_hash is None
    assert stored_preference(db, me["id"]) == {**STORED_PREFERENCES, "sound": False}


def test_asking_for_an_account_makes_one_once(client: TestClient, db: Database) -> None:
    made = expect(client.post("/api/me"), 200)
    assert made["visitor"] is False
    assert expect(client.post("/api/me"), 200) == made
    assert expect(client.get("/api/me"), 200) == made
    with db.sessions() as session:
        assert session.scalar(select(func.count()).select_from(User)) == 1


def cookie_content(client: TestClient) -> dict[str, Any]:
    """What the signed session cookie holds."""
    cookie = client.cookies["chromino_session"]
    payload = itsdangerous.TimestampSigner(TEST_SECRET).unsign(cookie.encode())
    content: dict[str, Any] = json.loads(b64decode(payload))
    return content


def test_each_new_visitor_is_a_different_guest(client: TestClient, db: Database) -> None:
    first = expect(client.post("/api/me"), 200)
    second = expect(device(client).post("/api/me"), 200)
    assert first["id"] != second["id"]
    assert first["name"] != second["name"]
    with db.sessions() as session:
        assert session.scalar(select(func.count()).select_from(User)) == 2


def test_a_forged_cookie_is_not_believed(client: TestClient) -> None:
    expect(client.post("/api/me"), 200)
    forger = device(client)
    victim_cookie = itsdangerous.TimestampSigner(TEST_SECRET).unsign(
        client.cookies["chromino_session"].encode()
    )
    signed = itsdangerous.TimestampSigner("not-the-server-secret").sign(victim_cookie)
    forger.cookies.set("chromino_session", signed.decode())
    me = expect(forger.get("/api/me"), 200)
    assert me["id"] is None and me["visitor"] is True
    assert me["name"].startswith("Guest ")


def test_a_session_that_does_not_exist_starts_a_new_guest(client: TestClient) -> None:
    ghost = device(client)
    signed = itsdangerous.TimestampSigner(TEST_SECRET).sign(
        b64encode(json.dumps({"sid": "no-such-session", "user_id": 987654}).encode())
    )
    ghost.cookies.set("chromino_session", signed.decode())
    assert expect(ghost.get("/api/me"), 200)["visitor"] is True
    me = expect(ghost.post("/api/me"), 200)
    assert me["id"] != 987654
    assert expect(ghost.get("/api/me"), 200)["id"] == me["id"]


# --- names ------------------------------------------------------------------------------


def test_choosing_a_name(client: TestClient, db: Database) -> None:
    me = expect(client.post("/api/me"), 200)
    renamed = expect(client.put("/api/me/name", json={"name": "  Ana Lúcia  "}), 200)
    assert renamed == {**me, "name": "Ana Lúcia", "name_chosen": True}
    assert expect(client.get("/api/me"), 200)["name"] == "Ana Lúcia"
    stored = stored_user(db, me["id"])
    assert (stored.name, stored.name_key) == ("Ana Lúcia", "analucia")


def test_names_are_unique_regardless_of_case(client: TestClient, db: Database) -> None:
    expect(client.put("/api/me/name", json={"name": "Ana"}), 200)
    other = device(client)
    before = expect(other.post("/api/me"), 200)

    body = expect(other.put("/api/me/name", json={"name": "aNA"}), 409)
    assert body["detail"]["code"] == "name_taken"
    assert "aNA" in body["detail"]["message"]
    assert "taken" in body["detail"]["message"]
    assert expect(other.get("/api/me"), 200)["name"] == before["name"]
    assert stored_user(db, before["id"]).name == before["name"]

    # A guest's generated name cannot be taken either: no chosen name has a guest's form.
    body = expect(client.put("/api/me/name", json={"name": before["name"].upper()}), 422)
    assert body["detail"]["code"] == "name_of_a_guest"


def test_renaming_to_my_own_name_in_another_case_is_fine(client: TestClient) -> None:
    expect(client.put("/api/me/name", json={"name": "ana"}), 200)
    assert expect(client.put("/api/me/name", json={"name": "ANA"}), 200)["name"] == "ANA"


def test_a_name_freed_by_a_rename_can_be_taken(client: TestClient) -> None:
    expect(client.put("/api/me/name", json={"name": "Ana"}), 200)
    expect(client.put("/api/me/name", json={"name": "Ana Maria"}), 200)
    other = device(client)
    assert expect(other.put("/api/me/name", json={"name": "ana"}), 200)["name"] == "ana"


@pytest.mark.parametrize(
    "body",
    [
        {"name": ""},
        {"name": "    "},
        {"name": "x" * 25},
        {"name": "<script>"},
        {"name": 'say "hi"'},
        {"name": "a&b"},
        {"name": "a\x00b"},
        {"name": "two\nlines"},
        {"name": "bell\x07"},
        {"name": 42},
        {"name": None},
        {},
    ],
    ids=[
        "empty",
        "blank",
        "too-long",
        "angle",
        "quote",
        "ampersand",
        "nul",
        "newline",
        "control",
        "int",
        "null",
        "missing",
    ],
)
def test_bad_names_are_refused_naming_the_field(refusing_client: TestClient, body: Any) -> None:
    before = expect(refusing_client.post("/api/me"), 200)
    refused = expect(refusing_client.put("/api/me/name", json=body), 422)
    assert names_field(refused, "name")
    assert expect(refusing_client.get("/api/me"), 200)["name"] == before["name"]


def test_a_name_of_the_longest_allowed_length_is_accepted(client: TestClient) -> None:
    assert expect(client.put("/api/me/name", json={"name": "n" * 24}), 200)["name"] == "n" * 24


# --- passwords and signing in -----------------------------------------------------------


def test_a_password_is_stored_as_an_argon2_hash(
    client: TestClient, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(accounts, "_hasher", SERVER_HASHER)
    me = register(client, "Ana")
    assert me["registered"] is True
    assert expect(client.get("/api/me"), 200)["registered"] is True
    stored = stored_user(db, me["id"])
    assert stored.password_hash is not None
    assert stored.password_hash.startswith("$argon2id$")
    assert PASSWORD not in stored.password_hash
    assert PasswordHasher().verify(stored.password_hash, PASSWORD)
    assert not PasswordHasher().check_needs_rehash(stored.password_hash)  # today's parameters
    phone = device(client)
    expect(phone.post("/api/login", json={"name": "Ana", "password": PASSWORD}), 200)


@pytest.mark.parametrize(
    "body",
    [{"password": "short"}, {"password": "x" * 201}, {"password": 12345678}, {}],
    ids=["too-short", "too-long", "int", "missing"],
)
def test_bad_passwords_are_refused_naming_the_field(
    refusing_client: TestClient, refusing_db: Database, body: Any
) -> None:
    me = expect(refusing_client.post("/api/me"), 200)
    assert names_field(expect(refusing_client.put("/api/me/password", json=body), 422), "password")
    assert stored_user(refusing_db, me["id"]).password_hash is None


def test_signing_in_from_another_device(client: TestClient) -> None:
    ana = register(client, "Ana")
    phone = device(client)
    guest = expect(phone.get("/api/me"), 200)
    assert guest["id"] != ana["id"]

    signed_in = expect(phone.post("/api/login", json={"name": "ANA", "password": PASSWORD}), 200)
    assert signed_in == ana
    assert "chromino_session" in phone.cookies
    assert expect(phone.get("/api/me"), 200)["id"] == ana["id"]
    # The first device is still signed in too.
    assert expect(client.get("/api/me"), 200)["id"] == ana["id"]


def test_changing_the_password_replaces_the_old_one(client: TestClient) -> None:
    register(client, "Ana")
    expect(client.put("/api/me/password", json={"password": "another password"}), 200)
    phone = device(client)
    body = expect(phone.post("/api/login", json={"name": "Ana", "password": PASSWORD}), 401)
    assert body["detail"]["code"] == "bad_credentials"
    expect(phone.post("/api/login", json={"name": "Ana", "password": "another password"}), 200)


def copy_of_cookies(client: TestClient) -> TestClient:
    """Another browser holding a copy of this one's cookies (taken off a shared computer)."""
    thief = device(client)
    thief.cookies.update(dict(client.cookies.items()))
    return thief


def test_a_guest_setting_a_password_gets_a_new_session(client: TestClient) -> None:
    expect(client.put("/api/me/name", json={"name": "Ana"}), 200)
    thief = copy_of_cookies(client)
    ana = expect(thief.get("/api/me"), 200)  # the copy works while the account is a guest's
    old_cookie = client.cookies["chromino_session"]

    expect(client.put("/api/me/password", json={"password": PASSWORD}), 200)

    assert client.cookies["chromino_session"] != old_cookie
    assert expect(client.get("/api/me"), 200)["id"] == ana["id"]
    assert expect(thief.get("/api/me"), 200)["id"] != ana["id"]


def test_changing_the_password_ends_every_other_session(client: TestClient) -> None:
    ana = register(client, "Ana")
    phone = device(client)
    expect(phone.post("/api/login", json={"name": "Ana", "password": PASSWORD}), 200)
    expect(client.put("/api/me/password", json={"password": "another password"}), 200)
    assert expect(client.get("/api/me"), 200)["id"] == ana["id"]
    assert expect(phone.get("/api/me"), 200)["id"] != ana["id"]


def test_signing_in_replaces_the_session_the_browser_had(client: TestClient) -> None:
    ana = register(client, "Ana")
    laptop = device(client)
    expect(laptop.get("/api/me"), 200)
    before_sign_in = copy_of_cookies(laptop)
    expect(laptop.post("/api/login", json={"name": "Ana", "password": PASSWORD}), 200)
    assert expect(laptop.get("/api/me"), 200)["id"] == ana["id"]
    assert expect(before_sign_in.get("/api/me"), 200)["id"] != ana["id"]


@pytest.mark.parametrize(
    ("name", "password"),
    [("Ana", "wrong password"), ("Nobody", PASSWORD), ("Bea", PASSWORD)],
    ids=["wrong-password", "unknown-name", "guest-without-password"],
)
def test_wrong_credentials_are_refused(client: TestClient, name: str, password: str) -> None:
    register(client, "Ana")
    other = device(client)
    expect(other.put("/api/me/name", json={"name": "Bea"}), 200)
    intruder = device(client)
    guest = expect(intruder.post("/api/me"), 200)

    body = expect(intruder.post("/api/login", json={"name": name, "password": password}), 401)
    assert body["detail"] == {"code": "bad_credentials", "message": "wrong name or password"}
    # A failed sign-in leaves the visitor as they were.
    assert expect(intruder.get("/api/me"), 200)["id"] == guest["id"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "Ana"}, "password"),
        ({"password": PASSWORD}, "name"),
        ({"name": "Ana", "password": ""}, "password"),
        ({"name": "Ana", "password": PASSWORD, "remember": True}, "remember"),
        ({"name": ["Ana"], "password": PASSWORD}, "name"),
    ],
    ids=["no-password", "no-name", "empty-password", "unknown-field", "name-list"],
)
def test_malformed_sign_ins_are_refused_naming_the_field(
    refusing_client: TestClient, body: Any, field: str
) -> None:
    assert names_field(expect(refusing_client.post("/api/login", json=body), 422), field)


def test_signing_out_makes_the_next_visit_a_new_guest(client: TestClient) -> None:
    ana = register(client, "Ana")
    response = client.post("/api/logout")
    assert response.status_code == 204
    assert response.content == b""
    assert "chromino_session=null" in response.headers["set-cookie"]

    me = expect(client.post("/api/me"), 200)
    assert me["id"] != ana["id"]
    assert me["registered"] is False
    assert me["name"].startswith("Guest ")

    again = expect(client.post("/api/login", json={"name": "Ana", "password": PASSWORD}), 200)
    assert again["id"] == ana["id"]


def test_signing_out_on_one_device_keeps_the_other_signed_in(client: TestClient) -> None:
    ana = register(client, "Ana")
    phone = device(client)
    expect(phone.post("/api/login", json={"name": "Ana", "password": PASSWORD}), 200)
    expect(phone.post("/api/logout"), 204)
    assert expect(client.get("/api/me"), 200)["id"] == ana["id"]
    assert expect(phone.get("/api/me"), 200)["id"] != ana["id"]


# --- preferences --------------------------------------------------------------------------


def test_reading_preferences(client: TestClient) -> None:
    assert expect(client.get("/api/me/preferences"), 200) == DEFAULT_PREFERENCES


def test_a_partial_update_changes_only_the_fields_given(client: TestClient, db: Database) -> None:
    me = expect(client.post("/api/me"), 200)
    changed = expect(client.patch("/api/me/preferences", json={"palette": "okabe-ito"}), 200)
    assert changed == {**DEFAULT_PREFERENCES, "palette": "okabe-ito"}

    changed = expect(
        client.patch(
            "/api/me/preferences", json={"symbols": True, "language": "fr", "sound": False}
        ),
        200,
    )
    expected = {
        **DEFAULT_PREFERENCES,
        "palette": "okabe-ito",
        "symbols": True,
        "language": "fr",
        "sound": False,
    }
    assert changed == expected
    assert expect(client.patch("/api/me/preferences", json={}), 200) == expected
    assert expect(client.get("/api/me/preferences"), 200) == expected
    assert expect(client.get("/api/me"), 200)["preferences"] == expected
    assert stored_preference(db, me["id"]) == {k: expected[k] for k in STORED_PREFERENCES}


def test_every_listed_value_of_every_preference_is_accepted(client: TestClient) -> None:
    choices: dict[str, list[Any]] = {
        "assistance": ["none", "intermediate", "beginner"],
        "palette": ["okabe-ito", "tol-bright", "high-contrast", "classic"],
        "language": ["fr", "it", "es", "de", "en"],
        "symbols": [True, False],
        "reversed_arrows": [True, False],
        "sound": [False, True],
        "show_online": [False, True],
    }
    for field, values in choices.items():
        for value in values:
            body = expect(client.patch("/api/me/preferences", json={field: value}), 200)
            assert body[field] == value


def test_preferences_follow_the_user_across_sessions_and_devices(
    client: TestClient, db: Database
) -> None:
    ana = register(client, "Ana")
    wanted = {"assistance": "none", "palette": "tol-bright", "reversed_arrows": True}
    expect(client.patch("/api/me/preferences", json=wanted), 200)

    phone = device(client)
    expect(phone.post("/api/login", json={"name": "Ana", "password": PASSWORD}), 200)
    assert expect(phone.get("/api/me/preferences"), 200) == {**DEFAULT_PREFERENCES, **wanted}

    expect(phone.patch("/api/me/preferences", json={"language": "it"}), 200)
    everything = {**DEFAULT_PREFERENCES, **wanted, "language": "it"}
    assert expect(client.get("/api/me/preferences"), 200) == everything

    expect(client.post("/api/logout"), 204)
    assert expect(client.get("/api/me/preferences"), 200) == DEFAULT_PREFERENCES
    expect(client.post("/api/login", json={"name": "ana", "password": PASSWORD}), 200)
    assert expect(client.get("/api/me/preferences"), 200) == everything
    assert stored_preference(db, ana["id"]) == {k: everything[k] for k in STORED_PREFERENCES}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"palette": "pink"}, "palette"),
        ({"assistance": "expert"}, "assistance"),
        ({"language": "klingon"}, "language"),
        ({"language": "EN"}, "language"),
        ({"colour": "red"}, "colour"),
        ({"symbols": "maybe"}, "symbols"),
        ({"sound": [True]}, "sound"),
        ({"reversed_arrows": {"on": True}}, "reversed_arrows"),
        ({"palette": "classic", "theme": "dark"}, "theme"),
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"quiet": {"start": 1200, "end": 1200 + 17 * 60 - 1440}}, "quiet"),
        ({"quiet": {"start": 1440, "end": 0}}, "start"),
        ({"digest_hour": 24}, "digest_hour"),
        ({"switched_off": {"push": ["spam"], "email": []}}, 0),
    ],
)
def test_bad_preferences_are_refused_naming_the_field(
    refusing_client: TestClient, refusing_db: Database, body: Any, field: str
) -> None:
    me = expect(refusing_client.post("/api/me"), 200)
    refused = expect(refusing_client.patch("/api/me/preferences", json=body), 422)
    assert names_field(refused, field), refused
    assert expect(refusing_client.get("/api/me/preferences"), 200) == DEFAULT_PREFERENCES
    assert stored_preference(refusing_db, me["id"]) == STORED_PREFERENCES


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("PUT", "/api/me/name"),
        ("PUT", "/api/me/password"),
        ("POST", "/api/login"),
        ("PATCH", "/api/me/preferences"),
    ],
)
def test_malformed_bodies_are_refused(refusing_client: TestClient, method: str, path: str) -> None:
    for raw in (b"{", b"not json", b"[1, 2]", b'"text"', b"null", b""):
        response = refusing_client.request(
            method, path, content=raw, headers={"content-type": "application/json"}
        )
        body = expect(response, 422)
        assert body["detail"][0]["loc"][0] == "body", (raw, body)
    assert expect(refusing_client.get("/api/me"), 200)["preferences"] == DEFAULT_PREFERENCES


# --- the API as a whole ----------------------------------------------------------------------


API_ROUTES = {
    ("GET", "/api/me"),
    ("POST", "/api/me"),
    # API tokens, bot accounts and the bot API (tests/server/test_api_tokens.py,
    # tests/server/test_bot_api.py)
    ("GET", "/api/me/tokens"),
    ("POST", "/api/me/tokens"),
    ("DELETE", "/api/me/tokens/{token_id}"),
    ("GET", "/api/bots"),
    ("POST", "/api/bots"),
    ("POST", "/api/bots/{name}/tokens"),
    ("DELETE", "/api/bots/{name}/tokens"),
    ("GET", "/api/bot/events"),
    # joining a private server (tests/server/test_joining.py)
    ("POST", "/api/join/{token}"),
    ("POST", "/api/sign-up"),
    ("GET", "/api/invitation-links"),
    ("POST", "/api/invitation-links"),
    ("DELETE", "/api/invitation-links/{invitation_id}"),
    ("GET", "/api/ban-notice"),  # a banned person's other tab (tests/server/test_joining.py)
    ("PUT", "/api/me/name"),
    ("PUT", "/api/me/password"),
    ("POST", "/api/login"),
    ("POST", "/api/logout"),
    ("POST", "/api/me/sign-out-everywhere"),
    ("GET", "/api/me/preferences"),
    ("PATCH", "/api/me/preferences"),
    ("GET", "/api/me/games"),
    ("GET", "/api/me/solo-best"),
    ("GET", "/api/lobby/events"),
    ("GET", "/api/me/events"),  # tests/server/test_me_stream.py
    ("POST", "/api/tables"),
    ("GET", "/api/tables"),
    ("GET", "/api/tables/{invite_code}"),
    ("POST", "/api/tables/{invite_code}/join"),
    ("POST", "/api/tables/{invite_code}/leave"),
    ("POST", "/api/tables/{invite_code}/start"),
    ("GET", "/api/tables/{invite_code}/events"),  # tests/server/test_table_live.py
    ("POST", "/api/solo"),
    ("GET", "/api/games/{game_id}"),
    ("GET", "/api/games/{game_id}/record"),
    ("GET", "/api/games/{game_id}/replay"),
    ("POST", "/api/games/{game_id}/rematch"),
    ("GET", "/api/games/{game_id}/board"),  # tests/server/test_my_games_http.py
    ("GET", "/api/me/vacations"),  # tests/server/test_turn_based.py
    ("POST", "/api/me/vacations"),
    ("DELETE", "/api/me/vacations/{vacation_id}"),
    ("GET", "/api/push/key"),  # tests/e2e/test_preferences_days.py
    ("POST", "/api/me/push-devices"),  # tests/server/test_turn_based.py
    ("DELETE", "/api/me/push-devices"),
    ("PUT", "/api/me/email"),  # tests/server/test_notices.py
    ("DELETE", "/api/me/email"),
    ("GET", "/api/friends"),  # tests/server/test_friends.py
    ("POST", "/api/friends"),
    ("DELETE", "/api/friends/{user_id}"),
    ("GET", "/api/me/mutes"),
    ("PUT", "/api/me/mutes/{user_id}"),
    ("DELETE", "/api/me/mutes/{user_id}"),
    ("POST", "/api/tables/{invite_code}/invitations"),  # tests/server/test_invitations.py
    ("GET", "/api/invitations"),
    ("POST", "/api/invitations/{invitation_id}/accept"),
    ("POST", "/api/invitations/{invitation_id}/decline"),
    ("POST", "/api/games/{game_id}/again"),
    ("PATCH", "/api/tables/{invite_code}/chat"),  # tests/server/test_chat.py
    ("PUT", "/api/games/{game_id}/mutes/{user_id}"),
    ("DELETE", "/api/games/{game_id}/mutes/{user_id}"),
    ("POST", "/api/chat/{game_id}/{seq}/report"),
    ("POST", "/api/passkeys/register/options"),  # tests/server/test_http_passkeys.py
    ("POST", "/api/passkeys/register"),
    ("POST", "/api/passkeys/sign-up/options"),
    ("POST", "/api/passkeys/sign-up"),
    ("POST", "/api/passkeys/sign-in/options"),
    ("POST", "/api/passkeys/sign-in"),
    ("GET", "/api/me/passkeys"),
    ("PATCH", "/api/me/passkeys/{passkey_id}"),
    ("DELETE", "/api/me/passkeys/{passkey_id}"),
    ("DELETE", "/api/me/password"),
    ("POST", "/api/recovery"),  # tests/server/test_recovery.py
    ("POST", "/api/recover/{token}"),
    ("GET", "/api/me/export"),  # tests/server/test_http_my_data.py
    ("DELETE", "/api/me"),
    ("GET", "/api/admin/people"),  # tests/server/test_admin_page.py
    ("GET", "/api/admin/people/{person_id}"),
    ("POST", "/api/admin/people/{person_id}/ban"),
    ("POST", "/api/admin/people/{person_id}/unban"),
    ("POST", "/api/admin/people/{person_id}/mute"),
    ("POST", "/api/admin/people/{person_id}/unmute"),
    ("PUT", "/api/admin/people/{person_id}/role"),
    ("POST", "/api/admin/people/{person_id}/recovery-link"),
    ("DELETE", "/api/admin/people/{person_id}"),
    ("GET", "/api/admin/games"),
    ("POST", "/api/admin/games/{game_id}/end"),
    ("GET", "/api/admin/reports"),
    ("POST", "/api/admin/reports/{report_id}/handled"),
    ("GET", "/api/admin/invitations"),
    ("POST", "/api/admin/invitations"),
    ("DELETE", "/api/admin/invitations/{invitation_id}"),
    ("GET", "/api/admin/policy"),
    ("PATCH", "/api/admin/policy"),
    ("POST", "/api/admin/policy/reset"),
    ("GET", "/api/admin/guests"),
    ("POST", "/api/admin/guests/prune"),
    ("GET", "/api/admin/backups"),
    ("POST", "/api/admin/backups"),
    ("GET", "/api/admin/settings"),
    ("GET", "/api/admin/health"),
    ("GET", "/api/admin/audit"),
    ("POST", "/api/me/reauthenticate"),
    ("GET", "/api/players/{player}/profile"),  # tests/server/test_profile_page.py
    ("GET", "/api/leaderboard"),  # tests/server/test_leaderboard.py
    ("GET", "/api/daily"),  # tests/server/test_daily.py
    ("POST", "/api/daily/{game}/games"),  # tests/server/test_daily.py
    ("GET", "/api/duplicate/{invite_code}"),  # tests/server/test_duplicate.py
    ("GET", "/api/tournaments"),  # tests/server/test_tournament_api.py
    ("POST", "/api/tournaments"),
    ("GET", "/api/tournaments/{tournament_id}"),
    ("POST", "/api/tournaments/{tournament_id}/entries"),
    ("DELETE", "/api/tournaments/{tournament_id}/entries"),
    ("POST", "/api/tournaments/{tournament_id}/start"),
    ("POST", "/api/tournaments/{tournament_id}/disqualify"),
    ("POST", "/api/tournaments/{tournament_id}/entries/bot"),  # test_tournament_pages.py
    ("POST", "/api/tournaments/{tournament_id}/{act}"),  # test_tournament_organiser.py
    ("GET", "/api/seasons"),  # tests/server/test_season_pages.py
    ("POST", "/api/seasons"),
    ("GET", "/api/seasons/{season_id}"),
    ("POST", "/api/seasons/{season_id}/members"),
    ("DELETE", "/api/seasons/{season_id}/members"),
    ("GET", "/api/duplicate/{invite_code}/boards"),  # tests/server/test_duplicate.py
    ("GET", "/api/games/{game_id}/duplicate"),  # tests/server/test_duplicate.py
    ("GET", "/api/games/{game_id}/ratings"),  # tests/server/test_ratings_outcome.py
    ("GET", "/api/puzzles"),  # tests/server/test_puzzle_api.py
    ("GET", "/api/puzzles/daily"),
    ("GET", "/api/puzzles/next"),
    ("GET", "/api/puzzles/{puzzle_id}"),
    ("POST", "/api/puzzles/{puzzle_id}/hint"),
    ("POST", "/api/puzzles/{puzzle_id}/tries"),
    ("POST", "/api/puzzles/runs"),
    ("GET", "/api/me/practice"),  # tests/server/test_puzzle_api.py, test_coach_notes.py
    ("GET", "/api/games/{game_id}/analysis/{version}"),  # tests/server/test_analysis_board.py
    ("POST", "/api/games/{game_id}/analysis"),
    ("POST", "/api/analysis"),
    ("GET", "/api/analysis/{line_id}"),
    # watching (tests/server/test_watch.py)
    ("GET", "/api/live"),
    ("GET", "/api/live/{game_id}"),
    ("GET", "/api/follows"),
    ("POST", "/api/follows/{name}"),
    ("DELETE", "/api/follows/{name}"),
    ("GET", "/api/me/records"),  # tests/server/test_records.py
    ("POST", "/api/records"),
}


def test_every_api_route_is_one_these_tests_cover(client: TestClient) -> None:
    """A new route fails this test until it is added here, with tests of its own."""
    schema = expect(client.get("/api/openapi.json"), 200)
    served = {
        (method.upper(), path)
        for path, item in schema["paths"].items()
        if path.startswith("/api/")
        for method in item
    }
    assert served == API_ROUTES
    assert "/healthz" in schema["paths"]


# --- health and failures --------------------------------------------------------------------


def test_health_check(client: TestClient) -> None:
    assert expect(client.get("/healthz"), 200) == {"status": "ok"}


def test_health_check_reports_an_unreachable_database(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    database: Database = client.app.state.db  # type: ignore[attr-defined]
    unreachable = create_engine(f"sqlite:///{tmp_path / 'no-such-dir' / 'x.sqlite3'}")
    monkeypatch.setattr(database, "engine", unreachable)
    assert expect(client.get("/healthz"), 503) == {"status": "unavailable"}


def test_an_unexpected_error_is_a_plain_500_without_a_trace(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(user: User) -> Any:
        raise RuntimeError("secret internals: /work/main/web/accounts.py line 80")

    monkeypatch.setattr(accounts, "public_user", broken)
    quiet = TestClient(client.app, base_url=BASE_URL, raise_server_exceptions=False)
    response = quiet.get("/api/me")
    body = expect(response, 500)
    assert body == {
        "detail": {"code": "internal_error", "message": "something went wrong on our side"}
    }
    assert "secret internals" not in response.text


# --- writes are committed before the answer leaves ------------------------------------------


@contextmanager
def _slow_commit(original: Any, self: Database) -> Iterator[Session]:
    with original(self) as session:
        yield session
        time.sleep(0.4)  # the request's work is done; its commit is about to happen


def test_a_change_is_committed_before_the_answer_is_sent(
    live_server: LiveServer, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whoever gets a 200 may rely on it at once: from another device, or after a crash."""
    original = Database.session
    ana = Player(live_server.url)
    try:
        monkeypatch.setattr(
            Database, "session", lambda self: _slow_commit(original, self), raising=True
        )
        expect(ana.http.put("/api/me/name", json={"name": "Ana"}), 200)
        with db.sessions() as session:
            stored = session.get(User, ana.me["id"])
            assert stored is not None
            assert stored.name == "Ana"
    finally:
        ana.close()


def test_people_racing_for_one_name_get_it_once_and_409_otherwise(
    racing_server: LiveServer,
) -> None:
    people = [Player(racing_server.url) for _ in range(8)]
    db = Database(racing_server.settings.database_url)
    try:
        answers = at_once(
            [partial(person.http.put, "/api/me/name", json={"name": "Zed"}) for person in people]
        )
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200] + [409] * 7, [answer.text for answer in answers]
        for answer in answers:
            assert "Traceback" not in answer.text
            if answer.status_code == 409:
                assert answer.json()["detail"]["code"] == "name_taken"
        winner = next(answer.json() for answer in answers if answer.status_code == 200)
        with db.sessions() as session:
            holders = list(session.scalars(select(User).where(User.name_key == "zed")))
            assert [user.id for user in holders] == [winner["id"]]
    finally:
        db.dispose()
        for person in people:
            person.close()


def test_one_browser_acting_several_times_at_once_is_one_guest(
    racing_server: LiveServer,
) -> None:
    """Two tabs, a double click or a script: the first actions a visitor's browser sends
    together make one guest account, and every table it made is that account's to
    start (web.people.accounts.guest)."""
    origin = {"Origin": racing_server.url}
    browser = httpx.Client(base_url=racing_server.url, timeout=10)
    db = Database(racing_server.settings.database_url)
    try:
        shown = expect(browser.get("/api/me"), 200)  # a look: the cookie names the visitor
        looked = dict(browser.cookies)
        with db.sessions() as session:  # the module's PostgreSQL database is shared
            before = set(session.scalars(select(User.id)))
        answers = at_once(
            [
                partial(
                    httpx.post,
                    f"{racing_server.url}/api/tables",
                    json={"seats": [{"kind": "human"}, {"kind": "human"}]},
                    headers=origin,
                    cookies=looked,
                    timeout=10,
                )
                for _ in range(6)
            ]
        )
        assert [answer.status_code for answer in answers] == [201] * 6, answers[0].text
        with db.sessions() as session:
            guests = list(session.scalars(select(User).where(User.id.not_in(before))))
        assert [user.name for user in guests] == [shown["name"]]
        # whichever answer's cookie the browser keeps, it is the creator of every table
        for answer in answers:
            keeper = httpx.Client(base_url=racing_server.url, timeout=10)
            keeper.cookies.update(answer.cookies)
            assert expect(keeper.get("/api/me"), 200)["id"] == guests[0].id
            keeper.close()
    finally:
        browser.close()
        db.dispose()


def test_a_visitor_key_opens_no_account_once_its_moment_has_passed(
    client: TestClient, db: Database
) -> None:
    """An old copy of a visitor's cookie, replayed after its guest signed out, makes a
    new guest: the key finds its account only in the moments after it was made."""
    expect(client.get("/api/me"), 200)
    copied = client.cookies["chromino_session"]
    first = expect(client.post("/api/me"), 200)
    assert client.post("/api/logout").status_code == 204
    with db.sessions() as session:
        user = session.get(User, first["id"])
        assert user is not None
        user.created_at = user.created_at - accounts.VISITOR_CLAIM - timedelta(seconds=1)
        session.commit()
    replay = device(client)
    replay.cookies.set("chromino_session", copied)
    second = expect(replay.post("/api/me"), 200)
    assert second["id"] != first["id"]
