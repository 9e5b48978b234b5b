"""which game a table or game plays: a kind column, chromino for the rows already there

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 15:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("game_table", "game"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(
                sa.Column("kind", sa.String(length=20), server_default="chromino", nullable=False)
            )


def downgrade() -> None:
    # Games of any other kind cannot be described by the older schema: refuse rather
    # than leave rows a Chromino-only server would misread.
    bind = op.get_bind()
    for table in ("game_table", "game"):
        others = bind.execute(
            sa.text(f"SELECT COUNT(*) FROM {table} WHERE kind != 'chromino'")
        ).scalar_one()
        if others:
            raise RuntimeError(
                f"{others} rows of {table} are not Chromino; remove them before downgrading"
            )
    for table in ("game", "game_table"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("kind")
