"""The daily digest: one email a day, at the person's hour, of the games waiting for them.

Never an email per move: whoever plays a few moves a day gets one list, at the hour
they chose in their own time zone, and only on a day something waits. The row of
``digest_sent`` for the person's own date is written before the email leaves, so
two processes, or a second round within the hour, cannot send it twice.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .. import metrics
from ..clock import Clock
from ..db import Database, as_utc
from ..i18n import N_plural, gettext_in, ngettext_in
from ..models import DigestSent, Game, GamePlayer, Preference
from ..people import schedules_of
from ..settings import Settings
from . import choices
from .kinds import DIGEST_SWITCH, EMAIL, TURN
from .links import unsubscribe_link
from .mail import Mail, MailError, MailServer, send_mail
from .words import local_moment, notice_text, written_in

log = logging.getLogger(__name__)

SUBJECT = N_plural("A game is waiting for your move", "{count} games are waiting for your move")


@dataclass(frozen=True)
class DigestMail:
    user_id: int
    day: str
    mail: Mail


class Digests:
    """Sends the day's digests that are due, on every process, each once."""

    def __init__(self, db: Database, clock: Clock, settings: Settings, secret: str) -> None:
        self.db = db
        self.clock = clock
        self.settings = settings
        self.secret = secret
        self.mail = MailServer.from_settings(settings)

    async def send_due(self) -> int:
        """Send the digests due now; how many left."""
        if self.mail is None:
            return 0
        due = await asyncio.to_thread(self._due, self.clock.now())
        sent = 0
        for digest in due:
            try:
                await send_mail(self.mail, digest.mail, self.settings.mail_from)
            except MailError:
                log.exception("the digest of person %s failed", digest.user_id)
                metrics.notice_handled(EMAIL, "failed")
                await asyncio.to_thread(self._forget, digest)  # a later round tries again
                continue
            metrics.notice_handled(EMAIL, "digest")
            sent += 1
        return sent

    def _due(self, now: datetime) -> list[DigestMail]:
        with self.db.session() as session:
            query = select(Preference).where(
                Preference.email_verified.is_(True), Preference.email.is_not(None)
            )
            preferences = [
                p for p in session.scalars(query) if choices.wants(p, EMAIL, DIGEST_SWITCH)
            ]
            schedules = schedules_of(session, [p.user_id for p in preferences], now)
            due = []
            for preference in preferences:
                schedule = schedules[preference.user_id]
                local = schedule.local_time(now)
                if local.hour < preference.digest_hour or schedule.quiet_at(now):
                    continue
                day = local.date().isoformat()
                digest = self._digest(session, preference, schedule.zone, day)
                if digest is not None:
                    due.append(digest)
            session.commit()
            return due

    def _digest(
        self, session: Session, preference: Preference, zone: str, day: str
    ) -> DigestMail | None:
        """Today's digest for one person, claimed, or None (sent already, nothing waits)."""
        if session.get(DigestSent, (preference.user_id, day)) is not None:
            return None
        waiting = _games_waiting(session, preference.user_id)
        if not waiting:
            return None
        try:
            with session.begin_nested():
                session.add(DigestSent(user_id=preference.user_id, day=day))
        except IntegrityError:
            return None
        language = written_in(preference)
        assert preference.email is not None
        return DigestMail(
            preference.user_id,
            day,
            self._mail(preference, preference.email, waiting, language, zone),
        )

    def _mail(
        self, preference: Preference, address: str, waiting: list[Game], language: str, zone: str
    ) -> Mail:
        base = self.settings.public_url.rstrip("/")
        lines = []
        for game in waiting:
            seat = next(
                i for i, s in enumerate(game.seats) if s.get("user_id") == preference.user_id
            )
            details = {"game": game.kind, "players": [s["name"] for s in game.seats], "seat": seat}
            line = notice_text(TURN.name, details, language, zone)
            if game.turn_deadline_at is not None:
                when = local_moment(as_utc(game.turn_deadline_at).timestamp(), zone, language)
                line += " — " + gettext_in(language, "move by {deadline}", deadline=when)
            lines.append(f"• {line}\n  {base}/g/{game.id}")
        unsubscribe = unsubscribe_link(self.settings, self.secret, preference.user_id)
        subject = ngettext_in(language, *SUBJECT, len(waiting))
        footer = gettext_in(language, "Stop these emails: {url}", url=unsubscribe)
        text = "\n\n".join([subject, "\n".join(lines), f"{base}/games", footer]) + "\n"
        return Mail(
            to=address, subject=subject, text=text, language=language, unsubscribe_url=unsubscribe
        )

    def _forget(self, digest: DigestMail) -> None:
        with self.db.session() as session:
            session.execute(
                delete(DigestSent).where(
                    DigestSent.user_id == digest.user_id, DigestSent.day == digest.day
                )
            )
            session.commit()


def _games_waiting(session: Session, user_id: int) -> list[Game]:
    """The person's turn-based games where it is their move, most urgent first."""
    query = (
        select(Game)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.user_id == user_id, Game.status == "playing")
        .where(Game.turn_days.is_not(None), Game.current_seat == GamePlayer.seat)
        .order_by(Game.turn_deadline_at.is_(None), Game.turn_deadline_at)
    )
    return list(session.scalars(query))
