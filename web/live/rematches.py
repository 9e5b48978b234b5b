"""A rematch asked for on the game's own socket.

The page's socket is open when its game ends, so a player's "rematch" goes through
it rather than through an HTTP request of its own: the rematch is dealt as the
lobby's route deals it (the same checks, the same game when asked twice), and its
room is read through the same session, in one trip to a worker thread. No request
is parsed, no session cookie looked up, no route run through the middleware.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from ..i18n import Words
from ..lobby import NOT_A_PLAYER, TableError, game_by_id, rematch
from ..models import User
from ..people import ban_detail, is_banned
from ..protocol import ProtocolError
from .hub import Hub
from .room import Room

Opening = Coroutine[Any, Any, Room | None]
"""What loads the rematch's room, to be awaited on the event loop."""


def deal_rematch(hub: Hub, game_id: str, user_id: int) -> tuple[str, Opening | None]:
    """Deal (or find) the rematch of ``game_id`` for the player ``user_id`` and commit
    it; its id, and the coroutine that opens its room (None for a rematch asked for
    before, whose room was opened then). Called in a worker thread. Refusals are the
    route's, by the same codes, as :class:`ProtocolError`."""
    with hub.db.session() as session:
        user = session.get(User, user_id)
        if user is None:  # the account went while its socket was open
            raise ProtocolError("not_a_player", Words(NOT_A_PLAYER))
        if is_banned(user):
            raise ProtocolError("banned", ban_detail(user)["message"])
        try:
            finished = game_by_id(session, game_id)
            asked = rematch(
                session, finished, user, now=hub.clock.now(), deal_seed=hub.settings.deal_seed
            )
        except TableError as refusal:
            raise ProtocolError(refusal.code, refusal.message) from None
        session.commit()
        game_id = asked.game.id
        return game_id, hub.dealt(session, game_id) if asked.dealt_now else None
