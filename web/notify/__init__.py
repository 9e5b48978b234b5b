"""Notifications: one outbox for what a person should hear of while they are not
looking (their turn, an invitation, a game's end), leaving by web push or by a daily
email digest, never twice and never for what they are looking at.

What the other rooms use: the kinds of notice (:mod:`web.notify.kinds`, one
declaration each) and the way to add notices of them (:mod:`web.notify.drafts`); the
outbox and the digests, which the app runs; sending an email and the language to
write to a person in (account recovery writes too).
"""

from .digest import Digests
from .drafts import NoticeDraft, add_notices, add_notices_on, draft
from .kinds import (
    ARENA_TABLE_READY,
    DUPLICATE_OVER,
    GAME_OVER,
    HALF,
    INVITATION,
    KINDS,
    NINETY,
    SEASON_OVER,
    TABLE_READY,
    TOURNAMENT_BYE,
    TOURNAMENT_OPEN,
    TOURNAMENT_OVER,
    TURN,
    NoticeKind,
)
from .mail import Mail, MailError, MailServer, send_mail
from .outbox import Outbox
from .words import written_in

__all__ = [
    "ARENA_TABLE_READY",
    "DUPLICATE_OVER",
    "GAME_OVER",
    "HALF",
    "INVITATION",
    "KINDS",
    "NINETY",
    "SEASON_OVER",
    "TABLE_READY",
    "TOURNAMENT_BYE",
    "TOURNAMENT_OPEN",
    "TOURNAMENT_OVER",
    "TURN",
    "Digests",
    "Mail",
    "MailError",
    "MailServer",
    "NoticeDraft",
    "NoticeKind",
    "Outbox",
    "add_notices",
    "add_notices_on",
    "draft",
    "send_mail",
    "written_in",
]
