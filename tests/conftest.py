"""What every test package shares: the support package's fixtures (``serve``, the one
way to get live servers)."""

from __future__ import annotations

pytest_plugins = ["support.fixtures"]
