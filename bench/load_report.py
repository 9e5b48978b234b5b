"""The printed figures of the load runs: one line per figure with its target and ratio,
in the format of the engine benchmarks, and the comparison of one process with two.
Printing is kept apart from measuring so that a run's figures can be read or shown
without running again.
"""

from __future__ import annotations

import statistics

from .load_figures import IdleFigures, LoadResult
from .load_plan import PRELUDE_MOVES, SEATS

PEER = "boardgame.io"
"""The framework most open-source online board games are built on (Node.js, socket.io),
measured under this load's shape on this kind of machine: its figures are printed beside
ours as anchors."""
PEER_CPU_PER_MOVE = "1.11 ms in memory, 2.70 ms saving each move"
PEER_IDLE_SOCKET = "10.3-13.3 KiB"
PEER_BYTES_PER_MOVE = "1,597 B, growing"


def line(
    label: str, value: str, target: str, ok: bool, ratio: float, *, anchor: str | None = None
) -> None:
    """One figure, in the format of the engine benchmarks; ``anchor``: the peer's figure."""
    verdict = "ok" if ok else "MISSED"
    peer = f"   ({PEER}: {anchor})" if anchor else ""
    print(f"{label:58} {value:>14}   target {target:>10}   ratio {ratio:6.2f}  {verdict}{peer}")


def info(label: str, value: str) -> None:
    """A figure with no target."""
    print(f"{label:58} {value:>14}")


def report(result: LoadResult, interval: float = 1.0, p99_target: float = 0.1) -> None:
    """Print the figures, one per line, like the engine benchmarks."""
    _heading(result, interval)
    _traffic(result, interval, p99_target)
    _sizes(result)
    _errors(result)
    if result.idle is not None:
        _report_idle(result.idle)


def _heading(result: LoadResult, interval: float) -> None:
    """What was run: the games, their set-up, and where the CPU went."""
    lag99 = result.percentile(result.client_lag, 0.99)
    active = result.games * SEATS
    print(
        f"Load (one uvicorn process on a SQLite file; clients on one asyncio loop; loopback; "
        f"{result.games} four-player games, a move per game every ~{interval:g} s, "
        f"{result.seconds:.0f} s measured)"
    )
    print(
        f"  set-up: {active} guests and {result.games} tables over HTTP in "
        f"{result.setup_seconds:.1f} s, {active} sockets opened in "
        f"{result.connect_seconds:.1f} s; games played forward 0-{PRELUDE_MOVES - 1} moves "
        f"each in {result.prelude_seconds:.1f} s so they end at different times; "
        f"{result.rematches} finished games replaced by their rematch"
    )
    print(
        f"  CPU: server {result.server_cpu:.0%} of a core, clients {result.client_cpu:.0%}, "
        f"everything else on the machine {result.others_cpu:.0%} ({result.cores} cores); "
        f"client loop lag p99 {lag99 * 1e3:.1f} ms"
    )


def _traffic(result: LoadResult, interval: float, p99_target: float) -> None:
    """The sockets held, the moves delivered, their latency and the server's CPU."""
    p50 = result.percentile(result.latencies, 0.50)
    p99 = result.percentile(result.latencies, 0.99)
    own50 = result.percentile(result.own_latencies, 0.50)
    own99 = result.percentile(result.own_latencies, 0.99)
    sockets = result.games * SEATS + (result.idle.sockets if result.idle else 0)
    line(
        f"websocket connections open at once (fewest: {result.min_connections})",
        f"{result.max_connections}",
        f">= {sockets}",
        result.max_connections >= sockets,
        result.max_connections / sockets,
    )
    rate_target = 0.9 * result.games / interval
    line(
        "moves applied and delivered to all 4 viewers",
        f"{result.moves_per_second:.0f}/s",
        f">= {rate_target:.0f}/s",
        result.moves_per_second >= rate_target,
        result.moves_per_second / rate_target,
    )
    info("move latency p50: send -> last of the game's 4 viewers has it", f"{p50 * 1e3:.1f} ms")
    line(
        "move latency p99: send -> last of the game's 4 viewers has it",
        f"{p99 * 1e3:.1f} ms",
        f"<= {p99_target * 1e3:.0f} ms",
        p99 <= p99_target,
        p99_target / p99 if p99 else float("inf"),
    )
    info("sender's own event, p50 / p99", f"{own50 * 1e3:.1f}/{own99 * 1e3:.1f} ms")
    cpu = result.cpu_per_move
    line(
        "server CPU per move (delivered to 4 viewers)",
        f"{cpu * 1e3:.2f} ms",
        "<= 1.2 ms",
        cpu <= 0.0012,
        0.0012 / cpu if cpu else float("inf"),
        anchor=PEER_CPU_PER_MOVE,
    )


def _sizes(result: LoadResult) -> None:
    """What a move weighs on the wire, and whether it grows as the game does."""
    size = statistics.median(result.event_bytes) if result.event_bytes else float("nan")
    line(
        "bytes per move per viewer, median (event JSON, uncompressed)",
        f"{size:.0f} B",
        "<= 300 B",
        size <= 300,
        300 / size if size else float("inf"),
        anchor=PEER_BYTES_PER_MOVE,
    )
    early, late = (
        statistics.median(result.bytes_at[v]) if result.bytes_at.get(v) else float("nan")
        for v in (2, 40)
    )
    line(
        "the 40th move's event against the 2nd's (medians over viewers)",
        f"{late:.0f} / {early:.0f} B",
        "+ <= 64 B",
        late <= early + 64,
        (early + 64) / late if late else float("inf"),
    )


def _errors(result: LoadResult) -> None:
    """How many things went wrong, and the first few of them."""
    line(
        "errors (refused commands, lost events, dropped sockets)",
        f"{len(result.errors)}",
        "0",
        not result.errors,
        1.0 if not result.errors else 0.0,
    )
    for error in result.errors[:5]:
        print(f"    {error}")


def _report_idle(idle: IdleFigures) -> None:
    print(
        f"  idle: {idle.games} more four-player tables of the same four guests in "
        f"{idle.setup_seconds:.1f} s, their {idle.sockets} sockets open all along; server "
        f"RSS {idle.rss_before / 2**20:.0f} MiB before them, {idle.rss_after / 2**20:.0f} MiB "
        f"with them"
    )
    gib = idle.rss_end / 2**30
    line("server RSS at the end of the run", f"{gib:.2f} GiB", "< 1.5 GB", gib < 1.5, 1.5 / gib)
    kib = idle.per_socket / 1024
    line(
        "memory per idle socket (its share of its game's room included)",
        f"{kib:.1f} KiB",
        "<= 16 KiB",
        kib <= 16,
        16 / kib if kib else float("inf"),
        anchor=PEER_IDLE_SOCKET,
    )


def report_processes(results: list[tuple[str, LoadResult]]) -> None:
    """Throughput, CPU per move and latency of each run, against the single process."""
    base = results[0][1].moves_per_second
    games = results[0][1].games
    print(
        f"Several processes ({games} four-player games moving as fast as they are delivered; "
        f"clients on one asyncio loop; {results[0][1].cores} cores in all)"
    )
    for index, (label, result) in enumerate(results):
        rate = result.moves_per_second
        p99 = result.percentile(result.latencies, 0.99)
        ratio = rate / base if base else 0.0
        figures = (
            f"{rate:.0f} moves/s, x{ratio:.2f}, {result.cpu_per_move * 1e3:.2f} ms CPU/move, "
            f"p99 {p99 * 1e3:.0f} ms, server {result.server_cpu:.0%} "
            f"clients {result.client_cpu:.0%}, errors {len(result.errors)}"
        )
        if index == 1:
            line(label, f"x{ratio:.2f}", ">= x1.6", ratio >= 1.6, ratio / 1.6)
        print(f"    {label}: {figures}")
        for error in result.errors[:3]:
            print(f"      {error}")
