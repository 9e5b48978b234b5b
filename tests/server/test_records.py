"""Records as a published format (docs/records.md): the schemas served, every finished
game of mine exported at once, a record imported as my own private game (or refused at
its first bad move), and the round trip that gives back the same record."""

from __future__ import annotations

import copy
import io
import json
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from support.api import device, expect, make_admin, refusal, signed_in
from support.api import server as api_server
from support.live import LiveServer, Player, migrated_sqlite
from support.records import check_record
from support.wsplay import PLACEMENT_FIELDS, Driver, fetch_record, start_server

from chromino import GAMES as ENGINE_GAMES
from chromino.core.notation import record_of
from chromino.core.record_schemas import game_formats, schema_of
from chromino.core.selfplay import play_bot_game
from web.db import Database, utcnow
from web.models import AnalysisLine, Game, GameEvent
from web.ops import admin
from web.records import MAX_MOVES

LINEUPS: list[tuple[str, int, dict[str, Any], bool]] = [
    ("chromino", 2, {}, False),
    ("chromino", 3, {"ruleset": "junior", "scoring": "expert"}, False),
    ("chromino", 2, {"start": "tricolor", "draws_per_turn": 0, "strict_draw": True}, True),
    ("triominos", 2, {}, False),
    ("triominos", 3, {"turn_seconds": 0, "target": 100}, True),
]
"""The finished games the module plays: game, seats (one person, greedy bots), options,
private."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = start_server(tmp_path_factory.mktemp("records"), coach=False, fake_clock=True)
    yield live
    live.stop()


@dataclass
class Played:
    game_id: str
    game: str
    record: dict[str, Any]


@dataclass
class Cast:
    """The player of every game, someone else, and the game still going."""

    ana: Player
    ben: Player
    finished: list[Played]
    running: str


def deal(player: Player, game: str, seats: int, options: dict[str, Any], private: bool) -> str:
    lineup = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (seats - 1)
    body = {"game": game, "seats": lineup, "options": options, "spectators": not private}
    invite = expect(player.http.post("/api/tables", json=body), 201)["invite_code"]
    game_id: str = expect(player.http.post(f"/api/tables/{invite}/start"), 200)["game_id"]
    return game_id


@pytest.fixture(scope="module")
def cast(server: LiveServer) -> Iterator[Cast]:
    ana, ben = Player(server.url), Player(server.url)
    finished = []
    for index, (game, seats, options, private) in enumerate(LINEUPS):
        game_id = deal(ana, game, seats, options, private)
        with ana.connect(game_id) as sock:
            Driver({0: sock}, seed=index).run(max_events=3000)
        finished.append(Played(game_id, game, fetch_record(ana, game_id)))
    running = deal(ana, "chromino", 2, {}, False)
    yield Cast(ana, ben, finished, running)
    ana.close()
    ben.close()


def exported(person: Player) -> dict[str, dict[str, Any]]:
    answer = person.http.get("/api/me/records")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/zip"
    assert answer.headers["content-disposition"].startswith("attachment;")
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        return {name: json.loads(archive.read(name)) for name in archive.namelist()}


def imported(person: Player, record: dict[str, Any]) -> str:
    answer = expect(person.http.post("/api/records", json=record), 201)
    assert answer["replay"] == f"/g/{answer['game_id']}/replay"
    game_id: str = answer["game_id"]
    return game_id


def test_each_format_has_its_schema_at_a_stable_address(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url) as visitor:
        for game in ENGINE_GAMES.values():
            for format_name in game_formats(game):
                answer = visitor.get(f"/schemas/{format_name}.json")
                assert answer.status_code == 200, format_name
                assert answer.headers["content-type"].startswith("application/schema+json")
                assert "public" in answer.headers["cache-control"]
                assert answer.json() == schema_of(game, format_name)
        for missing in ("/schemas/chess-game/1.json", "/schemas/chromino-game/9.json"):
            assert refusal(visitor.get(missing), 404, "no_such_format")


def test_every_record_the_server_writes_is_valid(cast: Cast) -> None:
    for played in cast.finished:
        check_record(played.record)


def test_my_export_holds_every_finished_game_i_played_and_nothing_else(cast: Cast) -> None:
    records = exported(cast.ana)
    expected = {f"{p.game}-{p.game_id}.json": p.record for p in cast.finished}
    assert records == expected
    assert not any(cast.running in name for name in records)
    assert exported(cast.ben) == {}
    stranger = Player(cast.ana.base_url)
    try:
        assert exported(stranger) == {}
    finally:
        stranger.close()


def test_an_exported_record_imports_and_exports_again_the_same(cast: Cast) -> None:
    for played in cast.finished:
        game_id = imported(cast.ana, played.record)
        again = fetch_record(cast.ana, game_id)
        assert again == played.record
        original = expect(cast.ana.http.get(f"/api/games/{played.game_id}/replay"), 200)
        replay = expect(cast.ana.http.get(f"/api/games/{game_id}/replay"), 200)
        assert [step["board"] for step in replay["steps"]] == [
            step["board"] for step in original["steps"]
        ]
        assert replay["steps"][-1]["scores"] == original["steps"][-1]["scores"]
        assert replay["result"] == original["result"]
        assert replay["players"] == played.record["players"]
        assert replay["coach"]["status"] == "off"
        assert replay["imported"] and not original["imported"]
        expect(cast.ana.http.get(f"/api/games/{game_id}/analysis/0"), 200)
        for page in (f"/g/{game_id}/replay", f"/g/{game_id}/analysis/0"):
            assert cast.ana.http.get(page).status_code == 200


def test_an_imported_game_is_its_importers_alone_and_counts_nowhere(cast: Cast) -> None:
    played = cast.finished[0]
    person = expect(cast.ana.http.get("/api/me"), 200)["id"]
    counted = (
        "/api/me/games",
        "/api/me/solo-best",
        f"/api/players/{person}/profile",
        "/api/leaderboard",
    )
    before = {route: expect(cast.ana.http.get(route), 200) for route in counted}
    before_records = exported(cast.ana)
    game_id = imported(cast.ana, played.record)
    assert {route: expect(cast.ana.http.get(route), 200) for route in counted} == before
    assert exported(cast.ana) == before_records
    for route in ("", "/record", "/replay", "/board", "/analysis/0"):
        assert refusal(cast.ben.http.get(f"/api/games/{game_id}{route}"), 403, "no_spectators")
    with httpx.Client(base_url=cast.ana.base_url) as visitor:
        assert visitor.get(f"/api/games/{game_id}/record").status_code == 403
    listed = expect(cast.ben.http.get("/api/tables"), 200)
    assert game_id not in json.dumps(listed)


def moves_of(played: Played) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = played.record["moves"]
    return moves


def test_an_illegal_move_is_refused_with_its_number_and_reason(cast: Cast) -> None:
    for played in cast.finished:
        record = copy.deepcopy(played.record)
        index = next(
            i for i, move in enumerate(moves_of(played)) if i >= 6 and move["action"] == "play"
        )
        record["moves"][index]["x"] += 40  # far from every tile on the board
        before = exported(cast.ben)
        body = expect(cast.ben.http.post("/api/records", json=record), 422)["detail"]
        assert body["code"] == "illegal_record"
        assert body["move"] == index + 1
        assert body["field"] == f"moves[{index}]"
        assert body["message"].startswith(f"move {index + 1}: ")
        assert exported(cast.ben) == before


@pytest.mark.parametrize(
    ("change", "status", "code", "field"),
    [
        (lambda r: r.update(format="chromino-game/2"), 422, "unknown_version", "format"),
        (lambda r: r.update(format="chromino-position/1"), 422, "not_a_record", "format"),
        (lambda r: r.update(format="go-game/1"), 422, "unknown_format", "format"),
        (lambda r: r.pop("format"), 422, "invalid_record", "format"),
        (lambda r: r.update(first="0"), 422, "invalid_record", "first"),
        (lambda r: r["hands"][0].__setitem__(0, "ZZZ"), 422, "invalid_record", "hands[0][0]"),
        (lambda r: r["options"].update(speed=1), 422, "invalid_record", "options.speed"),
        (lambda r: r["players"].__setitem__(0, "x" * 41), 422, "invalid_record", "players[0]"),
        (lambda r: r.update(moves=r["moves"][:-1]), 422, "unfinished_record", "moves"),
        (lambda r: r["moves"].append(dict(r["moves"][-1])), 422, "illegal_record", None),
        (
            lambda r: r.update(moves=[{"player": 0, "action": "draw"}] * (MAX_MOVES + 1)),
            413,
            "too_many_moves",
            "moves",
        ),
    ],
)
def test_a_bad_record_is_refused_naming_what_is_wrong(
    cast: Cast, change: Any, status: int, code: str, field: str | None
) -> None:
    record = copy.deepcopy(cast.finished[0].record)
    change(record)
    body = expect(cast.ben.http.post("/api/records", json=record), status)["detail"]
    assert body["code"] == code, body
    assert body["message"]
    if field is not None:
        assert body["field"] == field
    assert exported(cast.ben) == {}


def test_what_is_not_a_record_is_refused_and_a_huge_body_too(cast: Cast) -> None:
    for body in ([1, 2], "record", 7):
        assert cast.ben.http.post("/api/records", json=body).status_code == 422
    answer = cast.ben.http.post(
        "/api/records",
        content=b"{not json",
        headers={"Content-Type": "application/json"},
    )
    assert answer.status_code == 422
    huge = {**cast.finished[0].record, "padding": "x" * 70_000}
    assert cast.ben.http.post("/api/records", json=huge).status_code == 413


def test_a_flood_of_imports_is_held_back(server: LiveServer) -> None:
    flooder = Player(server.url)
    try:
        statuses = [
            flooder.http.post("/api/records", json={"format": "none"}).status_code
            for _ in range(31)
        ]
        assert statuses[:30] == [422] * 30
        answer = flooder.http.post("/api/records", json={"format": "none"})
        assert refusal(answer, 429, "too_many_attempts")
        assert int(answer.headers["retry-after"]) > 0
    finally:
        flooder.close()


def engine_record(game: str) -> dict[str, Any]:
    descriptor = ENGINE_GAMES[game]
    greedy = descriptor.bots["greedy"]
    record: dict[str, Any] = json.loads(
        json.dumps(record_of(play_bot_game(descriptor, [greedy, greedy], "gone")))
    )
    return record


def a_saved_try(client: TestClient, game_id: str) -> str:
    """A legal try saved on the imported game's analysis board: its id."""
    for version in range(200):
        shown = expect(client.get(f"/api/games/{game_id}/analysis/{version}"), 200)
        if shown["legal"]:
            placement = {
                key: shown["legal"][0][key] for key in PLACEMENT_FIELDS if key in shown["legal"][0]
            }
            body = {"game_id": game_id, "version": version, "placement": placement}
            line_id: str = expect(client.post("/api/analysis", json=body), 201)["id"]
            return line_id
    raise AssertionError("no position of the game had a tile to lay")


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_an_importers_records_go_with_them(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """A pruned guest's, a deleted person's and an account an admin deleted: their
    imported games go, with their moves and saved tries; nothing else does."""
    if kind == "sqlite":
        url = migrated_sqlite(tmp_path / "chromino.sqlite3")
    else:
        url = request.getfixturevalue("pg_url")
    record = engine_record("chromino")
    db = Database(url)
    try:
        with api_server(url) as pruned:
            first = expect(pruned.post("/api/records", json=record), 201)["game_id"]
            a_saved_try(pruned, first)
            assert admin.prune_guests(db, 30, now=utcnow() + timedelta(days=40))
            deleted = device(pruned)
            second = expect(deleted.post("/api/records", json=record), 201)["game_id"]
            name = expect(deleted.get("/api/me"), 200)["name"]
            assert deleted.request("DELETE", "/api/me", json={"confirm": name}).status_code == 204
            removed = device(pruned)
            third = expect(removed.post("/api/records", json=record), 201)["game_id"]
            removed_id = expect(removed.get("/api/me"), 200)["id"]
            kept = device(pruned)
            fourth = expect(kept.post("/api/records", json=record), 201)["game_id"]
            make_admin(db)
            ada = signed_in(device(pruned), "Ada")
            assert ada.delete(f"/api/admin/people/{removed_id}").status_code == 204
            assert kept.get(f"/api/games/{fourth}/replay").status_code == 200
        with db.session() as session:
            for game_id in (first, second, third):
                assert session.get(Game, game_id) is None
                assert not session.scalars(
                    select(GameEvent).where(GameEvent.game_id == game_id)
                ).all()
            assert session.scalar(select(func.count()).select_from(AnalysisLine)) == 0
            assert session.get(Game, fourth) is not None
    finally:
        db.dispose()


def test_the_book_examples_record_is_refused_as_a_game_not_yet_over(cast: Cast) -> None:
    """tests/data's records replay (the engine's tests hold them), but the book's example
    stops mid-game: the server imports finished games only."""
    path = Path(__file__).resolve().parents[1] / "data" / "triominos" / "book_example_record.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    body = expect(cast.ben.http.post("/api/records", json=record), 422)["detail"]
    assert body["code"] == "unfinished_record"
    assert body["field"] == "moves"


def test_my_data_holds_the_records_i_imported(server: LiveServer) -> None:
    cleo = Player(server.url)
    try:
        record = engine_record("triominos")
        game_id = imported(cleo, record)
        data = expect(cleo.http.get("/api/me/export"), 200)
        assert data["imported_records"] == [
            {
                "id": game_id,
                "game": "triominos",
                "imported_at": data["imported_records"][0]["imported_at"],
                "record": record,
            }
        ]
        assert data["games"] == []
    finally:
        cleo.close()
