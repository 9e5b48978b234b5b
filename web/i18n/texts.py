"""Server texts a person reads, said in their language.

A refusal is made deep in the code, far from the request that knows the reader's
language, so it carries :class:`Words` — a template marked for the catalogs with
:func:`N_` and its values — and is put into words at the edge: the HTTP error
handlers (the page's language, sent by its scripts as ``Accept-Language``) and the
game socket (the viewer's language). Codes stay stable; only the words change.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .catalogs import DEFAULT_LANGUAGE, gettext_in, ngettext_in


def N_(message: str) -> str:
    """Mark a text for the catalogs; it is translated where it is shown."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted text (its two English forms) for the catalogs."""
    return singular, plural


class Words:
    """A text to say later in the reader's language: a marked template and its values
    (``{name}`` placeholders); with ``plural`` and ``count``, a counted one."""

    def __init__(
        self, template: str, *, plural: str | None = None, count: int | None = None, **values: Any
    ) -> None:
        self.template = template
        self.plural = plural
        self.count = count
        self.values = values

    def to(self, language: str) -> str:
        """The text in ``language`` (English where the catalog has no translation)."""
        if self.plural is not None and self.count is not None:
            return ngettext_in(language, self.template, self.plural, self.count, **self.values)
        return gettext_in(language, self.template, **self.values)

    def __str__(self) -> str:
        return self.to(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"Words({self.template!r}, {self.values!r})"


def say(text: str | Words, language: str) -> str:
    """A text that may or may not wait for its language, in ``language``."""
    return text.to(language) if isinstance(text, Words) else text


FIELD_PROBLEMS = {
    "missing": N_("this is needed"),
    "string_too_short": N_("at least {min_length} characters, please"),
    "string_too_long": N_("at most {max_length} characters, please"),
    "greater_than_equal": N_("at least {ge}, please"),
    "less_than_equal": N_("at most {le}, please"),
    "greater_than": N_("more than {gt}, please"),
    "less_than": N_("less than {lt}, please"),
    "int_type": N_("a whole number, please"),
    "int_parsing": N_("a whole number, please"),
    "bool_type": N_("yes or no (true or false), please"),
    "string_type": N_("some text, please"),
    "string_unicode": N_("this is not valid text (it holds a lone UTF-16 surrogate)"),
    "literal_error": N_("one of {expected}, please"),
    "extra_forbidden": N_("this is not something that can be set"),
    "json_invalid": N_("this is not readable JSON"),
    "model_type": N_("an object with fields, please"),
    "list_type": N_("a list, please"),
}
"""pydantic's problems with the fields a person fills in, in words a person reads."""


def field_problem(problem: Any, language: str) -> str:
    """One of pydantic's problems in ``language``: our own (a name's rules, an option's
    range) by their template, pydantic's common ones by their type; any other stays as
    pydantic words it."""
    kind = str(problem.get("type", ""))
    context = dict(problem.get("ctx") or {})
    template = OWN_PROBLEMS.get(kind) or FIELD_PROBLEMS.get(kind)
    if template is not None:
        try:
            return gettext_in(language, template, **{k: str(v) for k, v in context.items()})
        except (KeyError, IndexError):
            return str(problem.get("msg", ""))
    message = str(problem.get("msg", ""))
    if kind == "value_error":
        # our validators' ValueError texts are marked with N_ and come as "Value error, …"
        text = message.removeprefix("Value error, ")
        return gettext_in(language, text)
    return message


OWN_PROBLEMS: dict[str, str] = {}
"""Problem type → template of the validators that say their own (see :func:`own_problem`)."""


def own_problem(kind: str, template: str) -> str:
    """Register a validator's own problem (a ``PydanticCustomError`` type) with its
    marked template; returns the type."""
    OWN_PROBLEMS[kind] = template
    return kind


RULE_REFUSALS = {
    "game_over": N_("The game is over."),
    "not_your_turn": N_("It is not your turn."),
    "malformed_move": N_("That move cannot be read."),
    "unknown_action": N_("That is not something a player can do."),
    "unknown_tile": N_("There is no such tile."),
    "bad_placement": N_("That is not a place on the board."),
    "tile_not_in_hand": N_("That tile is not in your hand."),
    "must_play_drawn_tile": N_("After a draw, only the tile you drew may be laid."),
    "overlap": N_("That place is taken."),
    "no_contact": N_("The tile must touch the tiles on the board."),
    "mismatch": N_("Every square the tile touches must be the same colour (or a chameleon)."),
    "bag_empty": N_("The bag is empty."),
    "draw_limit": N_("You have drawn as many tiles as this turn allows."),
    "pass_not_allowed": N_("You cannot pass now."),
    "no_such_seat": N_("There is no such seat in this game."),
    "seat_resigned": N_("You have left this game."),
}
"""The refusals every game shares (the core's reason codes), in words for a person; each
game's own rules' refusals are its kind's ``refusal_words``. The engines' own messages,
with the seats and tiles named, are English."""


def rule_sentence(
    code: str, message: str, language: str, own: Mapping[str, str] = MappingProxyType({})
) -> str:
    """An engine's refusal as a whole sentence in the reader's words, English included,
    for a newcomer (the lessons, the puzzles): the engine's own names tiles by letters.
    The engine's message only for a code with no words."""
    template = own.get(code) or RULE_REFUSALS.get(code)
    return message if template is None else gettext_in(language, template)


def rule_refusal(
    code: str, message: str, language: str, own: Mapping[str, str] = MappingProxyType({})
) -> str:
    """An engine's refusal for a reader: its own English words, else the code's in theirs
    (``own``: the game's words for its own rules' codes)."""
    template = own.get(code) or RULE_REFUSALS.get(code)
    if language == DEFAULT_LANGUAGE or template is None:
        return message
    return gettext_in(language, template)
