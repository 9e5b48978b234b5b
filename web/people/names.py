"""Display names: one normal form, nothing hostile in it, and no look-alikes.

A name is normalised first (NFKC: a fullwidth less-than sign becomes ``<``,
ligatures unfold) and only then checked, so what is checked is what is stored.
Two names that a reader could not tell apart share one *skeleton* — case folded,
marks dropped, and the common Cyrillic and Greek look-alikes of Latin letters
(and digits that pass for letters) mapped to them — and the skeleton is the
unique key: "Ana" spelt with a Cyrillic A is taken when "Ana" is, and nobody may
be "Greedy bot" with a Cyrillic o.
"""

from __future__ import annotations

import re
import unicodedata

from ..i18n import LANGUAGES, N_, OWN_PROBLEMS, gettext_in, own_problem

MAX_LENGTH = 24
"""Characters in a name after normalisation (the column holds 40)."""

MARKUP = frozenset("<>&\"'`\\")
"""Characters that mean something to HTML, attributes or scripts."""

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
"""Controls, format characters (zero-width joiners and spaces, bidi marks and
overrides), private use, surrogates and unassigned code points."""

LOOK_ALIKES = str.maketrans(
    (
        # Cyrillic
        "\u0430\u0432\u0435\u0451\u043a\u043c\u043d\u043e"  # abeekmho
        "\u0440\u0441\u0442\u0443\u0445\u0455\u0456\u0457"  # pctyxsii
        "\u0458\u04bb\u0501\u051b\u051d\u04af\u04cf"  # jhdqwyl
        # Greek
        "\u03b1\u03b2\u03b5\u03b7\u03b9\u03ba\u03bd\u03bf"  # abenikvo
        "\u03c1\u03c4\u03c5\u03c7\u03b3\u03c9\u03f2\u03f3"  # ptuxywcj
        # Latin letters that pass for others, and digits that pass for letters
        "\u0261\u0131\u0142\u00f8\u0111\u012701"  # gilodhol
        "|5"  # ls
    ),
    "abeekmhopctyxsiijhdqwylabenikvoptuxywcjgilodholls",
)
"""Lower-case letters (after case folding) mapped to the Latin letter they imitate."""

FORMER_PLAYER = "a former player"
"""The seat of a person whose account is gone (deleted, or a guest pruned), as stored
in their games; every page words it in its reader's language."""
FORMER_PLAYER_WORDS = N_("a former player")
FORMER_GUEST = "former guest"
"""What pruned guests' seats were called before "a former player" (pages word both alike)."""

RESERVED = (
    "Random bot",
    "Greedy bot",
    "Strong bot",
    "Easy bot",
    "Medium bot",
    "Hard bot",
    FORMER_PLAYER,
    FORMER_GUEST,
)
"""Names the server gives its own players or empty seats: nobody may pass for one."""


GUEST_WORDS = N_("Guest {number}")
"""A new guest's drawn name in the reader's words. The stored name is always the
English form, ``Guest 123456`` (:func:`guest_name`); every page words it in its
reader's language at display ("Гость 123456", "ゲスト 123456"), so nobody may choose a
name of that form (:func:`looks_like_a_guest`)."""
GUEST_DIGITS = 6


def guest_name(number: int) -> str:
    """The stored name of a new guest: ``Guest`` and a six-digit number."""
    return f"Guest {number:0{GUEST_DIGITS}d}"


def looks_like_a_guest(name: str) -> bool:
    """Whether a name passes for a drawn guest's name ("Guest 123456", "GUEST 12"),
    which every page words in its own language."""
    found = re.fullmatch(r"(\D+?)\s*(\d+)", normalize(name))
    return found is not None and skeleton(found.group(1)) == "guest"


def drawn_guest_name(typed: str) -> str | None:
    """The stored name of a guest whose worded name (in any language) was typed
    ("Гость 123456" → "Guest 123456"), or None: a guest signs in with the name shown."""
    text = normalize(typed)
    for language in LANGUAGES:
        words = gettext_in(language, GUEST_WORDS, number="\x00")
        before, _, after = words.partition("\x00")
        pattern = re.escape(before) + rf"(\d{{{GUEST_DIGITS}}})" + re.escape(after)
        found = re.fullmatch(pattern, text, flags=re.IGNORECASE)
        if found:
            return guest_name(int(found.group(1)))
    return None


class UnusableName(ValueError):
    """A name that cannot be used, and why: a problem type, its marked template and the
    values it needs (the reader's language words it, see web.i18n.texts)."""

    def __init__(self, kind: str, template: str, **values: object) -> None:
        super().__init__(template.format(**values))
        self.kind = kind
        self.template = template
        self.values = values


EMPTY = own_problem("name_empty", N_("a name needs at least one visible character"))
TOO_LONG = own_problem("name_too_long", N_("a name has at most {limit} characters"))
MARKUP_CHARACTER = own_problem("name_markup", N_("a name cannot contain {char}"))
INVISIBLE = own_problem(
    "name_invisible", N_("a name cannot contain invisible or control characters")
)
NO_LETTER = own_problem("name_no_letter", N_("a name needs at least one letter or digit"))
MIXED = own_problem(
    "name_mixed_scripts", N_("a name cannot mix Latin letters with Cyrillic or Greek ones")
)
A_BOT = own_problem("name_of_a_bot", N_("that name belongs to one of the computer players"))
A_GUEST = own_problem(
    "name_of_a_guest",
    N_("names like “Guest 123456” are given to new guests: choose another one"),
)


def normalize(raw: str) -> str:
    """The stored form of a name: NFKC (no-break and other wide spaces become plain
    ones), runs of spaces made one, spaces at the ends trimmed. Line breaks and tabs
    stay, for :func:`problem` to refuse."""
    text = unicodedata.normalize("NFKC", raw)
    return re.sub(" {2,}", " ", text.strip(" "))


def problem(name: str) -> UnusableName | None:
    """Why a normalised name cannot be used, or None when it can."""
    if not name:
        return UnusableName(EMPTY, OWN_PROBLEMS[EMPTY])
    if len(name) > MAX_LENGTH:
        return UnusableName(TOO_LONG, OWN_PROBLEMS[TOO_LONG], limit=MAX_LENGTH)
    for char in name:
        if char in MARKUP:
            return UnusableName(MARKUP_CHARACTER, OWN_PROBLEMS[MARKUP_CHARACTER], char=repr(char))
        if unicodedata.category(char) in INVISIBLE_CATEGORIES:
            return UnusableName(INVISIBLE, OWN_PROBLEMS[INVISIBLE])
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        return UnusableName(NO_LETTER, OWN_PROBLEMS[NO_LETTER])
    if _mixes_scripts(name):
        return UnusableName(MIXED, OWN_PROBLEMS[MIXED])
    if any(skeleton(name) == skeleton(reserved) for reserved in RESERVED):
        return UnusableName(A_BOT, OWN_PROBLEMS[A_BOT])
    return None


def usable_name(raw: str) -> str:
    """The normalised name, or UnusableName saying what is wrong with it."""
    name = normalize(raw)
    reason = problem(name)
    if reason is not None:
        raise reason
    return name


def skeleton(name: str) -> str:
    """The form two look-alike names share: the unique key of a name."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    letters = []
    for char in folded:
        if unicodedata.combining(char) or char.isspace():
            continue
        letters.append(char)
    return "".join(letters).translate(LOOK_ALIKES)


def _script_of(char: str) -> str | None:
    """ "latin", "cyrillic", "greek" for letters of those scripts; None otherwise."""
    if not char.isalpha():
        return None
    try:
        first_word = unicodedata.name(char).split(" ", 1)[0]
    except ValueError:
        return None
    return {"LATIN": "latin", "CYRILLIC": "cyrillic", "GREEK": "greek"}.get(first_word)


def _mixes_scripts(name: str) -> bool:
    scripts = {script for char in name if (script := _script_of(char)) is not None}
    return len(scripts) > 1
