"""What a load run measured: the figures of its window, the cost of its idle sockets,
and the machine's CPU reading they are taken with. The run fills them in and the report
prints them; neither needs the other's code.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class LoadResult:
    """What one load run measured (times in seconds)."""

    games: int
    setup_seconds: float
    connect_seconds: float
    cores: int
    seconds: float = 0.0
    """Length of the measured window."""
    moves: int = 0
    """Moves sent in the window and delivered to all four viewers."""
    latencies: list[float] = field(default_factory=list)
    """Send → the last of the game's viewers has the event, per measured move."""
    own_latencies: list[float] = field(default_factory=list)
    """Send → the sender has its own event."""
    sent_times: list[float] = field(default_factory=list)
    """When each measured move was sent (``time.perf_counter``), in step with ``latencies``."""
    errors: list[str] = field(default_factory=list)
    client_lag: list[float] = field(default_factory=list)
    """How late the clients' loop woke from each 50 ms sleep."""
    server_cpu: float = 0.0
    """Server CPU time over the window, in cores."""
    client_cpu: float = 0.0
    others_cpu: float = 0.0
    """CPU used by the rest of the machine during the window, in cores."""
    connections: int = 0
    """Sockets open at the end of the window."""
    max_connections: int = 0
    min_connections: int = 0
    """Fewest sockets open during the window (finished games reconnect to their rematch)."""
    prelude_seconds: float = 0.0
    event_bytes: list[int] = field(default_factory=list)
    """The length of each live ``event`` a viewer received in the window (its JSON text,
    before the socket's compression)."""
    bytes_at: dict[int, list[int]] = field(default_factory=dict)
    """Lengths of the events of versions 2 and 40 (every game, every viewer, any time)."""
    rematches: int = 0
    rematch_times: list[float] = field(default_factory=list)
    idle: IdleFigures | None = None
    """With idle games beside the active ones: what their sockets cost."""

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def cpu_per_move(self) -> float:
        """Server CPU seconds (all processes) per move delivered."""
        return self.server_cpu / self.moves_per_second if self.moves else float("nan")

    def percentile(self, values: list[float], fraction: float) -> float:
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@dataclass
class IdleFigures:
    """What the idle games' sockets cost the server."""

    games: int
    sockets: int
    setup_seconds: float
    rss_before: int
    """The server's resident memory (bytes) with only the active games' sockets open."""
    rss_after: int
    """… and with the idle ones open too (their games loaded)."""
    rss_end: int = 0
    """… at the end of the measured window."""

    @property
    def per_socket(self) -> float:
        """Memory per idle socket, its share of its game's room included."""
        return (self.rss_after - self.rss_before) / self.sockets


def machine_busy_seconds() -> float:
    """CPU seconds spent by everything on this machine so far (all cores)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")
