"""Translations: Babel message catalogs for the pages (Jinja2's i18n extension) and,
from the same catalogs, the texts the board script shows.

Catalogs live in ``web/translations/<lang>/LC_MESSAGES/messages.po`` and are
read as they are (no compile step). ``python -m web.i18n`` extracts every
marked text from the templates, the scripts (``t("...")``) and the server into
``messages.pot`` and brings every language's catalog up to date with it.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Iterable
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import NullTranslations, Translations
from jinja2 import Environment, FileSystemLoader, select_autoescape

from . import paths

CATALOGS = paths.translations()
TEMPLATE_FILE = CATALOGS / "messages.pot"
LANGUAGES = ("en", "fr", "it", "es", "de")
"""Languages a player may pick; a missing catalog falls back to English."""
DEFAULT_LANGUAGE = "en"
METHODS = [
    ("templates/**.html", "jinja2.ext:babel_extract"),
    ("static/js/**.js", "javascript"),
    ("web/**.py", "python"),
]
KEYWORDS = {**DEFAULT_KEYWORDS, "t": None, "tn": (1, 2)}
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
    """The user's preference, else the browser's best supported choice, else English."""
    if preferred in LANGUAGES:
        return preferred
    for part in (accept_language or "").split(","):
        code = part.split(";")[0].strip().lower().split("-")[0]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def language_names() -> dict[str, str]:
    """Each supported language in its own words (for the preferences page)."""
    return {code: Locale.parse(code).get_display_name(code) or code for code in LANGUAGES}


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


if __name__ == "__main__":
    update_catalogs(sys.argv[1:] or LANGUAGES)
