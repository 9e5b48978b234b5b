"""The tables ``python -m bench.rating_models`` prints (docs/ratings.md shows them), and
whether web/ratings/ publishes what the run measured. Each table is a string of
Markdown, built from the figures alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from web.ratings import anchors as published
from web.ratings import model, scale

from .hard_anchor import HardAnchor
from .rating_anchors import (
    ANCHOR_BOTS,
    SEARCH_64,
    Anchor,
    fixed_anchors,
    measure_anchors,
    measure_hard,
    published_anchors,
    shown,
)
from .rating_candidates import MU, Candidate
from .rating_comparison import BOOTSTRAP, Comparison, GridPoint
from .rating_newcomers import NEWCOMER_GAMES, climb, newcomer


def comparison_table(comparison: Comparison) -> str:
    lines = [
        "| model | parameters | validation log-loss | held-out log-loss (95 % CI) "
        "| minus chosen (95 % CI) | top pick won | joint-winner property |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in sorted(comparison.rows, key=lambda row: row.held_out):
        mark = " (chosen)" if row.candidate == comparison.chosen else ""
        difference, low, high = row.difference
        lines.append(
            f"| {row.candidate.family}{mark} | {row.candidate.label} | {row.validation:.4f} "
            f"| {row.held_out:.4f} ({row.interval[0]:.4f} to {row.interval[1]:.4f}) "
            f"| {difference:+.4f} ({low:+.4f} to {high:+.4f}) | {row.hits:.1%} "
            f"| {'-' if row.candidate.family == 'uniform' else row.verdict.text} |"
        )
    return "\n".join(lines)


def per_pool_table(comparison: Comparison) -> str:
    pools = list(comparison.rows[0].per_pool)
    lines = [
        "| model | " + " | ".join(pools) + " |",
        "| --- |" + " --- |" * len(pools),
    ]
    for row in sorted(comparison.rows, key=lambda row: row.held_out):
        cells = " | ".join(f"{row.per_pool[pool]:.4f}" for pool in pools)
        lines.append(f"| {row.candidate.family} | {cells} |")
    return "\n".join(lines)


def own_parameters_table(comparison: Comparison) -> str:
    lines = [
        "| pool | its own best parameters | held-out log-loss, own | held-out, shared |",
        "| --- | --- | --- | --- |",
    ]
    for pool, (own, own_loss, shared_loss) in comparison.per_pool_choice.items():
        lines.append(f"| {pool} | {own.label} | {own_loss:.4f} | {shared_loss:.4f} |")
    return "\n".join(lines)


def surface_table(comparison: Comparison, part: str = "validation") -> str:
    """The chosen family's log-loss on ``part`` of the games over its grid, at the
    chosen tau: beta down, the starting sigma across."""
    tau = dict(comparison.chosen.params)["tau"]
    points = [point for point in comparison.surface if _param(point, "tau") == tau]
    sigmas = sorted({_param(point, "sigma") for point in points})
    lines = [
        "| beta | " + " | ".join(f"sigma {sigma:.4g}" for sigma in sigmas) + " |",
        "| --- |" + " --- |" * len(sigmas),
    ]
    for beta in sorted({_param(point, "beta") for point in points}):
        row = sorted(
            (point for point in points if _param(point, "beta") == beta),
            key=lambda point: _param(point, "sigma"),
        )
        cells = " | ".join(f"{getattr(point, part.replace('-', '_')):.4f}" for point in row)
        lines.append(f"| {beta:.4g} | {cells} |")
    return "\n".join(lines)


def tau_effect(comparison: Comparison) -> float:
    """How much tau changes the chosen family's validation log-loss at the chosen beta
    and sigma (the most minus the least over the taus tried)."""
    chosen = dict(comparison.chosen.params)
    losses = [
        point.validation
        for point in comparison.surface
        if (_param(point, "beta"), _param(point, "sigma")) == (chosen["beta"], chosen["sigma"])
    ]
    return max(losses) - min(losses)


def sigma_table(
    comparison: Comparison,
    games: Sequence[dict[str, Any]],
    hard_games: Sequence[dict[str, Any]],
    bootstrap: int = BOOTSTRAP,
) -> str:
    """Each starting sigma at its best beta and tau: the held-out log-loss, and what a
    new player feels in standard Chromino, the bots measured again with those
    parameters: the number shown after 1, 5 and 10 wins in a row against Medium, and
    how many games a player as strong as Hard needs against Medium (:func:`climb`)."""
    counts = ", ".join(map(str, NEWCOMER_GAMES))
    lines = [
        "| starting sigma | its best beta, tau | validation log-loss "
        "| held-out log-loss (95 % CI) | minus chosen (95 % CI) "
        f"| Chromino: Medium shows; a newcomer after {counts} wins "
        "| games to within 100 of Hard: median (slowest tenth) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in comparison.by_sigma:
        params = dict(row.candidate.params)
        anchors = measure_anchors(row.candidate, games)
        medium = fixed_anchors(anchors)["chromino"][ANCHOR_BOTS["greedy"]]
        hard = _pool_anchor(measure_hard(row.candidate, anchors, hard_games, bootstrap=bootstrap))
        path = newcomer(row.candidate, medium, won=True)
        moved = ", ".join(str(shown(path[n - 1][0], params["beta"])) for n in NEWCOMER_GAMES)
        median, slow = climb(row.candidate, medium, hard)
        difference, low, high = row.difference
        mark = " (chosen)" if row.candidate == comparison.chosen else ""
        lines.append(
            f"| {params['sigma']:.4g}{mark} | {params['beta']:.4g}, {params['tau']:.4g} "
            f"| {row.validation:.4f} "
            f"| {row.held_out:.4f} ({row.interval[0]:.4f} to {row.interval[1]:.4f}) "
            f"| {difference:+.4f} ({low:+.4f} to {high:+.4f}) "
            f"| {shown(medium.mu, params['beta'])}; {moved} | {median:g} ({slow}) |"
        )
    return "\n".join(lines)


def _pool_anchor(hard: Sequence[HardAnchor], pool: str = "chromino") -> HardAnchor:
    return next(anchor for anchor in hard if anchor.pool == pool)


def _param(point: GridPoint, name: str) -> float:
    value: float = dict(point.candidate.params)[name]
    return value


def published_table(anchors: Sequence[Anchor], hard: Sequence[HardAnchor], beta: float) -> str:
    """The published anchors, mu ± sigma and the number shown; the 64-iteration search
    as rated over the bot games, for comparison."""
    lines = [
        "| pool | Easy (random) | Medium (greedy) | Hard (strong, 600 iterations) "
        "| the search at 64 iterations |",
        "| --- | --- | --- | --- | --- |",
    ]
    found = {(anchor.pool, anchor.strength): anchor for anchor in anchors}
    for pool, bots in published_anchors(anchors, hard).items():
        cells = [f"{mu:.1f} ± {sigma:.1f} ({shown(mu, beta)})" for mu, sigma in bots.values()]
        search = found.get((pool, SEARCH_64))
        if search is not None:
            cells.append(f"{search.mu:.1f} ± {search.sigma:.1f} ({shown(search.mu, beta)})")
        lines.append(f"| {pool} | {' | '.join(cells)} |")
    return "\n".join(lines)


def hard_table(hard: Sequence[HardAnchor], beta: float) -> str:
    lines = [
        "| pool | strength | games | pairs with Easy (its share) | pairs with Medium "
        "(its share) | mu (95 % CI) | sigma: bootstrap, curvature | shown |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for anchor in hard:
        meetings = " | ".join(f"{m.pairs} ({m.won:.1%})" for m in anchor.meetings)
        low, high = anchor.interval
        lines.append(
            f"| {anchor.pool} | {anchor.strength} | {anchor.games} | {meetings} "
            f"| {anchor.mu:.1f} ({low:.1f} to {high:.1f}) "
            f"| {anchor.sigma:.1f}, {anchor.curvature_sigma:.1f} | {shown(anchor.mu, beta)} |"
        )
    return "\n".join(lines)


def anchors_table(anchors: Sequence[Anchor]) -> str:
    lines = [
        "| pool | strength | seats | mu (mean of copies) | spread of copies | final sigma |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for anchor in anchors:
        lines.append(
            f"| {anchor.pool} | {anchor.strength} | {anchor.games} | {anchor.mu:.2f} "
            f"| {anchor.spread:.2f} | {anchor.sigma:.2f} |"
        )
    return "\n".join(lines)


def newcomer_table(chosen: Candidate, anchors: Sequence[Anchor]) -> str:
    """The number a new player shows after 1, 5 and 10 wins, or losses, against Medium."""
    beta = dict(chosen.params)["beta"]
    counts = ", ".join(map(str, NEWCOMER_GAMES))
    lines = [
        f"| pool | Medium shows | after {counts} wins | after {counts} losses "
        "| sigma after 10 wins |",
        "| --- | --- | --- | --- | --- |",
    ]
    for pool, fixed in fixed_anchors(anchors).items():
        medium = fixed[ANCHOR_BOTS["greedy"]]
        wins, losses = (newcomer(chosen, medium, won) for won in (True, False))
        after_wins = ", ".join(str(shown(wins[n - 1][0], beta)) for n in NEWCOMER_GAMES)
        after_losses = ", ".join(str(shown(losses[n - 1][0], beta)) for n in NEWCOMER_GAMES)
        lines.append(
            f"| {pool} | {shown(medium.mu, beta)} | {after_wins} | {after_losses} "
            f"| {wins[-1][1]:.1f} |"
        )
    return "\n".join(lines)


def published_verdict(
    chosen: Candidate, anchors: Sequence[Anchor], hard: Sequence[HardAnchor]
) -> str:
    """Whether web/ratings/ publishes this run's choice, anchors and scale."""
    params = dict(chosen.params)
    wanted = {"mu": MU, **params}
    model_matches = model.MODEL.__name__ == chosen.family and wanted == model.PARAMETERS
    measured = published_anchors(anchors, hard)
    anchors_match = {
        pool: {bot: (skill.mu, skill.sigma) for bot, skill in bots.items()}
        for pool, bots in published.ANCHORS.items()
    } == measured
    scale_matches = 200 / params["beta"] == scale.PER_MU
    return (
        f"web/ratings/model.py {'is' if model_matches else 'is NOT'} this choice; "
        f"web/ratings/anchors.py {'holds' if anchors_match else 'does NOT hold'} these "
        f"anchors; web/ratings/scale.py {'shows' if scale_matches else 'does NOT show'} "
        "200 points per beta."
    )
