"""a bot's move in a person's seat is marked as the bot's

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-06 02:30:00

When a turn-based player's time runs out (or a player in one sitting is away), a bot
plays their seat. Each of its moves there is marked, so the move log and "my games"
say the bot played for them rather than crediting them with it. Earlier moves stay
unmarked: nobody can tell now which of them a bot made.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game_event") as batch:
        batch.add_column(
            sa.Column("stand_in", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("game_event") as batch:
        batch.drop_column("stand_in")
