"""Real services for integration tests, and the skip-or-fail rule when one is missing.

Tests that need chromium, PostgreSQL or Redis skip with a clear reason when
the service is missing, unless CHROMINO_REQUIRE_BROWSER=1 or
CHROMINO_REQUIRE_SERVICES=1 asks for a failure instead (CI sets both).
"""

from __future__ import annotations

import os
import shutil
import socket

import pytest

POSTGRES_ADMIN_URL = os.environ.get(
    "CHROMINO_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("CHROMINO_TEST_REDIS", "redis://127.0.0.1:6379/0")
CHROMIUM = os.environ.get("CHROMINO_CHROMIUM", "/usr/bin/chromium")
HEADLESS_SHELL = os.environ.get("CHROMINO_CHROMIUM_SHELL", "/usr/bin/chromium-headless-shell")


def missing(reason: str, *, browser: bool = False) -> None:
    """Skip, or fail when the environment says the service is required."""
    variable = "CHROMINO_REQUIRE_BROWSER" if browser else "CHROMINO_REQUIRE_SERVICES"
    if os.environ.get(variable) == "1":
        pytest.fail(f"{reason} ({variable}=1 requires it)")
    pytest.skip(reason)


def _port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def require_postgres() -> str:
    """The admin URL of a reachable PostgreSQL server."""
    if not _port_open("127.0.0.1", 5432):
        missing("PostgreSQL is not running on 127.0.0.1:5432")
    return POSTGRES_ADMIN_URL


def require_redis() -> str:
    """The URL of a reachable Redis server."""
    if not _port_open("127.0.0.1", 6379):
        missing("Redis is not running on 127.0.0.1:6379")
    return REDIS_URL


def require_chromium() -> str:
    """The chromium that drives the pages: Debian's headless shell when it is installed
    (the same Blink without the desktop browser around it, measured at half the CPU
    for the same tests), else the whole browser."""
    if os.path.exists(HEADLESS_SHELL):
        return HEADLESS_SHELL
    return require_full_chromium()


def require_full_chromium() -> str:
    """The path of Debian's whole chromium (CHROMINO_CHROMIUM, else the one on the
    PATH), for what only the desktop browser has: a site's notification permission as
    granted, and whether the site could be installed."""
    path = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if path is None:
        missing(f"chromium is not installed at {CHROMIUM} (apt-get install chromium)", browser=True)
    assert path is not None
    return path
