"""What waits for my answer: invitations to tables. Read by the header's stream
(web.lobby.streams) as well as the friends' routes, so it needs nothing of the lobby:
the lobby imports this, never the other way round."""

from __future__ import annotations

from sqlalchemy import exists, select
from sqlalchemy.orm import Session, aliased

from ..db import as_utc
from ..models import GameTable, Invitation, TableSeat, User
from .schemas import InvitationPublic


def open_invitations(session: Session, user_id: int) -> list[InvitationPublic]:
    """My invitations still to answer, newest first: only to tables still gathering
    where I have no seat yet (one query)."""
    inviter = aliased(User)
    seated = exists().where(TableSeat.table_id == GameTable.id, TableSeat.user_id == user_id)
    query = (
        select(Invitation, GameTable.invite_code, GameTable.kind, inviter.name)
        .join(GameTable, GameTable.id == Invitation.table_id)
        .outerjoin(inviter, inviter.id == Invitation.from_id)
        .where(Invitation.to_id == user_id, Invitation.status == "open")
        .where(GameTable.status == "open", ~seated)
        .order_by(Invitation.created_at.desc(), Invitation.id.desc())
    )
    return [
        InvitationPublic(
            id=invitation.id,
            table=code,
            sender=name,
            game=kind,
            created_at=as_utc(invitation.created_at).isoformat(),
        )
        for invitation, code, kind, name in session.execute(query)
    ]
