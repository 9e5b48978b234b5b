"""HTTP games: solo games and their best, what a viewer may see, game records, rematches."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from support.api import GREEDY, HUMAN, at_once, device, expect, names_field, play_out, play_solo
from support.live import Player, solo_best_of

from chromino.games.chromino.game import Game as EngineGame
from chromino.games.chromino.notation import parse_move, replay, setup_from_record
from web.db import Database
from web.models import Game, GameEvent, GamePlayer, GameTable

STATE_KEYS = {
    "seat",
    "resigned",
    "players",
    "options",
    "board",
    "hands",
    "hand_counts",
    "bag",
    "scores",
    "current",
    "first",
    "draws_this_turn",
    "drawn_tile",
    "turns_taken",
    "tiles_drawn",
    "went_out",
    "moves",
    "finished",
    "ended_by",
    "winners",
    "can_draw",
    "can_pass",
}


# --- fixtures and helpers ----------------------------------------------------------------------


def stored_game(db: Database, game_id: str) -> Game:
    with db.sessions() as session:
        game = session.get(Game, game_id)
        assert game is not None
        session.expunge(game)
        return game


def start_duel(
    ana: Player, ben: Player, options: dict[str, Any], seats: list[dict[str, Any]]
) -> str:
    """A table made by Ana, joined by Ben, started: its game id."""
    table = expect(ana.http.post("/api/tables", json={"seats": seats, "options": options}), 201)
    code = table["invite_code"]
    expect(ben.http.post(f"/api/tables/{code}/join"), 200)
    started: dict[str, str] = expect(ana.http.post(f"/api/tables/{code}/start"), 200)
    return started["game_id"]


def name_players(players: list[Player], names: list[str]) -> None:
    for player, name in zip(players, names, strict=False):
        player.me = expect(player.http.put("/api/me/name", json={"name": name}), 200)


# --- what a viewer sees -----------------------------------------------------------------------


def test_a_viewer_sees_their_own_hand_only(client: TestClient, db: Database) -> None:
    expect(client.put("/api/me/name", json={"name": "Ana"}), 200)
    ben, cleo = device(client), device(client)
    expect(ben.put("/api/me/name", json={"name": "Ben"}), 200)
    code = expect(client.post("/api/tables", json={"seats": [HUMAN, HUMAN]}), 201)["invite_code"]
    expect(ben.post(f"/api/tables/{code}/join"), 200)
    game_id = expect(client.post(f"/api/tables/{code}/start"), 200)["game_id"]
    setup = stored_game(db, game_id).setup

    for person, seat in [(client, 0), (ben, 1), (cleo, None)]:
        response = person.get(f"/api/games/{game_id}")
        view = expect(response, 200)
        assert set(view) == {"game", "state"}
        state = view["state"]
        assert set(state) == STATE_KEYS
        assert view["game"]["my_seat"] == seat
        assert view["game"]["players"] == ["Ana", "Ben"]
        assert (view["game"]["status"], view["game"]["result"]) == ("playing", None)
        assert state["seat"] == seat
        expected_hands = [setup["hands"][index] if index == seat else None for index in range(2)]
        assert state["hands"] == expected_hands
        assert state["hand_counts"] == [8, 8]
        assert state["bag"] == 79 - 16  # a count, never the tiles
        assert state["board"] == [setup["start"]]
        assert state["first"] == setup["first"]
        assert (state["finished"], state["moves"]) == (False, 0)
        assert state["can_draw"] is (seat == setup["first"])
        for hidden in [*setup["bag"][:5], "seed"]:
            assert f'"{hidden}"' not in response.text


def test_open_hands_are_shown_to_everyone(client: TestClient, db: Database) -> None:
    table = {"seats": [HUMAN, HUMAN], "options": {"open_hands": True}}
    code = expect(client.post("/api/tables", json=table), 201)["invite_code"]
    expect(device(client).post(f"/api/tables/{code}/join"), 200)
    game_id = expect(client.post(f"/api/tables/{code}/start"), 200)["game_id"]
    hands = stored_game(db, game_id).setup["hands"]
    state = expect(device(client).get(f"/api/games/{game_id}"), 200)["state"]
    assert (state["seat"], state["hands"]) == (None, hands)


def test_an_unknown_game_is_a_404(client: TestClient) -> None:
    for method, path in [
        ("GET", "/api/games/nope"),
        ("GET", "/api/games/nope/record"),
        ("POST", "/api/games/nope/rematch"),
        ("GET", "/api/games/" + "A" * 300),
    ]:
        refused = expect(client.request(method, path), 404)
        assert refused["detail"] == {"code": "no_such_game", "message": "no game has this id"}


def test_the_record_is_refused_while_the_game_goes_on(client: TestClient) -> None:
    """To its player and to an onlooker (a table that lets people watch, not a solo
    game, which is private)."""
    seats = {"seats": [{"kind": "human"}]}
    invite = expect(client.post("/api/tables", json=seats), 201)["invite_code"]
    game_id = expect(client.post(f"/api/tables/{invite}/start"), 200)["game_id"]
    for person in (client, device(client)):
        refused = expect(person.get(f"/api/games/{game_id}/record"), 409)
        assert refused["detail"]["code"] == "game_in_progress"
        assert "bag" not in refused["detail"]


# --- solo --------------------------------------------------------------------------------------


def test_a_solo_game_starts_at_once(client: TestClient, db: Database) -> None:
    ana = expect(client.put("/api/me/name", json={"name": "Ana"}), 200)
    started = expect(client.post("/api/solo"), 201)
    assert set(started) == {"game_id"}
    game_id = started["game_id"]
    view = expect(client.get(f"/api/games/{game_id}"), 200)
    assert view["game"]["solo"] is True
    assert view["game"]["players"] == ["Ana"]
    assert (view["game"]["status"], view["game"]["my_seat"]) == ("playing", 0)
    assert len(view["state"]["hands"][0]) == 8
    assert view["state"]["current"] == 0
    assert view["state"]["options"]["hand_size"] == 8
    with db.sessions() as session:
        table = session.scalar(select(GameTable).where(GameTable.game_id == game_id))
        assert table is not None
        assert (table.solo, table.public, table.status) == (True, False, "playing")
        seats = session.scalars(select(GamePlayer).where(GamePlayer.game_id == game_id))
        assert [(row.seat, row.user_id) for row in seats] == [(0, ana["id"])]
    assert expect(client.get("/api/tables"), 200) == []
    assert [game["id"] for game in expect(client.get("/api/me/games"), 200)] == [game_id]
    assert expect(client.get("/api/me/solo-best"), 200) is None


def test_a_solo_game_takes_rule_options(client: TestClient, db: Database) -> None:
    options = {"scoring": "expert", "hand_size": 5, "start": "tricolor", "draws_per_turn": 0}
    game_id = expect(client.post("/api/solo", json={"options": options}), 201)["game_id"]
    setup_options = stored_game(db, game_id).setup["options"]
    assert {key: setup_options[key] for key in options} == options
    assert len(expect(client.get(f"/api/games/{game_id}"), 200)["state"]["hands"][0]) == 5


def test_a_triominos_solo_game_is_untimed_unless_asked(client: TestClient, db: Database) -> None:
    """Practice alone is not hurried (the table's default is a 60-second hourglass);
    a player who asks for the hourglass gets it."""
    untimed = expect(client.post("/api/solo", json={"game": "triominos"}), 201)["game_id"]
    assert stored_game(db, untimed).setup["options"]["turn_seconds"] == 0
    assert stored_game(db, untimed).turn_deadline_at is None
    body = {"game": "triominos", "options": {"turn_seconds": 60, "target": 100}}
    timed = expect(client.post("/api/solo", json=body), 201)["game_id"]
    assert stored_game(db, timed).setup["options"]["turn_seconds"] == 60
    assert stored_game(db, timed).setup["options"]["target"] == 100
    with_target = {"game": "triominos", "options": {"target": 100}}
    other = expect(client.post("/api/solo", json=with_target), 201)["game_id"]
    assert stored_game(db, other).setup["options"]["turn_seconds"] == 0
    table = {"game": "triominos", "seats": [HUMAN, GREEDY]}
    invite = expect(client.post("/api/tables", json=table), 201)["invite_code"]
    assert expect(client.get(f"/api/tables/{invite}"), 200)["options"]["turn_seconds"] == 60


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"hand_size": 0}, "hand_size"),
        ({"hand_size": 21}, "hand_size"),
        ({"ruleset": "chess"}, "ruleset"),
        ({"seats": [HUMAN]}, "seats"),
        ({"turn_seconds": "soon"}, "turn_seconds"),
    ],
)
def test_bad_solo_options_are_refused(
    refusing_client: TestClient, refusing_db: Database, body: Any, field: str
) -> None:
    solo = {"options": body} if "seats" not in body else body
    assert names_field(expect(refusing_client.post("/api/solo", json=solo), 422), field)
    with refusing_db.sessions() as session:
        assert session.scalars(select(Game)).first() is None


def test_a_malformed_solo_body_is_refused(refusing_client: TestClient) -> None:
    for raw in (b"{", b"[1]", b'"solo"'):
        response = refusing_client.post(
            "/api/solo", content=raw, headers={"content-type": "application/json"}
        )
        assert expect(response, 422)["detail"][0]["loc"][0] == "body"


def test_a_solo_game_played_to_the_end_sets_the_best(players: list[Player], db: Database) -> None:
    ana = players[0]
    played: list[str] = []
    for _ in range(6):  # about one solo game in ten is blocked rather than emptied
        game_id = expect(ana.http.post("/api/solo"), 201)["game_id"]
        played.append(game_id)
        final = play_solo(ana, game_id)
        assert final["state"]["finished"]
        summary = expect(ana.http.get(f"/api/games/{game_id}"), 200)["game"]
        assert summary["status"] == "finished"
        result = summary["result"]
        assert result == stored_game(db, game_id).result
        assert result["ended_by"] == final["state"]["ended_by"]
        assert result["turns"] == final["state"]["turns_taken"]
        assert result["draws"] == final["state"]["tiles_drawn"]
        assert result["winners"] == [0]
        if result["ended_by"] == "out":
            break
        assert expect(ana.http.get("/api/me/solo-best"), 200) is None
    assert result["ended_by"] == "out"
    assert result["hand_sizes"] == [0]
    assert result["turns"][0] >= 8
    best = expect(ana.http.get("/api/me/solo-best"), 200)
    assert best == solo_best_of("chromino", game_id, result)
    assert expect(players[1].http.get("/api/me/solo-best"), 200) is None
    mine = expect(ana.http.get("/api/me/games"), 200)
    assert {game["id"] for game in mine} == set(played)
    assert all(game["status"] == "finished" and game["solo"] for game in mine)


def add_finished_solo(
    db: Database, table_id: int, user_id: int, *, turns: int, draws: int, ended_by: str = "out"
) -> str:
    """A finished solo game written straight to the database."""
    game_id = f"fake-{turns}-{draws}-{ended_by}-{user_id}"
    result = {
        "ended_by": ended_by,
        "winners": [0],
        "scores": [0],
        "turns": [turns],
        "draws": [draws],
        "hand_sizes": [0 if ended_by == "out" else 3],
    }
    with db.session() as session:
        session.add(
            Game(
                id=game_id,
                table_id=table_id,
                setup={},
                seats=[{"user_id": user_id, "bot": None, "name": "someone"}],
                solo=True,
                status="finished",
                result=result,
            )
        )
        session.flush()
        session.add(GamePlayer(game_id=game_id, seat=0, user_id=user_id))
    return game_id


def test_the_solo_best_is_the_fewest_turns_then_the_fewest_draws(
    client: TestClient, db: Database
) -> None:
    ana = expect(client.post("/api/me"), 200)
    ben = device(client)
    ben_id = expect(ben.post("/api/me"), 200)["id"]
    game_id = expect(client.post("/api/solo"), 201)["game_id"]
    table_id = stored_game(db, game_id).table_id
    assert expect(client.get("/api/me/solo-best"), 200) is None  # in progress

    def best() -> Any:
        found = expect(client.get("/api/me/solo-best"), 200)
        assert (found["game"], found["score"]) == ("chromino", 0)
        return {key: found[key] for key in ("turns", "draws", "game_id")}

    first = add_finished_solo(db, table_id, ana["id"], turns=30, draws=12)
    assert best() == {"turns": 30, "draws": 12, "game_id": first}
    add_finished_solo(db, table_id, ana["id"], turns=31, draws=0)
    add_finished_solo(db, table_id, ana["id"], turns=30, draws=13)
    add_finished_solo(db, table_id, ana["id"], turns=9, draws=0, ended_by="blocked")
    add_finished_solo(db, table_id, ben_id, turns=8, draws=0)
    assert best() == {"turns": 30, "draws": 12, "game_id": first}
    fewer_draws = add_finished_solo(db, table_id, ana["id"], turns=30, draws=11)
    assert best() == {"turns": 30, "draws": 11, "game_id": fewer_draws}
    fewer_turns = add_finished_solo(db, table_id, ana["id"], turns=20, draws=15)
    assert best() == {"turns": 20, "draws": 15, "game_id": fewer_turns}
    assert expect(ben.get("/api/me/solo-best"), 200)["turns"] == 8


def test_changing_assistance_resends_the_state_to_open_games(players: list[Player]) -> None:
    ana = players[0]
    game_id = expect(ana.http.post("/api/solo"), 201)["game_id"]
    with ana.connect(game_id) as socket:
        welcome = socket.recv_until("welcome")
        assert isinstance(welcome["legal"], list)
        expect(ana.http.patch("/api/me/preferences", json={"assistance": "none"}), 200)
        state = socket.recv_until("state")
        assert state["legal"] is None
        expect(ana.http.patch("/api/me/preferences", json={"assistance": "intermediate"}), 200)
        state = socket.recv_until("state")
        assert isinstance(state["legal"], list)
        assert state["state"]["can_draw"] is True


# --- records and rematches ------------------------------------------------------------------------


DUEL_OPTIONS = {"scoring": "expert", "hand_size": 3, "draws_per_turn": 2, "start": "tricolor"}
DUEL_SEATS = [HUMAN, GREEDY, HUMAN]


def finished_duel(players: list[Player]) -> str:
    ana, ben = players[0], players[1]
    name_players(players, ["Ana", "Ben", "Cleo"])
    game_id = start_duel(ana, ben, DUEL_OPTIONS, DUEL_SEATS)
    with ana.connect(game_id) as first, ben.connect(game_id) as second:
        final = play_out({0: first, 2: second})
    assert final["state"]["finished"]
    return game_id


def test_a_finished_game_gives_its_record(players: list[Player], db: Database) -> None:
    game_id = finished_duel(players)
    stored = stored_game(db, game_id)
    assert stored.status == "finished"
    result = stored.result
    assert result is not None

    cleo = players[2]  # a spectator may read a finished game's record too
    response = cleo.http.get(f"/api/games/{game_id}/record")
    record = expect(response, 200)
    assert response.headers["content-type"].startswith("application/json")
    assert (
        response.headers["content-disposition"] == f'attachment; filename="chromino-{game_id}.json"'
    )
    assert record["format"] == "chromino-game/1"
    assert record["players"] == ["Ana", "Medium bot", "Ben"]
    assert {key: record["options"][key] for key in DUEL_OPTIONS} == DUEL_OPTIONS
    assert {key: record[key] for key in stored.setup} == stored.setup
    with db.sessions() as session:
        events = list(
            session.scalars(
                select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
            )
        )
    assert len(record["moves"]) == len(events) == stored.version
    assert record["moves"] == [{"player": event.seat, **event.action} for event in events]
    assert {move["player"] for move in record["moves"]} == {0, 1, 2}

    game = replay(record)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.ended_by == result["ended_by"]
    assert list(outcome.scores) == result["scores"]
    assert list(outcome.winners) == result["winners"]
    assert game.turns_taken == result["turns"]
    assert game.tiles_drawn == result["draws"]
    assert [len(hand) for hand in game.hands] == result["hand_sizes"]

    view = expect(players[0].http.get(f"/api/games/{game_id}"), 200)
    assert view["game"]["status"] == "finished"
    assert view["game"]["result"] == result
    assert view["state"]["finished"] is True
    assert view["state"]["winners"] == result["winners"]
    assert view["state"]["scores"] == result["scores"]
    with db.sessions() as session:
        table = session.scalar(select(GameTable).where(GameTable.game_id == game_id))
        assert table is not None
        assert table.status == "finished"


def test_a_rematch_seats_the_same_players_with_the_same_options(
    players: list[Player], db: Database
) -> None:
    ana, ben, cleo = players[0], players[1], players[2]
    name_players(players, ["Ana", "Ben", "Cleo"])
    game_id = start_duel(ana, ben, DUEL_OPTIONS, DUEL_SEATS)

    refused = expect(ana.http.post(f"/api/games/{game_id}/rematch"), 409)
    assert refused["detail"]["code"] == "game_not_finished"

    with ana.connect(game_id) as first, ben.connect(game_id) as second:
        play_out({0: first, 2: second})

    refused = expect(cleo.http.post(f"/api/games/{game_id}/rematch"), 403)
    assert refused["detail"] == {
        "code": "not_a_player",
        "message": "only the game's players can ask for a rematch",
    }

    rematch_id = expect(ben.http.post(f"/api/games/{game_id}/rematch"), 200)["game_id"]
    assert rematch_id != game_id
    assert expect(ana.http.post(f"/api/games/{game_id}/rematch"), 200)["game_id"] == rematch_id
    assert expect(ben.http.post(f"/api/games/{game_id}/rematch"), 200)["game_id"] == rematch_id

    old, new = stored_game(db, game_id), stored_game(db, rematch_id)
    assert new.seats == old.seats
    assert new.setup["options"] == old.setup["options"]
    assert new.setup["players"] == old.setup["players"]
    assert new.table_id == old.table_id
    assert new.status == "playing"
    with db.sessions() as session:
        table = session.get(GameTable, old.table_id)
        assert table is not None
        assert (table.status, table.game_id) == ("playing", rematch_id)
        games = session.scalars(select(Game).where(Game.table_id == old.table_id))
        assert {game.id for game in games} == {game_id, rematch_id}

    view = expect(ben.http.get(f"/api/games/{rematch_id}"), 200)
    assert view["game"]["my_seat"] == 2
    assert view["game"]["players"] == ["Ana", "Medium bot", "Ben"]
    mine = expect(ana.http.get("/api/me/games"), 200)
    assert [(game["id"], game["status"]) for game in mine] == [
        (rematch_id, "playing"),
        (game_id, "finished"),
    ]
    assert mine[1]["result"] == old.result
    refused = expect(ana.http.post(f"/api/games/{rematch_id}/rematch"), 409)
    assert refused["detail"]["code"] == "game_not_finished"
    refused = expect(ana.http.get(f"/api/games/{rematch_id}/record"), 409)
    assert refused["detail"]["code"] == "game_in_progress"


def test_players_asking_for_a_rematch_together_get_one_game(
    players: list[Player], db: Database
) -> None:
    game_id = finished_duel(players)
    ana, ben = players[0], players[1]
    answers = at_once(
        [
            partial(person.http.post, f"/api/games/{game_id}/rematch")
            for person in [ana, ben, ana, ben]
        ]
    )
    assert [answer.status_code for answer in answers] == [200] * 4, [a.text for a in answers]
    assert len({answer.json()["game_id"] for answer in answers}) == 1
    table_id = stored_game(db, game_id).table_id
    with db.sessions() as session:
        assert len(list(session.scalars(select(Game).where(Game.table_id == table_id)))) == 2


def test_a_solo_rematch_is_another_solo_game(players: list[Player], db: Database) -> None:
    ana = players[0]
    game_id = expect(ana.http.post("/api/solo", json={"options": {"hand_size": 2}}), 201)["game_id"]
    play_solo(ana, game_id)
    rematch_id = expect(ana.http.post(f"/api/games/{game_id}/rematch"), 200)["game_id"]
    new = stored_game(db, rematch_id)
    assert new.solo is True
    assert new.setup["options"]["hand_size"] == 2
    refused = expect(players[1].http.post(f"/api/games/{game_id}/rematch"), 403)
    assert refused["detail"]["code"] == "not_a_player"


# --- the replay of a finished game ------------------------------------------------------


def test_the_replay_is_sent_step_by_step_once_the_game_is_over(players: list[Player]) -> None:
    ana, ben = players[0], players[1]
    watcher = players[2]
    game_id = start_duel(ana, ben, {"scoring": "expert"}, [HUMAN, HUMAN])
    refused = ana.http.get(f"/api/games/{game_id}/replay")
    assert expect(refused, 409)["detail"]["code"] == "game_in_progress"
    with ana.connect(game_id) as first, ben.connect(game_id) as second:
        final = play_out({0: first, 1: second})
    replayed = expect(watcher.http.get(f"/api/games/{game_id}/replay"), 200)  # anyone may
    record = expect(ana.http.get(f"/api/games/{game_id}/record"), 200)
    assert replayed["game"] == "chromino"
    assert replayed["players"] == record["players"]
    steps = replayed["steps"]
    assert [step["version"] for step in steps] == list(range(len(record["moves"]) + 1))
    # every step against the engine replaying the record on its own, move by move
    setup, moves = setup_from_record(record)
    game = EngineGame(setup)
    assert steps[0]["event"] is None
    for step, raw in zip(steps[1:], moves, strict=True):
        seat, action = parse_move(raw)
        event = game.apply(seat, action)
        assert step["event"]["seat"] == seat and step["event"]["action"] == action.kind
        if event.drawn is not None:
            assert step["event"]["drawn"] == event.drawn  # the game is over: no secret now
        assert step["scores"] == list(game.scores)  # the running score
        assert step["hands"] == [list(hand) for hand in game.hands]
        assert step["bag"] == len(game.bag)
        assert len(step["board"]) == len(game.board.placements)
    assert steps[-1]["scores"] == final["state"]["scores"]
    assert replayed["result"]["scores"] == final["state"]["scores"]
    assert expect(ana.http.get("/api/games/nope/replay"), 404)["detail"]["code"] == "no_such_game"
