"""puzzles: the shelf of proven puzzles, puzzle ratings, rated tries and runs

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-07 04:10:00

The shelf (web.puzzles) holds each proven puzzle's engine document with its theme and
rating; a person's puzzle rating is apart from their game ratings. A person's first try
at a puzzle is rated, once: its key is (person, puzzle). A run (a streak or a timed
run) keeps its score as a personal best.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "puzzle",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("theme", sa.String(length=40), nullable=False),
        sa.Column("document", sa.JSON(), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_puzzle")),
    )
    op.create_index("ix_puzzle_theme_mu", "puzzle", ["theme", "mu"], unique=False)
    op.create_table(
        "puzzle_skill",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
        _user_key("puzzle_skill"),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_puzzle_skill")),
    )
    op.create_table(
        "puzzle_try",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("puzzle_id", sa.String(length=16), nullable=False),
        sa.Column("result", sa.String(length=8), nullable=False),
        sa.Column("rating_before", sa.Integer(), nullable=False),
        sa.Column("rating_after", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        _user_key("puzzle_try"),
        sa.ForeignKeyConstraint(
            ["puzzle_id"],
            ["puzzle.id"],
            name=op.f("fk_puzzle_try_puzzle_id_puzzle"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "puzzle_id", name=op.f("pk_puzzle_try")),
    )
    op.create_index(op.f("ix_puzzle_try_at"), "puzzle_try", ["at"], unique=False)
    op.create_table(
        "puzzle_run",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(length=8), nullable=False),
        sa.Column("theme", sa.String(length=40), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("puzzle_id", sa.String(length=16), nullable=True),
        sa.Column("seen", sa.JSON(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("over", sa.Boolean(), server_default=sa.false(), nullable=False),
        _user_key("puzzle_run"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_puzzle_run")),
    )
    op.create_index("ix_puzzle_run_best", "puzzle_run", ["user_id", "mode", "score"], unique=False)


def _user_key(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["user_id"],
        ["user_account.id"],
        name=op.f(f"fk_{table}_user_id_user_account"),
        ondelete="CASCADE",
    )


def downgrade() -> None:
    op.drop_table("puzzle_run")
    op.drop_table("puzzle_try")
    op.drop_table("puzzle_skill")
    op.drop_table("puzzle")
