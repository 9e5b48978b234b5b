"""Duplicate tables (web.duplicate, docs/duplicate.md): every person plays the same deal
and the same draws on a board of their own, the boards stay hidden until every one is
finished, the ranking compares the results, the comparison shows every board."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from support.api import HUMAN, device, expect, next_state
from support.live import GameSocket, LiveServer, Player

from web.db import Database
from web.duplicate.ranking import Finished, ranking
from web.games import game_kind
from web.models import DuplicateBoard, Game, GameTable, Notice, Preference
from web.notify.choices import wants
from web.notify.sending import Sending
from web.notify.words import notice_push

DUPLICATE = {"seats": [HUMAN] * 4, "duplicate": True}


def make_table(creator: Any, body: dict[str, Any] | None = None) -> dict[str, Any]:
    table: dict[str, Any] = expect(creator.post("/api/tables", json=body or DUPLICATE), 201)
    return table


def start_four(people: list[Player]) -> tuple[str, dict[int, str]]:
    """A duplicate table of four, made by the first person, joined by the others and
    started: its invite code and each person's board (by their user id)."""
    names = ["Ana", "Ben", "Cleo", "Dev"]
    for person, name in zip(people, names, strict=True):
        person.me = expect(person.http.put("/api/me/name", json={"name": name}), 200)
    code = make_table(people[0].http)["invite_code"]
    for person in people[1:]:
        expect(person.http.post(f"/api/tables/{code}/join"), 200)
    expect(people[0].http.post(f"/api/tables/{code}/start"), 200)
    boards = {}
    for person in people:
        mine = [b for b in standings(person, code)["boards"] if b["mine"]]
        boards[person.me["id"]] = mine[0]["game_id"]
    return code, boards


def standings(person: Player, code: str) -> dict[str, Any]:
    state: dict[str, Any] = expect(person.http.get(f"/api/duplicate/{code}"), 200)
    return state


class Board:
    """One person's socket on their board, moving one step at a time by a strategy:
    ``first`` plays the first legal placement, ``last`` the last one, ``drawer`` draws
    while it may before playing (so the boards differ in how many tiles they draw)."""

    def __init__(self, socket: GameSocket, strategy: str) -> None:
        self.socket = socket
        self.strategy = strategy
        self.latest = socket.recv_until("welcome")

    @property
    def over(self) -> bool:
        return bool(self.latest["state"]["finished"])

    def step(self) -> None:
        message = self.latest
        state = message["state"]
        legal = message["legal"]
        if self.strategy == "drawer" and state["can_draw"]:
            command: dict[str, Any] = {"type": "draw"}
        elif legal:
            move = legal[-1] if self.strategy == "last" else legal[0]
            command = {"type": "play", **{key: move[key] for key in ("tile", "x", "y", "dir")}}
        elif state["can_draw"]:
            command = {"type": "draw"}
        else:
            command = {"type": "pass"}
        version = message["version"]
        self.socket.send({**command, "id": f"c{version}", "version": version})
        self.latest = next_state(self.socket)


def play_in_order(boards: list[Board], order: str) -> None:
    """Move the boards until each is over, interleaved as ``order`` says."""
    for _ in range(5000):
        going = [board for board in boards if not board.over]
        if not going:
            return
        if order == "one after another":
            going[0].step()
        elif order == "round robin":
            for board in going:
                board.step()
        elif order == "last first":
            going[-1].step()
        else:  # "two moves to one": the first board twice as fast as the others
            going[0].step()
            going[0].step() if not going[0].over else None
            for board in going[1:]:
                board.step()
    raise AssertionError("the boards did not end")


def drawn_tiles(replay: dict[str, Any]) -> list[str]:
    return [
        step["event"]["drawn"] for step in replay["steps"][1:] if step["event"]["action"] == "draw"
    ]


# --- a table of four, played in four orders ----------------------------------------------------


def the_end_notices(db: Database) -> list[Notice]:
    with db.sessions() as session:
        rows = list(session.scalars(select(Notice).where(Notice.kind == "duplicate_over")))
        session.expunge_all()
        return rows


def test_four_boards_played_in_four_orders_share_the_deal_and_the_draws(
    players: list[Player], live_server: LiveServer, db: Database
) -> None:
    code, boards = start_four(players)
    ana, ben, _, dev = players
    strategies = ["first", "drawer", "last", "first"]
    with ExitStack() as stack:
        sockets = {
            person.me["id"]: stack.enter_context(person.connect(boards[person.me["id"]]))
            for person in players
        }
        moving = [
            Board(sockets[person.me["id"]], strategy)
            for person, strategy in zip(players, strategies, strict=True)
        ]
        # Dev alone first, to the end; then Cleo and Ben in turns; Ana last.
        play_in_order([moving[3]], "one after another")
        assert standings(ana, code)["finished"] == 1
        hidden_while_playing(ana, dev, code, boards)
        play_in_order([moving[2], moving[1]], "round robin")
        assert the_end_notices(db) == [], "told of the end with a board still being played"
        play_in_order([moving[0]], "two moves to one")
        assert all(board.over for board in moving)
    # The last board's end, in its own transaction, tells each of the four, once.
    told = the_end_notices(db)
    assert sorted(notice.user_id for notice in told) == sorted(p.me["id"] for p in players)
    assert {notice.details["duplicate"] for notice in told} == {code}

    state = standings(ana, code)
    assert (state["finished"], state["total"], state["over"]) == (4, 4, True)
    compared = expect(ana.http.get(f"/api/duplicate/{code}/boards"), 200)
    replays = {board["seat"]: board for board in compared["boards"]}
    assert sorted(replays) == [0, 1, 2, 3]
    first = replays[0]["steps"][0]
    for replay in replays.values():
        # The same deal: the same starting board, hands and bag on every board.
        deal = replay["steps"][0]
        assert (deal["board"], deal["hands"], deal["bag"]) == (
            first["board"],
            first["hands"],
            first["bag"],
        )
    draws = [drawn_tiles(replay) for replay in replays.values()]
    assert len({len(sequence) for sequence in draws}) > 1, "the strategies drew alike"
    longest = max(draws, key=len)
    for sequence in draws:
        # The k-th draw is the same tile on every board: each sequence is the longest's start.
        assert sequence == longest[: len(sequence)]
    # Ranked on the identical deal, everyone after the end sees every board.
    places = [line["place"] for line in state["boards"]]
    assert places[0] == 1 and places == sorted(places)
    assert all(line["game_id"] is not None and line["result"] for line in state["boards"])
    best = state["boards"][0]["result"]
    for line in state["boards"]:  # nobody who emptied their hand beats the first
        if line["result"]["ended_by"] == "out":
            assert (best["turns"], best["draws"]) <= (
                line["result"]["turns"],
                line["result"]["draws"],
            )
    expect(ben.http.get(f"/api/duplicate/{code}/boards"), 200)


def test_the_end_of_a_duplicate_table_is_told_in_the_readers_words() -> None:
    """The notice leads to the table's ranking, names the others (not the reader), and
    answers to the switch of a game of mine ending."""
    details = {"game": "chromino", "players": ["Ana", "Ben", "Cleo"], "seat": 1}
    details["duplicate"] = "abc123"
    sending = Sending(1, "duplicate_over", None, details, "fr", [], None, 7, "Europe/Paris")
    push = notice_push(sending)
    assert push["url"] == "/duplicate/abc123"
    assert "Ana, Cleo" in push["body"] and "Ben" not in push["body"]
    assert push["body"].startswith("Tous les plateaux")
    english = notice_push(Sending(1, "duplicate_over", None, details, "en", [], None, 7, "UTC"))
    assert english["body"].startswith("Every board of your duplicate table of Chromino")
    assert english["tag"] == "duplicate-abc123"
    off = Preference(user_id=7, notify={"push": ["game_over"]})
    assert not wants(off, "push", "duplicate_over")
    assert wants(None, "push", "duplicate_over")


def hidden_while_playing(ana: Player, dev: Player, code: str, boards: dict[int, str]) -> None:
    """Dev's board is finished, Ana's not: neither may see the other's board, its
    moves or its result, nor compare, until every board is finished."""
    anas, devs = boards[ana.me["id"]], boards[dev.me["id"]]
    for watcher, other in ((ana, devs), (dev, anas)):
        expect(watcher.http.get(f"/api/games/{other}"), 403)
        expect(watcher.http.get(f"/api/games/{other}/replay"), 403)
        expect(watcher.http.get(f"/api/games/{other}/record"), 403)
    refused = expect(dev.http.get(f"/api/duplicate/{code}/boards"), 409)
    assert refused["detail"]["code"] == "duplicate_in_progress"
    seen = standings(dev, code)
    assert seen["over"] is False
    for line in seen["boards"]:
        assert line["result"] is None and line["place"] is None
        assert (line["game_id"] is not None) == line["mine"]


# --- making and starting a duplicate table -----------------------------------------------------


def test_a_duplicate_table_is_casual_and_says_so(client: TestClient) -> None:
    table = make_table(client)
    assert (table["duplicate"], table["rated"]) == (True, False)
    ordinary = make_table(client, {"seats": [HUMAN, HUMAN]})
    assert ordinary["duplicate"] is False


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        (
            {"seats": [HUMAN, {"kind": "bot", "bot": "greedy"}], "duplicate": True},
            "invalid_duplicate",
            "duplicate",
        ),
        ({"seats": [HUMAN], "duplicate": True}, "invalid_duplicate", "duplicate"),
        ({"seats": [HUMAN, HUMAN], "duplicate": True, "rated": True}, "not_rateable", "rated"),
    ],
    ids=["a bot seat", "one seat", "rated"],
)
def test_a_duplicate_table_refuses_what_it_cannot_be(
    client: TestClient, db: Database, body: dict[str, Any], code: str, field: str
) -> None:
    refused = expect(client.post("/api/tables", json=body), 422)
    assert refused["detail"]["code"] == code
    assert refused["detail"]["message"].startswith(f"{field}:")
    with db.sessions() as session:
        assert session.query(GameTable).count() == 0


def test_starting_deals_one_solo_board_per_person_from_one_seed(
    client: TestClient, db: Database
) -> None:
    ben = device(client)
    expect(client.put("/api/me/name", json={"name": "Ana"}), 200)
    expect(ben.put("/api/me/name", json={"name": "Ben"}), 200)
    code = make_table(client, {"seats": [HUMAN, HUMAN], "duplicate": True, "turn_days": 2})[
        "invite_code"
    ]
    expect(ben.post(f"/api/tables/{code}/join"), 200)
    started = expect(client.post(f"/api/tables/{code}/start"), 200)
    with db.sessions() as session:
        links = session.query(DuplicateBoard).order_by(DuplicateBoard.seat).all()
        games = [session.get(Game, link.game_id) for link in links]
        assert [game.seats[0]["name"] for game in games if game] == ["Ana", "Ben"]
        assert games[0] is not None and games[0].id == started["game_id"]
        for game in games:
            assert game is not None
            assert (game.solo, game.rated, game.spectators, game.turn_days) == (
                True,
                False,
                False,
                2,
            )
            assert {k: v for k, v in game.setup.items() if k != "players"} == {
                k: v for k, v in games[0].setup.items() if k != "players"
            }
    assert expect(ben.get("/api/me/games"), 200)[0]["id"] == games[1].id  # type: ignore[union-attr]
    # Someone not at the table sees nothing of it.
    stranger = device(client)
    expect(stranger.put("/api/me/name", json={"name": "Cleo"}), 200)
    assert expect(stranger.get(f"/api/duplicate/{code}"), 403)["detail"]["code"] == "not_at_table"
    assert stranger.get(f"/duplicate/{code}").status_code == 403


def test_an_ordinary_table_has_no_duplicate_page(client: TestClient) -> None:
    code = make_table(client, {"seats": [HUMAN, HUMAN]})["invite_code"]
    assert expect(client.get(f"/api/duplicate/{code}"), 404)["detail"]["code"] == "not_duplicate"
    assert client.get(f"/duplicate/{code}").status_code == 404


# --- the ranking ---------------------------------------------------------------------------------


def chromino_result(turns: int, draws: int, ended_by: str = "out", left: int = 0) -> dict[str, Any]:
    return {
        "turns": [turns],
        "draws": [draws],
        "scores": [0],
        "ended_by": ended_by,
        "hand_sizes": [left],
        "winners": [0],
    }


def test_chromino_ranks_fewer_turns_then_fewer_draws_and_blocked_boards_last() -> None:
    boards = [
        Finished(0, "a", chromino_result(12, 5)),
        Finished(1, "b", chromino_result(9, 7, "blocked", left=1)),
        Finished(2, "c", chromino_result(12, 3)),
        Finished(3, "d", chromino_result(14, 1)),
        Finished(4, "e", chromino_result(12, 3)),
        Finished(5, "f", chromino_result(8, 9, "blocked", left=3)),
    ]
    placed = [(p.seat, p.place, p.counted) for p in ranking(game_kind("chromino"), boards)]
    assert placed == [
        (2, 1, True),
        (4, 1, True),  # the same turns and draws: a joint first place
        (0, 3, True),
        (3, 4, True),
        (1, 5, False),  # blocked: below every emptied hand, fewer tiles left first
        (5, 6, False),
    ]


def test_triominos_ranks_the_higher_score_first() -> None:
    def result(score: int, turns: int) -> dict[str, Any]:
        return {
            "turns": [turns],
            "draws": [0],
            "scores": [score],
            "ended_by": "out",
            "hand_sizes": [0],
        }

    boards = [
        Finished(0, "a", result(120, 20)),
        Finished(1, "b", result(150, 25)),
        Finished(2, "c", result(120, 20)),
    ]
    placed = [(p.seat, p.place) for p in ranking(game_kind("triominos"), boards)]
    assert placed == [(1, 1), (0, 2), (2, 2)]


def test_the_duplicate_page_speaks_the_readers_language(client: TestClient) -> None:
    ben = device(client)
    code = make_table(client, {"seats": [HUMAN, HUMAN], "duplicate": True})["invite_code"]
    expect(ben.post(f"/api/tables/{code}/join"), 200)
    expect(client.post(f"/api/tables/{code}/start"), 200)
    page = client.get(f"/duplicate/{code}", headers={"Accept-Language": "de"})
    assert page.status_code == 200
    assert "Duplikat-Tisch" in page.text and "0 von 2 fertig" in page.text
    assert "Dein Brett spielen" in page.text


def test_a_board_names_its_duplicate_table_to_its_player_alone(client: TestClient) -> None:
    ben = device(client)
    code = make_table(client, {"seats": [HUMAN, HUMAN], "duplicate": True})["invite_code"]
    expect(ben.post(f"/api/tables/{code}/join"), 200)
    mine = expect(client.post(f"/api/tables/{code}/start"), 200)["game_id"]
    assert expect(client.get(f"/api/games/{mine}/duplicate"), 200) == {"invite_code": code}
    # Someone else (even at the table) learns nothing of it; a plain solo game is none.
    solo = expect(client.post("/api/solo"), 201)["game_id"]
    for person, game_id in ((ben, mine), (client, solo)):
        refused = expect(person.get(f"/api/games/{game_id}/duplicate"), 404)
        assert refused["detail"]["code"] == "not_duplicate"
