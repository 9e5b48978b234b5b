"""follows: people whose live games a person wants to find

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-07 07:00:00

One row per follower and followed person; it goes with either account.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0030"
down_revision: str | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "follow",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("followed_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_follow_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["followed_id"],
            ["user_account.id"],
            name=op.f("fk_follow_followed_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "followed_id", name=op.f("pk_follow")),
    )
    op.create_index(op.f("ix_follow_followed_id"), "follow", ["followed_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_follow_followed_id"), table_name="follow")
    op.drop_table("follow")
