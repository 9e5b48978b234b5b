"""What a season's page shows, worked out from the API's answer (``season_views``) and
the moment it is read: whether the reader may join or leave, which arena is next, and
their own division's arena in each leg.

The page and the API read the same answer, so the page never shows something the API
would not say."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from ..db import as_utc
from .season_schemas import ArenaOut, LegOut, SeasonDetail


def next_arena_start(
    starts_at: datetime, legs: int, every_days: int, now: datetime
) -> datetime | None:
    """When the season's next arena starts (None: the last one has started). The lists
    say this rather than the first arena's start, which is past for most of a season."""
    for leg in range(legs):
        start = as_utc(starts_at) + timedelta(days=every_days * leg)
        if start > now:
            return start
    return None


@dataclass(frozen=True)
class SeasonPage:
    """A season as its page shows it to one reader."""

    season: SeasonDetail
    next_start: datetime | None
    """When the next arena starts (None: the season's last one has started)."""

    @property
    def finished(self) -> bool:
        return self.season.status == "finished"

    @property
    def may_join(self) -> bool:
        return not self.finished and self.season.my_division is None

    @property
    def may_leave(self) -> bool:
        return not self.finished and self.season.my_division is not None

    def my_arena(self, leg: LegOut) -> ArenaOut | None:
        """The reader's division's arena in ``leg`` (None: not a member, or not made yet)."""
        mine = self.season.my_division
        return next((arena for arena in leg.arenas if arena.division == mine), None)


def season_page(detail: SeasonDetail, now: datetime) -> SeasonPage:
    """The page of ``detail`` as read at ``now``."""
    start = None
    if detail.status != "finished":
        start = next_arena_start(detail.starts_at, detail.legs, detail.every_days, now)
    return SeasonPage(season=detail, next_start=start)
