"""analysis lines: placements tried on the analysis board, saved to be shared

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-08 09:30:00

A saved line names a finished game, the version a placement was tried at and the
placement's fields; its answer is worked out again when it is read. It goes with its
game.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "analysis_line",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("placement", sa.JSON(), nullable=False),
        sa.Column("note", sa.String(length=280), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_analysis_line_game_id_game"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_analysis_line")),
    )
    op.create_index(op.f("ix_analysis_line_game_id"), "analysis_line", ["game_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_analysis_line_game_id"), table_name="analysis_line")
    op.drop_table("analysis_line")
