"""The published formats: which game a document's ``format`` names, and the schemas.

A format is ``<game>-game/<major>`` or ``<game>-position/<major>`` (docs/records.md).
The games are asked for their formats (the engine's registry), so nothing here names
one; a document of a known family but another major version is refused with the
version this server reads, never read as if it were that one.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from chromino import GAMES as ENGINE_GAMES
from chromino.core.descriptor import GameDescriptor
from chromino.core.record_schemas import shipped_schemas

from ..i18n import N_, Words
from .errors import RecordError


@cache
def schemas() -> dict[str, dict[str, Any]]:
    """Every schema the games ship, by format name (read once: they are data)."""
    return shipped_schemas(ENGINE_GAMES.values())


def schema_named(format_name: str) -> dict[str, Any] | None:
    """The schema of one format and version, None for a format no game writes."""
    return schemas().get(format_name)


def _family(format_name: str) -> str:
    return format_name.rpartition("/")[0]


def record_game(document: object) -> GameDescriptor:
    """The game whose record ``document`` says it is; a refusal naming ``format``
    for anything else: no format, a position, an unknown game, another version."""
    found = document.get("format") if isinstance(document, dict) else None
    if not isinstance(found, str):
        raise RecordError(
            422, "invalid_record", Words(N_("a record names its format")), field="format"
        )
    for game in ENGINE_GAMES.values():
        if found == game.record_format:
            return game
        if _family(found) == _family(game.record_format):
            words = Words(
                N_("{found} is a version this server cannot read; it reads {known}"),
                found=found,
                known=game.record_format,
            )
            raise RecordError(422, "unknown_version", words, field="format")
        if found == game.position_format:
            words = Words(N_("{found} is a position, not a game record"), found=found)
            raise RecordError(422, "not_a_record", words, field="format")
    known = ", ".join(game.record_format for game in ENGINE_GAMES.values())
    words = Words(N_("unknown format {found}; known: {known}"), found=found[:60], known=known)
    raise RecordError(422, "unknown_format", words, field="format")
