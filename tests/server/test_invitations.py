"""Invitations: friends invited to a table, answered from the page, kept out
when muted; "play again with the same people"; and what the me stream tells of them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from support.api import GREEDY, HUMAN, create, expect
from support.friends import befriend, own_id, person
from support.live import LiveServer, make_settings
from support.streams import stream_of

from web.db import Database
from web.models import Game, GameTable, Invitation, Notice, User
from web.notify.sending import Sending
from web.notify.words import notice_push


def refusal(response: Any, status: int) -> str:
    detail = expect(response, status)["detail"]
    assert isinstance(detail["message"], str) and detail["message"]
    return str(detail["code"])


def invite(client: TestClient, code: str, friends: list[int], status: int = 200) -> Any:
    return expect(client.post(f"/api/tables/{code}/invitations", json={"friends": friends}), status)


def invitations_of(client: TestClient) -> Any:
    return expect(client.get("/api/invitations"), 200)


def notices(db: Database) -> list[Notice]:
    with db.sessions() as session:
        rows = list(session.scalars(select(Notice).order_by(Notice.id)))
        session.expunge_all()
        return rows


def seat_users(client: TestClient, code: str) -> list[int | None]:
    return [seat["user_id"] for seat in expect(client.get(f"/api/tables/{code}"), 200)["seats"]]


@pytest.fixture
def trio(client: TestClient) -> tuple[TestClient, int, TestClient, int, TestClient, int]:
    """Ana (the fixture's client), Ben and Cleo, Ana friends with both."""
    ana_id = own_id(client, "Ana")
    ben, ben_id = person(client, "Ben")
    cleo, cleo_id = person(client, "Cleo")
    befriend(client, ana_id, ben, ben_id)
    befriend(client, ana_id, cleo, cleo_id)
    return client, ana_id, ben, ben_id, cleo, cleo_id


# --- inviting --------------------------------------------------------------------------


def test_inviting_friends_makes_an_invitation_and_a_notice_each(trio: Any, db: Database) -> None:
    ana, _ana_id, ben, ben_id, _cleo, cleo_id = trio
    table = create(ana, [HUMAN, HUMAN, HUMAN], options={"hand_size": 5})
    code = table["invite_code"]
    assert invite(ana, code, [ben_id, cleo_id]) == {"invited": [ben_id, cleo_id]}

    listed = invitations_of(ben)
    assert len(listed) == 1
    assert set(listed[0]) == {"id", "table", "from", "game", "created_at"}
    assert (listed[0]["table"], listed[0]["from"], listed[0]["game"]) == (code, "Ana", "chromino")
    assert invitations_of(ana) == []
    sent = notices(db)
    assert sorted(notice.user_id for notice in sent) == sorted([ben_id, cleo_id])
    assert {notice.kind for notice in sent} == {"invitation"}
    assert sent[0].details == {"players": ["Ana"], "game": "chromino", "table": code}
    # asking again while the invitations wait sends no second notice
    assert invite(ana, code, [ben_id]) == {"invited": [ben_id]}
    assert len(notices(db)) == 2


def test_only_friends_not_muted_and_not_seated_are_invited(
    trio: Any, client: TestClient, db: Database
) -> None:
    ana, ana_id, ben, ben_id, cleo, cleo_id = trio
    dan, dan_id = person(client, "Dan")  # nobody's friend
    code = create(ana, [HUMAN, HUMAN, HUMAN])["invite_code"]
    expect(ben.post(f"/api/tables/{code}/join"), 200)

    assert refusal(
        ana.post(f"/api/tables/{code}/invitations", json={"friends": [dan_id]}), 403
    ) == ("not_friends")
    # Ben is seated already, Dan no friend: only Cleo is invited
    assert invite(ana, code, [ben_id, dan_id, cleo_id, ana_id]) == {"invited": [cleo_id]}
    # someone seated who is a friend but seated already: nobody, no refusal
    assert invite(ana, code, [ben_id]) == {"invited": []}
    # Cleo mutes Ana: no friends any more, so no invitation either
    expect(cleo.put(f"/api/me/mutes/{ana_id}"), 204)
    assert invitations_of(cleo) == []  # the open one was declined
    assert refusal(
        ana.post(f"/api/tables/{code}/invitations", json={"friends": [cleo_id]}), 403
    ) == ("not_friends")
    assert invitations_of(dan) == []


def test_only_someone_at_a_gathering_table_with_a_free_seat_may_invite(trio: Any) -> None:
    ana, ana_id, ben, ben_id, cleo, cleo_id = trio
    code = create(ana, [HUMAN, HUMAN])["invite_code"]
    answer = cleo.post(f"/api/tables/{code}/invitations", json={"friends": [ana_id]})
    assert refusal(answer, 403) == "not_at_table"
    assert refusal(ana.post("/api/tables/nope/invitations", json={"friends": [ben_id]}), 404) == (
        "no_such_table"
    )
    expect(ben.post(f"/api/tables/{code}/join"), 200)
    answer = ana.post(f"/api/tables/{code}/invitations", json={"friends": [cleo_id]})
    assert refusal(answer, 409) == "table_full"
    expect(ana.post(f"/api/tables/{code}/start"), 200)
    answer = ben.post(f"/api/tables/{code}/invitations", json={"friends": [cleo_id]})
    assert refusal(answer, 409) == "table_not_open"


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"friends": []},
        {"friends": list(range(1, 12))},
        {"friends": ["2"]},
        {"friends": [2], "message": "hi"},
        {"friends": 2},
    ],
)
def test_an_invitations_body_is_checked(refusing_client: TestClient, body: Any) -> None:
    code = expect(refusing_client.post("/api/tables", json={"seats": [HUMAN, HUMAN]}), 201)[
        "invite_code"
    ]
    answer = expect(refusing_client.post(f"/api/tables/{code}/invitations", json=body), 422)
    assert isinstance(answer["detail"], list) and answer["detail"]


# --- answering -------------------------------------------------------------------------


def test_accepting_an_invitation_takes_a_seat(trio: Any, db: Database) -> None:
    ana, ana_id, ben, ben_id, *_ = trio
    code = create(ana, [HUMAN, GREEDY, HUMAN])["invite_code"]
    invite(ana, code, [ben_id])
    invitation = invitations_of(ben)[0]
    accepted = expect(ben.post(f"/api/invitations/{invitation['id']}/accept"), 200)
    assert accepted == {"invite_code": code, "url": f"/t/{code}"}
    assert seat_users(ana, code) == [ana_id, None, ben_id]
    assert invitations_of(ben) == []
    with db.sessions() as session:
        stored = session.get(Invitation, invitation["id"])
        assert stored is not None and stored.status == "accepted"
    # accepting again (another tab) changes nothing
    assert expect(ben.post(f"/api/invitations/{invitation['id']}/accept"), 200) == accepted
    assert seat_users(ana, code) == [ana_id, None, ben_id]


def test_accepting_passes_on_the_tables_refusal(trio: Any) -> None:
    ana, _ana_id, ben, ben_id, cleo, cleo_id = trio
    code = create(ana, [HUMAN, HUMAN])["invite_code"]
    invite(ana, code, [ben_id, cleo_id])
    cleo_invitation = invitations_of(cleo)[0]["id"]
    expect(ben.post(f"/api/invitations/{invitations_of(ben)[0]['id']}/accept"), 200)
    assert refusal(cleo.post(f"/api/invitations/{cleo_invitation}/accept"), 409) == "table_full"
    assert [entry["id"] for entry in invitations_of(cleo)] == [cleo_invitation]  # still open


def test_declining_an_invitation_and_being_asked_again(trio: Any, db: Database) -> None:
    ana, ana_id, ben, ben_id, *_ = trio
    code = create(ana, [HUMAN, HUMAN])["invite_code"]
    invite(ana, code, [ben_id])
    invitation = invitations_of(ben)[0]["id"]
    expect(ben.post(f"/api/invitations/{invitation}/decline"), 204)
    assert invitations_of(ben) == []
    assert seat_users(ana, code) == [ana_id, None]
    # asked again: the same invitation opens again, with a new notice
    assert invite(ana, code, [ben_id]) == {"invited": [ben_id]}
    assert [entry["id"] for entry in invitations_of(ben)] == [invitation]
    with db.sessions() as session:
        assert session.get(Invitation, invitation).status == "open"  # type: ignore[union-attr]


def test_someone_elses_invitation_is_not_found(trio: Any) -> None:
    ana, ana_id, ben, ben_id, cleo, _cleo_id = trio
    code = create(ana, [HUMAN, HUMAN])["invite_code"]
    invite(ana, code, [ben_id])
    invitation = invitations_of(ben)[0]["id"]
    for path in ("accept", "decline"):
        assert refusal(cleo.post(f"/api/invitations/{invitation}/{path}"), 404) == (
            "no_such_invitation"
        )
        assert refusal(ana.post(f"/api/invitations/{invitation}/{path}"), 404) == (
            "no_such_invitation"
        )
    assert refusal(ben.post("/api/invitations/999999/accept"), 404) == "no_such_invitation"
    assert seat_users(ana, code) == [ana_id, None]
    assert len(invitations_of(ben)) == 1


# --- a muted person and private tables ---------------------------------------------------


def test_a_person_muted_by_someone_at_a_private_table_cannot_join(
    client: TestClient,
) -> None:
    own_id(client, "Ana")
    ben, ben_id = person(client, "Ben")
    cleo, cleo_id = person(client, "Cleo")
    private = create(client, [HUMAN, HUMAN, HUMAN])["invite_code"]
    public = create(client, [HUMAN, HUMAN, HUMAN], public=True)["invite_code"]
    expect(ben.post(f"/api/tables/{private}/join"), 200)
    expect(ben.put(f"/api/me/mutes/{cleo_id}"), 204)  # Ben, seated there, mutes Cleo

    assert refusal(cleo.post(f"/api/tables/{private}/join"), 403) == "muted"
    expect(cleo.post(f"/api/tables/{public}/join"), 200)  # public tables are for anyone

    # the other way round: the one who muted may still join
    other = create(cleo, [HUMAN, HUMAN])["invite_code"]
    expect(ben.post(f"/api/tables/{other}/join"), 200)
    # the creator's mute counts too
    mine = create(ben, [HUMAN, HUMAN])["invite_code"]
    assert refusal(cleo.post(f"/api/tables/{mine}/join"), 403) == "muted"
    _ = ben_id


# --- play again ----------------------------------------------------------------------------


def finish(db: Database, game_id: str) -> None:
    """End a game as its last move would (what "again" reads: status and seats)."""
    with db.sessions() as session:
        session.execute(update(Game).where(Game.id == game_id).values(status="finished"))
        session.execute(
            update(GameTable).where(GameTable.game_id == game_id).values(status="finished")
        )
        session.commit()


COPIED = ["game", "options", "public", "spectators", "substitute_minutes", "turn_days"]
COPIED += ["on_timeout", "vacation"]


def test_play_again_makes_the_same_table_and_invites_the_others(
    trio: Any, client: TestClient, db: Database
) -> None:
    ana, ana_id, ben, ben_id, cleo, _cleo_id = trio
    dan, dan_id = person(client, "Dan")  # no friend of Ben's: invited all the same
    old = create(
        ana,
        [HUMAN, GREEDY, HUMAN, HUMAN],
        options={"hand_size": 5, "scoring": "expert"},
        public=True,
        spectators=False,
        turn_days=2,
        on_timeout="drop",
        vacation=False,
    )
    code = old["invite_code"]
    expect(ben.post(f"/api/tables/{code}/join"), 200)
    expect(dan.post(f"/api/tables/{code}/join"), 200)
    game_id = expect(ana.post(f"/api/tables/{code}/start"), 200)["game_id"]
    assert refusal(ben.post(f"/api/games/{game_id}/again"), 409) == "game_not_finished"
    finish(db, game_id)
    assert refusal(cleo.post(f"/api/games/{game_id}/again"), 403) == "not_a_player"
    assert refusal(ben.post("/api/games/nope/again"), 404) == "no_such_game"

    again = expect(ben.post(f"/api/games/{game_id}/again"), 201)
    assert again["url"] == f"/t/{again['invite_code']}" and again["invite_code"] != code
    assert sorted(again["invited"]) == sorted([ana_id, dan_id])
    table = expect(ben.get(f"/api/tables/{again['invite_code']}"), 200)
    assert {key: table[key] for key in COPIED} == {key: old[key] for key in COPIED}
    assert (table["creator_id"], table["status"]) == (ben_id, "open")
    assert [(seat["kind"], seat["bot"], seat["user_id"]) for seat in table["seats"]] == [
        ("human", None, None),
        ("bot", "greedy", None),
        ("human", None, ben_id),  # Ben's seat in the game
        ("human", None, None),
    ]
    for invited in (ana, dan):
        (invitation,) = invitations_of(invited)
        assert (invitation["table"], invitation["from"]) == (again["invite_code"], "Ben")
    expect(dan.post(f"/api/invitations/{invitations_of(dan)[0]['id']}/accept"), 200)
    assert seat_users(ben, again["invite_code"]) == [dan_id, None, ben_id, None]


def test_play_again_leaves_out_who_muted_either_way(trio: Any, db: Database) -> None:
    ana, ana_id, ben, ben_id, cleo, _cleo_id = trio
    code = create(ana, [HUMAN, HUMAN, HUMAN])["invite_code"]
    expect(ben.post(f"/api/tables/{code}/join"), 200)
    expect(cleo.post(f"/api/tables/{code}/join"), 200)
    game_id = expect(ana.post(f"/api/tables/{code}/start"), 200)["game_id"]
    finish(db, game_id)
    expect(cleo.put(f"/api/me/mutes/{ana_id}"), 204)
    again = expect(ana.post(f"/api/games/{game_id}/again"), 201)
    assert again["invited"] == [ben_id]
    assert invitations_of(cleo) == []


def test_a_solo_game_is_not_played_again_with_anyone(client: TestClient, db: Database) -> None:
    game_id = expect(client.post("/api/solo"), 201)["game_id"]
    finish(db, game_id)
    assert refusal(client.post(f"/api/games/{game_id}/again"), 409) == "solo_game"


# --- the me stream ---------------------------------------------------------------------------


@pytest.fixture
def clocked_server(database_url: str) -> Iterator[LiveServer]:
    server = LiveServer(make_settings(database_url, fake_clock=True)).start()
    yield server
    server.stop()


def online_at(db: Database, user_id: int) -> Any:
    with db.sessions() as session:
        user = session.get(User, user_id)
        assert user is not None
        return user.online_at


def test_the_me_stream_tells_of_requests_and_invitations_and_marks_me_online(
    clocked_server: LiveServer, db: Database
) -> None:
    base = clocked_server.url
    with httpx.Client(base_url=base, timeout=10) as ana, httpx.Client(base_url=base) as ben:
        ana_id = expect(ana.put("/api/me/name", json={"name": "Ana"}), 200)["id"]
        ben_id = expect(ben.put("/api/me/name", json={"name": "Ben"}), 200)["id"]
        assert online_at(db, ben_id) is None
        with stream_of(ben) as stream:
            first = stream.next("me")
            assert (first["friend_requests"], first["invitations"]) == (0, [])
            clock = clocked_server.clock
            marked = online_at(db, ben_id)
            assert marked is not None and marked.replace(tzinfo=None) == clock.now().replace(
                tzinfo=None
            )

            expect(ana.post("/api/friends", json={"user": ben_id}), 200)
            stream.until(lambda me: me["friend_requests"] == 1)
            expect(ben.post("/api/friends", json={"user": ana_id}), 200)
            stream.until(lambda me: me["friend_requests"] == 0)
            friends = expect(ana.get("/api/friends"), 200)["friends"]
            assert (friends[0]["id"], friends[0]["online"]) == (ben_id, True)

            code = expect(ana.post("/api/tables", json={"seats": [HUMAN, HUMAN]}), 201)
            code = code["invite_code"]
            clock.advance(180)  # the stream's next round marks Ben online again
            expect(ana.post(f"/api/tables/{code}/invitations", json={"friends": [ben_id]}), 200)
            heard = stream.until(lambda me: len(me["invitations"]) == 1)
            assert heard["invitations"] == expect(ben.get("/api/invitations"), 200)
            deadline = time.monotonic() + 5
            while expect(ana.get("/api/friends"), 200)["friends"][0]["online"] is not True:
                assert time.monotonic() < deadline, "the stream did not mark Ben again"
                time.sleep(0.05)


def test_an_invitations_push_opens_the_table_that_waits() -> None:
    invited = Sending(
        notice_id=1,
        kind="invitation",
        game_id=None,
        details={"players": ["Ana"], "game": "triominos", "table": "AbC123"},
        language="en",
        devices=[],
        email=None,
        user_id=2,
        zone="UTC",
    )
    payload = notice_push(invited)
    assert payload["url"] == "/t/AbC123" and payload["tag"] == "table-AbC123"
    assert payload["body"] == "Ana invited you to a game of Triominos Challenge"
