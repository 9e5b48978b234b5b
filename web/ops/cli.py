"""The ``chromino`` command: its line parsed here, the server's commands in
:mod:`web.ops.commands`, the engine's in ``chromino.cli``.

``serve``, ``db …`` and ``admin …`` need the web stack and are handled here;
every other command (``replay``, ``moves``, ``selfplay``) goes to the engine's
command line, which runs on the standard library alone. Bad input and a
database that cannot be reached end in a one-line message and a non-zero
status, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeAlias

from alembic.util.exc import CommandError
from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError

from chromino.cli import main as engine_main

from ..paths import AssetsMissingError
from ..settings import Settings
from . import admin
from .commands import (
    EXIT_FAILED,
    admin_create_admin,
    admin_end_game,
    admin_prune_guests,
    admin_ratings_rebuild,
    admin_reports,
    admin_set_role,
    admin_stuck_games,
    db_backup,
    db_restore,
    db_upgrade,
    serve,
)

WEB_COMMANDS = ("serve", "db", "admin")
ENGINE_COMMANDS = {
    "replay": "replay chromino-game/1 records, one per line",
    "moves": "legal placements of chromino-position/1 lines",
    "selfplay": "play bot games and summarise them",
    "verify-deal": "check a round's committed deals",
    "puzzles": "find proven puzzles in bot games, or prove a file of them again",
}
EXIT_BAD_INPUT = 2

Command = Callable[[argparse.Namespace, Settings], int]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments and arguments[0] in ENGINE_COMMANDS:
        return engine_main(arguments)
    args = _parser().parse_args(arguments)
    try:
        settings = _settings(args)
    except ValidationError as error:
        for problem in error.errors():
            field = "_".join(str(part) for part in problem["loc"]).upper()
            message = str(problem["msg"]).removeprefix("Value error, ")
            where = f"CHROMINO_{field}: " if field else ""
            print(f"chromino: bad configuration: {where}{message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    command: Command = args.run
    try:
        return command(args, settings)
    except admin.AdminError as error:
        print(f"chromino: {error}", file=sys.stderr)
    except AssetsMissingError as error:
        print(f"chromino: {error}", file=sys.stderr)
    except CommandError as error:
        print(f"chromino: migrations: {error}", file=sys.stderr)
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        print(f"chromino: database error: {reason}", file=sys.stderr)
    return EXIT_FAILED


def _settings(args: argparse.Namespace) -> Settings:
    database_url = getattr(args, "database_url", None)
    return Settings(database_url=database_url) if database_url else Settings()


# --- the parser ---------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chromino",
        description="Chromino online: the server, its database, a host's tools, and the engine.",
        epilog="Settings come from CHROMINO_* variables (or .env); see docs/hosting.md.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve_cmd = commands.add_parser("serve", help="migrate the database and serve the web app")
    serve_cmd.add_argument("--host", help="address to listen on (default from CHROMINO_HOST)")
    serve_cmd.add_argument(
        "--port", type=_port, help="port to listen on (default from CHROMINO_PORT)"
    )
    serve_cmd.set_defaults(run=serve)

    database_option = argparse.ArgumentParser(add_help=False)
    database_option.add_argument(
        "--database-url", help="the database to work on (default: CHROMINO_DATABASE_URL)"
    )

    _database_commands(commands, database_option)
    _admin_commands(commands, database_option)
    for name, summary in ENGINE_COMMANDS.items():  # handled by chromino.cli; listed for --help
        commands.add_parser(name, help=f"{summary} (chromino {name} --help)", add_help=False)
    return parser


Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""A level of subcommands, as argparse hands it out."""


def _database_commands(commands: Commands, database_option: argparse.ArgumentParser) -> None:
    """``chromino db``: migrations, backups and restores."""
    database = commands.add_parser("db", help="migrations, backups and restores")
    db_commands = database.add_subparsers(dest="action", required=True, metavar="ACTION")
    db_commands.add_parser(
        "upgrade", parents=[database_option], help="apply every migration"
    ).set_defaults(run=db_upgrade)
    backup_cmd = db_commands.add_parser(
        "backup",
        parents=[database_option],
        help="copy a SQLite database while the server runs (PostgreSQL: prints pg_dump's use)",
    )
    backup_cmd.add_argument("file", type=Path, help="where to write the backup")
    backup_cmd.add_argument("--force", action="store_true", help="overwrite an existing file")
    backup_cmd.set_defaults(run=db_backup)
    restore_cmd = db_commands.add_parser(
        "restore",
        parents=[database_option],
        help="copy a backup into a new or empty database, then migrate it (server stopped)",
    )
    restore_cmd.add_argument("file", type=Path, help="a backup made by 'chromino db backup'")
    restore_cmd.add_argument(
        "--force", action="store_true", help="replace a database that already holds data"
    )
    restore_cmd.set_defaults(run=db_restore)


def _admin_commands(commands: Commands, database_option: argparse.ArgumentParser) -> None:
    """``chromino admin``: the host's tools, each level its own function."""
    tools = commands.add_parser(
        "admin", help="a host's tools: admins, guests, stuck games, reports, ratings"
    )
    admin_commands = tools.add_subparsers(dest="action", required=True, metavar="ACTION")
    _game_tools(admin_commands, database_option)
    _staff_tools(admin_commands, database_option)
    _rating_tools(admin_commands, database_option)


def _game_tools(admin_commands: Commands, database_option: argparse.ArgumentParser) -> None:
    """Guests, stuck games, ending a game and chat reports."""
    prune = admin_commands.add_parser(
        "prune-guests",
        parents=[database_option],
        help="delete guest accounts unseen for N days (their finished games stay)",
    )
    prune.add_argument("--days", type=_positive, required=True, help="days unseen (1 or more)")
    prune.add_argument("--dry-run", action="store_true", help="count them, change nothing")
    prune.set_defaults(run=admin_prune_guests)
    stuck = admin_commands.add_parser(
        "stuck-games", parents=[database_option], help="games in progress with no recent move"
    )
    stuck.add_argument(
        "--hours", type=_positive_hours, default=24.0, help="idle for more than this (24)"
    )
    stuck.set_defaults(run=admin_stuck_games)
    end = admin_commands.add_parser(
        "end-game", parents=[database_option], help="end a game in progress; nobody wins"
    )
    end.add_argument("game_id", help="the game's id (as in /g/ID)")
    end.add_argument("--reason", default="ended by the host", help="stored with the result")
    end.set_defaults(run=admin_end_game)
    reports = admin_commands.add_parser(
        "reports", parents=[database_option], help="chat lines players reported"
    )
    reports.add_argument("--all", action="store_true", help="the handled ones too")
    reports.add_argument(
        "--handled", type=_positive, metavar="ID", help="mark report ID as dealt with"
    )
    reports.set_defaults(run=admin_reports)


def _staff_tools(admin_commands: Commands, database_option: argparse.ArgumentParser) -> None:
    """Admins and roles."""
    create_admin = admin_commands.add_parser(
        "create-admin",
        parents=[database_option],
        help="make an account an admin (a new one: prints a link to choose its password)",
    )
    create_admin.add_argument("name", help="the account's name")
    create_admin.set_defaults(run=admin_create_admin)
    set_role = admin_commands.add_parser(
        "set-role", parents=[database_option], help="make an account a member, moderator or admin"
    )
    set_role.add_argument("name", help="the account's name")
    set_role.add_argument("role", choices=("member", "moderator", "admin"))
    set_role.set_defaults(run=admin_set_role)


def _rating_tools(admin_commands: Commands, database_option: argparse.ArgumentParser) -> None:
    """The players' ratings, replayed."""
    ratings = admin_commands.add_parser("ratings", help="the players' ratings")
    rating_commands = ratings.add_subparsers(dest="ratings_action", required=True, metavar="ACTION")
    rebuild_cmd = rating_commands.add_parser(
        "rebuild",
        parents=[database_option],
        help="replay every rated game in order and compare with the stored ratings",
        description=(
            "Replay every rated game, in the order it was applied, from new ratings; "
            "print whether the stored ratings and their history are identical, or how "
            "they differ. Changes nothing unless --write is given. Safe while the server "
            "runs."
        ),
    )
    rebuild_cmd.add_argument(
        "--write",
        action="store_true",
        help="replace the stored ratings and their history with the replayed ones",
    )
    rebuild_cmd.set_defaults(run=admin_ratings_rebuild)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def _positive_hours(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} is not more than 0")
    return value


def _port(text: str) -> int:
    value = _positive(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port (1 to 65535)")
    return value
