"""a bot may play for an absent player after the table's grace

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01 12:40:00

A started game cannot be left by walking away for good: after the grace the table
sets (``substitute_minutes``, 0 = never), a bot plays the seat of a player with no
socket open until they come back and take it. Which seats a bot
plays for is kept (``seat_substitute``), so a restart keeps it, and its key makes
the take-over happen once with several processes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("game_table", "game"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(
                sa.Column("substitute_minutes", sa.Integer(), nullable=False, server_default="0")
            )
    op.create_table(
        "seat_substitute",
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name="fk_seat_substitute_game_id_game"),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_seat_substitute"),
    )


def downgrade() -> None:
    op.drop_table("seat_substitute")
    for table in ("game", "game_table"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("substitute_minutes")
