"""The rebuild equals the live updates: a few hundred rated games among a dozen people
and the bots, dealt at real tables and finished through the event store's own
commits (several games ending in one transaction, some sharing a player), with
seeded random play and leavers; then ``chromino admin ratings rebuild`` replays them
and finds every stored rating and history row identical, bit for bit. A rating
changed by hand is reported and ``--write`` puts it back."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from pydantic import TypeAdapter
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from web.app import GAME_ENDINGS
from web.club.deletion import erase
from web.db import Database, utcnow
from web.games import game_kind
from web.live.store import EventStore, StoredEvent
from web.lobby.dealing import start
from web.lobby.schemas import TableCreate
from web.lobby.tables import create_table, join
from web.models import RatedGame, Rating, RatingChange, User
from web.ops.cli import main
from web.ratings import rebuild
from web.ratings.anchors import bot_skill
from web.ratings.model import Skill, new_skill, rate
from web.ratings.pools import pool_of

GAMES = 300
PEOPLE = 12
BOTS = ("random", "greedy", "strong")
OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("chromino", {}),
    ("chromino", {"scoring": "expert"}),
    ("triominos", {"turn_seconds": 0}),
]
TABLES = TypeAdapter(TableCreate)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, database_url: str) -> str:
    """SQLite, and PostgreSQL (where the rows are locked and floats are float8)."""
    if request.param == "sqlite":
        return database_url
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def db(url: str) -> Iterator[Database]:
    database = Database(url)
    yield database
    database.dispose()


@pytest.fixture
def store(db: Database) -> Iterator[EventStore]:
    events = EventStore(db, endings=GAME_ENDINGS)  # as the app hands them
    yield events
    events._writer.shutdown()
    events._drop_connection()


@dataclass
class Dealt:
    """A game dealt at a table, played in memory, its events waiting to be stored."""

    game_id: str
    pool: str | None
    rated: bool
    seats: list[dict[str, Any]]
    events: list[StoredEvent]

    @property
    def result(self) -> dict[str, Any]:
        outcome = self.events[-1].result
        assert outcome is not None
        return outcome


@dataclass
class Expected:
    """The ratings as the test works them out itself, game by game in the order they
    were finished, with the model's ``rate``."""

    skills: dict[tuple[int, str], Skill] = field(default_factory=dict)
    games: dict[tuple[int, str], int] = field(default_factory=dict)

    def finish(self, game: Dealt) -> None:
        if not game.rated or game.pool is None:
            return
        pool, places = game.pool, game.result["places"]
        before = [
            bot_skill(pool, seat["bot"])
            if seat["bot"]
            else self.skills.get((seat["user_id"], pool), new_skill())
            for seat in game.seats
        ]
        for seat, skill in zip(game.seats, rate(before, places), strict=True):
            if seat["user_id"] is not None:
                key = (seat["user_id"], pool)
                self.skills[key] = skill
                self.games[key] = self.games.get(key, 0) + 1


def make_people(db: Database) -> list[User]:
    with db.session() as session:
        people = [User(name=f"Player {n}", name_key=f"player-{n}") for n in range(PEOPLE)]
        session.add_all(people)
        session.flush()
        session.expunge_all()
    return people


def deal(session: Session, rng: random.Random, people: list[User], number: int) -> Dealt:
    """A table of 2 to 4 seats (one to all of them people, the rest bots), rated but one
    game in ten, dealt; then played to its end in memory by seeded random moves, a
    seat leaving now and then."""
    game, options = rng.choice(OPTIONS)
    size = rng.randint(2, 4)
    humans = rng.randint(1, size)
    seated = rng.sample(people, humans)
    seats = [{"kind": "human"}] * humans + [
        {"kind": "bot", "bot": rng.choice(BOTS)} for _ in range(size - humans)
    ]
    rng.shuffle(seats)
    rated = rng.random() > 0.1
    spec = TABLES.validate_python(
        {"game": game, "options": options, "seats": seats, "rated": rated}
    )
    creator = session.get(User, seated[0].id)
    assert creator is not None
    table = create_table(session, creator, spec)
    for person in seated[1:]:
        joining = session.get(User, person.id)
        assert joining is not None
        join(table, joining)
    dealt = start(session, table, creator, now=utcnow(), deal_seed=f"rebuild-{number}")
    events = play(dealt.kind, dealt.setup, rng)
    return Dealt(dealt.id, pool_of(game, dealt.setup["options"]), rated, dealt.seats, events)


def play(kind_name: str, setup: dict[str, Any], rng: random.Random) -> list[StoredEvent]:
    kind = game_kind(kind_name)
    live = kind.restore(setup)
    events: list[StoredEvent] = []
    leaving = rng.random() < 0.3
    while not live.is_over:
        seat = live.current_seat
        if leaving and len(live.active_seats) > 1 and rng.random() < 0.05:
            seat, action = rng.choice(live.active_seats), kind.resign
        else:
            action = live.bot_action(seat, "random", rng)
        applied = live.apply(seat, action)
        events.append(
            StoredEvent(
                len(events) + 1,
                seat,
                applied.stored,
                None,
                None,
                None,
                live.result(),
                None if live.is_over else live.current_seat,
            )
        )
    return events


def finish(store: EventStore, games: list[Dealt]) -> None:
    """Each game's moves but the last, one commit per game; then the last moves of all
    of them in one commit: the games end together, in this order."""
    for game in games:
        if len(game.events) > 1:
            assert store.commit_many([(game.game_id, e) for e in game.events[:-1]]) == [None] * (
                len(game.events) - 1
            )
    ends = [(game.game_id, game.events[-1]) for game in games]
    assert store.commit_many(ends) == [None] * len(ends)


def stored_ratings(db: Database) -> dict[tuple[int, str], Rating]:
    with db.session() as session:
        rows = list(session.scalars(select(Rating)))
        session.expunge_all()
        return {(row.user_id, row.pool): row for row in rows}


def run_cli(capsys: pytest.CaptureFixture[str], url: str, *extra: str) -> tuple[int, str]:
    status = main(["admin", "ratings", "rebuild", "--database-url", url, *extra])
    return status, capsys.readouterr().out


def test_the_rebuild_replays_hundreds_of_games_to_the_same_ratings(
    db: Database, url: str, store: EventStore, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(22)
    people = make_people(db)
    expected = Expected()
    counted = 0
    played = 0
    gone: User | None = None
    while played < GAMES:
        batch = []
        with db.session() as session:
            for _ in range(min(rng.randint(1, 4), GAMES - played)):
                batch.append(deal(session, rng, people, played))
                played += 1
        finish(store, batch)
        for game in batch:
            expected.finish(game)
            counted += game.rated and game.pool is not None
        if gone is None and played >= GAMES // 2:
            gone = people.pop(rng.randrange(len(people)))  # an account deleted halfway
            with db.session() as session:
                leaving = session.get(User, gone.id)
                assert leaving is not None
                erase(session, leaving)
    assert gone is not None

    # The live updates are the test's own arithmetic, in the order the games ended.
    held = stored_ratings(db)
    kept = {key: skill for key, skill in expected.skills.items() if key[0] != gone.id}
    assert {key: Skill(row.mu, row.sigma) for key, row in held.items()} == kept
    assert {key: row.games for key, row in held.items()} == {
        key: count for key, count in expected.games.items() if key[0] != gone.id
    }
    with db.session() as session:
        assert session.scalar(select(RatedGame.id).order_by(RatedGame.id.desc())) is not None
        assert len(list(session.scalars(select(RatedGame.id)))) == counted
    assert counted > GAMES * 0.8

    # The rebuild: identical, the person gone playing their part with no row.
    report = rebuild(db)
    assert report.identical, report.lines()
    assert (report.games, report.ratings) == (counted, len(kept))
    status, out = run_cli(capsys, url)
    assert status == 0
    assert out == f"{counted} games replayed, {len(kept)} ratings: identical\n"

    # A rating and a history row changed by hand: told, left alone, then put back.
    (user_id, pool), row = sorted(held.items())[0]
    with db.session() as session:
        session.execute(
            update(Rating)
            .where(Rating.user_id == user_id, Rating.pool == pool)
            .values(mu=Rating.mu + 1e-9, wins=Rating.wins + 1)
        )
        number = session.scalar(
            select(RatingChange.rated_game_id).where(RatingChange.user_id == user_id).limit(1)
        )
        session.execute(
            update(RatingChange)
            .where(RatingChange.rated_game_id == number, RatingChange.user_id == user_id)
            .values(sigma=0.5)
        )
    status, out = run_cli(capsys, url)
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == f"{counted} games replayed, {len(kept)} ratings: 2 differences"
    assert lines[1].startswith(f"  rating of #{user_id} (Player ") and f"in {pool}:" in lines[1]
    assert lines[2].startswith(f"  rated game {number}, #{user_id} (Player ")
    assert "add --write" in lines[-1]
    assert stored_ratings(db)[(user_id, pool)].mu == row.mu + 1e-9  # unchanged by a check

    status, out = run_cli(capsys, url, "--write")
    assert status == 0
    assert "now the replayed ones" in out
    restored = stored_ratings(db)[(user_id, pool)]
    assert (restored.mu, restored.sigma, restored.games, restored.wins) == (
        row.mu,
        row.sigma,
        row.games,
        row.wins,
    )
    assert rebuild(db).identical
