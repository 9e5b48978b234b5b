"""The profile's page, ``/players/{id}``, and its JSON, ``/api/players/{id}/profile``.

Both show the same :class:`~web.site.profile_schemas.Profile`, as the one asking may see
it (a hidden rating reaches its owner only). Anyone may look, a visitor too: a
profile holds nothing a player of the server could not see at a table. An id that
names nobody (never given, or an account deleted or pruned since) is a 404: the page
says so in the reader's language, the API with a code.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel.dates import format_date
from babel.numbers import format_decimal, format_percent
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from jinja2 import pass_context
from jinja2.runtime import Context
from sqlalchemy.orm import Session

from ..games import GAMES
from ..i18n import N_, Words, gettext_in, ngettext_in
from ..models import User
from ..people import Onlooker, SessionDep, UserOrVisitor
from ..ratings import PROVISIONAL_GAMES
from ..watch import follow_state
from .chart import Chart, rating_chart
from .pages import render
from .profile import profile_of
from .profile_schemas import PoolRating, Profile

router = APIRouter()

PLAYER_ID = re.compile(r"[1-9][0-9]{0,17}")
"""What a person's number looks like in a link (anything else names nobody)."""
CHART_POINTS_LISTED = 10
"""How many of the latest ratings the chart's table lists (its text alternative)."""
NO_SUCH_PLAYER = N_("there is no such player: the link may be wrong, or the account is gone")


@router.get("/api/players/{player}/profile")
def read_profile(player: str, viewer: Onlooker, session: SessionDep) -> Profile:
    """A person's profile as the one asking may see it; 404 ``no_such_player``."""
    person = person_of(session, player)
    if person is None:
        raise HTTPException(
            404, detail={"code": "no_such_player", "message": Words(NO_SUCH_PLAYER)}
        )
    return profile_of(session, person, None if viewer is None else viewer.id)


@router.get("/players/{player}", include_in_schema=False)
def profile_page(
    request: Request, player: str, user: UserOrVisitor, session: SessionDep
) -> HTMLResponse:
    """The profile page: ratings with their charts, games played and won, points per
    move in expert games, best solo results, recent games, the coach's summary.
    A visitor the server would not let in sees only how to get in (base.html's join
    panel): a private server's people are not shown to strangers."""
    if getattr(request.state, "join_refusal", None) is not None:
        return render(request, user, "base.html")
    person = person_of(session, player)
    if person is None:
        page = render(request, user, "profile_not_found.html")
        page.status_code = 404
        return page
    profile = profile_of(session, person, user.id)
    return render(
        request,
        user,
        "profile.html",
        profile=profile,
        follow=follow_state(session, user.id, person.id),
        charts={rating.pool: chart_of(rating) for rating in profile.ratings if rating.history},
        provisional_games=PROVISIONAL_GAMES,
        points_listed=CHART_POINTS_LISTED,
        game_titles={name: kind.title for name, kind in GAMES.items()},
        t=words,
        tn=counted,
        day=day,
        percent=percent,
        decimal=decimal,
        signed=signed,
    )


def person_of(session: Session, player: str) -> User | None:
    """The account a link's number names, if it is one and still here."""
    if not PLAYER_ID.fullmatch(player):
        return None
    return session.get(User, int(player))


def chart_of(rating: PoolRating) -> Chart:
    """The history chart of one pool: the start, then the rating after each game."""
    values = [rating.start, *(point.rating for point in rating.history)]
    return rating_chart(values, PROVISIONAL_GAMES)


# --- words and numbers in the reader's language (the template's helpers) ---------------


@pass_context
def words(context: Context, message: str, **values: Any) -> str:
    """A text with ``{name}`` placeholders in the page's language (the scripts' ``t``;
    extracted by that name)."""
    return gettext_in(context["language"], message, **values)


@pass_context
def counted(context: Context, one: str, other: str, count: int, **values: Any) -> str:
    """A counted text (``{count}``) in the page's language, in the form its count asks
    for; the same catalog entries as the scripts' ``tn``."""
    return ngettext_in(context["language"], one, other, count, **values)


@pass_context
def day(context: Context, moment: datetime) -> str:
    """A date as the reader writes it ("3 mars 2025"), in their time zone (UTC when
    they have none)."""
    return format_date(moment.astimezone(_zone(context)), "medium", locale=context["language"])


def _zone(context: Context) -> ZoneInfo:
    name = getattr(context["me"].preferences, "time_zone", None) or "UTC"
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


@pass_context
def percent(context: Context, share: float) -> str:
    """A share from 0 to 1 as a whole percentage ("62 %")."""
    return format_percent(share, locale=context["language"])


@pass_context
def decimal(context: Context, value: float) -> str:
    """A number with up to two decimals, with the reader's decimal mark ("4,25")."""
    return format_decimal(value, format="#,##0.0#", locale=context["language"])


def signed(change: int) -> str:
    """A rating change as people read it: "+12", "\u22128" (a real minus sign: U+2212), "0"."""
    if change > 0:
        return f"+{change}"
    return f"\u2212{-change}" if change < 0 else "0"
