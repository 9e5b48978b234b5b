"""Which puzzle to offer: one near the solver's rating they have not tried, the same
daily puzzle for everyone on a date, and a run's next one.

Near means among the ``NEAREST`` untried puzzles whose rating is closest to the target,
one drawn at random: the same person asking twice does not always get the same one,
and a new shelf whose ratings are all alike still varies.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import PuzzleRow, PuzzleTry

NEAREST = 12


def near(
    session: Session,
    target_mu: float,
    *,
    theme: str | None = None,
    user_id: int | None = None,
    skip: Collection[str] = (),
    rng: random.Random | None = None,
) -> PuzzleRow | None:
    """An untried puzzle near ``target_mu`` (of ``theme``, if given), or None when the
    shelf has none left for this person."""
    query = select(PuzzleRow)
    if theme is not None:
        query = query.where(PuzzleRow.theme == theme)
    if user_id is not None:
        tried = select(PuzzleTry.puzzle_id).where(PuzzleTry.user_id == user_id)
        query = query.where(PuzzleRow.id.not_in(tried))
    if skip:
        query = query.where(PuzzleRow.id.not_in(list(skip)))
    query = query.order_by(func.abs(PuzzleRow.mu - target_mu), PuzzleRow.id).limit(NEAREST)
    candidates = list(session.scalars(query))
    if not candidates:
        return None
    return (rng or random.Random()).choice(candidates)


def daily(session: Session, day: date) -> PuzzleRow | None:
    """The day's puzzle: the same for everyone on that UTC date, drawn from the whole
    shelf by the date's digest (None on an empty shelf)."""
    count = session.scalar(select(func.count()).select_from(PuzzleRow)) or 0
    if not count:
        return None
    digest = hashlib.sha256(f"daily-puzzle/{day.isoformat()}".encode()).digest()
    offset = int.from_bytes(digest[:8], "big") % count
    query = select(PuzzleRow).order_by(PuzzleRow.id).offset(offset).limit(1)
    return session.scalars(query).first()
