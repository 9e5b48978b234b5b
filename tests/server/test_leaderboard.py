"""The leaderboard: who is on it (people with a settled rating, guests
too; not the provisional, the banned or those hiding their rating), ranked by the
rating people see with ties sharing a rank, the viewer's own line, an unknown pool's
clear 404, and the page in the reader's language."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from support.api import BASE_URL, expect
from support.live import make_settings

from web.app import create_app
from web.db import Database
from web.models import Preference, Rating, User
from web.people.names import skeleton
from web.ratings.board import TOP
from web.ratings.scale import PROVISIONAL_GAMES, shown

SETTLED = PROVISIONAL_GAMES
"""Games enough to be ranked."""


def someone(
    db: Database,
    name: str,
    mu: float,
    *,
    games: int = SETTLED,
    wins: int = 0,
    pool: str = "chromino",
    hides: bool = False,
    banned_until: datetime | None = None,
    password: bool = True,
) -> int:
    """A person with a rating in a pool (seeded as the live rating path would leave it);
    their id."""
    with db.sessions() as session:
        user = User(
            name=name,
            name_key=skeleton(name),
            name_chosen=True,
            password_hash="x" if password else None,
            banned_until=banned_until,
        )
        session.add(user)
        session.flush()
        if hides:
            session.add(
                Preference(user_id=user.id, hide_rating=True, email_verified=False, digest_hour=18)
            )
        rate(session, user.id, pool, mu, games, wins=wins)
        session.commit()
        return user.id


def rate(session: Any, user_id: int, pool: str, mu: float, games: int, *, wins: int = 0) -> None:
    session.add(Rating(user_id=user_id, pool=pool, mu=mu, sigma=3.0, games=games, wins=wins))


def my_id(client: TestClient, name: str) -> int:
    """The client's own account, named."""
    expect(client.put("/api/me/name", json={"name": name}), 200)
    return int(expect(client.post("/api/me"), 200)["id"])


def rate_me(db: Database, user_id: int, mu: float, games: int, pool: str = "chromino") -> None:
    with db.sessions() as session:
        rate(session, user_id, pool, mu, games)
        session.commit()


def board(client: TestClient, pool: str | None = None) -> Any:
    query = "" if pool is None else f"?pool={pool}"
    return expect(client.get(f"/api/leaderboard{query}"), 200)


def names_and_ranks(body: Any) -> list[tuple[str, int, int]]:
    return [(row["name"], row["rank"], row["rating"]) for row in body["rows"]]


# --- who is on it, and in which order --------------------------------------------------------


def test_people_are_ranked_by_the_rating_they_show_and_equal_ratings_share_a_rank(
    client: TestClient, db: Database
) -> None:
    someone(db, "Ana", 30.0, games=14, wins=9)
    someone(db, "Ben", 28.0, games=12, wins=5)
    # 28.004 shows the same number as 28.0: the same rank, after Ben (higher mu).
    someone(db, "Cleo", 28.004, games=20, wins=4)
    someone(db, "Dan", 20.0, games=11, wins=1)

    body = board(client)
    assert body["pool"] == "chromino"  # no pool named: the first one
    assert body["pools"] == ["chromino", "chromino-expert", "chromino-junior", "triominos"]
    assert body["min_games"] == PROVISIONAL_GAMES
    assert shown(28.0) == shown(28.004)
    assert names_and_ranks(body) == [
        ("Ana", 1, shown(30.0)),
        ("Cleo", 2, shown(28.0)),
        ("Ben", 2, shown(28.0)),
        ("Dan", 4, shown(20.0)),
    ]
    ana = body["rows"][0]
    assert (ana["games"], ana["wins"]) == (14, 9)
    assert body["ranked"] == 4
    assert body["me"] is None  # a visitor: no line of their own


def test_each_pool_has_its_own_board(client: TestClient, db: Database) -> None:
    someone(db, "Ana", 30.0)
    someone(db, "Ben", 26.0, pool="triominos")
    assert [row["name"] for row in board(client, "chromino")["rows"]] == ["Ana"]
    assert [row["name"] for row in board(client, "triominos")["rows"]] == ["Ben"]
    assert board(client, "chromino-junior")["rows"] == []


def test_the_provisional_the_hidden_and_the_banned_are_left_out_guests_are_not(
    client: TestClient, db: Database
) -> None:
    now = datetime.now(UTC)
    someone(db, "Settled", 26.0)
    someone(db, "Newcomer", 40.0, games=SETTLED - 1)  # provisional, however high
    someone(db, "Shy", 35.0, hides=True)
    someone(db, "Banned", 34.0, banned_until=now + timedelta(days=3))
    someone(db, "Forgiven", 33.0, banned_until=now - timedelta(days=1))  # the ban is over
    someone(db, "Guest 123456", 27.0, password=False)  # a guest who played enough

    body = board(client)
    assert [row["name"] for row in body["rows"]] == ["Forgiven", "Guest 123456", "Settled"]
    assert body["ranked"] == 3


# --- the viewer's own line -------------------------------------------------------------------


def test_my_row_when_i_am_on_the_board(client: TestClient, db: Database) -> None:
    someone(db, "Ana", 30.0)
    me = my_id(client, "Mia")
    rate_me(db, me, 27.0, games=SETTLED + 2)
    body = board(client)
    assert body["me"] == {
        "standing": "listed",
        "rating": shown(27.0),
        "games": SETTLED + 2,
        "games_to_go": 0,
        "rank": 2,
    }
    page = client.get("/leaderboard")
    assert page.status_code == 200
    mine = re.search(
        r'<tr data-testid="board-row" data-user="(\d+)" class="me" aria-current="true"', page.text
    )
    assert mine is not None and int(mine.group(1)) == me
    assert f"You are ranked 2, with a rating of {shown(27.0)}." in page.text
    assert f'href="/players/{me}"' in page.text


def test_a_provisional_rating_says_how_many_games_to_go(client: TestClient, db: Database) -> None:
    someone(db, "Ana", 30.0)
    me = my_id(client, "Mia")
    rate_me(db, me, 29.0, games=SETTLED - 3)
    body = board(client)
    assert [row["name"] for row in body["rows"]] == ["Ana"]
    assert body["me"]["standing"] == "provisional"
    assert (body["me"]["games_to_go"], body["me"]["rating"]) == (3, shown(29.0))
    page = client.get("/leaderboard").text
    assert f"Your rating is provisional ({shown(29.0)}?): 3 more rated games to go." in page


def test_hiding_my_rating_takes_me_off_the_board_and_says_so(
    client: TestClient, db: Database
) -> None:
    someone(db, "Ana", 30.0)
    me = my_id(client, "Mia")
    rate_me(db, me, 27.0, games=SETTLED)
    assert board(client)["me"]["standing"] == "listed"

    expect(client.patch("/api/me/preferences", json={"hide_rating": True}), 200)
    body = board(client)
    assert [row["name"] for row in body["rows"]] == ["Ana"]
    assert body["me"]["standing"] == "hidden"
    page = client.get("/leaderboard").text
    assert "You hide your rating, so you are not on the leaderboard." in page
    assert 'href="/preferences"' in page


def test_no_rated_game_yet(client: TestClient, db: Database) -> None:
    my_id(client, "Mia")
    body = board(client, "triominos")
    assert body["me"] == {
        "standing": "unrated",
        "rating": None,
        "games": 0,
        "games_to_go": PROVISIONAL_GAMES,
        "rank": None,
    }
    page = client.get("/leaderboard?pool=triominos").text
    assert "You have no rated games here yet" in page
    # Nobody ranked: the empty board says when one is.
    assert "Nobody is ranked here yet: a player is ranked after 10 rated games." in page


def test_below_the_first_hundred_my_rank_is_still_told(client: TestClient, db: Database) -> None:
    with db.sessions() as session:
        for number in range(TOP + 2):
            name = f"Player{number:03d}"
            user = User(name=name, name_key=skeleton(name), name_chosen=True)
            session.add(user)
            session.flush()
            rate(session, user.id, "chromino", 40.0 - number * 0.1, SETTLED)
        session.commit()
    me = my_id(client, "Mia")
    rate_me(db, me, 10.0, games=SETTLED)  # below everyone
    body = board(client)
    assert len(body["rows"]) == TOP
    assert body["ranked"] == TOP + 3
    assert body["me"]["standing"] == "below"
    assert body["me"]["rank"] == TOP + 3
    page = client.get("/leaderboard").text
    assert (
        f"You are ranked {TOP + 3}, with a rating of {shown(10.0)}; the list shows the first 100."
        in page
    )
    assert "103 players ranked; the first 100 are shown." in page


# --- refusals and the page ----------------------------------------------------------------


def test_an_unknown_pool_is_a_clear_404(client: TestClient) -> None:
    detail = expect(client.get("/api/leaderboard?pool=chess"), 404)["detail"]
    assert detail["code"] == "unknown_pool"
    assert "'chess'" in detail["message"] and "triominos" in detail["message"]

    page = client.get("/leaderboard?pool=chess")
    assert page.status_code == 404
    assert "There is no leaderboard called “chess”" in page.text
    assert 'href="/leaderboard?pool=chromino-expert"' in page.text  # the others offered
    assert "Traceback" not in page.text

    too_long = client.get("/api/leaderboard", params={"pool": "x" * 41})
    assert too_long.status_code == 422
    assert too_long.json()["detail"][0]["loc"] == ["query", "pool"]


def test_the_page_in_another_language(client: TestClient, db: Database) -> None:
    someone(db, "Ana", 30.0, games=12, wins=6)
    me = my_id(client, "Mia")
    rate_me(db, me, 27.0, games=SETTLED - 3)
    page = client.get("/leaderboard", headers={"Accept-Language": "fr"})
    assert page.status_code == 200
    text = page.text
    assert '<html lang="fr">' in text
    assert '<h1 id="leaderboard-title">Classement</h1>' in text
    assert ">Cote</th>" in text and ">Victoires</th>" in text
    assert "50\u00a0%" in text  # Ana's share of wins, as French writes it
    assert (
        f"Ta cote est provisoire ({shown(27.0)}?)\u00a0: encore 3 parties classées à jouer." in text
    )
    main = text.split("<main", 1)[1]
    assert "Leaderboard" not in main and "rated game" not in main


def test_the_same_board_on_postgresql(pg_url: str) -> None:
    """The board's query (ties, the banned by time zone-aware dates, those hiding) on
    PostgreSQL, where dates and booleans are the database's own."""
    db = Database(pg_url)
    try:
        now = datetime.now(UTC)
        someone(db, "PgAna", 30.0, games=14, wins=9)
        someone(db, "PgBen", 28.0)
        someone(db, "PgCleo", 28.004)
        someone(db, "PgShy", 35.0, hides=True)
        someone(db, "PgBanned", 34.0, banned_until=now + timedelta(hours=1))
        someone(db, "PgForgiven", 20.0, banned_until=now - timedelta(hours=1))
        with TestClient(create_app(make_settings(pg_url)), base_url=BASE_URL) as client:
            body = board(client)
        assert names_and_ranks(body) == [
            ("PgAna", 1, shown(30.0)),
            ("PgCleo", 2, shown(28.0)),
            ("PgBen", 2, shown(28.0)),
            ("PgForgiven", 4, shown(20.0)),
        ]
    finally:
        db.dispose()
