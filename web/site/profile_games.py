"""The games on a profile: played and won, points per move in expert games, the
recent ones, and how often the person played the coach's move.

These read the finished games a person sat at (once, in one query) and their
analyses; the profile's ratings are read apart (:mod:`.profile`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..db import as_utc
from ..games import GAMES
from ..models import Game, GameAnalysis, GamePlayer, RatedGame, RatingChange, User
from ..ratings import shown_change
from .profile_schemas import CoachSummary, ExpertAverage, GameRecord, RecentGame, SeatLine

RECENT_GAMES = 10
"""How many finished games the profile lists."""
EXPERT_SCORING = "expert"
"""The table option ``scoring`` of the games whose points per move are averaged."""


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game the person sat at, as the profile reads it."""

    game_id: str
    kind: str
    solo: bool
    spectators: bool
    rated: bool
    seat: int
    seats: list[dict[str, Any]]
    result: dict[str, Any]
    scoring: str | None
    finished_at: datetime

    @property
    def won(self) -> bool:
        return self.seat in self.result.get("winners", ())

    @property
    def place(self) -> int | None:
        places = self.result.get("places")
        if self.solo or not isinstance(places, list) or self.seat >= len(places):
            return None
        return int(places[self.seat])


def finished_games(session: Session, user_id: int) -> list[Played]:
    """Every finished game the person sat at, newest first (one query; the deals'
    hands and bags stay in the database, only the scoring option is read)."""
    scoring = Game.setup["options"]["scoring"].as_string()
    query = (
        select(
            Game.id,
            Game.kind,
            Game.solo,
            Game.spectators,
            Game.rated,
            GamePlayer.seat,
            Game.seats,
            Game.result,
            scoring,
            Game.finished_at,
            Game.created_at,
        )
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.user_id == user_id, Game.status == "finished")
        .order_by(Game.finished_at.desc(), Game.id)
    )
    return [
        Played(
            game_id=game_id,
            kind=kind,
            solo=solo,
            spectators=spectators,
            rated=rated,
            seat=seat,
            seats=list(seats or []),
            result=dict(result or {}),
            scoring=scored,
            finished_at=as_utc(finished_at or created_at),
        )
        for (
            game_id,
            kind,
            solo,
            spectators,
            rated,
            seat,
            seats,
            result,
            scored,
            finished_at,
            created_at,
        ) in session.execute(query)
    ]


def game_records(played: Iterable[Played]) -> list[GameRecord]:
    """Games played and won per game (the registry's order) and number of seats
    (solo first)."""
    counted: Counter[tuple[str, int]] = Counter()
    won: Counter[tuple[str, int]] = Counter()
    for game in played:
        key = (game.kind, 1 if game.solo else len(game.seats))
        counted[key] += 1
        won[key] += game.won
    order = {kind: index for index, kind in enumerate(GAMES)}
    keys = sorted(counted, key=lambda key: (order.get(key[0], len(order)), key[0], key[1]))
    return [
        GameRecord(
            game=kind,
            players=players,
            played=counted[(kind, players)],
            won=None if players == 1 else won[(kind, players)],
        )
        for kind, players in keys
    ]


def expert_average(played: Iterable[Played]) -> ExpertAverage | None:
    """Points per move over the expert-scored games (:class:`ExpertAverage`); None
    before any such game with a turn taken."""
    games = points = turns = 0
    for game in played:
        if game.scoring != EXPERT_SCORING:
            continue
        scores, taken = game.result.get("scores", []), game.result.get("turns", [])
        if game.seat >= min(len(scores), len(taken)):
            continue
        games += 1
        points += int(scores[game.seat])
        turns += int(taken[game.seat])
    if turns == 0:
        return None
    return ExpertAverage(games=games, points=points, turns=turns, per_move=round(points / turns, 2))


def recent_games(
    session: Session,
    played: Sequence[Played],
    user_id: int,
    viewer_id: int | None,
    sees_ratings: bool,
) -> list[RecentGame]:
    """The last :data:`RECENT_GAMES` finished games the viewer may watch, newest first."""
    shown_games = [game for game in played if _watchable(game, viewer_id)][:RECENT_GAMES]
    changes = _rating_changes(session, user_id, [g.game_id for g in shown_games if g.rated])
    names = _current_names(
        session, {seat["user_id"] for g in shown_games for seat in g.seats if seat.get("user_id")}
    )
    return [
        RecentGame(
            game_id=game.game_id,
            game=game.kind,
            finished_at=game.finished_at,
            solo=game.solo,
            seats=[
                _seat_line(seat, index == game.seat, names) for index, seat in enumerate(game.seats)
            ],
            place=game.place,
            won=game.won,
            rated=game.game_id in changes,
            change=changes.get(game.game_id) if sees_ratings else None,
        )
        for game in shown_games
    ]


def _watchable(game: Played, viewer_id: int | None) -> bool:
    """Whether the viewer may open the game's replay: anyone, unless the game lets
    nobody watch (solo games never do); then its players only."""
    if game.spectators and not game.solo:
        return True
    return viewer_id is not None and any(seat.get("user_id") == viewer_id for seat in game.seats)


def _rating_changes(session: Session, user_id: int, game_ids: list[str]) -> dict[str, int]:
    """The person's shown rating change in each of these games that was rated."""
    if not game_ids:
        return {}
    query = (
        select(RatedGame.game_id, RatingChange.mu_before, RatingChange.mu)
        .join(RatingChange, RatingChange.rated_game_id == RatedGame.id)
        .where(RatedGame.game_id.in_(game_ids), RatingChange.user_id == user_id)
    )
    rows = session.execute(query)
    return {game_id: shown_change(before, after) for game_id, before, after in rows}


def _current_names(session: Session, user_ids: set[int]) -> dict[int, str]:
    """The accounts still here among these, by their names now."""
    if not user_ids:
        return {}
    query = select(User.id, User.name).where(User.id.in_(sorted(user_ids)))
    return dict(session.execute(query).all())


def _seat_line(seat: dict[str, Any], me: bool, names: dict[int, str]) -> SeatLine:
    user_id = seat.get("user_id")
    here = user_id if user_id in names else None
    return SeatLine(
        name=names[here] if here is not None else str(seat.get("name", "")),
        user_id=here,
        bot=seat.get("bot"),
        me=me,
    )


def coach_summary(session: Session, user_id: int) -> CoachSummary | None:
    """The share of the person's moves the coach would have made too, over their
    analysed games (:class:`CoachSummary`); None before any."""
    query = (
        select(GameAnalysis.notes, GamePlayer.seat)
        .join(GamePlayer, GamePlayer.game_id == GameAnalysis.game_id)
        .where(GamePlayer.user_id == user_id, GameAnalysis.status == "done")
    )
    games = moves = matching = 0
    for notes, seat in session.execute(query):
        mine = [note for note in notes or [] if note.get("seat") == seat]
        if not mine:
            continue
        games += 1
        moves += len(mine)
        matching += sum(1 for note in mine if float(note.get("loss", 1)) <= 0)
    if moves == 0:
        return None
    return CoachSummary(games=games, moves=moves, matching=matching, share=matching / moves)
