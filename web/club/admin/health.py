"""The server's health as the admin page shows it: the database, Redis, the processes
and what the metrics (web.metrics) counted on this process."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from sqlalchemy.engine import make_url

from ... import metrics
from ...db import Database
from ...live import CHANNEL
from ...settings import Settings

REDIS_TIMEOUT = 2.0


def report(app: FastAPI) -> dict[str, Any]:
    settings: Settings = app.state.settings
    database: Database = app.state.db
    hub = app.state.hub
    return {
        "database": {
            "kind": make_url(settings.database_url).get_backend_name(),
            "reachable": database.is_reachable(),
        },
        "redis": _redis(settings.redis_url),
        "process": {
            "origin": hub.fanout.origin,
            "games_loaded": len(hub.rooms),
            "sockets": sum(len(room.viewers) for room in list(hub.rooms.values())),
            "page_streams": hub.lobby.listeners,
        },
        "metrics": _metrics(),
    }


def _redis(url: str | None) -> dict[str, Any]:
    """Whether Redis answers, and how many processes listen on the games' channel
    (each serving process subscribes once)."""
    if url is None:
        return {"configured": False, "reachable": None, "processes": 1}
    import redis

    client = redis.Redis.from_url(
        url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT
    )
    try:
        client.ping()
        listening = client.pubsub_numsub(CHANNEL)
        processes = int(listening[0][1]) if listening else 0
        return {"configured": True, "reachable": True, "processes": processes}
    except Exception:
        return {"configured": True, "reachable": False, "processes": None}
    finally:
        client.close()


def _metrics() -> dict[str, float]:
    """The totals of the counters and gauges web.metrics keeps (this process)."""
    totals: dict[str, float] = {}
    for family in metrics.REGISTRY.collect():
        for sample in family.samples:
            if sample.name.endswith(("_total", "_count")) or family.type == "gauge":
                key = sample.name
                totals[key] = totals.get(key, 0.0) + float(sample.value)
    return totals
