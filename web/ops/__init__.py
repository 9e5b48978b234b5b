"""A host's tools: the ``chromino`` command (:mod:`web.ops.cli`, its entry point), the
migrations runner, backups and restores, and the tasks on people and games a host
runs from the command or from the admin page (pruning guests, stuck games, reports,
ending a game).

What the other rooms use: the admin page's routes (web.club.admin) call the tasks and
backups named here, and ``python -m web`` runs :func:`main`; nothing below the top
floor imports ops, and ops calls none of the club's modules back.
"""

from .admin import (
    AdminError,
    ReportedLine,
    StuckGame,
    chat_reports,
    end_game,
    end_game_in,
    handle_report,
    prune_guests,
    stuck_games,
)
from .backups import BackupReport, backup, describe_backup, restore, sqlite_path
from .cli import main

__all__ = [
    "AdminError",
    "BackupReport",
    "ReportedLine",
    "StuckGame",
    "backup",
    "chat_reports",
    "describe_backup",
    "end_game",
    "end_game_in",
    "handle_report",
    "main",
    "prune_guests",
    "restore",
    "sqlite_path",
    "stuck_games",
]
