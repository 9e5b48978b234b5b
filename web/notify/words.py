"""What notices say, in the person's language: a push's title and body, an email."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from babel.dates import format_datetime

from ..games import GAMES
from ..i18n import DEFAULT_LANGUAGE, gettext_in
from ..models import Preference
from ..settings import Settings
from .kinds import KINDS, kind_of
from .mail import Mail
from .sending import Sending

SITE = "Chromino online"
PUSH_TEXTS = {name: kind.words for name, kind in KINDS.items()}
"""Each kind's line, by the name its notices keep (a winner's own line aside)."""


def written_in(preference: Preference | None) -> str:
    """The language to write to a person in: the one they chose, else the one their
    pages last spoke (their browser's), else English."""
    if preference is None:
        return DEFAULT_LANGUAGE
    return preference.language or preference.spoken_language or DEFAULT_LANGUAGE


def _others(details: dict[str, Any]) -> str:
    """The other players' names (not the reader's own seat)."""
    names = list(details.get("players", []))
    seat = details.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        del names[seat]
    return ", ".join(names) or "—"


def _game_title(details: dict[str, Any]) -> str:
    kind = GAMES.get(str(details.get("game", "")))
    return kind.title if kind is not None else SITE


def local_moment(timestamp: float, zone: str, language: str) -> str:
    """A moment as the reader reads their clock: "Tue 1 Dec, 18:30"-like, their zone."""
    moment = datetime.fromtimestamp(timestamp, UTC).astimezone(ZoneInfo(zone))
    return format_datetime(moment, "EEE d MMM HH:mm", locale=language)


def notice_text(kind: str, details: dict[str, Any], language: str, zone: str) -> str:
    """One line saying what the notice is about."""
    deadline = details.get("deadline")
    when = local_moment(float(deadline), zone, language) if deadline is not None else "—"
    return gettext_in(
        language,
        kind_of(kind).line(details),
        players=_others(details),
        game=_game_title(details),
        deadline=when,
        tournament=details.get("tournament", ""),
        round=details.get("round", ""),
        place=details.get("place", ""),
        count=details.get("count", ""),
        season=details.get("season", ""),
        number=details.get("number", ""),
        division=details.get("division", ""),
    )


def notice_push(sending: Sending) -> dict[str, Any]:
    """A push's payload, as the service worker shows it (one notification per game
    or table: a newer one with the same tag replaces it)."""
    url, tag = _link(sending)
    return {
        "title": SITE,
        "body": notice_text(sending.kind, sending.details, sending.language, sending.zone),
        "url": url,
        "tag": tag,
    }


def _link(sending: Sending) -> tuple[str, str]:
    """Where the notice leads, and its tag; My games when its details lack the link."""
    found = kind_of(sending.kind).link(sending.game_id, sending.details)
    return found if found is not None else ("/games", sending.kind)


def notice_mail(sending: Sending, settings: Settings, unsubscribe_url: str) -> Mail:
    """A notice that goes by email too (the 90 % reminder), as an email."""
    line = notice_text(sending.kind, sending.details, sending.language, sending.zone)
    link = f"{settings.public_url.rstrip('/')}{_link(sending)[0]}"
    text = "\n\n".join(
        [
            line,
            link,
            gettext_in(sending.language, "Stop these emails: {url}", url=unsubscribe_url),
        ]
    )
    assert sending.email is not None
    return Mail(
        to=sending.email,
        subject=line,
        text=text + "\n",
        language=sending.language,
        unsubscribe_url=unsubscribe_url,
    )
