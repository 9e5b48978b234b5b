"""``make bench`` runs to its end: every stage, at a tiny size (``python -m bench
--tiny``), prints its figures. The figures mean nothing at this size and nothing is
asserted of them (speed is measured by the bench, not by tests); what is held is that no
stage stops with an error, so none can rot unseen behind a long run nobody finishes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from support.services import require_postgres, require_redis

ROOT = Path(__file__).resolve().parent.parent
STAGES = (
    "Engine (medians on this machine)",
    "Triominos engine (medians on this machine)",
    "Strong bot, default budget",
    "Daily deal:",
    "Load (one uvicorn process",
    "... the same, with 1 games of two Hard bots playing meanwhile",
    "... 16 sockets: the same games, and 2 idle games open",
    "memory per idle socket",
    "Where an idle socket's memory goes",
    "Ratings (medians of CPU time",
    "Table talk (one uvicorn process",
    "Games over days (20 idle turn-based games",
    "pair 120 players for the next round",
    "play 8 entrants through 2 rounds to the end",
    "Luck (Swiss of 16 strength bots",
    "Puzzles: 2 of each kind",
    "Shipped puzzles: the first 3 puzzles of each file",
    "Several processes (2 four-player games",
    "2 processes, each game on one (proxy affinity)",
)
"""A heading or a last line of each stage, in the order the bench prints them."""


def test_every_stage_of_the_bench_runs_to_its_end() -> None:
    require_postgres()  # the several-processes stage runs on PostgreSQL and Redis
    require_redis()
    run = subprocess.run(
        [sys.executable, "-m", "bench", "--tiny"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-4000:]
    assert "Traceback" not in output, output[-4000:]
    where = [run.stdout.find(stage) for stage in STAGES]
    missing = [stage for stage, at in zip(STAGES, where, strict=True) if at < 0]
    assert not missing, f"stages that printed nothing: {missing}\n{run.stdout[-3000:]}"
    assert where == sorted(where), "the stages ran out of their order"
    assert "errors (refused commands, lost events, dropped sockets)" in run.stdout
