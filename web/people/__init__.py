"""People: accounts, sessions, names, preferences, sign-in limits, and their routes.

What the other rooms use: the request dependencies (:data:`SessionDep`,
:data:`CurrentUser`, :data:`UserOrVisitor`, :data:`OptionalUser`, :data:`Onlooker`), who a session
cookie belongs to, a user's public form, the base of every request body (:class:`Inbound`) and the
preference choices the pages offer.
"""

from .accounts import public_user, site_secret, user_of_session
from .deps import CurrentUser, Onlooker, OptionalUser, SessionDep, UserOrVisitor
from .limits import Limits
from .routes import OpenGames, router
from .schemas import ASSISTANCE_LEVELS, PALETTES, Inbound

__all__ = [
    "ASSISTANCE_LEVELS",
    "PALETTES",
    "CurrentUser",
    "Inbound",
    "Limits",
    "Onlooker",
    "OpenGames",
    "OptionalUser",
    "SessionDep",
    "UserOrVisitor",
    "public_user",
    "router",
    "site_secret",
    "user_of_session",
]
