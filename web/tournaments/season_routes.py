"""The seasons' API (docs/tournaments.md, "Seasons"): create one (who may is the
tournaments' server setting), list them, read one whole, join and leave.

Refusals are ``{code, message, field}``, raised before anything is written."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from sqlalchemy import select

from ..i18n import N_, Words
from ..models import Season
from ..people import OptionalUser, SessionDep, get_current_user, policy
from .access import require_may_organise
from .errors import TournamentError
from .refusals import refusal, store_refusal
from .season_schemas import MembershipOut, SeasonCreate, SeasonDetail, SeasonList
from .season_views import season_detail, season_summaries
from .seasons import SeasonSpec, create_season, join_season, leave_season, season_named

router = APIRouter(prefix="/api/seasons")

LISTED = 50
"""The most seasons the list shows: the open ones first, then the latest finished."""


def _now(request: Request) -> datetime:
    now: datetime = request.app.state.clock.now()
    return now


def _found(session: SessionDep, season_id: str) -> Season:
    try:
        return season_named(session, season_id)
    except TournamentError:
        words = Words(N_("no season has the id {id}"), id=season_id)
        raise refusal(404, "no_season", words, field="season") from None


@router.post("", status_code=201)
def create(
    body: SeasonCreate, user: OptionalUser, session: SessionDep, request: Request
) -> SeasonDetail:
    """A new season, open to members, if the server's ``tournament_organisers``
    setting lets the asker organise (403 ``organisers_only`` naming it)."""
    rule = policy(session, request.app.state.settings).tournament_organisers
    require_may_organise(user, rule)
    organiser = user if user is not None else get_current_user(request, session)
    try:
        season = create_season(session, organiser, SeasonSpec(**body.model_dump()), _now(request))
    except TournamentError as error:
        raise store_refusal(error, 422, "invalid_season") from None
    return season_detail(session, season, organiser.id)


@router.get("")
def list_seasons(session: SessionDep) -> SeasonList:
    """The open seasons, then the latest finished ones."""
    query = select(Season).order_by(Season.status != "open", Season.starts_at.desc())
    return SeasonList(seasons=season_summaries(session, list(session.scalars(query.limit(LISTED)))))


@router.get("/{season_id}")
def read_season(season_id: str, user: OptionalUser, session: SessionDep) -> SeasonDetail:
    """The whole season: its choices, each division's standings and its arenas."""
    season = _found(session, season_id)
    return season_detail(session, season, user.id if user is not None else None)


@router.post("/{season_id}/members", status_code=201)
def join(
    season_id: str, user: OptionalUser, session: SessionDep, request: Request
) -> MembershipOut:
    """Make me a member, in the lowest division with room (409 ``join_refused``)."""
    _found(session, season_id)
    person = user if user is not None else get_current_user(request, session)
    try:
        member = join_season(session, season_id, person, _now(request))
    except TournamentError as error:
        raise store_refusal(error, 409, "join_refused") from None
    return MembershipOut(season=season_id, division=member.division)


@router.delete("/{season_id}/members", status_code=204)
def leave(season_id: str, user: OptionalUser, session: SessionDep) -> None:
    """Take me out of the season (409 ``leave_refused`` when I am not in it)."""
    _found(session, season_id)
    if user is None:
        words = Words(N_("you are not in this season"))
        raise refusal(409, "leave_refused", words, field="member")
    try:
        leave_season(session, season_id, user)
    except TournamentError as error:
        raise store_refusal(error, 409, "leave_refused") from None
