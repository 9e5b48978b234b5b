"""What every test package shares: the support package's fixtures (``serve``, the one
way a test module gets live servers, and ``quick_hasher``)."""

from __future__ import annotations

import pytest

pytest_plugins = ["support.fixtures"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the longest modules first. The suite runs on several workers, each taking whole
    modules in the order given here (the Makefile keeps pytest-xdist from putting the
    modules with the most tests first); a long module given last runs alone at the end
    while the other workers idle. So the bench's run comes first, then the browser
    modules, then the long server modules, then the many short ones, which even out the
    workers' ends."""
    items.sort(key=_running_order)  # stable: a module's tests stay together, in order


def _running_order(item: pytest.Item) -> int:
    path = item.path.as_posix()
    for order, part in enumerate(_LONGEST_FIRST):
        if part in path:
            return order
    return len(_LONGEST_FIRST)


_LONGEST_FIRST = (
    "/tests/test_bench_runs.py",
    "/tests/e2e/",
    "/tests/server/test_admin.py",
    "/tests/server/test_coach_notes.py",
    "/tests/server/test_restart.py",
    "/tests/server/test_bots_live.py",
    "/tests/server/test_no_hidden_tile.py",
    "/tests/server/test_multiprocess.py",
    "/tests/server/test_languages.py",
    "/tests/server/test_pages_i18n.py",
    "/tests/engine/core/test_contract_properties.py",
)
"""Where the longest modules are (each above about 40 s here), in the order they start;
the rest follow as collected."""
