"""The notices' routes: my devices for web push, my email address (confirmed by a
link), and the links in emails, which work without signing in."""

from __future__ import annotations

import asyncio
import re
from typing import Annotated, Any
from urllib.parse import parse_qs

from fastapi import APIRouter, HTTPException, Request, Response, status
from fastapi.responses import HTMLResponse
from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ..i18n import N_, Words, best_language, gettext_in
from ..models import Preference, PushDevice, User
from ..people import (
    SWITCHES,
    CurrentUser,
    Inbound,
    SessionDep,
    UserOrVisitor,
    preferences_of,
    public_user,
)
from ..site import render
from .keys import vapid_keys
from .kinds import EMAIL
from .links import verify_link
from .mail import Mail, MailError, MailServer, send_mail
from .push import PushSubscription
from .tokens import (
    UNSUBSCRIBE,
    UNSUBSCRIBE_MAX_AGE,
    VERIFY_EMAIL,
    VERIFY_EMAIL_MAX_AGE,
    BadLink,
    unsign,
)

router = APIRouter()

ADDRESS = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
"""Enough of an address to try: the confirmation link proves the rest."""


def _address(value: str) -> str:
    if not ADDRESS.fullmatch(value):
        raise PydanticCustomError("not_an_address", "not an email address", {})
    return value


Address = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=254), AfterValidator(_address)
]


class EmailSet(Inbound):
    email: Address


class DeviceKeys(Inbound):
    p256dh: str = Field(max_length=200)
    auth: str = Field(max_length=100)


class DeviceIn(Inbound):
    """A browser's push subscription, as ``subscription.toJSON()`` gives it."""

    endpoint: str = Field(max_length=1000)
    keys: DeviceKeys
    expirationTime: float | None = None


class DeviceOut(Inbound):
    endpoint: str = Field(max_length=1000)


def _refuse(code: str, message: Words, status_code: int = 422) -> HTTPException:
    return HTTPException(status_code, detail={"code": code, "message": message})


@router.get("/api/push/key")
def read_push_key(request: Request) -> dict[str, str]:
    """The install's public VAPID key: what a browser subscribes with."""
    return {"public_key": vapid_keys(request.app.state.db).public_key}


@router.post("/api/me/push-devices", status_code=status.HTTP_201_CREATED)
def add_push_device(
    body: DeviceIn, user: CurrentUser, session: SessionDep, request: Request
) -> dict[str, int]:
    """This browser wants pushes for me (a subscription seen before moves to me)."""
    production = request.app.state.settings.environment == "production"
    try:
        device = PushSubscription.from_browser(body.model_dump(), allow_http=not production)
    except ValueError as error:
        raise _refuse("bad_subscription", Words(N_("{problem}"), problem=str(error))) from None
    session.execute(delete(PushDevice).where(PushDevice.endpoint == device.endpoint))
    session.add(
        PushDevice(
            user_id=user.id, endpoint=device.endpoint, p256dh=device.p256dh, auth=device.auth
        )
    )
    session.flush()
    count = session.scalars(select(PushDevice.id).where(PushDevice.user_id == user.id)).all()
    return {"devices": len(count)}


@router.delete("/api/me/push-devices", status_code=status.HTTP_204_NO_CONTENT)
def remove_push_device(body: DeviceOut, user: CurrentUser, session: SessionDep) -> Response:
    """This browser wants no more pushes."""
    session.execute(
        delete(PushDevice).where(
            PushDevice.endpoint == body.endpoint, PushDevice.user_id == user.id
        )
    )
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.put("/api/me/email")
def set_email(
    body: EmailSet, user: CurrentUser, session: SessionDep, request: Request
) -> dict[str, Any]:
    """My address for the daily digest and the last reminder: nothing goes to it until I
    follow the link sent to it."""
    settings = request.app.state.settings
    server = MailServer.from_settings(settings)
    if server is None:
        raise _refuse("no_email", Words(N_("this server sends no email")), 409)
    preference = preferences_of(user)
    before = preference.email, preference.email_verified
    preference.email, preference.email_verified = body.email, False
    session.commit()
    link = verify_link(settings, request.app.state.secret, user.id, body.email)
    language = best_language(preference.language, request.headers.get("accept-language"))
    mail = _confirmation(body.email, link, language)
    future = asyncio.run_coroutine_threadsafe(
        send_mail(server, mail, settings.mail_from), request.app.state.loop
    )
    try:
        future.result(timeout=server.timeout_seconds + 5)
    except MailError:
        preference.email, preference.email_verified = before  # as it was: nothing sent
        session.commit()
        raise _refuse(
            "email_failed", Words(N_("the confirmation email could not be sent; try later")), 503
        ) from None
    return public_user(user).preferences.model_dump()


CONFIRMATION_TEXT = N_(
    "Follow this link to get the daily digest of your games and the last reminders:"
    "\n\n{link}\n\nIf you did not ask for it, do nothing: no email will follow."
)


def _confirmation(address: str, link: str, language: str) -> Mail:
    subject = gettext_in(language, "Confirm your address for Chromino online")
    text = gettext_in(language, CONFIRMATION_TEXT, link=link)
    return Mail(to=address, subject=subject, text=text + "\n", language=language)


@router.delete("/api/me/email", status_code=status.HTTP_204_NO_CONTENT)
def remove_email(user: CurrentUser, session: SessionDep) -> Response:
    """Forget my address: no more email."""
    preference = preferences_of(user)
    preference.email, preference.email_verified = None, False
    return Response(status_code=status.HTTP_204_NO_CONTENT)


# --- the links in emails (no sign-in needed) -----------------------------------------


def _page(request: Request, user: User, outcome: str, token: str = "") -> HTMLResponse:
    return render(request, user, "email_link.html", outcome=outcome, token=token)


@router.get("/email/verify", include_in_schema=False)
def verify_email(
    request: Request, user: UserOrVisitor, session: SessionDep, token: str = ""
) -> HTMLResponse:
    """The link in a confirmation email: the address is the person's."""
    try:
        value = unsign(request.app.state.secret, VERIFY_EMAIL, token, VERIFY_EMAIL_MAX_AGE)
    except BadLink as error:
        return _page(request, user, f"verify_{error.reason}")
    preference = session.get(Preference, value.get("user"))
    if preference is None or preference.email != value.get("email"):
        return _page(request, user, "verify_tampered")
    preference.email_verified = True
    return _page(request, user, "verified")


@router.get("/email/unsubscribe", include_in_schema=False)
def unsubscribe_page(request: Request, user: UserOrVisitor, token: str = "") -> HTMLResponse:
    """The link in every email: a page with one button (a link checker that follows
    links must not unsubscribe anyone; a mail client's one-click posts)."""
    try:
        unsign(request.app.state.secret, UNSUBSCRIBE, token, UNSUBSCRIBE_MAX_AGE)
    except BadLink as error:
        return _page(request, user, f"unsubscribe_{error.reason}")
    return _page(request, user, "unsubscribe_ask", token)


@router.post("/email/unsubscribe", include_in_schema=False)
async def unsubscribe(
    request: Request, user: UserOrVisitor, session: SessionDep, token: str = ""
) -> HTMLResponse:
    """Stop every email to the person: RFC 8058's one-click (the token in the URL), or
    the page's button (the token in the form)."""
    if not token:
        form = parse_qs((await request.body()).decode("utf-8", "replace"))
        token = (form.get("token") or [""])[0]
    try:
        value = unsign(request.app.state.secret, UNSUBSCRIBE, token, UNSUBSCRIBE_MAX_AGE)
    except BadLink as error:
        return _page(request, user, f"unsubscribe_{error.reason}")
    person = value.get("user")
    if isinstance(person, int):
        # The request's own session (the reader's guest account may be new in it: a
        # second session would wait for its write lock on SQLite).
        _emails_off(session, person)
    return _page(request, user, "unsubscribed")


def _emails_off(session: Session, user_id: int) -> None:
    """Every kind of email switched off (push stays as it was)."""
    preference = session.get(Preference, user_id)
    if preference is not None:
        chosen = dict(preference.notify or {})
        chosen[EMAIL] = list(SWITCHES[EMAIL])
        preference.notify = chosen
