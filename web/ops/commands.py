"""What each of the server's ``chromino`` commands does: serve, the database's
migrations, backups and restores, and the host's tools (``admin …``).

Each command takes the parsed arguments and the settings and returns the exit
status; :mod:`web.ops.cli` parses the line, picks the command and turns the errors
they raise (:class:`~web.ops.admin.AdminError`, a database that cannot be reached)
into a one-line message.
"""

from __future__ import annotations

import argparse
import logging.config

from .. import logs
from ..db import Database
from ..ratings import rebuild
from ..settings import Settings
from ..site import server_config
from . import admin, backups, staff
from .migrate import upgrade

EXIT_FAILED = 1
"""The status of a command that could not do what was asked."""


def serve(args: argparse.Namespace, settings: Settings) -> int:
    """Apply the migrations, then serve the app with uvicorn."""
    import uvicorn

    config = logs.log_config(settings.log_format, settings.log_level)
    logging.config.dictConfig(config)
    upgrade(settings.database_url)
    server = server_config(
        "web.app:create_app",
        settings,
        factory=True,
        host=args.host or settings.host,
        port=args.port or settings.port,
        log_config=config,
        log_level=settings.log_level,
    )
    uvicorn.Server(server).run()
    return 0


def db_upgrade(args: argparse.Namespace, settings: Settings) -> int:
    upgrade(settings.database_url)
    print(f"the database at {_shown(settings.database_url)} is up to date")
    return 0


def db_backup(args: argparse.Namespace, settings: Settings) -> int:
    report = backups.backup(settings.database_url, args.file, force=args.force)
    print(f"backed up {_shown(settings.database_url)} to {report.path}: {_contents(report)}")
    return 0


def db_restore(args: argparse.Namespace, settings: Settings) -> int:
    report = backups.restore(args.file, settings.database_url, force=args.force)
    upgrade(settings.database_url)
    print(f"restored {report.path} into {_shown(settings.database_url)}: {_contents(report)}")
    return 0


def admin_prune_guests(args: argparse.Namespace, settings: Settings) -> int:
    database = Database(settings.database_url)
    try:
        pruned = admin.prune_guests(database, args.days, dry_run=args.dry_run)
    finally:
        database.dispose()
    verb = "would prune" if args.dry_run else "pruned"
    print(f"{verb} {len(pruned)} guest account(s) unseen for {args.days} day(s)")
    return 0


def admin_stuck_games(args: argparse.Namespace, settings: Settings) -> int:
    database = Database(settings.database_url)
    try:
        stuck = admin.stuck_games(database, args.hours)
    finally:
        database.dispose()
    if not stuck:
        print(f"no game in progress has been idle for more than {args.hours:g} hour(s)")
        return 0
    print(f"{'game':14} {'moves':>5} {'idle (h)':>8}  last activity (UTC)        players")
    for game in stuck:
        idle = game.idle.total_seconds() / 3600
        moment = game.last_activity.isoformat(timespec="seconds")
        print(
            f"{game.game_id:14} {game.version:5} {idle:8.1f}  {moment:26} {', '.join(game.players)}"
        )
    return 0


def admin_end_game(args: argparse.Namespace, settings: Settings) -> int:
    database = Database(settings.database_url)
    try:
        result = admin.end_game(database, args.game_id, args.reason)
    finally:
        database.dispose()
    scores = ", ".join(str(score) for score in result["scores"])
    print(f"game {args.game_id} ended ({args.reason}); scores as they stood: {scores}")
    return 0


def admin_reports(args: argparse.Namespace, settings: Settings) -> int:
    database = Database(settings.database_url)
    try:
        if args.handled is not None:
            admin.handle_report(database, args.handled)
            print(f"report {args.handled} marked as handled")
            return 0
        reports = admin.chat_reports(database, handled=args.all)
    finally:
        database.dispose()
    if not reports:
        print("no chat line is waiting for a look")
        return 0
    for report in reports:
        moment = report.at.isoformat(timespec="seconds")
        print(f"#{report.report_id} {moment} game {report.game_id} line {report.seq}")
        print(f"    {report.author}: {report.said}")
        print(f"    reported by {report.reporter}: {report.reason or '(no reason given)'}")
    return 0


def admin_create_admin(args: argparse.Namespace, settings: Settings) -> int:
    database = Database(settings.database_url)
    try:
        made = staff.create_admin(database, settings, args.name)
    finally:
        database.dispose()
    if made.created:
        print(f"made the account {made.name!r}, an admin")
    else:
        print(f"{made.name!r} is an admin")
    if made.link is not None:
        print("they choose their password (once, within 24 hours) at:")
        print(f"  {made.link}")
    return 0


def admin_set_role(args: argparse.Namespace, settings: Settings) -> int:
    database = Database(settings.database_url)
    try:
        before = staff.change_role(database, args.name, args.role)
    finally:
        database.dispose()
    print(f"{args.name!r} was {before} and is now {args.role}")
    return 0


def admin_ratings_rebuild(args: argparse.Namespace, settings: Settings) -> int:
    """Replay every rated game; exit 1 when the stored ratings differ and were left as
    they are (a check that scripts can act on), 0 when identical or rewritten."""
    database = Database(settings.database_url)
    try:
        report = rebuild(database, write=args.write)
    finally:
        database.dispose()
    print("\n".join(report.lines()))
    return 0 if report.identical or report.written else EXIT_FAILED


def _shown(database_url: str) -> str:
    """A database URL without its password."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(database_url).render_as_string(hide_password=True)
    except Exception:
        return "(the configured database)"


def _contents(report: backups.BackupReport) -> str:
    return (
        f"{report.size} bytes, schema {report.revision}, {report.users} accounts, "
        f"{report.games} games, {report.events} moves"
    )
