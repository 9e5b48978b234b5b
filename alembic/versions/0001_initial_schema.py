"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-29 14:20:32.607908
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "user_account",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=96), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=True),
        sa.Column("session_epoch", sa.Integer(), server_default="0", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_account")),
        sa.UniqueConstraint("name_key", name=op.f("uq_user_account_name_key")),
    )
    op.create_table(
        "game_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("invite_code", sa.String(length=40), nullable=False),
        sa.Column("creator_id", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("solo", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["creator_id"], ["user_account.id"], name=op.f("fk_game_table_creator_id_user_account")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_table")),
        sa.UniqueConstraint("invite_code", name=op.f("uq_game_table_invite_code")),
    )
    op.create_table(
        "preference",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("assistance", sa.String(length=20), nullable=False),
        sa.Column("palette", sa.String(length=20), nullable=False),
        sa.Column("symbols", sa.Boolean(), nullable=False),
        sa.Column("reversed_arrows", sa.Boolean(), nullable=False),
        sa.Column("sound", sa.Boolean(), nullable=False),
        sa.Column("language", sa.String(length=10), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_preference_user_id_user_account")
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_preference")),
    )
    op.create_table(
        "game",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("solo", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("turn_deadline_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name=op.f("fk_game_table_id_game_table")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game")),
    )
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.create_index("ix_game_status", ["status"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_table_id"), ["table_id"], unique=False)

    op.create_table(
        "table_seat",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(length=20), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_table.id"], name=op.f("fk_table_seat_table_id_game_table")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_table_seat_user_id_user_account")
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_table_seat")),
    )
    op.create_table(
        "game_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("command_id", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f("fk_game_event_game_id_game")),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_game_event_user_id_user_account")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_event")),
        sa.UniqueConstraint("game_id", "seq", name=op.f("uq_game_event_game_id_seq")),
        sa.UniqueConstraint(
            "game_id",
            "user_id",
            "command_id",
            name=op.f("uq_game_event_game_id_user_id_command_id"),
        ),
    )
    op.create_table(
        "game_player",
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], name=op.f("fk_game_player_game_id_game")),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_game_player_user_id_user_account")
        ),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_game_player")),
    )
    with op.batch_alter_table("game_player", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_player_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("game_player", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_player_user_id"))

    op.drop_table("game_player")
    op.drop_table("game_event")
    op.drop_table("table_seat")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_table_id"))
        batch_op.drop_index("ix_game_status")

    op.drop_table("game")
    op.drop_table("preference")
    op.drop_table("game_table")
    op.drop_table("user_account")
