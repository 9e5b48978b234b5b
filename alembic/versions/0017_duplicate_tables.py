"""duplicate tables: every seat plays the same deal on its own board

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-05 10:45:00

Issue 23. Duplicate tables (web.duplicate).
"""

from collections.abc import Sequence

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Nothing yet: the tables come with the feature."""


def downgrade() -> None:
    """Nothing yet."""
