"""The organiser's bot entrants: ``POST /api/tournaments/{id}/entries/bot`` enters the
Hard bot under the next entry number, to fill a field (an odd number of people, a table
short). Its seats are dealt to the bot like any seat without an account."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request

from ..people import OptionalUser, SessionDep
from .access import found, require_organiser
from .entries import enter_bot
from .errors import TournamentError
from .refusals import store_refusal
from .schemas import EntryOut

router = APIRouter(prefix="/api/tournaments")


@router.post("/{tournament_id}/entries/bot", status_code=201)
def add_bot(
    tournament_id: str, user: OptionalUser, session: SessionDep, request: Request
) -> EntryOut:
    """The organiser enters the Hard bot (403 ``not_organiser`` for anyone else; 409
    ``entry_refused`` when no entry can be taken, saying why)."""
    tournament = found(session, tournament_id)
    require_organiser(tournament, user)
    assert user is not None
    now: datetime = request.app.state.clock.now()
    try:
        entry = enter_bot(session, tournament_id, user, now)
    except TournamentError as error:
        raise store_refusal(error, 409, "entry_refused") from None
    return EntryOut(
        tournament=tournament.public_id,
        entry=entry.number,
        joined_round=entry.joined_round,
        withdrawn=False,
        disqualified=False,
    )
