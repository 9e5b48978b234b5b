"""Watching: the live public games listed (:mod:`.listing`), people followed to find
their games (:mod:`.follows`), and one game as a spectator sees it (:mod:`.frames`),
for the TV and the pages other sites may frame.

The routes are controllers: ``web.app`` imports :mod:`.routes` (the API) and
:mod:`.page_routes` (``/live``, ``/tv``, ``/embed/...``) itself, and this face never
loads them. It names what other rooms may want: the rule of what strangers may be
shown of a game, and whether a person follows another (a profile's button).
"""

from .follows import follow_state
from .listing import is_public, public_game

__all__ = ["follow_state", "is_public", "public_game"]
