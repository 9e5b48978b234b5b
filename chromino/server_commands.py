"""``chromino serve`` and ``chromino db upgrade``: the only commands that need the web stack.

Kept apart so the engine's own commands run on the standard library alone.
"""

from __future__ import annotations

import argparse
import sys


def run_server_command(args: argparse.Namespace) -> int:
    """Apply migrations, and for ``serve`` start uvicorn with the app factory."""
    try:
        import uvicorn

        from web.migrate import upgrade
        from web.serving import server_config
        from web.settings import get_settings
    except ImportError as error:  # pragma: no cover - depends on the installation
        print(f"chromino: the web server is not installed ({error.name})", file=sys.stderr)
        return 1
    try:
        settings = get_settings()
    except ValueError as error:
        print(f"chromino: bad configuration: {error}", file=sys.stderr)
        return 2
    upgrade(settings.database_url)
    if args.command == "db":
        print(f"database at {settings.database_url} is up to date")
        return 0
    config = server_config(
        "web.app:create_app",
        settings,
        factory=True,
        host=args.host or settings.host,
        port=args.port or settings.port,
    )
    uvicorn.Server(config).run()
    return 0
