"""Sending one email: the digests and reminders leave through the host's mail server.

The host names a mail server in the settings (``CHROMINO_SMTP_*``); without one this
server sends no email at all, and :meth:`MailServer.from_settings` says so with
``None`` rather than with a server that fails on every send. :func:`build_message`
makes the message alone (no network), so what a person receives can be checked
without a server; :func:`send_mail` hands it over and turns every way that can fail
into one :class:`MailError` that names the server and the step, and never the
password.
"""

from __future__ import annotations

import contextlib
import email.utils
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Literal

import aiosmtplib

from web.settings import Settings

Security = Literal["starttls", "tls", "none"]

DEFAULT_TIMEOUT_SECONDS = 30.0
"""Each step with the mail server (connecting, each command) gives up after this long:
a mail server that stopped answering must not hold a digest run for ever."""

AUTO_SUBMITTED = "auto-generated"
"""RFC 3834: mail a program sent, so vacation responders and the like stay quiet."""

ONE_CLICK = "List-Unsubscribe=One-Click"
"""RFC 8058: the body a mail client posts to the unsubscribe link, without asking the
person to open a page."""


class MailError(Exception):
    """An email could not be handed to the mail server; the message names the server
    (host:port) and the step that failed, so a host can tell a wrong port from a wrong
    password, and it never carries the password."""


@dataclass(frozen=True)
class MailServer:
    """Where and how to hand email over: the host's ``CHROMINO_SMTP_*`` settings."""

    host: str
    port: int = 587
    security: Security = "starttls"
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    """Out of the repr, so logging a server never logs its password."""
    timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS

    @classmethod
    def from_settings(cls, settings: Settings) -> MailServer | None:
        """The configured mail server, or ``None`` when the host set none: then nobody
        is sent email (the notices wait in the app, and web push still works)."""
        if not settings.smtp_host:
            return None
        return cls(
            host=settings.smtp_host,
            port=settings.smtp_port,
            security=settings.smtp_security,
            username=settings.smtp_username or None,
            password=settings.smtp_password,
        )

    @property
    def address(self) -> str:
        """``host:port``, as errors name the server."""
        return f"{self.host}:{self.port}"


@dataclass(frozen=True, kw_only=True)
class Mail:
    """One email to one person, in their language."""

    to: str
    subject: str
    text: str
    """The plain-text body: every email has one, for the mail clients that show no HTML."""
    language: str
    """The person's language (a BCP 47 tag such as ``fr``), for Content-Language."""
    html: str | None = None
    """An HTML version of the same text, offered beside it (multipart/alternative)."""
    unsubscribe_url: str | None = None
    """A signed link that stops these emails without signing in (see web.notify.tokens)."""


def _sender_domain(sender: str) -> str:
    """The domain of the sender's address, for Message-IDs that point at this host;
    ``localhost`` for an address without one, rather than asking DNS for this
    machine's name (which can hang)."""
    _, address = email.utils.parseaddr(sender)
    _, at, domain = address.rpartition("@")
    return domain if at and domain else "localhost"


def build_message(mail: Mail, sender: str) -> EmailMessage:
    """The email as it leaves: plain text, or text and HTML as alternatives, with the
    headers that mark it as sent by a program and, with an unsubscribe link, the
    headers that let a mail client unsubscribe in one click (RFC 8058).

    Header values with a line break are refused (``ValueError``), so a name or a
    subject cannot smuggle in headers of its own.
    """
    message = EmailMessage()
    message["From"] = sender
    message["To"] = mail.to
    message["Subject"] = mail.subject
    message["Date"] = email.utils.format_datetime(datetime.now(UTC))
    message["Message-ID"] = email.utils.make_msgid(domain=_sender_domain(sender))
    message["Auto-Submitted"] = AUTO_SUBMITTED
    if mail.unsubscribe_url is not None:
        message["List-Unsubscribe"] = f"<{mail.unsubscribe_url}>"
        message["List-Unsubscribe-Post"] = ONE_CLICK
    message.set_content(mail.text)
    if mail.html is not None:
        message.add_alternative(mail.html, subtype="html")
    # Last: setting the content clears (or moves into the parts) every Content-* header.
    message["Content-Language"] = mail.language
    return message


def _client(server: MailServer) -> aiosmtplib.SMTP:
    """A client that speaks the server's security: implicit TLS from the first byte,
    STARTTLS insisted on (no silent fallback to plain text, which would send the
    password in the clear), or plain text for a relay on this host."""
    return aiosmtplib.SMTP(
        hostname=server.host,
        port=server.port,
        use_tls=server.security == "tls",
        start_tls=server.security == "starttls",
        timeout=server.timeout_seconds,
    )


def _failure(server: MailServer, step: str, error: Exception) -> MailError:
    """The error a host reads: the server, the step, and what the server or the
    network said, with the password blotted out should it ever appear there."""
    detail = f"{type(error).__name__}: {error}"
    if server.password:
        detail = detail.replace(server.password, "***")
    return MailError(f"mail server {server.address}: {step} failed ({detail})")


async def send_mail(server: MailServer, mail: Mail, sender: str) -> None:
    """Hand one email to the mail server, logging in first when the host gave a
    username; raise :class:`MailError` when it cannot be delivered to the server."""
    message = build_message(mail, sender)
    client = _client(server)
    step = "connecting"
    try:
        await client.connect()
        if server.username is not None:
            step = "logging in"
            await client.login(server.username, server.password or "")
        step = "sending"
        await client.send_message(message)
    except (aiosmtplib.SMTPException, OSError) as error:
        client.close()
        raise _failure(server, step, error) from None
    # The server has the email: a failure to say goodbye changes nothing.
    with contextlib.suppress(aiosmtplib.SMTPException, OSError):
        await client.quit()
