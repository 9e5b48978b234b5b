"""A game's room is read with fewer reads when the dealer has just dealt it
(``load_game(..., dealt_now=True)``, the hub's ``dealt``): what it leaves out — the
events, the seats a bot plays for, the chat read marks — must be what a new game has.
Checked for a new solo game, its rematch and a table of a person and two bots, of every
game in the registry, against the full read of the same game."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from support.api import BASE_URL, finished_rematch
from support.live import make_settings

from web.app import create_app
from web.db import Database, utcnow
from web.games import GAMES
from web.live.loading import load_game
from web.lobby import Seating, deal_seated


def both_reads(db: Database, game_id: str) -> None:
    now = utcnow()
    with db.sessions() as session:
        full = load_game(session, game_id, now)
    with db.sessions() as session:
        short = load_game(session, game_id, now, dealt_now=True)
    assert full is not None and short is not None
    assert short == full


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_new_game_read_as_dealt_now_is_the_game_read_in_full(
    database_url: str, db: Database, game: str
) -> None:
    settings = make_settings(database_url, deal_seed="dealt")
    with TestClient(create_app(settings), base_url=BASE_URL) as client:
        first, second = finished_rematch(client, db, game)
        both_reads(db, first)
        both_reads(db, second)
        with db.sessions() as session:
            finished_at_the_end = load_game(session, first, utcnow())
        assert finished_at_the_end is not None and finished_at_the_end.next_game == second

    person = finished_at_the_end.seats[0]["user_id"]
    with db.sessions() as session:
        seating = Seating(game, {}, [None, person, None], stand_in=sorted(GAMES[game].bots)[0])
        seated = deal_seated(session, seating, seed="dealt", now=utcnow()).id
        session.commit()
    both_reads(db, seated)
