"""The daily deal in a browser: the page before and after the day's scored
game, its share card copied as text, practice after it, the header's link, German on
a phone. At 360 and 1280 px: no sideways scroll, axe-clean; screenshots kept in
test-artifacts/e2e/daily-*.png (looked at by eye)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize
from support.browser.play import FEW_ITERATIONS, play_out_as
from support.live import SPARE_CYCLES_SECONDS, LiveServer

from web.daily.share import SQUARES

WIDE = {"width": 1920, "height": 1080}
"""Hard's search here: the same machinery, quickly (a server uses 600)."""


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"daily-{name}.png"), full_page=True)


def both_sizes(page: Page, name: str, what: str) -> None:
    """Checked and photographed at 1280 px, then at 360 px (and left at 1280)."""
    for size, label in ((DESKTOP, "1280"), (PHONE, "360")):
        resize(page, size)
        no_sideways_scroll(page)
        for button in page.locator("main button:visible, main a.button:visible").all():
            box = button.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
        assert_accessible(page, f"{what} ({label} px)")
        shot(page, f"{name}-{label}")
    resize(page, DESKTOP)


def test_the_daily_page_before_and_after_the_scored_game(
    new_context: ContextFactory, server: LiveServer
) -> None:
    server.app_state().daily.iterations = FEW_ITERATIONS
    mia, mia_name = person(new_context, "Mia", permissions=["clipboard-read", "clipboard-write"])

    # The header leads to the page.
    mia.get_by_test_id("nav-daily").click()
    expect(mia.get_by_role("heading", level=1)).to_contain_text("Daily deal")
    games = mia.get_by_test_id("daily-game")
    expect(games).to_have_count(2)
    expect(mia.get_by_test_id("daily-streak")).to_have_attribute("data-streak", "0")
    expect(mia.get_by_test_id("daily-play")).to_have_count(2)
    both_sizes(mia, "fresh", "the daily page before playing")

    # Play today's Chromino: the scored game opens.
    chromino = mia.locator('[data-testid="daily-game"][data-game="chromino"]')
    chromino.get_by_test_id("daily-play").focus()
    mia.keyboard.press("Enter")
    expect(mia).to_have_url(re.compile(r"/g/[\w-]+$"))
    game_id = mia.url.rsplit("/", 1)[1]
    mia.goto("/daily")
    expect(chromino.get_by_test_id("daily-continue")).to_have_attribute("href", f"/g/{game_id}")

    play_out_as(mia, server, game_id)
    mia.reload()
    # Hard's game may still be running: the page fills the percentage in by itself.
    expect(chromino.get_by_test_id("daily-percent")).to_contain_text(
        "% of the Hard bot", timeout=SPARE_CYCLES_SECONDS * 1000
    )
    expect(mia.get_by_test_id("daily-streak")).to_have_attribute("data-streak", "1")
    card = chromino.get_by_test_id("share-card").get_attribute("data-card") or ""
    assert re.match(r"Chromino daily \d{4}-\d{2}-\d{2}: \d+ %\n", card), card
    assert set(card.split("\n", 1)[1].replace("\n", "")) <= set(SQUARES.values())
    squares = chromino.locator(".share-grid .square")
    expect(squares).to_have_count(len(card.split("\n", 1)[1].replace("\n", "")))
    row = chromino.get_by_test_id("daily-board-row")
    expect(row).to_have_count(1)
    expect(row).to_contain_text(mia_name)
    expect(row).to_have_attribute("aria-current", "true")

    chromino.get_by_test_id("share-text").click()
    expect(chromino.get_by_test_id("share-said")).to_have_text("Copied: paste it anywhere.")
    assert mia.evaluate("() => navigator.clipboard.readText()") == card
    # Chromium can put a picture on the clipboard: the card drawn on a canvas.
    image = chromino.get_by_test_id("share-image")
    expect(image).to_be_visible()
    mia.evaluate("() => navigator.clipboard.writeText('')")
    chromino.get_by_test_id("share-said").evaluate("(said) => { said.textContent = ''; }")
    image.click()
    expect(chromino.get_by_test_id("share-said")).to_have_text("Copied: paste it anywhere.")
    kinds = mia.evaluate(
        "async () => (await navigator.clipboard.read()).flatMap((item) => item.types)"
    )
    assert "image/png" in kinds
    both_sizes(mia, "played", "the daily page after the scored game")

    # Another game of the deal is practice: the scored result stays.
    chromino.get_by_test_id("daily-practice").click()
    expect(mia).to_have_url(re.compile(r"/g/[\w-]+$"))
    assert mia.url.rsplit("/", 1)[1] != game_id
    mia.goto("/daily")
    expect(chromino.get_by_test_id("daily-percent")).to_be_visible()
    expect(chromino.get_by_test_id("share-card")).to_have_attribute("data-card", card)

    # In German on a phone: still no sideways scroll.
    assert mia.request.patch("/api/me/preferences", data={"language": "de"}).ok
    resize(mia, PHONE)
    mia.goto("/daily")
    expect(mia.get_by_role("heading", level=1)).to_contain_text("Tagesspiel")
    expect(mia.get_by_test_id("daily-streak")).to_have_text("Deine Serie: 1 Tag")
    no_sideways_scroll(mia)
    shot(mia, "played-de-360")

    # How the score reads, in English, Russian and Japanese at three widths: one
    # paragraph under the introduction, in the page's width.
    expected = {
        "en": "100 % is the Hard bot's game on the same deal",
        "ru": "100 % — это партия сложного бота",
        "ja": "100 % は同じ配牌での",
    }
    for language, words in expected.items():
        assert mia.request.patch("/api/me/preferences", data={"language": language}).ok
        mia.goto("/daily")
        for size in (PHONE, DESKTOP, WIDE):
            resize(mia, size)
            scale = mia.get_by_test_id("daily-scale")
            expect(scale).to_contain_text(words)
            box = scale.bounding_box()
            assert box is not None and box["x"] >= 0
            assert box["x"] + box["width"] <= size["width"]
            no_sideways_scroll(mia)
            shot(mia, f"scale-{language}-{size['width']}")
    assert_accessible(mia, "the daily page with its score explained (Japanese, 1920 px)")
