"""``GET /metrics``: the server's figures in Prometheus's text format.

Served only when ``CHROMINO_METRICS=true`` (a 404 otherwise). The hub and the
websocket call the small hooks below; the gauges (live games, open sockets) are
read from the hub when the page is asked for. Every process has its own figures:
with several processes, Prometheus scrapes each one (see docs/hosting.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)

# No ``*_created`` series: Prometheus does not need them.
disable_created_metrics()  # type: ignore[no-untyped-call]

REGISTRY = CollectorRegistry(auto_describe=True)

MOVES = Counter(
    "chromino_moves_applied",
    "Actions committed to games (play, draw, pass, timeout).",
    ["action"],
    registry=REGISTRY,
)
COMMIT_SECONDS = Histogram(
    "chromino_commit_seconds",
    "Time to commit one batch of moves to the database (the writer thread's transaction).",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
    registry=REGISTRY,
)
REFUSALS = Counter(
    "chromino_refusals",
    "Requests and commands refused, by their error code.",
    ["code"],
    registry=REGISTRY,
)
LIVE_GAMES = Gauge(
    "chromino_live_games", "Games in progress held in this process.", registry=REGISTRY
)
OPEN_SOCKETS = Gauge(
    "chromino_open_websockets", "Game websockets open on this process.", registry=REGISTRY
)
SWEPT = Counter(
    "chromino_swept_games",
    "Turn-based games the sweep settled (told a player, warned, timed out, woke a bot).",
    registry=REGISTRY,
)
NOTICES = Counter(
    "chromino_notices",
    "Notices handled by the outbox, by channel and what became of them.",
    ["channel", "outcome"],
    registry=REGISTRY,
)

Function = TypeVar("Function", bound=Callable[..., Any])


def move_applied(action: object) -> None:
    """A game's event was committed."""
    MOVES.labels(action=str(action)).inc()


def timed_commit(function: Function) -> Function:
    """Decorate the hub's commit so each call's duration lands in the histogram."""
    timed: Function = COMMIT_SECONDS.time()(function)
    return timed


def observe_commit(seconds: float) -> None:
    """One commit took ``seconds``."""
    COMMIT_SECONDS.observe(seconds)


def sweep_settled() -> None:
    """The sweep settled one due game."""
    SWEPT.inc()


def notice_handled(channel: str, outcome: str) -> None:
    """A notice left (or did not) by a channel: push sent, seen, off, quiet, gone..."""
    NOTICES.labels(channel=channel, outcome=outcome).inc()


def refused(code: str) -> None:
    """Someone was told no, with this error code."""
    REFUSALS.labels(code=code).inc()


def metrics_page(request: Request) -> Response:
    """The figures now (the gauges read from this app's hub)."""
    hub = request.app.state.hub
    rooms = list(hub.rooms.values())
    LIVE_GAMES.set(sum(1 for room in rooms if not room.live.is_over))
    OPEN_SOCKETS.set(sum(len(room.viewers) for room in rooms))
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)
