"""Friend links: ``/f/TOKEN``, a person's standing offer of friendship.

The token is the owner's id signed with the server's secret under a salt of its own
(a token made for anything else — a session, an email link — is a bad signature
here), and carries no time: the link a person shares never expires and is the same
each time the page shows it, so nothing needs storing to trust it later. Sharing it
is the owner's consent; whoever opens it becomes their friend at once.
"""

from __future__ import annotations

from itsdangerous import BadData, URLSafeSerializer

SALT = "chromino.link.friend"


class BadFriendLink(Exception):
    """A token that is not a friend link made by this server (forged, garbled, cut)."""


def _serializer(secret: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret, salt=SALT)


def friend_token(secret: str, user_id: int) -> str:
    """The token of a person's friend link (the same every time)."""
    token: str = _serializer(secret).dumps({"friend": user_id})
    return token


def friend_link(secret: str, user_id: int) -> str:
    """The root-relative friend link of a person (the page adds its origin)."""
    return f"/f/{friend_token(secret, user_id)}"


def link_owner(secret: str, token: str) -> int:
    """The id of the person whose friend link this is, or :class:`BadFriendLink`."""
    if len(token) > 200:
        raise BadFriendLink(token[:20])
    try:
        value = _serializer(secret).loads(token)
    except BadData:
        raise BadFriendLink(token[:20]) from None
    owner = value.get("friend") if isinstance(value, dict) else None
    if not isinstance(owner, int) or isinstance(owner, bool):
        raise BadFriendLink(token[:20])
    return owner
