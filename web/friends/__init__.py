"""Friends: friendships and mutes (:mod:`.relations`), who is online
(:mod:`.presence`), friend links (:mod:`.links`), invitations to tables and "play
again with the same people" (:mod:`.invitations`), and their routes (:mod:`.routes`).

What the other rooms use: the lobby's streams (a controller) read a person's open
invitations (:mod:`.inbox`), their friend requests (:mod:`.relations`) and mark
them online (:class:`Beat`). Invitations build on the lobby's tables, so the face
leaves them out: friends name the lobby, and nothing of the lobby below its
controllers names friends.
"""

from . import inbox, relations
from .presence import Beat
from .relations import relations_of

__all__ = ["Beat", "inbox", "relations", "relations_of"]
