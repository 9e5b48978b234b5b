"""The admin page (``/admin``) and its API (``/api/admin/...``), for admins and moderators.

Everything here is refused (403) to anyone else and sent with ``Cache-Control:
no-store`` (:mod:`.access`); anything that changes something wants a sign-in made
in the last 15 minutes (:mod:`.reauth_routes`) and writes an audit entry in the same
transaction (:mod:`web.people.access.audit`). Each section has its routes module:
people (bans, mutes, roles), games and reports, the join policy and invitations,
guests and backups, the settings in force and the server's health, the audit log;
:mod:`.routes` gathers them for web.app, so nothing is gathered here.
"""

__all__: list[str] = []
