"""A Swiss over days plays itself to its end on a fake clock (bench.tournament_sim, at
a small size): people who move, people who never do (the round's deadline hands their
seats on), entrants whose accounts are gone; every round starts once, every game
finishes, and nothing stalls."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from support.live import run_apart

from bench.tournament_sim import Field, Simulation
from web.db import Database
from web.models import Game, TournamentRound, TournamentTable
from web.tournaments import standings_of


@pytest.mark.parametrize(
    ("missed_deadline", "players", "rounds"), [("bot", 16, 3), ("forfeit", 8, 2)]
)
def test_a_small_swiss_over_days_finishes(
    database_url: str, missed_deadline: str, players: int, rounds: int
) -> None:
    field = Field(players, rounds, bot_every=5, missed_deadline=missed_deadline, seed=3)
    outcome = run_apart(Simulation(database_url, field).run())  # as bench.tournament_sim.play
    games = players // 4 * rounds
    assert (outcome.status, outcome.rounds, outcome.unfinished) == ("finished", rounds, 0)
    assert outcome.games == games and outcome.people_moves > 0
    assert outcome.deadline_seats > 0  # the idle players' tables needed the deadline
    db = Database(database_url)
    with db.session() as session:
        assert session.scalar(select(func.count()).select_from(TournamentRound)) == rounds
        without = select(func.count()).where(
            (TournamentTable.game_id.is_(None)) | (TournamentTable.result.is_(None))
        )
        assert session.scalar(without) == 0
        assert session.scalar(select(func.count()).where(Game.status != "finished")) == 0
        rows = standings_of(session, outcome.public_id)
    db.dispose()
    assert sum(row.games for row in rows) == games * 4
