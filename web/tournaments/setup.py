"""Creating a tournament: the organiser's choices checked one by one, each refusal
naming the choice at fault, then stored with a public id and written to the audit log.

The checks run before anything is written, so a refused tournament leaves no row and
no audit entry."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from chromino.core.errors import InvalidSetupError

from ..games import GAMES, GameKind
from ..i18n import N_, Words
from ..models import Tournament, User
from ..people import audit
from . import notices
from .errors import TournamentError
from .table_sizes import MAX_SEATS, MIN_SEATS


def _not_one_of(value: object, choices: Iterable[str]) -> Words:
    return Words(
        N_("{value} is not one of {allowed}"), value=repr(value), allowed=", ".join(choices)
    )


FORMATS = ("swiss", "round_robin", "arena")
LONGEST_WINDOW_MINUTES = 7 * 24 * 60
"""An arena's window is at most a week (a live evening's hour is the usual one)."""
PACES = ("live", "days")
VISIBILITIES = ("public", "link", "members")
MISSED_DEADLINE = ("bot", "forfeit")
"""What happens to a seat whose player misses a move's deadline: a bot plays it, or
the player forfeits the game."""
LONGEST_NAME = 80
MOST_ROUNDS = 100


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """What an organiser chooses. ``starts_at`` None starts registration now; the move
    clock is ``move_seconds`` for a live tournament or ``move_days`` over days (None:
    the game's own), ``round_deadline`` (seconds) bounds a whole round, and
    ``live_break`` (seconds; None: a minute) is the pause between a live tournament's
    rounds; ``window_minutes`` (None: an hour) is how long an arena seats players."""

    name: str
    kind: str
    format: str = "swiss"
    pace: str = "live"
    smallest: int = 2
    largest: int = 4
    rounds: int = 5
    duplicate: bool = False
    rated: bool = False
    visibility: str = "public"
    entry_limit: int | None = None
    starts_at: datetime | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    missed_deadline: str = "bot"
    move_seconds: int | None = None
    move_days: int | None = None
    round_deadline: int | None = None
    live_break: int | None = None
    window_minutes: int | None = None


def _whole(name: str, value: object, least: int, most: int) -> int:
    """``value`` as a whole number within bounds, or the refusal naming it."""
    if type(value) is not int:
        raise TournamentError(name, Words(N_("a whole number, not {value}"), value=repr(value)))
    if not least <= value <= most:
        raise TournamentError(
            name,
            Words(
                N_("between {least} and {most}, not {value}"), least=least, most=most, value=value
            ),
        )
    return value


def _one_of(name: str, value: object, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise TournamentError(name, _not_one_of(value, allowed))
    return str(value)


def _name(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TournamentError("name", Words(N_("a tournament needs a name")))
    if len(value.strip()) > LONGEST_NAME:
        raise TournamentError("name", f"at most {LONGEST_NAME} characters, not {len(value)}")
    return value.strip()


def _kind(value: str) -> GameKind:
    kind = GAMES.get(value)
    if kind is None:
        raise TournamentError("kind", _not_one_of(value, GAMES))
    return kind


def _options(kind: GameKind, spec: TournamentSpec) -> dict[str, Any]:
    """The game's options, normalized, checked against every table size allowed."""
    if spec.largest > kind.max_players:
        raise TournamentError(
            "largest",
            Words(N_("{kind} seats at most {most}"), kind=kind.name, most=kind.max_players),
        )
    try:
        options = kind.normalize_options(dict(spec.options))
        for size in range(spec.smallest, spec.largest + 1):
            kind.check_seats(size, options)
    except InvalidSetupError as error:
        raise TournamentError("options", str(error)) from None
    return options


def _settings(spec: TournamentSpec) -> dict[str, Any]:
    """The clock and the missed-deadline rule, as the tournament's settings store them."""
    settings: dict[str, Any] = {
        "missed_deadline": _one_of("missed_deadline", spec.missed_deadline, MISSED_DEADLINE)
    }
    if spec.move_seconds is not None:
        settings["move_seconds"] = _whole("move_seconds", spec.move_seconds, 1, 86_400)
    if spec.move_days is not None:
        settings["move_days"] = _whole("move_days", spec.move_days, 1, 30)
    if spec.round_deadline is not None:
        settings["round_deadline"] = _whole("round_deadline", spec.round_deadline, 60, 90 * 86_400)
    if spec.live_break is not None:
        settings["live_break"] = _whole("live_break", spec.live_break, 0, 3600)
    if spec.format == "arena" and spec.window_minutes is not None:
        window = _whole("window_minutes", spec.window_minutes, 5, LONGEST_WINDOW_MINUTES)
        settings["window_minutes"] = window
    return settings


def checked(spec: TournamentSpec) -> tuple[GameKind, dict[str, Any], dict[str, Any]]:
    """The game, its options and the settings of a valid ``spec``; TournamentError
    names the first choice at fault."""
    _name(spec.name)
    kind = _kind(spec.kind)
    _one_of("format", spec.format, FORMATS)
    if spec.format == "arena" and spec.duplicate is True:
        raise TournamentError(
            "duplicate",
            Words(N_("an arena has no rounds whose tables could share a deal: no duplicate deals")),
        )
    _one_of("pace", spec.pace, PACES)
    _one_of("visibility", spec.visibility, VISIBILITIES)
    smallest = _whole("smallest", spec.smallest, MIN_SEATS, MAX_SEATS)
    _whole("largest", spec.largest, smallest, MAX_SEATS)
    _whole("rounds", spec.rounds, 1, MOST_ROUNDS)
    if spec.entry_limit is not None:
        _whole("entry_limit", spec.entry_limit, smallest, 100_000)
    for flag in ("duplicate", "rated"):
        if not isinstance(getattr(spec, flag), bool):
            raise TournamentError(flag, f"true or false, not {getattr(spec, flag)!r}")
    return kind, _options(kind, spec), _settings(spec)


def new_public_id() -> str:
    """A short URL-safe id like a game's: never a slash (deal seeds name it) nor a
    leading dash (a command line would read it as an option)."""
    while (public_id := secrets.token_urlsafe(9)).startswith("-"):
        pass
    return public_id


def new_tournament(spec: TournamentSpec, organiser_id: int | None, now: datetime) -> Tournament:
    """The row of a valid ``spec``, not yet stored; TournamentError names a choice at
    fault."""
    kind, options, settings = checked(spec)
    return Tournament(
        public_id=new_public_id(),
        name=_name(spec.name),
        kind=kind.name,
        options=options,
        format=spec.format,
        pace=spec.pace,
        smallest=spec.smallest,
        largest=spec.largest,
        rounds=spec.rounds,
        duplicate=spec.duplicate,
        rated=spec.rated,
        visibility=spec.visibility,
        organiser_id=organiser_id,
        status="registering",
        entry_limit=spec.entry_limit,
        starts_at=spec.starts_at or now,
        created_at=now,
        settings=settings,
    )


def create_tournament(
    session: Session, organiser: User, spec: TournamentSpec, now: datetime
) -> Tournament:
    """Store a new tournament, open for entries, and write its creation to the audit
    log; TournamentError (before anything is written) names a choice at fault."""
    tournament = new_tournament(spec, organiser.id, now)
    session.add(tournament)
    session.flush()
    audit.record(session, organiser, "tournament_create", None, tournament=tournament.public_id)
    notices.entries_opened(session, tournament, organiser, now)
    return tournament
