"""Guessing, look-alike names, loose types and spectators that leave no trace."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from web.app import create_app
from web.models import User
from web.people.limits import AttemptLimiter, FailureBackoff, Limits
from web.settings import Settings

BASE_URL = "http://127.0.0.1:8000"


def other_device(client: TestClient) -> TestClient:
    return TestClient(client.app, base_url=BASE_URL)


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def from_address(client: TestClient, address: str) -> TestClient:
    """Another browser, at another network address, on the same app."""
    return TestClient(client.app, base_url=BASE_URL, client=(address, 40000))


def registered(client: TestClient, name: str, password: str) -> None:
    assert client.put("/api/me/name", json={"name": name}).status_code == 200
    assert client.put("/api/me/password", json={"password": password}).status_code == 200


def test_wrong_passwords_slow_the_guesser_but_never_the_owner(client: TestClient) -> None:
    clock = FakeClock()
    client.app.state.limits = Limits(clock=clock)  # type: ignore[attr-defined]
    registered(client, "Guarded", "correct horse")
    guesser = from_address(client, "203.0.113.9")
    for _ in range(5):
        wrong = guesser.post("/api/login", json={"name": "guarded", "password": "nope-nope"})
        assert wrong.status_code == 401
    # five failures are free; then the backoff: 2 s, then 4 s, 8 s, ...
    refused = guesser.post("/api/login", json={"name": "Guarded", "password": "correct horse"})
    assert refused.status_code == 429
    assert refused.json()["detail"]["code"] == "too_many_attempts"
    assert refused.headers["retry-after"] == "2"
    owner = from_address(client, "198.51.100.7")
    welcome = owner.post("/api/login", json={"name": "Guarded", "password": "correct horse"})
    assert welcome.status_code == 200
    clock.now += 2
    assert guesser.post("/api/login", json={"name": "Guarded", "password": "y"}).status_code == 401
    again = guesser.post("/api/login", json={"name": "Guarded", "password": "z"})
    assert again.status_code == 429
    assert again.headers["retry-after"] == "4"


def test_a_success_clears_the_backoff(client: TestClient) -> None:
    clock = FakeClock()
    client.app.state.limits = Limits(clock=clock)  # type: ignore[attr-defined]
    registered(client, "Forgetful", "right one")
    laptop = from_address(client, "198.51.100.8")
    for _ in range(6):
        laptop.post("/api/login", json={"name": "Forgetful", "password": "wrong one"})
    clock.now += 2
    assert (
        laptop.post("/api/login", json={"name": "Forgetful", "password": "right one"}).status_code
        == 200
    )
    # a slip after signing in starts from zero again, not from the old count
    assert (
        laptop.post("/api/login", json={"name": "Forgetful", "password": "typo"}).status_code == 401
    )
    assert (
        laptop.post("/api/login", json={"name": "Forgetful", "password": "right one"}).status_code
        == 200
    )


@pytest.mark.usefixtures("quick_hasher")
def test_one_address_has_a_budget_of_sign_ins(client: TestClient) -> None:
    clock = FakeClock()
    client.app.state.limits = Limits(clock=clock)  # type: ignore[attr-defined]
    sprayer = from_address(client, "203.0.113.50")
    for index in range(30):
        name = f"victim{index}"
        answer = sprayer.post("/api/login", json={"name": name, "password": "123456"})
        assert answer.status_code == 401
    refused = sprayer.post("/api/login", json={"name": "victim99", "password": "123456"})
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "300"
    clock.now += 301
    answer = sprayer.post("/api/login", json={"name": "victim99", "password": "123456"})
    assert answer.status_code == 401


def test_password_changes_are_limited(client: TestClient) -> None:
    clock = FakeClock()
    client.app.state.limits = Limits(clock=clock)  # type: ignore[attr-defined]
    for index in range(5):
        changed = client.put("/api/me/password", json={"password": f"password {index}"})
        assert changed.status_code == 200
    refused = client.put("/api/me/password", json={"password": "password 5"})
    assert refused.status_code == 429
    assert refused.json()["detail"]["code"] == "too_many_attempts"
    assert refused.headers["retry-after"] == "600"
    clock.now += 601
    assert client.put("/api/me/password", json={"password": "password 6"}).status_code == 200


def test_each_app_counts_its_own_attempts(settings: Settings) -> None:
    """Two apps in one process (as in this test suite) never share a limiter."""
    with (
        TestClient(create_app(settings), base_url=BASE_URL) as first,
        TestClient(create_app(settings), base_url=BASE_URL) as second,
    ):
        for _ in range(30):
            first.post("/api/login", json={"name": "nobody", "password": "wrong wrong"})
        assert first.post("/api/login", json={"name": "x", "password": "y"}).status_code == 429
        assert second.post("/api/login", json={"name": "x", "password": "y"}).status_code == 401


def test_the_attempt_limiter_forgets_after_its_window() -> None:
    clock = FakeClock()
    limiter = AttemptLimiter(limit=2, window=60, clock=clock)
    assert limiter.allow("k") and limiter.allow("k")
    assert not limiter.allow("k")
    assert limiter.allow("other")
    assert limiter.retry_after("k") == 60
    clock.now += 60.5
    assert limiter.allow("k")


def test_a_deleted_accounts_attempts_are_not_inherited_by_its_ids_next_owner() -> None:
    limiter = AttemptLimiter(limit=1, window=600, clock=FakeClock())
    assert limiter.allow(7) and not limiter.allow(7)
    limiter.forget(7)  # account 7 deleted; SQLite may hand its id to the next account
    assert limiter.allow(7)
    assert limiter.allow(8) and not limiter.allow(8)


def test_the_backoff_doubles_up_to_its_cap() -> None:
    clock = FakeClock()
    backoff = FailureBackoff(free=2, base=1.0, cap=5.0, clock=clock)
    waits = []
    for _ in range(6):
        waits.append(backoff.wait("k"))
        backoff.failed("k")
    assert waits == [0.0, 0.0, 1.0, 2.0, 4.0, 5.0]
    assert backoff.wait("other") == 0.0
    backoff.succeeded("k")
    assert backoff.wait("k") == 0.0


def test_names_are_unique_in_their_normal_form(client: TestClient) -> None:
    fullwidth = "\uff21\uff4e\uff41"  # "Ana" in fullwidth letters
    assert client.put("/api/me/name", json={"name": fullwidth}).json()["name"] == "Ana"
    rival = other_device(client)
    taken = rival.put("/api/me/name", json={"name": "ANA"})
    assert taken.status_code == 409
    assert taken.json()["detail"]["code"] == "name_taken"


def test_a_name_needs_something_visible(client: TestClient) -> None:
    invisible = client.put("/api/me/name", json={"name": "\u200b\u200b"})
    assert invisible.status_code == 422
    assert "visible" in invisible.text


def test_a_name_that_folds_longer_still_fits(client: TestClient) -> None:
    sharp = "\u00df" * 24  # each folds to "ss"
    response = client.put("/api/me/name", json={"name": sharp})
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"seats": [{"kind": "human"}], "options": {"hand_size": "8"}}, "hand_size"),
        ({"seats": [{"kind": "human"}], "options": {"open_hands": "yes"}}, "open_hands"),
        ({"seats": [{"kind": "human"}], "public": 1}, "public"),
    ],
)
def test_request_bodies_refuse_loose_types(
    client: TestClient, body: dict[str, object], field: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert any(field in error["loc"] for error in response.json()["detail"])


def test_watching_a_game_makes_no_account(client: TestClient) -> None:
    """An onlooker of a table that lets people watch (solo games are private)."""
    invite = client.post("/api/tables", json={"seats": [{"kind": "human"}]}).json()["invite_code"]
    game_id = client.post(f"/api/tables/{invite}/start").json()["game_id"]
    database = client.app.state.db  # type: ignore[attr-defined]
    with database.sessions() as session:
        before = session.scalar(select(func.count()).select_from(User))
    spectator = other_device(client)
    view = spectator.get(f"/api/games/{game_id}")
    assert view.status_code == 200
    assert view.json()["game"]["my_seat"] is None
    assert view.json()["state"]["hands"] == [None]
    with database.sessions() as session:
        assert session.scalar(select(func.count()).select_from(User)) == before


def test_a_new_password_signs_every_other_device_out(client: TestClient) -> None:
    client.put("/api/me/name", json={"name": "Roaming"})
    client.put("/api/me/password", json={"password": "first password"})
    laptop = other_device(client)
    signed_in = laptop.post("/api/login", json={"name": "Roaming", "password": "first password"})
    assert signed_in.status_code == 200
    stolen_cookie = dict(laptop.cookies)
    account = signed_in.json()["id"]
    assert laptop.get("/api/me").json()["id"] == account

    assert client.put("/api/me/password", json={"password": "second password"}).status_code == 200
    assert client.get("/api/me").json()["id"] == account  # the device that changed it stays in
    assert laptop.get("/api/me").json()["id"] != account  # the other one is a guest now
    thief = other_device(client)
    thief.cookies.update(stolen_cookie)
    assert thief.get("/api/me").json()["id"] != account
    again = thief.post("/api/login", json={"name": "Roaming", "password": "second password"})
    assert again.json()["id"] == account
