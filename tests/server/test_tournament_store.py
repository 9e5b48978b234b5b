"""Stored tournaments on SQLite and PostgreSQL: creating one, entries, rounds paired
from stored results, results that finish rounds, the revealed secret, and the
standings read back from the database equal to the core's on the same results.

Every refusal names what was wrong and leaves the database as it was."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Iterator

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, func, select
from support.tournaments import NOW, person, spec, tournament_with

from web.db import Base, Database
from web.models import (
    AuditEntry,
    Tournament,
    TournamentEntry,
    TournamentRound,
    TournamentTable,
    User,
)
from web.tournaments import (
    StartedRound,
    TableResult,
    TournamentError,
    commitment,
    create_tournament,
    deal_seed,
    disqualify,
    record_result,
    register,
    revealed_secret,
    round_robin,
    standings,
    standings_of,
    start_round,
    table_deals,
    verify,
    withdraw,
)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, database_url: str) -> Iterator[Database]:
    url = database_url if request.param == "sqlite" else request.getfixturevalue("pg_url")
    database = Database(url)
    yield database
    database.dispose()


def counts(db: Database) -> tuple[int, ...]:
    """Rows of every tournament table and of the audit log: what a refusal must not move."""
    with db.session() as session:
        return tuple(
            session.scalar(select(func.count()).select_from(model)) or 0
            for model in (Tournament, TournamentEntry, TournamentRound, TournamentTable, AuditEntry)
        )


def play(
    db: Database, public_id: str, started: StartedRound, rng: random.Random
) -> list[TableResult]:
    """Finish every table of a started round with seeded ranks and scores."""
    results = []
    with db.session() as session:
        for number, seats in enumerate(started.tables, start=1):
            scores = [rng.randrange(0, 40) for _ in seats]
            order = sorted(set(scores), reverse=True)
            ranks = [sum(1 for s in scores if s > score) for score in scores]
            assert all(0 <= rank < len(seats) for rank in ranks), order
            results.append(
                record_result(
                    session, public_id, started.number, number, ranks=ranks, scores=scores, now=NOW
                )
            )
    return results


@pytest.mark.parametrize(
    ("choices", "field"),
    [
        ({"smallest": 1}, "smallest"),
        ({"largest": 9}, "largest"),
        ({"smallest": 4, "largest": 3}, "largest"),
        ({"rounds": 0}, "rounds"),
        ({"name": "  "}, "name"),
        ({"kind": "draughts"}, "kind"),
        ({"format": "knockout"}, "format"),
        ({"pace": "slow"}, "pace"),
        ({"visibility": "secret"}, "visibility"),
        ({"entry_limit": 1}, "entry_limit"),
        ({"missed_deadline": "coin"}, "missed_deadline"),
        ({"format": "arena", "duplicate": True}, "duplicate"),
        ({"format": "arena", "window_minutes": 4}, "window_minutes"),
        ({"rounds": "5"}, "rounds"),
    ],
)
def test_a_bad_choice_is_named_and_nothing_is_stored(
    store: Database, choices: dict[str, object], field: str
) -> None:
    with store.session() as session:
        organiser = person(session, "organiser")
    before = counts(store)
    with pytest.raises(TournamentError) as refused, store.session() as session:
        create_tournament(session, session.merge(organiser), spec(**choices), NOW)
    assert refused.value.field == field
    assert field in str(refused.value)
    assert counts(store) == before


def test_creating_writes_the_tournament_and_the_audit_log(store: Database) -> None:
    with store.session() as session:
        organiser = person(session, "organiser")
        made = create_tournament(session, organiser, spec(rounds=3, smallest=3), NOW)
        public_id = made.public_id
    with store.session() as session:
        stored = session.scalars(select(Tournament).where(Tournament.public_id == public_id)).one()
        assert (stored.status, stored.smallest, stored.largest, stored.rounds) == (
            "registering",
            3,
            4,
            3,
        )
        assert stored.settings == {"missed_deadline": "bot"}
        entry = session.scalars(
            select(AuditEntry)
            .where(AuditEntry.action == "tournament_create")
            .order_by(AuditEntry.id.desc())
        ).first()
        assert entry is not None and entry.details == {"tournament": public_id}


def test_entries_take_numbers_in_order_and_refusals_change_nothing(store: Database) -> None:
    public_id, users = tournament_with(store, 3, entry_limit=3)
    with store.session() as session:
        numbers = session.scalars(
            select(TournamentEntry.number)
            .join(Tournament)
            .where(Tournament.public_id == public_id)
            .order_by(TournamentEntry.number)
        )
        assert list(numbers) == [1, 2, 3]
        first, newcomer = session.get_one(User, users[0]), person(session)
    before = counts(store)
    for who, field in ((first, "entry"), (newcomer, "entry_limit")):
        with pytest.raises(TournamentError) as refused, store.session() as session:
            register(session, public_id, session.merge(who), NOW)
        assert refused.value.field == field
    with pytest.raises(TournamentError) as refused, store.session() as session:
        withdraw(session, public_id, session.merge(newcomer), NOW)
    assert refused.value.field == "entry"
    assert "has not entered" in str(refused.value)
    with pytest.raises(TournamentError) as refused, store.session() as session:
        disqualify(
            session, public_id, session.merge(first), session.merge(newcomer), reason="x", now=NOW
        )
    assert refused.value.field == "organiser"
    assert counts(store) == before


def test_withdrawing_twice_and_disqualifying_by_the_organiser(store: Database) -> None:
    with store.session() as session:
        organiser = person(session, "organiser")
        public_id = create_tournament(session, organiser, spec(), NOW).public_id
        a, b = person(session), person(session)
        register(session, public_id, a, NOW)
        register(session, public_id, b, NOW)
        withdraw(session, public_id, a, NOW)
    before = counts(store)
    with pytest.raises(TournamentError, match="already withdrawn"), store.session() as session:
        withdraw(session, public_id, session.merge(a), NOW)
    with pytest.raises(TournamentError) as refused, store.session() as session:
        disqualify(
            session, public_id, session.merge(organiser), session.merge(b), reason=" ", now=NOW
        )
    assert refused.value.field == "reason"
    assert counts(store) == before
    with store.session() as session:
        disqualify(
            session, public_id, session.merge(organiser), session.merge(b), reason="abuse", now=NOW
        )
    with store.session() as session:
        logged = session.scalars(
            select(AuditEntry)
            .where(AuditEntry.action == "tournament_disqualify")
            .where(AuditEntry.target_id == b.id)
        ).one()
        assert logged.actor_id == organiser.id
        assert logged.details == {"tournament": public_id, "entry": 2, "reason": "abuse"}


def test_a_round_commits_and_reveals_its_secret_once_it_ends(store: Database) -> None:
    public_id, _ = tournament_with(store, 7, rounds=2)
    with store.session() as session:
        started = start_round(session, public_id, NOW)
    assert started.created and started.number == 1
    assert sorted([e for t in started.tables for e in t] + list(started.byes)) == list(range(1, 8))
    with store.session() as session:
        assert revealed_secret(session, public_id, 1) is None
        deals = table_deals(session, public_id, 1)
        again = start_round(session, public_id, NOW)
    assert again == dataclasses.replace(started, created=False)
    play(store, public_id, started, random.Random(1))
    with store.session() as session:
        secret = revealed_secret(session, public_id, 1)
    assert secret is not None
    assert verify(started.commitment, secret)
    assert commitment(secret) == started.commitment
    for deal in deals:
        assert deal.seed == deal_seed(secret, public_id, 1, deal.deal)
        assert deal.entrants == started.tables[deal.table - 1]


def test_standings_from_stored_results_equal_the_cores(store: Database) -> None:
    public_id, _ = tournament_with(store, 11, rounds=3, smallest=3)
    rng = random.Random(7)
    results: list[TableResult] = []
    byes: list[tuple[int, int]] = []
    for _ in range(3):
        with store.session() as session:
            started = start_round(session, public_id, NOW)
        results += play(store, public_id, started, rng)
        byes += [(started.number, entrant) for entrant in started.byes]
    with store.session() as session:
        stored = standings_of(session, public_id)
        status = session.scalars(
            select(Tournament.status).where(Tournament.public_id == public_id)
        ).one()
    assert stored == standings(results, byes, range(1, 12))
    assert status == "finished"
    with pytest.raises(TournamentError) as refused, store.session() as session:
        start_round(session, public_id, NOW)
    assert refused.value.field == "tournament"


def test_a_bad_result_is_named_and_changes_nothing(store: Database) -> None:
    public_id, _ = tournament_with(store, 4, largest=2)
    with store.session() as session:
        started = start_round(session, public_id, NOW)
    bad = [
        ({"ranks": [0, 0, 1], "scores": [1, 1, 0]}, 1, "result"),
        ({"ranks": [0, 2], "scores": [3, 1]}, 1, "result"),
        ({"ranks": [0, 1.5], "scores": [3, 1]}, 1, "result"),
        ({"ranks": [0, 1], "scores": [3, 1]}, 9, "table"),
    ]
    for given, table, field in bad:
        with pytest.raises(TournamentError) as refused, store.session() as session:
            record_result(session, public_id, 1, table, now=NOW, **given)  # type: ignore[arg-type]
        assert refused.value.field == field
    with store.session() as session:
        record_result(session, public_id, 1, 1, ranks=[1, 0], scores=[2, 5], now=NOW)
        record_result(session, public_id, 1, 1, ranks=[1, 0], scores=[2, 5], now=NOW)
    with pytest.raises(TournamentError, match="already has a result"), store.session() as session:
        record_result(session, public_id, 1, 1, ranks=[0, 1], scores=[5, 2], now=NOW)
    with store.session() as session:
        assert (
            session.scalar(
                select(func.count())
                .select_from(TournamentTable)
                .where(TournamentTable.result.is_not(None))
                .join(TournamentRound)
                .join(Tournament)
                .where(Tournament.public_id == public_id)
            )
            == 1
        )
    assert len(started.tables) == 2


def test_a_duplicate_round_shares_one_deal_per_size(store: Database) -> None:
    public_id, _ = tournament_with(store, 10, duplicate=True, smallest=3, largest=4)
    with store.session() as session:
        started = start_round(session, public_id, NOW)
        deals = table_deals(session, public_id, 1)
    assert sorted(len(table) for table in started.tables) == [3, 3, 4]
    assert {deal.deal for deal in deals} == {"r1-s3", "r1-s4"}
    seeds = {deal.deal: deal.seed for deal in deals}
    assert all(seeds[deal.deal] == deal.seed for deal in deals)


def test_the_migrated_postgresql_schema_matches_the_models(pg_url: str) -> None:
    engine = create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    finally:
        engine.dispose()


def test_a_round_finishes_with_its_last_table_only(store: Database) -> None:
    public_id, _ = tournament_with(store, 4, largest=2, rounds=2)
    with store.session() as session:
        start_round(session, public_id, NOW)
        record_result(session, public_id, 1, 1, ranks=[0, 1], scores=[4, 2], now=NOW)
    with store.session() as session:
        assert revealed_secret(session, public_id, 1) is None
        assert not start_round(session, public_id, NOW).created
        record_result(session, public_id, 1, 2, ranks=[0, 0], scores=[3, 3], now=NOW)
    with store.session() as session:
        assert revealed_secret(session, public_id, 1) is not None
        assert start_round(session, public_id, NOW).number == 2


def test_a_late_entry_is_paired_from_the_next_round(store: Database) -> None:
    public_id, _ = tournament_with(store, 4, largest=2, rounds=3)
    with store.session() as session:
        first = start_round(session, public_id, NOW)
        late = register(session, public_id, person(session), NOW)
    assert (late.number, late.joined_round) == (5, 2)
    assert all(5 not in table for table in first.tables)
    play(store, public_id, first, random.Random(3))
    with store.session() as session:
        second = start_round(session, public_id, NOW)
    assert 5 in {e for table in second.tables for e in table} | set(second.byes)


def test_a_round_robin_follows_the_cores_schedule(store: Database) -> None:
    public_id, _ = tournament_with(store, 5, format="round_robin", largest=2, rounds=9)
    seed = int.from_bytes(hashlib.sha256(f"{public_id}/0".encode()).digest()[:8], "big")
    schedule = round_robin([1, 2, 3, 4, 5], 2, seed)
    rng = random.Random(5)
    for number, tables in enumerate(schedule, start=1):
        with store.session() as session:
            started = start_round(session, public_id, NOW)
        assert (started.number, started.tables) == (number, tuple(tables))
        assert len(started.byes) == 1
        play(store, public_id, started, rng)
    with pytest.raises(TournamentError) as refused, store.session() as session:
        start_round(session, public_id, NOW)
    assert refused.value.field == "tournament"
    assert len(schedule) == 5
