"""The site in the players' languages, in a real browser: the browser's language at once,
the header's menu changing a game page without losing the game, and long or CJK texts
that do not break the phone layout."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import (
    PHONE,
    ContextFactory,
    api_game,
    api_solo_with_a_play,
    open_game,
    version,
)

from web.i18n import catalogs as i18n


def no_sideways_scroll(page: Page) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] == widths[1], f"the page is {widths[0]} px wide in {widths[1]}"


def test_a_russian_browser_sees_russian_at_once(new_context: ContextFactory) -> None:
    page = new_context(locale="ru-RU").new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    lobby = i18n.gettext_in("ru", "Lobby")
    assert lobby != "Lobby"
    expect(page.locator(".site-nav a").first).to_have_text(lobby)


def test_switching_to_japanese_keeps_the_game(new_context: ContextFactory) -> None:
    page = new_context(locale="en-GB").new_page()
    page.goto("/rules")
    game_id = api_solo_with_a_play(page, ruleset="junior", hand_size=8)
    open_game(page, game_id)
    tiles = page.locator("#board .layer-tiles > .tile").count()
    before = version(page)
    page.get_by_test_id("language-select").select_option("ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_test_id("connection-banner")).to_have_attribute("data-state", "open")
    assert page.url.endswith(f"/g/{game_id}")
    expect(page.locator("#board .layer-tiles > .tile")).to_have_count(tiles)
    assert version(page) == before
    expect(page.get_by_test_id("draw")).to_have_text(i18n.gettext_in("ja", "Draw a tile"))


def shoot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"languages-{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def test_the_game_page_fits_a_phone_in_japanese_and_german(new_context: ContextFactory) -> None:
    for language in ("ja", "de", "ru"):
        page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        page.goto("/rules")
        page.request.patch("/api/me/preferences", data={"language": language})
        game_id = api_solo_with_a_play(page, hand_size=8)
        open_game(page, game_id)
        expect(page.locator("html")).to_have_attribute("lang", language)
        no_sideways_scroll(page)
        shoot(page, f"game-{language}-360")
        page.goto("/")
        no_sideways_scroll(page)
        page.goto("/preferences")
        no_sideways_scroll(page)


def test_bots_are_named_in_the_reader_s_language(new_context: ContextFactory) -> None:
    """The seat of a bot is stored with its English name; the players panel, the
    move log and "My games" name it in the page's language."""
    page = new_context(locale="ja-JP").new_page()
    page.goto("/")
    hard = i18n.gettext_in("ja", "Hard bot")
    assert hard != "Hard bot"
    game_id = api_game([page], ["human", "bot:strong"], game="triominos", turn_seconds=0)
    open_game(page, game_id)
    expect(page.get_by_test_id("players")).to_contain_text(hard)
    expect(page.get_by_test_id("players")).not_to_contain_text("Hard bot")
    page.goto("/")
    expect(page.locator("#my-games")).to_contain_text(hard)
    expect(page.locator("#my-games")).not_to_contain_text("Hard bot")


# The texts a page gives screen readers and tooltips rather than the screen: labels,
# titles, alternative texts, and what is hidden visually but read out.
_HIDDEN_TEXTS_JS = """() => {
  const texts = [];
  const attributes = ['aria-label', 'aria-description', 'aria-roledescription', 'title', 'alt',
    'placeholder'];
  for (const el of document.body.querySelectorAll('*')) {
    for (const name of attributes) {
      const value = el.getAttribute(name);
      if (value?.trim()) texts.push(`${name}: ${value.trim()}`);
    }
    if (el.matches('.visually-hidden') && el.textContent.trim()) {
      texts.push(`hidden: ${el.textContent.trim()}`);
    }
    if (el.tagName.toLowerCase() === 'title' && el.textContent.trim()) {
      texts.push(`svg title: ${el.textContent.trim()}`);
    }
  }
  return texts;
}"""

KEPT_IN_LATIN = re.compile(
    r"Chromino|Triominos|Challenge|online|UTC|Home|End|Enter|Escape|Shift|Tab"
)
"""The game names and the brand (kept in every language), keys and a time zone's name."""


def english_words_in(texts: list[str], names: list[str]) -> list[str]:
    """The texts with a word in Latin letters once people's names and the words every
    language keeps are set aside."""
    found = []
    for text in texts:
        words = text.split(": ", 1)[1]
        for name in names:
            words = words.replace(name, "")
        if re.search(r"[A-Za-z]{2,}", KEPT_IN_LATIN.sub("", words)):
            found.append(text)
    return found


def test_hidden_and_aria_texts_are_in_the_page_s_language(new_context: ContextFactory) -> None:
    """A Russian page says its labels, tooltips and screen-reader texts in Russian too:
    the player links of a game page said "(opens in a new tab)" in English in every
    language. The lobby, the leaderboard and a game against a person and a bot."""
    ana = new_context(locale="ru-RU").new_page()
    ben = new_context(locale="ru-RU").new_page()
    names = []
    for page, name in ((ana, "Ана"), (ben, "Бен")):
        page.goto("/rules")
        assert page.request.put("/api/me/name", data={"name": name}).ok
        names.append(name)
    game_id = api_game([ana, ben], ["human", "human", "bot:greedy"])
    open_game(ana, game_id)
    expect(ana.locator("html")).to_have_attribute("lang", "ru")
    profile = ana.get_by_test_id("player-profile").filter(has_text="Бен")
    expect(profile).to_have_attribute("target", "_blank")
    new_tab = i18n.gettext_in("ru", "(opens in a new tab)")
    assert new_tab != "(opens in a new tab)"
    expect(profile.locator(".visually-hidden")).to_have_text(new_tab)
    assert english_words_in(ana.evaluate(_HIDDEN_TEXTS_JS), names) == [], "the game page"
    for path in ("/", "/leaderboard", "/preferences"):
        ana.goto(path)
        ana.wait_for_load_state("networkidle")
        texts = ana.evaluate(_HIDDEN_TEXTS_JS)
        assert texts, path
        assert english_words_in(texts, names) == [], path


def test_the_hidden_texts_check_sees_english() -> None:
    assert english_words_in(["hidden: (opens in a new tab)"], []) == [
        "hidden: (opens in a new tab)"
    ]
    assert english_words_in(["title: Бен: Chromino online, UTC"], ["Бен"]) == []
