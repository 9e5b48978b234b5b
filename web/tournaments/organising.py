"""The organiser's hand on a running tournament: pause it, resume it, end it early.
(Striking someone out is ``entries.disqualify``.) Each takes the tournament's row lock,
is refused with the reason when the tournament's state does not allow it, and goes to
the audit log with the change it makes.

- **Pausing** starts no new round and stops a live break's count (``schedule``); the
  games being played go on, and their results are recorded as usual.
- **Resuming** lets the rounds follow again; a live break that was running goes on
  from where it stood, so the players get the whole of it.
- **Ending early** finishes the tournament at once: no further round starts, and the
  standings are what the finished tables say. The games still being played are left
  to finish, but their results count for nothing (``results`` refuses them)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from ..db import as_utc
from ..i18n import N_, Words
from ..models import Tournament, User
from ..people import audit
from . import notices
from .entries import tournament_named
from .errors import TournamentError
from .results import reveal_if_played_out
from .rounds import latest_round

_NOT_STARTED = Words(N_("the tournament has not started yet"))
_STATE_REFUSALS = {
    "registering": _NOT_STARTED,
    "paused": Words(N_("the tournament is paused")),
    "finished": Words(N_("the tournament is finished")),
}
"""Why a tournament in each state refuses an act that needs it running."""


def _organised(tournament: Tournament, organiser: User) -> None:
    """The refusal unless ``organiser`` runs the tournament."""
    runs = tournament.organiser_id
    if runs is None or runs != organiser.id:
        raise TournamentError(
            "organiser", Words(N_("{name} does not run this tournament"), name=organiser.name)
        )


def _require(tournament: Tournament, *allowed: str) -> None:
    """The refusal naming the tournament's state unless it is one of ``allowed``."""
    if tournament.status not in allowed:
        raise TournamentError("tournament", _STATE_REFUSALS[tournament.status])


def pause(session: Session, public_id: str, organiser: User, now: datetime) -> Tournament:
    """Hold a running tournament: no round starts until it is resumed."""
    tournament = tournament_named(session, public_id, lock=True)
    _organised(tournament, organiser)
    _require(tournament, "running")
    tournament.status = "paused"
    tournament.settings = {**tournament.settings, "paused_at": now.isoformat()}
    session.flush()
    audit.record(session, organiser, "tournament_pause", None, tournament=public_id)
    return tournament


def _held_in_break(session: Session, tournament: Tournament, now: datetime) -> list[int] | None:
    """The break's new hold when the latest round had finished before the resume: the
    time paused since the later of the pause and the round's end, added to what the
    break already held (None: no break is running)."""
    latest = latest_round(session, tournament)
    if latest is None or latest.finished_at is None:
        return None
    paused_at = datetime.fromisoformat(tournament.settings["paused_at"])
    since = max(as_utc(paused_at), as_utc(latest.finished_at))
    held = tournament.settings.get("break_held")
    before = held[1] if held is not None and held[0] == latest.number else 0
    return [latest.number, before + max(0, int((now - since).total_seconds()))]


def _held_in_round(session: Session, tournament: Tournament, now: datetime) -> list[int] | None:
    """The round deadline's new hold when the pause fell in a round being played: the
    time paused since the later of the pause and the round's start, added to what it
    already held (None: no round is being played)."""
    latest = latest_round(session, tournament)
    if latest is None or latest.finished_at is not None:
        return None
    paused_at = datetime.fromisoformat(tournament.settings["paused_at"])
    since = max(as_utc(paused_at), as_utc(latest.started_at))
    held = tournament.settings.get("deadline_held")
    before = held[1] if held is not None and held[0] == latest.number else 0
    return [latest.number, before + max(0, int((now - since).total_seconds()))]


def _paused_seconds(tournament: Tournament, now: datetime) -> int:
    paused_at = as_utc(datetime.fromisoformat(tournament.settings["paused_at"]))
    return max(0, int((now - paused_at).total_seconds()))


def resume(session: Session, public_id: str, organiser: User, now: datetime) -> Tournament:
    """Let a paused tournament's rounds follow again. The time it was paused is given
    back: to the break it fell in, to the deadline of the round it fell in, and to an
    arena's window (which seated nobody meanwhile)."""
    tournament = tournament_named(session, public_id, lock=True)
    _organised(tournament, organiser)
    if tournament.status != "paused":
        raise TournamentError("tournament", Words(N_("the tournament is not paused")))
    settings = dict(tournament.settings)
    held = _held_in_break(session, tournament, now)
    if held is not None:
        settings["break_held"] = held
    in_round = _held_in_round(session, tournament, now)
    if in_round is not None and tournament.format != "arena":
        settings["deadline_held"] = in_round
    if tournament.format == "arena":
        settings["window_held"] = settings.get("window_held", 0) + _paused_seconds(tournament, now)
    settings.pop("paused_at", None)
    tournament.settings = settings
    tournament.status = "running"
    session.flush()
    audit.record(session, organiser, "tournament_resume", None, tournament=public_id)
    return tournament


def end_early(session: Session, public_id: str, organiser: User, now: datetime) -> Tournament:
    """Finish a running or paused tournament now, with the standings it has."""
    tournament = tournament_named(session, public_id, lock=True)
    _organised(tournament, organiser)
    _require(tournament, "running", "paused")
    latest = latest_round(session, tournament)
    tournament.status = "finished"
    tournament.finished_at = now
    settings = {**tournament.settings, "ended_early": True}
    settings.pop("paused_at", None)
    tournament.settings = settings
    if latest is not None:
        reveal_if_played_out(session, latest, now)  # else with its round's last game
    session.flush()
    audit.record(
        session,
        organiser,
        "tournament_end_early",
        None,
        tournament=public_id,
        rounds=0 if latest is None else latest.number,
    )
    notices.finished(session, tournament, now)
    return tournament
