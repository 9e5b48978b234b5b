"""Every catalog complete: no untranslated or fuzzy entry, the same placeholders as the
English text, every plural form of the language filled (make messages extracts; this
check keeps a new text from shipping half-translated)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from web.i18n import LANGUAGES, catalog_path
from web.i18n import catalogs as i18n

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
(docs/frontend.md, "Words in every language")."""


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


CYRILLIC_LETTER = r"[\u0430-\u044f\u0451]"
POLITE_YOU = re.compile(
    rf"(?<!{CYRILLIC_LETTER})"
    r"(вы|вас|вам|вами|ваш|ваша|ваше|ваши|вашего|вашей|вашему|вашим|вашими|вашу|ваших|вашем)"
    rf"(?!{CYRILLIC_LETTER})",
    re.IGNORECASE,
)
"""The polite (or plural) «вы» and its forms as whole words: «вывод», «высокий» or
«Васильев» merely contain the letters."""


def russian_polite_forms(text: str) -> list[str]:
    return [found.group(0) for found in POLITE_YOU.finditer(text)]


def test_the_polite_form_check_sees_words_not_letters() -> None:
    assert russian_polite_forms("Вы вышли. Ваш пароль, вам и вас; у вас.") == [  # noqa: RUF001
        "Вы",
        "Ваш",
        "вам",
        "вас",
        "вас",
    ]
    assert russian_polite_forms("Вывод: высокий счёт Васильева, выход вашингтонца.") == []


def test_russian_speaks_to_the_player_as_ty_everywhere() -> None:
    """docs/frontend.md, "Words in every language": the lessons and buttons say «ты», so
    the coach, the emails, the admin pages and the errors say it too, never «вы»."""
    polite = []
    for message in catalog("ru"):
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for form in forms:
            if words := russian_polite_forms(form or ""):
                polite.append(f"{where(message)}: {words}")
    assert not polite, f"«вы» in Russian: {polite[:10]}"


GENDER_GUESSES = {
    "fr": re.compile(r"\b(il|elle|ils|elles)\b", re.IGNORECASE),
    "es": re.compile(r"\b(él|ella)\b", re.IGNORECASE),
    "it": re.compile(r"\b(lui|lei|fallo|falla)\b", re.IGNORECASE),
    "de": re.compile(r"\b(er|ihn|ihm)\b"),
    "ru": re.compile(
        rf"(?<!{CYRILLIC_LETTER})(он|она|его|её|ему|ей|него|неё)(?!{CYRILLIC_LETTER})",  # noqa: RUF001
        re.IGNORECASE,
    ),
}
"""A pronoun that gives a person a gender. Nobody's gender is known from a name."""


@pytest.mark.parametrize("language", sorted(GENDER_GUESSES))
def test_texts_about_a_named_person_guess_no_gender(language: str) -> None:
    """The mute, chat and seat texts about another person ("they"): muting Ana must not
    say «il ne verra plus les tiens» (docs/frontend.md)."""
    guesses = []
    for message in catalog(language):
        english = message.id if isinstance(message.id, str) else (message.id or [""])[0]
        # "they" for a person muted, chatting, or whose seat a bot takes (a pronoun for a
        # thing, "it", may take the noun's gender: "der Tisch … ihn").
        if not re.search(r"\b(they|them|their)\b", english, re.IGNORECASE):
            continue
        if not re.search(r"\bmute|\bchat|\bseat|\bplays? for", english, re.IGNORECASE):
            continue
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for form in forms:
            if found := GENDER_GUESSES[language].findall(form or ""):
                guesses.append(f"{where(message)}: {found}")
    assert not guesses, f"a gender guessed in {language}: {guesses[:10]}"


SCRIPT_TEXT = re.compile(r"\bt\(\s*\"((?:[^\"\\]|\\.)*)\"|\btn\(\s*\"((?:[^\"\\]|\\.)*)\"")
"""A script's marked text: the first argument of t("…") or tn("…", …)."""


def test_every_text_a_script_marks_is_extracted() -> None:
    """A text marked in a script but out of babel's sight (inside a template literal's
    ${…}) stays English in every language: the hidden "(opens in a new tab)" of player
    links did."""
    extracted: set[str] = set()
    for message in i18n.extract():
        extracted.update(message.id if isinstance(message.id, (list, tuple)) else [message.id])
    root = Path(__file__).resolve().parents[2]
    unseen = []
    for script in sorted((root / "static" / "js").rglob("*.js")):
        for number, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith(("//", "*", "/*")):
                continue
            for match in SCRIPT_TEXT.finditer(line):
                text = json.loads(f'"{match.group(1) or match.group(2)}"')
                if text not in extracted:
                    unseen.append(f"{script.relative_to(root)}:{number} {text!r}")
    assert not unseen, f"marked in a script but never extracted: {unseen}"
