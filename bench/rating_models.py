"""Which rating model, by measurement: ``python -m bench.rating_models``.

It reads the seeded bot games of ``bench/rating_games.py`` and, for every candidate
model and every point of its parameter grid (beta, tau and the starting sigma for the
Weng-Lin models), rates each pool's games in game order, predicting every game before
learning from it. The parameters of each candidate are chosen on the validation games
(40-80 % of each pool's sequence), the model on the same games, and the held-out last
20 % says how good the choice is: the log-loss of the actual winners (-log of the
chance the model gave to the seats that won), with 95 % intervals from a seeded
bootstrap over the held-out games. Every candidate is also checked for the
joint-winner property on a fixed list of finishing orders, and one that fails it
cannot be chosen.

The anchors (web/ratings/anchors.py): Easy's and Medium's are the chosen model's
ratings of them over all the games of each pool; Hard's is measured against those,
from the games of the server's Hard (``bench.rating_games --hard``, read by
``bench/hard_anchor.py``).

The run is deterministic: the same data files print the same tables, digit for
digit. docs/ratings.md shows the output and explains it.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

from .rating_anchors import SEARCH_64, measure_anchors, measure_hard, published_anchors
from .rating_candidates import MU, SIGMAS, WENG_LIN, Candidate, grid, weng_lin
from .rating_comparison import BOOTSTRAP, SEED, compare
from .rating_games import DATA, HARD_DATA, read
from .rating_order import check_order, finishing_orders, rate_once_of
from .rating_tables import (
    anchors_table,
    comparison_table,
    hard_table,
    newcomer_table,
    own_parameters_table,
    per_pool_table,
    published_table,
    published_verdict,
    sigma_table,
    surface_table,
    tau_effect,
)

__all__ = [
    "MU",
    "SIGMAS",
    "WENG_LIN",
    "Candidate",
    "check_order",
    "compare",
    "comparison_table",
    "finishing_orders",
    "grid",
    "main",
    "measure_anchors",
    "measure_hard",
    "published_anchors",
    "rate_once_of",
    "weng_lin",
]
"""This module runs the measurement; its parts live in the ``bench/rating_*.py`` modules,
and these are the names callers and tests reach through it."""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.rating_models", description=__doc__)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--hard-data", type=Path, default=HARD_DATA)
    parser.add_argument("--games", type=int, help="only the first N games (a quick look)")
    parser.add_argument("--bootstrap", type=int, default=BOOTSTRAP)
    parser.add_argument("--seed", default=SEED)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    games = read(args.data)[: args.games]
    comparison = compare(games, bootstrap=args.bootstrap, seed=args.seed)
    chosen = comparison.chosen
    beta, tau = dict(chosen.params)["beta"], dict(chosen.params)["tau"]
    print(f"{len(games)} games, {comparison.held_out_games} held out\n")
    print(comparison_table(comparison), end="\n\n")
    print("Held-out log-loss per pool:\n")
    print(per_pool_table(comparison), end="\n\n")
    for part in ("validation", "burn-in"):
        print(f"{chosen.family}: {part} log-loss over its grid (tau {tau:.4g}):\n")
        print(surface_table(comparison, part), end="\n\n")
    print(
        f"At beta {beta:.4g} and sigma {dict(chosen.params)['sigma']:.4g}, tau changes the "
        f"validation log-loss by at most {tau_effect(comparison):.5f}.\n"
    )
    print(f"{chosen.family} with each starting sigma:\n")
    hard_games = read(args.hard_data)
    print(sigma_table(comparison, games, hard_games, args.bootstrap), end="\n\n")
    print(f"{chosen.family} with each pool's own parameters:\n")
    print(own_parameters_table(comparison), end="\n\n")
    print(f"The bots rated by {chosen.family} ({chosen.label}):\n")
    anchors = measure_anchors(chosen, games)
    print(anchors_table(anchors), end="\n\n")
    hard = measure_hard(chosen, anchors, hard_games, bootstrap=args.bootstrap)
    search = measure_hard(chosen, anchors, games, SEARCH_64, bootstrap=args.bootstrap)
    print("The searches against Easy and Medium at their anchors (pairwise likelihood):\n")
    print(hard_table([*hard, *search], beta), end="\n\n")
    print("Published (web/ratings/anchors.py), mu ± sigma (shown):\n")
    print(published_table(anchors, hard, beta), end="\n\n")
    print("A new player against Medium, two-player games in a row (shown):\n")
    print(newcomer_table(chosen, anchors), end="\n\n")
    print(published_verdict(chosen, anchors, hard), end="\n\n")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
