"""Computer players of any tile game: levels, labels, and the random bot.

A bot is a pure function of one seat's view and a random generator: it sees
exactly what a player at the table sees, never another hidden hand or the
bag. Given the same view and the same generator state it always chooses the
same action, so bot games replay. Each game registers its bots by name
(``random``, its ``greedy`` and its ``strong``); the levels a player chooses
from and the names shown for them are the same for every game, so they are
written here once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol, TypeAlias

from .actions import DRAW, PASS, Action


class BotView(Protocol):
    """What the random bot reads of a view."""

    def legal_placements(self) -> list[Any]:
        """Every legal placement for the viewer now."""
        ...

    def can_draw(self) -> bool:
        """Whether a draw would be accepted now."""
        ...


Bot: TypeAlias = Callable[[Any, random.Random], Action[Any]]
"""Anything that picks an action for the viewer of a view."""

BOT_LEVELS: Final[dict[str, str]] = {"easy": "random", "medium": "greedy", "hard": "strong"}
"""The levels a player chooses from, and the bot that plays each."""

BOT_LABELS: Final[dict[str, str]] = {"random": "Easy", "greedy": "Medium", "strong": "Hard"}
"""The name to show for each bot."""


def when_stuck(view: BotView) -> Action[Any]:
    """No play chosen: draw while the rules allow it, else end the turn."""
    return DRAW if view.can_draw() else PASS


def random_bot(view: BotView, rng: random.Random) -> Action[Any]:
    """Lays a uniformly random legal placement; draws or passes only when it cannot."""
    placements = view.legal_placements()
    if placements:
        return Action.play(rng.choice(placements))
    return when_stuck(view)


def find_bot(bots: Mapping[str, Bot], name: str) -> Bot:
    """The bot registered under ``name``; ValueError lists the known ones."""
    try:
        return bots[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(bots))}") from None


def bots_of(greedy: Bot, strong: Bot) -> dict[str, Bot]:
    """A game's bots by name: the shared random bot, the game's greedy and strong ones."""
    return {"random": random_bot, "greedy": greedy, "strong": strong}
