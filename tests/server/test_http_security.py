"""A hostile visitor at the HTTP edge: cross-site changes, hostile names, huge requests,
NUL bytes, headers, proxies, secrets and sessions."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from support.live import LiveServer, Player, make_settings, migrated_sqlite
from support.procs import ServerProcess, server_env
from websockets.sync.client import connect

from web.app import create_app
from web.db import Database, utcnow
from web.models import SiteSecret, User, UserSession
from web.people.names import skeleton
from web.site.security import CONTENT_SECURITY_POLICY

BASE_URL = "http://127.0.0.1:8000"
EVIL = "http://evil.example"
SIBLING = "http://127.0.0.1:8233"  # another port of the same host: same site, other origin


def browser(client: TestClient, **headers: str) -> TestClient:
    """The same person (cookies) from a page that sends these headers."""
    other = TestClient(client.app, base_url=BASE_URL, headers=headers)
    other.cookies.update(client.cookies)
    return other


def new_table(client: TestClient, seats: int = 2) -> str:
    created = client.post("/api/tables", json={"seats": [{"kind": "human"}] * seats})
    assert created.status_code == 201, created.text
    code: str = created.json()["invite_code"]
    return code


# --- cross-site requests ----------------------------------------------------------------


CHANGES = [
    ("post", "/api/tables/{code}/join", None),
    ("post", "/api/tables/{code}/leave", None),
    ("post", "/api/tables/{code}/start", None),
    ("post", "/api/tables", {"seats": [{"kind": "human"}]}),
    ("post", "/api/solo", None),
    ("put", "/api/me/name", {"name": "Pwned"}),
    ("put", "/api/me/password", {"password": "attacker's choice"}),
    ("patch", "/api/me/preferences", {"palette": "high-contrast"}),
    ("post", "/api/logout", None),
    ("post", "/api/me/sign-out-everywhere", None),
    ("post", "/api/login", {"name": "someone", "password": "whatever!"}),
]


@pytest.mark.parametrize(("method", "path", "body"), CHANGES)
@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": EVIL},
        {"Origin": SIBLING},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site"},
    ],
    ids=["foreign", "sibling-port", "null", "fetch-same-site", "fetch-cross-site"],
)
def test_a_change_from_another_origin_is_refused(  # noqa: PLR0917
    client: TestClient,
    db: Database,
    method: str,
    path: str,
    body: dict[str, Any] | None,
    headers: dict[str, str],
) -> None:
    victim = client.post("/api/me").json()
    host = TestClient(client.app, base_url=BASE_URL)
    code = new_table(host)
    attacker_page = browser(client, **headers)
    kwargs: dict[str, Any] = {} if body is None else {"json": body}
    answer = attacker_page.request(method.upper(), path.format(code=code), **kwargs)
    assert answer.status_code == 403, answer.text
    assert answer.json()["detail"]["code"] == "cross_site_request"
    # nothing changed: same account, same name and preferences, no seat, session alive
    after = client.get("/api/me").json()
    assert after == victim
    seats = host.get(f"/api/tables/{code}").json()["seats"]
    assert victim["id"] not in [seat["user_id"] for seat in seats]
    with db.sessions() as session:
        assert session.scalar(select(UserSession).where(UserSession.user_id == victim["id"]))


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a client that is not a browser (no victim's cookies to abuse)
        {"Origin": BASE_URL},
        {"Origin": BASE_URL + "/"},
        {"Origin": "http://localhost:8000"},  # a listed origin
        {"Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},  # typed in the address bar
    ],
)
def test_a_change_from_our_own_pages_goes_through(
    client: TestClient, headers: dict[str, str]
) -> None:
    host = TestClient(client.app, base_url=BASE_URL)
    code = new_table(host)
    page = browser(client, **headers)
    assert page.post(f"/api/tables/{code}/join").status_code == 200


def changing_routes(client: TestClient) -> list[tuple[str, str]]:
    """Every (method, path) of the API that may change something, its path parameters
    filled with a plausible value: a route added later is covered without a list."""
    schema = client.get("/api/openapi.json").json()
    return [
        (method.upper(), re.sub(r"\{[^}]+\}", "x1", path))
        for path, item in schema["paths"].items()
        for method in item
        if method.upper() not in {"GET", "HEAD", "OPTIONS"}
    ]


def test_every_changing_route_refuses_another_origin(client: TestClient, db: Database) -> None:
    """Whatever a route does (an admin action, a passkey, an invitation, a deletion), a
    request another site's page makes with the person's cookies is refused before it."""
    victim = client.post("/api/me").json()
    attacker_page = browser(client, Origin=EVIL)
    routes = changing_routes(client)
    assert ("POST", "/api/login") in routes
    for method, path in routes:
        answer = attacker_page.request(method, path, json={})
        assert answer.status_code == 403, (method, path, answer.text)
        assert answer.json()["detail"]["code"] == "cross_site_request", (method, path)
    assert client.get("/api/me").json() == victim


def test_reading_is_allowed_from_anywhere(client: TestClient) -> None:
    """GET changes nothing, so a foreign page may ask (CORS still hides the answer)."""
    page = browser(client, Origin=EVIL)
    assert page.get("/api/tables").status_code == 200


# --- names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("\uff1csvg onload=alert(1)\uff1e", "'<'"),  # fullwidth < and >: < and > after NFKC
        ("\uff06amp", "'&'"),
        ("\ufdfa" * 3, "at most 24"),  # one character, 18 after NFKC
        ("a" * 25, "at most 24"),
        ("Ana\u200bLu", "invisible"),  # zero-width space
        ("\u202eanA", "invisible"),  # right-to-left override
        ("Ana\u200f", "invisible"),  # right-to-left mark
        ("Ana\u2066x", "invisible"),  # left-to-right isolate
        ("two\nlines", "invisible"),
        ("tab\there", "invisible"),
        ("Gr\u0435edy", "mix"),  # Latin with a Cyrillic e
        ("Greedy bot", "computer players"),
        ("greedy  BOT", "computer players"),
        ("Gr\u0435\u0435dy b\u043et", "mix"),
        ("H\u0430rd bot", "mix"),
        ("   ", "visible"),
        ("!!!", "letter or digit"),
    ],
)
def test_hostile_names_are_refused_after_normalising(
    client: TestClient, name: str, why: str
) -> None:
    before = client.post("/api/me").json()["name"]
    answer = client.put("/api/me/name", json={"name": name})
    assert answer.status_code == 422, answer.text
    assert why in answer.text
    assert client.get("/api/me").json()["name"] == before


def test_names_in_one_script_are_welcome(client: TestClient) -> None:
    for name in ("\u0410\u043d\u043d\u0430", "\u03a3\u03bf\u03c6\u03af\u03b1", "Zo\u00eb 2"):
        answer = client.put("/api/me/name", json={"name": name})
        assert answer.status_code == 200, answer.text
        assert answer.json()["name"] == name


@pytest.mark.parametrize(
    "look_alike",
    [
        "\u0410na",  # Cyrillic capital A
        "\u0391na",  # Greek capital alpha
        "ANA",
        "A n a",
        "An\u00e1",  # an accent
        "\uff21\uff4e\uff41",  # fullwidth
    ],
)
def test_a_name_that_looks_like_another_is_taken(client: TestClient, look_alike: str) -> None:
    assert client.put("/api/me/name", json={"name": "Ana"}).status_code == 200
    rival = TestClient(client.app, base_url=BASE_URL)
    answer = rival.put("/api/me/name", json={"name": look_alike})
    if answer.status_code == 422:  # refused as mixing scripts: no better for the rival
        assert "mix" in answer.text
        return
    assert answer.status_code == 409, answer.text
    assert answer.json()["detail"]["code"] == "name_taken"


def test_signing_in_finds_the_name_however_it_is_typed(client: TestClient) -> None:
    client.put("/api/me/name", json={"name": "Zo\u00eb"})
    client.put("/api/me/password", json={"password": "correct horse"})
    laptop = TestClient(client.app, base_url=BASE_URL)
    answer = laptop.post("/api/login", json={"name": "ZOE", "password": "correct horse"})
    assert answer.status_code == 200
    assert answer.json()["name"] == "Zo\u00eb"


def test_the_stored_key_is_the_skeleton(client: TestClient, db: Database) -> None:
    me = client.put("/api/me/name", json={"name": "Big Bo"}).json()
    with db.sessions() as session:
        user = session.get(User, me["id"])
        assert user is not None
        assert user.name_key == skeleton("Big Bo") == "bigbo"


# --- sizes ----------------------------------------------------------------------------


def raw_request(port: int, head: bytes, body: bytes = b"", chunk: int = 65_536) -> bytes:
    """Send a request over a plain socket (as much as the server will take); the status
    line of its answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            data = head + body
            for start in range(0, len(data), chunk):
                sock.sendall(data[start : start + chunk])
        except OSError:
            pass  # the server answered and hung up before the end: what we want
        answer = sock.recv(65_536)
    return answer.split(b"\r\n", 1)[0]


def resident_megabytes(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A real ``chromino serve`` in its own process, so its memory can be read."""
    folder = tmp_path_factory.mktemp("sizes")
    url = migrated_sqlite(folder / "chromino.sqlite3")
    server = ServerProcess(server_env(url), folder / "server.log").start()
    yield server
    server.kill()


def test_a_huge_body_is_refused_before_it_is_read(served: ServerProcess) -> None:
    assert served.process is not None
    before = resident_megabytes(served.process.pid)
    body = b"x" * (30 * 1024 * 1024)
    head = (
        b"PUT /api/me/name HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % len(body)
    )
    started = time.monotonic()
    assert raw_request(served.port, head, body) == b"HTTP/1.1 413 Request Entity Too Large"
    chunked = b"".join(b"10000\r\n" + b"y" * 65_536 + b"\r\n" for _ in range(200)) + b"0\r\n\r\n"
    head = (
        b"PUT /api/me/name HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    assert raw_request(served.port, head, chunked) == b"HTTP/1.1 413 Request Entity Too Large"
    elapsed = time.monotonic() - started
    assert elapsed < 10, "refusing should not take the time of reading 43 MB"
    assert resident_megabytes(served.process.pid) - before < 20


def test_a_huge_header_is_refused_as_it_arrives(served: ServerProcess) -> None:
    assert served.process is not None
    before = resident_megabytes(served.process.pid)
    for size in (8, 32):
        head = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * (size << 20)
        status = raw_request(served.port, head + b"\r\n\r\n")
        assert status == b"HTTP/1.1 431 Request Header Fields Too Large"
    assert resident_megabytes(served.process.pid) - before < 20
    # an ordinary request still works, and a head within the limit is fine
    fine = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 8000 + b"\r\n\r\n"
    assert raw_request(served.port, fine) == b"HTTP/1.1 200 OK"


def test_bodies_within_the_limit_are_read(client: TestClient) -> None:
    answer = client.put("/api/me/name", json={"name": "Ok", "padding": "x" * 60_000})
    assert answer.status_code == 422  # read and refused for its unknown field, not its size
    assert "padding" in answer.text
    too_big = client.put("/api/me/name", json={"name": "Ok", "padding": "x" * 70_000})
    assert too_big.status_code == 413
    assert too_big.json()["detail"]["code"] == "body_too_large"


# --- NUL bytes and other ids that cannot be --------------------------------------------------


BAD_IDS = ["%00abc", "abc%00", "a%2Fb", "%E2%80%AE", "x" * 65]


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database_client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "sqlite":
        url = migrated_sqlite(tmp_path / "chromino.sqlite3")
    else:
        url = request.getfixturevalue("pg_url")
    with TestClient(create_app(make_settings(url)), base_url=BASE_URL) as client:
        yield client


@pytest.mark.parametrize("bad", BAD_IDS)
def test_impossible_ids_are_not_found_on_every_database(
    any_database_client: TestClient, bad: str
) -> None:
    client = any_database_client
    for method, path, code in [
        ("GET", f"/api/tables/{bad}", "no_such_table"),
        ("POST", f"/api/tables/{bad}/join", "no_such_table"),
        ("POST", f"/api/tables/{bad}/leave", "no_such_table"),
        ("POST", f"/api/tables/{bad}/start", "no_such_table"),
        ("GET", f"/api/games/{bad}", "no_such_game"),
        ("GET", f"/api/games/{bad}/record", "no_such_game"),
        ("POST", f"/api/games/{bad}/rematch", "no_such_game"),
    ]:
        answer = client.request(method, path)
        assert answer.status_code == 404, (path, answer.text)
        assert answer.json()["detail"]["code"] in (code, "not_found"), (path, answer.text)


def test_impossible_ids_at_the_websocket_on_postgresql(pg_url: str) -> None:
    server = LiveServer(make_settings(pg_url)).start()
    try:
        person = Player(server.url)
        for bad in ("%00abc", "abc%00"):
            url = server.url.replace("http", "ws", 1) + f"/ws/games/{bad}?protocol=2"
            with connect(url, additional_headers={"Cookie": person.cookie_header()}) as sock:
                reply = sock.recv(timeout=10)
            assert '"no_such_game"' in str(reply)
        person.close()
    finally:
        server.stop()


# --- headers, redirects, proxies --------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/", "/solo", "/preferences", "/rules", "/t/abc", "/g/abc", "/g/abc/replay"]
)
def test_every_page_carries_the_security_headers(client: TestClient, path: str) -> None:
    """The ids here lead nowhere: their pages are the not-found page, a page too."""
    answer = client.get(path)
    assert answer.status_code == (404 if "abc" in path else 200)
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "same-origin"


def test_api_answers_and_refusals_carry_them_too(client: TestClient) -> None:
    for answer in (client.get("/api/me"), client.get("/api/tables/nope"), client.get("/x")):
        assert answer.headers["x-content-type-options"] == "nosniff"
    assert client.get("/x").json()["detail"]["code"] == "not_found"


def test_no_redirect_takes_its_host_from_the_request(client: TestClient) -> None:
    page = browser(client, Host="evil.example")
    for path in ("/api/tables/", "/solo/", "/static", "/rules/"):
        answer = page.get(path, follow_redirects=False)
        assert "evil.example" not in answer.headers.get("location", ""), path


def trusting(settings_url: str, proxies: list[str]) -> TestClient:
    return TestClient(
        create_app(make_settings(settings_url, trusted_proxies=proxies)),
        base_url=BASE_URL,
        client=("10.0.0.2", 50000),
    )


def spray(client: TestClient, forwarded_for: str, attempts: int) -> list[int]:
    """Sign-ins with wrong passwords for as many different names (no backoff per name)."""
    return [
        client.post(
            "/api/login",
            json={"name": f"{forwarded_for}-{index}", "password": "wrong wrong"},
            headers={"X-Forwarded-For": forwarded_for},
        ).status_code
        for index in range(attempts)
    ]


@pytest.mark.usefixtures("quick_hasher")
def test_forwarded_for_counts_only_from_a_trusted_proxy(database_url: str) -> None:
    # Behind a trusted proxy: each real client has its own budget of 30 sign-ins.
    with trusting(database_url, ["10.0.0.2"]) as proxied:
        assert spray(proxied, "203.0.113.1", 30) == [401] * 30
        assert spray(proxied, "203.0.113.1", 1) == [429]
        assert spray(proxied, "203.0.113.2", 1) == [401]
    # The header from anyone else is ignored: rotating it buys nothing.
    with trusting(database_url, []) as direct:
        statuses = [spray(direct, f"198.51.100.{index}", 1)[0] for index in range(31)]
        assert statuses == [401] * 30 + [429]


# --- the session key and sessions -------------------------------------------------------


def test_development_makes_a_secret_per_installation(tmp_path: Path) -> None:
    first_url = migrated_sqlite(tmp_path / "one.sqlite3")
    second_url = migrated_sqlite(tmp_path / "two.sqlite3")
    keys = []
    for url in (first_url, first_url, second_url):
        settings = make_settings(url, secret_key=None, environment="development")
        with TestClient(create_app(settings), base_url=BASE_URL) as client:
            assert client.get("/api/me").status_code == 200
        database = Database(url)
        with database.sessions() as session:
            keys.append(session.scalars(select(SiteSecret.value)).one())
        database.dispose()
    assert keys[0] == keys[1], "a restart keeps the key (and everyone signed in)"
    assert keys[0] != keys[2], "another installation has its own"
    assert len(keys[0]) >= 48


def test_a_copied_cookie_is_worthless_after_logout(client: TestClient) -> None:
    me = client.post("/api/me").json()
    stolen = dict(client.cookies)
    assert client.post("/api/logout").status_code == 204
    thief = TestClient(client.app, base_url=BASE_URL)
    thief.cookies.update(stolen)
    assert thief.get("/api/me").json()["id"] != me["id"]


def test_signing_out_everywhere_ends_every_device(client: TestClient) -> None:
    client.put("/api/me/name", json={"name": "Roamer"})
    client.put("/api/me/password", json={"password": "correct horse"})
    phone = TestClient(client.app, base_url=BASE_URL)
    account = phone.post("/api/login", json={"name": "Roamer", "password": "correct horse"})
    assert account.status_code == 200
    assert client.post("/api/me/sign-out-everywhere").status_code == 204
    assert phone.get("/api/me").json()["id"] != account.json()["id"]
    assert client.get("/api/me").json()["id"] != account.json()["id"]
    again = phone.post("/api/login", json={"name": "Roamer", "password": "correct horse"})
    assert again.json()["id"] == account.json()["id"]


def test_an_idle_session_ends_and_a_used_one_is_renewed(client: TestClient, db: Database) -> None:
    me = client.post("/api/me").json()
    with db.sessions() as session:
        row = session.scalars(select(UserSession).where(UserSession.user_id == me["id"])).one()
        session.execute(
            update(UserSession)
            .where(UserSession.id == row.id)
            .values(last_seen_at=utcnow() - timedelta(hours=2))
        )
        session.commit()
    assert client.get("/api/me").json()["id"] == me["id"]
    with db.sessions() as session:
        seen = session.get(UserSession, row.id)
        assert seen is not None
        assert utcnow() - seen.last_seen_at.replace(tzinfo=utcnow().tzinfo) < timedelta(minutes=5)
        session.execute(
            update(UserSession)
            .where(UserSession.id == row.id)
            .values(last_seen_at=utcnow() - timedelta(days=31))
        )
        session.commit()
    assert client.get("/api/me").json()["id"] != me["id"]
    with db.sessions() as session:
        assert session.get(UserSession, row.id) is None
