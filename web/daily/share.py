"""The share card: how a daily attempt went, one coloured square per turn, and the
percentage — nothing of the deal (no tile, no place, no colour).

Built on the server by replaying the game's events (the browser only shows and
copies it). A turn is everything a player does until the turn passes: drawing
keeps it. Each turn is one square:

- 🟩 a good play: in a game judged by points, one that scored its daily rule's
  ``good_points`` or more; in a game judged by turns, a tile laid without drawing first;
- 🟨 any other play;
- ⬜ drew and could not play;
- 🟥 passed without drawing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import Any

from ..games import game_kind
from .deal import DAILY_GAMES, daily_rule

SQUARES = {"high": "🟩", "played": "🟨", "drew": "⬜", "passed": "🟥"}
ROW = 10
"""Squares per line of the card."""
CARD_NAMES = {game: daily_rule(game).card_name for game in DAILY_GAMES}
"""Each game as the card names it (its kind's daily rule says it): short, and the same
in every language (a card is pasted anywhere)."""


def turn_marks(
    game: str, setup: Mapping[str, Any], actions: Iterable[Mapping[str, Any]]
) -> list[str]:
    """The game replayed from its deal: one mark (a key of :data:`SQUARES`) per turn of
    the solo player."""
    kind = game_kind(game)
    good_points = daily_rule(game).good_points
    live = kind.restore(setup)
    marks: list[str] = []
    drew = False
    for stored in actions:
        applied = live.apply(0, kind.stored_action(stored))
        kind_of = stored.get("action")
        if kind_of == "draw":
            drew = True
        if not applied.turn_changed and not applied.finished:
            continue
        if kind_of == "play":
            points = applied.public.get("points")
            if good_points is not None and isinstance(points, int):
                marks.append("high" if points >= good_points else "played")
            else:
                marks.append("played" if drew else "high")
        elif kind_of in ("pass", "draw"):
            marks.append("drew" if drew else "passed")
        drew = False
    return marks


def card_text(game: str, day: date, percent: int | None, marks: Sequence[str]) -> str:
    """``Chromino daily 2026-12-01: 94 %`` and the squares, :data:`ROW` to a line."""
    shown = "…" if percent is None else f"{percent} %"
    lines = [f"{CARD_NAMES[game]} daily {day.isoformat()}: {shown}"]
    squares = [SQUARES[mark] for mark in marks]
    lines += ["".join(squares[start : start + ROW]) for start in range(0, len(squares), ROW)]
    return "\n".join(lines) + "\n"
