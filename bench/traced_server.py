"""``python -m bench.traced_server serve …``: ``chromino serve`` with ``tracemalloc`` on.

Each SIGUSR1 writes, into ``CHROMINO_BENCH_TRACE_DIR``, a snapshot of the traced
allocations (``snapshot-K.bin``) and a census of the objects the garbage collector
tracks, by type (``types-K.json``: counts and shallow sizes), then ``done-K``; K counts
from 0. Used by :mod:`bench.socket_memory`, never by a host.
"""

from __future__ import annotations

import collections
import gc
import json
import os
import signal
import sys
import tracemalloc
from pathlib import Path
from types import FrameType

TRACE_DIR = "CHROMINO_BENCH_TRACE_DIR"


def _census() -> dict[str, dict[str, int]]:
    """Objects the collector tracks (containers: dicts, lists, frames…), by type."""
    counts: collections.Counter[str] = collections.Counter()
    sizes: collections.Counter[str] = collections.Counter()
    for thing in gc.get_objects():
        kind = type(thing)
        name = f"{kind.__module__}.{kind.__qualname__}"
        counts[name] += 1
        sizes[name] += sys.getsizeof(thing)
    return {"count": dict(counts), "size": dict(sizes)}


def main() -> int:
    folder = Path(os.environ[TRACE_DIR])
    taken = [0]

    def dump(_signal: int, _frame: FrameType | None) -> None:
        number = taken[0]
        taken[0] += 1
        gc.collect()
        tracemalloc.take_snapshot().dump(str(folder / f"snapshot-{number}.bin"))
        (folder / f"types-{number}.json").write_text(json.dumps(_census()))
        (folder / f"done-{number}").write_text("done")

    tracemalloc.start()
    signal.signal(signal.SIGUSR1, dump)
    from web.ops import main as serve

    return serve()


if __name__ == "__main__":
    sys.exit(main())
