"""Translations: Babel message catalogs for the pages (Jinja2's i18n extension) and,
from the same catalogs, the texts the board script shows.

Catalogs live in ``web/i18n/translations/<lang>/LC_MESSAGES/messages.po`` and are
read as they are (no compile step). ``python -m web.i18n`` extracts every
marked text from the templates, the scripts (``t("...")``) and the server into
``messages.pot`` and brings every language's catalog up to date with it.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError, negotiate_locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import NullTranslations, Translations
from jinja2 import Environment, FileSystemLoader, select_autoescape

from .. import paths

CATALOGS = paths.translations()
TEMPLATE_FILE = CATALOGS / "messages.pot"
LANGUAGES = ("en", "fr", "de", "es", "it", "ru", "ja")
"""Languages a player may pick; a missing catalog falls back to English."""
AUTO = "auto"
"""The language preference that follows the browser (``Accept-Language``)."""
DEFAULT_LANGUAGE = "en"
METHODS = [
    ("templates/**.html", "jinja2.ext:babel_extract"),
    ("static/js/**.js", "javascript"),
    ("web/**.py", "python"),
]
KEYWORDS = {**DEFAULT_KEYWORDS, "N_plural": (1, 2), "gettext_in": (2,), "t": None, "tn": (1, 2)}
"""The scripts mark their texts with ``t("...")``, and a text that depends on a count
with ``tn("one …", "{count} …", count)`` (a plural message)."""
PLURAL_RULES = ""
"""The script catalog's key for the language's plural rules: CLDR category → index of
the catalog's plural forms (an empty message id is never a text)."""


def catalog_path(language: str) -> Path:
    """Where a language's catalog lives."""
    return CATALOGS / language / "LC_MESSAGES" / "messages.po"


@lru_cache
def translations(language: str) -> NullTranslations:
    """The gettext translations of a language, straight from its .po file."""
    path = catalog_path(language)
    if not path.exists():
        return NullTranslations()
    with path.open("rb") as source:
        catalog = read_po(source, locale=language)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(fp=compiled)


@lru_cache
def script_catalog(language: str) -> dict[str, Any]:
    """Message → translation for the scripts (untranslated ones are left out). A plural
    message is keyed by its singular and has the list of its forms; the key
    :data:`PLURAL_RULES` says which form each CLDR plural category takes (the scripts
    ask the browser's ``Intl.PluralRules`` for a count's category)."""
    path = catalog_path(language)
    if not path.exists():
        return {}
    with path.open("rb") as source:
        catalog = read_po(source, locale=language)
    texts: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, str):
            texts[message.id] = str(message.string)
        elif isinstance(message.string, (list, tuple)) and all(message.string):
            texts[str(message.id[0])] = [str(form) for form in message.string]
    texts[PLURAL_RULES] = plural_rules(language, catalog.plural_expr)
    return texts


def plural_rules(language: str, expression: str) -> dict[str, int]:
    """CLDR plural category → index of the catalog's plural form (``Plural-Forms``), found
    by counting: the first count of each category picks that category's form."""
    form = gettext.c2py(expression)
    try:
        locale = Locale.parse(language)
    except (ValueError, UnknownLocaleError):
        return {}
    rules: dict[str, int] = {}
    for count in [*range(1001), 10**6, 10**7]:
        rules.setdefault(locale.plural_form(count), int(form(count)))
    return rules


@lru_cache
def environment(language: str) -> Environment:
    """A Jinja2 environment whose ``{% trans %}`` and ``_()`` speak ``language``."""
    env = Environment(
        loader=FileSystemLoader(paths.templates()),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(translations(language), newstyle=True)  # type: ignore[attr-defined]
    return env


def best_language(preferred: str | None, accept_language: str | None) -> str:
    """The user's preference, else the browser's best choice among the catalogs (by its
    quality values, a region falling back to its language), else English."""
    if preferred in LANGUAGES:
        return preferred
    wanted = browser_languages(accept_language or "")
    return negotiate_locale(wanted, LANGUAGES, sep="-") or DEFAULT_LANGUAGE


def browser_languages(header: str) -> list[str]:
    """The languages of an ``Accept-Language`` header, best first (``fr-CH, fr;q=0.9``),
    each region followed by its bare language."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and quality > 0:
            ranked.append((-quality, position, tag.strip().lower()))
    languages: list[str] = []
    for _, _, tag in sorted(ranked):
        for candidate in (tag, tag.split("-")[0]):
            if candidate not in languages:
                languages.append(candidate)
    return languages


def gettext_in(language: str, message: str, **params: Any) -> str:
    """A server text in a language, its ``{placeholders}`` filled."""
    translated = translations(language).gettext(message)
    return translated.format(**params) if params else translated


def ngettext_in(language: str, singular: str, plural: str, count: int, **params: Any) -> str:
    """A server text with a count, in the form the language uses for that count."""
    translated = translations(language).ngettext(singular, plural, count)
    return translated.format(count=count, **params)


def language_names(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The language menu, the header's and the Preferences page's alike: "Browser's
    language" (in the page's language; one wording in both menus), then each supported
    language in its own words, so anyone finds theirs whatever the page speaks."""
    names = {AUTO: gettext_in(language, "Browser's language")}
    for code in LANGUAGES:
        names[code] = (Locale.parse(code).get_display_name(code) or code).capitalize()
    return names


# --- extraction ------------------------------------------------------------------


def extract() -> Catalog:
    """Every marked text of the templates, scripts and server (from a checkout)."""
    root = paths.checkout_root()
    if root is None:
        raise RuntimeError("extracting messages needs the project's checkout, not an install")
    catalog = Catalog(project="chromino-online", charset="utf-8", fuzzy=False)
    found = extract_from_dir(
        root,
        method_map=METHODS,
        keywords=KEYWORDS,
        options_map={"templates/**.html": {"extensions": "jinja2.ext.i18n"}},
        strip_comment_tags=True,
    )
    for filename, line, message, comments, context in found:
        catalog.add(message, None, [(filename, line)], auto_comments=comments, context=context)
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as target:
        write_po(target, catalog, omit_header=False, sort_output=True, width=100)


def update_catalogs(languages: Iterable[str] = LANGUAGES) -> None:
    """Write messages.pot and merge it into each language's catalog."""
    template = extract()
    _write(template, TEMPLATE_FILE)
    for language in languages:
        path = catalog_path(language)
        if path.exists():
            with path.open("rb") as source:
                catalog = read_po(source, locale=language)
        else:
            catalog = Catalog(locale=language, project="chromino-online")
        catalog.update(template, no_fuzzy_matching=True)
        _write(catalog, path)
