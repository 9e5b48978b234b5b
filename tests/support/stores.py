"""The event store used directly, without a server: a game to commit to, and the store
let go of at the end (its writer thread stopped, its connection closed)."""

from __future__ import annotations

from web.db import Database, utcnow
from web.live.store import EventStore
from web.lobby import Seating, deal_seated


def bots_game(db: Database, seed: str) -> str:
    """A two-seat Chromino game of two Medium bots, dealt from ``seed``; its id."""
    with db.session() as session:
        seating = Seating("chromino", {}, [None, None], stand_in="greedy")
        return deal_seated(session, seating, seed=seed, now=utcnow()).id


def let_go(store: EventStore) -> None:
    """Stop the store's writer thread and close its kept connection."""
    store._writer.shutdown()
    store._drop_connection()
