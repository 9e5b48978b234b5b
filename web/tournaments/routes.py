"""The tournaments' API (docs/tournaments.md): create one, list the public ones, read
one whole, enter and withdraw, and the organiser's acts (start the next round,
pause, resume, end early, disqualify someone).

Every refusal is ``{code, message}`` (with ``field`` when a choice or thing is at
fault), raised before anything is written, so a refused request changes nothing. The
changing routes are POST and DELETE: the site's Origin check (web.site) guards them
like every other."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..i18n import N_, Words
from ..lobby import open_rooms
from ..models import Tournament, TournamentEntry, User
from ..people import OptionalUser, SessionDep, get_current_user, policy
from .access import found, is_member, require_may_organise, require_organiser, visible
from .entries import disqualify, register, withdraw
from .errors import TournamentError
from .organising import end_early, pause, resume
from .refusals import refusal, store_refusal
from .schedule import start_with_games
from .schemas import (
    DisqualifyBody,
    EntryOut,
    StartedRoundOut,
    TournamentCreate,
    TournamentDetail,
    TournamentList,
)
from .setup import TournamentSpec, create_tournament
from .views import detail, summaries

router = APIRouter(prefix="/api/tournaments")

PAGE_SIZE = 20
STATUSES = {
    "upcoming": ("registering",),
    "running": ("running", "paused"),
    "finished": ("finished",),
}
"""What the list's ``status`` filter names, in the stored statuses."""


def _now(request: Request) -> datetime:
    now: datetime = request.app.state.clock.now()
    return now


def _acting(request: Request, session: Session, user: User | None) -> User:
    """The signed-in person, or a guest made now for a visitor (if the server's join
    policy lets one in): made only once every check before has passed."""
    return user if user is not None else get_current_user(request, session)


def _entry_out(tournament: Tournament, entry: TournamentEntry) -> EntryOut:
    return EntryOut(
        tournament=tournament.public_id,
        entry=entry.number,
        joined_round=entry.joined_round,
        withdrawn=entry.withdrawn_at is not None,
        disqualified=entry.disqualified_at is not None,
    )


@router.post("", status_code=201)
def create(
    body: TournamentCreate, user: OptionalUser, session: SessionDep, request: Request
) -> TournamentDetail:
    """A new tournament, open for entries, run by whoever asks, if the server's
    ``tournament_organisers`` setting lets them (403 ``organisers_only`` naming it)."""
    rule = policy(session, request.app.state.settings).tournament_organisers
    require_may_organise(user, rule)
    organiser = _acting(request, session, user)
    spec = TournamentSpec(**body.model_dump())
    try:
        tournament = create_tournament(session, organiser, spec, _now(request))
    except TournamentError as error:
        raise store_refusal(error, 422, "invalid_tournament") from None
    return detail(session, tournament)


@router.get("")
def list_tournaments(
    user: OptionalUser,
    session: SessionDep,
    status: Literal["upcoming", "running", "finished"] | None = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
) -> TournamentList:
    """Public tournaments (and members' ones, to members), newest first, a page of
    twenty at a time; tournaments reached by link are never listed."""
    shown = ["public", "members"] if is_member(user) else ["public"]
    query = select(Tournament).where(Tournament.visibility.in_(shown))
    if status is not None:
        query = query.where(Tournament.status.in_(STATUSES[status]))
    query = query.order_by(Tournament.created_at.desc(), Tournament.id.desc())
    rows = list(session.scalars(query.offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE + 1)))
    return TournamentList(
        tournaments=summaries(session, rows[:PAGE_SIZE]), page=page, more=len(rows) > PAGE_SIZE
    )


@router.get("/{tournament_id}")
def read_tournament(
    tournament_id: str, user: OptionalUser, session: SessionDep
) -> TournamentDetail:
    """The whole tournament: settings, organiser, entrants, rounds (a round's secret
    once it has finished) and standings with their tie-breaks."""
    return detail(session, visible(session, tournament_id, user))


@router.post("/{tournament_id}/entries", status_code=201)
def enter(
    tournament_id: str, user: OptionalUser, session: SessionDep, request: Request
) -> EntryOut:
    """Enter me, under the next entry number (409 ``entry_refused`` saying why not)."""
    tournament = visible(session, tournament_id, user)
    person = _acting(request, session, user)
    try:
        entry = register(session, tournament_id, person, _now(request))
    except TournamentError as error:
        raise store_refusal(error, 409, "entry_refused") from None
    return _entry_out(tournament, entry)


@router.delete("/{tournament_id}/entries")
def leave(
    tournament_id: str, user: OptionalUser, session: SessionDep, request: Request
) -> EntryOut:
    """Withdraw me: no later round pairs me, my points stay."""
    tournament = visible(session, tournament_id, user)
    if user is None:
        words = Words(N_("you have not entered this tournament"))
        raise refusal(409, "entry_refused", words, field="entry")
    try:
        entry = withdraw(session, tournament_id, user, _now(request))
    except TournamentError as error:
        raise store_refusal(error, 409, "entry_refused") from None
    return _entry_out(tournament, entry)


@router.post("/{tournament_id}/start")
def start(
    tournament_id: str, user: OptionalUser, session: SessionDep, request: Request
) -> StartedRoundOut:
    """The organiser starts the next round with its games (or is answered with the one
    being played): its commitment, tables and byes."""
    require_organiser(found(session, tournament_id), user)
    try:
        started, dealt = start_with_games(session, tournament_id, _now(request))
    except TournamentError as error:
        raise store_refusal(error, 409, "round_refused") from None
    session.commit()
    open_rooms(request, session, dealt)
    return StartedRoundOut(
        number=started.number,
        commitment=started.commitment,
        tables=[list(table) for table in started.tables],
        deals=list(started.deals),
        byes=list(started.byes),
        created=started.created,
    )


def _entrant(session: Session, tournament: Tournament, number: int) -> User:
    """The person entered under ``number``; the refusal naming the entry otherwise."""
    entry = session.get(TournamentEntry, (tournament.id, number))
    if entry is None:
        words = Words(N_("no entry has the number {entry}"), entry=number)
        raise refusal(422, "disqualify_refused", words, field="entry")
    person = None if entry.user_id is None else session.get(User, entry.user_id)
    if person is None:
        words = Words(N_("entry {entry} belongs to a deleted account"), entry=number)
        raise refusal(409, "disqualify_refused", words, field="entry")
    return person


@router.post("/{tournament_id}/disqualify")
def strike_out(
    tournament_id: str,
    body: DisqualifyBody,
    user: OptionalUser,
    session: SessionDep,
    request: Request,
) -> EntryOut:
    """The organiser strikes an entrant from the standings, saying why (the audit log
    keeps who and why); their games stay for their opponents."""
    tournament = found(session, tournament_id)
    require_organiser(tournament, user)
    assert user is not None
    entrant = _entrant(session, tournament, body.entry)
    try:
        entry = disqualify(
            session, tournament_id, user, entrant, reason=body.reason, now=_now(request)
        )
    except TournamentError as error:
        raise store_refusal(error, 409, "disqualify_refused") from None
    return _entry_out(tournament, entry)


ORGANISER_ACTS = {"pause": pause, "resume": resume, "end": end_early}
"""The organiser's acts on the whole tournament, by the last part of their route."""


@router.post("/{tournament_id}/{act}")
def organise(
    tournament_id: str,
    act: str,
    user: OptionalUser,
    session: SessionDep,
    request: Request,
) -> TournamentDetail:
    """The organiser pauses the tournament (no round starts; the games being played go
    on), resumes it, or ends it early (no further round; the standings are what is
    recorded). 409 ``{act}_refused`` names the state that does not allow it; 404
    ``no_act`` an act there is not."""
    if act not in ORGANISER_ACTS:
        words = Words(
            N_("there is no act {act}: an organiser may {acts}"),
            act=repr(act),
            acts=", ".join(ORGANISER_ACTS),
        )
        raise refusal(404, "no_act", words, field="act")
    tournament = found(session, tournament_id)
    require_organiser(tournament, user)
    assert user is not None
    try:
        changed = ORGANISER_ACTS[act](session, tournament_id, user, _now(request))
    except TournamentError as error:
        raise store_refusal(error, 409, f"{act}_refused") from None
    return detail(session, changed)
