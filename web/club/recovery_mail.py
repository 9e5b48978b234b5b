"""The recovery email: plain words in the person's language, the link, how long it
lasts, and what to do if they did not ask for it."""

from __future__ import annotations

from ..i18n import N_, N_plural, environment, gettext_in, ngettext_in
from ..notify import Mail

SUBJECT = N_("Your way back in to Chromino online")
GREETING = N_("Hello {name},")
ASKED = N_("Someone (you, we hope) asked for a new password for your account on Chromino online.")
VALID = N_plural(
    "Follow this link within {count} minute to choose a new password. It works once.",
    "Follow this link within {count} minutes to choose a new password. It works once.",
)
NOT_YOU = N_(
    "If you did not ask for it, do nothing: your password stays as it is, and the link "
    "expires on its own."
)


def recovery_mail(address: str, name: str, link: str, minutes: int, language: str) -> Mail:
    """The email that carries a recovery link (text, and the same in simple HTML)."""
    greeting = gettext_in(language, GREETING, name=name)
    asked = gettext_in(language, ASKED)
    valid = ngettext_in(language, *VALID, minutes)
    not_you = gettext_in(language, NOT_YOU)
    text = "\n\n".join([greeting, asked, valid, link, not_you]) + "\n"
    html = (
        environment(language)
        .get_template("email_recovery.html")
        .render(
            language=language,
            greeting=greeting,
            asked=asked,
            valid=valid,
            link=link,
            not_you=not_you,
        )
    )
    return Mail(
        to=address,
        subject=gettext_in(language, SUBJECT),
        text=text,
        html=html,
        language=language,
    )
