"""Alembic environment: the URL comes from the caller's config or the app settings."""

from __future__ import annotations

from alembic import context

from web.db import make_engine
from web.models import Base
from web.settings import get_settings

config = context.config
url = config.get_main_option("sqlalchemy.url") or get_settings().database_url


def run_offline() -> None:
    """Emit SQL without a connection."""
    context.configure(url=url, target_metadata=Base.metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Apply migrations over a real connection (batch mode lets SQLite alter tables)."""
    engine = make_engine(url)
    with engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
