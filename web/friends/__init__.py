"""Friends: friendships and mutes (:mod:`.relations`), who is online
(:mod:`.presence`), friend links (:mod:`.links`), invitations to tables and "play
again with the same people" (:mod:`.invitations`), and their routes (:mod:`.routes`).

What the other rooms use: the lobby's streams (a controller) read a person's open
invitations (:mod:`.inbox`), their friend requests (:mod:`.relations`) and mark
them online (:class:`Beat`); the watching room finds a person by name
(:func:`person_named`). Invitations build on the lobby's tables, so the face
leaves them out: friends name the lobby, and nothing of the lobby below its
controllers names friends.
"""

from .inbox import open_invitations
from .presence import Beat
from .relations import incoming_count, person_named, relations_of

__all__ = ["Beat", "incoming_count", "open_invitations", "person_named", "relations_of"]
