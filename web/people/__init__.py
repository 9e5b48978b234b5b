"""People: accounts, sessions, names, preferences, sign-in limits, a person's schedule
and their access to the server.

What the other rooms use, and only through this face:

- the request dependencies (:data:`SessionDep`, :data:`CurrentUser`,
  :data:`UserOrVisitor`, :data:`OptionalUser`, :data:`Onlooker`), who a session cookie
  belongs to, a user's public form and the base of every request body (:class:`Inbound`);
- accounts (a browser's session made, rotated and ended; passwords set and checked)
  and names, the sign-in limits and their words;
- a person's schedule: time zone, quiet hours and days away (:class:`Schedule`, as
  stored: :func:`schedules_of`), and the zones' current names;
- API tokens (web.people.access.api_tokens) and the gate that lets a bearer request
  reach only the routes its scopes open (:class:`BearerGate`, :func:`holder_in`);
- access (web.people.access): the join policy, invitation links, the founder, roles,
  bans, recovery links and the audit log every staff action writes.

The people routes (web.people.routes) are a controller: web.app imports them itself.
"""

from .access import api_tokens, audit, invitations, recovery, tokens
from .access.api_tokens import BOT_PLAY, SCOPES, Holder, is_bot
from .access.bans import (
    FOREVER,
    ban_detail,
    farewell,
    farewell_words,
    forget_notices,
    is_banned,
    leave_notices,
    notice_for,
    refuse_if_banned,
)
from .access.bearer import HOLDER, ROUTE_SCOPES, BearerGate, holder_in
from .access.founder import crown_the_first
from .access.join import refusal_error, refuse_a_sign_up
from .access.policy import CHANGEABLE, Join, Organisers, Policy, policy
from .access.policy import change as keep_setting
from .access.policy import reset as reset_setting
from .access.roles import ROLES, Role, is_admin, is_staff, set_role
from .accounts import (
    NameTakenError,
    check_password,
    end_session,
    end_sessions,
    guest,
    has_a_way_in,
    is_visitor,
    lock_with_unknown_password,
    preferences_of,
    public_user,
    remember,
    rename,
    rotate_session,
    set_password,
    site_secret,
    switched_off,
    user_of_session,
    without_a_way_in,
)
from .deps import (
    VISITOR_NAME,
    CurrentUser,
    Onlooker,
    OptionalUser,
    SessionDep,
    UserOrVisitor,
    get_current_user,
)
from .limits import TOO_MANY_SIGN_INS, TOO_MANY_WRONG_PASSWORDS, Limits, too_many_attempts
from .names import (
    FORMER_PLAYER,
    GUEST_WORDS,
    UnusableName,
    drawn_guest_name,
    normalize,
    skeleton,
    usable_name,
)
from .open_games import OpenGames
from .schedule import LONGEST_QUIET_MINUTES, Schedule, aware_utc
from .schedule_store import (
    DEFAULT_QUIET,
    DEFAULT_ZONE,
    DIGEST_HOUR,
    clocks_moved,
    schedule_from,
    schedules_of,
)
from .schemas import ASSISTANCE_LEVELS, PALETTES, SWITCHES, Inbound, Name, Password, UserPublic
from .zones import RENAMED_ZONES, current_zone

__all__ = [
    "ASSISTANCE_LEVELS",
    "BOT_PLAY",
    "CHANGEABLE",
    "DEFAULT_QUIET",
    "DEFAULT_ZONE",
    "DIGEST_HOUR",
    "FOREVER",
    "FORMER_PLAYER",
    "GUEST_WORDS",
    "HOLDER",
    "LONGEST_QUIET_MINUTES",
    "PALETTES",
    "RENAMED_ZONES",
    "ROLES",
    "ROUTE_SCOPES",
    "SCOPES",
    "SWITCHES",
    "TOO_MANY_SIGN_INS",
    "TOO_MANY_WRONG_PASSWORDS",
    "VISITOR_NAME",
    "BearerGate",
    "CurrentUser",
    "Holder",
    "Inbound",
    "Join",
    "Limits",
    "Name",
    "NameTakenError",
    "Onlooker",
    "OpenGames",
    "OptionalUser",
    "Organisers",
    "Password",
    "Policy",
    "Role",
    "Schedule",
    "SessionDep",
    "UnusableName",
    "UserOrVisitor",
    "UserPublic",
    "api_tokens",
    "audit",
    "aware_utc",
    "ban_detail",
    "check_password",
    "clocks_moved",
    "crown_the_first",
    "current_zone",
    "drawn_guest_name",
    "end_session",
    "end_sessions",
    "farewell",
    "farewell_words",
    "forget_notices",
    "get_current_user",
    "guest",
    "has_a_way_in",
    "holder_in",
    "invitations",
    "is_admin",
    "is_banned",
    "is_bot",
    "is_staff",
    "is_visitor",
    "keep_setting",
    "leave_notices",
    "lock_with_unknown_password",
    "normalize",
    "notice_for",
    "policy",
    "preferences_of",
    "public_user",
    "recovery",
    "refusal_error",
    "refuse_a_sign_up",
    "refuse_if_banned",
    "remember",
    "rename",
    "reset_setting",
    "rotate_session",
    "schedule_from",
    "schedules_of",
    "set_password",
    "set_role",
    "site_secret",
    "skeleton",
    "switched_off",
    "tokens",
    "too_many_attempts",
    "usable_name",
    "user_of_session",
    "without_a_way_in",
]
