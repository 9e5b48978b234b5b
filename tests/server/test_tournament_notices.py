"""What a tournament tells its people through the notices' outbox: its entries opening
(to the organiser's friends only, and never for a tournament reached by link), a bye
when a round starts, each seated person's table once its game is dealt, and everyone's
final place; each made once, and worded in the reader's language."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session
from support.tournaments import NOW, person, spec

from web.db import Database
from web.friends import relations
from web.models import Notice, User
from web.notify.words import notice_text
from web.tournaments import (
    create_games,
    create_tournament,
    record_result,
    register,
    start_round,
)


def notices(session: Session, kind: str) -> list[Notice]:
    return list(session.scalars(select(Notice).where(Notice.kind == kind).order_by(Notice.id)))


def test_entries_opening_is_told_to_the_organisers_friends_only(db: Database) -> None:
    with db.session() as session:
        organiser, friend, stranger = (person(session, n) for n in ("org", "friend", "stranger"))
        relations.befriend(session, organiser.id, friend.id)
        listed = create_tournament(session, organiser, spec(), NOW)
        create_tournament(session, organiser, spec(name="Hidden", visibility="link"), NOW)
        told = notices(session, "tournament_open")
        assert [(n.user_id, n.details["tournament_id"]) for n in told] == [
            (friend.id, listed.public_id)
        ]
        assert stranger.id not in {n.user_id for n in told}
        assert _line(told[0], "en") == (
            f"{organiser.name} opened entries to a tournament of Chromino: Winter cup"
        )


def _line(notice: Notice, language: str) -> str:
    """The notice as its push says it."""
    return notice_text(notice.kind, notice.details, language, "UTC")


def _finish_round(session: Session, public_id: str, number: int, tables: list[list[int]]) -> None:
    for table, seats in enumerate(tables, start=1):
        size = len(seats)
        record_result(
            session,
            public_id,
            number,
            table,
            ranks=list(range(size)),
            scores=[size - seat for seat in range(size)],
            now=NOW,
        )


def test_a_bye_a_ready_table_and_the_final_place_each_told_once(db: Database) -> None:
    with db.session() as session:
        organiser = person(session, "org")
        made = create_tournament(session, organiser, spec(smallest=2, largest=2, rounds=1), NOW)
        players = [person(session) for _ in range(5)]
        for player in players:
            register(session, made.public_id, player, NOW)
        started = start_round(session, made.public_id, NOW)
        games = create_games(session, made.public_id, 1, NOW)
        create_games(session, made.public_id, 1, NOW)  # a second call tells nobody again
        by_entry = {number: players[number - 1] for number in range(1, 6)}

        byes = notices(session, "tournament_bye")
        assert [n.user_id for n in byes] == [by_entry[e].id for e in started.byes]
        assert _line(byes[0], "en") == (
            "Round 1 of Winter cup has started: you have a bye, worth half a point"
        )
        ready = notices(session, "table_ready")
        assert sorted(n.user_id for n in ready) == sorted(
            by_entry[e].id for table in started.tables for e in table
        )
        assert {n.game_id for n in ready} == set(games.values())
        first = ready[0]
        opponent = next(
            by_entry[e].name
            for table in started.tables
            for e in table
            if first.user_id in {by_entry[x].id for x in table} and by_entry[e].id != first.user_id
        )
        assert _line(first, "fr").startswith("Ronde 1 de Winter cup")
        assert opponent in _line(first, "en")

        _finish_round(session, made.public_id, 1, [list(t) for t in started.tables])
        over = {n.user_id: n for n in notices(session, "tournament_over")}
        assert set(over) == {player.id for player in players}
        winner = by_entry[started.tables[0][0]]
        assert _line(over[winner.id], "en") == "Winter cup is over: you won it"
        last = by_entry[started.tables[0][1]]
        assert _line(over[last.id], "en").startswith("Winter cup is over: you finished ")


def test_nobody_is_told_of_a_game_dealt_to_deleted_accounts(db: Database) -> None:
    with db.session() as session:
        organiser = person(session, "org")
        made = create_tournament(session, organiser, spec(smallest=2, largest=2, rounds=1), NOW)
        players = [person(session) for _ in range(2)]
        for player in players:
            register(session, made.public_id, player, NOW)
        start_round(session, made.public_id, NOW)
        session.delete(session.get(User, players[0].id))
        session.flush()
        create_games(session, made.public_id, 1, NOW)
        assert [n.user_id for n in notices(session, "table_ready")] == [players[1].id]
