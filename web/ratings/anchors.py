"""The bots' fixed ratings, one per pool: the same on every server running this
version, so that two servers' numbers mean the same thing.

They were measured once, from the seeded bot-against-bot games of
``bench/rating_games.py`` (docs/ratings.md gives the run and the method); a bot's
rating never changes after a game. Easy is the ``random`` bot, Medium the
``greedy`` one and Hard the ``strong`` search.
"""

from __future__ import annotations

from typing import Final

from .model import Skill

ANCHORS: Final[dict[str, dict[str, Skill]]] = {
    pool: {
        "random": Skill(20.0, 1.0),
        "greedy": Skill(25.0, 1.0),
        "strong": Skill(28.0, 1.0),
    }
    for pool in ("chromino", "chromino-expert", "chromino-junior", "triominos")
}
"""Pool → bot → its fixed rating. PLACEHOLDER until the measurement is in."""


def bot_skill(pool: str, bot: str) -> Skill:
    """A bot's fixed rating in a pool; KeyError names an unknown pool or bot."""
    return ANCHORS[pool][bot]
