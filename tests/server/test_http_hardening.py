"""Guessing, look-alike names, loose types and spectators that leave no trace."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from web import api
from web.limits import AttemptLimiter
from web.models import User

BASE_URL = "http://127.0.0.1:8000"


def other_device(client: TestClient) -> TestClient:
    return TestClient(client.app, base_url=BASE_URL)


def test_sign_in_attempts_per_name_are_limited(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(api, "LOGIN_ATTEMPTS_PER_NAME", AttemptLimiter(limit=3, window=300))
    client.put("/api/me/name", json={"name": "Guarded"})
    assert client.put("/api/me/password", json={"password": "correct horse"}).status_code == 200
    guesser = other_device(client)
    for _ in range(3):
        wrong = guesser.post("/api/login", json={"name": "guarded", "password": "nope-nope"})
        assert wrong.status_code == 401
    refused = guesser.post("/api/login", json={"name": "Guarded", "password": "correct horse"})
    assert refused.status_code == 429
    assert refused.json()["detail"]["code"] == "too_many_attempts"
    assert refused.headers["retry-after"] == "300"


def test_the_attempt_limiter_forgets_after_its_window() -> None:
    limiter = AttemptLimiter(limit=2, window=0.05)
    assert limiter.allow("k") and limiter.allow("k")
    assert not limiter.allow("k")
    assert limiter.allow("other")
    import time

    time.sleep(0.06)
    assert limiter.allow("k")


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
    game_id = client.post("/api/solo").json()["game_id"]
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
