"""Every catalog complete: no untranslated or fuzzy entry, the same placeholders as the
English text, every plural form of the language filled (make messages extracts; this
check keeps a new text from shipping half-translated)."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from web.i18n import LANGUAGES, catalog_path

PLACEHOLDER = re.compile(r"\{(\w+)\}|%\((\w+)\)s")
"""``{name}`` (scripts and server) and ``%(name)s`` (pages)."""
TRANSLATED = [language for language in LANGUAGES if language != "en"]


def catalog(language: str) -> Catalog:
    with catalog_path(language).open("rb") as source:
        return read_po(source, locale=language)


def placeholders(text: str) -> set[str]:
    return {first or second for first, second in PLACEHOLDER.findall(text)}


def where(message: Message) -> str:
    return f"{message.id!r} ({', '.join(f'{f}:{n}' for f, n in message.locations[:2])})"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_is_translated(language: str) -> None:
    po = catalog(language)
    missing = []
    for message in po:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if not all(forms):
            missing.append(where(message))
    assert not missing, f"{len(missing)} untranslated in {language}: {missing[:10]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translation_is_fuzzy(language: str) -> None:
    fuzzy = [where(message) for message in catalog(language) if message.id and message.fuzzy]
    assert not fuzzy, f"fuzzy in {language}: {fuzzy[:10]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language: str) -> None:
    wrong = []
    for message in catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        wanted = set().union(*(placeholders(text) for text in ids))
        for form in forms:
            found = placeholders(form or "")
            # a plural form may leave out {count} where the language says "one" in words
            if found - wanted or (wanted - found) - {"count"}:
                wrong.append(f"{where(message)}: {sorted(found)} not {sorted(wanted)}")
    assert not wrong, f"placeholders differ in {language}: {wrong[:10]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_messages_have_every_form_of_the_language(language: str) -> None:
    po = catalog(language)
    for message in po:
        if message.id and isinstance(message.id, (list, tuple)):
            forms = message.string
            assert isinstance(forms, (list, tuple)), where(message)
            assert len(forms) == po.num_plurals, where(message)


GAME_NAMES = ("Chromino", "Triominos")
"""The publisher's names (Goliath, Pressman), kept in Latin letters in every language
(docs/frontend.md, "Words in every language"; issue 18, item 25)."""


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_games_keep_their_publishers_names(language: str) -> None:
    renamed = []
    for message in catalog(language):
        ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for name in GAME_NAMES:
            if any(name in text for text in ids) and not all(
                name in (form or "") for form in forms
            ):
                renamed.append(where(message))
    assert not renamed, f"{language} renames a game: {renamed[:10]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_sentences_are_joined_by_the_catalogs_joiners(language: str) -> None:
    po = catalog(language)
    joiner, label = po["{first} {second}"].string, po["{label}. {sentence}"].string
    if language == "ja":  # no space after "。", and "。" for the full stop
        assert (joiner, label) == ("{first}{second}", "{label}。{sentence}")
    else:
        assert (joiner, label) == ("{first} {second}", "{label}. {sentence}")


def test_french_puts_a_no_break_space_before_its_double_punctuation() -> None:
    """French typography: a no-break space (U+00A0) before ? ! : ; and », after «, so a
    question mark never starts a line of its own."""
    loose = re.compile(r" [?!:;\u00bb]|\u00ab ")
    wrong: list[str] = []
    for message in catalog("fr"):
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        wrong.extend(where(message) for text in forms if loose.search(text or ""))
    assert not wrong, f"a plain space before double punctuation in French: {wrong[:10]}"
