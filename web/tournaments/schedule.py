"""Round timing: what starts a tournament's rounds by itself, live and over days, and
what a round's deadline does to the tables still playing (docs/tournaments.md, "What
starts a round").

``run_due`` is called by every process's sweep, every few seconds. It first lets each
season open its arenas or end (``season_runs``). Then, for each tournament that is due,
it does the next step and commits it on its own:

- a registering tournament whose start has come starts round 1 (it needs two entrants
  present; until then it stays registering); an arena, from its start to its window's
  end, seats whoever is free instead (``arena_runs``), and ends after its last table;
- a finished round is followed by the next: at once over days, after the live break
  (``live_break`` seconds in the settings, 60 by default) in a live tournament; the
  last round's end has already finished the tournament (``results``);
- a round being played gets the games of any table that has none yet, and once its
  ``round_deadline`` has passed, every seat whose turn it is at a table still playing
  is handed to the game's own deadline rule, which the tournament chose when the game
  was dealt (``games.ON_TIMEOUT``: a bot plays the seat, or the player forfeits).

Starting a round and creating its games happen in one transaction, so a round never
stands without its games, and the round's unique (tournament, number) lets one process
in however many try (``rounds``). A paused tournament starts nothing, and its break
stands still while it is paused (``organising``).

Each step reads the time from the clock it is given, so tests move a fake one."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from ..clock import Clock
from ..db import Database, as_utc
from ..models import Game, SeatSubstitute, Tournament, TournamentRound, TournamentTable
from .arena_runs import arena_done, finish_arena, seat_free_players
from .entries import tournament_named
from .errors import TournamentError
from .games import create_games
from .results import last_round
from .rounds import StartedRound, latest_round, start_round
from .season_runs import run_seasons

log = logging.getLogger(__name__)

LIVE_BREAK_SECONDS = 60
"""The default pause between two rounds of a live tournament."""


@dataclass(frozen=True, slots=True)
class Overdue:
    """A seat to move at a table still playing after its round's deadline: the game's
    version tells the room whether anything moved since."""

    game_id: str
    version: int
    seat: int


@dataclass(slots=True)
class Due:
    """What one ``run_due`` did: rounds started (tournament id and round number), games
    created (those of live tournaments by id: their rooms are opened so that their move
    clocks run), and the seats past their round's deadline for the rooms to act on."""

    started: list[tuple[str, int]] = field(default_factory=list)
    games: int = 0
    overdue: list[Overdue] = field(default_factory=list)
    live_games: list[str] = field(default_factory=list)


def start_with_games(
    session: Session, public_id: str, now: datetime
) -> tuple[StartedRound, list[str]]:
    """Start the next round (or find the current one) and deal the games of its tables
    that have none, in the caller's transaction: the organiser's start and the timer
    both come here, so a round is never left without its games. The ids of the games
    this call dealt come with the round: once committed, their rooms are opened so
    that bots and move clocks run at a table nobody has opened yet."""
    started = start_round(session, public_id, now)
    created = create_games(session, public_id, started.number, now)
    return started, list(created.values())


def break_ends(tournament: Tournament, finished: TournamentRound) -> datetime:
    """When the live break after ``finished`` is over: the break, plus the time the
    tournament was paused during it (``organising`` adds that on resuming)."""
    seconds = tournament.settings.get("live_break", LIVE_BREAK_SECONDS)
    held = tournament.settings.get("break_held")
    if held is not None and held[0] == finished.number:
        seconds += held[1]
    assert finished.finished_at is not None
    return as_utc(finished.finished_at) + timedelta(seconds=seconds)


def _next_may_start(
    session: Session, tournament: Tournament, latest: TournamentRound, now: datetime
) -> bool:
    """Whether the round after the finished ``latest`` may start now."""
    if latest.number >= last_round(session, tournament):
        return False
    return tournament.pace == "days" or now >= break_ends(tournament, latest)


def round_deadline(tournament: Tournament, row: TournamentRound) -> datetime | None:
    """When the round's tables are due to have finished (None: the round has no
    deadline), moved on by the time the tournament was paused during the round."""
    seconds = tournament.settings.get("round_deadline")
    if seconds is None:
        return None
    held = tournament.settings.get("deadline_held")
    if held is not None and held[0] == row.number:
        seconds += held[1]
    return as_utc(row.started_at) + timedelta(seconds=seconds)


def overdue_seats(session: Session, row: TournamentRound) -> list[Overdue]:
    """The person to move at each of the round's games still being played, unless a
    bot already plays their seat."""
    playing = list(
        session.scalars(
            select(Game)
            .join(TournamentTable, TournamentTable.game_id == Game.id)
            .where(
                TournamentTable.round_id == row.id,
                TournamentTable.result.is_(None),
                Game.status == "playing",
                Game.current_seat.is_not(None),
            )
            .order_by(TournamentTable.number)
        )
    )
    ids = [game.id for game in playing]
    held = select(SeatSubstitute.game_id, SeatSubstitute.seat).where(
        SeatSubstitute.game_id.in_(ids)
    )
    substituted = {(game_id, seat) for game_id, seat in session.execute(held)}
    return [
        Overdue(game.id, game.version, seat)
        for game in playing
        if (seat := game.current_seat) is not None
        and (game.id, seat) not in substituted
        and isinstance(game.seats[seat].get("user_id"), int)
    ]


def _play_on(session: Session, tournament: Tournament, row: TournamentRound, now: datetime) -> Due:
    """A round being played: its missing games dealt, its overdue seats found."""
    due = Due()
    waiting = session.scalar(
        select(TournamentTable.number)
        .where(TournamentTable.round_id == row.id, TournamentTable.game_id.is_(None))
        .limit(1)
    )
    if waiting is not None:
        due = _dealt(tournament, create_games(session, tournament.public_id, row.number, now))
    deadline = round_deadline(tournament, row)
    if deadline is not None and now >= deadline:
        due.overdue = overdue_seats(session, row)
    return due


def _dealt(tournament: Tournament, games: dict[int, str]) -> Due:
    """The games just created, by id too in a live tournament."""
    live = list(games.values()) if tournament.pace == "live" else []
    return Due(games=len(games), live_games=live)


def _locked(session: Session, tournament: Tournament) -> Tournament:
    """The tournament read again under its row lock, which the organiser's pause and
    early end take too: a round then never starts just after either."""
    query = select(Tournament).where(Tournament.id == tournament.id).with_for_update()
    return session.scalars(query.execution_options(populate_existing=True)).one()


def _begin(session: Session, tournament: Tournament, now: datetime) -> Due:
    """Start the tournament's next round with its games, unless it was paused or ended
    meanwhile; what that did."""
    if _locked(session, tournament).status not in ("registering", "running"):
        return Due()
    started = start_round(session, tournament.public_id, now)
    due = _dealt(tournament, create_games(session, tournament.public_id, started.number, now))
    if started.created:
        due.started.append((tournament.public_id, started.number))
    return due


def _arena_step(session: Session, tournament: Tournament, now: datetime) -> Due:
    """An arena's step (``arena_runs``): once its window has opened, whoever is free is
    seated and dealt a game; once it has closed and its last table ended, it ends."""
    if as_utc(tournament.starts_at) > now:
        return Due()
    if _locked(session, tournament).status not in ("registering", "running"):
        return Due()
    if arena_done(session, tournament, now):
        finish_arena(session, tournament, now)
        return Due()
    number = seat_free_players(session, tournament, now)
    if number is None:
        return Due()
    due = _dealt(tournament, create_games(session, tournament.public_id, number, now))
    due.started.append((tournament.public_id, number))
    return due


def step(session: Session, public_id: str, now: datetime) -> Due:
    """The tournament's next step at ``now`` (see the module's docstring), in the
    caller's transaction; TournamentError when its next round cannot start (too few
    present, for one)."""
    tournament = tournament_named(session, public_id)
    if tournament.status not in ("registering", "running"):
        return Due()
    if tournament.format == "arena":
        return _arena_step(session, tournament, now)
    latest = latest_round(session, tournament)
    if latest is None:
        if as_utc(tournament.starts_at) > now:
            return Due()
        return _begin(session, tournament, now)
    if latest.finished_at is None:
        return _play_on(session, tournament, latest, now)
    if _next_may_start(session, tournament, latest, now):
        return _begin(session, tournament, now)
    return Due()


def due_tournaments(session: Session, now: datetime) -> list[str]:
    """The tournaments that may have something to do: running ones, and registering
    ones whose start has come."""
    query = (
        select(Tournament.public_id)
        .where(
            or_(
                Tournament.status == "running",
                (Tournament.status == "registering") & (Tournament.starts_at <= now),
            ),
        )
        .order_by(Tournament.id)
    )
    return list(session.scalars(query))


def _merge(into: Due, done: Due) -> None:
    into.started.extend(done.started)
    into.games += done.games
    into.overdue.extend(done.overdue)
    into.live_games.extend(done.live_games)


def run_due(session: Session, clock: Clock) -> Due:
    """Do every due tournament's next step, each committed on its own so one
    tournament's refusal or failure holds up no other (a failure is logged, and the
    step tried again at the next sweep), and a round's insert waits on another
    process's only for that round."""
    now = clock.now()
    run_seasons(session, now)
    due = Due()
    for public_id in due_tournaments(session, now):
        try:
            _merge(due, step(session, public_id, now))
            session.commit()
        except TournamentError as error:
            session.rollback()
            log.debug("tournament %s waits: %s", public_id, error)
        except Exception:
            session.rollback()
            log.exception("tournament %s: its next step failed", public_id)
    return due


class TimedRoom(Protocol):
    async def time_ran_out(self, version: int) -> bool: ...

    def resting(self) -> bool: ...


class Rooms(Protocol):
    """What the overdue seats need of the live games: a game's room, loaded if need be."""

    async def room(self, game_id: str) -> Any: ...

    def evict(self, room: Any) -> None: ...


def _run_due_in(db: Database, clock: Clock) -> Due:
    with db.session() as session:
        return run_due(session, clock)


async def act_on_deadlines(rooms: Rooms, overdue: Iterable[Overdue]) -> int:
    """Have each overdue seat's room do what its table chose for a missed deadline,
    the path a turn's own deadline takes (a move since, or another process, makes it
    do nothing); how many rooms acted."""
    acted = 0
    for seat in overdue:
        room: TimedRoom | None = await rooms.room(seat.game_id)
        if room is None:
            continue
        if await room.time_ran_out(seat.version):
            acted += 1
        if room.resting():
            rooms.evict(room)
    return acted


async def run_tournaments(db: Database, clock: Clock, rooms: Rooms) -> Due:
    """One round of the tournaments' timing, as the sweep runs it: ``run_due`` on a
    worker thread; then the new games of live tournaments are opened, so that their
    move clocks run even at a table nobody opens (nobody asked for it, so nobody may
    be there to), and the rooms act on the seats past their round's deadline."""
    due = await asyncio.to_thread(_run_due_in, db, clock)
    for game_id in due.live_games:
        await rooms.room(game_id)
    await act_on_deadlines(rooms, due.overdue)
    return due
