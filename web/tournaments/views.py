"""A stored tournament as the API shows it: a line of the list, or the whole page's
worth (settings, organiser, entrants, rounds with their tables and byes, standings).

A round's secret appears only once the round has finished: before that it would let
anyone work out the deals still being played."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import Season, Tournament, TournamentBye, TournamentEntry, TournamentRound, User
from ..people import FORMER_PLAYER
from .arena_runs import DEFAULT_WINDOW_MINUTES
from .played import entries_of, played_of, standings_from
from .rounds import tables_of
from .schedule import LIVE_BREAK_SECONDS
from .schemas import (
    Entrant,
    Person,
    RoundOut,
    SeasonOfArena,
    Seat,
    StandingOut,
    TableOut,
    TableResultOut,
    TournamentDetail,
    TournamentSettings,
    TournamentSummary,
)


def names_of(session: Session, user_ids: Iterable[int | None]) -> dict[int, str]:
    wanted = {user_id for user_id in user_ids if user_id is not None}
    if not wanted:
        return {}
    rows = session.execute(select(User.id, User.name).where(User.id.in_(wanted)))
    names: dict[int, str] = dict(rows.all())
    return names


BOT_PERSON = Person(id=None, name="Hard bot")
"""A bot's entry, as the API names it (the pages name it in the reader's words)."""


def person(user_id: int | None, names: dict[int, str]) -> Person:
    """Someone by id and name; a deleted account is a former player."""
    if user_id is None or user_id not in names:
        return Person(id=None, name=FORMER_PLAYER)
    return Person(id=user_id, name=names[user_id])


def summaries(session: Session, tournaments: list[Tournament]) -> list[TournamentSummary]:
    """The list's lines, with each tournament's count of entrants still in play."""
    ids = [tournament.id for tournament in tournaments]
    counts = dict(
        session.execute(
            select(TournamentEntry.tournament_id, func.count())
            .where(
                TournamentEntry.tournament_id.in_(ids),
                TournamentEntry.withdrawn_at.is_(None),
                TournamentEntry.disqualified_at.is_(None),
            )
            .group_by(TournamentEntry.tournament_id)
        ).all()
    )
    names = names_of(session, (tournament.organiser_id for tournament in tournaments))
    return [
        TournamentSummary(
            id=tournament.public_id,
            name=tournament.name,
            kind=tournament.kind,
            format=tournament.format,
            pace=tournament.pace,
            status=tournament.status,
            visibility=tournament.visibility,
            entrants=counts.get(tournament.id, 0),
            starts_at=tournament.starts_at,
            created_at=tournament.created_at,
            organiser=organiser_of(tournament, names),
            smallest=tournament.smallest,
            largest=tournament.largest,
            rounds=tournament.rounds,
            options=tournament.options,
            season=season_of_arena(session, tournament),
        )
        for tournament in tournaments
    ]


def organiser_of(tournament: Tournament, names: dict[int, str]) -> Person | None:
    if tournament.organiser_id is None:
        return None
    return person(tournament.organiser_id, names)


def settings_of(tournament: Tournament) -> TournamentSettings:
    kept = tournament.settings
    return TournamentSettings(
        kind=tournament.kind,
        options=tournament.options,
        format=tournament.format,
        pace=tournament.pace,
        smallest=tournament.smallest,
        largest=tournament.largest,
        rounds=tournament.rounds,
        duplicate=tournament.duplicate,
        rated=tournament.rated,
        visibility=tournament.visibility,
        entry_limit=tournament.entry_limit,
        missed_deadline=kept.get("missed_deadline", "bot"),
        move_seconds=kept.get("move_seconds"),
        move_days=kept.get("move_days"),
        round_deadline=kept.get("round_deadline"),
        live_break=kept.get("live_break", LIVE_BREAK_SECONDS),
        window_minutes=(
            kept.get("window_minutes", DEFAULT_WINDOW_MINUTES)
            if tournament.format == "arena"
            else None
        ),
    )


def rounds_of(session: Session, tournament: Tournament) -> list[RoundOut]:
    """Every started round, first to last, with its tables and byes."""
    rows = session.scalars(
        select(TournamentRound)
        .where(TournamentRound.tournament_id == tournament.id)
        .order_by(TournamentRound.number)
    )
    rounds = []
    for row in rows:
        byes = session.scalars(
            select(TournamentBye.entrant)
            .where(TournamentBye.round_id == row.id)
            .order_by(TournamentBye.entrant)
        )
        tables = [
            TableOut(
                number=table.number,
                deal=table.deal,
                seats=[Seat(seat=seat, entry=entry) for seat, entry in enumerate(table.seats)],
                game_id=table.game_id,
                result=None if table.result is None else TableResultOut(**table.result),
            )
            for table in tables_of(session, row)
        ]
        rounds.append(
            RoundOut(
                number=row.number,
                commitment=row.commitment,
                secret=row.secret if row.finished_at is not None else None,
                started_at=row.started_at,
                finished_at=row.finished_at,
                tables=tables,
                byes=list(byes),
            )
        )
    return rounds


def _waiting(tournament: Tournament, entries: list[TournamentEntry]) -> Literal["entrants"] | None:
    """ "entrants" while a registering tournament has fewer than two present to start."""
    if tournament.status != "registering":
        return None
    present = [e for e in entries if e.withdrawn_at is None and e.disqualified_at is None]
    return "entrants" if len(present) < 2 else None


def season_of_arena(session: Session, arena: Tournament) -> SeasonOfArena | None:
    """What a season's arena says of its season (None: a tournament of its own)."""
    if arena.season_id is None or arena.leg is None or arena.division is None:
        return None
    season = session.get(Season, arena.season_id)
    if season is None:
        return None
    return SeasonOfArena(
        id=season.public_id,
        name=season.name,
        number=season.number,
        leg=arena.leg,
        legs=season.legs,
        division=arena.division,
    )


def detail(session: Session, tournament: Tournament) -> TournamentDetail:
    """Everything a tournament's page shows, standings counted again from the results."""
    entries = entries_of(session, tournament)
    names = names_of(session, [tournament.organiser_id, *(e.user_id for e in entries)])
    rows = standings_from(tournament, played_of(session, tournament))
    return TournamentDetail(
        id=tournament.public_id,
        name=tournament.name,
        status=tournament.status,
        starts_at=tournament.starts_at,
        created_at=tournament.created_at,
        finished_at=tournament.finished_at,
        organiser=organiser_of(tournament, names),
        settings=settings_of(tournament),
        entrants=[
            Entrant(
                entry=entry.number,
                person=person(entry.user_id, names) if entry.bot is None else BOT_PERSON,
                bot=entry.bot,
                joined_round=entry.joined_round,
                withdrawn=entry.withdrawn_at is not None,
                disqualified=entry.disqualified_at is not None,
            )
            for entry in entries
        ],
        rounds=rounds_of(session, tournament),
        waiting=_waiting(tournament, entries),
        ended_early=bool(tournament.settings.get("ended_early")),
        season=season_of_arena(session, tournament),
        standings=[
            StandingOut(
                place=row.place,
                entry=row.entrant,
                points=row.points,
                games=row.games,
                byes=row.byes,
                firsts=row.firsts,
                opponents_average=row.opponents_average,
                score_share=row.score_share,
                streak_bonus=row.streak_bonus,
                withdrawn=row.withdrawn,
            )
            for row in rows
        ],
    )
