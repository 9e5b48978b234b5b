"""duplicate tables: every seat plays the same deal on its own board

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-05 10:45:00

Duplicate tables (web.duplicate, docs/duplicate.md): a table may be a
duplicate one; its boards (one solo game per person, one shared deal) are linked to it.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("duplicate", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    op.create_table(
        "duplicate_board",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_duplicate_board_game_id_game"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_table.id"],
            name=op.f("fk_duplicate_board_table_id_game_table"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_duplicate_board")),
        sa.UniqueConstraint("game_id", name=op.f("uq_duplicate_board_game_id")),
    )


def downgrade() -> None:
    op.drop_table("duplicate_board")
    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.drop_column("duplicate")
