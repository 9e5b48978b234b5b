"""A person's puzzle statistics: their tries by theme (solved alone, after the hint,
missed) and their rating after each rated try, oldest first."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import PuzzleRow, PuzzleTry

HISTORY = 60
"""The latest rated tries the rating's line shows."""


@dataclass(slots=True)
class ThemeTries:
    solved: int = 0
    hinted: int = 0
    missed: int = 0

    @property
    def tries(self) -> int:
        return self.solved + self.hinted + self.missed


@dataclass(slots=True)
class PuzzleStats:
    by_theme: dict[str, ThemeTries] = field(default_factory=dict)
    history: list[tuple[datetime, int]] = field(default_factory=list)


def puzzle_stats(session: Session, user_id: int) -> PuzzleStats:
    counted = session.execute(
        select(PuzzleRow.theme, PuzzleTry.result, func.count())
        .join(PuzzleRow, PuzzleRow.id == PuzzleTry.puzzle_id)
        .where(PuzzleTry.user_id == user_id)
        .group_by(PuzzleRow.theme, PuzzleTry.result)
    )
    by_theme: dict[str, ThemeTries] = defaultdict(ThemeTries)
    for theme, result, count in counted:
        tries = by_theme[theme]
        setattr(tries, result, getattr(tries, result) + int(count))
    latest = session.execute(
        select(PuzzleTry.at, PuzzleTry.rating_after)
        .where(PuzzleTry.user_id == user_id)
        .order_by(PuzzleTry.at.desc())
        .limit(HISTORY)
    )
    history = [(at, int(rating)) for at, rating in latest][::-1]
    return PuzzleStats(dict(sorted(by_theme.items())), history)
