"""What every test package shares: the support package's fixtures (``serve``, the one
way a test module gets live servers, and ``quick_hasher``)."""

from __future__ import annotations

import pytest

pytest_plugins = ["support.fixtures"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the longest modules first. The suite runs on several workers, each taking whole
    modules in the order collected; a long module collected last runs alone at the end
    while the other worker idles. So the bench's run comes first, then the browser
    modules, then the many short ones, which even out the workers' ends."""
    items.sort(key=_running_order)  # stable: a module's tests stay together, in order


def _running_order(item: pytest.Item) -> int:
    path = item.path.as_posix()
    for order, part in enumerate(_LONGEST_FIRST):
        if part in path:
            return order
    return len(_LONGEST_FIRST)


_LONGEST_FIRST = ("/tests/test_bench_runs.py", "/tests/e2e/", "/tests/engine/")
"""Where the longest modules are, in the order they start; the rest follow as collected."""
