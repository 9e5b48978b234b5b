"""What every page's header hears of me (``GET /api/me/events``): my name, my
preferences and how many games wait for my move, pushed as they change — a move, a
preference changed in another tab or on another device."""

from __future__ import annotations

import httpx
import pytest
from support.fixtures import LiveServers
from support.live import LiveServer, Player
from support.streams import stream_of
from support.wsplay import FAST, Driver, start_game


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(**FAST)


def test_the_header_hears_of_a_preference_changed_elsewhere(people: list[Player]) -> None:
    ana = people[0]
    with stream_of(ana.http) as stream:
        first = stream.next("me")
        assert first["name"] == ana.me["name"]
        assert first["preferences"]["palette"] == "classic"
        assert first["waiting"] == 0
        # "another device": a second client signed in with the same cookies
        other = httpx.Client(base_url=ana.base_url, cookies=ana.http.cookies, timeout=10)
        try:
            changed = other.patch("/api/me/preferences", json={"palette": "tol-bright"})
            assert changed.status_code == 200, changed.text
        finally:
            other.close()
        heard = stream.until(lambda me: me["preferences"]["palette"] == "tol-bright")
        assert heard["preferences"]["symbols"] is False


def test_the_count_of_games_waiting_for_me_follows_the_turns(people: list[Player]) -> None:
    ana, ben = people[1], people[2]
    game_id, _ = start_game([ana, ben], ["human", "human"])
    with stream_of(ana.http) as ana_stream, stream_of(ben.http) as ben_stream:
        ana_first, ben_first = ana_stream.next("me"), ben_stream.next("me")
        assert sorted([ana_first["waiting"], ben_first["waiting"]]) == [0, 1]  # one moves first
        sockets = [ana.connect(game_id), ben.connect(game_id)]
        driver = Driver({0: sockets[0], 1: sockets[1]}, seed=3)
        first = driver.state()["current"]
        driver.run(until=lambda state: state["current"] != first)
        if first == 0:  # ana's move, now ben's
            ana_stream.until(lambda me: me["waiting"] == 0)
            ben_stream.until(lambda me: me["waiting"] == 1)
        else:
            ben_stream.until(lambda me: me["waiting"] == 0)
            ana_stream.until(lambda me: me["waiting"] == 1)
        for sock in sockets:
            sock.close()


def test_a_solo_game_waits_for_nobody(people: list[Player]) -> None:
    cleo = people[3]
    assert cleo.http.post("/api/solo").status_code == 201
    with stream_of(cleo.http) as stream:
        assert stream.next("me")["waiting"] == 0


def test_the_lobby_stream_carries_me_too(people: list[Player]) -> None:
    dora = people[4]
    with stream_of(dora.http, "/api/lobby/events") as stream:
        assert stream.next("me")["name"] == dora.me["name"]


def test_a_visitor_without_an_account_hears_nothing_and_gets_no_account(
    server: LiveServer,
) -> None:
    stranger = httpx.Client(base_url=server.url)
    try:
        with stranger.stream(
            "GET", "/api/me/events", timeout=httpx.Timeout(5, read=1.5)
        ) as response:
            assert response.status_code == 200
            with pytest.raises(httpx.ReadTimeout):
                for line in response.iter_lines():
                    assert not line.startswith("event:"), line
        assert "chromino_session" not in stranger.cookies
    finally:
        stranger.close()
