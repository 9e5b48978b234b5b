"""Finished games, ratings and the coach's notes written straight to the database, for
the profile's tests (HTTP and browser): each game a real deal of its game, its result
as the engine reports one, and its rating rows made by the real model, in order.

Writing rows rather than playing games keeps these tests about what the profile shows
of a history, whatever plays it; the rows are the ones the rest of the server writes
(web/models.py)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from web.games import GAMES
from web.models import (
    Game,
    GameAnalysis,
    GamePlayer,
    GameTable,
    RatedGame,
    Rating,
    RatingChange,
    User,
)
from web.ratings.anchors import bot_skill
from web.ratings.model import Skill, new_skill, rate

START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
"""When the first seeded game ended; each next one an hour later."""


@dataclass(frozen=True)
class Seat:
    """A person (``user_id``) or a bot at a seeded game, and their name there."""

    name: str
    user_id: int | None = None
    bot: str | None = None

    def stored(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "bot": self.bot, "name": self.name}


def bot(key: str) -> Seat:
    """A bot's seat, named as the server names it ("Medium bot")."""
    return Seat(name=GAMES["chromino"].bots[key], bot=key)


@dataclass
class History:
    """Games written one after another: each ends an hour after the one before."""

    session: Session
    ended: list[str] = field(default_factory=list)

    def arrived(self, *user_ids: int) -> None:
        """These people came a week before the first game (as a real history would have
        it: nobody plays before their account exists)."""
        for user_id in user_ids:
            user = self.session.get(User, user_id)
            assert user is not None, user_id
            user.created_at = START - timedelta(days=7)

    def next_time(self) -> datetime:
        return START + timedelta(hours=len(self.ended))

    def game(
        self,
        seats: Sequence[Seat],
        *,
        kind: str = "chromino",
        options: dict[str, Any] | None = None,
        winners: Sequence[int] = (0,),
        places: Sequence[int] | None = None,
        scores: Sequence[int] | None = None,
        turns: Sequence[int] | None = None,
        draws: Sequence[int] | None = None,
        solo: bool = False,
        spectators: bool = True,
        rated_pool: str | None = None,
    ) -> str:
        """A finished game of these seats; with ``rated_pool``, rated there (its places
        applied by the model, the people's ratings moved). Its id."""
        count = len(seats)
        game_kind = GAMES[kind]
        normalized = game_kind.normalize_options(options or {})
        game_id = secrets.token_hex(8)
        setup = game_kind.deal([seat.name for seat in seats], game_id, normalized)
        table = GameTable(
            invite_code=secrets.token_hex(8),
            kind=kind,
            options=normalized,
            solo=solo,
            rated=rated_pool is not None,
            spectators=spectators,
            status="finished",
            game_id=game_id,
        )
        self.session.add(table)
        self.session.flush()
        at = self.next_time()
        places = (
            list(places) if places is not None else [1 if s in winners else 2 for s in range(count)]
        )
        result = {
            "ended_by": "out",
            "winners": list(winners),
            "scores": list(scores) if scores is not None else [0] * count,
            "turns": list(turns) if turns is not None else [10] * count,
            "draws": list(draws) if draws is not None else [1] * count,
            "hand_sizes": [0 if s in winners else 3 for s in range(count)],
            "places": places,
        }
        self.session.add(
            Game(
                id=game_id,
                table_id=table.id,
                kind=kind,
                setup=setup,
                seats=[seat.stored() for seat in seats],
                solo=solo,
                rated=rated_pool is not None,
                spectators=spectators,
                status="finished",
                result=result,
                created_at=at - timedelta(minutes=20),
                finished_at=at,
            )
        )
        self.session.flush()
        for index, seat in enumerate(seats):
            self.session.add(GamePlayer(game_id=game_id, seat=index, user_id=seat.user_id))
        self.session.flush()
        if rated_pool is not None:
            self._rate(game_id, rated_pool, seats, places, at)
        self.ended.append(game_id)
        return game_id

    def _rate(
        self, game_id: str, pool: str, seats: Sequence[Seat], places: list[int], at: datetime
    ) -> None:
        """The rows a rated game's end writes: the result, each person's change, their
        rating; bots keep their fixed anchor."""
        stored: dict[int | None, Rating | None] = {
            seat.user_id: self.session.get(Rating, (seat.user_id, pool))
            for seat in seats
            if seat.user_id is not None
        }
        skills = [
            bot_skill(pool, seat.bot) if seat.bot is not None else _skill_of(stored[seat.user_id])
            for seat in seats
        ]
        after = rate(skills, places)
        rated = RatedGame(
            game_id=game_id,
            pool=pool,
            seats=[
                {"user_id": seat.user_id, "place": place}
                if seat.user_id is not None
                else {"bot": seat.bot, "place": place}
                for seat, place in zip(seats, places, strict=True)
            ],
            rated_at=at,
        )
        self.session.add(rated)
        self.session.flush()
        for seat, before, new, place in zip(seats, skills, after, places, strict=True):
            if seat.user_id is None:
                continue
            self.session.add(
                RatingChange(
                    rated_game_id=rated.id,
                    user_id=seat.user_id,
                    pool=pool,
                    place=place,
                    mu_before=before.mu,
                    sigma_before=before.sigma,
                    mu=new.mu,
                    sigma=new.sigma,
                    at=at,
                )
            )
            row = stored.get(seat.user_id)
            if row is None:
                row = Rating(user_id=seat.user_id, pool=pool, mu=new.mu, sigma=new.sigma)
                row.games, row.wins = 0, 0
                self.session.add(row)
            row.mu, row.sigma = new.mu, new.sigma
            row.games += 1
            row.wins += place == 1
            row.updated_at = at
        self.session.flush()

    def analysis(
        self, game_id: str, notes: Sequence[tuple[int, float]], status: str = "done"
    ) -> None:
        """The coach's notes on a game: (seat, loss) per move looked at."""
        self.session.add(
            GameAnalysis(
                game_id=game_id,
                status=status,
                notes=[
                    {
                        "version": number + 1,
                        "seat": seat,
                        "played": {"kind": "pass"},
                        "preferred": {"kind": "pass"} if loss == 0 else {"kind": "draw"},
                        "played_value": 0.5 - loss,
                        "preferred_value": 0.5,
                        "loss": loss,
                    }
                    for number, (seat, loss) in enumerate(notes)
                ],
            )
        )
        self.session.flush()


def _skill_of(row: Rating | None) -> Skill:
    return new_skill() if row is None else Skill(row.mu, row.sigma)
