"""the coach's notes on finished games

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30 19:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "game_analysis",
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("notes", sa.JSON(), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_game_analysis_game_id_game")
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_game_analysis")),
    )


def downgrade() -> None:
    op.drop_table("game_analysis")
