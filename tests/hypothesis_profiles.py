"""Hypothesis settings profiles: ``dev`` by default, ``ci`` when the environment sets ``CI``.

``HYPOTHESIS_PROFILE`` picks a profile by name. Example counts are set per
test; the profiles only say how examples are run. Whole games vary a lot in
length, so neither profile has a deadline. ``ci`` is derandomized, so a CI
run is reproducible and never flaky, and does not shrink failures.

This is not a ``conftest.py``: ``tests/server/conftest.py`` already holds that
module name, and mypy refuses two top-level modules of one name. A test module
that uses hypothesis calls :func:`load` before defining its tests.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings


def load() -> str:
    """Register both profiles and load the one the environment asks for; return its name."""
    settings.register_profile(
        "dev",
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )
    settings.register_profile(
        "ci",
        parent=settings.get_profile("dev"),
        derandomize=True,
        database=None,
        # Shrinking a failing whole game can take minutes: CI reports the failing
        # example as found (the same one on every run); shrink it locally.
        phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target],
    )
    name = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
    settings.load_profile(name)
    return name
