"""Dates and zones as a reader reads them: days away on the game page say the last day
away as the Preferences page does (not the morning after), dates follow the browser's
region (an Indian English or Hindi browser reads Indian dates, with the English
catalog for Hindi), and a zone is named by its current IANA name ("Asia/Kolkata",
never Chromium's "Asia/Calcutta"). The suite's server, on the real clock: the browser
and the server agree on what today is."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Locator, Page, expect
from support.browser.gameplay import ContextFactory, open_game
from support.browser.people import duel, person

NO_NIGHTS = {"start": 0, "end": 0}


def awake_all_day(page: Page, zone: str = "UTC") -> None:
    changed = page.request.patch(
        "/api/me/preferences", data={"time_zone": zone, "quiet": NO_NIGHTS}
    )
    assert changed.ok, changed.text()


def row(page: Page, seat: int) -> Locator:
    return page.locator(f"[data-testid=player][data-seat='{seat}']")


def test_days_away_say_the_last_day_on_the_game_page_as_on_the_preferences(
    new_context: ContextFactory,
) -> None:
    """An Indian English reader declares two days away from today: the game page's
    "away until the end of …" names the second day (not the morning after it), in the
    same words as Preferences, in Indian English dates (day before month)."""
    zone = "Asia/Kolkata"
    ana, _ = person(new_context, "Ana", locale="en-IN", timezone_id=zone)
    ben, _ = person(new_context, "Ben")
    awake_all_day(ana, zone)
    awake_all_day(ben)
    game_id, _ = duel(ana, ben, turn_days=2)
    today = datetime.now(UTC).astimezone(ZoneInfo(zone)).date()
    away = ana.request.post("/api/me/vacations", data={"starts": today.isoformat(), "days": 2})
    assert away.ok, away.text()

    ana.goto("/preferences")
    listed = ana.get_by_test_id("away-item").first
    expect(listed).to_contain_text("Away now, until the end of ")
    day = listed.inner_text().split("until the end of ", 1)[1].split("\n")[0].strip()
    second = today.day + 1 if today.day < 28 else None
    if second is not None:
        assert re.match(rf"^\w{{3}},? {second} \w{{3}}", day), day  # "Mon, 7 Dec": Indian order

    open_game(ana, game_id)
    seat = 0  # Ana made the table
    expect(row(ana, seat).get_by_test_id("away-until")).to_have_text(f"away until the end of {day}")
    open_game(ben, game_id)  # Ben's browser (en-US, the suite's) reads US dates
    words = row(ben, seat).get_by_test_id("away-until").inner_text()
    assert words.startswith("away until the end of "), words


_ZONE_STORED_JS = """async (zone) => {
  const answer = await fetch('/api/me/preferences');
  return answer.ok && (await answer.json()).time_zone === zone;
}"""
"""Whether the server holds ``zone`` as my time zone (the header sends the browser's
without waiting for it, so a page loaded at once may still show the old one)."""


@pytest.mark.parametrize("locale", ["en-IN", "hi-IN"])
def test_an_indian_browser_reads_indian_dates_and_the_current_zone_name(
    new_context: ContextFactory, locale: str
) -> None:
    """The browser says "Asia/Calcutta" (Chromium's name); the server keeps and the page
    shows "Asia/Kolkata". A Hindi browser gets the English catalog, in India's formats."""
    page = new_context(locale=locale, timezone_id="Asia/Kolkata").new_page()
    page.goto("/rules")
    assert page.request.post("/api/me").ok
    page.goto("/rules")  # the header tells the server the browser's zone, in a while
    page.wait_for_function(_ZONE_STORED_JS, arg="Asia/Kolkata", polling=100)
    page.goto("/preferences")
    field = page.get_by_test_id("time-zone")
    expect(field).to_have_value("Asia/Kolkata")
    expect(page.get_by_test_id("device-zone")).to_have_text(
        "This device's time zone: Asia/Kolkata."
    )
    expect(page.get_by_test_id("use-device-zone")).to_be_hidden()
    assert page.evaluate("() => document.documentElement.lang") == "en"
    options = page.locator("#time-zones option")
    assert options.evaluate_all("(all) => all.some((o) => o.value === 'Asia/Kolkata')")
    assert not options.evaluate_all("(all) => all.some((o) => o.value === 'Asia/Calcutta')")
    # Dates in India's order, day before month ("Tue, 4 Mar 2031"; the US's "Mar 4").
    page.get_by_test_id("away-starts").fill("2031-03-04")
    page.get_by_test_id("away-days").fill("2")
    expect(page.get_by_test_id("away-preview")).to_have_text(
        re.compile(r"^From \w{3},? 4 Mar,? 2031 to \w{3},? 5 Mar,? 2031$")
    )
