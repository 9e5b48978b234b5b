"""The players' languages: the browser's on a first visit, the account's choice on every
device, every page free of English, and counts in each language's plural forms."""

from __future__ import annotations

import gettext
import re
from typing import Any

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from support.pages import PAGES, TextCollector

from web.i18n import catalogs as i18n

BASE_URL = "http://127.0.0.1:8000"
TRANSLATED = [language for language in i18n.LANGUAGES if language != "en"]
PLURALS = [
    ("1 tile", "{count} tiles"),  # a hand
    ("1 tile left", "{count} tiles left"),  # the bag
    ("{name} laid {tile} for 1 point", "{name} laid {tile} for {count} points"),  # the log
    ("1 turn", "{count} turns"),
]


def visitor(client: TestClient, accept_language: str) -> TestClient:
    """A new browser on the same app, whose language settings say ``accept_language``."""
    return TestClient(client.app, base_url=BASE_URL, headers={"Accept-Language": accept_language})


def page_language(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', html)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("ru-RU,ru;q=0.9", "ru"),
        ("ja", "ja"),
        ("de-AT", "de"),
        ("pt-BR,es;q=0.7", "es"),
        ("it;q=0.2, en-GB;q=0.9", "en"),
        ("zh-CN", "en"),
    ],
)
def test_a_first_visit_speaks_the_browsers_best_language(
    client: TestClient, header: str, language: str
) -> None:
    browser = visitor(client, header)
    assert page_language(browser.get("/").text) == language
    assert browser.get("/api/me").json()["preferences"]["language"] == "auto"


def test_a_chosen_language_wins_on_every_device(client: TestClient) -> None:
    client.put("/api/me/name", json={"name": "Polyglot"})
    client.put("/api/me/password", json={"password": "correct horse"})
    assert client.patch("/api/me/preferences", json={"language": "ja"}).status_code == 200
    laptop = visitor(client, "fr-FR")
    assert page_language(laptop.get("/").text) == "fr"  # a guest there: the browser's
    laptop.post("/api/login", json={"name": "Polyglot", "password": "correct horse"})
    assert page_language(laptop.get("/").text) == "ja"  # signed in: the account's choice
    assert client.patch("/api/me/preferences", json={"language": "auto"}).status_code == 200
    assert page_language(laptop.get("/").text) == "fr"  # back to following the browser


def english_sentences(language: str) -> set[str]:
    """The catalog's English texts of more than one word that this language translates
    to something else (a text the same in both, like a name, proves nothing)."""
    with i18n.catalog_path(language).open("rb") as source:
        catalog = read_po(source, locale=language)
    sentences = set()
    for message in catalog:
        text = message.id
        if not isinstance(text, str) or message.string == text:
            continue
        if " " in text.strip() and re.search(r"[A-Za-z]{3}", text):
            sentences.add(text)
    return sentences


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("path", PAGES)
def test_no_page_shows_english_in_another_language(
    client: TestClient, language: str, path: str
) -> None:
    client.patch("/api/me/preferences", json={"language": language})
    html = client.get(path).text
    assert page_language(html) == language
    collector = TextCollector()
    collector.feed(html)
    english = english_sentences(language)
    shown = [text for text in collector.texts if text in english]
    assert not shown, f"English on {path} in {language}: {shown}"


def plural_forms(language: str, singular: str) -> list[str]:
    with i18n.catalog_path(language).open("rb") as source:
        catalog = read_po(source, locale=language)
    for message in catalog:
        if isinstance(message.id, tuple) and message.id[0] == singular:
            assert isinstance(message.string, (list, tuple))
            return [str(form) for form in message.string]
    raise AssertionError(f"{singular!r} is not a plural message of {language}")


@pytest.mark.parametrize(("singular", "plural"), PLURALS)
def test_russian_counts_take_their_three_forms(singular: str, plural: str) -> None:
    forms = plural_forms("ru", singular)
    assert len(forms) == 3 and len(set(forms)) == 3, forms
    values: dict[str, Any] = {"name": "Ana", "tile": "BGR"}
    said = {n: i18n.ngettext_in("ru", singular, plural, n, **values) for n in (1, 2, 5, 21)}
    assert said[1] == forms[0].format(count=1, **values)
    assert said[2] == forms[1].format(count=2, **values)
    assert said[5] == forms[2].format(count=5, **values)
    assert said[21] == forms[0].format(count=21, **values)  # 21 takes the form of 1
    assert len({said[1], said[2], said[5]}) == 3
    assert "21" in said[21]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(("singular", "plural"), PLURALS)
def test_the_scripts_choose_the_same_form_as_the_server(
    language: str, singular: str, plural: str
) -> None:
    """The scripts ask the browser for a count's CLDR category and take the form the
    catalog's table gives it: for 1, 2, 5 and 21 that is the form gettext picks."""
    catalog = i18n.script_catalog(language)
    forms = catalog[singular]
    rules = catalog[i18n.PLURAL_RULES]
    with i18n.catalog_path(language).open("rb") as source:
        expression = read_po(source, locale=language).plural_expr
    choose = gettext.c2py(expression)
    locale = Locale.parse(language)
    for count in (1, 2, 5, 21):
        assert forms[rules[locale.plural_form(count)]] == forms[choose(count)], count
    if language == "ja":
        assert len(forms) == 1  # one form for every count
    else:
        assert forms[choose(1)] != forms[choose(2)]


def test_a_refusal_is_worded_in_the_pages_language(client: TestClient) -> None:
    made = client.post("/api/tables", json={"seats": [{"kind": "human"}] * 2})
    code = made.json()["invite_code"]
    for language in TRANSLATED:
        refused = client.post(f"/api/tables/{code}/join", headers={"Accept-Language": language})
        assert refused.status_code == 409
        assert refused.json()["detail"]["code"] == "already_seated"  # codes stay
        english = "you already have a seat at this table"
        assert refused.json()["detail"]["message"] == i18n.gettext_in(language, english)
        assert refused.json()["detail"]["message"] != english
    named = client.put("/api/me/name", json={"name": "x" * 30}, headers={"Accept-Language": "de"})
    assert named.status_code == 422
    problem = named.json()["detail"][0]
    assert problem["loc"] == ["body", "name"]
    assert problem["msg"] == i18n.gettext_in("de", "a name has at most {limit} characters").format(
        limit=24
    )
