"""What the friends' routes accept and answer: friends, mutes, invitations, again.

Bodies forbid unknown fields and loose types (web.people.Inbound): a typo is a 422
naming the field, never a silently ignored value."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from ..people import Inbound

MAX_INVITED = 10
"""Friends one request may invite (a table seats at most 8)."""
UserId = Annotated[int, Field(ge=1, le=2**31 - 1)]
"""A person's id: a number the database can hold (a larger one names nobody)."""


class FriendAdd(Inbound):
    """Add a friend by their name or by their id: exactly one of the two."""

    name: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = None
    user: UserId | None = None

    @model_validator(mode="after")
    def _one_of_them(self) -> FriendAdd:
        if (self.name is None) == (self.user is None):
            raise PydanticCustomError("one_of", "give one of name or user", {})
        return self


class InvitationsSend(Inbound):
    """Invite these friends (user ids) to the table."""

    friends: list[UserId] = Field(min_length=1, max_length=MAX_INVITED)


class Person(BaseModel):
    id: int
    name: str


class FriendGame(BaseModel):
    """A friend's game in progress."""

    game_id: str
    game: str
    """The game's kind (``chromino``, ``triominos``)."""
    players: list[str]
    watchable: bool
    """Whether I may watch it (its table lets people watch, or I play in it)."""


class FriendPublic(BaseModel):
    id: int
    name: str
    online: bool | None
    """None: the friend shows nobody whether they are online."""
    games: list[FriendGame]
    """Empty too when the friend shows nobody their games."""


class FriendsPublic(BaseModel):
    friends: list[FriendPublic]
    incoming: list[Person]
    """They added me; I have not added them (a request to answer)."""
    outgoing: list[Person]
    """I added them; they have not added me yet."""
    muted: list[Person]
    link: str
    """My friend link (root-relative): whoever opens it becomes my friend."""
    show_online: bool
    """Whether my friends see when I am online and my games (a preference)."""


class FriendStatus(BaseModel):
    status: Literal["friends", "requested"]


class MutesPublic(BaseModel):
    muted: list[Person]


class InvitationPublic(BaseModel):
    """An invitation waiting for my answer."""

    model_config = ConfigDict(serialize_by_alias=True)

    id: int
    table: str
    """The table's invite code."""
    sender: str | None = Field(serialization_alias="from")
    """Who invited me (None once their guest account is gone)."""
    game: str
    created_at: str


class Invited(BaseModel):
    invited: list[int]


class Accepted(BaseModel):
    invite_code: str
    url: str


class Again(BaseModel):
    invite_code: str
    url: str
    invited: list[int]
