"""Which deal is today's: derived from the UTC date and the game alone.

The seed is a documented string (docs/daily.md), dealt with the game's solo options:
every server running this version deals the same tiles in the same order for the
same date, whatever its tables, users or settings."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from ..games import GAMES, DailyRule, game_kind

DAILY_GAMES = tuple(name for name, kind in GAMES.items() if kind.daily is not None)
"""The games with a daily deal (their kind says how it is scored), in the registry's
order, which the page follows."""
SEED_VERSION = 1
"""Part of the seed: a future change of how the deal is made changes it, so two
versions never claim to deal the same deal while dealing different ones."""


def daily_rule(game: str) -> DailyRule:
    """How ``game``'s daily deal is scored (ValueError for a game with none)."""
    rule = game_kind(game).daily
    if rule is None:
        raise ValueError(f"{game} has no daily deal")
    return rule


def daily_seed(game: str, day: date) -> str:
    """The exact seed of ``game``'s deal of ``day``: ``daily/1/chromino/2026-12-01``."""
    return f"daily/{SEED_VERSION}/{game}/{day.isoformat()}"


def deal_day(now: datetime) -> date:
    """The daily deal's date at ``now``: the UTC date, the same for everyone."""
    return now.astimezone(UTC).date()


def daily_options(game: str) -> dict[str, Any]:
    """The options of the daily deal: the game's defaults for a solo game (what
    ``web.lobby.start_solo`` deals with when no option is given)."""
    kind = game_kind(game)
    options: dict[str, Any] = kind.options_model.model_validate(
        dict(kind.solo_defaults)
    ).model_dump()
    return options


def daily_setup(game: str, day: date, player: str) -> dict[str, Any]:
    """The deal as the engine deals it (the reference's game and the tests use it)."""
    return game_kind(game).deal([player], daily_seed(game, day), daily_options(game))
