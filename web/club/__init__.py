"""A private server as its host and staff run it: the admin page (web.club.admin),
the routes of joining by invitation, of recovery links and of a person's own data
(export and deletion).

Who may join and how (the join policy, invitations, the founder), roles, bans,
recovery tokens and the audit log are a person's access, one floor down in
web.people (web.people.access); the club reads them through people's face. The host's
tools the admin page offers (backups, pruning guests, stuck games, reports) are
web.ops's, which the club calls and which never calls back. Every module here with a
router is a controller that web.app imports itself, so nothing is gathered here.
"""

__all__: list[str] = []
