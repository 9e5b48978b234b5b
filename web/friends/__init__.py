"""Friends: friendships and mutes (:mod:`.relations`), who is online
(:mod:`.presence`), friend links (:mod:`.links`), invitations to tables and "play
again with the same people" (:mod:`.invitations`), and their routes (:mod:`.routes`).

Nothing is imported here: the lobby's streams read a person's invitations and friend
requests from these modules while the friends' routes build on the lobby's tables, so
each side imports the module it needs, never the whole package (no import cycle).
"""
