"""What notices say, in the person's language: a push's title and body, an email."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from babel.dates import format_datetime

from ..games import GAMES
from ..i18n import DEFAULT_LANGUAGE, N_, gettext_in
from ..models import Preference
from ..settings import Settings
from .mail import Mail
from .sending import Sending

SITE = "Chromino online"
PUSH_TEXTS = {
    "turn": N_("Your turn against {players} in {game}"),
    "half": N_("Half your time for this move is gone, against {players} in {game}"),
    "ninety": N_("Your time is nearly up against {players} in {game}: move by {deadline}"),
    "won": N_("The game of {game} against {players} is over: you won"),
    "over": N_("The game of {game} against {players} is over"),
    "invitation": N_("{players} invited you to a game of {game}"),
    "duplicate_over": N_(
        "Every board of your duplicate table of {game} with {players} is finished: see who did best"
    ),
}


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
    key = kind
    if kind == "game_over":
        key = "won" if details.get("won") else "over"
    deadline = details.get("deadline")
    when = local_moment(float(deadline), zone, language) if deadline is not None else "—"
    return gettext_in(
        language,
        PUSH_TEXTS[key],
        players=_others(details),
        game=_game_title(details),
        deadline=when,
    )


def notice_push(sending: Sending) -> dict[str, Any]:
    """A push's payload, as the service worker shows it (one notification per game)."""
    table = sending.details.get("table")
    duplicate = sending.details.get("duplicate")
    if isinstance(duplicate, str):  # a duplicate table's end: to its ranking
        url, tag = f"/duplicate/{duplicate}", f"duplicate-{duplicate}"
    elif sending.game_id:
        url, tag = f"/g/{sending.game_id}", f"game-{sending.game_id}"
    elif isinstance(table, str):  # an invitation: to the table that waits for me
        url, tag = f"/t/{table}", f"table-{table}"
    else:
        url, tag = "/games", sending.kind
    return {
        "title": SITE,
        "body": notice_text(sending.kind, sending.details, sending.language, sending.zone),
        "url": url,
        "tag": tag,
    }


def notice_mail(sending: Sending, settings: Settings, unsubscribe_url: str) -> Mail:
    """The 90 % reminder as an email."""
    line = notice_text(sending.kind, sending.details, sending.language, sending.zone)
    link = f"{settings.public_url.rstrip('/')}/g/{sending.game_id}"
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
