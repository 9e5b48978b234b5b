"""Ratings: a skill estimate per person and pool, changed by every rated game.

- :mod:`.model` — the rating model (Weng-Lin, ``openskill``), chosen by measurement
  (docs/ratings.md, ``bench/rating_models.py``);
- :mod:`.anchors` — the bots' fixed ratings, the same on every server;
- :mod:`.pools` — which pool a game counts in (each game kind names its own; a game with
  a bot account at it counts in its pool's bot pool);
- :mod:`.scale` — the number people see, and when it is still provisional;
- :mod:`.record` — rating the games that end, in the transaction that ends them;
- :mod:`.outcome` — what a finished game did to its players' ratings;
- :mod:`.rebuilding` — ``chromino admin ratings rebuild``: replay every rated game;
- :mod:`.read` — people's ratings as a reader may see them ("hide my rating");
- :mod:`.board` — the leaderboard of each pool (its page: :mod:`.board_routes`).

What the other rooms use is named below; the leaderboard's routes are a controller
that ``web.app`` imports itself, so this face never loads them.
"""

from .model import Skill, rate
from .outcome import game_outcome, outcome_seen_by
from .pools import BOT_POOL_SUFFIX, all_pools, bot_pool, pool_of
from .read import HeldRating, seat_ratings, seat_ratings_of_many, seats_seen_by, seen_by
from .rebuilding import rebuild
from .record import rate_finished
from .scale import PROVISIONAL_GAMES, is_provisional, shown, shown_change

__all__ = [
    "BOT_POOL_SUFFIX",
    "PROVISIONAL_GAMES",
    "HeldRating",
    "Skill",
    "all_pools",
    "bot_pool",
    "game_outcome",
    "is_provisional",
    "outcome_seen_by",
    "pool_of",
    "rate",
    "rate_finished",
    "rebuild",
    "seat_ratings",
    "seat_ratings_of_many",
    "seats_seen_by",
    "seen_by",
    "shown",
    "shown_change",
]
