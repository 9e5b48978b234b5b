"""A tournament round's tables become real games, and their ends feed the tournament,
on SQLite and PostgreSQL: each table's game seats the entrants' accounts in the table's
order and is dealt from the table's seed exactly (a duplicate round's tables of a size
hold the same hands); creating the games again creates none; each game played to its
end through the event store (with the hooks the app hands it) records its table's
ranks and scores in the same transaction, and the last one finishes the round, whose
secret is then revealed, with the standings the core gives for those results."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import func, select
from support.stores import let_go
from support.tournaments import NOW, tournament_with

from chromino import redeal
from web.app import GAME_ENDINGS
from web.db import Database
from web.games import game_kind
from web.live.store import EventStore, StoredEvent
from web.models import (
    Game,
    GamePlayer,
    GameTable,
    Tournament,
    TournamentRound,
    TournamentTable,
)
from web.tournaments import (
    TableDeal,
    TableResult,
    create_games,
    record_result,
    revealed_secret,
    standings,
    standings_of,
    start_round,
    table_deals,
    verify,
)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, database_url: str) -> Iterator[Database]:
    url = database_url if request.param == "sqlite" else request.getfixturevalue("pg_url")
    database = Database(url)
    yield database
    database.dispose()


@pytest.fixture
def store(db: Database) -> Iterator[EventStore]:
    events = EventStore(db, endings=GAME_ENDINGS)  # as the app hands them
    yield events
    let_go(events)


def game_of(db: Database, game_id: str) -> Game:
    with db.session() as session:
        game = session.get(Game, game_id)
        assert game is not None
        session.expunge(game)
        return game


def games_by_table(db: Database, public_id: str, number: int) -> dict[int, str]:
    """Each table's stored game id, by table number."""
    query = (
        select(TournamentTable.number, TournamentTable.game_id)
        .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
        .join(Tournament, Tournament.id == TournamentRound.tournament_id)
        .where(Tournament.public_id == public_id, TournamentRound.number == number)
    )
    with db.session() as session:
        rows = session.execute(query).all()
    assert all(game_id is not None for _, game_id in rows)
    return {table: str(game_id) for table, game_id in rows}


def count(db: Database, model: type[Any]) -> int:
    with db.session() as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


def greedy_events(game: Game, rng: random.Random) -> list[StoredEvent]:
    """The game played to its end in memory by the Medium bot in every seat, as the
    events the event store commits."""
    kind = game_kind(game.kind)
    live = kind.restore(game.setup)
    events: list[StoredEvent] = []
    while not live.is_over:
        seat = live.current_seat
        applied = live.apply(seat, live.bot_action(seat, "greedy", rng))
        result = live.result()
        events.append(
            StoredEvent(
                len(events) + 1,
                seat,
                applied.stored,
                None,
                None,
                None,
                result,
                None if live.is_over else live.current_seat,
            )
        )
    return events


def play_to_the_end(store: EventStore, game: Game, rng: random.Random) -> dict[str, Any]:
    """Commit the game's moves through the store, the last one alone (its end runs the
    hooks); the game's result."""
    events = greedy_events(game, rng)
    if len(events) > 1:
        assert store.commit_many([(game.id, event) for event in events[:-1]]) == [None] * (
            len(events) - 1
        )
    assert store.commit_many([(game.id, events[-1])]) == [None]
    result = events[-1].result
    assert result is not None
    return result


def assert_dealt_from(game: Game, deal: TableDeal) -> None:
    """The game seats the table's accounts in its order, dealt from its seed exactly."""
    assert [seat["user_id"] for seat in game.seats] == list(deal.users)
    redealt = redeal(game.kind, len(deal.users), deal.seed, game.setup["options"])
    for part in ("options", "start", "hands", "bag", "first"):
        assert game.setup[part] == redealt[part], part


def test_a_swiss_round_is_played_through_its_games(db: Database, store: EventStore) -> None:
    public_id, users = tournament_with(db, 8, smallest=4, largest=4, rounds=3)
    with db.session() as session:
        started = start_round(session, public_id, NOW)
        created = create_games(session, public_id, 1, NOW)
        deals = table_deals(session, public_id, 1)
    assert [len(seats) for seats in started.tables] == [4, 4]
    assert sorted(created) == [1, 2]
    assert games_by_table(db, public_id, 1) == created
    for deal in deals:
        game = game_of(db, created[deal.table])
        assert deal.users == tuple(users[entrant - 1] for entrant in deal.entrants)
        assert_dealt_from(game, deal)
        assert game.status == "playing"

    # A second call, as another process would make it, creates nothing.
    before = (count(db, Game), count(db, GameTable), count(db, GamePlayer))
    with db.session() as session:
        assert create_games(session, public_id, 1, NOW) == {}
    assert (count(db, Game), count(db, GameTable), count(db, GamePlayer)) == before
    assert games_by_table(db, public_id, 1) == created

    rng = random.Random(7)
    expected = []
    for deal in deals:
        with db.session() as session:
            assert revealed_secret(session, public_id, 1) is None  # a table still plays
        result = play_to_the_end(store, game_of(db, created[deal.table]), rng)
        ranks = tuple(place - 1 for place in result["places"])
        scores = tuple(-tiles for tiles in result["hand_sizes"])  # unscored Chromino
        expected.append(TableResult(1, deal.table, deal.entrants, ranks, scores))
        with db.session() as session:
            row = session.scalars(
                select(TournamentTable).where(TournamentTable.game_id == created[deal.table])
            ).one()
            assert row.result == {"ranks": list(ranks), "scores": list(scores)}

    with db.session() as session:
        secret = revealed_secret(session, public_id, 1)
        assert secret is not None and verify(started.commitment, secret)
        assert standings_of(session, public_id) == standings(expected, (), range(1, 9))
        second = start_round(session, public_id, NOW)
    assert (second.number, second.created) == (2, True)


def test_a_duplicate_rounds_tables_hold_the_same_hands(db: Database) -> None:
    public_id, _ = tournament_with(db, 8, smallest=4, largest=4, rounds=2, duplicate=True)
    with db.session() as session:
        start_round(session, public_id, NOW)
        created = create_games(session, public_id, 1, NOW)
        deals = table_deals(session, public_id, 1)
    assert len({deal.deal for deal in deals}) == 1
    games = [game_of(db, created[deal.table]) for deal in deals]
    for game, deal in zip(games, deals, strict=True):
        assert_dealt_from(game, deal)
    first, second = games
    for part in ("start", "hands", "bag", "first"):
        assert first.setup[part] == second.setup[part], part
    assert first.seats != second.seats


def test_a_scored_game_gives_its_scores_and_an_organisers_result_stands(
    db: Database, store: EventStore
) -> None:
    public_id, _ = tournament_with(db, 4, kind="triominos", smallest=2, largest=2, rounds=2)
    with db.session() as session:
        start_round(session, public_id, NOW)
        created = create_games(session, public_id, 1, NOW)
        deals = table_deals(session, public_id, 1)
        # The organiser settles table 2 by hand before its game ends.
        record_result(session, public_id, 1, 2, ranks=[1, 0], scores=[0, 0], now=NOW)
    assert sorted(created) == [1, 2]

    rng = random.Random(11)
    play_to_the_end(store, game_of(db, created[2]), rng)
    assert game_of(db, created[2]).status == "finished"
    with db.session() as session:
        row = session.scalars(
            select(TournamentTable).where(TournamentTable.game_id == created[2])
        ).one()
        assert row.result == {"ranks": [1, 0], "scores": [0, 0]}
        assert revealed_secret(session, public_id, 1) is None

    result = play_to_the_end(store, game_of(db, created[1]), rng)
    assert any(result["scores"])  # Triominos counts points: they are the table's scores
    ranks = tuple(place - 1 for place in result["places"])
    expected = [
        TableResult(1, 1, deals[0].entrants, ranks, tuple(result["scores"])),
        TableResult(1, 2, deals[1].entrants, (1, 0), (0, 0)),
    ]
    with db.session() as session:
        assert revealed_secret(session, public_id, 1) is not None
        assert standings_of(session, public_id) == standings(expected, (), range(1, 5))


def test_games_created_at_once_are_created_once(db: Database) -> None:
    public_id, _ = tournament_with(db, 8, smallest=4, largest=4, rounds=2)
    with db.session() as session:
        start_round(session, public_id, NOW)
    games_before = count(db, Game)  # the PostgreSQL database is the module's
    ready = threading.Barrier(2)
    answers: list[dict[int, str]] = []

    def create() -> None:
        with db.session() as session:
            ready.wait(10)
            answers.append(create_games(session, public_id, 1, NOW))

    racers = [threading.Thread(target=create) for _ in range(2)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)
    assert sorted(len(answer) for answer in answers) == [0, 2]
    assert count(db, Game) == games_before + 2
    assert games_by_table(db, public_id, 1) == max(answers, key=len)
