"""The game-neutral parts of the strong bot: the search's budget, tournaments' intervals,
and the command line's tournament flags."""

from __future__ import annotations

import pytest

from chromino.cli import main
from chromino.core.search import Budget
from chromino.core.tournament import wilson_interval


def test_a_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError):
        Budget(seconds=None, iterations=None)
    with pytest.raises(ValueError):
        Budget.of_iterations(0)
    with pytest.raises(ValueError):
        Budget.of_seconds(-1)


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_tournament_budget_flags_need_the_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["selfplay", "--iterations", "5"])
    assert stopped.value.code == 2
    assert "--tournament" in capsys.readouterr().err
