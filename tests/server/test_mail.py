"""Sending email through a real SMTP server, and the signed links in those emails."""

from __future__ import annotations

import socket
import time
import traceback
from collections.abc import Iterator
from typing import Any

import pytest
from support.live import run_apart
from support.smtpserver import MailCatcher

from web.notify.mail import Mail, MailError, MailServer, send_mail
from web.notify.tokens import (
    UNSUBSCRIBE,
    VERIFY_EMAIL,
    VERIFY_EMAIL_MAX_AGE,
    BadLink,
    sign,
    unsign,
)
from web.settings import Settings

SENDER = "Chromino <chromino@games.example>"
SECRET = "a-test-secret-that-is-long-enough-0123456789"
PASSWORD = "hunter2-correct-horse"


def _settings(**values: Any) -> Settings:
    return Settings(environment="test", **values)


def _server_for(catcher: MailCatcher, **values: Any) -> MailServer:
    """The server the settings name, pointed at the catcher (plain SMTP, no TLS)."""
    server = MailServer.from_settings(
        _settings(smtp_host=catcher.host, smtp_port=catcher.port, smtp_security="none", **values)
    )
    assert server is not None
    return server


def _mail(**values: Any) -> Mail:
    fields: dict[str, Any] = {
        "to": "ada@example.org",
        "subject": "Your turn in 2 games",
        "text": "Bea played a tile. It is your turn.",
        "language": "en",
    }
    fields.update(values)
    return Mail(**fields)


@pytest.fixture
def catcher() -> Iterator[MailCatcher]:
    with MailCatcher() as running:
        yield running


def test_an_email_reaches_the_mail_server_with_its_subject_and_text(
    catcher: MailCatcher,
) -> None:
    run_apart(send_mail(_server_for(catcher), _mail(language="fr"), SENDER))

    [received] = catcher.wait_for(1)
    assert received.mail_from == "chromino@games.example"
    assert received.rcpt_tos == ["ada@example.org"]
    assert received.login is None
    message = received.message
    assert message["Subject"] == "Your turn in 2 games"
    assert message["From"] == SENDER
    assert message["To"] == "ada@example.org"
    assert message["Content-Language"] == "fr"
    assert message["Auto-Submitted"] == "auto-generated"
    assert message["Date"] is not None
    assert message["Message-ID"].endswith("@games.example>")
    assert message["List-Unsubscribe"] is None
    assert message.get_content_type() == "text/plain"
    assert message.get_content().strip() == "Bea played a tile. It is your turn."


def test_an_email_with_html_is_multipart_alternative(catcher: MailCatcher) -> None:
    html = "<p>Bea played a tile. It is <b>your turn</b>.</p>"
    run_apart(send_mail(_server_for(catcher), _mail(html=html), SENDER))

    [received] = catcher.wait_for(1)
    message = received.message
    assert message.get_content_type() == "multipart/alternative"
    assert message["Content-Language"] == "en"
    parts = list(message.iter_parts())
    assert [part.get_content_type() for part in parts] == ["text/plain", "text/html"]
    plain = message.get_body(preferencelist=("plain",))
    rich = message.get_body(preferencelist=("html",))
    assert plain is not None
    assert rich is not None
    assert plain.get_content().strip() == "Bea played a tile. It is your turn."
    assert rich.get_content().strip() == html


def test_every_email_with_an_unsubscribe_link_offers_one_click_unsubscribe(
    catcher: MailCatcher,
) -> None:
    link = "https://chromino.example/unsubscribe/abc.def.ghi"
    server = _server_for(catcher)
    run_apart(send_mail(server, _mail(unsubscribe_url=link), SENDER))
    run_apart(send_mail(server, _mail(unsubscribe_url=link, html="<p>Hi</p>"), SENDER))

    for received in catcher.wait_for(2):
        assert received.message["List-Unsubscribe"] == f"<{link}>"
        assert received.message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_the_server_logs_in_when_the_host_gave_a_username() -> None:
    with MailCatcher(username="chromino", password=PASSWORD) as catcher:
        server = _server_for(catcher, smtp_username="chromino", smtp_password=PASSWORD)
        run_apart(send_mail(server, _mail(), SENDER))

        [received] = catcher.wait_for(1)
        assert received.login == "chromino"


def test_a_refused_login_is_a_clear_error_without_the_password() -> None:
    with MailCatcher(username="chromino", password="the-right-one") as catcher:
        server = _server_for(catcher, smtp_username="chromino", smtp_password=PASSWORD)
        with pytest.raises(MailError) as caught:
            run_apart(send_mail(server, _mail(), SENDER))

        assert f"{catcher.host}:{catcher.port}" in str(caught.value)
        assert "logging in" in str(caught.value)
        assert PASSWORD not in "".join(traceback.format_exception(caught.value))
        assert catcher.received == []


def test_an_unreachable_mail_server_is_a_clear_error_without_the_password() -> None:
    # A socket bound but not listening: connecting to its port is refused at once.
    with socket.socket() as bound:
        bound.bind(("127.0.0.1", 0))
        port = int(bound.getsockname()[1])
        server = MailServer.from_settings(
            _settings(
                smtp_host="127.0.0.1",
                smtp_port=port,
                smtp_security="none",
                smtp_username="chromino",
                smtp_password=PASSWORD,
            )
        )
        assert server is not None
        with pytest.raises(MailError) as caught:
            run_apart(send_mail(server, _mail(), SENDER))

    message = str(caught.value)
    assert f"127.0.0.1:{port}" in message
    assert "connecting" in message
    assert PASSWORD not in "".join(traceback.format_exception(caught.value))
    assert PASSWORD not in repr(server)


def test_no_mail_server_configured_means_no_email() -> None:
    assert MailServer.from_settings(_settings()) is None
    assert MailServer.from_settings(_settings(smtp_host="")) is None


def test_a_signed_link_reads_back() -> None:
    value = {"account": 42, "list": "digest"}
    token = sign(SECRET, UNSUBSCRIBE, value)

    assert unsign(SECRET, UNSUBSCRIBE, token, None) == value
    # Unsubscribe links never expire: one from an email ten years old still works.
    ten_years_later = time.time() + 10 * 365 * 24 * 3600
    assert unsign(SECRET, UNSUBSCRIBE, token, None, now=ten_years_later) == value
    # A value large enough to be compressed (its token starts with a dot) reads back too.
    large = {"names": ["ada"] * 200}
    assert unsign(SECRET, UNSUBSCRIBE, sign(SECRET, UNSUBSCRIBE, large), None) == large


def test_a_tampered_link_is_refused() -> None:
    token = sign(SECRET, UNSUBSCRIBE, {"account": 42})
    payload, stamp, signature = token.split(".")
    forged = sign(SECRET, UNSUBSCRIBE, {"account": 43}).split(".")[0]
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]

    for bad in (f"{forged}.{stamp}.{signature}", f"{payload}.{stamp}.{flipped}"):
        with pytest.raises(BadLink) as caught:
            unsign(SECRET, UNSUBSCRIBE, bad, None)
        assert caught.value.reason == "tampered"
    with pytest.raises(BadLink) as caught:
        unsign("another-secret-just-as-long-as-the-first-one", UNSUBSCRIBE, token, None)
    assert caught.value.reason == "tampered"
    for garbage in ("", "not a token", token.rsplit(".", 1)[0], f"{token}\n"):
        with pytest.raises(BadLink) as caught:
            unsign(SECRET, UNSUBSCRIBE, garbage, None)
        assert caught.value.reason == "malformed"


def test_a_link_for_another_purpose_is_refused() -> None:
    token = sign(SECRET, UNSUBSCRIBE, {"account": 42})

    with pytest.raises(BadLink) as caught:
        unsign(SECRET, VERIFY_EMAIL, token, VERIFY_EMAIL_MAX_AGE)
    assert caught.value.reason == "tampered"


def test_an_expired_link_is_refused() -> None:
    assert VERIFY_EMAIL_MAX_AGE == 2 * 24 * 3600
    made = time.time() - 3 * 24 * 3600
    old = sign(SECRET, VERIFY_EMAIL, {"email": "ada@example.org"}, now=made)

    with pytest.raises(BadLink) as caught:
        unsign(SECRET, VERIFY_EMAIL, old, VERIFY_EMAIL_MAX_AGE)
    assert caught.value.reason == "expired"
    # The same link was good within its two days.
    one_day_on = made + 24 * 3600
    assert unsign(SECRET, VERIFY_EMAIL, old, VERIFY_EMAIL_MAX_AGE, now=one_day_on) == {
        "email": "ada@example.org"
    }
