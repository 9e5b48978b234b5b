"""The bots' fixed ratings, one per pool: the same on every server running this
version, so that two servers' numbers mean the same thing.

They were measured once, from the 6,000 seeded bot-against-bot games of
``bench/rating_games.py``, by ``python -m bench.rating_models`` (docs/ratings.md
gives the run and the method): the chosen model rates each pool's games in order;
a bot's ``mu`` is the mean final mu of the four copies of its strength, its
``sigma`` their mean final sigma (how sure the model is of one copy after its
500-odd games), both rounded to a tenth. A bot's rating never changes after a game.

Easy is the ``random`` bot and Medium the ``greedy`` one, exactly as on the server.
Hard is the ``strong`` search, measured at 64 iterations a move: the server's Hard
searches for a second (about 600 iterations) and is stronger than that. At 64
iterations it places below Medium in the two scored pools (expert Chromino and
Triominos), and so does its published rating there; docs/ratings.md says more.
"""

from __future__ import annotations

from typing import Final

from .model import Skill

ANCHORS: Final[dict[str, dict[str, Skill]]] = {
    "chromino": {
        "random": Skill(13.5, 6.2),
        "greedy": Skill(21.9, 6.1),
        "strong": Skill(40.1, 7.3),
    },
    "chromino-expert": {
        "random": Skill(-43.3, 6.5),
        "greedy": Skill(55.4, 6.2),
        "strong": Skill(40.6, 7.4),
    },
    "chromino-junior": {
        "random": Skill(20.6, 6.3),
        "greedy": Skill(24.1, 6.1),
        "strong": Skill(32.4, 7.3),
    },
    "triominos": {
        "random": Skill(15.1, 7.5),
        "greedy": Skill(32.1, 7.4),
        "strong": Skill(28.0, 8.0),
    },
}
"""Pool -> bot -> its fixed rating, as ``python -m bench.rating_models`` prints them."""


def bot_skill(pool: str, bot: str) -> Skill:
    """A bot's fixed rating in a pool; KeyError names an unknown pool or bot."""
    return ANCHORS[pool][bot]
