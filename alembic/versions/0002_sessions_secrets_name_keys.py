"""server-side sessions, per-install secrets, look-alike-proof name keys

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 12:00:00
"""

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

from web.people.names import skeleton

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

users = sa.table(
    "user_account",
    sa.column("id", sa.Integer()),
    sa.column("name", sa.String()),
    sa.column("name_key", sa.String()),
)
GRANDFATHERED = "\x1f"
"""Joins a key and an id when two existing names share a skeleton: both keep their
names and stay distinct, and no new name (which cannot hold this character) matches."""


def _rekey(key_of: Callable[[str], str]) -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.select(users.c.id, users.c.name).order_by(users.c.id)).all()
    taken: set[str] = set()
    # Two passes: clear every key first, so a swap of keys cannot collide midway.
    for user_id, _ in rows:
        connection.execute(
            users.update().where(users.c.id == user_id).values(name_key=f"{GRANDFATHERED}{user_id}")
        )
    for user_id, name in rows:
        key = key_of(name)
        if key in taken:
            key = f"{key}{GRANDFATHERED}{user_id}"
        taken.add(key)
        connection.execute(users.update().where(users.c.id == user_id).values(name_key=key))


def upgrade() -> None:
    op.create_table(
        "user_session",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["user_account.id"],
            name=op.f("fk_user_session_user_id_user_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_session")),
    )
    op.create_index(op.f("ix_user_session_user_id"), "user_session", ["user_id"], unique=False)
    op.create_table(
        "site_secret",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("value", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_site_secret")),
    )
    with op.batch_alter_table("user_account") as batch:
        batch.drop_column("session_epoch")
    _rekey(skeleton)


def downgrade() -> None:
    _rekey(str.casefold)
    with op.batch_alter_table("user_account") as batch:
        batch.add_column(
            sa.Column("session_epoch", sa.Integer(), server_default="0", nullable=False)
        )
    op.drop_table("site_secret")
    op.drop_index(op.f("ix_user_session_user_id"), table_name="user_session")
    op.drop_table("user_session")
