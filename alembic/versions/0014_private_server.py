"""a private server: roles, bans, passkeys, invitations, recovery, audit

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-04 18:35:52

A person's ``role`` (member, moderator, admin), ban and mute; a session's
``signed_in_at`` (admin actions want a recent sign-in); passkeys and their one-time
challenges; invitation links to an invitation-only server; recovery links; the
audit log of what admins and moderators did; the settings changed on /admin.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "site_setting",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_site_setting")),
    )
    op.create_table(
        "audit_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("actor_name", sa.String(length=40), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=True),
        sa.Column("target_name", sa.String(length=40), server_default="", nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["actor_id"],
            ["user_account.id"],
            name=op.f("fk_audit_entry_actor_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["target_id"],
            ["user_account.id"],
            name=op.f("fk_audit_entry_target_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_entry")),
    )
    with op.batch_alter_table("audit_entry", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_entry_at"), ["at"], unique=False)
        batch_op.create_index(batch_op.f("ix_audit_entry_target_id"), ["target_id"], unique=False)

    op.create_table(
        "passkey",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("credential_id", sa.String(length=1400), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("transports", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_passkey_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_passkey")),
        sa.UniqueConstraint("credential_id", name=op.f("uq_passkey_credential_id")),
    )
    with op.batch_alter_table("passkey", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_passkey_user_id"), ["user_id"], unique=False)

    op.create_table(
        "passkey_challenge",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("challenge", sa.String(length=200), nullable=False),
        sa.Column("purpose", sa.String(length=12), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_passkey_challenge_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_passkey_challenge")),
    )
    op.create_table(
        "recovery_token",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("made_by", sa.Integer(), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["made_by"],
            ["user_account.id"],
            name=op.f("fk_recovery_token_made_by_user_account"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_recovery_token_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_recovery_token")),
    )
    with op.batch_alter_table("recovery_token", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_recovery_token_user_id"), ["user_id"], unique=False)

    op.create_table(
        "site_invitation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("made_by", sa.Integer(), nullable=True),
        sa.Column("uses", sa.Integer(), nullable=False),
        sa.Column("used", sa.Integer(), server_default="0", nullable=False),
        sa.Column("note", sa.String(length=100), server_default="", nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["made_by"],
            ["user_account.id"],
            name=op.f("fk_site_invitation_made_by_user_account"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_site_invitation")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_site_invitation_token_hash")),
    )
    with op.batch_alter_table("site_invitation", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_site_invitation_made_by"), ["made_by"], unique=False)

    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("role", sa.String(length=12), server_default="member", nullable=False)
        )
        batch_op.add_column(sa.Column("banned_until", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("ban_reason", sa.String(length=300), nullable=True))
        batch_op.add_column(sa.Column("muted_until", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("invitation_id", sa.Integer(), nullable=True))

    with op.batch_alter_table("user_session", schema=None) as batch_op:
        batch_op.add_column(sa.Column("signed_in_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("user_session", schema=None) as batch_op:
        batch_op.drop_column("signed_in_at")

    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.drop_column("invitation_id")
        batch_op.drop_column("muted_until")
        batch_op.drop_column("ban_reason")
        batch_op.drop_column("banned_until")
        batch_op.drop_column("role")

    with op.batch_alter_table("site_invitation", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_site_invitation_made_by"))

    op.drop_table("site_invitation")
    with op.batch_alter_table("recovery_token", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_recovery_token_user_id"))

    op.drop_table("recovery_token")
    op.drop_table("passkey_challenge")
    with op.batch_alter_table("passkey", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_passkey_user_id"))

    op.drop_table("passkey")
    with op.batch_alter_table("audit_entry", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_entry_target_id"))
        batch_op.drop_index(batch_op.f("ix_audit_entry_at"))

    op.drop_table("audit_entry")
    op.drop_table("site_setting")
