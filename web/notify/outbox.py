"""The outbox: every notice is a row, made once (its key), sent when due.

Whoever notices something a person should hear of (the sweep: a turn, a warning, a
game's end) adds a notice in its own transaction. The outbox, on every process,
claims due notices with a lease (as the sweep claims games) and, for each, checks
at the moment of sending what the person would want: not a turn they have seen
already (their page said so: ``GamePlayer.seen_version``), not a kind they switched
off, nothing inside their quiet hours but the last reminder (the rest waits for
their morning). Then it leaves by web push to each of their devices; the 90 %
reminder also by email. The daily digest is the email's other half (web.notify.digest).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .. import metrics
from ..clock import Clock, real_now
from ..db import Database, due_and_free
from ..models import Game, GamePlayer, Notice, Preference, PushDevice
from ..people import schedules_of
from ..settings import Settings
from . import choices
from .keys import vapid_keys
from .links import unsubscribe_link
from .mail import MailError, MailServer, send_mail
from .push import PushOutcome, PushSubscription, send_push
from .sending import Sending
from .words import notice_mail, notice_push, written_in

log = logging.getLogger(__name__)

LEASE = timedelta(minutes=2)
"""As the sweep's (web.days.sweep): on the real clock."""
BATCH = 100


@dataclass(frozen=True)
class NoticeDraft:
    """A notice to add (web.models.Notice), unless one with its key exists."""

    key: str
    user_id: int
    kind: str
    game_id: str | None
    version: int | None
    details: dict[str, Any]
    due: datetime


def add_notices(session: Session, drafts: list[NoticeDraft]) -> int:
    """Add the notices whose keys are new, in one statement; how many were added. Their
    keys make them once: one another process added meanwhile fails the statement, and
    the drafts are then added one by one, each in its own savepoint."""
    if not drafts:
        return 0
    keys = [draft.key for draft in drafts]
    known = set(session.scalars(select(Notice.key).where(Notice.key.in_(keys))))
    fresh = list({d.key: d for d in drafts if d.key not in known}.values())
    if not fresh:
        return 0
    rows = [_row(draft) for draft in fresh]
    try:
        with session.begin_nested():
            session.execute(insert(Notice), rows)
        return len(rows)
    except IntegrityError:
        return sum(_add_one(session, row) for row in rows)


def _row(draft: NoticeDraft) -> dict[str, Any]:
    return {
        "key": draft.key,
        "user_id": draft.user_id,
        "kind": draft.kind,
        "game_id": draft.game_id,
        "version": draft.version,
        "details": draft.details,
        "due_at": draft.due,
    }


def _add_one(session: Session, row: dict[str, Any]) -> bool:
    try:
        with session.begin_nested():
            session.execute(insert(Notice), [row])
    except IntegrityError:
        return False
    return True


class Outbox:
    """Sends due notices, on every process, each once."""

    def __init__(self, db: Database, clock: Clock, settings: Settings, secret: str) -> None:
        self.db = db
        self.secret = secret
        """Signs the links in emails (web.notify.tokens)."""
        self.clock = clock
        self.settings = settings
        self.mail = MailServer.from_settings(settings)

    async def send_due(self) -> int:
        """Send every due notice this process can claim; how many were handled."""
        now = self.clock.now()
        handled = 0
        while True:
            sendings = await asyncio.to_thread(self._claim_and_check, now)
            for sending in sendings:
                await self._send(sending, now)
            handled += len(sendings)
            if len(sendings) < BATCH:
                return handled

    def _claim_and_check(self, now: datetime) -> list[Sending]:
        """Claim due notices; settle at once those not to send (seen, off, quiet:
        deferred); return the others, ready to go."""
        with self.db.session() as session:
            due = due_and_free(
                Notice,
                Notice.due_at,
                Notice.lease_until,
                now=now,
                held_until=real_now(),
                limit=BATCH,
            )
            notices = list(session.scalars(due))
            ready = []
            for notice in notices:
                sending = self._check(session, notice, now)
                if sending is not None:
                    notice.lease_until = real_now() + LEASE
                    ready.append(sending)
            session.commit()
            return ready

    def _check(self, session: Session, notice: Notice, now: datetime) -> Sending | None:
        """Whether and how to send a notice now; one not to send is settled here."""
        preference = session.get(Preference, notice.user_id)
        why_not = self._why_not(session, notice, preference)
        if why_not is not None:
            return self._settle(notice, why_not)
        schedule = schedules_of(session, [notice.user_id], now)[notice.user_id]
        if notice.kind != "ninety" and schedule.quiet_at(now):
            notice.due_at = schedule.next_waking(now)
            metrics.notice_handled("push", "deferred")
            return None
        devices = (
            []
            if not choices.wants(preference, "push", notice.kind)
            else self._devices(session, notice.user_id)
        )
        email = None
        if (
            notice.kind == "ninety"
            and self.mail is not None
            and preference is not None
            and preference.email_verified
            and preference.email
            and choices.wants(preference, "email", notice.kind)
        ):
            email = preference.email
        if not devices and email is None:
            return self._settle(notice, "none")
        language = written_in(preference)
        return Sending(
            notice.id,
            notice.kind,
            notice.game_id,
            dict(notice.details),
            language,
            devices,
            email,
            notice.user_id,
            schedule.zone,
        )

    @staticmethod
    def _settle(notice: Notice, outcome: str) -> None:
        notice.pushed = outcome
        notice.due_at = None
        metrics.notice_handled("push", outcome)

    @staticmethod
    def _why_not(session: Session, notice: Notice, preference: Preference | None) -> str | None:
        """A reason not to send: the person saw it, or the game moved past it."""
        if notice.game_id is None or notice.version is None:
            return None
        player = session.scalar(
            select(GamePlayer).where(
                GamePlayer.game_id == notice.game_id, GamePlayer.user_id == notice.user_id
            )
        )
        seen = None if player is None else player.seen_version
        if seen is not None and seen >= notice.version:
            return "seen"
        if notice.kind in {"turn", "half", "ninety"}:
            game = session.get(Game, notice.game_id)
            if game is None or game.status != "playing":
                return "stale"
            if player is None or game.current_seat != player.seat:
                return "stale"  # they moved (from another device), or time ran out
        if not (choices.wants(preference, "push", notice.kind) or notice.kind == "ninety"):
            return "off"
        return None

    @staticmethod
    def _devices(session: Session, user_id: int) -> list[PushSubscription]:
        rows = session.scalars(select(PushDevice).where(PushDevice.user_id == user_id))
        return [PushSubscription(row.endpoint, row.p256dh, row.auth) for row in rows]

    async def _send(self, sending: Sending, now: datetime) -> None:
        outcome = "none"
        if sending.devices:
            outcome = await self._push(sending)
        if sending.email is not None and self.mail is not None:
            mail = notice_mail(
                sending,
                self.settings,
                unsubscribe_link(self.settings, self.secret, sending.user_id),
            )
            try:
                await send_mail(self.mail, mail, self.settings.mail_from)
                metrics.notice_handled("email", "sent")
            except MailError:
                log.exception("notice %s: the email failed", sending.notice_id)
                metrics.notice_handled("email", "failed")
        await asyncio.to_thread(self._done, sending, outcome, now)

    async def _push(self, sending: Sending) -> str:
        keys = await asyncio.to_thread(vapid_keys, self.db)
        payload = notice_push(sending)
        contact = f"mailto:{_address_of(self.settings.mail_from)}"
        delivered = False
        for device in sending.devices:
            result = await send_push(device, payload, keys, contact)
            if result.outcome is PushOutcome.GONE:
                await asyncio.to_thread(self._forget_device, device.endpoint)
            delivered = delivered or result.outcome is PushOutcome.DELIVERED
            metrics.notice_handled("push", result.outcome.name.lower())
        return "sent" if delivered else "failed"

    def _forget_device(self, endpoint: str) -> None:
        with self.db.session() as session:
            session.execute(delete(PushDevice).where(PushDevice.endpoint == endpoint))
            session.commit()

    def _done(self, sending: Sending, outcome: str, now: datetime) -> None:
        emailed = now if sending.email is not None else None
        with self.db.session() as session:
            session.execute(
                update(Notice)
                .where(Notice.id == sending.notice_id)
                .values(pushed=outcome, due_at=None, lease_until=None, emailed_at=emailed)
            )
            session.commit()


def _address_of(sender: str) -> str:
    """The address in "Name <address>"."""
    return sender.rpartition("<")[2].rstrip(">").strip() or "chromino@localhost"
