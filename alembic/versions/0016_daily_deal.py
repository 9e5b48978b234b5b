"""the daily deal: one Chromino and one Triominos deal a day, attempts, the Hard bot's reference results

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-05 10:45:00

Issue 23. The daily deal (web.daily).
"""

from collections.abc import Sequence

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Nothing yet: the tables come with the feature."""


def downgrade() -> None:
    """Nothing yet."""
