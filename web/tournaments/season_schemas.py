"""What the seasons' API takes and gives (web.tournaments.season_routes): bodies refuse
unknown fields and loose types, as the tournaments' do."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StringConstraints

from ..people import Inbound
from .schemas import Moment, Person, Seats
from .seasons import LARGEST_DIVISION, LONGEST_GAP_DAYS, MOST_LEGS, SMALLEST_DIVISION
from .setup import LONGEST_NAME, LONGEST_WINDOW_MINUTES


class SeasonCreate(Inbound):
    """An organiser's choices (docs/tournaments.md, "Seasons")."""

    name: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=LONGEST_NAME)
    ]
    kind: Annotated[str, StringConstraints(min_length=1, max_length=20)]
    starts_at: Moment
    """When the first arena starts."""
    legs: Annotated[int, Field(ge=1, le=MOST_LEGS)] = 4
    every_days: Annotated[int, Field(ge=1, le=LONGEST_GAP_DAYS)] = 7
    division_size: Annotated[int, Field(ge=SMALLEST_DIVISION, le=LARGEST_DIVISION)] = 20
    movers: Annotated[int, Field(ge=0, le=LARGEST_DIVISION // 2)] = 3
    smallest: Seats = 2
    largest: Seats = 4
    window_minutes: Annotated[int, Field(ge=5, le=LONGEST_WINDOW_MINUTES)] = 60
    rated: bool = False
    options: dict[str, Any] = Field(default_factory=dict)
    move_seconds: Annotated[int, Field(ge=1, le=86_400)] | None = None
    missed_deadline: Literal["bot", "forfeit"] = "bot"
    repeat: bool = True
    """Whether the next season begins by itself when this one ends."""


class SeasonSummary(BaseModel):
    """A line of the list of seasons."""

    id: str
    name: str
    number: int
    kind: str
    status: str
    starts_at: datetime
    legs: int
    every_days: int
    members: int
    divisions: int


class SeasonList(BaseModel):
    seasons: list[SeasonSummary]


class MemberRow(BaseModel):
    """A member's line in their division: their arenas' points, in season order."""

    place: int
    person: Person
    points: float
    legs: list[float]
    """Their points in each arena they played."""
    move: Literal["up", "stay", "down", "out"] | None
    """What the end does (or did) to them, were the season to end now."""


class DivisionOut(BaseModel):
    division: int
    members: list[MemberRow]


class ArenaOut(BaseModel):
    """One of the season's arenas: a tournament of its own, by its id."""

    id: str
    division: int
    status: str
    entrants: int


class LegOut(BaseModel):
    leg: int
    starts_at: datetime
    arenas: list[ArenaOut]


class SeasonDetail(BaseModel):
    id: str
    name: str
    number: int
    kind: str
    options: dict[str, Any]
    status: str
    organiser: Person | None
    starts_at: datetime
    legs: int
    every_days: int
    division_size: int
    movers: int
    smallest: int
    largest: int
    window_minutes: int
    rated: bool
    repeat: bool
    finished_at: datetime | None
    previous: str | None
    """The season this one carries on."""
    next: str | None
    """The season that carries this one on, once it has begun."""
    divisions: list[DivisionOut]
    schedule: list[LegOut]
    my_division: int | None
    """The reader's division (None: not a member)."""


class MembershipOut(BaseModel):
    season: str
    division: int
