"""Chromino's computer players: the shared random bot, its greedy bot and its strong bot.

A bot sees exactly what a player at the table sees (:class:`View`), and is
repeatable from the same view and generator state (:mod:`chromino.core.bots`).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Final

from ...core.actions import Action
from ...core.bots import BOT_LABELS, BOT_LEVELS, Bot, bots_of, find_bot, random_bot, when_stuck
from .placement import Placement
from .strong import StrongBot
from .tiles import TILES
from .view import Play, View

__all__ = ["BOTS", "BOT_LABELS", "BOT_LEVELS", "Bot", "bot_named", "greedy_bot", "random_bot"]


def greedy_bot(view: View, rng: random.Random) -> Action[Placement]:
    """Lays the play that scores most (in a scoring game) or makes most contacts.

    Chameleons are kept for hard spots: one is laid only when no regular tile
    fits, or when the hand holds no more regular tiles than chameleons (a
    chameleon left alone in hand can never be played). Ties go to the tile
    hardest to place later (most colours), then to chance.
    """
    plays = view.legal_plays()
    if not plays:
        return when_stuck(view)
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


BOTS: Final[dict[str, Bot]] = bots_of(greedy_bot, StrongBot())
"""Chromino's bots by name. ``strong`` searches for one second a move."""
bot_named: Final = partial(find_bot, BOTS)
