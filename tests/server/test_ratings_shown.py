"""Ratings beside people's names: "hide my rating" (the preference, its
round trip and its page), each seat's rating in a table (its page, its stream, the
lobby's list) and in a game's snapshot, as each reader may see it: a hidden rating
reaches its owner only, a bot shows its fixed anchor, a newcomer shows as new, and a
move's message carries none of it."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi.testclient import TestClient
from support.api import expect
from support.live import LiveServer, Player
from support.ratings import hide
from support.streams import watching

from web.db import Database
from web.models import Preference, Rating
from web.ratings.anchors import bot_skill
from web.ratings.scale import PROVISIONAL_GAMES, shown

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "bot": "greedy"}


def rate(db: Database, user_id: int, mu: float, games: int, pool: str = "chromino") -> None:
    with db.sessions() as session:
        session.add(Rating(user_id=user_id, pool=pool, mu=mu, sigma=3.0, games=games, wins=0))
        session.commit()


def seat_ratings(table: dict[str, Any]) -> list[Any]:
    return [seat["rating"] for seat in table["seats"]]


def settled(mu: float) -> dict[str, Any]:
    return {"rating": shown(mu), "provisional": False, "hidden": False}


NEW = {"rating": None, "provisional": True, "hidden": False}
GREEDY_RATING = settled(bot_skill("chromino", "greedy").mu)


# --- the preference -----------------------------------------------------------------------


def test_hide_my_rating_is_a_preference_kept_and_shown(client: TestClient, db: Database) -> None:
    assert expect(client.get("/api/me/preferences"), 200)["hide_rating"] is False
    changed = expect(client.patch("/api/me/preferences", json={"hide_rating": True}), 200)
    assert changed["hide_rating"] is True
    assert expect(client.get("/api/me/preferences"), 200)["hide_rating"] is True
    me = expect(client.get("/api/me"), 200)
    with db.sessions() as session:
        stored = session.get(Preference, me["id"])
        assert stored is not None and stored.hide_rating is True
    page = client.get("/preferences").text
    assert (
        'name="hide_rating" data-testid="hide-rating" aria-describedby="hide-rating-help" checked'
        in page
    )

    # Other preferences leave it be; false shows it again.
    expect(client.patch("/api/me/preferences", json={"palette": "tol-bright"}), 200)
    assert expect(client.get("/api/me/preferences"), 200)["hide_rating"] is True
    expect(client.patch("/api/me/preferences", json={"hide_rating": False}), 200)
    assert expect(client.get("/api/me/preferences"), 200)["hide_rating"] is False


def test_a_bad_hide_my_rating_is_refused_by_name(client: TestClient) -> None:
    refused = expect(client.patch("/api/me/preferences", json={"hide_rating": "yes"}), 422)
    assert [problem["loc"] for problem in refused["detail"]] == [["body", "hide_rating"]]


# --- tables ------------------------------------------------------------------------------------


def test_a_table_shows_each_seat_rating_as_its_reader_may_see_it(
    players: list[Player], db: Database, live_server: LiveServer
) -> None:
    ana, ben, cleo = players[0], players[1], players[2]
    rate(db, ana.me["id"], 27.0, games=PROVISIONAL_GAMES + 2)
    rate(db, ben.me["id"], 24.0, games=3)
    rate(db, ben.me["id"], 30.0, games=40, pool="triominos")  # another pool: not this table's
    hide(ben)
    body = {"seats": [HUMAN, HUMAN, GREEDY, HUMAN], "public": True}
    made = ana.http.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    code = made.json()["invite_code"]
    joined = ben.http.post(f"/api/tables/{code}/join")
    assert joined.status_code == 200

    ana_sees = [settled(27.0), None, GREEDY_RATING, None]  # Ben hides his; seat 3 is free
    ben_sees = [
        settled(27.0),
        {"rating": shown(24.0), "provisional": True, "hidden": True},  # his own, marked
        GREEDY_RATING,
        None,
    ]
    assert seat_ratings(made.json()) == [settled(27.0), None, GREEDY_RATING, None]
    assert seat_ratings(joined.json()) == ben_sees
    assert seat_ratings(ana.http.get(f"/api/tables/{code}").json()) == ana_sees
    assert seat_ratings(ben.http.get(f"/api/tables/{code}").json()) == ben_sees
    assert seat_ratings(cleo.http.get(f"/api/tables/{code}").json()) == ana_sees
    with httpx.Client(base_url=live_server.url) as visitor:  # no account at all
        assert seat_ratings(visitor.get(f"/api/tables/{code}").json()) == ana_sees
        listed = [t for t in visitor.get("/api/tables").json() if t["invite_code"] == code]
        assert [seat_ratings(table) for table in listed] == [ana_sees]
    mine = [t for t in ben.http.get("/api/tables").json() if t["invite_code"] == code]
    assert [seat_ratings(table) for table in mine] == [ben_sees]

    # The table page's stream, for each reader.
    with watching(ben.http, code) as stream:
        assert seat_ratings(stream.next_table()) == ben_sees
    with watching(cleo.http, code) as stream:
        assert seat_ratings(stream.next_table()) == ana_sees
        # Cleo sits down: she has no rated game yet, so she shows as new.
        assert cleo.http.post(f"/api/tables/{code}/join").status_code == 200
        seated = stream.until(lambda table: table["seats"][3]["user_id"] is not None)
        assert seat_ratings(seated) == [*ana_sees[:3], NEW]
        # Ana hides hers: the open page hears it at once.
        hide(ana)
        hidden = stream.until(lambda table: table["seats"][0]["rating"] is None)
        assert seat_ratings(hidden) == [None, None, GREEDY_RATING, NEW]


def test_a_table_that_cannot_be_rated_shows_no_ratings(players: list[Player], db: Database) -> None:
    ana = players[0]
    rate(db, ana.me["id"], 27.0, games=PROVISIONAL_GAMES)
    body = {"seats": [HUMAN, GREEDY], "options": {"open_hands": True}}
    made = ana.http.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    assert seat_ratings(made.json()) == [None, None]


def test_a_table_shows_the_ratings_of_its_own_pool(players: list[Player], db: Database) -> None:
    ana = players[0]
    rate(db, ana.me["id"], 27.0, games=PROVISIONAL_GAMES)
    rate(db, ana.me["id"], 22.0, games=PROVISIONAL_GAMES, pool="triominos")
    body = {"game": "triominos", "seats": [HUMAN, GREEDY]}
    made = ana.http.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    triominos_greedy = settled(bot_skill("triominos", "greedy").mu)
    assert seat_ratings(made.json()) == [settled(22.0), triominos_greedy]


# --- the game's snapshot --------------------------------------------------------------------


def test_the_game_snapshot_carries_ratings_and_ids_but_a_move_does_not(
    players: list[Player], db: Database
) -> None:
    ana, ben, cleo = players[0], players[1], players[2]
    rate(db, ana.me["id"], 27.0, games=PROVISIONAL_GAMES)
    rate(db, ben.me["id"], 24.0, games=PROVISIONAL_GAMES)
    hide(ben)
    made = ana.http.post("/api/tables", json={"seats": [HUMAN, HUMAN, GREEDY]})
    code = made.json()["invite_code"]
    assert ben.http.post(f"/api/tables/{code}/join").status_code == 200
    started = ana.http.post(f"/api/tables/{code}/start")
    assert started.status_code == 200, started.text
    game_id = started.json()["game_id"]

    ids = [ana.me["id"], ben.me["id"], None]
    with ana.connect(game_id) as socket:
        welcome = socket.recv_until("welcome")
        assert welcome["user_ids"] == ids
        assert welcome["ratings"] == [settled(27.0), None, GREEDY_RATING]
    with cleo.connect(game_id) as socket:  # a spectator
        assert socket.recv_until("welcome")["ratings"] == [settled(27.0), None, GREEDY_RATING]
    with ben.connect(game_id) as socket:
        welcome = socket.recv_until("welcome")
        assert welcome["ratings"] == [
            settled(27.0),
            {"rating": shown(24.0), "provisional": False, "hidden": True},
            GREEDY_RATING,
        ]
        # A move (here Ben leaving) is told without the seats' ratings or ids.
        socket.send({"type": "resign", "id": "leave-1", "version": welcome["version"]})
        event = socket.recv_until("event")
        sent = socket.texts[-1]
        assert event["type"] == "event" and '"ratings"' not in sent and '"user_ids"' not in sent
