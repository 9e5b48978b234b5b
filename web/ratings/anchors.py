"""The bots' fixed ratings, one per pool: the same on every server running this
version, so that two servers' numbers mean the same thing.

They were measured once by ``python -m bench.rating_models`` (docs/ratings.md gives
the runs and the method), and rounded to a tenth. A bot's rating never changes
after a game.

Easy (the ``random`` bot) and Medium (``greedy``), exactly as on the server: the
chosen model rates each pool's 1,500 games of ``bench/data/rating-games.jsonl`` in
order; a bot's ``mu`` is the mean final mu of the four copies of its strength, its
``sigma`` their mean final sigma (how sure the model is of one copy).

Hard (``strong``) is the server's search, measured at 600 iterations a move (what
its second buys here) from the 200 games per pool of
``bench/data/hard-anchor-games.jsonl`` against Easy and Medium at the ratings
above: ``mu`` is the most likely under the model's pairwise comparison, ``sigma``
the width of its bootstrap 95 % interval over 2 x 1.96 (bench/hard_anchor.py).
It is above Medium in every pool; in Triominos only just (the interval reaches
Medium's rating).
"""

from __future__ import annotations

from typing import Final

from ..games import GAMES
from .model import Skill
from .pools import base_pool

ANCHORS: Final[dict[str, dict[str, Skill]]] = {
    pool: {bot: Skill(*rating) for bot, rating in bots.items()}
    for kind in GAMES.values()
    for pool, bots in kind.rating_anchors.items()
}
"""Pool -> bot -> its fixed rating, as ``python -m bench.rating_models`` prints them; each
game's adapter holds its pools' (``web/games/<game>.py``)."""


def bot_skill(pool: str, bot: str) -> Skill:
    """A bot's fixed rating in a pool; KeyError names an unknown pool or bot."""
    return ANCHORS[base_pool(pool)][bot]
