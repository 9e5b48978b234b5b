"""The Hard bot's result on a daily deal: what every attempt is scored against.

The strong bot ("Hard") plays the day's deal alone, by the same solo rules, in a
worker process below the server (never on the event loop, never in a request), of a
pool the app hands in.
Its search is given a number of iterations, not seconds, and a seed per move: the
reference is the same on any machine (docs/daily.md). It is computed once per
(game, date) across every process: a row is claimed before the search starts, as
the coach claims a game (web.live.coach); a claim whose process died is taken back
after :data:`STALE_CLAIM`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Callable, Mapping
from datetime import date, datetime, timedelta
from typing import Any, Protocol, TypeVar

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError

from chromino.core.search import Budget

from ..clock import Clock
from ..db import Database, as_utc
from ..games import game_kind
from ..models import DailyReference
from .deal import DAILY_GAMES, daily_rule, daily_seed, daily_setup, deal_day

log = logging.getLogger(__name__)

T = TypeVar("T")

REFERENCE_ITERATIONS = 600
"""Hard's search per move, as the server's Hard is measured (docs/ratings.md)."""
STALE_CLAIM = timedelta(minutes=15)
"""A claim this old that never finished (its process died, or it failed) is retried."""
MAX_MOVES = 2000
"""A guard against a game that would never end (none does: the bag runs out)."""


def play_reference(game: str, day: date, iterations: int) -> dict[str, Any]:
    """Hard plays ``game``'s deal of ``day`` alone to its end: its turns, draws, score,
    how it ended and the tiles left in its hand. Pure and reproducible (runs in a worker)."""
    hard = kind_hard(game)
    budget = Budget.of_iterations(iterations)

    def hard_move(view: dict[str, Any], seed: str) -> Any:
        return hard.move(view, seed, budget)

    return {**play_alone(game, day, "hard", hard_move), "iterations": iterations}


def play_alone(game: str, day: date, who: str, move: Any) -> dict[str, Any]:
    """One bot's game of the deal: ``move(view, seed)`` gives each action, the seed
    being ``<deal seed>/<who>/<move number>`` (the bench plays Easy and Medium so too)."""
    kind = game_kind(game)
    seed = daily_seed(game, day)
    live = kind.restore(daily_setup(game, day, f"{who.title()} bot"))
    for number in range(MAX_MOVES):
        if live.is_over:
            break
        live.apply(0, move(live.view(0), f"{seed}/{who}/{number}"))
    result = live.result()
    assert result is not None, "the reference game did not end"
    return attempt_result(result)


def kind_hard(game: str) -> Any:
    """The game's strong search (every daily game has one)."""
    kind: Any = game_kind(game)  # a tile game: its engine descriptor has the search
    hard = kind.descriptor.hard
    if hard is None:
        raise ValueError(f"{game} has no strong bot to play the daily reference")
    return hard


class WorkerPool(Protocol):
    """The worker processes the references are computed in (the app hands in one of the
    live games' pools, at the coach's low priority): the daily room never runs them."""

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker, once one is free (raises when a worker died, and
        the pool is made again for the next call)."""
        ...

    def broken(self) -> None:
        """Drop a pool whose worker died."""
        ...

    def processes(self) -> list[int]:
        """The workers' process ids."""
        ...

    def close(self) -> None: ...


class References:
    """The reference results of this process: claimed, computed in a worker, stored."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        workers: WorkerPool,
        iterations: int = REFERENCE_ITERATIONS,
    ) -> None:
        self.db = db
        self.clock = clock
        self.iterations = iterations
        """Always :data:`REFERENCE_ITERATIONS` on a server; tests use fewer."""
        self.workers = workers
        self.stored = asyncio.Event()
        """Set each time a reference is stored (tests wait on it)."""
        self._working: set[tuple[str, date]] = set()
        self._claimed: set[tuple[str, date]] = set()
        """Claims of this process not finished yet (given back on close)."""
        self._ready: set[tuple[str, date]] = set()
        """References known to be stored (never asked about again)."""
        self._preparing: asyncio.Task[None] | None = None

    def prepare_soon(self) -> None:
        """Have today's and tomorrow's references computed ahead, in the background, if
        this process is not at it already (at startup, and after each sweep round)."""
        if self._preparing is None or self._preparing.done():
            self._preparing = asyncio.create_task(self.prepare())

    async def prepare(self) -> None:
        """Compute, one after the other, today's references and then tomorrow's that no
        process has: the day's first visitor then finds Hard's result already stored.
        A reference another live process is computing is left to it."""
        today = deal_day(self.clock.now())
        for day in (today, today + timedelta(days=1)):
            for game in DAILY_GAMES:
                if (game, day) in self._ready:
                    continue
                row = await asyncio.to_thread(self._row, game, day)
                if row is not None and row.status == "done":
                    self._ready.add((game, day))
                elif reference_pending(row, self.clock.now()):
                    await self.ensure(game, day)

    def _row(self, game: str, day: date) -> DailyReference | None:
        with self.db.session() as session:
            row = session.get(DailyReference, (game, day))
            if row is not None:
                session.expunge(row)
            return row

    def close(self) -> None:
        """Stop: a reference being computed is abandoned — its worker ended, its claim
        given back — so that the next process to be asked computes it at once."""
        if self._preparing is not None:
            self._preparing.cancel()
        for pid in self.workers.processes():
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)
        self.workers.close()
        if self._claimed:
            with self.db.session() as session:
                for game, day in self._claimed:
                    session.execute(
                        delete(DailyReference).where(
                            DailyReference.kind == game,
                            DailyReference.day == day,
                            DailyReference.status == "running",
                        )
                    )
            self._claimed.clear()

    async def ensure(self, game: str, day: date) -> None:
        """Compute the reference of ``game`` on ``day`` unless it is stored, or being
        computed by this or a live process. Returns when it is stored (or not ours)."""
        key = (game, day)
        if key in self._working:
            return
        self._working.add(key)
        try:
            if not await asyncio.to_thread(self._claim, game, day):
                return
            self._claimed.add(key)
            try:
                result = await self.workers.run(play_reference, game, day, self.iterations)
            except Exception:
                log.exception("the daily reference of %s on %s could not be computed", game, day)
                self.workers.broken()
                await asyncio.to_thread(self._store, game, day, "failed", None)
            else:
                await asyncio.to_thread(self._store, game, day, "done", result)
            self._claimed.discard(key)
            self.stored.set()
        finally:
            self._working.discard(key)

    def _claim(self, game: str, day: date) -> bool:
        """Take the row: a new one, or one whose claim went stale without a result."""
        now = self.clock.now()
        try:
            with self.db.session() as session:
                session.add(DailyReference(kind=game, day=day, status="running", claimed_at=now))
            return True
        except IntegrityError:
            pass
        with self.db.session() as session:
            taken = session.execute(
                update(DailyReference)
                .where(
                    DailyReference.kind == game,
                    DailyReference.day == day,
                    DailyReference.status != "done",
                    DailyReference.claimed_at < now - STALE_CLAIM,
                )
                .values(status="running", claimed_at=now)
            )
            return bool(getattr(taken, "rowcount", 0))

    def _store(self, game: str, day: date, status: str, result: dict[str, Any] | None) -> None:
        with self.db.session() as session:
            session.execute(
                update(DailyReference)
                .where(DailyReference.kind == game, DailyReference.day == day)
                .values(status=status, result=result, finished_at=self.clock.now())
            )


def reference_pending(row: DailyReference | None, now: datetime) -> bool:
    """Whether a reference still has to be (re)computed when someone asks."""
    if row is None:
        return True
    if row.status == "done":
        return False
    return as_utc(row.claimed_at) < now - STALE_CLAIM


PLAYED_OUT = frozenset({"out", "blocked", "target"})
"""How a game played to its end ends (a resignation or a host's end is not one)."""


def effective_turns(result: Mapping[str, Any]) -> int:
    """A game judged by turns: the turns taken, plus one for each tile left in the hand
    of a game that ended blocked (each would have needed a turn at least)."""
    return int(result["turns"]) + int(result.get("hand_left", 0))


SCALE = {game: daily_rule(game).scale for game in DAILY_GAMES}
"""How far from Hard's game is 50 points of daily score, in each game's measure (turns
or points). Each game's kind gives it: the median distance between the Medium bot's
game and Hard's over ten measured deals of the game (docs/daily.md), so that a game of
Medium's level scores about 50 %, and it is the same every day: a turn is worth as
much on any deal."""


def merit(game: str, result: Mapping[str, Any]) -> float:
    """How good a game played out is, the higher the better, by what the game's daily
    rule measures: minus its effective turns, or its points (below 0 counting 0)."""
    if daily_rule(game).measure == "turns":
        return -float(effective_turns(result))
    return float(max(int(result["score"]), 0))


def percentage(game: str, mine: Mapping[str, Any], hard: Mapping[str, Any]) -> float:
    """A finished attempt's daily score (unrounded): 100 for Hard's result on the same
    deal, 50 points more or less for each :data:`SCALE` better or worse, never below 0.

    ``mine`` and ``hard`` are {"turns", "score", "ended_by", "hand_left"}. A game given
    up (resigned) scores 0. The score is linear in what the game measures (turns, tiles
    left counting a turn each; or points), so every turn lost costs the same, whether
    Hard needed 8 turns or 39; and it is open above: beating Hard gives more than 100."""
    if mine["ended_by"] not in PLAYED_OUT:
        return 0.0
    ahead = merit(game, mine) - merit(game, hard)
    return max(0.0, 100.0 + 50.0 * ahead / daily_rule(game).scale)


def attempt_result(result: Mapping[str, Any]) -> dict[str, Any]:
    """A finished game's result (``Game.result``) in the reference's shape."""
    return {
        "turns": result["turns"][0],
        "draws": result["draws"][0],
        "score": result["scores"][0],
        "ended_by": result["ended_by"],
        "hand_left": result["hand_sizes"][0],
    }
