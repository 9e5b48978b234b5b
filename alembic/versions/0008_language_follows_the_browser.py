"""the language preference may follow the browser (null), as it does for everyone who
never chose one

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-30 20:00:00

Until now every account was given English; that value is taken for "never chosen"
(the language menu was not offered before), so those accounts now follow their
browser's Accept-Language.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("preference") as batch:
        batch.alter_column("language", existing_type=sa.String(length=10), nullable=True)
    op.execute("UPDATE preference SET language = NULL WHERE language = 'en'")


def downgrade() -> None:
    op.execute("UPDATE preference SET language = 'en' WHERE language IS NULL")
    op.execute("UPDATE preference SET language = 'en' WHERE language IN ('ru', 'ja')")
    with op.batch_alter_table("preference") as batch:
        batch.alter_column("language", existing_type=sa.String(length=10), nullable=False)
