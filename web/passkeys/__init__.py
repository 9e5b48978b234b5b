"""Passkeys (WebAuthn): signing in with a phone's or computer's screen lock, or a
security key, instead of a password.

- :mod:`web.passkeys.party` — who we are to the browser (the relying party), from
  the address the page was opened at;
- :mod:`web.passkeys.challenges` — single-use challenges bound to one browser;
- :mod:`web.passkeys.ceremonies` — the registration and sign-in ceremonies (the
  ``webauthn`` package does the cryptography);
- :mod:`web.passkeys.store` — the stored credentials, and "never the last way in";
- :mod:`web.passkeys.routes` — the HTTP API, a controller that web.app imports itself.

Who may sign up and who is banned is people's to say (web.people's face): passkeys
sit beside people and read them, never the club above.
"""

__all__: list[str] = []
