"""Friends: requests and mutual friends, the friend link, mutes everywhere,
who is online (on the app's clock) and their games, and the ``show_online`` choice."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from support.api import BASE_URL, GREEDY, HUMAN, create, device, expect
from support.friends import Recorder, befriend, eventually, friends_of, ids, own_id, person
from support.live import TEST_SECRET, make_settings

from web.app import create_app
from web.clock import FakeClock
from web.db import Database
from web.friends.links import friend_token
from web.models import Block, Friend, User
from web.notify.tokens import UNSUBSCRIBE, sign


@pytest.fixture
def clocked(database_url: str) -> Iterator[TestClient]:
    """The app on a fake clock that stands still until the test moves it."""
    settings = make_settings(database_url, fake_clock=True)
    with TestClient(create_app(settings), base_url=BASE_URL) as test_client:
        yield test_client


@pytest.fixture
def mutes_heard(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """What the live games hear of mutes (a recorder in the hub's place)."""
    recorder = Recorder()
    monkeypatch.setattr(client.app.state.hub, "mutes_changed", recorder)  # type: ignore[attr-defined]
    return recorder


def friend_rows(db: Database) -> set[tuple[int, int]]:
    with db.sessions() as session:
        return {(row.user_id, row.friend_id) for row in session.scalars(select(Friend))}


def refusal(response: Any, status: int) -> dict[str, Any]:
    detail: dict[str, Any] = expect(response, status)["detail"]
    assert isinstance(detail["message"], str) and detail["message"]
    return detail


# --- requests and friends ----------------------------------------------------------------


def test_adding_someone_is_a_request_until_they_add_back(client: TestClient, db: Database) -> None:
    ana_id = own_id(client, "Ana")
    ben, ben_id = person(client, "Ben")

    assert expect(client.post("/api/friends", json={"name": "Ben"}), 200) == {"status": "requested"}
    mine, theirs = friends_of(client), friends_of(ben)
    assert (mine["friends"], mine["incoming"], mine["outgoing"]) == (
        [],
        [],
        [{"id": ben_id, "name": "Ben"}],
    )
    assert (theirs["friends"], theirs["incoming"], theirs["outgoing"]) == (
        [],
        [{"id": ana_id, "name": "Ana"}],
        [],
    )
    # adding again changes nothing
    assert expect(client.post("/api/friends", json={"user": ben_id}), 200)["status"] == "requested"

    assert expect(ben.post("/api/friends", json={"user": ana_id}), 200) == {"status": "friends"}
    mine, theirs = friends_of(client), friends_of(ben)
    assert ids(mine["friends"]) == [ben_id] and ids(theirs["friends"]) == [ana_id]
    assert mine["incoming"] == mine["outgoing"] == theirs["incoming"] == theirs["outgoing"] == []
    assert friend_rows(db) == {(ana_id, ben_id), (ben_id, ana_id)}
    assert mine["friends"][0]["name"] == "Ben"


def test_a_name_is_found_by_the_key_names_are_unique_by(client: TestClient) -> None:
    own_id(client, "Ana")
    _, ben_id = person(client, "Ben")
    for typed in ("ben", " BEN ", "B\u0435n"):  # case, spaces, a Cyrillic e
        expect(client.delete(f"/api/friends/{ben_id}"), 204)
        expect(client.post("/api/friends", json={"name": typed}), 200)
        assert ids(friends_of(client)["outgoing"]) == [ben_id], typed


def test_adding_nobody_or_oneself_is_refused(client: TestClient, db: Database) -> None:
    ana_id = own_id(client, "Ana")
    assert refusal(client.post("/api/friends", json={"name": "Nobody"}), 404)["code"] == (
        "no_such_person"
    )
    assert refusal(client.post("/api/friends", json={"user": 999999}), 404)["code"] == (
        "no_such_person"
    )
    assert refusal(client.post("/api/friends", json={"user": ana_id}), 400)["code"] == "yourself"
    assert refusal(client.post("/api/friends", json={"name": "ana"}), 400)["code"] == "yourself"
    assert friend_rows(db) == set()


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"name": "Ben", "user": 2},
        {"name": "Ben", "extra": 1},
        {"user": "2"},
        {"user": True},
        {"user": 2**40},
        {"name": ""},
        {"name": None, "user": None},
    ],
)
def test_a_friend_body_names_one_person_exactly(refusing_client: TestClient, body: Any) -> None:
    answer = expect(refusing_client.post("/api/friends", json=body), 422)
    assert isinstance(answer["detail"], list) and answer["detail"]
    assert all(problem["msg"] for problem in answer["detail"])


def test_removing_a_friend_takes_both_rows(client: TestClient, db: Database) -> None:
    ana_id = own_id(client, "Ana")
    ben, ben_id = person(client, "Ben")
    cleo, cleo_id = person(client, "Cleo")
    befriend(client, ana_id, ben, ben_id)
    expect(cleo.post("/api/friends", json={"user": ana_id}), 200)

    expect(ben.delete(f"/api/friends/{ana_id}"), 204)  # unfriend
    expect(client.delete(f"/api/friends/{cleo_id}"), 204)  # decline Cleo's request
    assert friend_rows(db) == set()
    assert friends_of(client)["incoming"] == friends_of(ben)["friends"] == []
    expect(client.delete(f"/api/friends/{cleo_id}"), 204)  # again: nothing to do


# --- the friend link ---------------------------------------------------------------------


def test_opening_a_friend_link_makes_both_friends_at_once(client: TestClient, db: Database) -> None:
    ana_id = own_id(client, "Ana")
    link = friends_of(client)["link"]
    assert link.startswith("/f/")
    assert friends_of(client)["link"] == link  # the same link every time

    visitor = device(client)  # a new visitor: a guest is made for them
    opened = visitor.get(link, follow_redirects=False)
    assert opened.status_code == 303, opened.text
    assert opened.headers["location"] == f"/friends?added={ana_id}"
    visitor_id = expect(visitor.post("/api/me"), 200)["id"]
    assert friend_rows(db) == {(ana_id, visitor_id), (visitor_id, ana_id)}
    assert ids(friends_of(client)["friends"]) == [visitor_id]


def test_ones_own_link_or_a_mute_adds_nobody(client: TestClient, db: Database) -> None:
    own_id(client, "Ana")
    link = friends_of(client)["link"]
    mine = client.get(link, follow_redirects=False)
    assert (mine.status_code, mine.headers["location"]) == (303, "/friends")

    ben, ben_id = person(client, "Ben")
    expect(client.put(f"/api/me/mutes/{ben_id}"), 204)
    muted = ben.get(link, follow_redirects=False)
    assert (muted.status_code, muted.headers["location"]) == (303, "/friends")
    assert friend_rows(db) == set()


def test_a_forged_or_garbled_friend_link_is_refused_clearly(client: TestClient) -> None:
    ana_id = own_id(client, "Ana")
    token = friend_token(TEST_SECRET, ana_id)
    forged = [
        token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB"),  # the signature altered
        friend_token("another-secret-" + "y" * 40, ana_id),  # another server's
        sign(TEST_SECRET, UNSUBSCRIBE, {"friend": ana_id}),  # made for something else
        "garbled",
        "x" * 500,
    ]
    stranger = device(client)
    for bad in forged:
        response = stranger.get(f"/f/{bad}", follow_redirects=False)
        assert refusal(response, 400)["code"] == "bad_link", bad
    assert friends_of(client)["friends"] == []


# --- mutes -----------------------------------------------------------------------------


def test_muting_ends_the_friendship_and_tells_the_live_games(
    client: TestClient, db: Database, mutes_heard: Recorder
) -> None:
    ana_id = own_id(client, "Ana")
    ben, ben_id = person(client, "Ben")
    befriend(client, ana_id, ben, ben_id)

    expect(client.put(f"/api/me/mutes/{ben_id}"), 204)
    expect(client.put(f"/api/me/mutes/{ben_id}"), 204)  # again: still one
    assert expect(client.get("/api/me/mutes"), 200) == {"muted": [{"id": ben_id, "name": "Ben"}]}
    assert friends_of(client)["muted"] == [{"id": ben_id, "name": "Ben"}]
    assert friend_rows(db) == set()
    with db.sessions() as session:
        assert len(session.scalars(select(Block)).all()) == 1
    eventually(lambda: mutes_heard.calls == [ana_id, ana_id])
    # neither may befriend the other now, nor is told who muted whom
    assert refusal(ben.post("/api/friends", json={"user": ana_id}), 409)["code"] == "muted"
    assert refusal(client.post("/api/friends", json={"user": ben_id}), 409)["code"] == "muted"
    assert expect(ben.get("/api/me/mutes"), 200) == {"muted": []}

    expect(client.delete(f"/api/me/mutes/{ben_id}"), 204)
    eventually(lambda: mutes_heard.calls == [ana_id, ana_id, ana_id])
    assert expect(client.get("/api/me/mutes"), 200) == {"muted": []}
    assert expect(ben.post("/api/friends", json={"user": ana_id}), 200)["status"] == "requested"


def test_muting_nobody_or_oneself_is_refused(client: TestClient, mutes_heard: Recorder) -> None:
    ana_id = own_id(client, "Ana")
    assert refusal(client.put("/api/me/mutes/999999"), 404)["code"] == "no_such_person"
    assert refusal(client.put(f"/api/me/mutes/{ana_id}"), 400)["code"] == "yourself"
    assert refusal(client.delete("/api/me/mutes/999999"), 404)["code"] == "no_such_person"
    assert expect(client.put("/api/me/mutes/not-a-number"), 422)["detail"]
    assert expect(client.put(f"/api/me/mutes/{2**40}"), 422)["detail"]
    assert mutes_heard.calls == []


# --- online, games, show_online ----------------------------------------------------------------


def mark(db: Database, user_id: int, moment: Any) -> None:
    with db.sessions() as session:
        session.execute(update(User).where(User.id == user_id).values(online_at=moment))
        session.commit()


def test_online_means_marked_in_the_last_two_minutes_of_the_apps_clock(
    clocked: TestClient, db: Database
) -> None:
    clock = clocked.app.state.clock  # type: ignore[attr-defined]
    assert isinstance(clock, FakeClock)
    ana_id = own_id(clocked, "Ana")
    ben, ben_id = person(clocked, "Ben")
    befriend(clocked, ana_id, ben, ben_id)

    def online() -> Any:
        return friends_of(clocked)["friends"][0]["online"]

    assert online() is False  # never marked
    mark(db, ben_id, clock.now())
    assert online() is True
    clock.advance(119)
    assert online() is True
    clock.advance(2)
    assert online() is False
    mark(db, ben_id, clock.now() - timedelta(seconds=30))
    assert online() is True


def test_a_friends_games_in_progress_are_shown_but_not_their_solo_games(
    client: TestClient, db: Database
) -> None:
    ana_id = own_id(client, "Ana")
    ben, ben_id = person(client, "Ben")
    befriend(client, ana_id, ben, ben_id)
    open_game = create(ben, [HUMAN, GREEDY])
    open_id = expect(ben.post(f"/api/tables/{open_game['invite_code']}/start"), 200)["game_id"]
    closed = create(ben, [HUMAN, GREEDY], spectators=False)
    closed_id = expect(ben.post(f"/api/tables/{closed['invite_code']}/start"), 200)["game_id"]
    expect(ben.post("/api/solo"), 201)

    games = friends_of(client)["friends"][0]["games"]
    assert sorted(games, key=lambda game: game["game_id"]) == sorted(
        [
            {
                "game_id": open_id,
                "game": "chromino",
                "players": ["Ben", "Medium bot"],
                "watchable": True,
            },
            {
                "game_id": closed_id,
                "game": "chromino",
                "players": ["Ben", "Medium bot"],
                "watchable": False,
            },
        ],
        key=lambda game: game["game_id"],
    )
    # a request is not a friendship: nothing is shown of Cleo's games to Ana
    cleo, _ = person(client, "Cleo")
    expect(cleo.post("/api/friends", json={"user": ana_id}), 200)
    assert len(friends_of(client)["friends"]) == 1


def test_show_online_off_hides_presence_and_games(client: TestClient, db: Database) -> None:
    ana_id = own_id(client, "Ana")
    ben, ben_id = person(client, "Ben")
    befriend(client, ana_id, ben, ben_id)
    table = create(ben, [HUMAN, GREEDY])
    expect(ben.post(f"/api/tables/{table['invite_code']}/start"), 200)
    mark(db, ben_id, client.app.state.clock.now())  # type: ignore[attr-defined]
    shown = friends_of(client)["friends"][0]
    assert (shown["online"], len(shown["games"])) == (True, 1)
    assert friends_of(ben)["show_online"] is True

    changed = expect(ben.patch("/api/me/preferences", json={"show_online": False}), 200)
    assert changed["show_online"] is False
    hidden = friends_of(client)["friends"][0]
    assert (hidden["id"], hidden["online"], hidden["games"]) == (ben_id, None, [])
    assert friends_of(ben)["show_online"] is False


def test_show_online_is_a_preference_read_and_changed(client: TestClient) -> None:
    assert expect(client.get("/api/me/preferences"), 200)["show_online"] is True
    changed = expect(client.patch("/api/me/preferences", json={"show_online": False}), 200)
    assert changed["show_online"] is False
    assert expect(client.get("/api/me"), 200)["preferences"]["show_online"] is False
    expect(client.patch("/api/me/preferences", json={"palette": "tol-bright"}), 200)
    assert expect(client.get("/api/me/preferences"), 200)["show_online"] is False
    refused = expect(client.patch("/api/me/preferences", json={"show_online": "no"}), 422)
    assert refused["detail"][0]["loc"] == ["body", "show_online"]
