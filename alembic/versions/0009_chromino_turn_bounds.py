"""Chromino's timed turns are 15 to 600 seconds, as Triominos' hourglass

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01 12:00:00

Chromino took any number of seconds per turn, 1 to 86,400; a 5-second game timed out
its first turn before anyone had looked at the board. The rules now
allow 0 (untimed) or 15 to 600 seconds, so the tables and games stored with another
number would no longer load: a shorter turn becomes 15 seconds, a longer one 600. The
change is kept on the way down (those numbers were allowed then too).
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SHORTEST, LONGEST = 15, 600


def _bounded(options: dict[str, Any]) -> dict[str, Any] | None:
    """The options with their turn brought within bounds, or None if it already was."""
    seconds = options.get("turn_seconds", 0)
    if not isinstance(seconds, int) or seconds == 0 or SHORTEST <= seconds <= LONGEST:
        return None
    return {**options, "turn_seconds": min(max(seconds, SHORTEST), LONGEST)}


def upgrade() -> None:
    connection = op.get_bind()
    tables = sa.table(
        "game_table", sa.column("id"), sa.column("kind"), sa.column("options", sa.JSON)
    )
    games = sa.table("game", sa.column("id"), sa.column("kind"), sa.column("setup", sa.JSON))
    rows = connection.execute(
        sa.select(tables.c.id, tables.c.options).where(tables.c.kind == "chromino")
    )
    for table_id, options in list(rows):
        bounded = _bounded(options or {})
        if bounded is not None:
            connection.execute(
                tables.update().where(tables.c.id == table_id).values(options=bounded)
            )
    rows = connection.execute(
        sa.select(games.c.id, games.c.setup).where(games.c.kind == "chromino")
    )
    for game_id, setup in list(rows):
        bounded = _bounded((setup or {}).get("options", {}))
        if bounded is not None:
            new_setup = {**setup, "options": bounded}
            connection.execute(games.update().where(games.c.id == game_id).values(setup=new_setup))


def downgrade() -> None:
    """Nothing to undo: 15 to 600 seconds were allowed before."""
