"""a table may allow no spectators; solo games allow none

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 12:30:00

Anyone holding a game's link could watch it, solo games included.
Tables and their games now say whether people other than the players may watch
(``spectators``): friends' tables allow it, as before; solo games, which are
practice, are private — those already stored too.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("game_table", "game"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(
                sa.Column("spectators", sa.Boolean(), nullable=False, server_default=sa.true())
            )
        rows = sa.table(table, sa.column("solo", sa.Boolean), sa.column("spectators", sa.Boolean))
        op.execute(rows.update().where(rows.c.solo.is_(True)).values(spectators=False))


def downgrade() -> None:
    for table in ("game", "game_table"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("spectators")
