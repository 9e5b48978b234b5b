"""The tournaments' pages: ``/tournaments`` (upcoming, running and finished ones, a tab
each, twenty a page, and the form to create one for whoever the server lets) and
``/tournaments/{id}`` (its settings in words, entering and withdrawing, the reader's
next table, standings, rounds and the organiser's acts).

Both are written by the server from the API's own answers (``routes``), in the
reader's language, dates in the reader's time zone; the scripts only send the forms
and keep a tournament's page up to date while it is live."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel import Locale
from babel.dates import format_date, format_time
from babel.numbers import format_decimal, format_percent
from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from jinja2 import pass_context
from jinja2.runtime import Context

from ..games import GAMES, catalogue
from ..people import SessionDep, UserOrVisitor, policy
from ..site import not_found, render
from .access import may_organise
from .pages import tournament_page
from .routes import list_tournaments, read_tournament
from .season_pages import next_arena_start
from .season_routes import list_seasons
from .seasons import division_of

router = APIRouter(include_in_schema=False)

Tab = Literal["upcoming", "running", "finished"]
TABS: tuple[Tab, ...] = ("upcoming", "running", "finished")


def _local(context: Context, when: datetime) -> datetime:
    """``when`` in the reader's time zone (UTC when they have none)."""
    name = getattr(context["me"].preferences, "time_zone", None) or "UTC"
    try:
        zone = ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        zone = ZoneInfo("UTC")
    return when.astimezone(zone)


@pass_context
def moment(context: Context, when: datetime) -> str:
    """A date and time to the minute as the reader writes them, in their time zone (UTC
    when they have none): "Jan 11, 2027, 3:30 AM", "11 janv. 2027, 03:30"."""
    local = _local(context, when)
    locale = Locale.parse(context["language"])
    pattern = str(locale.datetime_formats["medium"])
    day = format_date(local, "medium", locale=locale)
    return pattern.replace("{1}", day).replace("{0}", format_time(local, "short", locale=locale))


@pass_context
def time_of_day(context: Context, when: datetime) -> str:
    """The time to the minute as the reader writes it, in their zone: "6:42 PM", "18:42"."""
    return format_time(_local(context, when), "short", locale=context["language"])


@pass_context
def number(context: Context, value: float) -> str:
    """Points as the reader writes them, with up to two decimals ("2,67")."""
    return format_decimal(value, format="#,##0.##", locale=context["language"])


@pass_context
def percent(context: Context, share: float) -> str:
    """A share from 0 to 1 as a whole percentage ("62 %")."""
    return format_percent(share, locale=context["language"])


def score(value: int) -> str:
    """A table's score with a real minus sign (U+2212), as the game pages write it."""
    return f"\u2212{-value}" if value < 0 else str(value)


def game_titles() -> dict[str, str]:
    return {name: kind.title for name, kind in GAMES.items()}


HELPERS = {
    "moment": moment,
    "time_of_day": time_of_day,
    "number": number,
    "percent": percent,
    "score": score,
}
"""How the tournaments' pages write times and figures."""


@router.get("/tournaments")
def tournaments_page(
    request: Request,
    user: UserOrVisitor,
    session: SessionDep,
    tab: Tab = "upcoming",
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
) -> HTMLResponse:
    """The list, a tab per status, the seasons (open ones first), and the forms to
    create a tournament or a season for whoever the server's ``tournament_organisers``
    setting lets create one."""
    listed = list_tournaments(user, session, status=tab, page=page)
    rule = policy(session, request.app.state.settings).tournament_organisers
    organises = may_organise(user, rule)
    boot = {
        "games": catalogue(),
        "tournaments": [t.model_dump(mode="json") for t in listed.tournaments],
    }
    now: datetime = request.app.state.clock.now()
    seasons = list_seasons(session).seasons
    next_starts = {
        s.id: next_arena_start(s.starts_at, s.legs, s.every_days, now)
        for s in seasons
        if s.status != "finished"
    }
    return render(
        request,
        user,
        "tournaments.html",
        boot=boot,
        tabs=TABS,
        tab=tab,
        listed=listed,
        may_create=organises,
        organisers=rule,
        seasons=seasons,
        next_starts=next_starts,
        game_titles=game_titles(),
        **HELPERS,
    )


@router.get("/tournaments/{tournament_id}")
def tournament_page_route(
    request: Request, user: UserOrVisitor, session: SessionDep, tournament_id: str
) -> HTMLResponse:
    """One tournament, as the reader may see it; the not-found page for an id that
    names none, or one they may not see."""
    try:
        detail = read_tournament(tournament_id, user, session)
    except HTTPException:
        return not_found(request, user, "tournament")
    in_division = detail.season is None or (
        user is not None
        and division_of(session, detail.season.id, user.id) == detail.season.division
    )
    shown = tournament_page(detail, user, may_join=in_division)
    boot = {
        "tournament": detail.id,
        "live": shown.live,
        "kind": detail.settings.kind,
        "options": detail.settings.options,
        "games": catalogue(),
    }
    return render(
        request,
        user,
        "tournament.html",
        boot=boot,
        shown=shown,
        t=detail,
        game_titles=game_titles(),
        **HELPERS,
    )
