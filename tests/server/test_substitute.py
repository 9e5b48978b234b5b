"""A bot plays for a player who is away (no socket open for the table's whole grace)
until they come back and take their seat; everyone hears of both. The server runs a
fake clock (web.clock), so the grace passes when the test says."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from support.fixtures import LiveServers
from support.live import GameSocket, LiveServer, Player, make_settings, migrated_sqlite
from support.wsplay import FAST, choose

from web.db import Database
from web.models import GameEvent, SeatSubstitute

GRACE_MINUTES = 2
GRACE = GRACE_MINUTES * 60


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(fake_clock=True, **FAST)


def substituted_game(people: list[Player], **extra: Any) -> tuple[str, Player, Player]:
    """Ana and Bob at a table that lets a bot play for an absent player, dealt."""
    ana, bob = people[:2]
    body = {"seats": [{"kind": "human"}] * 2, "substitute_minutes": GRACE_MINUTES, **extra}
    created = ana.http.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    assert created.json()["substitute_minutes"] == body["substitute_minutes"]
    invite = created.json()["invite_code"]
    assert bob.http.post(f"/api/tables/{invite}/join").status_code == 200
    started = ana.http.post(f"/api/tables/{invite}/start")
    assert started.status_code == 200, started.text
    return started.json()["game_id"], ana, bob


def quiet(sock: GameSocket) -> int:
    """The game's version, once everything sent before a ping has arrived."""
    sock.send({"type": "ping"})
    return int(sock.recv_until("pong")["version"])


def away_news(sock: GameSocket) -> list[dict[str, Any]]:
    return [frame for frame in sock.received if frame["type"] == "away"]


def substitutes(database_url: str, game_id: str) -> list[int]:
    database = Database(database_url)
    try:
        with database.session() as session:
            query = select(SeatSubstitute.seat).where(SeatSubstitute.game_id == game_id)
            return list(session.scalars(query))
    finally:
        database.dispose()


def play_my_turn(sock: GameSocket, message: dict[str, Any], command_id: str) -> dict[str, Any]:
    """Play the turn the message shows is mine (a draw first if nothing fits)."""
    command = choose(message, random.Random(1), 0.0)
    sock.send({**command, "id": command_id, "version": message["version"]})
    event = sock.recv_until("event")
    if command["type"] == "draw":
        return play_my_turn(sock, event, command_id + "+")
    return event


def test_a_bot_plays_for_an_absent_player_until_they_take_their_seat_back(
    people: list[Player], server: LiveServer
) -> None:
    clock = server.clock
    game_id, ana, bob = substituted_game(people)
    ana_sock = ana.connect(game_id)
    welcome = ana_sock.recv_until("welcome")
    assert welcome["away"] == [False, False]
    assert welcome["substitute_minutes"] == GRACE_MINUTES
    # Bob comes, then goes: his grace counts from when his last socket closed
    with bob.connect(game_id) as bob_sock:
        bob_sock.recv_until("welcome")
        clock.advance(GRACE * 3)
        assert quiet(bob_sock) == 0
    while ana_sock.recv_until("presence")["connected"] != [True, False]:
        pass  # Bob's arrival first, then his leaving
    clock.advance(GRACE - 1)
    assert quiet(ana_sock) == 0
    assert away_news(ana_sock) == []
    clock.advance(1)
    news = ana_sock.recv_until("away")
    assert news == {"type": "away", "version": 0, "seat": 1, "away": True}
    assert substitutes(server.settings.database_url, game_id) == [1]

    # the bot plays Bob's turns: Ana moves, the bot answers at once
    latest = welcome
    if latest["state"]["current"] == 0:
        latest = play_my_turn(ana_sock, latest, "a1")
    bot_move = ana_sock.recv_until("event")
    assert bot_move["event"]["seat"] == 1
    assert bot_move["state"]["current"] == 0

    # Bob is back: he is told a bot plays for him, and takes his seat at once
    bob_sock = bob.connect(game_id)
    again = bob_sock.recv_until("welcome")
    assert again["away"] == [False, True]
    # he may not play over the bot's head: first his seat back
    bob_sock.send({"type": "draw", "id": "over", "version": again["version"]})
    error = bob_sock.recv_until("error")
    assert (error["code"], error["id"]) == ("seat_away", "over")
    assert error["message"] == "a bot is playing for you: take your seat back first"
    assert quiet(bob_sock) == again["version"]
    bob_sock.send({"type": "take_seat", "id": "back", "version": again["version"]})
    assert bob_sock.recv_until("ack")["id"] == "back"
    assert ana_sock.recv_until("away") == {
        "type": "away",
        "version": again["version"],
        "seat": 1,
        "away": False,
    }
    assert substitutes(server.settings.database_url, game_id) == []
    # now Bob's turn is his: nobody plays it for him
    ana_turn = play_my_turn(ana_sock, bot_move, "a2")
    assert ana_turn["state"]["current"] == 1
    assert quiet(ana_sock) == ana_turn["version"]
    bob_turn = bob_sock.recv_until("event")
    while bob_turn["version"] < ana_turn["version"]:
        bob_turn = bob_sock.recv_until("event")
    mine = play_my_turn(bob_sock, bob_turn, "b1")
    assert mine["event"]["seat"] == 1
    assert bob_sock.recv_until("ack")["id"].startswith("b1")
    # taking back a seat that is one's own already is refused, changing nothing
    bob_sock.send({"type": "take_seat", "id": "again", "version": mine["version"]})
    error = bob_sock.recv_until("error")
    assert (error["code"], error["id"]) == ("not_away", "again")
    assert error["message"] == "no bot is playing for you"
    database = Database(server.settings.database_url)
    try:
        with database.session() as session:
            rows = list(session.scalars(select(GameEvent).where(GameEvent.game_id == game_id)))
    finally:
        database.dispose()
    by_bot = [row for row in rows if row.seat == 1 and row.user_id is None]
    assert by_bot and all(row.command_id is None for row in by_bot)
    for sock in (ana_sock, bob_sock):
        sock.close()


def test_a_player_who_stays_is_never_replaced(people: list[Player], server: LiveServer) -> None:
    game_id, ana, bob = substituted_game(people)
    socks = [ana.connect(game_id), bob.connect(game_id)]
    for sock in socks:
        sock.recv_until("welcome")
    server.clock.advance(GRACE * 10)
    assert [quiet(sock) for sock in socks] == [0, 0]
    assert [away_news(sock) for sock in socks] == [[], []]
    for sock in socks:
        sock.close()


def test_no_bot_plays_for_anyone_unless_the_table_says_so(
    people: list[Player], server: LiveServer
) -> None:
    game_id, ana, _ = substituted_game(people, substitute_minutes=0)
    with ana.connect(game_id) as sock:
        assert sock.recv_until("welcome")["substitute_minutes"] == 0
        server.clock.advance(24 * 3600)
        assert quiet(sock) == 0
        assert away_news(sock) == []


@pytest.mark.parametrize("minutes", [-1, 61, "5", 1.5])
def test_the_grace_is_0_to_60_minutes(refusing_client: Any, minutes: object) -> None:
    body = {"seats": [{"kind": "human"}], "substitute_minutes": minutes}
    refused = refusing_client.post("/api/tables", json=body)
    assert refused.status_code == 422
    assert ["body", "substitute_minutes"] in [p["loc"] for p in refused.json()["detail"]]


def test_a_restarted_server_keeps_the_bot_playing(tmp_path: Path) -> None:
    """The substitution is in the database: a server started again on it goes on."""
    url = migrated_sqlite(tmp_path / "chromino.sqlite3")
    first = LiveServer(make_settings(url, fake_clock=True, **FAST)).start()
    people = [Player(first.url) for _ in range(2)]
    try:
        game_id, ana, _ = substituted_game(people)
        with ana.connect(game_id) as sock:
            sock.recv_until("welcome")
            first.clock.advance(GRACE)
            assert sock.recv_until("away")["away"] is True
    finally:
        first.stop()
    again = LiveServer(make_settings(url, fake_clock=True, **FAST)).start()
    try:
        ana.base_url = again.url
        ana.http.base_url = again.url  # the same session cookie, on the new server
        with ana.connect(game_id) as sock:
            welcome = sock.recv_until("welcome")
            assert welcome["away"] == [False, True]
            latest = welcome
            if latest["state"]["current"] == 0:
                latest = play_my_turn(sock, latest, "a1")
            assert sock.recv_until("event")["event"]["seat"] == 1  # the bot, still
    finally:
        for person in people:
            person.close()
        again.stop()
