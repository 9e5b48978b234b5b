"""The recovery routes: "forgot my password" (``POST /api/recovery``), the page a
recovery link opens (``GET /recover/TOKEN``) and its form's answer
(``POST /api/recover/TOKEN``).

The request's answer is the same whether the name exists, has a confirmed address
or not, and the email leaves after the answer (its time tells nothing either).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import StringConstraints
from sqlalchemy.orm import Session

from ..i18n import N_, N_plural, Words
from ..models import User
from ..notify import MailError, MailServer, send_mail, written_in
from ..people import (
    Inbound,
    Limits,
    Password,
    SessionDep,
    UserOrVisitor,
    UserPublic,
    ban_detail,
    end_session,
    is_banned,
    public_user,
    recovery,
    set_password,
    too_many_attempts,
)
from ..site import render
from .recovery_mail import recovery_mail

log = logging.getLogger(__name__)
router = APIRouter()


class RecoveryAsk(Inbound):
    who: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=254)]
    """The account's name, or the confirmed address it gets email at."""


class RecoveryAnswer(Inbound):
    password: Password


PROBLEM_STATUS = {"malformed": 404, "unknown": 404, "used": 410, "expired": 410}
PROBLEM_WORDS = {
    "malformed": N_("This recovery link is not complete: copy the whole link from the email."),
    "unknown": N_("This recovery link does not work: ask for a new one."),
    "used": N_("This recovery link was already used: ask for a new one if you need it."),
    "expired": N_("This recovery link has expired: ask for a new one."),
}
TOO_MANY = N_plural(
    "too many recovery requests; try again in {count} second",
    "too many recovery requests; try again in {count} seconds",
)


def _limits(request: Request) -> Limits:
    limits: Limits = request.app.state.limits
    return limits


@router.post("/api/recovery", status_code=202)
def ask_for_recovery(body: RecoveryAsk, request: Request, session: SessionDep) -> dict[str, Any]:
    """Send a recovery link to the confirmed address of the account named (by its name
    or its address). The same answer whatever is found; a few requests per address
    (429 past them), a few emails per account per hour (silently: the answer is the
    same)."""
    settings = request.app.state.settings
    server = MailServer.from_settings(settings)
    if server is None:
        message = Words(N_("This server sends no email: ask an admin for a recovery link."))
        raise HTTPException(409, detail={"code": "no_email", "message": message})
    limits = _limits(request)
    address = request.client.host if request.client else "unknown"
    if not limits.recovery_requests.allow(address):
        raise too_many_attempts(limits.recovery_requests.retry_after(address), TOO_MANY)
    mails = _recovery_mails(request, session, body.who)
    session.commit()
    loop = request.app.state.loop
    for mail in mails:
        asyncio.run_coroutine_threadsafe(_send(server, mail, settings.mail_from), loop)
    return {"minutes": settings.recovery_minutes}


def _recovery_mails(request: Request, session: Session, who: str) -> list[Any]:
    """A link, and the email carrying it, for each account the request names that
    has a confirmed address and has not had too many lately."""
    settings = request.app.state.settings
    now = request.app.state.clock.now()
    limits = _limits(request)
    mails = []
    for user, address in recovery.accounts_to_mail(session, who):
        if is_banned(user, now) or not limits.recovery_mails.allow(user.id):
            continue
        link = recovery.make_link(
            session,
            user,
            made_by=None,
            lifetime=timedelta(minutes=settings.recovery_minutes),
            base_url=settings.public_url,
            now=now,
        )
        language = written_in(user.preference)
        mails.append(recovery_mail(address, user.name, link, settings.recovery_minutes, language))
    return mails


async def _send(server: MailServer, mail: Any, sender: str) -> None:
    try:
        await send_mail(server, mail, sender)
    except MailError:
        log.exception("a recovery email could not be sent")


@router.get("/recover/{token}", include_in_schema=False)
def recovery_page(
    token: str, request: Request, user: UserOrVisitor, session: SessionDep
) -> HTMLResponse:
    """The page a recovery link opens: the form for a new password, or why the link
    does not work. Looking uses nothing up (mail clients fetch links to preview them)."""
    found = recovery.check(session, token, request.app.state.clock.now())
    if isinstance(found, str):
        page = render(request, user, "recover.html", outcome=found, person=None)
        page.status_code = PROBLEM_STATUS[found]
    else:
        page = render(
            request,
            user,
            "recover.html",
            outcome="ready",
            person=found.user.name,
            boot={"token": token},
        )
    page.headers["Referrer-Policy"] = "no-referrer"  # the token stays off other sites
    page.headers["Cache-Control"] = "no-store"
    return page


@router.post("/api/recover/{token}")
def recover(token: str, body: RecoveryAnswer, request: Request, session: SessionDep) -> UserPublic:
    """Use a recovery link: the new password is set, the link is used up, every
    session of the account ends and this browser is signed in afresh."""
    now = request.app.state.clock.now()
    found = recovery.check(session, token, now)
    if isinstance(found, str):
        raise _refused(found)
    person: User = found.user
    if is_banned(person, now):
        raise HTTPException(403, detail=ban_detail(person))
    if not recovery.use(session, found, now):
        raise _refused("used")
    end_session(request.session, session)  # whoever this browser was
    set_password(request.session, session, person, body.password)
    return public_user(person)


def _refused(problem: str) -> HTTPException:
    return HTTPException(
        PROBLEM_STATUS[problem],
        detail={"code": f"recovery_{problem}", "message": Words(PROBLEM_WORDS[problem])},
    )
