"""Where a person's moves differ from the coach's, over their recent coached games: the
insight of the practice page ("where do I lose?"), read from the notes the coach stored.

Moves are counted by kind (a play, a draw, a pass), so a person sees whether they lose
more by laying the wrong tile or by drawing when a tile fitted; a flagged play whose
check in sampled deals left them with no tile that fits more often is counted apart.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import Game, GameAnalysis, GamePlayer

RECENT_GAMES = 30
"""The coached games read: the latest this many of the person's."""


@dataclass(slots=True)
class CoachRecord:
    """The person's moves in their recent coached games, and where the coach differed."""

    games: int = 0
    moves: Counter[str] = field(default_factory=Counter)
    """Moves looked at, by kind (play, draw, pass)."""
    better: Counter[str] = field(default_factory=Counter)
    """Of those, the ones the coach would have made otherwise."""
    left_stuck: int = 0
    """Flagged plays after which the mover more often had no tile that fits next turn."""
    recent: list[dict[str, Any]] = field(default_factory=list)
    """Each game: its id, game, moves, moves the coach would have made otherwise, end."""


def _kind_of(note: dict[str, Any]) -> str:
    return str(note.get("played", {}).get("action", "play"))


def _left_stuck(note: dict[str, Any]) -> bool:
    stuck = note.get("stuck")
    if not isinstance(stuck, dict):
        return False
    return int(stuck["played"]) > int(stuck["preferred"])


def coach_record(session: Session, user_id: int, limit: int = RECENT_GAMES) -> CoachRecord:
    """The person's recent coached games, newest first."""
    query = (
        select(Game, GamePlayer.seat, GameAnalysis.notes)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .join(GameAnalysis, GameAnalysis.game_id == Game.id)
        .where(GamePlayer.user_id == user_id, GameAnalysis.status == "done")
        .order_by(Game.finished_at.desc(), Game.id)
        .limit(limit)
    )
    record = CoachRecord()
    for game, seat, notes in session.execute(query):
        mine = [note for note in notes or [] if note["seat"] == seat]
        flagged = [note for note in mine if note["loss"] > 0]
        record.games += 1
        record.moves.update(_kind_of(note) for note in mine)
        record.better.update(_kind_of(note) for note in flagged)
        record.left_stuck += sum(1 for note in flagged if _left_stuck(note))
        record.recent.append(
            {
                "game_id": game.id,
                "game": game.kind,
                "moves": len(mine),
                "better_moves": len(flagged),
                "finished_at": game.finished_at,
            }
        )
    return record
