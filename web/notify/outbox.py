"""The outbox: every notice is a row, made once (its key), sent when due.

Whoever notices something a person should hear of (the sweep: a turn, a warning, a
game's end; an invitation; a duplicate table's end) adds a notice of its kind
(web.notify.kinds) in its own transaction (web.notify.drafts). The outbox, on every process,
claims due notices with a lease (as the sweep claims games) and, for each, checks
at the moment of sending what the person would want: not a turn they have seen
already (their page said so: ``GamePlayer.seen_version``), not a kind they switched
off, nothing inside their quiet hours but a kind that wakes (the last reminder; the
rest waits for their morning). Then it leaves by web push to each of their devices,
and by email for a kind that goes by email too (the 90 % reminder). The daily digest
is the email's other half (web.notify.digest).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from .. import metrics
from ..clock import Clock, real_now
from ..db import Database, due_and_free
from ..models import Game, GamePlayer, Notice, Preference, PushDevice
from ..people import schedules_of
from ..settings import Settings
from . import choices
from .keys import vapid_keys
from .kinds import EMAIL, PUSH, kind_of
from .links import unsubscribe_link
from .mail import MailError, MailServer, send_mail
from .push import PushOutcome, PushSubscription, send_push
from .sending import Sending
from .words import notice_mail, notice_push, written_in

log = logging.getLogger(__name__)

LEASE = timedelta(minutes=2)
"""As the sweep's (web.days.sweep): on the real clock."""
BATCH = 100


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
        if not kind_of(notice.kind).wakes and schedule.quiet_at(now):
            notice.due_at = schedule.next_waking(now)
            metrics.notice_handled(PUSH, "deferred")
            return None
        devices = (
            []
            if not choices.wants(preference, PUSH, notice.kind)
            else self._devices(session, notice.user_id)
        )
        email = self._address(notice, preference)
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

    def _address(self, notice: Notice, preference: Preference | None) -> str | None:
        """Where this notice goes by email: a verified address, when its kind leaves by
        email, this process can send mail and the person wants it."""
        if (
            kind_of(notice.kind).by_email
            and self.mail is not None
            and preference is not None
            and preference.email_verified
            and preference.email
            and choices.wants(preference, EMAIL, notice.kind)
        ):
            return preference.email
        return None

    @staticmethod
    def _settle(notice: Notice, outcome: str) -> None:
        notice.pushed = outcome
        notice.due_at = None
        metrics.notice_handled(PUSH, outcome)

    @staticmethod
    def _why_not(session: Session, notice: Notice, preference: Preference | None) -> str | None:
        """A reason not to send: the person saw it, or the game moved past it, or push
        is its only way out and they turned it off."""
        kind = kind_of(notice.kind)
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
        if kind.ends_with_the_turn:
            game = session.get(Game, notice.game_id)
            if game is None or game.status != "playing":
                return "stale"
            if player is None or game.current_seat != player.seat:
                return "stale"  # they moved (from another device), or time ran out
        if not (choices.wants(preference, PUSH, notice.kind) or kind.channels != {PUSH}):
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
                metrics.notice_handled(EMAIL, "sent")
            except MailError:
                log.exception("notice %s: the email failed", sending.notice_id)
                metrics.notice_handled(EMAIL, "failed")
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
            metrics.notice_handled(PUSH, result.outcome.name.lower())
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
