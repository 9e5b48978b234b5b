"""play over days: turn-based tables, schedules, the notices' outbox

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01 21:46:46

A table may be turn-based (``turn_days`` waking days per move, what happens
when the time runs out, whether days away count); its games keep when the turn began,
how many warnings went out and when the sweep must next look (``due_at``, with the
lease of the process sweeping it). People get a time zone, quiet hours, an email
address and their choice of notices; days away (``vacation``); the outbox of notices
(``notice``, one per key); their browsers' push subscriptions (``push_device``); and
the days their digest went out (``digest_sent``). A player's ``seen_version`` says
what their page showed them.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "digest_sent",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_digest_sent_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "day", name=op.f("pk_digest_sent")),
    )
    op.create_table(
        "notice",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=120), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=True),
        sa.Column("version", sa.Integer(), nullable=True),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("pushed", sa.String(length=20), nullable=True),
        sa.Column("emailed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_notice_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notice")),
        sa.UniqueConstraint("key", name=op.f("uq_notice_key")),
    )
    with op.batch_alter_table("notice", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_notice_due_at"), ["due_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_notice_user_id"), ["user_id"], unique=False)

    op.create_table(
        "push_device",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.String(length=1000), nullable=False),
        sa.Column("p256dh", sa.String(length=200), nullable=False),
        sa.Column("auth", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_push_device_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_push_device")),
        sa.UniqueConstraint("endpoint", name=op.f("uq_push_device_endpoint")),
    )
    with op.batch_alter_table("push_device", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_push_device_user_id"), ["user_id"], unique=False)

    op.create_table(
        "vacation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_vacation_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_vacation")),
    )
    with op.batch_alter_table("vacation", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_vacation_user_id"), ["user_id"], unique=False)

    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("turn_days", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column(
                "on_timeout", sa.String(length=20), server_default="substitute", nullable=False
            )
        )
        batch_op.add_column(
            sa.Column("vacation", sa.Boolean(), server_default=sa.true(), nullable=False)
        )
        batch_op.add_column(
            sa.Column("had_substitute", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(sa.Column("turn_started_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("reminded", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("due_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index("ix_game_due_at", ["due_at"], unique=False)

    with op.batch_alter_table("game_player", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seen_version", sa.Integer(), nullable=True))

    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.add_column(sa.Column("turn_days", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column(
                "on_timeout", sa.String(length=20), server_default="substitute", nullable=False
            )
        )
        batch_op.add_column(
            sa.Column("vacation", sa.Boolean(), server_default=sa.true(), nullable=False)
        )

    with op.batch_alter_table("preference", schema=None) as batch_op:
        batch_op.add_column(sa.Column("spoken_language", sa.String(length=10), nullable=True))
        batch_op.add_column(sa.Column("time_zone", sa.String(length=64), nullable=True))
        batch_op.add_column(
            sa.Column("quiet_start", sa.Integer(), server_default="1320", nullable=False)
        )
        batch_op.add_column(
            sa.Column("quiet_end", sa.Integer(), server_default="480", nullable=False)
        )
        batch_op.add_column(sa.Column("email", sa.String(length=254), nullable=True))
        batch_op.add_column(
            sa.Column("email_verified", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch_op.add_column(
            sa.Column("digest_hour", sa.Integer(), server_default="18", nullable=False)
        )
        batch_op.add_column(sa.Column("notify", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("preference", schema=None) as batch_op:
        batch_op.drop_column("notify")
        batch_op.drop_column("digest_hour")
        batch_op.drop_column("email_verified")
        batch_op.drop_column("email")
        batch_op.drop_column("quiet_end")
        batch_op.drop_column("quiet_start")
        batch_op.drop_column("time_zone")
        batch_op.drop_column("spoken_language")

    with op.batch_alter_table("game_table", schema=None) as batch_op:
        batch_op.drop_column("vacation")
        batch_op.drop_column("on_timeout")
        batch_op.drop_column("turn_days")

    with op.batch_alter_table("game_player", schema=None) as batch_op:
        batch_op.drop_column("seen_version")

    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index("ix_game_due_at")
        batch_op.drop_column("lease_until")
        batch_op.drop_column("due_at")
        batch_op.drop_column("reminded")
        batch_op.drop_column("turn_started_at")
        batch_op.drop_column("had_substitute")
        batch_op.drop_column("vacation")
        batch_op.drop_column("on_timeout")
        batch_op.drop_column("turn_days")

    with op.batch_alter_table("vacation", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_vacation_user_id"))

    op.drop_table("vacation")
    with op.batch_alter_table("push_device", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_push_device_user_id"))

    op.drop_table("push_device")
    with op.batch_alter_table("notice", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_notice_user_id"))
        batch_op.drop_index(batch_op.f("ix_notice_due_at"))

    op.drop_table("notice")
    op.drop_table("digest_sent")
