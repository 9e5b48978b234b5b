"""Apply the Alembic migrations (``chromino db upgrade``), from code rather than an ini file."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from .. import paths
from ..puzzles import stock_shipped


def alembic_config(database_url: str) -> Config:
    """An Alembic configuration pointing at this project's migrations and the given database."""
    config = Config()
    config.set_main_option("script_location", str(paths.migrations()))
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return config


def upgrade(database_url: str, revision: str = "head") -> None:
    """Bring the database up to ``revision``; at the head, stock the puzzle shelf with
    the shipped puzzles it lacks (a new release may ship more)."""
    command.upgrade(alembic_config(database_url), revision)
    if revision == "head":
        stock_shipped(database_url)


def downgrade(database_url: str, revision: str) -> None:
    """Take the database down to ``revision`` (``base`` empties it)."""
    command.downgrade(alembic_config(database_url), revision)
