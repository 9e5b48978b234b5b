"""the seat to play, stored with each move (the lobby's "your turn")

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30 17:00:00

Games already under way get theirs on their next move; until then the lobby
does not say whose turn it is.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("current_seat", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_column("current_seat")
