"""tournament bots: an entry the Hard bot plays, added by the organiser

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-06 15:50:00

A tournament's entry is a person's, or a bot's: ``bot`` names the bot (its account is
none). A bot's seat is dealt to the bot, as a deleted account's seat already is.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tournament_entry") as table:
        table.add_column(sa.Column("bot", sa.String(length=20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournament_entry") as table:
        table.drop_column("bot")
