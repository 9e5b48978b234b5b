"""Computer players: pure functions of one seat's view and a random generator.

A bot sees exactly what a player at the table sees (:class:`~chromino.view.View`):
never another hidden hand or the bag. Given the same view and the same
generator state it always chooses the same action, so bot games replay.

New bots register in :data:`BOTS`; the server and the command line find
them there by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, TypeAlias

from .actions import DRAW, PASS, Action
from .strong import StrongBot
from .tiles import TILES
from .view import Play, View

Bot: TypeAlias = Callable[[View, random.Random], Action]
"""Anything that picks an action for the viewer of a view."""


def _when_stuck(view: View) -> Action:
    """No play chosen: draw while the rules allow it, else end the turn."""
    return DRAW if view.can_draw() else PASS


def random_bot(view: View, rng: random.Random) -> Action:
    """Lays a uniformly random legal placement; draws or passes only when it cannot."""
    placements = view.legal_placements()
    if placements:
        return Action.play(rng.choice(placements))
    return _when_stuck(view)


def greedy_bot(view: View, rng: random.Random) -> Action:
    """Lays the play that scores most (in a scoring game) or makes most contacts.

    Chameleons are kept for hard spots: one is laid only when no regular tile
    fits, or when the hand holds no more regular tiles than chameleons (a
    chameleon left alone in hand can never be played). Ties go to the tile
    hardest to place later (most colours), then to chance.
    """
    plays = view.legal_plays()
    if not plays:
        return _when_stuck(view)
    pool = _greedy_pool(view, plays)
    best = max(_greedy_value(play) for play in pool)
    choices = [play for play in pool if _greedy_value(play) == best]
    return Action.play(rng.choice(choices).placement)


def _greedy_pool(view: View, plays: list[Play]) -> list[Play]:
    """The plays greedy chooses among: regular tiles first, chameleons when due."""
    chameleon_plays = [play for play in plays if TILES[play.placement.tile].is_chameleon]
    regular_plays = [play for play in plays if not TILES[play.placement.tile].is_chameleon]
    chameleons_in_hand = sum(1 for name in view.hand if TILES[name].is_chameleon)
    chameleon_due = len(view.hand) - chameleons_in_hand <= chameleons_in_hand
    if chameleon_plays and (chameleon_due or not regular_plays):
        return chameleon_plays
    return regular_plays


def _greedy_value(play: Play) -> tuple[int, int, int]:
    return (play.points, play.contacts, TILES[play.placement.tile].segment_worth)


BOTS: Final[dict[str, Bot]] = {
    "random": random_bot,
    "greedy": greedy_bot,
    "strong": StrongBot(),
}
"""Bots by name. ``strong`` searches for one second a move (:mod:`chromino.strong`)."""

BOT_LEVELS: Final[dict[str, str]] = {"easy": "random", "medium": "greedy", "hard": "strong"}
"""The levels a player chooses from, and the bot that plays each."""

BOT_LABELS: Final[dict[str, str]] = {"random": "Easy", "greedy": "Medium", "strong": "Hard"}
"""The name to show for each bot."""


def bot_named(name: str) -> Bot:
    """The bot registered under ``name``; ValueError lists the known ones."""
    try:
        return BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None
