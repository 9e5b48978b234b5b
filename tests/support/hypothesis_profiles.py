"""Hypothesis settings profiles: ``dev`` by default, ``ci`` when the environment sets ``CI``.

``HYPOTHESIS_PROFILE`` picks a profile by name. Example counts are set per
test; the profiles only say how examples are run. Whole games vary a lot in
length, so neither profile has a deadline. ``ci`` is derandomized, so a CI
run is reproducible and never flaky, and does not shrink failures.

This is not a ``conftest.py``: a plain module is loaded only by the tests that use
hypothesis, and only when they do. A test module
that uses hypothesis calls :func:`load` at import, before defining its tests;
calling it again, from the same module or another, changes nothing.
"""

from __future__ import annotations

import functools
import os

from hypothesis import HealthCheck, Phase, settings


@functools.cache
def load() -> str:
    """Register both profiles and load the one the environment asks for; return its name.

    Idempotent, so every test module that uses hypothesis may call it at import,
    in any order: the first call registers and loads, the others only return the
    name. (Registering again would reload the active profile, and hypothesis warns
    when profiles are registered while an ``@settings`` override is in force.)
    """
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
