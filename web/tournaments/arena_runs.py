"""An arena as stored: during its window, whoever is free is seated again at once.

An arena has no rounds to wait for. Each time players are free (they entered, or their
table ended), the sweep seats as many of them as ``arena_tables`` can, and stores that
seating as a numbered round row of its own, with its commitment, its tables and their
deal keys, exactly as a Swiss round is stored. So everything a round has, a seating
has too: its deals committed before they are dealt and revealed when its last table
ends, a table's result recorded when its game ends, and a start that happens once
however many processes try (the unique (tournament, number) lets one insert in).

Who counts as free: an entrant neither withdrawn nor disqualified and not seated at a
table without a result. They are taken in the order they came free (the one whose
last table belongs to the earliest seating first, then by entry number), so the one
left waiting for lack of a full table is the last to have come free.

The window is ``window_minutes`` from the start. Once it closes nobody is seated again;
the tables still playing finish, and the arena ends with the last of them (or at the
window's end if none is playing)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..db import as_utc
from ..models import Tournament, TournamentRound, TournamentTable
from . import notices
from .arena import arena_tables
from .history import histories
from .pairing import Standing
from .plans import Plan, pairing_seed, ratings_of
from .played import entries_of, played_of, standings_from
from .rounds import latest_round, store_round

DEFAULT_WINDOW_MINUTES = 60
"""An arena's window when its organiser gives none: an evening's hour."""


def window_ends(tournament: Tournament) -> datetime:
    """When the arena stops seating players: its window after its start, moved on by
    the time it was paused (it seats nobody while paused)."""
    minutes = tournament.settings.get("window_minutes", DEFAULT_WINDOW_MINUTES)
    held = tournament.settings.get("window_held", 0)
    return as_utc(tournament.starts_at) + timedelta(minutes=minutes, seconds=held)


def _seated_tables(session: Session, tournament: Tournament) -> list[tuple[int, TournamentTable]]:
    """Every table of every seating so far, with its seating's number."""
    rows = session.execute(
        select(TournamentRound.number, TournamentTable)
        .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
        .where(TournamentRound.tournament_id == tournament.id)
        .order_by(TournamentRound.number, TournamentTable.number)
    )
    return [(number, table) for number, table in rows.all()]


def playing_tables(session: Session, tournament: Tournament) -> int:
    """How many of the arena's tables are still being played."""
    return sum(1 for _, table in _seated_tables(session, tournament) if table.result is None)


def free_in_order(session: Session, tournament: Tournament) -> list[int]:
    """The entrants free to be seated now, in the order they came free."""
    last_seating: dict[int, int] = {}
    busy: set[int] = set()
    for number, table in _seated_tables(session, tournament):
        for entrant in table.seats:
            last_seating[entrant] = number
            if table.result is None:
                busy.add(entrant)
    free = [
        entry.number
        for entry in entries_of(session, tournament)
        if entry.withdrawn_at is None and entry.disqualified_at is None and entry.number not in busy
    ]
    return sorted(free, key=lambda entrant: (last_seating.get(entrant, 0), entrant))


def _plan(session: Session, tournament: Tournament, free: list[int], number: int) -> Plan:
    """The seating of ``free``: tables by standing, each with a deal of its own."""
    played = played_of(session, tournament)
    points = {row.entrant: row.points for row in standings_from(tournament, played)}
    entries = [entry for entry in entries_of(session, tournament) if entry.number in set(free)]
    ratings = ratings_of(session, tournament, entries)
    waiting = [Standing(entrant, points.get(entrant, 0.0), ratings[entrant]) for entrant in free]
    tables, _ = arena_tables(
        waiting,
        histories(played.results, played.byes),
        tournament.smallest,
        tournament.largest,
        pairing_seed(tournament, number),
    )
    keys = tuple(f"r{number}-t{table}" for table in range(1, len(tables) + 1))
    return Plan(tables=tables, deals=keys, byes=())


def seat_free_players(session: Session, tournament: Tournament, now: datetime) -> int | None:
    """Seat whoever is free, as the next seating; its number, or None when the window
    is closed or too few are free for a table. The caller holds the tournament's lock
    and deals the seating's games in the same transaction."""
    if now >= window_ends(tournament):
        return None
    free = free_in_order(session, tournament)
    if len(free) < tournament.smallest:
        return None
    latest = latest_round(session, tournament)
    number = 1 if latest is None else latest.number + 1
    store_round(session, tournament, number, _plan(session, tournament, free, number), now)
    return number


def arena_done(session: Session, tournament: Tournament, now: datetime) -> bool:
    """Whether the arena is over: its window closed and no table still playing."""
    return now >= window_ends(tournament) and playing_tables(session, tournament) == 0


def finish_arena(session: Session, tournament: Tournament, now: datetime) -> None:
    """End the arena with its standings, and tell every entrant their place."""
    tournament.status = "finished"
    tournament.finished_at = now
    session.flush()
    notices.finished(session, tournament, now)
