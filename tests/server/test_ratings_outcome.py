"""What a game did to its players' ratings, as its end screen and players panel read
it (GET /api/games/{id}/ratings): each seat's rating after the game and this game's
change, from the game's own rating rows; a hidden one for its owner alone; a bot's
fixed rating with no change; nothing changed by a casual game; a rating still
provisional after the game marked so, counted up to this game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.fixtures import LiveServers
from support.live import LiveServer, Player
from support.ratings import Sitting, changes_of, deal, hide, rated_game, rated_table
from support.wsplay import FAST, start_game

from web.db import Database
from web.models import Rating
from web.ratings.anchors import bot_skill
from web.ratings.scale import PROVISIONAL_GAMES, shown, shown_change


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    return serve(fake_clock=True, **FAST)


@pytest.fixture
def crowd(server: LiveServer) -> Iterator[list[Player]]:
    made = [Player(server.url) for _ in range(3)]
    yield made
    for person in made:
        person.close()


def outcome(person: Player, game_id: str) -> dict[str, Any]:
    answer = person.http.get(f"/api/games/{game_id}/ratings")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    assert body["provisional_games"] == PROVISIONAL_GAMES
    return body


def rate(db: Database, user_id: int, mu: float, games: int) -> None:
    """A Chromino rating still unsure enough for one game to move it."""
    with db.sessions() as session:
        session.add(Rating(user_id=user_id, pool="chromino", mu=mu, sigma=8.0, games=games))
        session.commit()


NEW = {"rating": None, "provisional": True, "hidden": False, "change": None}


def test_a_rated_game_shows_each_change_and_the_rating_after_it(
    crowd: list[Player], database: Database
) -> None:
    ana, ben = crowd[:2]
    rate(database, ana.me["id"], 26.0, games=PROVISIONAL_GAMES - 1)  # settles with this game
    hide(ben)
    code = rated_table(ana, [{"kind": "human"}, {"kind": "human"}])
    game_id, seated = deal([ana, ben], code)
    before = outcome(ana, game_id)
    assert before["rated"] is False  # not over yet: the ratings as they are
    assert before["seats"] == [
        {"rating": shown(26.0), "provisional": True, "hidden": False, "change": None},
        None,  # Ben hides his
    ]
    assert outcome(ben, game_id)["seats"][1] == {**NEW, "hidden": True}

    sitting = Sitting(game_id, seated)
    sitting.send(1, "resign")  # Ben leaves: Ana wins
    sitting.close()
    stored = rated_game(database, game_id)
    assert stored is not None
    changes = changes_of(database, stored.id)
    ana_row, ben_row = changes[ana.me["id"]], changes[ben.me["id"]]
    ana_after = {
        "rating": shown(ana_row.mu),
        "provisional": False,  # her tenth rated game
        "hidden": False,
        "change": shown_change(ana_row.mu_before, ana_row.mu),
    }
    ben_after = {
        "rating": shown(ben_row.mu),
        "provisional": True,
        "hidden": True,
        "change": shown_change(ben_row.mu_before, ben_row.mu),
    }
    assert ana_after["change"] > 0 > ben_after["change"]
    assert outcome(ana, game_id) == {
        "rated": True,
        "provisional_games": PROVISIONAL_GAMES,
        "seats": [ana_after, None],
    }
    assert outcome(ben, game_id)["seats"] == [ana_after, ben_after]
    assert outcome(crowd[2], game_id)["seats"] == [ana_after, None]  # a spectator

    # A later game moves Ana's rating again; this game's page still says what it did.
    code = rated_table(ana, [{"kind": "human"}, {"kind": "human"}])
    later, seated = deal([ana, ben], code)
    sitting = Sitting(later, seated)
    sitting.send(0, "resign")
    sitting.close()
    assert outcome(ana, later)["seats"][0]["change"] < 0
    assert outcome(ana, game_id)["seats"][0] == ana_after


def test_a_bot_keeps_its_fixed_rating_and_a_newcomer_stays_provisional(
    crowd: list[Player],
) -> None:
    ana = crowd[0]
    game_id, seated = start_game([ana], ["human", "greedy"])
    sitting = Sitting(game_id, seated)
    sitting.play_out(seed=7)
    sitting.close()
    seats = outcome(ana, game_id)["seats"]
    assert seats[1] == {
        "rating": shown(bot_skill("chromino", "greedy").mu),
        "provisional": False,
        "hidden": False,
        "change": None,
    }
    # Rated (a change, where an unrated game shows none), from new; a drawn game against
    # a bot rated about as a newcomer starts may move it by less than a point.
    assert seats[0]["provisional"] is True and seats[0]["change"] is not None
    assert seats[0]["rating"] == 1500 + seats[0]["change"]


def test_a_casual_game_and_a_solo_game_change_nothing(crowd: list[Player]) -> None:
    ana, ben = crowd[:2]
    code = rated_table(ana, [{"kind": "human"}, {"kind": "human"}], rated=False)
    game_id, seated = deal([ana, ben], code)
    sitting = Sitting(game_id, seated)
    sitting.send(1, "resign")
    sitting.close()
    assert outcome(ana, game_id) == {
        "rated": False,
        "provisional_games": PROVISIONAL_GAMES,
        "seats": [NEW, NEW],
    }
    solo = ana.http.post("/api/solo", json={"game": "chromino"}).json()["game_id"]
    assert outcome(ana, solo)["seats"] == [None]


def test_an_unknown_or_private_game_is_refused_by_name(crowd: list[Player]) -> None:
    ana, ben = crowd[:2]
    missing = ana.http.get("/api/games/nosuchgame/ratings")
    assert missing.status_code == 404
    assert missing.json()["detail"]["code"] == "no_such_game"
    solo = ana.http.post("/api/solo", json={"game": "chromino"}).json()["game_id"]
    private = ben.http.get(f"/api/games/{solo}/ratings")
    assert private.status_code == 403
    assert private.json()["detail"]["code"] == "no_spectators"
