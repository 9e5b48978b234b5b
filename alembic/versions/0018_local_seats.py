"""pass-and-play: several local seats of one person at one table

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-05 10:45:00

Issue 23. Pass-and-play on one device (local seats).
"""

from collections.abc import Sequence

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Nothing yet: the tables come with the feature."""


def downgrade() -> None:
    """Nothing yet."""
