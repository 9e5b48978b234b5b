"""guest pruning: last_seen_at, ids never reused, tables outliving their creator

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 11:05:00.000000

``user_account.last_seen_at`` says when a person last came (filled with
``created_at`` for those already there); pruned guests leave their finished
tables behind, so ``game_table.creator_id`` may be null; and on SQLite the
account ids are AUTOINCREMENT, so the id of a pruned guest is never handed to
a newcomer (whose session would otherwise match the guest's old cookie).
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FORMER_GUEST_KEY = "\x1fformer guest"
"""The name key of the stand-in creator a downgrade needs: names have no control
characters, so no typed name has it."""


def _on_sqlite() -> bool:
    return op.get_bind().dialect.name == "sqlite"


def upgrade() -> None:
    sqlite = _on_sqlite()
    op.add_column(
        "user_account", sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.execute("UPDATE user_account SET last_seen_at = created_at")
    with op.batch_alter_table(
        "user_account",
        recreate="always" if sqlite else "auto",
        table_kwargs={"sqlite_autoincrement": True} if sqlite else {},
    ) as batch_op:
        batch_op.alter_column(
            "last_seen_at",
            existing_type=sa.DateTime(timezone=True),
            nullable=False,
            server_default=sa.func.now(),
        )
    with op.batch_alter_table("game_table") as batch_op:
        batch_op.alter_column("creator_id", existing_type=sa.Integer(), nullable=True)


def downgrade() -> None:
    bind = op.get_bind()
    orphaned = bind.execute(
        sa.text("SELECT COUNT(*) FROM game_table WHERE creator_id IS NULL")
    ).scalar_one()
    if orphaned:
        # Tables whose creator was pruned get a stand-in creator, as 0001 needs one.
        now = datetime.now(UTC)
        bind.execute(
            sa.text(
                "INSERT INTO user_account (name, name_key, created_at, last_seen_at)"
                " VALUES ('Former guest', :key, :now, :now)"
            ),
            {"key": FORMER_GUEST_KEY, "now": now},
        )
        stand_in = bind.execute(
            sa.text("SELECT id FROM user_account WHERE name_key = :key"), {"key": FORMER_GUEST_KEY}
        ).scalar_one()
        bind.execute(
            sa.text("UPDATE game_table SET creator_id = :id WHERE creator_id IS NULL"),
            {"id": stand_in},
        )
    with op.batch_alter_table("game_table") as batch_op:
        batch_op.alter_column("creator_id", existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table(
        "user_account", recreate="always" if _on_sqlite() else "auto"
    ) as batch_op:
        batch_op.drop_column("last_seen_at")
