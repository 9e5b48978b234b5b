"""A real SMTP server for tests: aiosmtpd on a free loopback port, in its own thread.

Tests send through the same client code as production (aiosmtplib over TCP) and read
back what arrived, parsed as the receiving mail client would. With a username and
password the server offers AUTH and accepts only those, and each received email
records the username its client logged in with, so a test sees that the login really
happened.
"""

from __future__ import annotations

import asyncio
import email
import email.policy
import threading
from dataclasses import dataclass
from email.message import EmailMessage
from types import TracebackType
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

HOST = "127.0.0.1"


@dataclass(frozen=True)
class Received:
    """One email as the server got it: the envelope, the login, and the message."""

    mail_from: str
    rcpt_tos: list[str]
    message: EmailMessage
    login: str | None
    """The username the client logged in with, ``None`` without a login."""


class _Handler:
    """aiosmtpd's handler: keeps every message and wakes whoever waits for it."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self.arrived = threading.Condition()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        message = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        auth = session.auth_data
        received = Received(
            mail_from=envelope.mail_from or "",
            rcpt_tos=list(envelope.rcpt_tos),
            message=message,
            login=auth.login.decode() if isinstance(auth, LoginPassword) else None,
        )
        with self.arrived:
            self.received.append(received)
            self.arrived.notify_all()
        return "250 OK"


class _Authenticator:
    """Accepts exactly one username and password."""

    def __init__(self, username: str, password: str) -> None:
        self.username = username.encode()
        self.password = password.encode()

    def __call__(
        self, server: SMTP, session: Session, envelope: Envelope, mechanism: str, data: Any
    ) -> AuthResult:
        valid = (
            isinstance(data, LoginPassword)
            and data.login == self.username
            and data.password == self.password
        )
        # handled=False: aiosmtpd answers a refusal itself (535).
        return AuthResult(success=valid, handled=False, auth_data=data if valid else None)


class _FreePortController(Controller):
    """A controller that listens on port 0 (the system picks a free port) and learns
    the port once bound, so parallel tests never race for one."""

    def _trigger_server(self) -> None:
        assert isinstance(self.server, asyncio.Server)
        self.port = int(self.server.sockets[0].getsockname()[1])
        super()._trigger_server()  # type: ignore[no-untyped-call]  # aiosmtpd leaves it untyped


class MailCatcher:
    """An SMTP server collecting what it receives; use it as a context manager."""

    def __init__(self, *, username: str | None = None, password: str | None = None) -> None:
        self._handler = _Handler()
        options: dict[str, Any] = {}
        if username is not None:
            options = {
                "authenticator": _Authenticator(username, password or ""),
                # A plain local test server: no TLS to wrap the login in.
                "auth_require_tls": False,
            }
        self._controller = _FreePortController(self._handler, hostname=HOST, port=0, **options)

    @property
    def host(self) -> str:
        return HOST

    @property
    def port(self) -> int:
        return int(self._controller.port)

    @property
    def received(self) -> list[Received]:
        """What arrived so far, oldest first (a copy)."""
        with self._handler.arrived:
            return list(self._handler.received)

    @property
    def messages(self) -> list[EmailMessage]:
        return [received.message for received in self.received]

    def wait_for(self, count: int, timeout: float = 10) -> list[Received]:
        """Block until at least ``count`` emails arrived (``TimeoutError`` after
        ``timeout`` seconds) and return them all."""
        with self._handler.arrived:
            if not self._handler.arrived.wait_for(
                lambda: len(self._handler.received) >= count, timeout
            ):
                got = len(self._handler.received)
                raise TimeoutError(f"{got} of {count} emails arrived within {timeout} s")
            return list(self._handler.received)

    def start(self) -> MailCatcher:
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()

    def __enter__(self) -> MailCatcher:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
