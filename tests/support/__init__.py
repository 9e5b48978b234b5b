"""Helpers shared by the test packages: nothing here is a test.

``live`` starts a real server in a thread and plays on it (players, game sockets);
``procs`` runs servers as processes of their own; ``services`` skips (or fails) a
test whose PostgreSQL, Redis or chromium is missing; ``fixtures`` is the pytest
plugin every test package gets from ``tests/conftest.py``. ``browser`` holds what the
real-browser tests share, ``engine`` what the rules engine's tests share. Test
modules import from here, never from one another.
"""
