"""Who plays: registering, withdrawing and disqualifying, each under the tournament's
row lock, so the entry limit and the entry numbers hold when many people register at
once from several processes (SQLite lets one writer in at a time anyway).

A person enters once, under the next entry number, which is the number the pure core
knows them by. Joining a running Swiss tournament is a late entry: paired from the
next round on. A round robin's schedule is fixed at its first round, so it takes no
late entries. Disqualifying is the organiser's act, and goes to the audit log."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..i18n import N_, Words
from ..models import SeasonMember, Tournament, TournamentEntry, TournamentRound, User
from ..people import audit
from .errors import TournamentError


def tournament_named(session: Session, public_id: str, *, lock: bool = False) -> Tournament:
    """The tournament of this public id (locked for the transaction with ``lock``), or
    the refusal naming it."""
    query = select(Tournament).where(Tournament.public_id == public_id)
    if lock:
        query = query.with_for_update()
    tournament = session.scalars(query).one_or_none()
    if tournament is None:
        raise TournamentError("tournament", f"no tournament has the id {public_id!r}")
    return tournament


def rounds_started(session: Session, tournament: Tournament) -> int:
    """How many rounds have started (their numbers run 1, 2, ... with no gap)."""
    count = session.scalar(
        select(func.count()).where(TournamentRound.tournament_id == tournament.id)
    )
    return count or 0


def entry_of(session: Session, tournament: Tournament, user: User) -> TournamentEntry | None:
    return session.scalars(
        select(TournamentEntry).where(
            TournamentEntry.tournament_id == tournament.id, TournamentEntry.user_id == user.id
        )
    ).one_or_none()


def _active_count(session: Session, tournament: Tournament) -> int:
    count = session.scalar(
        select(func.count()).where(
            TournamentEntry.tournament_id == tournament.id,
            TournamentEntry.withdrawn_at.is_(None),
            TournamentEntry.disqualified_at.is_(None),
        )
    )
    return count or 0


def _check_open(session: Session, tournament: Tournament, user: User | None) -> int:
    """The round a new entry (``user``'s, or a bot's) would join at; the refusal when
    none can."""
    if tournament.status == "finished":
        raise TournamentError("tournament", Words(N_("the tournament is over")))
    if user is not None and entry_of(session, tournament, user) is not None:
        raise TournamentError("entry", Words(N_("{name} has already entered"), name=user.name))
    if user is not None and tournament.season_id is not None:
        _check_division(session, tournament, user)
    limit = tournament.entry_limit
    if limit is not None and _active_count(session, tournament) >= limit:
        raise TournamentError(
            "entry_limit", Words(N_("the tournament is full ({limit} entries)"), limit=limit)
        )
    started = rounds_started(session, tournament)
    if started and tournament.format == "round_robin":
        raise TournamentError(
            "tournament", Words(N_("a round robin takes no entries once it has begun"))
        )
    if started >= tournament.rounds and tournament.format != "arena":
        raise TournamentError("tournament", Words(N_("every round has already started")))
    return started + 1


def _check_division(session: Session, tournament: Tournament, user: User) -> None:
    """A season's arena is its division's: only that division's members enter it."""
    division = session.scalar(
        select(SeasonMember.division).where(
            SeasonMember.season_id == tournament.season_id, SeasonMember.user_id == user.id
        )
    )
    if division != tournament.division:
        words = Words(
            N_("only the members of division {division} of this season may enter"),
            division=tournament.division,
        )
        raise TournamentError("division", words)


def register(session: Session, public_id: str, user: User, now: datetime) -> TournamentEntry:
    """Enter ``user`` under the next entry number; TournamentError says why not (the
    tournament is over or full, they entered already, no round is left to join)."""
    tournament = tournament_named(session, public_id, lock=True)
    return _enter(session, tournament, user, None, now)


BOT_ENTRANT = "strong"
"""The bot the organiser may enter: the Hard bot, the one that plays any seat a
tournament's game has no person for."""


def enter_bot(session: Session, public_id: str, organiser: User, now: datetime) -> TournamentEntry:
    """The organiser enters the Hard bot under the next entry number, to fill a field
    (an odd number of people, a table short); the refusals a person's entry has, and
    only the organiser may. The audit log keeps who added it."""
    tournament = tournament_named(session, public_id, lock=True)
    if organiser.id is None or organiser.id != tournament.organiser_id:
        raise TournamentError("organiser", Words(N_("only the tournament's organiser may do this")))
    entry = _enter(session, tournament, None, BOT_ENTRANT, now)
    audit.record(
        session, organiser, "tournament_bot", None, tournament=public_id, entry=entry.number
    )
    return entry


def _enter(
    session: Session, tournament: Tournament, user: User | None, bot: str | None, now: datetime
) -> TournamentEntry:
    joined_round = _check_open(session, tournament, user)
    number = session.scalar(
        select(func.coalesce(func.max(TournamentEntry.number), 0)).where(
            TournamentEntry.tournament_id == tournament.id
        )
    )
    entry = TournamentEntry(
        tournament_id=tournament.id,
        number=(number or 0) + 1,
        user_id=None if user is None else user.id,
        bot=bot,
        joined_at=now,
        joined_round=joined_round,
    )
    session.add(entry)
    session.flush()
    return entry


def _present_entry(session: Session, tournament: Tournament, user: User) -> TournamentEntry:
    """The person's entry, still in play; the refusal when there is none."""
    entry = entry_of(session, tournament, user)
    if entry is None:
        raise TournamentError("entry", Words(N_("{name} has not entered"), name=user.name))
    if entry.disqualified_at is not None:
        raise TournamentError("entry", Words(N_("{name} was disqualified"), name=user.name))
    if entry.withdrawn_at is not None:
        raise TournamentError("entry", Words(N_("{name} has already withdrawn"), name=user.name))
    return entry


def withdraw(session: Session, public_id: str, user: User, now: datetime) -> TournamentEntry:
    """``user`` leaves: no later round pairs them, and their points stay (withdrawn,
    marked). Refused after the end, and for someone not (or no longer) in play."""
    tournament = tournament_named(session, public_id, lock=True)
    if tournament.status == "finished":
        raise TournamentError("tournament", Words(N_("the tournament is over")))
    entry = _present_entry(session, tournament, user)
    entry.withdrawn_at = now
    session.flush()
    return entry


def disqualify(
    session: Session,
    public_id: str,
    organiser: User,
    entrant: User,
    *,
    reason: str,
    now: datetime,
) -> TournamentEntry:
    """The organiser strikes ``entrant`` from the standings (their games stay for their
    opponents) and the audit log records who did it and why. Only the tournament's
    organiser may, with a reason, before the end."""
    tournament = tournament_named(session, public_id, lock=True)
    if tournament.organiser_id is None or tournament.organiser_id != organiser.id:
        raise TournamentError(
            "organiser", Words(N_("{name} does not run this tournament"), name=organiser.name)
        )
    if not reason.strip():
        raise TournamentError("reason", Words(N_("a disqualification says why")))
    if tournament.status == "finished":
        raise TournamentError("tournament", Words(N_("the tournament is over")))
    entry = entry_of(session, tournament, entrant)
    if entry is None:
        raise TournamentError("entry", Words(N_("{name} has not entered"), name=entrant.name))
    if entry.disqualified_at is not None:
        raise TournamentError(
            "entry", Words(N_("{name} was disqualified already"), name=entrant.name)
        )
    entry.disqualified_at = now
    session.flush()
    audit.record(
        session,
        organiser,
        "tournament_disqualify",
        entrant,
        tournament=public_id,
        entry=entry.number,
        reason=reason.strip(),
    )
    return entry
