"""Pages render, in the user's language, with no text that skips the translation machinery."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from fastapi.testclient import TestClient
from support.pages import PAGES, TextCollector

from web.i18n import catalogs as i18n


def page_path(client: TestClient, path: str) -> str:
    """The path with a real table's invite code and game id where it names them."""
    if "{invite}" in path:
        body = {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}
        invite = client.post("/api/tables", json=body).json()["invite_code"]
        return path.format(invite=invite)
    if "{game}" in path:
        return path.format(game=client.post("/api/solo").json()["game_id"])
    return path


OPEN, CLOSE = "\u27e6", "\u27e7"


def bare(text: str) -> str:
    """The text without what the catalog wrapped (a translated text may hold another,
    a game's name: innermost first), digits, spaces, punctuation and key names (?)."""
    stripped, before = text, None
    while stripped != before:
        before, stripped = stripped, re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", stripped)
    return re.sub(r"[\d\s·:…,.()\-\u2013/+=\u00d7%?]+", "", stripped)


def untranslated(html: str, data: set[str]) -> list[str]:
    """Texts that are neither wrapped by the pseudo-catalog nor data (numbers, names)."""
    collector = TextCollector()
    collector.feed(html)
    allowed = {bare(text) for text in data}
    return [text for text in collector.texts if bare(text) and bare(text) not in allowed]


@pytest.fixture
def pseudo_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every message of the real extraction translated into ⟦message⟧ as "en"."""
    template = i18n.extract()
    pseudo = Catalog(locale="en")
    for message in template:
        if isinstance(message.id, tuple):  # a plural: each form wrapped
            pseudo.add(message.id, tuple(f"{OPEN}{form}{CLOSE}" for form in message.id))
        elif message.id:
            pseudo.add(message.id, f"{OPEN}{message.id}{CLOSE}")
    path = tmp_path / "en" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as target:
        write_po(target, pseudo)
    monkeypatch.setattr(i18n, "CATALOGS", tmp_path)
    for cached in (i18n.translations, i18n.script_catalog, i18n.environment):
        cached.cache_clear()
    yield
    for cached in (i18n.translations, i18n.script_catalog, i18n.environment):
        cached.cache_clear()


@pytest.mark.parametrize("path", PAGES)
def test_every_page_renders_in_the_users_language(client: TestClient, path: str) -> None:
    response = client.get(page_path(client, path))
    assert response.status_code == (404 if "no-such" in path else 200)
    assert '<html lang="en">' in response.text
    assert "Traceback" not in response.text


@pytest.mark.parametrize("path", PAGES)
def test_no_page_text_bypasses_the_catalog(
    client: TestClient, pseudo_english: None, path: str
) -> None:
    name = client.post("/api/me").json()["name"]
    html = client.get(page_path(client, path)).text
    data = {name} | set(i18n.language_names().values())
    assert untranslated(html, data) == []


def test_the_script_catalog_carries_the_scripts_texts(
    client: TestClient, pseudo_english: None
) -> None:
    catalog = client.get("/i18n/en.json").json()
    assert catalog["Invite link copied."] == f"{OPEN}Invite link copied.{CLOSE}"
    # A plural text: its forms, and which form each of the language's categories takes.
    assert catalog["1 turn"] == [f"{OPEN}1 turn{CLOSE}", f"{OPEN}{{count}} turns{CLOSE}"]
    assert catalog[""] == {"one": 0, "other": 1}


def test_the_plural_rules_follow_each_languages_plural_forms() -> None:
    french = "(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2"
    assert i18n.plural_rules("fr", french) == {"one": 0, "many": 1, "other": 2}
    assert i18n.plural_rules("de", "(n != 1)") == {"one": 0, "other": 1}


def test_the_language_preference_picks_the_catalog(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    french = Catalog(locale="fr")
    french.add("Lobby", "Salon")
    path = tmp_path / "fr" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as target:
        write_po(target, french)
    monkeypatch.setattr(i18n, "CATALOGS", tmp_path)
    for cached in (i18n.translations, i18n.script_catalog, i18n.environment):
        cached.cache_clear()
    try:
        assert ">Lobby<" in client.get("/").text
        client.patch("/api/me/preferences", json={"language": "fr"})
        page = client.get("/").text
        assert '<html lang="fr">' in page
        assert ">Salon<" in page
    finally:
        for cached in (i18n.translations, i18n.script_catalog, i18n.environment):
            cached.cache_clear()


def test_the_committed_catalogs_hold_every_extracted_message() -> None:
    extracted = {message.id for message in i18n.extract() if message.id}
    with i18n.TEMPLATE_FILE.open("rb") as source:
        committed = {message.id for message in read_po(source) if message.id}
    missing = sorted(extracted - committed)
    assert missing == [], "run `python -m web.i18n` to update the catalogs"
    for language in i18n.LANGUAGES:
        with i18n.catalog_path(language).open("rb") as source:
            ids = {message.id for message in read_po(source) if message.id}
        assert extracted <= ids, language


@pytest.mark.parametrize(
    ("path", "heading"),
    [
        ("/t/no-such-invite", "No such table"),
        ("/t/Zz9", "No such table"),
        ("/g/Zz9", "No such game"),
        ("/g/no-such-game/replay", "No such game"),
    ],
)
def test_a_link_that_leads_nowhere_says_so_and_offers_the_way_back(
    client: TestClient, path: str, heading: str
) -> None:
    """A made-up invite code or game link: a 404 page that names what is missing and
    links back, not a table or board shell that waits for ever."""
    response = client.get(path)
    assert response.status_code == 404
    assert f'<h1 id="not-found-title">{heading}</h1>' in response.text
    assert 'href="/" data-testid="back-to-lobby"' in response.text
    assert "board" not in response.text.split("<main", 1)[1]
