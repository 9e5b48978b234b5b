"""Access: who may come in and who runs the server — a person's side of a private server.

- :mod:`.policy` — the join policy in force (open, by invitation, closed; guests or not);
- :mod:`.join` — the one place that policy is applied to a visitor;
- :mod:`.invitations` — the links that let someone into an invitation-only server;
- :mod:`.founder` — the first sign-up crowned admin, when the host asks for it;
- :mod:`.roles` — members, moderators and admins;
- :mod:`.bans` — who is shut out, why and until when;
- :mod:`.recovery` — links that let a person who lost their password back in;
- :mod:`.audit` — the log every staff action writes;
- :mod:`.tokens` — the long random tokens of links that let someone in;
- :mod:`.api_tokens` — the tokens programs act with, and their scopes;
- :mod:`.bearer` — the gate that lets a token reach only the routes it opens.

They sit with the accounts because signing in, acting as a guest and signing up all
ask them, and the rooms above (the club's admin page, passkeys, the lobby) read them
through web.people's face. Nothing is imported here: web.people's face names what
the other rooms use.
"""
