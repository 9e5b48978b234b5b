"""table talk and friends: chat, reports, mutes, friends, invitations

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02 01:36:10

A game's chat lines (``chat_message``, numbered per game) and the reports
of them to the admins (``chat_report``); a person's mutes of others (``block``) and
a table creator's (``table_mute``); friends (``friend``, one row each way) and
invitations to tables (``invitation``). A table says whether free text is allowed
(``chat_text``); a player's ``chat_read`` says which lines they read; a person's
``online_at`` and ``show_online`` what their friends see of them.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "block",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("blocked_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["blocked_id"],
            ["user_account.id"],
            name=op.f("fk_block_blocked_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_block_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "blocked_id", name=op.f("pk_block")),
    )
    with op.batch_alter_table("block", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_block_blocked_id"), ["blocked_id"], unique=False)

    op.create_table(
        "friend",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("friend_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["friend_id"],
            ["user_account.id"],
            name=op.f("fk_friend_friend_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_friend_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "friend_id", name=op.f("pk_friend")),
    )
    with op.batch_alter_table("friend", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_friend_friend_id"), ["friend_id"], unique=False)

    op.create_table(
        "invitation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("from_id", sa.Integer(), nullable=True),
        sa.Column("to_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=12), server_default="open", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["from_id"],
            ["user_account.id"],
            name=op.f("fk_invitation_from_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_table.id"],
            name=op.f("fk_invitation_table_id_game_table"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["to_id"],
            ["user_account.id"],
            name=op.f("fk_invitation_to_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_invitation")),
        sa.UniqueConstraint("table_id", "to_id", name=op.f("uq_invitation_table_id_to_id")),
    )
    with op.batch_alter_table("invitation", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_invitation_table_id"), ["table_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_invitation_to_id"), ["to_id"], unique=False)

    op.create_table(
        "table_mute",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_table.id"],
            name=op.f("fk_table_mute_table_id_game_table"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_table_mute_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "user_id", name=op.f("pk_table_mute")),
    )
    op.create_table(
        "chat_message",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("room", sa.String(length=12), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("preset", sa.String(length=20), nullable=True),
        sa.Column("text", sa.String(length=300), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["game.id"], name=op.f("fk_chat_message_game_id_game"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_chat_message_user_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat_message")),
        sa.UniqueConstraint("game_id", "seq", name=op.f("uq_chat_message_game_id_seq")),
    )
    with op.batch_alter_table("chat_message", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_chat_message_user_id"), ["user_id"], unique=False)

    op.create_table(
        "chat_report",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.Integer(), nullable=False),
        sa.Column("reporter_id", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(length=300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("handled", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.ForeignKeyConstraint(
            ["message_id"],
            ["chat_message.id"],
            name=op.f("fk_chat_report_message_id_chat_message"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["reporter_id"],
            ["user_account.id"],
            name=op.f("fk_chat_report_reporter_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat_report")),
        sa.UniqueConstraint(
            "message_id", "reporter_id", name=op.f("uq_chat_report_message_id_reporter_id")
        ),
    )
    with op.batch_alter_table("chat_report", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_chat_report_message_id"), ["message_id"], unique=False)

    with op.batch_alter_table("game_player", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("chat_read", sa.Integer(), server_default="0", nullable=False)
        )

    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.add_column(sa.Column("chat_text", sa.Boolean(), nullable=True))

    with op.batch_alter_table("preference", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("show_online", sa.Boolean(), server_default=sa.true(), nullable=False)
        )

    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.add_column(sa.Column("online_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.drop_column("online_at")

    with op.batch_alter_table("preference", schema=None) as batch_op:
        batch_op.drop_column("show_online")

    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.drop_column("chat_text")

    with op.batch_alter_table("game_player", schema=None) as batch_op:
        batch_op.drop_column("chat_read")

    with op.batch_alter_table("chat_report", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_chat_report_message_id"))

    op.drop_table("chat_report")
    with op.batch_alter_table("chat_message", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_chat_message_user_id"))

    op.drop_table("chat_message")
    op.drop_table("table_mute")
    with op.batch_alter_table("invitation", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_invitation_to_id"))
        batch_op.drop_index(batch_op.f("ix_invitation_table_id"))

    op.drop_table("invitation")
    with op.batch_alter_table("friend", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_friend_friend_id"))

    op.drop_table("friend")
    with op.batch_alter_table("block", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_block_blocked_id"))

    op.drop_table("block")
