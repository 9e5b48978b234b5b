"""A new guest's drawn name: stored in English ("Guest 123456"), worded at display in the
reader's language, reserved (nobody may choose one of that form but to keep their own),
and typed at sign-in as any page words it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from web.i18n import LANGUAGES, gettext_in
from web.people.names import drawn_guest_name, guest_name, looks_like_a_guest

PASSWORD = "correct horse battery"


pytestmark = pytest.mark.usefixtures("quick_hasher")


def test_the_stored_form_is_english_and_every_language_words_it() -> None:
    assert guest_name(48213) == "Guest 048213"
    worded = {
        language: gettext_in(language, "Guest {number}", number="1") for language in LANGUAGES
    }
    assert worded["ru"] == "Гость 1" and worded["ja"] == "ゲスト 1" and worded["en"] == "Guest 1"
    for language in LANGUAGES:
        typed = gettext_in(language, "Guest {number}", number="123456")
        assert drawn_guest_name(typed) == "Guest 123456", language
    assert drawn_guest_name("Ana 123456") is None
    assert looks_like_a_guest("GUEST 12") and looks_like_a_guest("guest123456")
    assert not looks_like_a_guest("Guestimate")


def test_nobody_may_take_a_name_of_a_guests_form(client: TestClient) -> None:
    answer = client.put("/api/me/name", json={"name": "Guest 654321"})
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"]["code"] == "name_of_a_guest"
    ru = client.put("/api/me/name", json={"name": "guest 1"}, headers={"Accept-Language": "ru"})
    assert ru.json()["detail"]["message"].startswith("имена вида «Гость 123456»")


def test_a_guest_may_keep_their_own_drawn_name(client: TestClient) -> None:
    me = client.post("/api/me").json()
    assert me["name_chosen"] is False
    kept = client.put("/api/me/name", json={"name": me["name"]})
    assert kept.status_code == 200, kept.text
    assert kept.json()["name_chosen"] is True and kept.json()["name"] == me["name"]


def test_a_guest_signs_in_with_the_name_as_their_page_words_it(client: TestClient) -> None:
    me = client.post("/api/me").json()
    assert client.put("/api/me/password", json={"password": PASSWORD}).status_code == 200
    number = me["name"].split(" ")[1]
    other = TestClient(client.app, base_url="http://127.0.0.1:8000")
    for typed in (me["name"], f"Гость {number}", f"ゲスト {number}"):
        signed_in = other.post("/api/login", json={"name": typed, "password": PASSWORD})
        assert signed_in.status_code == 200, (typed, signed_in.text)
        assert signed_in.json()["id"] == me["id"]


def test_pages_word_my_drawn_name_in_my_language(client: TestClient) -> None:
    me = client.post("/api/me").json()
    number = me["name"].split(" ")[1]
    page = client.get("/preferences", headers={"Accept-Language": "ru"}).text
    assert f">Гость {number}</a>" in page  # the header
    assert f'value="Гость {number}"' in page  # the name field
    english = client.get("/", headers={"Accept-Language": "en"}).text
    assert f">Guest {number}</a>" in english
