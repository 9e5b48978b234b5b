"""A private server: who may join, roles, the admin page and its audit log.

A host runs this for a club or a family. What the server lets strangers do (join
freely, by invitation, or not at all; play as guests or not) is the join policy
(:mod:`web.club.policy`); the people who run it are admins and moderators
(:mod:`web.club.roles`); whatever they do is written to the audit log
(:mod:`web.club.audit`). Links that let someone in (invitations, recovery) carry a
long random token of which only a hash is kept (:mod:`web.club.tokens`).
"""
