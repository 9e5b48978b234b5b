"""Every text in the reader's language: the Babel catalogs and the server's own words.

- :mod:`web.i18n.catalogs` — the catalogs (``translations/``), the page templates'
  environment, the board script's texts, language negotiation, extraction;
- :mod:`web.i18n.texts` — texts marked for translation and worded late
  (:class:`Words`), in whoever reads them's language.

``python -m web.i18n`` extracts every marked text and updates the catalogs.
"""

from .catalogs import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    best_language,
    catalog_path,
    environment,
    gettext_in,
    language_names,
    ngettext_in,
    script_catalog,
    translations,
)
from .texts import (
    N_,
    OWN_PROBLEMS,
    RULE_REFUSALS,
    N_plural,
    Words,
    field_problem,
    own_problem,
    rule_refusal,
    rule_sentence,
    say,
)

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "OWN_PROBLEMS",
    "RULE_REFUSALS",
    "N_plural",
    "Words",
    "best_language",
    "catalog_path",
    "environment",
    "field_problem",
    "gettext_in",
    "language_names",
    "ngettext_in",
    "own_problem",
    "rule_refusal",
    "rule_sentence",
    "say",
    "script_catalog",
    "translations",
]
