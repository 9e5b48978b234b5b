"""api tokens and bot accounts: programs acting for a person, and accounts that are programs

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-07 07:00:00

A token is stored as its hash with its name and scopes; it goes with its account. A bot
account names the person who owns it (and goes with them). A table may let bot accounts
sit with people at a rated game.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0028"
down_revision: str | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "api_token",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("scopes", sa.JSON(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_api_token_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_api_token")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_api_token_token_hash")),
    )
    op.create_index(op.f("ix_api_token_user_id"), "api_token", ["user_id"], unique=False)
    with op.batch_alter_table("user_account") as batch:
        batch.add_column(sa.Column("bot_owner_id", sa.Integer(), nullable=True))
    with op.batch_alter_table("game_table") as batch:
        batch.add_column(
            sa.Column("bots_allowed", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("game_table") as batch:
        batch.drop_column("bots_allowed")
    with op.batch_alter_table("user_account") as batch:
        batch.drop_column("bot_owner_id")
    op.drop_index(op.f("ix_api_token_user_id"), table_name="api_token")
    op.drop_table("api_token")
