"""Table talk: what people say at a game's table, and who may hear it.

A line is a preset reaction (a code, worded in each reader's own language, so friends
without a common language can still greet each other) or free text, numbered per game
and committed before anyone hears of it (:mod:`web.talk.store`). Who reads what —
the players' room and the spectators', mutes either way — is decided in
:mod:`web.talk.lines`; the game's room delivers (web.live.talk) and HTTP changes the
table's rules (:mod:`web.talk.routes`).
"""
