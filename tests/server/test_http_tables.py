"""HTTP tables: options and seats, validation, invite codes, joining, leaving, starting,
the lobby and "my games"."""

from __future__ import annotations

import re
import time
from functools import partial
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from support.api import GREEDY, HUMAN, at_once, create, device, expect
from support.live import LiveServer, Player

from web.db import Database
from web.lobby.dealing import new_game_id
from web.models import Game, GamePlayer, GameTable, TableSeat

DEFAULT_OPTIONS: dict[str, Any] = {
    "ruleset": "standard",
    "scoring": "none",
    "start": "chameleon",
    "hand_size": 8,
    "draws_per_turn": 1,
    "strict_draw": False,
    "open_hands": False,
    "turn_seconds": 0,
}
RANDOM = {"kind": "bot", "bot": "random"}


# --- fixtures and helpers ----------------------------------------------------------------


def me(client: TestClient) -> Any:
    return expect(client.post("/api/me"), 200)


def named(client: TestClient, name: str) -> Any:
    return expect(client.put("/api/me/name", json={"name": name}), 200)


def table_count(db: Database) -> int:
    with db.sessions() as session:
        return session.scalar(select(func.count()).select_from(GameTable)) or 0


# --- creating tables -------------------------------------------------------------------------


def test_a_new_table_with_the_default_options(client: TestClient, db: Database) -> None:
    ana = named(client, "Ana")
    table = create(client, [HUMAN, HUMAN])
    assert set(table) == {
        "invite_code",
        "game",
        "creator_id",
        "options",
        "public",
        "solo",
        "spectators",
        "substitute_minutes",
        "turn_days",
        "on_timeout",
        "vacation",
        "rated",
        "duplicate",
        "bots_allowed",
        "status",
        "game_id",
        "seats",
    }
    assert table["bots_allowed"] is False  # bot accounts sit only with people who allow them
    # two seats or more: rated, unless the creator makes it casual (docs/ratings.md)
    assert table["rated"] is True
    assert table["duplicate"] is False  # one board for everyone (docs/duplicate.md)
    # friends' tables let anyone with the link watch; no bot plays for an absent player
    assert (table["spectators"], table["substitute_minutes"]) == (True, 0)
    # played in one sitting unless the creator asks for days per move
    assert (table["turn_days"], table["on_timeout"], table["vacation"]) == (
        None,
        "substitute",
        True,
    )
    assert table["creator_id"] == ana["id"]
    assert table["game"] == "chromino"  # no game named: the default one
    assert table["options"] == DEFAULT_OPTIONS
    assert (table["public"], table["solo"], table["status"], table["game_id"]) == (
        False,
        False,
        "open",
        None,
    )
    assert table["seats"] == [
        {
            "seat": 0,
            "kind": "human",
            "bot": None,
            "user_id": ana["id"],
            "name": "Ana",
            "assistance": "beginner",
            # no rated game yet: new (web.ratings.read)
            "rating": {"rating": None, "provisional": True, "hidden": False},
            "bot_account": False,  # a person, not a program (docs/bots.md)
        },
        {
            "seat": 1,
            "kind": "human",
            "bot": None,
            "user_id": None,
            "name": None,
            "assistance": None,
            "rating": None,
            "bot_account": False,
        },
    ]
    assert expect(client.get(f"/api/tables/{table['invite_code']}"), 200) == table
    with db.sessions() as session:
        stored = session.scalar(
            select(GameTable).where(GameTable.invite_code == table["invite_code"])
        )
        assert stored is not None
        assert (stored.creator_id, stored.options, stored.status) == (
            ana["id"],
            DEFAULT_OPTIONS,
            "open",
        )
        assert [(seat.seat, seat.user_id, seat.bot) for seat in stored.seats] == [
            (0, ana["id"], None),
            (1, None, None),
        ]


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("ruleset", "junior"),
        ("scoring", "expert"),
        ("scoring", "segments"),
        ("scoring", "segments-multiply"),
        ("start", "tricolor"),
        ("hand_size", 1),
        ("hand_size", 20),
        ("draws_per_turn", 0),
        ("draws_per_turn", 5),
        ("strict_draw", True),
        ("open_hands", True),
        ("turn_seconds", 45),
    ],
)
def test_every_rule_option_reaches_the_game(
    client: TestClient, db: Database, option: str, value: Any
) -> None:
    wanted = {**DEFAULT_OPTIONS, option: value}
    table = create(client, [HUMAN, GREEDY], options={option: value})
    assert table["options"] == wanted
    game_id = expect(client.post(f"/api/tables/{table['invite_code']}/start"), 200)["game_id"]
    view = expect(client.get(f"/api/games/{game_id}"), 200)
    assert view["state"]["options"] == wanted
    with db.sessions() as session:
        game = session.get(Game, game_id)
        assert game is not None
        assert game.setup["options"] == wanted
        assert [len(hand) for hand in game.setup["hands"]] == [wanted["hand_size"]] * 2
        assert (game.turn_deadline_at is not None) == (wanted["turn_seconds"] > 0)
        start_tile = game.setup["start"]["tile"]
    if wanted["start"] == "tricolor":
        assert "X" not in start_tile
        assert len(set(start_tile)) == 3
    else:
        assert start_tile[1] == "X"


def test_all_options_at_once(client: TestClient) -> None:
    options = {
        "ruleset": "junior",
        "scoring": "segments-multiply",
        "start": "tricolor",
        "hand_size": 6,
        "draws_per_turn": 3,
        "strict_draw": True,
        "open_hands": True,
        "turn_seconds": 90,
    }
    table = create(client, [HUMAN, RANDOM, GREEDY], options=options)
    assert table["options"] == options
    assert expect(client.get(f"/api/tables/{table['invite_code']}"), 200)["options"] == options


@pytest.mark.parametrize("count", range(1, 9))
def test_one_to_eight_seats_mixing_people_and_bots(client: TestClient, count: int) -> None:
    pattern = [HUMAN, GREEDY, HUMAN, RANDOM]
    seats = [pattern[index % 4] for index in range(count)]
    ana = named(client, "Ana")
    table = create(client, seats)
    assert len(table["seats"]) == count
    for index, (asked, seat) in enumerate(zip(seats, table["seats"], strict=True)):
        assert seat["seat"] == index
        assert seat["kind"] == asked["kind"]
        assert seat["bot"] == asked.get("bot")
        if asked["kind"] == "bot":
            assert seat["user_id"] is None
            assert seat["name"] == {"greedy": "Medium bot", "random": "Easy bot"}[asked["bot"]]
        elif index == 0:
            assert (seat["user_id"], seat["name"]) == (ana["id"], "Ana")
        else:
            assert (seat["user_id"], seat["name"]) == (None, None)


def test_a_full_table_of_eight_plays(client: TestClient, db: Database) -> None:
    seats = [HUMAN, GREEDY, HUMAN, RANDOM, HUMAN, GREEDY, RANDOM, GREEDY]
    named(client, "Ana")
    table = create(client, seats)
    code = table["invite_code"]
    guests = [device(client) for _ in range(2)]
    for person, name in zip(guests, ["Ben", "Cleo"], strict=True):
        named(person, name)
        expect(person.post(f"/api/tables/{code}/join"), 200)
    game_id = expect(client.post(f"/api/tables/{code}/start"), 200)["game_id"]
    players = ["Ana", "Medium bot", "Ben", "Easy bot", "Cleo", "Medium bot"]
    players += ["Easy bot", "Medium bot"]
    view = expect(guests[1].get(f"/api/games/{game_id}"), 200)
    assert view["game"]["players"] == players
    assert view["game"]["my_seat"] == 4
    assert len(view["state"]["hand_counts"]) == 8
    with db.sessions() as session:
        rows = session.scalars(
            select(GamePlayer).where(GamePlayer.game_id == game_id).order_by(GamePlayer.seat)
        )
        user_ids = [row.user_id for row in rows]
    table_now = expect(client.get(f"/api/tables/{code}"), 200)
    assert user_ids == [seat["user_id"] for seat in table_now["seats"]]
    assert sum(user_id is not None for user_id in user_ids) == 3


def test_a_table_for_a_single_player(client: TestClient) -> None:
    table = create(client, [HUMAN])
    assert table["solo"] is False
    game_id = expect(client.post(f"/api/tables/{table['invite_code']}/start"), 200)["game_id"]
    assert expect(client.get(f"/api/games/{game_id}"), 200)["state"]["hand_counts"] == [8]


# --- refusing bad tables -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "location"),
    [
        ({"seats": [HUMAN] * 9}, ["body", "seats"]),
        ({"seats": []}, ["body", "seats"]),
        ({}, ["body", "seats"]),
        ({"seats": "two"}, ["body", "seats"]),
        ({"seats": [{"kind": "alien"}]}, ["body", "seats", 0, "kind"]),
        ({"seats": [{"bot": "greedy"}]}, ["body", "seats", 0, "kind"]),
        ({"seats": [{**HUMAN, "team": 1}]}, ["body", "seats", 0, "team"]),
        ({"seats": [HUMAN], "public": "sometimes"}, ["body", "public"]),
        ({"seats": [HUMAN], "colour": "red"}, ["body", "colour"]),
        ({"seats": [HUMAN], "options": "fast"}, ["body", "options"]),
        ({"seats": [HUMAN], "options": {"ruleset": "chess"}}, ["body", "options", "ruleset"]),
        ({"seats": [HUMAN], "options": {"scoring": "double"}}, ["body", "options", "scoring"]),
        ({"seats": [HUMAN], "options": {"start": "random"}}, ["body", "options", "start"]),
        ({"seats": [HUMAN], "options": {"hand_size": 0}}, ["body", "options", "hand_size"]),
        ({"seats": [HUMAN], "options": {"hand_size": 21}}, ["body", "options", "hand_size"]),
        ({"seats": [HUMAN], "options": {"hand_size": "many"}}, ["body", "options", "hand_size"]),
        ({"seats": [HUMAN], "options": {"hand_size": 7.5}}, ["body", "options", "hand_size"]),
        (
            {"seats": [HUMAN], "options": {"draws_per_turn": 6}},
            ["body", "options", "draws_per_turn"],
        ),
        (
            {"seats": [HUMAN], "options": {"draws_per_turn": -1}},
            ["body", "options", "draws_per_turn"],
        ),
        (
            {"seats": [HUMAN], "options": {"strict_draw": "perhaps"}},
            ["body", "options", "strict_draw"],
        ),
        ({"seats": [HUMAN], "options": {"open_hands": [1]}}, ["body", "options", "open_hands"]),
        (
            {"seats": [HUMAN], "options": {"turn_seconds": -1}},
            ["body", "options", "turn_seconds"],
        ),
        (
            {"seats": [HUMAN], "options": {"turn_seconds": 24 * 3600 + 1}},
            ["body", "options", "turn_seconds"],
        ),
        # a timed turn is 15 to 600 seconds: a 5-second game timed out before anyone
        # had looked at the board
        ({"seats": [HUMAN], "options": {"turn_seconds": 5}}, ["body", "options", "turn_seconds"]),
        ({"seats": [HUMAN], "options": {"turn_seconds": 14}}, ["body", "options", "turn_seconds"]),
        (
            {"seats": [HUMAN], "options": {"turn_seconds": 601}},
            ["body", "options", "turn_seconds"],
        ),
        ({"seats": [HUMAN], "options": {"speed": "fast"}}, ["body", "options", "speed"]),
    ],
)
def test_bad_tables_are_refused_naming_the_field(
    refusing_client: TestClient, refusing_db: Database, body: Any, location: list[Any]
) -> None:
    refused = expect(refusing_client.post("/api/tables", json=body), 422)
    assert location in [error["loc"] for error in refused["detail"]], refused
    assert table_count(refusing_db) == 0


def test_a_turn_too_short_is_refused_with_its_bounds(
    refusing_client: TestClient, refusing_db: Database
) -> None:
    body = {"seats": [HUMAN], "options": {"turn_seconds": 5}}
    refused = expect(refusing_client.post("/api/tables", json=body), 422)
    [problem] = refused["detail"]
    assert problem["loc"] == ["body", "options", "turn_seconds"]
    assert problem["msg"].endswith("0 (untimed) or 15 to 600 seconds")
    assert table_count(refusing_db) == 0


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([HUMAN, {"kind": "bot"}], "seats[1].bot"),
        ([HUMAN, {"kind": "bot", "bot": None}], "seats[1].bot"),
        ([{"kind": "human", "bot": "greedy"}], "seats[0].bot"),
        ([HUMAN, {"kind": "bot", "bot": "clever"}], "seats[1].bot"),
    ],
    ids=["bot-without-name", "bot-null-name", "human-with-bot", "unknown-bot"],
)
def test_seats_must_say_who_sits_there(
    refusing_client: TestClient, refusing_db: Database, seats: list[Any], message: str
) -> None:
    refused = expect(refusing_client.post("/api/tables", json={"seats": seats}), 422)
    assert refused["detail"]["code"] == "invalid_seat"
    assert refused["detail"]["message"].startswith(message)
    assert table_count(refusing_db) == 0


@pytest.mark.parametrize(
    ("seat_count", "hand_size", "status"),
    [(8, 9, 201), (8, 10, 422), (4, 19, 201), (4, 20, 422), (3, 20, 201)],
)
def test_the_hands_must_fit_in_the_set(
    client: TestClient, db: Database, seat_count: int, hand_size: int, status: int
) -> None:
    """79 tiles besides the starting one: seats x hand_size may not exceed them."""
    body = {"seats": [HUMAN] + [GREEDY] * (seat_count - 1), "options": {"hand_size": hand_size}}
    answer = expect(client.post("/api/tables", json=body), status)
    if status == 422:
        assert answer["detail"]["code"] == "invalid_options"
        assert answer["detail"]["message"].startswith("options.hand_size")
        assert table_count(db) == 0
    else:
        game_id = expect(client.post(f"/api/tables/{answer['invite_code']}/start"), 200)
        view = expect(client.get(f"/api/games/{game_id['game_id']}"), 200)["state"]
        placed = len(view["board"]) - 1  # the bots may have played already
        assert sum(view["hand_counts"]) + view["bag"] + placed == 79


def test_malformed_json_is_refused(refusing_client: TestClient, refusing_db: Database) -> None:
    for raw in (b'{"seats": [', b"seats=1", b"[]", b"null", b""):
        response = refusing_client.post(
            "/api/tables", content=raw, headers={"content-type": "application/json"}
        )
        assert expect(response, 422)["detail"][0]["loc"][0] == "body"
    assert table_count(refusing_db) == 0


# --- invite codes ---------------------------------------------------------------------------


def test_invite_codes_are_long_and_random(client: TestClient) -> None:
    codes = [create(client, [HUMAN, HUMAN])["invite_code"] for _ in range(25)]
    assert len(set(codes)) == len(codes)
    for code in codes:
        assert re.fullmatch(r"[A-Za-z0-9_-]{16,}", code), code
    assert len({code[:3] for code in codes}) > 1
    assert len({code[-3:] for code in codes}) > 1


@pytest.mark.parametrize("guess", ["1", "0", "x" * 16, "tables"])
def test_an_unknown_invite_code_is_a_404(client: TestClient, guess: str) -> None:
    code = create(client, [HUMAN, HUMAN])["invite_code"]
    for attempt in (guess, code[:-1], code.upper() if code.upper() != code else code + "A"):
        for method, path in [
            ("GET", f"/api/tables/{attempt}"),
            ("POST", f"/api/tables/{attempt}/join"),
            ("POST", f"/api/tables/{attempt}/leave"),
            ("POST", f"/api/tables/{attempt}/start"),
        ]:
            refused = expect(client.request(method, path), 404)
            assert refused["detail"] == {
                "code": "no_such_table",
                "message": "no table has this invite code",
            }


def test_anyone_holding_the_code_can_look_at_the_table(client: TestClient) -> None:
    table = create(client, [HUMAN, HUMAN])
    stranger = device(client)
    assert expect(stranger.get(f"/api/tables/{table['invite_code']}"), 200) == table


# --- joining, leaving, starting ----------------------------------------------------------------


def test_each_seat_shows_its_players_help_level(client: TestClient) -> None:
    """Friends see who may draw while a tile fits (Beginner may not)."""
    named(client, "Hana")
    table = create(client, [HUMAN, HUMAN, GREEDY])
    code = table["invite_code"]
    guest = device(client)
    named(guest, "Ivo")
    expect(guest.patch("/api/me/preferences", json={"assistance": "intermediate"}), 200)
    joined = expect(guest.post(f"/api/tables/{code}/join"), 200)
    assert [seat["assistance"] for seat in joined["seats"]] == ["beginner", "intermediate", None]
    expect(client.patch("/api/me/preferences", json={"assistance": "none"}), 200)
    seats = expect(client.get(f"/api/tables/{code}"), 200)["seats"]
    assert [seat["assistance"] for seat in seats] == ["none", "intermediate", None]
    public = create(client, [HUMAN, HUMAN], public=True)
    listed = expect(client.get("/api/tables"), 200)
    mine = next(item for item in listed if item["invite_code"] == public["invite_code"])
    assert [seat["assistance"] for seat in mine["seats"]] == ["none", None]


def test_joining_and_leaving_before_the_start(client: TestClient) -> None:
    ana = named(client, "Ana")
    table = create(client, [HUMAN, GREEDY, HUMAN])
    code = table["invite_code"]
    ben, cleo = device(client), device(client)
    ben_id, cleo_id = named(ben, "Ben")["id"], named(cleo, "Cleo")["id"]

    joined = expect(ben.post(f"/api/tables/{code}/join"), 200)
    assert [seat["user_id"] for seat in joined["seats"]] == [ana["id"], None, ben_id]
    assert joined["seats"][2]["name"] == "Ben"

    refused = expect(ben.post(f"/api/tables/{code}/join"), 409)
    assert refused["detail"]["code"] == "already_seated"
    refused = expect(client.post(f"/api/tables/{code}/join"), 409)
    assert refused["detail"]["code"] == "already_seated"

    full = expect(cleo.post(f"/api/tables/{code}/join"), 409)
    assert full["detail"] == {"code": "table_full", "message": "every seat at this table is taken"}

    left = expect(ben.post(f"/api/tables/{code}/leave"), 200)
    assert [seat["user_id"] for seat in left["seats"]] == [ana["id"], None, None]
    assert left["status"] == "open"
    refused = expect(ben.post(f"/api/tables/{code}/leave"), 409)
    assert refused["detail"]["code"] == "not_seated"

    joined = expect(cleo.post(f"/api/tables/{code}/join"), 200)
    assert [seat["user_id"] for seat in joined["seats"]] == [ana["id"], None, cleo_id]
    assert expect(client.get(f"/api/tables/{code}"), 200) == joined


def test_only_the_creator_starts_and_only_when_every_human_seat_is_taken(
    client: TestClient, db: Database
) -> None:
    named(client, "Ana")
    code = create(client, [HUMAN, HUMAN, RANDOM])["invite_code"]
    ben = device(client)
    named(ben, "Ben")

    waiting = expect(client.post(f"/api/tables/{code}/start"), 409)
    assert waiting["detail"]["code"] == "seats_empty"
    assert waiting["detail"]["message"] == "seat 1 is still waiting for a player"

    expect(ben.post(f"/api/tables/{code}/join"), 200)
    refused = expect(ben.post(f"/api/tables/{code}/start"), 403)
    assert refused["detail"] == {
        "code": "not_creator",
        "message": "only the table's creator can start the game",
    }
    with db.sessions() as session:
        assert session.scalar(select(func.count()).select_from(Game)) == 0

    started = expect(client.post(f"/api/tables/{code}/start"), 200)
    assert set(started) == {"game_id"}
    game_id = started["game_id"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{12,}", game_id)
    table = expect(client.get(f"/api/tables/{code}"), 200)
    assert (table["status"], table["game_id"]) == ("playing", game_id)
    game = expect(ben.get(f"/api/games/{game_id}"), 200)["game"]
    assert game["players"] == ["Ana", "Ben", "Easy bot"]
    assert (game["status"], game["my_seat"], game["solo"]) == ("playing", 1, False)

    # Once started, the table is closed to changes.
    cleo = device(client)
    for person, action in [(client, "start"), (cleo, "join"), (ben, "leave"), (client, "leave")]:
        refused = expect(person.post(f"/api/tables/{code}/{action}"), 409)
        assert refused["detail"] == {"code": "table_not_open", "message": "the table is playing"}
    with db.sessions() as session:
        assert session.scalar(select(func.count()).select_from(Game)) == 1


def test_the_creator_leaving_closes_the_table(client: TestClient, db: Database) -> None:
    table = create(client, [HUMAN, HUMAN], public=True)
    code = table["invite_code"]
    ben = device(client)
    expect(ben.post(f"/api/tables/{code}/join"), 200)
    closed = expect(client.post(f"/api/tables/{code}/leave"), 200)
    assert closed["status"] == "closed"
    assert closed["seats"][0]["user_id"] is None
    assert code not in [t["invite_code"] for t in expect(ben.get("/api/tables"), 200)]
    refused = expect(device(client).post(f"/api/tables/{code}/join"), 409)
    assert refused["detail"]["code"] == "table_not_open"
    refused = expect(client.post(f"/api/tables/{code}/start"), 409)
    assert refused["detail"]["code"] == "table_not_open"
    with db.sessions() as session:
        stored = session.scalar(select(GameTable).where(GameTable.invite_code == code))
        assert stored is not None
        assert stored.status == "closed"


def test_bot_seats_are_never_taken_by_people(client: TestClient) -> None:
    code = create(client, [HUMAN, GREEDY, RANDOM])["invite_code"]
    refused = expect(device(client).post(f"/api/tables/{code}/join"), 409)
    assert refused["detail"]["code"] == "table_full"


def test_the_creator_sits_in_the_first_human_seat(client: TestClient, db: Database) -> None:
    ana = me(client)
    table = create(client, [GREEDY, RANDOM, HUMAN, HUMAN])
    assert [seat["user_id"] for seat in table["seats"]] == [None, None, ana["id"], None]
    with db.sessions() as session:
        seats = session.scalars(select(TableSeat).order_by(TableSeat.seat))
        assert [(seat.user_id, seat.bot) for seat in seats] == [
            (None, "greedy"),
            (None, "random"),
            (ana["id"], None),
            (None, None),
        ]


def test_people_racing_for_the_last_seat_get_it_once(racing_server: LiveServer) -> None:
    ana = Player(racing_server.url)
    others = [Player(racing_server.url) for _ in range(6)]
    db = Database(racing_server.settings.database_url)
    try:
        table = {"seats": [HUMAN, GREEDY, HUMAN]}
        code = expect(ana.http.post("/api/tables", json=table), 201)["invite_code"]
        answers = at_once(
            [partial(person.http.post, f"/api/tables/{code}/join") for person in others]
        )
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200] + [409] * 5, [answer.text for answer in answers]
        assert all(
            answer.json()["detail"]["code"] == "table_full"
            for answer in answers
            if answer.status_code == 409
        )
        winner = others[[answer.status_code for answer in answers].index(200)]
        seats = expect(ana.http.get(f"/api/tables/{code}"), 200)["seats"]
        assert [seat["user_id"] for seat in seats] == [ana.me["id"], None, winner.me["id"]]

        # A double-clicked start deals one game, not two.
        answers = at_once([partial(ana.http.post, f"/api/tables/{code}/start") for _ in range(3)])
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200, 409, 409], [answer.text for answer in answers]
        with db.sessions() as session:
            dealt = select(func.count()).select_from(Game).where(Game.id == answers_game(answers))
            assert session.scalar(dealt) == 1
            table_games = (
                select(func.count())
                .select_from(Game)
                .join(GameTable, GameTable.id == Game.table_id)
                .where(GameTable.invite_code == code)
            )
            assert session.scalar(table_games) == 1
    finally:
        db.dispose()
        for person in [ana, *others]:
            person.close()


def answers_game(answers: list[Any]) -> str:
    """The game id of the one start that succeeded."""
    games = [answer.json()["game_id"] for answer in answers if answer.status_code == 200]
    assert len(games) == 1
    game_id: str = games[0]
    return game_id


# --- the lobby ----------------------------------------------------------------------------------


def test_the_lobby_lists_open_public_tables_with_a_free_seat_only(client: TestClient) -> None:
    ben = device(client)
    first_public = create(client, [HUMAN, HUMAN], public=True)
    private = create(client, [HUMAN, HUMAN])
    explicit_private = create(client, [HUMAN, HUMAN], public=False)
    second_public = create(ben, [HUMAN, GREEDY, HUMAN], public=True)
    full = create(ben, [HUMAN, GREEDY], public=True)
    expect(client.post("/api/solo"), 201)

    stranger = device(client)
    lobby = expect(stranger.get("/api/tables"), 200)
    codes = [table["invite_code"] for table in lobby]
    assert codes == [second_public["invite_code"], first_public["invite_code"]]
    assert private["invite_code"] not in codes
    assert explicit_private["invite_code"] not in codes
    assert full["invite_code"] not in codes
    assert lobby[0] == second_public
    assert all(table["public"] and table["status"] == "open" for table in lobby)

    expect(stranger.post(f"/api/tables/{first_public['invite_code']}/join"), 200)
    codes = [table["invite_code"] for table in expect(stranger.get("/api/tables"), 200)]
    assert codes == [second_public["invite_code"]]


def test_the_lobby_is_empty_at_first(client: TestClient) -> None:
    assert expect(client.get("/api/tables"), 200) == []


# --- my games -------------------------------------------------------------------------------------


def test_my_games_lists_the_games_i_sit_in(client: TestClient) -> None:
    ana = named(client, "Ana")
    ben, cleo = device(client), device(client)
    named(ben, "Ben")
    assert expect(client.get("/api/me/games"), 200) == []

    code = create(client, [HUMAN, GREEDY, HUMAN])["invite_code"]
    expect(ben.post(f"/api/tables/{code}/join"), 200)
    assert expect(client.get("/api/me/games"), 200) == []  # not started yet
    game_id = expect(client.post(f"/api/tables/{code}/start"), 200)["game_id"]
    # Once the bot (seat 1) has moved, if it was first, the turn stays with a person.
    deadline = time.monotonic() + 10
    while (first := expect(client.get(f"/api/games/{game_id}"), 200)["state"]["current"]) == 1:
        assert time.monotonic() < deadline, "the bot never moved"
        time.sleep(0.05)

    mine = expect(client.get("/api/me/games"), 200)
    assert len(mine) == 1
    game = mine[0]
    assert set(game) == {
        "id",
        "game",
        "status",
        "solo",
        "rated",
        "players",
        "bots",
        "my_seat",
        "current_seat",
        "my_turn",
        "result",
        "created_at",
        "finished_at",
        "version",
        "turn_days",
        "deadline",
        "last_move",
        "unread",
        "tournament",
    }
    assert game["game"] == "chromino"
    assert game["tournament"] is None  # a table of the lobby's
    assert game["unread"] == 0  # nobody said anything
    assert (game["turn_days"], game["deadline"]) == (None, None)  # one sitting, untimed
    assert game["finished_at"] is None
    assert game["current_seat"] == first
    assert game["my_turn"] is (first == 0)
    assert (game["id"], game["status"], game["solo"], game["my_seat"], game["result"]) == (
        game_id,
        "playing",
        False,
        0,
        None,
    )
    assert game["players"] == ["Ana", "Medium bot", "Ben"]
    assert game["bots"] == [None, "greedy", None]  # the page names the bot in its language
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00", game["created_at"])

    bens = expect(ben.get("/api/me/games"), 200)
    assert [(g["id"], g["my_seat"]) for g in bens] == [(game_id, 2)]
    assert expect(cleo.get("/api/me/games"), 200) == []

    solo_id = expect(client.post("/api/solo"), 201)["game_id"]
    mine = expect(client.get("/api/me/games"), 200)
    assert [g["id"] for g in mine] == [solo_id, game_id]
    assert [g["solo"] for g in mine] == [True, False]
    assert expect(ben.get("/api/me/games"), 200)[0]["id"] == game_id
    assert ana["id"] != me(ben)["id"]


def test_a_game_id_never_begins_with_a_dash() -> None:
    """A host pastes ids into ``chromino admin end-game ID``; one in 64 random ids
    would begin with "-" and read as an option."""
    ids = [new_game_id() for _ in range(2000)]
    assert not [game_id for game_id in ids if game_id.startswith("-")]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{12}", game_id) for game_id in ids)
