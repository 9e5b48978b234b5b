"""The day's deals as a page other sites may frame shows them (web.watch): each deal,
the Hard bot's result on it, and the day's best scored games. Nothing of the reader:
such a frame usually has no cookie to say who they are."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy.orm import Session

from . import attempts
from .deal import DAILY_GAMES, daily_rule, deal_day

SHOWCASE_ROWS = 5
"""The best scored games of the day a framed page lists."""


@dataclass(frozen=True)
class DailyShowcase:
    """One game's deal of the day, for everyone alike."""

    game: str
    day: date
    measure: str
    """What its results count: ``turns`` (fewer is better) or ``points``."""
    reference: dict[str, Any] | None
    """The Hard bot's result, or None while it is computed."""
    best: list[attempts.BoardRow]


def daily_showcase(session: Session, now: datetime) -> list[DailyShowcase]:
    """Today's deals, in the registry's order."""
    day = deal_day(now)
    shown = []
    for game in DAILY_GAMES:
        hard = attempts.hard_result(attempts.reference_of(session, game, day))
        shown.append(
            DailyShowcase(
                game=game,
                day=day,
                measure=daily_rule(game).measure,
                reference=hard,
                best=attempts.board(session, game, day, hard)[:SHOWCASE_ROWS],
            )
        )
    return shown
