"""Telling the live games (every process) what an admin action changed, once committed."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from ...db import as_utc
from ...models import User
from ...people import farewell


def _call_on_loop(request: Request, method: Any, *args: Any) -> None:
    """Run a hub method on the event loop (routes run in a worker thread)."""
    request.app.state.loop.call_soon_threadsafe(method, *args)


def shut_out(request: Request, user: User) -> None:
    """A ban was committed: the person's sockets close on every process, and their
    open pages are told why and until when."""
    _call_on_loop(request, request.app.state.hub.shut_out, user.id, farewell(user))


def mute_changed(request: Request, user: User) -> None:
    """A mute was made or lifted: every room refuses (or takes again) their lines."""
    until = None if user.muted_until is None else as_utc(user.muted_until).timestamp()
    _call_on_loop(request, request.app.state.hub.site_mute_changed, user.id, until)
