"""What counts for the ratings (docs/ratings.md, "What counts"), one rule a test, each
played through a real server: tables, websockets, bots, the event store's finishing
transaction. Expected ratings are worked out with the model itself
(``web.ratings.model.rate``), never written as numbers: the model's parameters and the
bots' anchors are chosen by measurement and may change."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import select
from support.fixtures import LiveServers
from support.live import LiveServer, Player
from support.ratings import Sitting, changes_of, deal, rated_game, rated_table
from support.wsplay import FAST, Driver, start_game

from web.db import Database, utcnow
from web.models import Game, Rating, RatingChange
from web.ops.admin import end_game
from web.ratings.anchors import bot_skill
from web.ratings.model import Skill, new_skill, rate

GRACE_MINUTES = 1


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(fake_clock=True, **FAST)


@pytest.fixture
def crowd(server: LiveServer) -> Iterator[list[Player]]:
    """Fresh people for each test (guests, as anyone is on arriving): new ratings."""
    made = [Player(server.url) for _ in range(3)]
    yield made
    for person in made:
        person.close()


# --- reading what was stored ---------------------------------------------------------


def game_row(database: Database, game_id: str) -> Game:
    with database.session() as session:
        game = session.get(Game, game_id)
        assert game is not None
        session.expunge(game)
        return game


def ratings_of(database: Database, people: list[int]) -> dict[tuple[int, str], Rating]:
    with database.session() as session:
        rows = list(session.scalars(select(Rating).where(Rating.user_id.in_(people))))
        session.expunge_all()
        return {(row.user_id, row.pool): row for row in rows}


def ids(people: list[Player]) -> list[int]:
    return [int(person.me["id"]) for person in people]


def skill_of(row: Rating | RatingChange) -> Skill:
    return Skill(row.mu, row.sigma)


# --- playing -------------------------------------------------------------------------


def expected_after(before: list[Skill], places: list[int]) -> list[Skill]:
    return rate(before, places)


# --- the rules -------------------------------------------------------------------------


def test_a_casual_tables_game_changes_no_rating(crowd: list[Player], database: Database) -> None:
    ana, bob = crowd[:2]
    code = rated_table(ana, [{"kind": "human"}] * 2, rated=False)
    assert ana.http.get(f"/api/tables/{code}").json()["rated"] is False
    game_id, seated = deal([ana, bob], code)
    sitting = Sitting(game_id, seated)
    sitting.send(1, "resign")
    sitting.close()
    game = game_row(database, game_id)
    assert (game.status, game.rated) == ("finished", False)
    assert game.result is not None and game.result["places"] == [1, 2]
    assert rated_game(database, game_id) is None
    assert ratings_of(database, ids([ana, bob])) == {}


def test_a_solo_game_is_never_rated(crowd: list[Player], database: Database) -> None:
    ana = crowd[0]
    started = ana.http.post("/api/solo", json={"game": "chromino"})
    assert started.status_code == 201, started.text
    game_id = started.json()["game_id"]
    sitting = Sitting(game_id, {0: ana})
    sitting.send(0, "resign")
    sitting.close()
    game = game_row(database, game_id)
    assert (game.status, game.solo, game.rated) == ("finished", True, False)
    assert rated_game(database, game_id) is None
    assert ratings_of(database, ids([ana])) == {}
    # A one-seat table is casual, and asking for it rated is refused, naming the field.
    alone = ana.http.post("/api/tables", json={"seats": [{"kind": "human"}]})
    assert alone.status_code == 201 and alone.json()["rated"] is False
    refused = ana.http.post("/api/tables", json={"seats": [{"kind": "human"}], "rated": True})
    assert refused.status_code == 422
    assert refused.json()["detail"]["code"] == "not_rateable"
    assert refused.json()["detail"]["message"].startswith("rated: ")


def test_a_game_the_host_ended_is_not_rated(crowd: list[Player], database: Database) -> None:
    ana, bob = crowd[:2]
    code = rated_table(ana, [{"kind": "human"}] * 2)
    game_id, seated = deal([ana, bob], code)
    assert game_row(database, game_id).rated is True
    sitting = Sitting(game_id, seated)
    assert Driver(dict(sitting.sockets), seed=2).step()  # a move: the game is under way
    result = end_game(database, game_id, "abandoned")
    sitting.close()
    assert result["ended_by"] == "host"
    assert game_row(database, game_id).status == "finished"
    assert rated_game(database, game_id) is None
    assert ratings_of(database, ids([ana, bob])) == {}


@pytest.mark.parametrize(("game", "pool"), [("chromino", "chromino"), ("triominos", "triominos")])
def test_a_game_against_bots_is_rated_for_the_person_with_the_bots_fixed_ratings(
    server: LiveServer, crowd: list[Player], database: Database, game: str, pool: str
) -> None:
    ana = crowd[0]
    game_id, seated = start_game([ana], ["human", "greedy", "random"], game=game)
    sitting = Sitting(game_id, seated)
    sitting.play_out(seed=7)
    sitting.close()
    finished = game_row(database, game_id)
    assert finished.status == "finished" and finished.result is not None
    places = finished.result["places"]
    stored = rated_game(database, game_id)
    assert stored is not None and stored.pool == pool
    assert stored.seats == [
        {"user_id": ana.me["id"], "place": places[0]},
        {"bot": "greedy", "place": places[1]},
        {"bot": "random", "place": places[2]},
    ]
    anchors = [bot_skill(pool, "greedy"), bot_skill(pool, "random")]
    expected = expected_after([new_skill(), *anchors], places)[0]
    held = ratings_of(database, ids([ana]))
    assert list(held) == [(ana.me["id"], pool)]
    assert skill_of(held[(ana.me["id"], pool)]) == expected
    assert (held[(ana.me["id"], pool)].games, held[(ana.me["id"], pool)].wins) == (
        1,
        int(places[0] == 1),
    )
    # the bots keep no rating: the game's history names the person alone
    change = changes_of(database, stored.id)
    assert list(change) == [ana.me["id"]]
    assert (change[ana.me["id"]].mu_before, change[ana.me["id"]].sigma_before) == (
        new_skill().mu,
        new_skill().sigma,
    )
    assert skill_of(change[ana.me["id"]]) == expected


def test_leaving_a_rated_game_counts_as_last_place(crowd: list[Player], database: Database) -> None:
    code = rated_table(crowd[0], [{"kind": "human"}] * 3)
    game_id, seated = deal(crowd, code)
    sitting = Sitting(game_id, seated)
    leaver = (sitting.current + 1) % 3
    sitting.send(leaver, "resign")
    sitting.sockets.pop(leaver).close()
    sitting.play_out(seed=3)
    sitting.close()
    result = game_row(database, game_id).result
    assert result is not None and result["ended_by"] != "resigned"
    places = result["places"]
    assert places[leaver] == 3
    assert all(place < 3 for seat, place in enumerate(places) if seat != leaver)
    stored = rated_game(database, game_id)
    assert stored is not None
    assert [seat["place"] for seat in stored.seats] == places
    expected = expected_after([new_skill()] * 3, places)
    held = ratings_of(database, ids(crowd))
    for seat, person in enumerate(crowd):
        assert skill_of(held[(person.me["id"], "chromino")]) == expected[seat]
    assert held[(crowd[leaver].me["id"], "chromino")].mu < new_skill().mu


def test_joint_winners_both_gain_the_same(crowd: list[Player], database: Database) -> None:
    """A player leaves; the two others agree to stop at once, their hands equal: both
    win, sharing first place, and gain exactly the same."""
    code = rated_table(crowd[0], [{"kind": "human"}] * 3)
    game_id, seated = deal(crowd, code)
    sitting = Sitting(game_id, seated)
    leaver = (sitting.current + 1) % 3
    stayer = 3 - leaver - sitting.current
    sitting.send(leaver, "resign")
    sitting.send(sitting.current, "offer_end")
    sitting.send(stayer, "accept_end")
    sitting.close()
    result = game_row(database, game_id).result
    assert result is not None and result["ended_by"] == "agreed"
    assert sorted(result["winners"]) == sorted([sitting.current, stayer])
    places = result["places"]
    assert places[sitting.current] == places[stayer] == 1 and places[leaver] == 3
    held = ratings_of(database, ids(crowd))
    winners = [held[(crowd[seat].me["id"], "chromino")] for seat in (sitting.current, stayer)]
    assert skill_of(winners[0]) == skill_of(winners[1])
    assert winners[0].mu > new_skill().mu
    assert [(row.games, row.wins) for row in winners] == [(1, 1), (1, 1)]
    assert skill_of(winners[0]) == expected_after([new_skill()] * 3, places)[sitting.current]


def test_a_seat_a_substitute_bot_played_counts_as_its_persons(
    server: LiveServer, crowd: list[Player], database: Database
) -> None:
    ana, bob = crowd[:2]
    code = rated_table(ana, [{"kind": "human"}] * 2, substitute_minutes=GRACE_MINUTES)
    game_id, _ = deal([ana, bob], code)
    ana_sock = ana.connect(game_id)
    ana_sock.recv_until("welcome")
    with bob.connect(game_id) as bob_sock:  # Bob comes, then goes
        bob_sock.recv_until("welcome")
    while ana_sock.recv_until("presence")["connected"] != [True, False]:
        pass
    server.clock.advance(GRACE_MINUTES * 60)
    assert ana_sock.recv_until("away")["seat"] == 1
    Driver({0: ana_sock}, seed=5).run()  # the bot plays Bob's seat to the end
    ana_sock.close()
    game = game_row(database, game_id)
    assert game.status == "finished" and game.had_substitute
    assert game.result is not None
    places = game.result["places"]
    stored = rated_game(database, game_id)
    assert stored is not None
    assert stored.seats == [
        {"user_id": ana.me["id"], "place": places[0]},
        {"user_id": bob.me["id"], "place": places[1]},
    ]
    expected = expected_after([new_skill(), new_skill()], places)
    held = ratings_of(database, ids([ana, bob]))
    assert skill_of(held[(bob.me["id"], "chromino")]) == expected[1]
    assert held[(bob.me["id"], "chromino")].games == 1


def test_an_open_hands_table_refuses_rated(crowd: list[Player]) -> None:
    ana = crowd[0]
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    refused = ana.http.post(
        "/api/tables", json={"seats": seats, "options": {"open_hands": True}, "rated": True}
    )
    assert refused.status_code == 422
    detail = refused.json()["detail"]
    assert detail["code"] == "not_rateable"
    assert detail["message"].startswith("rated: ") and "open hands" in detail["message"]
    # left to the server, such a table is casual; a rated one may be asked for otherwise
    casual = ana.http.post("/api/tables", json={"seats": seats, "options": {"open_hands": True}})
    assert casual.status_code == 201 and casual.json()["rated"] is False
    fine = ana.http.post("/api/tables", json={"seats": seats, "rated": True})
    assert fine.status_code == 201 and fine.json()["rated"] is True
    # bots alone rate nobody: such a table is casual unless asked otherwise
    bots = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
    assert ana.http.post("/api/tables", json={"seats": bots}).json()["rated"] is False


@pytest.mark.parametrize("rated", [True, False])
def test_the_rated_flag_is_copied_to_the_game(
    crowd: list[Player], database: Database, rated: bool
) -> None:
    ana, bob = crowd[:2]
    code = rated_table(ana, [{"kind": "human"}] * 2, rated=rated)
    assert ana.http.get(f"/api/tables/{code}").json()["rated"] is rated
    game_id, seated = deal([ana, bob], code)
    assert game_row(database, game_id).rated is rated
    assert ana.http.get(f"/api/games/{game_id}").json()["game"]["rated"] is rated
    sitting = Sitting(game_id, seated)
    sitting.send(0, "resign")
    sitting.close()
    assert (rated_game(database, game_id) is not None) is rated
    again = bob.http.post(f"/api/games/{game_id}/rematch")  # the same table: the same choice
    assert again.status_code == 200, again.text
    assert game_row(database, again.json()["game_id"]).rated is rated
    mine = [line for line in bob.http.get("/api/me/games").json() if line["id"] == game_id]
    assert [line["rated"] for line in mine] == [rated]


def test_guests_are_rated_like_people(crowd: list[Player], database: Database) -> None:
    member, guest = crowd[:2]
    signed_up = member.http.put("/api/me/password", json={"password": "correct horse battery"})
    assert signed_up.status_code == 200, signed_up.text
    assert member.http.get("/api/me").json()["registered"] is True
    assert guest.http.get("/api/me").json()["registered"] is False
    code = rated_table(member, [{"kind": "human"}] * 2)
    game_id, seated = deal([member, guest], code)
    sitting = Sitting(game_id, seated)
    sitting.send(0, "resign")
    sitting.close()
    expected = expected_after([new_skill(), new_skill()], [2, 1])
    held = ratings_of(database, ids([member, guest]))
    assert skill_of(held[(member.me["id"], "chromino")]) == expected[0]
    assert skill_of(held[(guest.me["id"], "chromino")]) == expected[1]
    assert held[(guest.me["id"], "chromino")].wins == 1


def test_a_seat_whose_account_was_deleted_plays_as_a_new_player_rated_for_nobody(
    crowd: list[Player], database: Database
) -> None:
    ana, bob, carl = crowd
    with database.session() as session:  # Carl has played well before
        session.add(
            Rating(user_id=carl.me["id"], pool="chromino", mu=40.0, sigma=2.0, updated_at=utcnow())
        )
    code = rated_table(ana, [{"kind": "human"}] * 3)
    game_id, seated = deal(crowd, code)
    sitting = Sitting(game_id, seated)
    gone = carl.http.request("DELETE", "/api/me", json={"confirm": carl.me["name"]})
    assert gone.status_code == 204, gone.text  # he resigns as he goes
    sitting.version += 1  # (his resignation is the game's next version)
    sitting.sockets.pop(2).close()
    sitting.play_out(seed=11)
    sitting.close()
    result = game_row(database, game_id).result
    assert result is not None
    places = result["places"]
    assert places[2] == 3
    stored = rated_game(database, game_id)
    assert stored is not None
    assert stored.seats[2] == {"user_id": None, "place": 3}
    expected = expected_after([new_skill()] * 3, places)
    held = ratings_of(database, ids(crowd))
    assert set(held) == {(ana.me["id"], "chromino"), (bob.me["id"], "chromino")}
    assert skill_of(held[(ana.me["id"], "chromino")]) == expected[0]
    assert skill_of(held[(bob.me["id"], "chromino")]) == expected[1]
