"""Ratings: a skill estimate per person and pool, changed by every rated game.

- :mod:`.model` — the rating model (Weng-Lin, ``openskill``), chosen by measurement
  (docs/ratings.md, ``bench/rating_models.py``);
- :mod:`.anchors` — the bots' fixed ratings, the same on every server;
- :mod:`.pools` — which pool a game counts in (each game kind names its own);
- :mod:`.scale` — the number people see, and when it is still provisional.
"""
