"""whether a person picked their name (guests start with a drawn one)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30 18:00:00

Accounts already there count as named when they have a password or a name other
than the drawn "Guest 123456".
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("user_account") as batch:
        batch.add_column(
            sa.Column("name_chosen", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    users = sa.table(
        "user_account",
        sa.column("name", sa.String()),
        sa.column("password_hash", sa.String()),
        sa.column("name_chosen", sa.Boolean()),
    )
    op.execute(
        users.update()
        .where(sa.or_(users.c.password_hash.is_not(None), ~users.c.name.like("Guest %")))
        .values(name_chosen=True)
    )


def downgrade() -> None:
    with op.batch_alter_table("user_account") as batch:
        batch.drop_column("name_chosen")
