"""The friends' routes: my friends and requests, adding and removing, the friend link,
my mutes, invitations to tables and "play again with the same people".

Every change commits, then wakes the lobby streams (here and on the other processes):
the me stream of the person concerned shows their friend requests and invitations.
A mute also tells the live games (``mutes_changed``), whose chat follows it at once.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response, status
from fastapi.responses import RedirectResponse
from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from .. import lobby
from ..games import game_kind
from ..i18n import N_, Words
from ..lobby import SeatIn, TableCreateBase, live_games
from ..models import Game, GamePlayer, GameTable, User
from ..people import (
    CurrentUser,
    OptionalUser,
    SessionDep,
    UserOrVisitor,
    get_current_user,
    is_visitor,
)
from . import inbox, invitations, presence, relations
from .links import BadFriendLink, friend_link, link_owner
from .relations import refuse
from .schemas import (
    Accepted,
    Again,
    FriendAdd,
    FriendGame,
    FriendPublic,
    FriendsPublic,
    FriendStatus,
    InvitationPublic,
    InvitationsSend,
    Invited,
    MutesPublic,
    Person,
)

router = APIRouter()

PersonId = Annotated[int, Path(ge=1, le=2**31 - 1)]
"""A person's id in a path (a larger number names nobody: 422, not a database error)."""
InvitationId = Annotated[int, Path(ge=1, le=2**31 - 1)]


def _now(request: Request) -> datetime:
    """The app's clock (web.clock): a test's fake one moves presence and notices too."""
    return live_games(request).clock.now()


def _changed(request: Request, session: Session) -> None:
    """Commit, then wake the lobby and me streams (here and on the other processes)."""
    session.commit()
    request.app.state.loop.call_soon_threadsafe(live_games(request).lobby_changed)


def _person(user: User) -> Person:
    return Person(id=user.id, name=user.name)


def _shows_online(user: User) -> bool:
    return user.preference is None or user.preference.show_online is not False


# --- friends -------------------------------------------------------------------------


@router.get("/api/friends")
def read_friends(user: OptionalUser, session: SessionDep, request: Request) -> FriendsPublic:
    """My mutual friends (online or not, their games in progress, unless they hide
    both), the requests waiting either way, those I muted, my friend link (a visitor
    has nothing yet, not even a link: ``link`` is empty until their account exists)."""
    if user is None:
        return FriendsPublic(
            friends=[], incoming=[], outgoing=[], muted=[], link="", show_online=True
        )
    friends, incoming, outgoing = relations.relations_of(session, user)
    ids = friends | incoming | outgoing
    people = {
        person.id: person
        for person in session.scalars(
            select(User).where(User.id.in_(ids)).options(selectinload(User.preference))
        )
    }
    now = _now(request)
    shown = {i for i in friends if i in people and _shows_online(people[i])}
    games = _games_of(session, shown, user.id)

    def by_name(group: set[int]) -> list[User]:
        return sorted((people[i] for i in group if i in people), key=lambda p: p.name.casefold())

    return FriendsPublic(
        friends=[
            FriendPublic(
                id=friend.id,
                name=friend.name,
                online=presence.is_online(friend.online_at, now) if friend.id in shown else None,
                games=games.get(friend.id, []),
            )
            for friend in by_name(friends)
        ],
        incoming=[_person(person) for person in by_name(incoming)],
        outgoing=[_person(person) for person in by_name(outgoing)],
        muted=[_person(person) for person in relations.muted_people(session, user)],
        link=friend_link(request.app.state.secret, user.id),
        show_online=_shows_online(user),
    )


def _games_of(session: Session, user_ids: set[int], me: int) -> dict[int, list[FriendGame]]:
    """Each person's games in progress with others (solo games left out), in one query."""
    if not user_ids:
        return {}
    query = (
        select(GamePlayer.user_id, Game)
        .join(Game, Game.id == GamePlayer.game_id)
        .where(GamePlayer.user_id.in_(user_ids), Game.status == "playing", Game.solo.is_(False))
        .order_by(Game.created_at.desc(), Game.id)
    )
    found: dict[int, list[FriendGame]] = defaultdict(list)
    for user_id, game in session.execute(query):
        assert user_id is not None
        found[user_id].append(
            FriendGame(
                game_id=game.id,
                game=game.kind,
                players=[seat["name"] for seat in game.seats],
                watchable=lobby.may_watch(game, me),
            )
        )
    return found


@router.post("/api/friends")
def add_friend(
    body: FriendAdd, user: CurrentUser, session: SessionDep, request: Request
) -> FriendStatus:
    """Add someone (by ``name`` or ``user`` id): ``friends`` when they had added me,
    else ``requested`` (their pages show the request)."""
    other = relations.other_person(session, user, body.user, body.name)
    answer = relations.add_friend(session, user, other)
    _changed(request, session)
    return FriendStatus(status="friends" if answer == "friends" else "requested")


@router.delete("/api/friends/{user_id}", status_code=status.HTTP_204_NO_CONTENT)
def remove_friend(
    user_id: PersonId, user: CurrentUser, session: SessionDep, request: Request
) -> Response:
    """End a friendship, decline someone's request or withdraw mine (both rows go)."""
    relations.unfriend(session, user.id, user_id)
    _changed(request, session)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


BAD_LINK = N_("this friend link is broken: ask your friend to send it again")


@router.get("/f/{token}", include_in_schema=False)
def open_friend_link(
    token: str, user: UserOrVisitor, session: SessionDep, request: Request
) -> RedirectResponse:
    """Someone's friend link: whoever opens it (a guest is made for a new visitor, if
    the server's join policy lets one in: else they land in the lobby, which says how
    to get in) becomes their friend at once — unless either muted the other, or it is
    my own link — and lands on the friends page (``?added=`` names the new friend)."""
    try:
        owner_id = link_owner(request.app.state.secret, token)
    except BadFriendLink:
        raise refuse(400, "bad_link", Words(BAD_LINK)) from None
    owner = session.get(User, owner_id)
    if owner is None:
        raise refuse(404, "no_such_person", Words(relations.NO_SUCH_PERSON))
    if is_visitor(user):
        if request.state.join_refusal is not None:
            return RedirectResponse("/", status_code=status.HTTP_303_SEE_OTHER)
        user = get_current_user(request, session)
    if owner.id == user.id or relations.muted_either_way(session, user.id, owner.id):
        return RedirectResponse("/friends", status_code=status.HTTP_303_SEE_OTHER)
    relations.befriend(session, user.id, owner.id)
    _changed(request, session)
    return RedirectResponse(f"/friends?added={owner.id}", status_code=status.HTTP_303_SEE_OTHER)


# --- mutes ---------------------------------------------------------------------------


@router.get("/api/me/mutes")
def read_mutes(user: OptionalUser, session: SessionDep) -> MutesPublic:
    """Those I muted, everywhere (a visitor: nobody)."""
    if user is None:
        return MutesPublic(muted=[])
    return MutesPublic(muted=[_person(person) for person in relations.muted_people(session, user)])


def _muting(request: Request, session: Session, user: User) -> Response:
    """Commit, then tell the live games (their chat follows at once) and the streams."""
    _changed(request, session)
    # Waited for: once answered, no line of theirs reaches me through this process.
    followed = live_games(request).mutes_changed(user.id)
    asyncio.run_coroutine_threadsafe(followed, request.app.state.loop).result(timeout=10)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.put("/api/me/mutes/{user_id}", status_code=status.HTTP_204_NO_CONTENT)
def mute(user_id: PersonId, user: CurrentUser, session: SessionDep, request: Request) -> Response:
    """Mute someone for me, everywhere: our friendship and the open invitations between
    us end; they can no longer befriend me, invite me or join my private tables."""
    relations.mute(session, user, relations.other_person(session, user, user_id, None))
    return _muting(request, session, user)


@router.delete("/api/me/mutes/{user_id}", status_code=status.HTTP_204_NO_CONTENT)
def unmute(user_id: PersonId, user: CurrentUser, session: SessionDep, request: Request) -> Response:
    """Hear someone again."""
    relations.unmute(session, user, relations.other_person(session, user, user_id, None))
    return _muting(request, session, user)


# --- invitations -----------------------------------------------------------------------


@router.post("/api/tables/{invite_code}/invitations")
def invite_friends(
    invite_code: str,
    body: InvitationsSend,
    user: CurrentUser,
    session: SessionDep,
    request: Request,
) -> Invited:
    """Invite friends to the gathering table I am at: each gets an invitation in their
    pages and a notice; those who are no friends, muted or seated already are left out."""
    table = lobby.table_by_invite(session, invite_code)
    if table.status != "open":
        raise refuse(409, "table_not_open", Words(lobby.TABLE_STATUS[table.status]))
    invited = invitations.invite_friends(session, table, user, body.friends, _now(request))
    _changed(request, session)
    return Invited(invited=invited)


@router.get("/api/invitations")
def read_invitations(user: OptionalUser, session: SessionDep) -> list[InvitationPublic]:
    """My invitations to answer (tables still gathering, without me yet)."""
    return [] if user is None else inbox.open_invitations(session, user.id)


@router.post("/api/invitations/{invitation_id}/accept")
def accept_invitation(
    invitation_id: InvitationId, user: CurrentUser, session: SessionDep, request: Request
) -> Accepted:
    """Take a seat at the table (as ``POST /api/tables/{code}/join`` does, with its
    refusals: a full or started table, the turn-based cap, a mute)."""
    limit = request.app.state.settings.turn_based_game_limit
    table = _take_the_seat(session, user, invitation_id, turn_based_limit=limit)
    _changed(request, session)
    return Accepted(invite_code=table.invite_code, url=invitations.table_url(table))


@router.post("/api/invitations/{invitation_id}/decline", status_code=status.HTTP_204_NO_CONTENT)
def decline_invitation(
    invitation_id: InvitationId, user: CurrentUser, session: SessionDep, request: Request
) -> Response:
    invitations.decline(session, user, invitation_id)
    _changed(request, session)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/api/games/{game_id}/again", status_code=status.HTTP_201_CREATED)
def play_again(game_id: str, user: CurrentUser, session: SessionDep, request: Request) -> Again:
    """A new table like the finished game's, me in my seat, its other players invited."""
    game = lobby.game_by_id(session, game_id)
    limit = request.app.state.settings.turn_based_game_limit
    table, invited = _table_like(session, game, user, _now(request), turn_based_limit=limit)
    _changed(request, session)
    return Again(invite_code=table.invite_code, url=invitations.table_url(table), invited=invited)


def _take_the_seat(
    session: Session, me: User, invitation_id: int, *, turn_based_limit: int | None
) -> GameTable:
    """Take a seat at the table I am invited to (the lobby's join and its refusals);
    accepting again once seated changes nothing."""
    invitation = invitations.my_invitation(session, me, invitation_id)
    table = session.get(GameTable, invitation.table_id)
    assert table is not None  # the invitation goes with its table
    if me.id not in invitations.seated_at(table):
        lobby.join(table, me, turn_based_limit=turn_based_limit)
    invitation.status = "accepted"
    return table


SOLO_AGAIN = N_("a solo game has nobody to invite: start another one")


def _table_like(
    session: Session, game: Game, me: User, now: datetime, *, turn_based_limit: int | None
) -> tuple[GameTable, list[int]]:
    """A new table like the finished game's — its game, options, pace, watching rule,
    public flag and bots — with me in my seat of the game and its other players
    invited (friends or not: they just played together; not who muted either way)."""
    if game.status != "finished":
        raise refuse(409, "game_not_finished", Words(N_("a game is played again once over")))
    my_seat = lobby.seat_of(game, me.id)
    if my_seat is None:
        raise refuse(403, "not_a_player", Words(N_("only the game's players can play it again")))
    if game.solo:
        raise refuse(409, "solo_game", Words(SOLO_AGAIN))
    old = session.get(GameTable, game.table_id)
    assert old is not None
    kind = game_kind(old.kind)
    spec = TableCreateBase.model_construct(
        game=old.kind,
        options=kind.options_model.model_construct(**old.options),
        seats=[
            SeatIn(kind="bot", bot=seat["bot"])
            if seat["bot"]
            else SeatIn(kind="local", name=seat["name"])
            if seat.get("local")
            else SeatIn(kind="human")
            for seat in game.seats
        ],
        public=old.public,
        spectators=old.spectators,
        substitute_minutes=old.substitute_minutes,
        turn_days=old.turn_days,
        on_timeout=old.on_timeout,
        vacation=old.vacation,
    )
    table = lobby.create_table(session, me, spec, turn_based_limit=turn_based_limit)
    # The lobby seats its creator in the first human seat: mine is where I sat.
    for seat in table.seats:
        if seat.local_name is None:  # seats on my device stay mine (pass-and-play)
            seat.user_id = me.id if seat.seat == my_seat else None
    others = [
        seat["user_id"]
        for seat in game.seats
        if seat["user_id"] is not None and seat["user_id"] != me.id and not seat["bot"]
    ]
    muted = relations.muted_with(session, me.id, others)
    invited = invitations.invite(
        session, table, me, [user for user in others if user not in muted], now
    )
    return table, invited
