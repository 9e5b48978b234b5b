"""My games over HTTP: the order of GET /api/me/games (my turns first, the most urgent
first; then the others' turns; then the finished, newest first), each game's last
move, the board picture's placements (GET /api/games/{id}/board) and who may see
them, and the pace of a turn-based table (no seconds per turn, no grace)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from support.api import device, expect
from support.live import Player

from web.db import Database
from web.lobby import streams
from web.models import Game, GameEvent, GamePlayer, GameTable

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "bot": "greedy"}
NOW = datetime.now(UTC).replace(microsecond=0)


def me(client: TestClient) -> dict[str, Any]:
    person: dict[str, Any] = expect(client.post("/api/me"), 200)
    return person


def table_id_of(db: Database, invite_code: str) -> int:
    with db.sessions() as session:
        table = session.scalar(select(GameTable).where(GameTable.invite_code == invite_code))
        assert table is not None
        return table.id


def stored_game(
    db: Database,
    table_id: int,
    game_id: str,
    users: list[int],
    *,
    current: int | None,
    deadline: datetime | None = None,
    turn_days: int | None = None,
    created: datetime = NOW,
    finished: datetime | None = None,
    moves: tuple[tuple[int, str, datetime], ...] = (),
) -> str:
    """A game written straight to the database: its seats (people), whose turn, its
    deadline, and its moves (seat, kind, when), the last one its version."""
    with db.session() as session:
        session.add(
            Game(
                id=game_id,
                table_id=table_id,
                setup={},
                seats=[
                    {"user_id": user, "bot": None, "name": f"P{seat}"}
                    for seat, user in enumerate(users)
                ],
                status="playing" if finished is None else "finished",
                current_seat=current if finished is None else None,
                turn_deadline_at=deadline,
                turn_days=turn_days,
                version=len(moves),
                created_at=created,
                finished_at=finished,
                result=None if finished is None else {"winners": [0], "scores": [0, 0]},
            )
        )
        session.flush()
        for seat, user in enumerate(users):
            session.add(GamePlayer(game_id=game_id, seat=seat, user_id=user))
        for seq, (seat, kind, at) in enumerate(moves, start=1):
            session.add(
                GameEvent(
                    game_id=game_id, seq=seq, seat=seat, action={"action": kind}, created_at=at
                )
            )
    return game_id


def test_my_games_come_my_turns_first_by_deadline_then_the_others_then_the_finished(
    client: TestClient, db: Database
) -> None:
    ana = me(client)["id"]
    ben_client = device(client)
    ben = me(ben_client)["id"]
    code = expect(client.post("/api/tables", json={"seats": [HUMAN, HUMAN]}), 201)["invite_code"]
    table = table_id_of(db, code)
    hours = [NOW + timedelta(hours=hour) for hour in range(200)]
    seats = [ana, ben]

    def game(game_id: str, **facts: Any) -> str:
        return stored_game(db, table, game_id, seats, **facts)

    # Written in an order that is none of the expected ones (created at and ids too).
    other_late = game("o-late", current=1, turn_days=7, deadline=hours[150], created=hours[9])
    ended_old = game("f-old", current=None, finished=hours[2], created=hours[1])
    mine_free = game("m-free", current=0, created=hours[12])  # real time: no deadline
    mine_late = game("m-late", current=0, turn_days=3, deadline=hours[70], created=hours[3])
    other_soon = game("o-soon", current=1, turn_days=1, deadline=hours[5], created=hours[4])
    ended_new = game("f-new", current=None, finished=hours[20], created=hours[0])
    mine_soon = game("m-soon", current=0, turn_days=2, deadline=hours[6], created=hours[2])
    other_free = game("o-free", current=1, turn_days=0, created=hours[11])  # no clock

    order = [
        mine_soon,
        mine_late,
        mine_free,
        other_soon,
        other_late,
        other_free,
        ended_new,
        ended_old,
    ]
    lines = expect(client.get("/api/me/games"), 200)
    assert [line["id"] for line in lines] == order
    assert [line["my_turn"] for line in lines] == [True] * 3 + [False] * 5
    by_id = {line["id"]: line for line in lines}
    assert by_id[mine_soon]["deadline"] == hours[6].timestamp()
    assert by_id[mine_soon]["turn_days"] == 2
    assert by_id[mine_free]["deadline"] is None and by_id[mine_free]["turn_days"] is None
    assert by_id[other_free]["turn_days"] == 0
    assert by_id[ended_new]["deadline"] is None  # a finished game has no clock

    # Ben sees the same games from his seat: his turns are Ana's others'.
    bens = expect(ben_client.get("/api/me/games"), 200)
    assert [line["id"] for line in bens] == [
        other_soon,
        other_late,
        other_free,
        mine_soon,
        mine_late,
        mine_free,
        ended_new,
        ended_old,
    ]

    # The lobby stream's "my games" come in the same order (it reads the same lines).
    assert [line["id"] for line in streams._lobby_lists(db, ana)["my_games"]] == order


def test_the_last_move_says_who_did_what_and_when(client: TestClient, db: Database) -> None:
    ana = me(client)["id"]
    ben = me(device(client))["id"]
    code = expect(client.post("/api/tables", json={"seats": [HUMAN, HUMAN]}), 201)["invite_code"]
    table = table_id_of(db, code)
    moved = NOW - timedelta(hours=2)
    moves = [(0, "play", NOW - timedelta(hours=5)), (1, "draw", NOW - timedelta(hours=3))]
    stored_game(db, table, "moved", [ana, ben], current=0, moves=(*moves, (1, "pass", moved)))
    stored_game(db, table, "fresh", [ana, ben], current=1)
    lines = {line["id"]: line for line in expect(client.get("/api/me/games"), 200)}
    assert lines["moved"]["last_move"] == {
        "seat": 1,
        "action": "pass",
        "at": moved.timestamp(),
        "stand_in": False,  # the person moved (a bot in their place says true)
    }
    assert lines["moved"]["version"] == 3
    assert lines["fresh"]["last_move"] is None
    assert lines["fresh"]["version"] == 0


def first_move(message: dict[str, Any]) -> dict[str, Any]:
    """The first legal placement, else a draw, else a pass, as a command."""
    version = message["version"]
    if message["legal"]:
        move = message["legal"][0]
        command = {"type": "play", **{key: move[key] for key in ("tile", "x", "y", "dir")}}
    elif message["state"]["can_draw"]:
        command = {"type": "draw"}
    else:
        command = {"type": "pass"}
    return {**command, "id": f"c{version}", "version": version}


def test_a_move_played_shows_in_my_games_and_on_the_board_picture(
    players: list[Player],
) -> None:
    ana, ben = players[0], players[1]
    for person, name in ((ana, "Ana"), (ben, "Ben")):
        expect(person.http.put("/api/me/name", json={"name": name}), 200)
    body = {"seats": [HUMAN, HUMAN], "turn_days": 2, "options": {"ruleset": "junior"}}
    code = expect(ana.http.post("/api/tables", json=body), 201)["invite_code"]
    expect(ben.http.post(f"/api/tables/{code}/join"), 200)
    game_id = expect(ana.http.post(f"/api/tables/{code}/start"), 200)["game_id"]
    state = expect(ana.http.get(f"/api/games/{game_id}"), 200)["state"]
    mover_seat = state["current"]
    mover, waiter = (ana, ben) if mover_seat == 0 else (ben, ana)

    before = time.time()
    with mover.connect(game_id) as socket:
        command = first_move(socket.recv_until("welcome"))
        socket.send(command)
        while True:
            message = socket.recv()
            assert message["type"] != "error", message
            if message.get("version") == 1:
                break
    after = time.time()

    line = next(g for g in expect(waiter.http.get("/api/me/games"), 200) if g["id"] == game_id)
    assert (line["my_turn"], line["version"], line["turn_days"]) == (True, 1, 2)
    last = line["last_move"]
    assert (last["seat"], last["action"]) == (mover_seat, command["type"])
    assert before - 1 <= last["at"] <= after + 1

    # The board picture: the placements on the board at that version, as the game
    # shows them, cached for good (a version's board never changes).
    answer = waiter.http.get(f"/api/games/{game_id}/board?v=1")
    assert answer.status_code == 200, answer.text
    assert "immutable" in answer.headers["cache-control"]
    picture = answer.json()
    shown = expect(waiter.http.get(f"/api/games/{game_id}"), 200)["state"]["board"]
    assert picture == {"game": "chromino", "version": 1, "board": shown}
    assert len(shown) == (2 if command["type"] == "play" else 1)
    assert set(shown[0]) >= {"tile", "x", "y", "dir"}


@pytest.mark.parametrize("game", ["chromino", "triominos"])
def test_the_board_of_a_private_game_is_its_players_alone(client: TestClient, game: str) -> None:
    ben, cleo = device(client), device(client)
    body = {"game": game, "seats": [HUMAN, HUMAN], "spectators": False}
    code = expect(client.post("/api/tables", json=body), 201)["invite_code"]
    expect(ben.post(f"/api/tables/{code}/join"), 200)
    game_id = expect(client.post(f"/api/tables/{code}/start"), 200)["game_id"]
    for player in (client, ben):
        picture = expect(player.get(f"/api/games/{game_id}/board?v=0"), 200)
        assert picture["game"] == game and picture["version"] == 0
        assert len(picture["board"]) == (1 if game == "chromino" else 0)  # the dealt tile
    refused = expect(cleo.get(f"/api/games/{game_id}/board?v=0"), 403)
    assert refused["detail"]["code"] == "no_spectators"
    expect(cleo.get("/api/games/no-such-game/board?v=0"), 404)

    # A table that lets people watch shows its board to anyone.
    open_code = expect(client.post("/api/tables", json={"game": game, "seats": [HUMAN]}), 201)
    watched = expect(client.post(f"/api/tables/{open_code['invite_code']}/start"), 200)
    expect(cleo.get(f"/api/games/{watched['game_id']}/board?v=0"), 200)


@pytest.mark.parametrize("game", ["chromino", "triominos"])
def test_a_turn_based_table_has_no_seconds_per_turn_and_no_grace(
    client: TestClient, db: Database, game: str
) -> None:
    asked = {
        "game": game,
        "seats": [HUMAN, GREEDY],
        "options": {"turn_seconds": 60},
        "substitute_minutes": 5,
    }
    live = expect(client.post("/api/tables", json=asked), 201)
    assert (live["turn_days"], live["options"]["turn_seconds"], live["substitute_minutes"]) == (
        None,
        60,
        5,
    )
    table = expect(
        client.post(
            "/api/tables",
            json={**asked, "turn_days": 3, "on_timeout": "timeout", "vacation": False},
        ),
        201,
    )
    assert (table["turn_days"], table["on_timeout"], table["vacation"]) == (3, "timeout", False)
    assert (table["options"]["turn_seconds"], table["substitute_minutes"]) == (0, 0)
    assert expect(client.get(f"/api/tables/{table['invite_code']}"), 200)["turn_days"] == 3

    game_id = expect(client.post(f"/api/tables/{table['invite_code']}/start"), 200)["game_id"]
    with db.sessions() as session:
        stored = session.get(Game, game_id)
        assert stored is not None
        assert (stored.turn_days, stored.substitute_minutes) == (3, 0)
        assert stored.setup["options"]["turn_seconds"] == 0
    state = expect(client.get(f"/api/games/{game_id}"), 200)["state"]
    assert state["options"]["turn_seconds"] == 0
