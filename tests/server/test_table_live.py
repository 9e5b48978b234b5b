"""The live table page: a table's seats and status pushed as they change (server-sent
events, ``GET /api/tables/{invite_code}/events``)."""

from __future__ import annotations

import httpx
import pytest
from support.fixtures import LiveServers
from support.live import LiveServer, Player
from support.streams import watching
from support.wsplay import FAST

HUMAN = {"kind": "human"}


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(**FAST)


def test_the_table_page_sees_seats_taken_and_the_start_without_polling(
    people: list[Player],
) -> None:
    ana, ben = people[0], people[1]
    made = ana.http.post("/api/tables", json={"seats": [HUMAN, HUMAN]})
    code = made.json()["invite_code"]
    with watching(ana.http, code) as stream:
        first = stream.next_table()
        assert first["invite_code"] == code
        assert [seat["user_id"] for seat in first["seats"]][1] is None
        assert ben.http.post(f"/api/tables/{code}/join").status_code == 200
        seated = stream.until(lambda table: table["seats"][1]["user_id"] is not None)
        assert seated["status"] == "open"
        started = ana.http.post(f"/api/tables/{code}/start").json()["game_id"]
        playing = stream.until(lambda table: table["status"] == "playing")
        assert playing["game_id"] == started


def test_the_creator_leaving_closes_the_table_for_everyone_watching(people: list[Player]) -> None:
    ana, ben = people[0], people[1]
    code = ana.http.post("/api/tables", json={"seats": [HUMAN, HUMAN]}).json()["invite_code"]
    assert ben.http.post(f"/api/tables/{code}/join").status_code == 200
    with watching(ben.http, code) as stream:
        stream.next_table()
        assert ana.http.post(f"/api/tables/{code}/leave").status_code == 200
        assert stream.until(lambda table: table["status"] == "closed")


def test_no_such_table_is_a_404_not_a_stream(server: LiveServer) -> None:
    stranger = httpx.Client(base_url=server.url)
    try:
        answer = stranger.get("/api/tables/nothing-here/events")
        assert answer.status_code == 404
        assert answer.json()["detail"]["code"] == "no_such_table"
    finally:
        stranger.close()
