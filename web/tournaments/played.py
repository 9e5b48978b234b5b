"""The stored rounds read back as the pure core takes them: each finished table as a
``TableResult``, each bye as ``(round, entrant)``, the entrants by entry number, and
from those the standings.

A table counts once its result is stored; a table still playing is left out, so the
standings in the middle of a round are the standings so far."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import Tournament, TournamentBye, TournamentEntry, TournamentRound, TournamentTable
from .entries import tournament_named
from .records import TableResult
from .standings import Bye, Row, standings


@dataclass(frozen=True, slots=True)
class Played:
    """Everything the core needs of a tournament's past: finished tables, byes given,
    and the entry numbers of everyone entered, withdrawn and disqualified."""

    results: tuple[TableResult, ...]
    byes: tuple[Bye, ...]
    entrants: tuple[int, ...]
    withdrawn: frozenset[int]
    disqualified: frozenset[int]


def result_of(round_number: int, table: TournamentTable, duplicate: bool) -> TableResult | None:
    """A stored table as the core reads it; None while its game is still on. The deal
    key goes with it in a duplicate tournament, where standings compare hands."""
    if table.result is None:
        return None
    return TableResult(
        round=round_number,
        table=table.number,
        seats=tuple(table.seats),
        ranks=tuple(table.result["ranks"]),
        scores=tuple(table.result["scores"]),
        deal=table.deal if duplicate else None,
    )


def entries_of(session: Session, tournament: Tournament) -> list[TournamentEntry]:
    """Every entry, by entry number."""
    return list(
        session.scalars(
            select(TournamentEntry)
            .where(TournamentEntry.tournament_id == tournament.id)
            .order_by(TournamentEntry.number)
        )
    )


def played_of(session: Session, tournament: Tournament) -> Played:
    """The tournament's stored past, in (round, table) order."""
    tables = session.execute(
        select(TournamentRound.number, TournamentTable)
        .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
        .where(TournamentRound.tournament_id == tournament.id)
        .order_by(TournamentRound.number, TournamentTable.number)
    )
    results = [result_of(number, table, tournament.duplicate) for number, table in tables]
    byes = session.execute(
        select(TournamentRound.number, TournamentBye.entrant)
        .join(TournamentBye, TournamentBye.round_id == TournamentRound.id)
        .where(TournamentRound.tournament_id == tournament.id)
        .order_by(TournamentRound.number, TournamentBye.entrant)
    )
    entries = entries_of(session, tournament)
    return Played(
        results=tuple(result for result in results if result is not None),
        byes=tuple((number, entrant) for number, entrant in byes),
        entrants=tuple(entry.number for entry in entries),
        withdrawn=frozenset(e.number for e in entries if e.withdrawn_at is not None),
        disqualified=frozenset(e.number for e in entries if e.disqualified_at is not None),
    )


def standings_from(tournament: Tournament, played: Played) -> list[Row]:
    """The core's standings of what was played, by the tournament's format."""
    return standings(
        played.results,
        played.byes,
        played.entrants,
        withdrawn=played.withdrawn,
        disqualified=played.disqualified,
        arena=tournament.format == "arena",
        duplicate=tournament.duplicate,
    )


def standings_of(session: Session, public_id: str) -> list[Row]:
    """The tournament's standings from its stored results (entrants by entry number)."""
    tournament = tournament_named(session, public_id)
    return standings_from(tournament, played_of(session, tournament))
