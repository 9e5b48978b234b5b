"""How much duplicate rounds take the luck out: simulated Swiss tournaments between bots
of known strength, played in plain rounds, in duplicate rounds and in a control.

Each tournament ``t`` (seeded) deals a ladder of strengths (``luck_swiss.ladder``, bots
from ``luck_play.strength_bot``) out to its entrants at random, then plays the same field
three times with the same seeds (``luck_swiss.play_tournament``): in plain rounds, in
duplicate rounds, and as the control, scored as duplicate rounds but each table dealt its
own hands. The control tells how much of duplicate rounds' gain comes from the shared
deal and how much from comparing scores across tables at all. That is done for each game
and each table size. Two figures say how well the final standings found the true order
(``luck_figures``): how often the strongest entrant finishes first, and Kendall's tau-b
between true strength and final place. Each is a mean over the tournaments with its 95 %
bootstrap interval; differences are taken tournament by tournament, over the same
fields, so their intervals are those of paired differences.

Two checks come first, at a table of two, with Wilson intervals: head-to-head games
(``luck_play.strength_check``), the strongest bot against weaker rungs of the ladder, to
show that the gaps are real and how large they are; and replayed deals
(``luck_play.deal_repeats``), to show how far a deal decides a game at all.

The tournaments are independent, so they are shared among the machine's cores; each
one's figures depend on its seeds alone, so the figures do not depend on how many."""

from __future__ import annotations

import math
import os
import resource
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from chromino import GAMES

from .luck_figures import Interval, order_found, strongest_first
from .luck_play import DAWDLE_RANGE, deal_repeats, strength_check
from .luck_swiss import ladder, play_tournament, shuffled_field

ENTRANTS = 16
ROUNDS = 5
TABLE_SIZES = (2, 4)
CHECK_STRENGTHS = (1 - 1 / (ENTRANTS - 1), 2 / 3, 1 / 3, 0.0)
"""The rungs played head to head against the strongest (strength 1): its neighbour on
the ladder, two rungs between, and the weakest."""
REPEAT_STRENGTHS = (1.0, 0.5)
"""The strengths whose deals are replayed, to see how far the deal decides a game: the
greedy bot, and a middling one that dawdles 0.3 of its decisions."""
REPLAYS_PER_CHECK = 3
"""Deals replayed per head-to-head deal: a replayed deal gives one yes or no where a
head-to-head deal gives two games, and 300 of them keep the interval to about ±6 points."""
SEED = 1


@dataclass(frozen=True, slots=True)
class TournamentFigures:
    """One field's three tournaments (plain, duplicate, control) as the figures read them."""

    first_plain: float
    first_duplicate: float
    tau_plain: float
    tau_duplicate: float
    tau_control: float
    games: int


def one_field(
    task: tuple[str, int, int], entrants: int = ENTRANTS, rounds: int = ROUNDS
) -> TournamentFigures:
    """Tournament ``number`` of a game at a table size: its field played in plain rounds,
    in duplicate rounds and in the control, from the same seeds. A task is plain data, so
    it crosses to a worker process as it is."""
    game_name, table_size, number = task
    game = GAMES[game_name]
    seed = SEED * 100_000 + number
    field = shuffled_field(ladder(entrants), seed)
    plain, duplicate, control = (
        play_tournament(game, field, rounds, table_size, seed, duplicate=kind, shared_deal=shared)
        for kind, shared in ((False, True), (True, True), (True, False))
    )
    return TournamentFigures(
        first_plain=strongest_first(field, plain.rows),
        first_duplicate=strongest_first(field, duplicate.rows),
        tau_plain=order_found(field, plain.rows),
        tau_duplicate=order_found(field, duplicate.rows),
        tau_control=order_found(field, control.rows),
        games=len(plain.results) + len(duplicate.results) + len(control.results),
    )


def head_to_head(task: tuple[str, float, int]) -> float:
    """The strongest bot's share of the wins against strength ``p`` at a table of two,
    over ``deals`` deals each played with both seatings."""
    game_name, p, deals = task
    shares = strength_check(GAMES[game_name], (1.0, p), deals, f"check:{game_name}:{p:.4f}")
    return shares[0]


def replayed(task: tuple[str, float, int]) -> float:
    """The share of ``deals`` deals whose winner's seat repeats when played again by two
    bots of strength ``p`` (``luck_play.deal_repeats``)."""
    game_name, p, deals = task
    return deal_repeats(GAMES[game_name], p, deals, f"repeat:{game_name}:{p:.4f}")


@dataclass(frozen=True, slots=True)
class Measurement:
    """What the tournaments of one game at one table size came to, plain against
    duplicate."""

    game: str
    table_size: int
    tournaments: int
    games: int
    first_plain: Interval
    first_duplicate: Interval
    first_gain: Interval
    tau_plain: Interval
    tau_duplicate: Interval
    tau_gain: Interval
    tau_control: Interval
    tau_deal: Interval


def summarise(game: str, table_size: int, fields: Sequence[TournamentFigures]) -> Measurement:
    """The means and intervals of one game's tournaments at one table size."""
    seed = f"{game}:{table_size}"

    def interval(values: list[float]) -> Interval:
        return Interval.bootstrap(values, seed)

    return Measurement(
        game=game,
        table_size=table_size,
        tournaments=len(fields),
        games=sum(field.games for field in fields),
        first_plain=interval([f.first_plain for f in fields]),
        first_duplicate=interval([f.first_duplicate for f in fields]),
        first_gain=interval([f.first_duplicate - f.first_plain for f in fields]),
        tau_plain=interval([f.tau_plain for f in fields]),
        tau_duplicate=interval([f.tau_duplicate for f in fields]),
        tau_gain=interval([f.tau_duplicate - f.tau_plain for f in fields]),
        tau_control=interval([f.tau_control for f in fields]),
        tau_deal=interval([f.tau_duplicate - f.tau_control for f in fields]),
    )


def measure(
    pool: ProcessPoolExecutor, tournaments: int, games: Sequence[str] = tuple(GAMES)
) -> list[Measurement]:
    """Every game at every table size, ``tournaments`` fields each, shared by the pool."""
    configs = [(game, size) for game in games for size in TABLE_SIZES]
    tasks = [(game, size, number) for game, size in configs for number in range(tournaments)]
    figures = list(pool.map(one_field, tasks))
    return [
        summarise(game, size, figures[index * tournaments : (index + 1) * tournaments])
        for index, (game, size) in enumerate(configs)
    ]


def _figure(label: str, value: str) -> None:
    print(f"{label:58} {value:>24}")


def _percent(interval: Interval, sign: str = "") -> str:
    mean = f"{interval.mean * 100:{sign}.1f}%"
    if math.isnan(interval.low):
        return mean
    return f"{mean} [{interval.low * 100:{sign}.1f}, {interval.high * 100:{sign}.1f}]"


def _tau(interval: Interval, sign: str = "") -> str:
    mean = f"{interval.mean:{sign}.3f}"
    if math.isnan(interval.low):
        return mean
    return f"{mean} [{interval.low:{sign}.3f}, {interval.high:{sign}.3f}]"


def _report_checks(pool: ProcessPoolExecutor, deals: int) -> None:
    """The head-to-head games (the strongest's win rate against each checked rung), then
    the replayed deals (how far a deal decides a game, at two strengths)."""
    tasks = [(game, p, deals) for game in GAMES for p in CHECK_STRENGTHS]
    for (game, p, _), share in zip(tasks, pool.map(head_to_head, tasks), strict=True):
        dawdle = DAWDLE_RANGE * (1 - p)
        rate = Interval.wilson(share * 2 * deals, 2 * deals)
        _figure(f"{game}: greedy wins against p = {p:.2f} (dawdles {dawdle:.2f})", _percent(rate))
    _figure(f"  ({2 * deals} games a pair, both seatings of each deal)", "")
    replays = REPLAYS_PER_CHECK * deals
    tasks = [(game, p, replays) for game in GAMES for p in REPEAT_STRENGTHS]
    for (game, p, _), share in zip(tasks, pool.map(replayed, tasks), strict=True):
        rate = Interval.wilson(share * replays, replays)
        _figure(f"{game}: a deal replayed at p = {p:.2f} has the same winner", _percent(rate))
    _figure(f"  ({replays} deals each played twice at a table of two; chance: 50%)", "")


def _report_measurement(found: Measurement) -> None:
    name = f"{found.game}, tables of {found.table_size}"
    _figure(f"{name}: strongest first, plain", _percent(found.first_plain))
    _figure(f"{name}: strongest first, duplicate", _percent(found.first_duplicate))
    _figure(f"{name}: strongest first, duplicate minus plain", _percent(found.first_gain, "+"))
    _figure(f"{name}: Kendall tau strength/place, plain", _tau(found.tau_plain))
    _figure(f"{name}: Kendall tau, duplicate", _tau(found.tau_duplicate))
    _figure(f"{name}: Kendall tau, duplicate minus plain", _tau(found.tau_gain, "+"))
    _figure(f"{name}: Kendall tau, control (own deals)", _tau(found.tau_control))
    _figure(f"{name}: Kendall tau, duplicate minus control", _tau(found.tau_deal, "+"))
    fields = f"{found.tournaments} field{'s' if found.tournaments != 1 else ''}"
    _figure(f"  ({fields}, each played three ways, {found.games:,} games)", "")


def _children_cpu() -> float:
    """CPU seconds of every finished child process so far (the pool's, once it is shut)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


def report(tournaments: int, check_deals: int, workers: int | None = None) -> None:
    """The stage of ``python -m bench``: a heading, the head-to-head games, then each
    game's tournaments at each table size, and the time it all took."""
    workers = workers or os.cpu_count() or 1
    print(
        f"Luck (Swiss of {ENTRANTS} strength bots, greedy dawdling 0 to {DAWDLE_RANGE}, {ROUNDS}"
        f" rounds at tables of {' and '.join(map(str, TABLE_SIZES))}: plain vs duplicate vs"
        " a control scored as duplicate on its own deals; 95% intervals)"
    )
    started, cpu_before = time.perf_counter(), _children_cpu()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        _report_checks(pool, check_deals)
        for found in measure(pool, tournaments):
            _report_measurement(found)
    _figure(
        f"  (on {workers} processes, {_children_cpu() - cpu_before:.0f} s CPU)",
        f"{time.perf_counter() - started:.1f} s",
    )
