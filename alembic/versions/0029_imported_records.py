"""imported records: a game brought in from its record, owned by who imported it

Revision ID: 0029
Revises: 0027
Create Date: 2026-12-07 07:00:00

A game typed in from a board, or brought from another server, is stored as a finished
game marked imported, readable by its importer alone. Games played here stay
unmarked.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0029"
down_revision: str | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(
            sa.Column("imported", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("imported_by", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            op.f("fk_game_imported_by_user_account"), "user_account", ["imported_by"], ["id"]
        )
        batch.create_index(op.f("ix_game_imported_by"), ["imported_by"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.drop_index(op.f("ix_game_imported_by"))
        batch.drop_constraint(op.f("fk_game_imported_by_user_account"), type_="foreignkey")
        batch.drop_column("imported_by")
        batch.drop_column("imported")
