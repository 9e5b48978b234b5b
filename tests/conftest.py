"""What every test package shares: the support package's fixtures (``serve``, the one
way a test module gets live servers, and ``quick_hasher``)."""

from __future__ import annotations

pytest_plugins = ["support.fixtures"]
