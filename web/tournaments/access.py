"""Who may do what with a tournament through the API: create one (the server's
``tournament_organisers`` setting, changed on /admin), see one (its visibility), run
one (its organiser). Each refusal is an HTTP refusal naming why, raised before
anything is written."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..i18n import N_, Words
from ..models import Tournament, User
from ..people import Organisers, has_a_way_in, is_staff
from .refusals import refusal

ORGANISER_REFUSALS = {
    "members": N_("only members may create tournaments on this server: sign up first"),
    "staff": N_("only the server's admins and moderators may create tournaments"),
}


def is_member(user: User | None) -> bool:
    """A person with an account they can sign in to again (or staff): not a visitor,
    nor a guest held only by a cookie."""
    if user is None or user.id is None:
        return False
    return is_staff(user) or has_a_way_in(user)


def may_organise(user: User | None, rule: Organisers) -> bool:
    if rule == "anyone":
        return True
    if rule == "members":
        return is_member(user)
    return is_staff(user)


def require_may_organise(user: User | None, rule: Organisers) -> None:
    """The 403 naming the server's setting, unless ``user`` may create a tournament."""
    if not may_organise(user, rule):
        words = Words(ORGANISER_REFUSALS[rule])
        raise refusal(403, "organisers_only", words, setting=rule)


def found(session: Session, public_id: str) -> Tournament:
    """The tournament of this id, or a 404 naming the id."""
    tournament = session.scalars(
        select(Tournament).where(Tournament.public_id == public_id)
    ).one_or_none()
    if tournament is None:
        words = Words(N_("no tournament has the id {id}"), id=public_id)
        raise refusal(404, "no_tournament", words, field="tournament")
    return tournament


def may_see(tournament: Tournament, user: User | None) -> bool:
    """Public and link tournaments are open to anyone who has the id; a members'
    tournament to members and its organiser."""
    if tournament.visibility != "members":
        return True
    organises = user is not None and user.id == tournament.organiser_id
    return organises or is_member(user)


def visible(session: Session, public_id: str, user: User | None) -> Tournament:
    """The tournament, if ``user`` may see it; else the 404 or the 403 saying why."""
    tournament = found(session, public_id)
    if not may_see(tournament, user):
        words = Words(N_("this tournament is for the server's members: sign in first"))
        raise refusal(403, "members_only", words)
    return tournament


def require_organiser(tournament: Tournament, user: User | None) -> None:
    """The 403 unless ``user`` runs this tournament."""
    if user is None or user.id is None or user.id != tournament.organiser_id:
        words = Words(N_("only the tournament's organiser may do this"))
        raise refusal(403, "not_organiser", words, field="organiser")
