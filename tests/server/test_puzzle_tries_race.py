"""A person's first try at a puzzle is rated once, however many requests race: separate
processes record the same try at once, on SQLite and on PostgreSQL, and one of them is
the rated try; the person's rating and the puzzle's move once. Several people's first
tries at one puzzle at once each move the puzzle's rating: none is lost."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator

import pytest
from sqlalchemy import delete, func, select
from support.puzzles import expert_puzzles, record_in_own_process
from support.tournaments import person

from web.db import Database
from web.models import PuzzleRow, PuzzleSkill, PuzzleTry
from web.puzzles import stock
from web.puzzles.skill import new_solver, rate_try
from web.ratings import Skill

RACERS = 4


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, database_url: str) -> str:
    return database_url if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))


@pytest.fixture
def store(url: str) -> Iterator[Database]:
    database = Database(url)
    with database.session() as session:
        session.execute(delete(PuzzleRow))
        stock(session, expert_puzzles(1))
    yield database
    database.dispose()


def race(url: str, tries: list[tuple[int, str]]) -> list[bool]:
    """Record each try in a process of its own, all released at once; whether each was
    rated."""
    context = multiprocessing.get_context("spawn")
    ready, out, go = context.Queue(), context.Queue(), context.Event()
    racers = [
        context.Process(target=record_in_own_process, args=(url, who, ready, go, out))
        for who in tries
    ]
    for racer in racers:
        racer.start()
    for _ in racers:
        assert ready.get(timeout=60)
    go.set()
    rated = [out.get(timeout=60) for _ in racers]
    for racer in racers:
        racer.join(60)
        assert racer.exitcode == 0
    return rated


def test_processes_recording_one_first_try_rate_it_once(url: str, store: Database) -> None:
    with store.session() as session:
        user_id = person(session, "Racer").id
        session.commit()
        puzzle_id = session.scalars(select(PuzzleRow.id)).one()
        start_mu = session.get(PuzzleRow, puzzle_id).mu  # type: ignore[union-attr]
    rated = race(url, [(user_id, puzzle_id)] * RACERS)
    assert sorted(rated) == [False] * (RACERS - 1) + [True]
    with store.session() as session:
        assert session.scalar(select(func.count()).select_from(PuzzleTry)) == 1
        skill = session.get(PuzzleSkill, user_id)
        puzzle = session.get(PuzzleRow, puzzle_id)
        assert skill is not None and (skill.tries, skill.solved) == (1, 1)
        assert puzzle is not None and (puzzle.tries, puzzle.solved) == (1, 1)
        assert puzzle.mu < start_mu  # solved once: it is taken to be easier, once


def test_several_peoples_first_tries_at_one_puzzle_all_move_its_rating(
    url: str, store: Database
) -> None:
    with store.session() as session:
        people = [person(session, f"Solver{number}").id for number in range(RACERS)]
        session.commit()
        puzzle = session.scalars(select(PuzzleRow)).one()
        expected = Skill(puzzle.mu, puzzle.sigma)
        puzzle_id = puzzle.id
    for _ in people:  # each solver is new: the order of their tries changes nothing
        expected = rate_try(new_solver(), expected, "solved")[1]
    assert race(url, [(user_id, puzzle_id) for user_id in people]) == [True] * RACERS
    with store.session() as session:
        stored = session.get(PuzzleRow, puzzle_id)
        assert stored is not None and (stored.tries, stored.solved) == (RACERS, RACERS)
        assert stored.mu == pytest.approx(expected.mu)
        assert stored.sigma == pytest.approx(expected.sigma)
