"""pass-and-play: several local seats of one person at one table

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-05 10:45:00

Pass-and-play on one device (local seats): a table seat played on its
creator's device carries the name of whoever plays it there ("Ana", "Ben"). The
game's seats JSON already holds each seat's name, so only the table seat needs it.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("table_seat") as batch:
        batch.add_column(sa.Column("local_name", sa.String(length=24), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("table_seat") as batch:
        batch.drop_column("local_name")
