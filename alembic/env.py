"""Alembic environment: the URL comes from the caller's config or the app settings."""

from __future__ import annotations

from alembic import context

from web.db import make_engine
from web.models import Base
from web.settings import get_settings

config = context.config
MIGRATION_LOCK = 0x43_68_72_6F  # "Chro": the advisory lock key of migrations on PostgreSQL
url = config.get_main_option("sqlalchemy.url") or get_settings().database_url


def run_offline() -> None:
    """Emit SQL without a connection."""
    context.configure(url=url, target_metadata=Base.metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Apply migrations over a real connection (batch mode lets SQLite alter tables).

    On SQLite, batch mode rebuilds a table (copy, drop, rename): foreign keys are
    off meanwhile, or dropping a table that others point at would fail (or delete
    rows). The pragma only takes outside a transaction, so it goes straight to the
    driver before the migration's transaction begins; what the migrations leave is
    checked with ``PRAGMA foreign_key_check`` before the commit.
    """
    engine = make_engine(url)
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            driver = connection.connection.driver_connection
            assert driver is not None
            driver.execute("PRAGMA foreign_keys=OFF")
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=sqlite,
        )
        with context.begin_transaction():
            if connection.dialect.name == "postgresql":
                # Processes starting together migrate one after the other: the
                # second waits here, then finds the database at head.
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            context.run_migrations()
            if sqlite:
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise RuntimeError(f"the migration broke foreign keys: {broken[:5]}")
    engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
