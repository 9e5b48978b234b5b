"""What staff do to people: ban, unban, mute, unmute, name roles — each audited.

These functions change the database only (in the caller's transaction, with the
audit entry); the caller commits, then tells the live games (:mod:`.signals`): a
ban ends the person's sessions here (their rows go, so no process believes their
cookie again) and their open sockets everywhere.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from ...db import as_utc, utcnow
from ...i18n import N_
from ...models import User
from ...people import (
    FOREVER,
    audit,
    end_sessions,
    forget_notices,
    is_admin,
    is_banned,
    is_staff,
    leave_notices,
)
from .access import refusal


def check_may_act_on(actor: User, target: User) -> None:
    """Staff act on others only, and a moderator on members only: a moderator cannot
    ban an admin, and nobody bans themselves by a slip of the hand."""
    if actor.id == target.id:
        raise refusal(409, "yourself", N_("you cannot do this to yourself"))
    if is_staff(target) and not is_admin(actor):
        raise refusal(403, "admins_only", N_("only an admin may do this to an admin or moderator"))


def _future(until: datetime) -> datetime:
    """An end date in the future (a date in the past would be a ban that never was)."""
    moment = as_utc(until)
    if moment <= utcnow():
        raise refusal(422, "in_the_past", N_("choose a date in the future"))
    return min(moment, FOREVER)


def ban(session: Session, actor: User, target: User, reason: str, until: datetime | None) -> int:
    """Ban ``target`` until ``until`` (None: for good); their sessions end, each
    leaving a notice (web.people.access.bans.leave_notices). Returns how many sessions ended."""
    check_may_act_on(actor, target)
    end = FOREVER if until is None else _future(until)
    target.banned_until = end
    target.ban_reason = reason
    leave_notices(session, target)  # each browser of theirs is told why when it comes back
    ended = end_sessions(session, target)
    shown_end = None if end >= FOREVER else end.isoformat()
    audit.record(session, actor, "ban", target, reason=reason, until=shown_end, sessions=ended)
    return ended


def unban(session: Session, actor: User, target: User) -> None:
    """Lift a ban (the person signs in again as before)."""
    if not is_banned(target):
        raise refusal(409, "not_banned", N_("this person is not banned"))
    target.banned_until = None
    target.ban_reason = None
    forget_notices(session, target)
    audit.record(session, actor, "unban", target)


def mute(session: Session, actor: User, target: User, until: datetime) -> datetime:
    """Refuse the person's chat lines everywhere until ``until``."""
    check_may_act_on(actor, target)
    end = _future(until)
    target.muted_until = end
    audit.record(session, actor, "mute", target, until=end.isoformat())
    return end


def unmute(session: Session, actor: User, target: User) -> None:
    """Let the person chat again."""
    if target.muted_until is None or as_utc(target.muted_until) <= utcnow():
        raise refusal(409, "not_muted", N_("this person is not muted"))
    target.muted_until = None
    audit.record(session, actor, "unmute", target)
