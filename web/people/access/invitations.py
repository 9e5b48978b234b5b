"""Invitation links: how people get into an invitation-only server.

A link is ``/join/<token>``. Its token is shown once, to its maker; the database
keeps only the token's hash (web.people.access.tokens), so a copy of the database lets
nobody in. A link lets in up to ``uses`` people until ``expires_at``, unless it is
revoked. Admins and moderators make as many links as they like; a member may have
up to ``member_invitations`` live links at once (the join policy; 0: none).

The functions here are what the routes (web.club.join_routes) and the admin page
use; every refusal is an :class:`InvitationError` with a stable ``code``, a
translated message and the HTTP status to answer with.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, Literal

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ...db import as_utc, utcnow
from ...i18n import N_, Words
from ...models import SiteInvitation, User
from .audit import record
from .policy import Policy
from .roles import is_staff
from .tokens import new_token, token_hash, well_formed

MAX_USES: Final = 1000
"""The most people one link may let in (an admin's link for a whole club)."""
MAX_MEMBER_USES: Final = 10
"""A member's link lets in a few people at most: a member invites friends, not crowds."""
MAX_DAYS: Final = 90
"""The longest a link stays good."""

State = Literal["live", "used_up", "expired", "revoked"]


class InvitationError(Exception):
    """A refusal about an invitation link: ``code`` for programs, ``words`` for people,
    ``status`` for HTTP."""

    def __init__(self, status: int, code: str, words: Words) -> None:
        super().__init__(code)
        self.status = status
        self.code = code
        self.words = words


PROBLEMS: Final[dict[str, tuple[int, str]]] = {
    "bad_invitation": (404, N_("this invitation link is not one of this server's")),
    "invitation_revoked": (410, N_("this invitation link was withdrawn")),
    "invitation_expired": (410, N_("this invitation link has expired")),
    "invitation_used_up": (410, N_("this invitation link has been used as often as it may")),
    "no_invitations": (403, N_("members of this server do not make invitation links")),
    "invitation_quota": (
        409,
        N_("you have {limit} live invitation links, as many as a member may: withdraw one first"),
    ),
    "no_such_invitation": (404, N_("you have no invitation link with this number")),
}


def problem(code: str, limit: int | None = None) -> InvitationError:
    """The refusal ``code`` (a key of :data:`PROBLEMS`; ``limit``: a member's quota)."""
    status, template = PROBLEMS[code]
    words = Words(template) if limit is None else Words(template, limit=limit)
    return InvitationError(status, code, words)


def state(invitation: SiteInvitation, now: datetime) -> State:
    """Whether the link still lets people in, and if not why."""
    if invitation.revoked_at is not None:
        return "revoked"
    if as_utc(invitation.expires_at) <= now:
        return "expired"
    if invitation.used >= invitation.uses:
        return "used_up"
    return "live"


def live_count(session: Session, maker: User, now: datetime) -> int:
    """How many of ``maker``'s links still let people in."""
    made = session.scalars(select(SiteInvitation).where(SiteInvitation.made_by == maker.id))
    return sum(1 for invitation in made if state(invitation, now) == "live")


def may_invite(maker: User, rules: Policy) -> bool:
    """Whether ``maker`` may make links at all (staff always; members if the policy
    gives them any)."""
    return is_staff(maker) or rules.member_invitations > 0


def make_invitation(
    session: Session,
    maker: User,
    uses: int,
    days: int,
    note: str,
    *,
    rules: Policy,
    now: datetime | None = None,
) -> tuple[SiteInvitation, str]:
    """A new link of ``maker``'s letting in ``uses`` people for ``days`` days: the row
    and the token (to show once; only its hash is kept). Members are held to the
    policy's quota of live links and to :data:`MAX_MEMBER_USES`; ``uses`` and
    ``days`` are clamped to what this module allows."""
    now = now or utcnow()
    staff = is_staff(maker)
    if not may_invite(maker, rules):
        raise problem("no_invitations")
    if not staff and live_count(session, maker, now) >= rules.member_invitations:
        raise problem("invitation_quota", limit=rules.member_invitations)
    most = MAX_USES if staff else MAX_MEMBER_USES
    token, hashed = new_token()
    invitation = SiteInvitation(
        token_hash=hashed,
        made_by=maker.id,
        uses=max(1, min(uses, most)),
        used=0,
        note=note.strip()[:100],
        expires_at=now + timedelta(days=max(1, min(days, MAX_DAYS))),
        created_at=now,
    )
    session.add(invitation)
    session.flush()
    record(session, maker, "invitation_made", None, invitation=invitation.id, uses=invitation.uses)
    return invitation, token


def list_invitations(session: Session, made_by: User | None = None) -> list[SiteInvitation]:
    """Every link (the admin page), or ``made_by``'s, newest first."""
    query = select(SiteInvitation).order_by(SiteInvitation.id.desc())
    if made_by is not None:
        query = query.where(SiteInvitation.made_by == made_by.id)
    return list(session.scalars(query))


def revoke(
    session: Session, invitation_id: int, actor: User, now: datetime | None = None
) -> SiteInvitation:
    """Withdraw a link: nobody more gets in by it (those already in stay). Its maker
    or a member of staff may; anyone else is told there is no such link (the numbers
    of other people's links are none of their business). Written to the audit log;
    revoking a revoked link changes nothing."""
    invitation = session.get(SiteInvitation, invitation_id)
    if invitation is None or not (is_staff(actor) or invitation.made_by == actor.id):
        raise problem("no_such_invitation")
    if invitation.revoked_at is None:
        invitation.revoked_at = now or utcnow()
        record(session, actor, "invitation_revoked", None, invitation=invitation.id)
    return invitation


def find(session: Session, token: str, now: datetime | None = None) -> SiteInvitation:
    """The live link whose token this is, without using it (the join page shows
    what it offers); an :class:`InvitationError` says why not."""
    if not well_formed(token):
        raise problem("bad_invitation")
    invitation = session.scalar(
        select(SiteInvitation).where(SiteInvitation.token_hash == token_hash(token))
    )
    if invitation is None:
        raise problem("bad_invitation")
    why = state(invitation, now or utcnow())
    if why != "live":
        raise problem(f"invitation_{why}")
    return invitation


def redeem(session: Session, token: str, now: datetime | None = None) -> SiteInvitation:
    """Use the link once (the caller then makes the account and records
    ``User.invitation_id``). The use is counted by one conditional update, so two
    people racing for a single-use link cannot both get in."""
    now = now or utcnow()
    invitation = find(session, token, now)
    counted = session.execute(
        update(SiteInvitation)
        .where(
            SiteInvitation.id == invitation.id,
            SiteInvitation.used < SiteInvitation.uses,
            SiteInvitation.revoked_at.is_(None),
        )
        .values(used=SiteInvitation.used + 1)
        .execution_options(synchronize_session=False)
    )
    if not getattr(counted, "rowcount", 0):
        raise problem("invitation_used_up")
    session.refresh(invitation)
    return invitation


@dataclass(frozen=True)
class Seen:
    """A link as its maker (or the admin page) sees it: never its token."""

    id: int
    uses: int
    used: int
    note: str
    state: State
    expires_at: str
    created_at: str
    made_by: int | None


def seen(invitation: SiteInvitation, now: datetime | None = None) -> Seen:
    """The public form of a link (``state``: live, used_up, expired or revoked)."""
    return Seen(
        id=invitation.id,
        uses=invitation.uses,
        used=invitation.used,
        note=invitation.note,
        state=state(invitation, now or utcnow()),
        expires_at=as_utc(invitation.expires_at).isoformat(),
        created_at=as_utc(invitation.created_at).isoformat(),
        made_by=invitation.made_by,
    )
