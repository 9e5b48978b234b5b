"""The next round's tables and byes, worked out from the stored past with the pure core:
a Swiss round from the standings so far, a round robin's round from its schedule.

Everything here reads and decides; nothing is written (``rounds`` stores the plan).
The pairing seed comes from the tournament's public id and the round's number, so
anyone can pair the round again from the published results and get the same tables.

Every present entrant who is not seated has a bye, in either format: a bye is worth
the average game, so sitting out neither rewards nor punishes (``standings``)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.orm import Session

from ..i18n import N_, Words
from ..models import Tournament, TournamentEntry
from ..ratings import pool_of, seat_ratings
from .duplicate_rounds import deal_keys, rotate_seats
from .errors import TournamentError
from .history import histories
from .pairing import Standing, swiss_round
from .played import entries_of, played_of, standings_from
from .round_robin import round_robin


@dataclass(frozen=True, slots=True)
class Plan:
    """A round as it will be stored: tables (entry numbers in seat order) with their
    deal keys, byes, and the round robin's seeding when this round fixes it."""

    tables: tuple[tuple[int, ...], ...]
    deals: tuple[str, ...]
    byes: tuple[int, ...]
    seeding: tuple[int, ...] | None = None


def pairing_seed(tournament: Tournament, number: int) -> int:
    """The round's pairing seed: public, so the pairing can be checked by anyone."""
    digest = hashlib.sha256(f"{tournament.public_id}/{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def present(entries: Sequence[TournamentEntry], number: int) -> list[TournamentEntry]:
    """The entries round ``number`` pairs: neither withdrawn nor disqualified, and
    entered in time for it."""
    return [
        entry
        for entry in entries
        if entry.withdrawn_at is None
        and entry.disqualified_at is None
        and entry.joined_round <= number
    ]


def ratings_of(
    session: Session, tournament: Tournament, entries: Sequence[TournamentEntry]
) -> dict[int, float]:
    """Each entrant's shown rating in the tournament's pool, 0 for the unrated (who
    then come after the rated on equal points), by entry number."""
    pool = pool_of(tournament.kind, tournament.options)
    held = seat_ratings(session, pool, [(entry.user_id, None) for entry in entries])
    return {
        entry.number: float(rating.rating) if rating and rating.rating is not None else 0.0
        for entry, rating in zip(entries, held, strict=True)
    }


def _deals(tournament: Tournament, number: int, tables: list[tuple[int, ...]]) -> Plan:
    """The tables with their deal keys: in a duplicate round the tables of a size share
    a deal and their seats are rotated (``duplicate_rounds``); otherwise each table
    has a deal of its own."""
    if not tournament.duplicate:
        keys = [f"r{number}-t{table}" for table in range(1, len(tables) + 1)]
        return Plan(tables=tuple(tables), deals=tuple(keys), byes=())
    rotated = list(tables)
    for size in sorted({len(table) for table in tables}):
        places = [index for index, table in enumerate(tables) if len(table) == size]
        for place, seats in zip(places, rotate_seats([tables[i] for i in places]), strict=True):
            rotated[place] = seats
    return Plan(tables=tuple(rotated), deals=tuple(deal_keys(rotated, number)), byes=())


def _with_byes(plan: Plan, playing: Sequence[int], seeding: tuple[int, ...] | None) -> Plan:
    seated = {entrant for table in plan.tables for entrant in table}
    byes = tuple(entrant for entrant in playing if entrant not in seated)
    return Plan(tables=plan.tables, deals=plan.deals, byes=byes, seeding=seeding)


def swiss_plan(session: Session, tournament: Tournament, number: int) -> Plan:
    """Round ``number`` of a Swiss tournament, paired from the standings so far."""
    played = played_of(session, tournament)
    points = {row.entrant: row.points for row in standings_from(tournament, played)}
    here = present(entries_of(session, tournament), number)
    ratings = ratings_of(session, tournament, here)
    pairing = swiss_round(
        [Standing(e.number, points.get(e.number, 0.0), ratings[e.number]) for e in here],
        histories(played.results, played.byes),
        tournament.smallest,
        tournament.largest,
        pairing_seed(tournament, number),
    )
    plan = _deals(tournament, number, list(pairing.tables))
    return _with_byes(plan, [entry.number for entry in here], None)


def seeding_of(session: Session, tournament: Tournament) -> tuple[int, ...]:
    """A round robin's seeding, fixed when its first round starts: highest rating
    first, then entry number. Stored, so later rounds follow the same schedule."""
    stored = tournament.settings.get("seeding")
    if stored is not None:
        return tuple(stored)
    here = present(entries_of(session, tournament), 1)
    ratings = ratings_of(session, tournament, here)
    return tuple(sorted(ratings, key=lambda entrant: (-ratings[entrant], entrant)))


def round_robin_length(tournament: Tournament, seeding: Sequence[int]) -> int:
    """How many rounds the round robin plays: its schedule, or fewer if the organiser
    asked for fewer."""
    schedule = round_robin(seeding, tournament.largest, pairing_seed(tournament, 0))
    return min(tournament.rounds, len(schedule))


def round_robin_plan(session: Session, tournament: Tournament, number: int) -> Plan:
    """Round ``number`` of the round robin's schedule, without those who have left;
    a table left with one player gives them a bye."""
    seeding = seeding_of(session, tournament)
    schedule = round_robin(seeding, tournament.largest, pairing_seed(tournament, 0))
    if number > min(tournament.rounds, len(schedule)):
        raise TournamentError(
            "round", Words(N_("the round robin ends after round {last}"), last=number - 1)
        )
    here = [entry.number for entry in present(entries_of(session, tournament), number)]
    staying = set(here)
    tables = [tuple(e for e in table if e in staying) for table in schedule[number - 1]]
    plan = _deals(tournament, number, [table for table in tables if len(table) >= 2])
    return _with_byes(plan, here, seeding if number == 1 else None)


def plan_round(session: Session, tournament: Tournament, number: int) -> Plan:
    """Round ``number``'s tables and byes by the tournament's format; TournamentError
    when it cannot be paired (an arena, or too few present for one table)."""
    if tournament.format == "arena":
        raise TournamentError(
            "format", Words(N_("an arena seats players as they come free, not by rounds"))
        )
    if tournament.format == "round_robin":
        plan = round_robin_plan(session, tournament, number)
    else:
        plan = swiss_plan(session, tournament, number)
    if not plan.tables:
        count = len(plan.byes)
        raise TournamentError(
            "round",
            Words(
                N_("{present} present, and a table needs at least {smallest}"),
                present=count,
                smallest=tournament.smallest,
            ),
        )
    return plan
