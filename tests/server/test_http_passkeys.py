"""Passkeys over HTTP: every refusal, and the ceremonies they guard.

A software authenticator (softkey.py) answers with real P-256 signatures, so each
test changes one thing — the challenge, the origin, the counter, the person — in an
answer that is otherwise valid, and the server must refuse exactly that (a clear
``code``, nothing changed, never a trace). The browser's side is tested in
tests/e2e/test_passkeys.py with Chromium's own virtual authenticator."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update
from support.live import LiveServer, make_settings
from support.softkey import SoftKey

from web.app import create_app
from web.db import Database, as_utc, utcnow
from web.models import Passkey, PasskeyChallenge, User, UserSession
from web.people import FOREVER
from web.settings import Settings

ORIGIN = "http://localhost:8000"
PASSWORD = "a long enough password"


def browser(app: Any, origin: str = ORIGIN) -> TestClient:
    """A browser of its own (its own cookies) on a page of ``origin``."""
    return TestClient(app, base_url=origin, headers={"Origin": origin})


@pytest.fixture
def app(settings: Settings) -> Iterator[Any]:
    with TestClient(create_app(settings)) as running:
        yield running.app


def ok(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json() if response.content else None


def refused(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The refusal's detail, which has this code and a message (and no trace)."""
    assert response.status_code == status, response.text
    assert "Traceback" not in response.text
    detail: dict[str, Any] = response.json()["detail"]
    assert detail["code"] == code, detail
    assert detail["message"]
    return detail


def add_passkey(person: TestClient, key: SoftKey, **body: Any) -> Any:
    options = ok(person.post("/api/passkeys/register/options"))
    answer = {"credential": key.create(options, ORIGIN), **body}
    return ok(person.post("/api/passkeys/register", json=answer))


def sign_in_options(person: TestClient, **body: Any) -> Any:
    return ok(person.post("/api/passkeys/sign-in/options", json=body or None))


def sign_in(person: TestClient, key: SoftKey, **body: Any) -> httpx.Response:
    options = sign_in_options(person, **body)
    answer = {"credential": key.sign(options, ORIGIN)}
    response: httpx.Response = person.post("/api/passkeys/sign-in", json=answer)
    return response


def registered(app: Any) -> tuple[TestClient, SoftKey, dict[str, Any]]:
    """Someone whose account has one passkey (and no password); their browser, key, me."""
    person, key = browser(app), SoftKey()
    added = add_passkey(person, key)
    return person, key, added["me"]


def count(db: Database, model: Any, **where: Any) -> int:
    with db.sessions() as session:
        query = select(func.count()).select_from(model).filter_by(**where)
        return int(session.scalar(query) or 0)


# --- the ceremonies ----------------------------------------------------------------


def test_a_guest_adds_a_passkey_and_signs_in_with_it_elsewhere(app: Any, db: Database) -> None:
    person, key = browser(app), SoftKey()
    me = ok(person.put("/api/me/name", json={"name": "Ines"}))
    guest_cookie = dict(person.cookies)
    added = add_passkey(person, key)
    assert added["name"] == "Passkey 1"
    assert added["me"]["id"] == me["id"] and added["me"]["registered"] is True
    stale = browser(app)
    stale.cookies.update(guest_cookie)
    assert ok(stale.get("/api/me")).get("id") != me["id"]  # the guest's old cookie: nobody
    assert ok(person.get("/api/me"))["id"] == me["id"]  # the new session: still Ines

    elsewhere = browser(app)
    options = sign_in_options(elsewhere)
    assert options["allowCredentials"] == []  # discoverable: no name was asked for
    signed = ok(
        elsewhere.post("/api/passkeys/sign-in", json={"credential": key.sign(options, ORIGIN)})
    )
    assert (signed["id"], signed["name"]) == (me["id"], "Ines")
    assert ok(elsewhere.get("/api/me"))["id"] == me["id"]
    with db.sessions() as session:
        stored = session.scalars(select(Passkey)).one()
        assert (stored.sign_count, stored.transports) == (1, ["internal"])
        assert stored.last_used_at is not None


def test_a_passkey_named_by_its_owner_and_in_the_pages_language(app: Any) -> None:
    person = browser(app)
    assert add_passkey(person, SoftKey(), name="  My phone ")["name"] == "My phone"
    person.headers["Accept-Language"] = "fr"
    assert add_passkey(person, SoftKey())["name"] == "Clé d'accès 2"


# --- challenges ----------------------------------------------------------------------


def test_an_answer_is_taken_once(app: Any, db: Database) -> None:
    _person, key, _ = registered(app)
    elsewhere = browser(app)
    options = sign_in_options(elsewhere)
    answer = {"credential": key.sign(options, ORIGIN)}
    ok(elsewhere.post("/api/passkeys/sign-in", json=answer))
    refused(elsewhere.post("/api/passkeys/sign-in", json=answer), 400, "no_challenge")
    assert count(db, PasskeyChallenge) == 0


def test_a_wrong_answer_uses_the_challenge_up(app: Any) -> None:
    _, key, _ = registered(app)
    elsewhere = browser(app)
    options = sign_in_options(elsewhere)
    good = key.sign(options, ORIGIN)
    forged = {**good, "response": {**good["response"], "signature": SoftKey().id}}
    refused(
        elsewhere.post("/api/passkeys/sign-in", json={"credential": forged}),
        400,
        "passkey_not_verified",
    )
    refused(elsewhere.post("/api/passkeys/sign-in", json={"credential": good}), 400, "no_challenge")


def test_an_expired_challenge_is_refused(app: Any, db: Database) -> None:
    _, key, _ = registered(app)
    elsewhere = browser(app)
    options = sign_in_options(elsewhere)
    with db.session() as session:
        session.execute(update(PasskeyChallenge).values(expires_at=utcnow() - timedelta(seconds=1)))
    answer = {"credential": key.sign(options, ORIGIN)}
    refused(elsewhere.post("/api/passkeys/sign-in", json=answer), 400, "challenge_expired")
    assert ok(elsewhere.get("/api/me")).get("registered") is False


def test_a_challenge_answers_only_in_its_own_browser(app: Any) -> None:
    _, key, _ = registered(app)
    asker, thief = browser(app), browser(app)
    options = sign_in_options(asker)
    answer = {"credential": key.sign(options, ORIGIN)}
    refused(thief.post("/api/passkeys/sign-in", json=answer), 400, "no_challenge")
    sign_in_options(thief)  # a challenge of its own does not fit the asker's answer
    refused(thief.post("/api/passkeys/sign-in", json=answer), 400, "passkey_not_verified")
    ok(asker.post("/api/passkeys/sign-in", json=answer))


def test_a_challenge_serves_only_its_own_ceremony(app: Any) -> None:
    person, key, _ = registered(app)
    options = ok(person.post("/api/passkeys/register/options"))
    answer = {"credential": key.sign(options, ORIGIN)}
    refused(person.post("/api/passkeys/sign-in", json=answer), 400, "wrong_challenge")
    sign_in_options(person)
    answer = {"credential": SoftKey().create(sign_in_options(person), ORIGIN)}
    refused(person.post("/api/passkeys/register", json=answer), 400, "wrong_challenge")


def test_asking_again_replaces_the_browsers_challenge(app: Any, db: Database) -> None:
    person = browser(app)
    for _ in range(3):
        sign_in_options(person)
    assert count(db, PasskeyChallenge) == 1


# --- what the answers must be ------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"credential": None},
        {"credential": {"id": "x"}},
        {"credential": "a string"},
        {"credential": {"unknown": 1}},
    ],
)
def test_a_malformed_answer_is_refused_and_leaves_the_challenge(
    app: Any, db: Database, body: dict[str, Any]
) -> None:
    person = browser(app)
    sign_in_options(person)
    response = person.post("/api/passkeys/sign-in", json=body)
    assert response.status_code == 422, response.text
    assert count(db, PasskeyChallenge) == 1


def test_answers_with_bad_fields_are_refused_by_name(app: Any) -> None:
    person, key, _ = registered(app)
    good = key.sign(sign_in_options(person), ORIGIN)
    cases = {
        "extra": {**good, "extra": 1},
        "signature": {**good, "response": {**good["response"], "signature": "not base64!"}},
        "type": {**good, "type": "password"},
    }
    for field, credential in cases.items():
        response = person.post("/api/passkeys/sign-in", json={"credential": credential})
        assert response.status_code == 422, response.text
        assert field in str([problem["loc"] for problem in response.json()["detail"]])
    not_json = person.post(
        "/api/passkeys/sign-in", content=b"{", headers={"Content-Type": "application/json"}
    )
    assert not_json.status_code == 422


def test_an_unknown_passkey_signs_nobody_in(app: Any) -> None:
    registered(app)
    stranger = browser(app)
    refused(sign_in(stranger, SoftKey()), 401, "unknown_passkey")
    assert ok(stranger.get("/api/me")).get("registered") is False


def test_a_counter_that_goes_back_is_a_cloned_key(app: Any, db: Database) -> None:
    _, key, _ = registered(app)
    elsewhere = browser(app)
    options = sign_in_options(elsewhere)
    ok(
        elsewhere.post(
            "/api/passkeys/sign-in", json={"credential": key.sign(options, ORIGIN, count=5)}
        )
    )
    clone = browser(app)
    options = sign_in_options(clone)
    answer = {"credential": key.sign(options, ORIGIN, count=3)}
    refused(clone.post("/api/passkeys/sign-in", json=answer), 400, "passkey_not_verified")
    with db.sessions() as session:
        assert session.scalars(select(Passkey.sign_count)).one() == 5


def test_a_banned_person_cannot_sign_in_with_a_passkey(app: Any, db: Database) -> None:
    _, key, me = registered(app)
    with db.session() as session:
        session.execute(
            update(User).where(User.id == me["id"]).values(banned_until=FOREVER, ban_reason="spam")
        )
    stranger = browser(app)
    detail = refused(sign_in(stranger, key), 403, "banned")
    assert detail["reason"] == "spam"
    assert ok(stranger.get("/api/me")).get("id") != me["id"]


def test_sign_ins_from_one_address_share_the_password_budget(app: Any) -> None:
    person = browser(app)
    ok(person.post("/api/login", json={"name": "Nobody", "password": "wrong guess"}), 401)
    for _ in range(29):  # the budget: 30 sign-ins in five minutes, passwords and passkeys
        sign_in_options(person)
    response = person.post("/api/passkeys/sign-in/options")
    refused(response, 429, "too_many_attempts")
    assert int(response.headers["Retry-After"]) > 0
    refused(
        person.post("/api/login", json={"name": "x", "password": "y"}), 429, "too_many_attempts"
    )


# --- where the page is ---------------------------------------------------------------


def test_a_page_of_another_site_is_refused(app: Any) -> None:
    elsewhere = TestClient(app, base_url=ORIGIN, headers={"Origin": "http://evil.example"})
    for path in ("/api/passkeys/sign-in/options", "/api/passkeys/register/options"):
        refused(elsewhere.post(path), 403, "cross_site_request")


def test_an_address_the_host_did_not_list_is_refused(app: Any) -> None:
    # The request's own origin passes the site's cross-site check, but passkeys are
    # bound to a name: only the listed ones (allowed_origins, public_url) get them.
    unlisted = browser(app, "http://chromino.internal:8000")
    refused(unlisted.post("/api/passkeys/sign-in/options"), 403, "origin_not_allowed")
    refused(unlisted.post("/api/passkeys/register/options"), 403, "origin_not_allowed")


def test_an_ip_address_is_told_to_use_the_name(app: Any) -> None:
    numbered = browser(app, "http://127.0.0.1:8000")  # listed, but browsers refuse it
    detail = refused(numbered.post("/api/passkeys/sign-in/options"), 400, "passkeys_need_a_name")
    assert "localhost" in detail["message"]


def test_an_answer_made_on_another_page_is_refused(app: Any) -> None:
    _, key, _ = registered(app)
    elsewhere = browser(app)
    options = sign_in_options(elsewhere)
    answer = {"credential": key.sign(options, "http://evil.example")}
    refused(elsewhere.post("/api/passkeys/sign-in", json=answer), 400, "passkey_not_verified")
    other_site = SoftKey(rp_id="evil.example")
    person = browser(app)
    options = ok(person.post("/api/passkeys/register/options"))
    answer = {"credential": other_site.create(options, ORIGIN)}
    refused(person.post("/api/passkeys/register", json=answer), 400, "passkey_not_verified")


# --- proving again it is me ----------------------------------------------------------


def test_signing_in_again_with_my_own_passkey_renews_the_sign_in(app: Any, db: Database) -> None:
    person, key, me = registered(app)
    with db.session() as session:
        session.execute(update(UserSession).values(signed_in_at=utcnow() - timedelta(hours=1)))
    options = sign_in_options(person, mine=True)
    assert [each["id"] for each in options["allowCredentials"]] == [key.id]
    ok(person.post("/api/passkeys/sign-in", json={"credential": key.sign(options, ORIGIN)}))
    with db.sessions() as session:
        row = session.scalars(select(UserSession).where(UserSession.user_id == me["id"])).one()
        assert row.signed_in_at is not None
        assert utcnow() - as_utc(row.signed_in_at) < timedelta(minutes=1)


def test_signing_in_again_takes_only_my_own_passkey(app: Any) -> None:
    person, _, _ = registered(app)
    _, their_key, _ = registered(app)
    options = sign_in_options(person, mine=True)
    answer = {"credential": their_key.sign(options, ORIGIN)}
    refused(person.post("/api/passkeys/sign-in", json=answer), 403, "not_your_passkey")
    refused(
        browser(app).post("/api/passkeys/sign-in/options", json={"mine": True}), 409, "no_passkeys"
    )


# --- my passkeys -----------------------------------------------------------------------


def test_my_passkeys_listed_renamed_and_removed(app: Any, db: Database) -> None:
    person, _, _ = registered(app)
    second = add_passkey(person, SoftKey(), name="Key")
    listed = ok(person.get("/api/me/passkeys"))
    assert [each["name"] for each in listed["passkeys"]] == ["Passkey 1", "Key"]
    assert listed["password"] is False
    renamed = ok(person.patch(f"/api/me/passkeys/{second['id']}", json={"name": "Blue key"}))
    assert renamed["name"] == "Blue key"
    for bad in ({"name": ""}, {"name": "a\nb"}, {"name": "x" * 61}, {"name": "ok", "more": 1}):
        assert person.patch(f"/api/me/passkeys/{second['id']}", json=bad).status_code == 422
    ok(person.delete(f"/api/me/passkeys/{second['id']}"), 204)
    assert [each["name"] for each in ok(person.get("/api/me/passkeys"))["passkeys"]] == [
        "Passkey 1"
    ]


def test_someone_elses_passkey_is_none_of_mine(app: Any, db: Database) -> None:
    owner, _, _ = registered(app)
    theirs = ok(owner.get("/api/me/passkeys"))["passkeys"][0]["id"]
    other, _, _ = registered(app)
    refused(
        other.patch(f"/api/me/passkeys/{theirs}", json={"name": "Mine"}), 404, "no_such_passkey"
    )
    refused(other.delete(f"/api/me/passkeys/{theirs}"), 404, "no_such_passkey")
    assert count(db, Passkey) == 2


def test_the_last_way_in_stays(app: Any, db: Database) -> None:
    person, _, me = registered(app)
    only = ok(person.get("/api/me/passkeys"))["passkeys"][0]["id"]
    refused(person.delete(f"/api/me/passkeys/{only}"), 409, "last_way_in")
    refused(person.delete("/api/me/password"), 409, "no_password")
    ok(person.put("/api/me/password", json={"password": PASSWORD}))
    ok(person.delete(f"/api/me/passkeys/{only}"), 204)  # the password signs in now
    refused(person.delete("/api/me/password"), 409, "last_way_in")
    assert count(db, Passkey, user_id=me["id"]) == 0


def test_removing_the_password_signs_other_devices_out(app: Any, db: Database) -> None:
    person, _, me = registered(app)
    me_now = ok(person.put("/api/me/password", json={"password": PASSWORD}))
    other = browser(app)
    ok(other.post("/api/login", json={"name": me_now["name"], "password": PASSWORD}))
    left = ok(person.delete("/api/me/password"))
    assert left["registered"] is True
    assert ok(person.get("/api/me"))["id"] == me["id"]
    assert ok(other.get("/api/me")).get("id") != me["id"]
    assert count(db, UserSession, user_id=me["id"]) == 1
    refused(
        browser(app).post("/api/login", json={"name": me_now["name"], "password": PASSWORD}),
        401,
        "bad_credentials",
    )


def test_a_visitor_looking_at_passkeys_makes_no_account(app: Any, db: Database) -> None:
    before = count(db, User)
    assert ok(browser(app).get("/api/me/passkeys")) == {"passkeys": [], "password": False}
    assert count(db, User) == before


# --- signing up with a passkey ---------------------------------------------------------


def club(database_url: str, **policy: Any) -> Iterator[Any]:
    with TestClient(create_app(make_settings(database_url, **policy))) as running:
        yield running.app


@pytest.fixture
def no_guests(database_url: str) -> Iterator[Any]:
    yield from club(database_url, guests=False)


def sign_up(person: TestClient, key: SoftKey, **body: Any) -> httpx.Response:
    options = ok(person.post("/api/passkeys/sign-up/options", json=body))
    answer = {"credential": key.create(options, ORIGIN)}
    response: httpx.Response = person.post("/api/passkeys/sign-up", json=answer)
    return response


def test_signing_up_with_a_passkey_on_a_server_without_guests(no_guests: Any, db: Database) -> None:
    person, key = browser(no_guests), SoftKey()
    refused(person.put("/api/me/name", json={"name": "Noor"}), 403, "sign_up_needed")
    me = ok(sign_up(person, key, name="Noor"), 201)
    assert (me["name"], me["registered"]) == ("Noor", True)
    assert ok(person.get("/api/me/passkeys"))["passkeys"][0]["name"] == "Passkey 1"
    elsewhere = browser(no_guests)
    assert ok(sign_in(elsewhere, key))["id"] == me["id"]
    refused(person.post("/api/passkeys/sign-up/options", json={"name": "Again"}), 409, "already_in")


def test_signing_up_is_refused_before_the_authenticator_is_asked(
    no_guests: Any, db: Database
) -> None:
    first = browser(no_guests)
    ok(sign_up(first, SoftKey(), name="Taken"), 201)
    refused(
        browser(no_guests).post("/api/passkeys/sign-up/options", json={"name": "TAKEN"}),
        409,
        "name_taken",
    )
    stranger = browser(no_guests)
    refused(
        stranger.post(
            "/api/passkeys/sign-up",
            json={"credential": SoftKey().create({"challenge": "AAAA"}, ORIGIN)},
        ),
        400,
        "no_challenge",
    )
    assert count(db, User) == 1


@pytest.mark.parametrize(
    ("join", "code"), [("closed", "closed"), ("invitation", "invitation_needed")]
)
def test_a_server_that_takes_nobody_new_takes_no_passkey_sign_up(
    database_url: str, db: Database, join: str, code: str
) -> None:
    for app in club(database_url, join=join):
        person = browser(app)
        refused(person.post("/api/passkeys/sign-up/options", json={"name": "Zed"}), 403, code)
    assert count(db, User) == 0


# --- on PostgreSQL, answers racing ------------------------------------------------------


def test_on_postgresql_two_copies_of_one_answer_sign_in_once(pg_url: str) -> None:
    """Two requests carrying the same cookie and the same signed answer, at once: the
    challenge's row is deleted by one of them only, and only that one signs in."""
    live = LiveServer(make_settings(pg_url))
    host = f"localhost:{live.port}"
    live.settings.allowed_origins = [f"http://{host}"]
    live.start()
    try:
        headers = {"Origin": f"http://{host}", "Host": host}
        owner = httpx.Client(base_url=live.url, headers=headers, timeout=10)
        key = SoftKey()
        options = ok(owner.post("/api/passkeys/register/options"))
        answer = {"credential": key.create(options, f"http://{host}")}
        me = ok(owner.post("/api/passkeys/register", json=answer))["me"]

        asker = httpx.Client(base_url=live.url, headers=headers, timeout=10)
        options = ok(asker.post("/api/passkeys/sign-in/options"))
        answer = {"credential": key.sign(options, f"http://{host}")}
        copy = httpx.Client(base_url=live.url, headers=headers, timeout=10)
        copy.cookies.update(asker.cookies)
        start = threading.Barrier(2)
        answers: list[httpx.Response] = []

        def send(client: httpx.Client) -> None:
            start.wait()
            answers.append(client.post("/api/passkeys/sign-in", json=answer))

        threads = [threading.Thread(target=send, args=(client,)) for client in (asker, copy)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        statuses = sorted(response.status_code for response in answers)
        assert statuses == [200, 400], [response.text for response in answers]
        winner = next(response for response in answers if response.status_code == 200)
        assert winner.json()["id"] == me["id"]
        loser = next(response for response in answers if response.status_code == 400)
        assert loser.json()["detail"]["code"] == "no_challenge"
        for client in (owner, asker, copy):
            client.close()
    finally:
        live.stop()


def test_the_founder_signs_up_with_a_passkey_on_an_invitation_only_server(
    database_url: str, db: Database
) -> None:
    for app in club(database_url, join="invitation", first_sign_up_admin=True):
        founder = ok(sign_up(browser(app), SoftKey(), name="Host"), 201)
        assert founder["registered"] is True
        # The founder is in: the next stranger needs an invitation like anyone.
        late = browser(app)
        refused(
            late.post("/api/passkeys/sign-up/options", json={"name": "Late"}),
            403,
            "invitation_needed",
        )
    with db.sessions() as session:
        assert dict(session.execute(select(User.name, User.role)).all()) == {"Host": "admin"}
