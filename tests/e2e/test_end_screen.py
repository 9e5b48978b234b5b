"""The end screen and the players panel after a game, in a browser: a rated game's
rating changes ("+4 → 1504?") with the line on why they are small and what "?"
means, said the same in the players panel; who resigned, said to them ("You resigned
— Ana wins!") and to the others ("Ben resigned."); one way to play on together (the
rematch) beside a clearly different one (a new table, everyone invited); the daily
deal's result, streak and way back to /daily, with no rematch. At 360, 1280 and 1920
px in English, Russian and Japanese: the dialog inside the window, no sideways
scroll, the rating on one line, axe-clean; screenshots in test-artifacts/e2e/end-*.png.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import ContextFactory, api_game, api_solo, open_game
from support.browser.people import duel, no_sideways_scroll, person, resize
from support.browser.play import FEW_ITERATIONS, play_out_as
from support.live import LiveServer

WIDTHS = (360, 1280, 1920)
LANGUAGES = ("en", "ru", "ja")


def resign(page: Page) -> None:
    page.get_by_test_id("resign").click()
    page.get_by_test_id("resign-yes").click()


def outcome(page: Page, game_id: str) -> dict[str, Any]:
    answer = page.request.get(f"/api/games/{game_id}/ratings")
    assert answer.ok, answer.text()
    body: dict[str, Any] = answer.json()
    return body


def change_text(seat: dict[str, Any]) -> str:
    change = seat["change"]
    sign = "+" if change > 0 else "\u2212" if change < 0 else ""
    mark = "?" if seat["provisional"] else ""
    return f"{sign}{abs(change)} → {seat['rating']}{mark}"


def in_language(page: Page, language: str) -> None:
    answer = page.request.patch("/api/me/preferences", data={"language": language})
    assert answer.ok, answer.text()
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.get_by_test_id("end-screen")).to_be_visible()


def laid_out(page: Page, name: str, what: str) -> None:
    """At each width: the dialog inside the window, its buttons inside it, no sideways
    scroll, each rating change on one line; axe-clean; photographed."""
    for width in WIDTHS:
        resize(page, {"width": width, "height": 800 if width > 360 else 740})
        screen = page.get_by_test_id("end-screen")
        expect(screen).to_be_visible()
        no_sideways_scroll(page)
        box = screen.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{what}: the dialog spills"
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, f"{what}: the dialog spills"
        for button in screen.locator("button:visible, a.button:visible").all():
            inner = button.bounding_box()
            assert inner is not None
            assert inner["x"] >= box["x"] and inner["x"] + inner["width"] <= box["x"] + box["width"]
        for badge in page.locator("[data-testid=rating-change]:visible").all():
            height = badge.evaluate("(node) => node.getClientRects().length")
            assert height == 1, f"{what}: a rating change wraps at {width} px"
        assert_accessible(page, f"{what} ({width} px)")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"end-{name}-{width}.png"))


def test_a_rated_end_shows_each_change_and_who_resigned(new_context: ContextFactory) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    game_id, _ = duel(ana, ben)
    for page in (ana, ben):
        open_game(page, game_id)
    # Before the end the panel shows the ratings as they are: new, no change.
    expect(ana.get_by_test_id("rating")).to_have_count(2)
    expect(ana.get_by_test_id("rating-change")).to_have_count(0)
    resign(ben)

    expect(ana.get_by_test_id("end-result")).to_have_text(f"{ana_name} wins!")
    expect(ana.get_by_test_id("end-why")).to_have_text(f"{ben_name} resigned.")
    expect(ben.get_by_test_id("end-result")).to_have_text(f"You resigned — {ana_name} wins!")
    expect(ben.get_by_test_id("end-why")).to_be_hidden()

    seats = outcome(ana, game_id)["seats"]
    assert seats[0]["change"] > 0 > seats[1]["change"]
    for page in (ana, ben):
        for seat in (0, 1):
            words = change_text(seats[seat])
            in_list = page.get_by_test_id("end-scores").locator("li").nth(seat)
            expect(in_list.get_by_test_id("rating-change")).to_contain_text(words)
            row = page.locator(f"[data-testid=player][data-seat='{seat}']")
            expect(row.get_by_test_id("rating-change")).to_contain_text(words)
            expect(row.get_by_test_id("rating")).to_have_count(0)  # no "new" badge left
        note = page.get_by_test_id("end-rating-note")
        expect(note).to_have_text(
            "“?”: provisional, fewer than 10 rated games of this kind so far. A game moves a "
            "rating by a few points: luck plays a large part in one game, so it says little "
            "about skill."
        )
        # One way to play on together, and one clearly different.
        expect(page.get_by_test_id("rematch")).to_have_text("Rematch")
        expect(page.get_by_test_id("play-again")).to_have_text("Invite them to a new table")
        expect(page.get_by_test_id("end-screen")).not_to_contain_text("Play again")
        expect(page.get_by_test_id("daily-link")).to_be_hidden()

    laid_out(ana, "rated-win-en", "a rated win")
    laid_out(ben, "resigned-en", "a resigned rated game")
    for language in LANGUAGES[1:]:
        for page, name in ((ana, "rated-win"), (ben, "resigned")):
            in_language(page, language)
            expect(page.get_by_test_id("end-rating-note")).to_be_visible()
            laid_out(page, f"{name}-{language}", f"{name} in {language}")
    expect(ben.get_by_test_id("end-result")).to_have_text(
        f"投了しました。{ana_name}の勝利です\uff01"
    )


def test_resigning_against_a_bot_says_who_resigned_and_who_won(
    new_context: ContextFactory,
) -> None:
    page, _ = person(new_context, "Ida")
    game_id = api_game([page], ["human", "bot:strong"])
    open_game(page, game_id)
    resign(page)
    expect(page.get_by_test_id("end-result")).to_have_text("You resigned — Hard bot wins!")
    expect(page.get_by_test_id("end-why")).to_be_hidden()
    bot_row = page.locator("[data-testid=player][data-seat='1']")
    expect(bot_row.get_by_test_id("rating")).to_be_visible()  # its fixed rating
    expect(bot_row.get_by_test_id("rating-change")).to_have_count(0)
    change = page.locator("[data-testid=player][data-seat='0'] [data-testid=rating-change]")
    expect(change).to_contain_text(change_text(outcome(page, game_id)["seats"][0]))


def test_the_daily_deal_ends_with_its_result_streak_and_no_rematch(
    new_context: ContextFactory, server: LiveServer
) -> None:
    server.app_state().daily.iterations = FEW_ITERATIONS
    mia, _ = person(new_context, "Mia")

    # A solo game that is not the daily deal keeps its rematch.
    open_game(mia, api_solo(mia))
    resign(mia)
    expect(mia.get_by_test_id("rematch")).to_be_visible()
    expect(mia.get_by_test_id("end-daily")).to_be_hidden()
    expect(mia.get_by_test_id("daily-link")).to_be_hidden()

    started = mia.request.post("/api/daily/chromino/games")
    assert started.ok, started.text()
    game_id = started.json()["game_id"]
    open_game(mia, game_id)
    play_out_as(mia, server, game_id)
    # The line says what GET /api/daily says of the attempt: its percentage of Hard's
    # result, or that it comes once Hard has played the deal.
    attempt = mia.request.get("/api/daily").json()["games"][0]["scored"]
    assert attempt["game_id"] == game_id and attempt["status"] == "finished"
    said = (
        "Your percentage appears when the Hard bot has played the deal."
        if attempt["percent"] is None
        else f"Today's scored game: {attempt['percent']} % of the Hard bot."
    )
    expect(mia.get_by_test_id("end-daily-result")).to_have_text(said)
    expect(mia.get_by_test_id("end-daily-streak")).to_have_text("Your streak: 1 day")
    expect(mia.get_by_test_id("daily-link")).to_have_attribute("href", "/daily")
    expect(mia.get_by_test_id("rematch")).to_be_hidden()
    expect(mia.get_by_test_id("play-again")).to_be_hidden()
    laid_out(mia, "daily-en", "the daily deal's end")
    for language in LANGUAGES[1:]:
        in_language(mia, language)
        expect(mia.get_by_test_id("end-daily")).to_be_visible()
        laid_out(mia, f"daily-{language}", f"the daily deal's end in {language}")
    in_language(mia, "en")

    # Practice of the same deal says so; the link goes back to the daily page.
    practice = mia.request.post("/api/daily/chromino/games").json()
    assert practice["scored"] is False
    open_game(mia, practice["game_id"])
    resign(mia)
    expect(mia.get_by_test_id("end-daily-result")).to_have_text(
        "A practice game of today's deal: not scored."
    )
    expect(mia.get_by_test_id("rematch")).to_be_hidden()
    mia.get_by_test_id("daily-link").click()
    expect(mia).to_have_url(re.compile(r"/daily$"))
