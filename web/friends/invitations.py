"""Invitations to tables: a friend asked to an open table, and "play again with the
same people" after a game.

An invitation is a row per table and person (asking again refreshes the one there,
so nobody holds two) and a notice through the outbox (web.notify: a push when they
want one); the person's pages list it through the me stream until they answer or the
table stops gathering. Accepting is joining, and playing again is a new table: the
lobby's own join and table, with their rules and refusals, so those two steps are the
friends' routes', which meet both rooms (this module names no lobby).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..i18n import N_, Words
from ..models import GameTable, Invitation, User
from ..notify import INVITATION, add_notices, draft
from . import relations
from .relations import refuse


def table_url(table: GameTable) -> str:
    return f"/t/{table.invite_code}"


def invite(
    session: Session, table: GameTable, inviter: User, user_ids: Iterable[int], now: datetime
) -> list[int]:
    """Invite these people (already checked) to the table: a fresh invitation each (an
    answered one opens again), and a notice for each one not already waiting."""
    ids = list(dict.fromkeys(user_ids))
    if not ids:
        return []
    known = {
        row.to_id: row
        for row in session.scalars(
            select(Invitation).where(Invitation.table_id == table.id, Invitation.to_id.in_(ids))
        )
    }
    drafts = []
    for user_id in ids:
        invitation = known.get(user_id)
        if invitation is not None and invitation.status == "open":
            continue  # still waiting: no second notice
        if invitation is None:
            invitation = Invitation(table_id=table.id, to_id=user_id)
            session.add(invitation)
        invitation.from_id, invitation.status, invitation.created_at = inviter.id, "open", now
        details = {"players": [inviter.name], "game": table.kind, "table": table.invite_code}
        key = (table.id, user_id, int(now.timestamp()))
        drafts.append(draft(INVITATION, key, user_id, details, now))
    session.flush()
    add_notices(session, drafts)
    return ids


def seated_at(table: GameTable) -> set[int]:
    """The people seated at the table (its empty seats and bots left out)."""
    return {seat.user_id for seat in table.seats if seat.user_id is not None}


NOT_AT_TABLE = N_("only someone at this table can invite people to it")
NO_FREE_SEAT = N_("every seat at this table is taken")
NOT_FRIENDS = N_("you can invite only your friends")


def invite_friends(
    session: Session, table: GameTable, me: User, user_ids: list[int], now: datetime
) -> list[int]:
    """Invite those of ``user_ids`` who are my friends, mute neither way and have no
    seat here; the others are left out. 409 when the table is not gathering or has no
    free seat, 403 when I am not at it, 403 ``not_friends`` when nobody could be
    invited and someone asked for is no friend of mine. The caller has checked that the
    table is still gathering (the lobby's words say why not)."""
    seated = seated_at(table)
    if me.id not in seated and me.id != table.creator_id:
        raise refuse(403, "not_at_table", Words(NOT_AT_TABLE))
    if not any(seat.user_id is None and seat.bot is None for seat in table.seats):
        raise refuse(409, "table_full", Words(NO_FREE_SEAT))
    asked = set(user_ids) - {me.id}
    friends = relations.mutual_friends(session, me.id, asked)
    muted = relations.muted_with(session, me.id, friends)
    invited = invite(session, table, me, sorted(friends - muted - seated), now)
    if not invited and asked - friends:
        raise refuse(403, "not_friends", Words(NOT_FRIENDS))
    return invited


NO_SUCH_INVITATION = N_("you have no such invitation")


def my_invitation(session: Session, me: User, invitation_id: int) -> Invitation:
    """My invitation of this id, or a 404 (someone else's is no invitation of mine)."""
    invitation = session.get(Invitation, invitation_id)
    if invitation is None or invitation.to_id != me.id:
        raise refuse(404, "no_such_invitation", Words(NO_SUCH_INVITATION))
    return invitation


def decline(session: Session, me: User, invitation_id: int) -> None:
    my_invitation(session, me, invitation_id).status = "declined"
