"""A round's life: started once, with its commitment published and its tables and byes
stored in the same transaction; its deals' seeds handed to whoever creates the games;
its secret revealed when its last table ends.

Starting once. Several processes may try to start the same round (a timer in each, an
organiser's click). Each pairs the round, which is deterministic, then inserts the
round's row: the unique (tournament, number) lets one insert in and refuses the others,
which read the winner's round instead of their own. On PostgreSQL the losing insert
waits for the winner's transaction and then fails; on SQLite writers take turns, so
the later one finds the round already there. The round, its tables and byes are
written in one transaction, so a process that dies half-way leaves no round at all.

A round that has started and not finished is the current one: asking to start a
round then answers with it, so a repeated or concurrent request changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..i18n import N_, Words
from ..models import Tournament, TournamentBye, TournamentEntry, TournamentRound, TournamentTable
from . import notices
from .entries import tournament_named
from .errors import TournamentError
from .fairness import RoundSecret, deal_seed
from .plans import Plan, plan_round

_NOT_RUNNING = {
    "paused": Words(N_("the tournament is paused")),
    "finished": Words(N_("the tournament is finished")),
}
"""Why a tournament in each state that starts no round refuses to."""


@dataclass(frozen=True, slots=True)
class StartedRound:
    """A round as stored: its commitment, tables (entry numbers in seat order) with
    their deal keys, and byes. ``created`` says whether this call started it."""

    number: int
    commitment: str
    tables: tuple[tuple[int, ...], ...]
    deals: tuple[str, ...]
    byes: tuple[int, ...]
    created: bool


@dataclass(frozen=True, slots=True)
class TableDeal:
    """What creating a table's game needs: who sits in which seat (entry numbers and
    their accounts, None for a deleted one) and the seed its deal must come from."""

    table: int
    entrants: tuple[int, ...]
    users: tuple[int | None, ...]
    deal: str
    seed: str


def round_row(session: Session, tournament: Tournament, number: int) -> TournamentRound | None:
    return session.scalars(
        select(TournamentRound).where(
            TournamentRound.tournament_id == tournament.id, TournamentRound.number == number
        )
    ).one_or_none()


def latest_round(session: Session, tournament: Tournament) -> TournamentRound | None:
    return session.scalars(
        select(TournamentRound)
        .where(TournamentRound.tournament_id == tournament.id)
        .order_by(TournamentRound.number.desc())
        .limit(1)
    ).one_or_none()


def tables_of(session: Session, row: TournamentRound) -> list[TournamentTable]:
    return list(
        session.scalars(
            select(TournamentTable)
            .where(TournamentTable.round_id == row.id)
            .order_by(TournamentTable.number)
        )
    )


def stored_round(session: Session, row: TournamentRound, *, created: bool) -> StartedRound:
    """The round as its rows hold it."""
    tables = tables_of(session, row)
    byes = session.scalars(
        select(TournamentBye.entrant)
        .where(TournamentBye.round_id == row.id)
        .order_by(TournamentBye.entrant)
    )
    return StartedRound(
        number=row.number,
        commitment=row.commitment,
        tables=tuple(tuple(table.seats) for table in tables),
        deals=tuple(table.deal for table in tables),
        byes=tuple(byes),
        created=created,
    )


def _next_number(tournament: Tournament, latest: TournamentRound | None) -> int:
    """The number of the round to start; the refusal when none may start now."""
    if tournament.status in ("paused", "finished"):
        raise TournamentError("tournament", _NOT_RUNNING[tournament.status])
    number = 1 if latest is None else latest.number + 1
    if number > tournament.rounds:
        raise TournamentError(
            "round", Words(N_("all {rounds} rounds have started"), rounds=tournament.rounds)
        )
    return number


def store_round(
    session: Session, tournament: Tournament, number: int, plan: Plan, now: datetime
) -> TournamentRound:
    """Write the round, then its tables and byes; IntegrityError when another
    transaction stored this round first."""
    secret = RoundSecret.new()
    row = TournamentRound(
        tournament_id=tournament.id,
        number=number,
        secret=secret.hex,
        commitment=secret.commitment,
        started_at=now,
    )
    session.add(row)
    session.flush()
    for index, (seats, deal) in enumerate(zip(plan.tables, plan.deals, strict=True), start=1):
        session.add(TournamentTable(round_id=row.id, number=index, seats=list(seats), deal=deal))
    session.add_all(TournamentBye(round_id=row.id, entrant=entrant) for entrant in plan.byes)
    if plan.seeding is not None:
        tournament.settings = {**tournament.settings, "seeding": list(plan.seeding)}
    tournament.status = "running"
    session.flush()
    return row


def start_round(session: Session, public_id: str, now: datetime) -> StartedRound:
    """Start the tournament's next round, or answer with the current one if it has not
    finished (see the module's docstring); TournamentError says why no round can start
    (paused or over, every round played, too few present, an arena)."""
    tournament = tournament_named(session, public_id)
    if tournament.status == "finished":  # ended early, its last round still played
        raise TournamentError("tournament", _NOT_RUNNING["finished"])
    latest = latest_round(session, tournament)
    if latest is not None and latest.finished_at is None:
        return stored_round(session, latest, created=False)
    number = _next_number(tournament, latest)
    plan = plan_round(session, tournament, number)
    try:
        with session.begin_nested():
            row = store_round(session, tournament, number, plan, now)
    except IntegrityError:
        session.expire(tournament)
        winner = round_row(session, tournament, number)
        if winner is None:
            raise
        return stored_round(session, winner, created=False)
    notices.round_started(session, tournament, row, now)
    return stored_round(session, row, created=True)


def round_named(session: Session, public_id: str, number: int) -> TournamentRound:
    """The stored round ``number``, or the refusal naming it."""
    tournament = tournament_named(session, public_id)
    row = round_row(session, tournament, number)
    if row is None:
        raise TournamentError("round", f"round {number} has not started")
    return row


def revealed_secret(session: Session, public_id: str, number: int) -> str | None:
    """Round ``number``'s secret once the round has finished (anyone may then check
    its deals); None while it is played."""
    row = round_named(session, public_id, number)
    return row.secret if row.finished_at is not None else None


def table_deals(session: Session, public_id: str, number: int) -> list[TableDeal]:
    """Per table of round ``number``: the seats and the deal seed its game must be
    dealt from (``deal_seed`` of the round's secret, the tournament and the deal key)."""
    row = round_named(session, public_id, number)
    entries = session.execute(
        select(TournamentEntry.number, TournamentEntry.user_id).where(
            TournamentEntry.tournament_id == row.tournament_id
        )
    )
    users: dict[int, int | None] = dict(entries.all())
    return [
        TableDeal(
            table=table.number,
            entrants=tuple(table.seats),
            users=tuple(users.get(entrant) for entrant in table.seats),
            deal=table.deal,
            seed=deal_seed(row.secret, public_id, number, table.deal),
        )
        for table in tables_of(session, row)
    ]
