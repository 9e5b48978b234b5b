"""``python -m bench``: print each figure, its target and the ratio."""

from __future__ import annotations

from .engine import bench_move_generation, bench_selfplay


def _line(label: str, value: str, target: str, ok: bool, ratio: float) -> None:
    verdict = "ok" if ok else "MISSED"
    print(f"{label:58} {value:>14}   target {target:>10}   ratio {ratio:6.2f}  {verdict}")


def main() -> None:
    """Run the engine benchmarks."""
    print("Engine (medians on this machine)")
    scratch, running, moves = bench_move_generation()
    _line(
        f"legal placements, 8-tile hand, 40-tile board, from scratch (~{moves:.0f} moves)",
        f"{scratch * 1e3:.3f} ms",
        "<= 2 ms",
        scratch <= 2e-3,
        2e-3 / scratch,
    )
    _line(
        "legal placements, same, in a running game (kept index)",
        f"{running * 1e3:.3f} ms",
        "<= 0.2 ms",
        running <= 2e-4,
        2e-4 / running,
    )
    rate = bench_selfplay()
    _line("greedy 4-player self-play", f"{rate:.1f} games/s", ">= 50/s", rate >= 50, rate / 50)


if __name__ == "__main__":
    main()
