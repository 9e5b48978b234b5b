"""Ratings: a skill estimate per person and pool, changed by every rated game.

- :mod:`.model` — the rating model (Weng-Lin, ``openskill``), chosen by measurement
  (docs/ratings.md, ``bench/rating_models.py``);
- :mod:`.anchors` — the bots' fixed ratings, the same on every server;
- :mod:`.pools` — which pool a game counts in (each game kind names its own);
- :mod:`.scale` — the number people see, and when it is still provisional;
- :mod:`.record` — rating the games that end, in the transaction that ends them;
- :mod:`.rebuild` — ``chromino admin ratings rebuild``: replay every rated game;
- :mod:`.read` — people's ratings as a reader may see them ("hide my rating");
- :mod:`.board`, :mod:`.board_routes` — the leaderboard of each pool;
- :mod:`.profile`, :mod:`.chart`, :mod:`.profile_routes` — a person's profile page.
"""
