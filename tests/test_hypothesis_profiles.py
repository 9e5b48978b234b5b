"""The hypothesis profiles: chosen from the environment, loaded once however often asked."""

from __future__ import annotations

import os

from hypothesis import settings
from support import hypothesis_profiles

hypothesis_profiles.load()  # at import, as every module using hypothesis does


def test_load_is_idempotent() -> None:
    name = hypothesis_profiles.load()
    active = settings.default
    profiles = {profile: settings.get_profile(profile) for profile in ("dev", "ci")}
    assert hypothesis_profiles.load() == name
    assert hypothesis_profiles.load() == name
    # Nothing was registered or loaded again: the very same settings objects are in force.
    assert settings.default is active
    for profile, registered in profiles.items():
        assert settings.get_profile(profile) is registered


def test_the_profile_follows_the_environment() -> None:
    name = hypothesis_profiles.load()
    expected = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
    assert name == expected
    assert settings.default == settings.get_profile(name)


def test_the_ci_profile_is_derandomized_and_keeps_no_database() -> None:
    hypothesis_profiles.load()
    ci = settings.get_profile("ci")
    assert ci.derandomize is True
    assert ci.database is None
    assert ci.deadline is None
    dev = settings.get_profile("dev")
    assert dev.deadline is None
