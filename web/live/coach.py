"""The coach at work: every finished game's human moves, searched in the background.

A game's end is recorded as pending for the coach in the transaction that stores
it (:func:`mark_pending`, one of the event store's hooks), so a restart picks it up;
the process that committed it queues it here. One task goes through the queue: it
replays the game, and for each move a person made (a play, a draw or a pass —
not a timeout) hands the mover's view *before* the move to the coach's worker
(:meth:`web.games.GameKind.assess`), then stores the notes. A game is claimed
before it is worked on, so two processes never analyse the same game.

The same position gets the same note on any table, in any run, on any machine: the
search's budget is a number of iterations (``CHROMINO_COACH_ITERATIONS``), and its
seed is made of the position itself (:func:`position_seed`), never of the game's id,
its players' names or the time.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import json
import logging
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Connection, Table, select, update

from ..db import Database, insert_skipping_known
from ..games import GameKind, LiveGame, game_kind
from ..models import GameAnalysis
from .store import EventStore
from .thinkers import Thinkers

log = logging.getLogger(__name__)
COACHED_ACTIONS = frozenset({"play", "draw", "pass"})
"""What a person chose (a timeout is the clock's doing)."""
STALE_CLAIM = timedelta(minutes=10)
"""A game claimed this long ago by a process that never finished it is taken back."""


_ANALYSES = cast(Table, GameAnalysis.__table__)


def mark_pending(
    connection: Connection, ended: Sequence[tuple[str, Mapping[str, Any]]], now: datetime
) -> int:
    """Record the games just ended as pending for the coach, in the transaction that
    ends them (a hook of the event store, web.live.store): no transaction of its own
    per game, and none lost to a process stopped before its queue got to it. A game
    already recorded is left as it is. How many were recorded."""
    rows = [{"game_id": game_id, "status": "pending"} for game_id, _ in ended]
    if rows:
        pending = insert_skipping_known(connection.dialect.name, _ANALYSES, ("game_id",))
        connection.execute(pending, rows)
    return len(rows)


class Coach:
    """The queue of finished games to analyse, and the task working through it.

    It is handed what it works with — the database (its notes), the event store (the
    games) and the thinkers (the searching) — never the hub that owns it."""

    def __init__(self, db: Database, store: EventStore, thinkers: Thinkers) -> None:
        self.db = db
        self.store = store
        self.thinkers = thinkers
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.done = asyncio.Event()
        """Set each time a game's analysis is stored (tests wait on it)."""

    def start(self) -> None:
        self._task = asyncio.create_task(self._work())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def schedule(self, game_id: str) -> None:
        """Queue a finished game (its end's transaction recorded it as pending)."""
        self.queue.put_nowait(game_id)

    async def _work(self) -> None:
        for game_id in await asyncio.to_thread(self._waiting):
            await self.queue.put(game_id)
        while True:
            game_id = await self.queue.get()
            if not await asyncio.to_thread(self._claim, game_id):
                continue
            try:
                notes = await self._analyse(game_id)
            except Exception:
                log.exception("the coach could not analyse game %s", game_id)
                await asyncio.to_thread(self._finish, game_id, "failed", None)
            else:
                await asyncio.to_thread(self._finish, game_id, "done", notes)
            self.done.set()

    def _waiting(self) -> list[str]:
        """Games pending, or claimed long ago by a process that never finished them."""
        stale = self.store.clock.now() - STALE_CLAIM
        with self.db.session() as session:
            session.execute(
                update(GameAnalysis)
                .where(GameAnalysis.status == "running", GameAnalysis.started_at < stale)
                .values(status="pending")
            )
            query = select(GameAnalysis.game_id).where(GameAnalysis.status == "pending")
            return list(session.scalars(query))

    def _claim(self, game_id: str) -> bool:
        with self.db.session() as session:
            claimed = session.execute(
                update(GameAnalysis)
                .where(GameAnalysis.game_id == game_id, GameAnalysis.status == "pending")
                .values(status="running", started_at=self.store.clock.now())
            )
            return bool(getattr(claimed, "rowcount", 0))

    def _finish(self, game_id: str, status: str, notes: list[dict[str, Any]] | None) -> None:
        with self.db.session() as session:
            session.execute(
                update(GameAnalysis)
                .where(GameAnalysis.game_id == game_id)
                .values(status=status, notes=notes, finished_at=self.store.clock.now())
            )

    async def _analyse(self, game_id: str) -> list[dict[str, Any]]:
        stored = await asyncio.to_thread(self.store.read_game, game_id)
        if stored is None:
            return []
        kind = game_kind(stored.kind)
        if not kind.coached:
            return []
        live = kind.restore(stored.setup)
        people = {index for index, seat in enumerate(stored.seats) if seat["user_id"] is not None}
        notes = []
        for row in stored.events:
            action = kind.stored_action(row.action)
            if row.seat in people and action.kind in COACHED_ACTIONS and not live.is_over:
                view = live.view(row.seat)  # what the mover could see, before the move
                seed = position_seed(view)
                note = await self.thinkers.assess(kind.name, view, row.action, seed)
                notes.append({"version": row.seq, "seat": row.seat, "played": row.action, **note})
            live.apply(row.seat, action)
        return notes


IRRELEVANT_TO_THE_POSITION = ("players",)
"""What a view holds that the position does not depend on: the seats' names."""
IRRELEVANT_OPTIONS = ("turn_seconds",)
"""Options that change no move's outcome (a turn's time)."""


def position_seed(view: Mapping[str, Any]) -> str:
    """The coach's seed for a move from ``view``: a digest of what the mover could see,
    without the names at the table or the time a turn had. Two games that reach the same
    position, whoever plays them and wherever, get the same seed and so the same note."""
    position = {key: value for key, value in view.items() if key not in IRRELEVANT_TO_THE_POSITION}
    options = position.get("options")
    if isinstance(options, Mapping):
        position["options"] = {
            key: value for key, value in options.items() if key not in IRRELEVANT_OPTIONS
        }
    text = json.dumps(position, sort_keys=True, separators=(",", ":"))
    return "coach:" + hashlib.sha256(text.encode()).hexdigest()


def summary(notes: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Per player: moves looked at, how many the coach would have made otherwise, the
    average drop, and the three moves that lost most (versions)."""
    result = []
    for seat in range(players):
        mine = [note for note in notes if note["seat"] == seat]
        different = [note for note in mine if note["loss"] > 0]
        worst = sorted(different, key=lambda note: note["loss"], reverse=True)[:3]
        result.append(
            {
                "seat": seat,
                "moves": len(mine),
                "better_moves": len(different),
                "average_loss": round(sum(n["loss"] for n in mine) / len(mine), 3) if mine else 0,
                "worst": [note["version"] for note in worst],
            }
        )
    return result


def points_of(kind: GameKind, live: LiveGame, seat: int, action: dict[str, Any]) -> int | None:
    """What ``action`` would have scored for ``seat`` from this position (the coach's move
    beside the one made, on the replay): played on a copy, so ``live`` is untouched. None
    when its event counts no points (a game without scores) or it cannot be played."""
    trial = copy.deepcopy(live)
    try:
        applied = trial.apply(seat, kind.stored_action(action))
    except ValueError:
        return None
    points = applied.public.get("points")
    return points if isinstance(points, int) else None
