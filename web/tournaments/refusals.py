"""The tournaments' refusals as the API sends them: ``{code, message, field}`` with a
status, the message in the reader's language.

The store (``setup``, ``entries``, ``rounds``, ``plans``) names what was wrong in
plain English, with the values in it. Each of those sentences has its template here,
marked for the catalogs: the store's sentence is read back into the template's values,
and the template is said in the reader's language. A sentence with no template (an
engine's own words about a game's options) goes out in English, as the engines' own
messages do elsewhere."""

from __future__ import annotations

import re
import string
from typing import Any

from fastapi import HTTPException

from ..i18n import N_, Words
from .errors import TournamentError

STORE_SENTENCES = (
    N_("the tournament is over"),
    N_("{name} has already entered"),
    N_("the tournament is full ({limit} entries)"),
    N_("a round robin takes no entries once it has begun"),
    N_("every round has already started"),
    N_("{name} has not entered"),
    N_("{name} was disqualified"),
    N_("{name} has already withdrawn"),
    N_("{name} does not run this tournament"),
    N_("a disqualification says why"),
    N_("{name} was disqualified already"),
    N_("the tournament is paused"),
    N_("the tournament is finished"),
    N_("all {rounds} rounds have started"),
    N_("an arena seats players as they come free, not by rounds"),
    N_("{present} present, and a table needs at least {smallest}"),
    N_("the round robin ends after round {last}"),
    N_("a tournament needs a name"),
    N_("a whole number, not {value}"),
    N_("between {least} and {most}, not {value}"),
    N_("{value} is not one of {allowed}"),
    N_("{kind} seats at most {most}"),
    N_("an arena has no rounds whose tables share a deal"),
)
"""Every sentence the store refuses with, as a template of its values."""


def _pattern(template: str) -> re.Pattern[str]:
    """The template as a pattern whose groups read its values back."""
    parts = []
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P<{name}>.+?)")
    return re.compile("".join(parts) + r"\Z", re.DOTALL)


def _literal_length(template: str) -> int:
    return sum(len(literal) for literal, *_ in string.Formatter().parse(template))


PATTERNS = tuple(
    (template, _pattern(template))
    for template in sorted(STORE_SENTENCES, key=_literal_length, reverse=True)
)
"""The most literal text first, so "was disqualified already" is not read as "was
disqualified" with a longer name."""


def worded(message: str) -> Words | str:
    """The store's sentence, said later in the reader's language when a template
    matches it; any other in English."""
    for template, pattern in PATTERNS:
        found = pattern.match(message)
        if found is not None:
            values: dict[str, Any] = found.groupdict()
            return Words(template, **values)
    return message


def refusal(status: int, code: str, message: Words | str, **extra: object) -> HTTPException:
    """A refusal in the API's shape (web.app words ``message`` for the reader)."""
    return HTTPException(status, detail={"code": code, "message": message, **extra})


def store_refusal(error: TournamentError, status: int, code: str) -> HTTPException:
    """The store's refusal, with the field at fault named; the organiser's check is
    always a 403."""
    if error.field == "organiser":
        status, code = 403, "not_organiser"
    return refusal(status, code, worded(error.message), field=error.field)
