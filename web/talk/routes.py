"""Table talk over HTTP: the table creator's rules (free text, who is muted there) and
reports of a line to the server's admins. Saying a line is the game socket's."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Request, Response, status
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from ..i18n import N_, Words
from ..lobby import TableError, game_by_id, live_games, may_watch, seat_of, table_by_invite
from ..models import ChatMessage, ChatReport, Game, GameTable, TableMute, User
from ..people import CurrentUser, SessionDep
from .lines import SPECTATORS

router = APIRouter(prefix="/api")


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class TextSwitch(_Body):
    text: bool


class ReportBody(_Body):
    reason: Annotated[str, Field(max_length=300)] = ""


def _tell_the_rooms(request: Request, table_id: int) -> None:
    """The table's rules changed (committed): its games' rooms follow, everywhere."""
    request.app.state.loop.call_soon_threadsafe(live_games(request).table_talk_changed, table_id)


def _creator_only(table: GameTable, user: User) -> None:
    if table.creator_id != user.id:
        words = Words(N_("only the table's creator can change how people talk there"))
        raise TableError(403, "not_creator", words)


@router.patch("/tables/{invite_code}/chat")
def switch_free_text(
    invite_code: str, body: TextSwitch, user: CurrentUser, session: SessionDep, request: Request
) -> TextSwitch:
    """Allow or forbid free text at the table's games (the presets are always allowed)."""
    table = table_by_invite(session, invite_code)
    _creator_only(table, user)
    table.chat_text = body.text
    session.commit()
    _tell_the_rooms(request, table.id)
    return body


def _table_of_game(session: SessionDep, game_id: str) -> tuple[Game, GameTable]:
    game = game_by_id(session, game_id)
    table = session.get(GameTable, game.table_id)
    if table is None:
        raise TableError(404, "no_such_table", Words(N_("this game's table is gone")))
    return game, table


def _someone(session: SessionDep, user_id: int) -> User:
    person = session.get(User, user_id)
    if person is None:
        raise TableError(404, "no_such_person", Words(N_("nobody has this id")))
    return person


@router.put("/games/{game_id}/mutes/{user_id}", status_code=status.HTTP_204_NO_CONTENT)
def mute_at_table(
    game_id: str, user_id: int, user: CurrentUser, session: SessionDep, request: Request
) -> Response:
    """The table's creator mutes someone at its games: they still play, and are told."""
    _, table = _table_of_game(session, game_id)
    _creator_only(table, user)
    _someone(session, user_id)
    if user_id == user.id:
        raise TableError(400, "yourself", Words(N_("you cannot mute yourself")))
    if session.get(TableMute, (table.id, user_id)) is None:
        session.add(TableMute(table_id=table.id, user_id=user_id))
        session.commit()
    _tell_the_rooms(request, table.id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.delete("/games/{game_id}/mutes/{user_id}", status_code=status.HTTP_204_NO_CONTENT)
def unmute_at_table(
    game_id: str, user_id: int, user: CurrentUser, session: SessionDep, request: Request
) -> Response:
    _, table = _table_of_game(session, game_id)
    _creator_only(table, user)
    muted = session.get(TableMute, (table.id, user_id))
    if muted is not None:
        session.delete(muted)
        session.commit()
    _tell_the_rooms(request, table.id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/chat/{game_id}/{seq}/report", status_code=status.HTTP_201_CREATED)
def report_line(
    game_id: str, seq: int, body: ReportBody, user: CurrentUser, session: SessionDep
) -> dict[str, int]:
    """Report a line to the admins (``chromino admin reports``), kept with the line and
    its game. Only someone who could read it may; reporting it twice keeps one."""
    game = game_by_id(session, game_id)
    line = session.scalar(
        select(ChatMessage).where(ChatMessage.game_id == game_id, ChatMessage.seq == seq)
    )
    player = seat_of(game, user.id) is not None
    hidden = line is not None and line.room == SPECTATORS and player and game.status == "playing"
    if line is None or hidden or not may_watch(game, user.id):
        raise TableError(404, "no_such_line", Words(N_("there is no such line in this game")))
    report = session.scalar(
        select(ChatReport).where(
            ChatReport.message_id == line.id, ChatReport.reporter_id == user.id
        )
    )
    if report is None:
        report = ChatReport(message_id=line.id, reporter_id=user.id, reason=body.reason.strip())
        session.add(report)
        session.commit()
    return {"report": report.id}
