"""ban notices: a browser whose session a ban ended is told why on its next visit

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-06 02:10:00

A ban ends the person's sessions (their rows go). Each ended session leaves the
digest of its id and whose it was, so a tab of theirs reloaded later says they are
banned, why and until when, rather than what a stranger sees (web.club.bans).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "ban_notice",
        sa.Column("session_digest", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_ban_notice_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_digest", name=op.f("pk_ban_notice")),
    )
    op.create_index(op.f("ix_ban_notice_user_id"), "ban_notice", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_ban_notice_user_id"), table_name="ban_notice")
    op.drop_table("ban_notice")
