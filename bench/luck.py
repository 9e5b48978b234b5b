"""How much duplicate rounds take the luck out: simulated Swiss tournaments between bots
of known strength, played once in plain rounds and once in duplicate rounds.

Each tournament ``t`` (seeded) deals a ladder of strengths (``luck_swiss.ladder``) out to
its entrants at random, then plays the same field twice: in plain rounds and in
duplicate rounds (``luck_swiss.play_tournament``). Two figures say how well the final
standings found the true order:

- how often the strongest entrant finishes first (a shared first place counts ``1/k``);
- Kendall's tau-b between true strength and final place (1: the standings are the true
  order; 0: they know nothing of it).

Each is a mean over the tournaments with its standard error; the difference
(duplicate minus plain) is taken tournament by tournament, over the same fields, so its
error is that of paired differences. A strength check (``luck_play.strength_check``)
first shows that the ladder is a ladder: higher strength, more wins."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from chromino import GAMES, GameDescriptor

from .luck_play import strength_check
from .luck_swiss import Finished, ladder, play_tournament, shuffled_field

ENTRANTS = 16
ROUNDS = 5
TABLE_SIZE = 4
CHECK_STRENGTHS = (0.0, 1 / 3, 2 / 3, 1.0)
"""The strengths of the strength check's table (one table of four)."""


def kendall_tau(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Kendall's tau-b between two paired sequences: concordant minus discordant pairs
    over the geometric mean of the pairs untied in each. Tau-b, not tau-a, because
    standings can share places and a tie should neither agree nor disagree. ValueError
    for sequences of different lengths, or one with every value equal (no order)."""
    if len(xs) != len(ys):
        raise ValueError("tau pairs two sequences of one length")
    agree = 0
    untied_x = untied_y = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            dx = (xs[i] > xs[j]) - (xs[i] < xs[j])
            dy = (ys[i] > ys[j]) - (ys[i] < ys[j])
            agree += dx * dy
            untied_x += dx != 0
            untied_y += dy != 0
    if not untied_x or not untied_y:
        raise ValueError("tau needs an order on both sides")
    return agree / math.sqrt(untied_x * untied_y)


def strongest_first(field: Sequence[float], finished: Finished) -> float:
    """The strongest entrant's share of first place: 1 alone, ``1/k`` shared by ``k``,
    0 below."""
    strongest = max(range(len(field)), key=field.__getitem__)
    firsts = [row.entrant for row in finished.rows if row.place == 1]
    return 1 / len(firsts) if strongest in firsts else 0.0


def order_found(field: Sequence[float], finished: Finished) -> float:
    """Kendall's tau-b between true strength and final standing (place 1 highest)."""
    place = {row.entrant: row.place for row in finished.rows}
    return kendall_tau(list(field), [-place[entrant] for entrant in range(len(field))])


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over tournaments and its standard error."""

    mean: float
    error: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The mean of ``values`` and its standard error (stdev over root n)."""
        if len(values) < 2:
            return cls(statistics.fmean(values) if values else 0.0, math.nan)
        return cls(statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values)))


@dataclass(frozen=True, slots=True)
class Measurement:
    """What the tournaments of one game came to, plain against duplicate."""

    game: str
    tournaments: int
    games: int
    seconds: float
    cpu_seconds: float
    first_plain: Estimate
    first_duplicate: Estimate
    first_gain: Estimate
    tau_plain: Estimate
    tau_duplicate: Estimate
    tau_gain: Estimate


def measure(game: GameDescriptor, tournaments: int, seed: int = 1) -> Measurement:
    """Play ``tournaments`` fields, each in plain and in duplicate rounds, and compare."""
    started = time.perf_counter()
    cpu_started = time.process_time()
    firsts: tuple[list[float], list[float]] = ([], [])
    taus: tuple[list[float], list[float]] = ([], [])
    games = 0
    for number in range(tournaments):
        tournament_seed = seed * 100_000 + number
        field = shuffled_field(ladder(ENTRANTS), tournament_seed)
        for kind, duplicate in enumerate((False, True)):
            finished = play_tournament(
                game, field, ROUNDS, TABLE_SIZE, tournament_seed, duplicate=duplicate
            )
            games += len(finished.results)
            firsts[kind].append(strongest_first(field, finished))
            taus[kind].append(order_found(field, finished))
    return Measurement(
        game=game.name,
        tournaments=tournaments,
        games=games,
        seconds=time.perf_counter() - started,
        cpu_seconds=time.process_time() - cpu_started,
        first_plain=Estimate.of(firsts[0]),
        first_duplicate=Estimate.of(firsts[1]),
        first_gain=Estimate.of([d - p for p, d in zip(*firsts, strict=True)]),
        tau_plain=Estimate.of(taus[0]),
        tau_duplicate=Estimate.of(taus[1]),
        tau_gain=Estimate.of([d - p for p, d in zip(*taus, strict=True)]),
    )


def _figure(label: str, value: str) -> None:
    print(f"{label:58} {value:>14}")


def _percent(estimate: Estimate, sign: str = "") -> str:
    return f"{estimate.mean * 100:{sign}.1f} ± {estimate.error * 100:.1f}%"


def _tau(estimate: Estimate, sign: str = "") -> str:
    return f"{estimate.mean:{sign}.3f} ± {estimate.error:.3f}"


def _report_game(game: GameDescriptor, tournaments: int, check_deals: int) -> None:
    started = time.perf_counter()
    shares = strength_check(game, CHECK_STRENGTHS, check_deals, f"check:{game.name}")
    strengths = ", ".join(f"{p:.2f}" for p in CHECK_STRENGTHS)
    wins = " ".join(f"{share * 100:.0f}%" for share in shares)
    _figure(f"{game.name}: wins at one table, p = {strengths}", wins)
    check_seconds = time.perf_counter() - started
    _figure(
        f"  ({check_deals * len(CHECK_STRENGTHS)} games, rotated seats)", f"{check_seconds:.1f} s"
    )
    found = measure(game, tournaments)
    _figure(f"{game.name}: strongest first, plain (± s.e.)", _percent(found.first_plain))
    _figure(f"{game.name}: strongest first, duplicate", _percent(found.first_duplicate))
    _figure(f"{game.name}: strongest first, duplicate minus plain", _percent(found.first_gain, "+"))
    _figure(f"{game.name}: Kendall tau strength/standings, plain", _tau(found.tau_plain))
    _figure(f"{game.name}: Kendall tau, duplicate", _tau(found.tau_duplicate))
    _figure(f"{game.name}: Kendall tau, duplicate minus plain", _tau(found.tau_gain, "+"))
    _figure(
        f"  ({found.tournaments} tournaments of each kind, {found.games:,} games,"
        f" {found.cpu_seconds:.0f} s CPU)",
        f"{found.seconds:.1f} s",
    )


def report(tournaments: int, check_deals: int) -> None:
    """The stage of ``python -m bench``: a heading, then each game's figures."""
    print(
        f"Luck (Swiss of {ENTRANTS} strength bots p = 0..1, {ROUNDS} rounds at tables of"
        f" {TABLE_SIZE}: plain vs duplicate)"
    )
    for game in GAMES.values():
        _report_game(game, tournaments, check_deals)
