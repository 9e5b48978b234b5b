"""the daily deal: a Chromino and a Triominos deal a day, attempts, Hard's reference results

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-05 10:45:00

The daily deal (web.daily).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "daily_scored_attempt",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_daily_scored_attempt_game_id_game"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_daily_scored_attempt_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "kind", "day", name=op.f("pk_daily_scored_attempt")),
        sa.UniqueConstraint("game_id", name=op.f("uq_daily_scored_attempt_game_id")),
    )
    with op.batch_alter_table("daily_scored_attempt", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_daily_scored_attempt_day"), ["day"], unique=False)

    op.create_table(
        "daily_practice",
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name=op.f("fk_daily_practice_game_id_game"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_daily_practice_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_daily_practice")),
    )
    with op.batch_alter_table("daily_practice", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_daily_practice_user_id"), ["user_id"], unique=False)

    op.create_table(
        "daily_reference",
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("kind", "day", name=op.f("pk_daily_reference")),
    )


def downgrade() -> None:
    op.drop_table("daily_reference")
    with op.batch_alter_table("daily_practice", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_daily_practice_user_id"))
    op.drop_table("daily_practice")
    with op.batch_alter_table("daily_scored_attempt", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_daily_scored_attempt_day"))
    op.drop_table("daily_scored_attempt")
