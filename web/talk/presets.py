"""The preset reactions: a code on the wire, the reader's own words on the screen.

The English texts are the catalogs' source (the page's buttons use the same ones), so
one translation serves the button that says it and the line that shows it.
"""

from __future__ import annotations

from ..i18n import N_, gettext_in

PRESETS: dict[str, str] = {
    "hello": N_("Hello!"),
    "good_game": N_("Good game!"),
    "well_played": N_("Well played!"),
    "oops": N_("Oops!"),
    "thinking": N_("Thinking…"),
    "hurry": N_("Hurry up, please!"),
    "thanks": N_("Thanks!"),
    "nice_move": N_("Nice move!"),
    "good_luck": N_("Good luck!"),
    "rematch": N_("Rematch?"),
    "bye": N_("Bye!"),
    "sorry": N_("Sorry!"),
}
"""Each preset's code and its English words, in the order the page shows them."""


def preset_words(code: str, language: str) -> str:
    """A preset as a reader of ``language`` reads it."""
    return gettext_in(language, PRESETS[code])
