"""People: accounts, sessions, names, preferences, sign-in limits, and their routes.

What the other rooms use: the request dependencies (:data:`SessionDep`,
:data:`CurrentUser`, :data:`UserOrVisitor`, :data:`OptionalUser`, :data:`Onlooker`), who a session
cookie belongs to, a user's public form, the base of every request body (:class:`Inbound`) and the
preference choices the pages offer.
"""

from .accounts import has_a_way_in, public_user, site_secret, user_of_session
from .deps import CurrentUser, Onlooker, OptionalUser, SessionDep, UserOrVisitor
from .limits import Limits
from .routes import OpenGames, router
from .schedule import LONGEST_QUIET_MINUTES, Schedule, aware_utc
from .schedule_store import (
    DEFAULT_QUIET,
    DEFAULT_ZONE,
    DIGEST_HOUR,
    clocks_moved,
    schedule_from,
    schedules_of,
)
from .schemas import ASSISTANCE_LEVELS, PALETTES, Inbound
from .zones import RENAMED_ZONES, current_zone

__all__ = [
    "ASSISTANCE_LEVELS",
    "DEFAULT_QUIET",
    "DEFAULT_ZONE",
    "DIGEST_HOUR",
    "LONGEST_QUIET_MINUTES",
    "PALETTES",
    "RENAMED_ZONES",
    "CurrentUser",
    "Inbound",
    "Limits",
    "Onlooker",
    "OpenGames",
    "OptionalUser",
    "Schedule",
    "SessionDep",
    "UserOrVisitor",
    "aware_utc",
    "clocks_moved",
    "current_zone",
    "has_a_way_in",
    "public_user",
    "router",
    "schedule_from",
    "schedules_of",
    "site_secret",
    "user_of_session",
]
