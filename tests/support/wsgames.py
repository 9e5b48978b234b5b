"""What the websocket checks expect of each game, written apart from the server's code.

The checks in :mod:`wsplay` replay any game's record with its engine (found in
``chromino.GAMES`` by the record's ``format``); only what the protocol shows
differently per game is here, one small function each: how an event and a
``legal`` entry look on the wire, and how a tile's name can stand in a frame (for
the leak check). They are spelled out field by field rather than taken from the
engine's or the server's JSON forms, so a change in either is caught, not copied.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from chromino import GAMES, GameDescriptor
from chromino.core.game import Event
from chromino.games.chromino.tiles import TILES, canonical_name
from chromino.games.triominos.tiles import TILES as TRIOMINOS_TILES
from web.live.screens import said

TILE_WORD = re.compile(r"(?<![A-Za-z])[RYGBPX]{3}(?![A-Za-z])")
"""A Chromino tile's name as a word: three colour letters (in any order, so reversed too)."""
TRIOMINOS_WORD = re.compile(r"(?<!\d)\d{3}(?!\d)")
"""A Triominos tile's name as a word: three digits."""


@dataclass(frozen=True)
class GameChecks:
    """One game's part of the checks; the rest is the same for every game."""

    descriptor: GameDescriptor
    tile_names: Callable[[str, bool], set[str]]
    """The tiles a frame's string names: a whole value, or (True) a message's text."""
    legal_entry: Callable[[Any, Any], dict[str, Any]]
    """One entry of a ``legal`` list, from the live game and one of its legal plays."""
    public_event: Callable[[Any], dict[str, Any]]
    """An event as every viewer is told it (the drawer's own tile is added by the caller)."""


def chromino_tile_names(text: str, message: bool) -> set[str]:
    """A three-letter value, or any colour word in a message, spelled either way round:
    ``YRG`` names the tile ``GRY`` too, so a reversed spelling leaks as much."""
    words = TILE_WORD.findall(text) if message or len(text) == 3 else []
    return {canonical_name(word) for word in words if canonical_name(word) in TILES}


def chromino_legal_entry(game: Any, play: Any) -> dict[str, Any]:
    """A placement with its contacts, and its points only in a game that scores."""
    entry: dict[str, Any] = {**play.placement.to_dict(), "contacts": play.contacts}
    if game.options.scored:
        entry["points"] = play.points
    return entry


def chromino_public_event(event: Any) -> dict[str, Any]:
    """Points only for a play or a timeout, whether a timeout cost a tile, and the hands
    turned face up."""
    data: dict[str, Any] = {"seat": event.seat, **event.action.to_dict()}
    kind = event.action.kind
    if kind in ("play", "timeout"):
        data["points"] = event.points
    if kind == "timeout":
        data["penalty_tile"] = event.drawn is not None
    data["went_out"] = event.went_out
    data["revealed"] = [{"seat": seat, "tile": tile} for seat, tile in event.revealed]
    data["finished"] = event.finished
    return data


def triominos_tile_names(text: str, message: bool) -> set[str]:
    """Names are exact (``210`` is no tile, not a spelling of ``012``): a whole value, or
    any three-digit word of a message."""
    words = TRIOMINOS_WORD.findall(text) if message else [text]
    return {word for word in words if word in TRIOMINOS_TILES}


def triominos_legal_entry(game: Any, play: Any) -> dict[str, Any]:
    """A placement with the points and the figure it would make (every game scores)."""
    figure = None if play.figure is None else play.figure.value
    return {**play.placement.to_dict(), "points": play.points, "figure": figure}


def triominos_public_event(event: Any) -> dict[str, Any]:
    """Every event says its points, figure, whether a tile was taken and what the end added;
    a play that made a figure also names the figure's cells (to outline them)."""
    data: dict[str, Any] = {
        "seat": event.seat,
        **event.action.to_dict(),
        "points": event.points,
        "figure": None if event.figure is None else event.figure.value,
        "took_tile": event.drawn is not None,
        "went_out": event.went_out,
        "end_points": list(event.end_points),
        "finished": event.finished,
        "ended_by": None if event.ended_by is None else event.ended_by.value,
    }
    if event.figure_cells:
        data["figure_cells"] = [list(cell) for cell in event.figure_cells]
    return data


CHECKS: dict[str, GameChecks] = {
    checks.descriptor.name: checks
    for checks in (
        GameChecks(
            descriptor=GAMES["chromino"],
            tile_names=chromino_tile_names,
            legal_entry=chromino_legal_entry,
            public_event=chromino_public_event,
        ),
        GameChecks(
            descriptor=GAMES["triominos"],
            tile_names=triominos_tile_names,
            legal_entry=triominos_legal_entry,
            public_event=triominos_public_event,
        ),
    )
}
"""Every game of the registry, by name (a new game adds its three functions here)."""


def checks_for_record(record: dict[str, Any]) -> GameChecks:
    """The game whose records have this record's ``format``."""
    fmt = record.get("format")
    names = [name for name, game in GAMES.items() if game.record_format == fmt]
    assert names, f"no game in chromino.GAMES writes records of format {fmt!r}"
    return CHECKS[names[0]]


def checks_for_state(state: dict[str, Any]) -> GameChecks:
    """The game a state belongs to: its ``game`` field, or the registry's first game, whose
    views (Chromino's) name no game."""
    return CHECKS[state.get("game", next(iter(GAMES)))]


def event_seen(checks: GameChecks, event: Event[Any], seat: int | None) -> dict[str, Any]:
    """The event as one viewer is told it: the public part, and to the drawer its tile."""
    data = checks.public_event(event)
    if event.drawn is not None and seat == event.seat:
        data["drawn"] = event.drawn
    return said(data)
