"""one browser, one guest: the visitor key a guest account was made from

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06 02:00:00

A visitor carries a random key in the signed cookie from their first look. The
guest account made at their first action keeps its digest, so a second first
action from the same browser at the same moment (two tabs, a double click) finds
that account rather than making another.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("user_account") as batch:
        batch.add_column(sa.Column("visitor_key", sa.String(length=64), nullable=True))
        batch.create_unique_constraint("uq_user_account_visitor_key", ["visitor_key"])


def downgrade() -> None:
    with op.batch_alter_table("user_account") as batch:
        batch.drop_constraint("uq_user_account_visitor_key", type_="unique")
        batch.drop_column("visitor_key")
