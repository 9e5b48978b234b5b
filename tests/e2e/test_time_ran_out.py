"""A turn-based clock that runs out, as the players see it: the move log and the late
player's row say their time ran out (to them: "your time ran out: a bot plays for
you"), each move the Hard bot makes in their seat is the bot's, in the log and in
"My games".

The server keeps a fake clock from the real time of its start; the test sweeps it
(tests/support/days.py) so that what came due is done when it returns."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from support.browser.axe import assert_accessible
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory, open_game
from support.browser.people import duel, no_sideways_scroll, person, resize
from support.days import sweep, tick
from support.fixtures import LiveServers
from support.live import LiveServer

DAY = 86400
NO_NIGHTS = {"start": 0, "end": 0}
SHOTS = Path("/tmp/shots/days")
WIDE = {"width": 1920, "height": 1080}
LANGUAGES = {
    "en": "your time ran out: a bot plays for you",
    "ru": "твоё время вышло: за тебя играет бот",
    "ja": "時間切れ\uff1aボットがあなたの代わりにプレイ中",
}
"""The late player's row, in each language the screenshots are taken in."""


@pytest.fixture(scope="module")
def server(serve: LiveServers) -> LiveServer:
    """A server on a fake clock whose sweep the test runs (its own rounds are far apart)."""
    return serve(
        own_origin=True,
        fake_clock=True,
        sweep_seconds=300,
        bot_seconds=0.05,
        bot_delay_seconds=0.2,
        coach=False,
    )


def awake_all_day(page: Page, zone: str = "UTC") -> None:
    changed = page.request.patch(
        "/api/me/preferences", data={"time_zone": zone, "quiet": NO_NIGHTS}
    )
    assert changed.ok, changed.text()


def speak(page: Page, language: str) -> None:
    assert page.request.patch("/api/me/preferences", data={"language": language}).ok


def row(page: Page, seat: int) -> Locator:
    return page.locator(f"[data-testid=player][data-seat='{seat}']")


def mover_of(page: Page, game_id: str) -> int:
    answer = page.request.get(f"/api/games/{game_id}")
    assert answer.ok, answer.text()
    return int(answer.json()["state"]["current"])


def inside(inner: Locator, outer: Locator) -> None:
    """The inner box lies within the outer one (nothing cut off or sticking out)."""
    box, frame = inner.bounding_box(), outer.bounding_box()
    assert box and frame, (box, frame)
    assert box["x"] >= frame["x"] - 0.5, (box, frame)
    assert box["x"] + box["width"] <= frame["x"] + frame["width"] + 0.5, (box, frame)


def within_window(element: Locator) -> None:
    """The element fits the window's width (it makes the page no wider)."""
    box = element.bounding_box()
    width = element.page.evaluate("() => window.innerWidth")
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (box, width)


def shoot(page: Page, stem: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{stem}.png"), full_page=True)


def test_a_run_out_clock_is_told_as_such_and_the_bots_moves_as_the_bots(
    new_context: ContextFactory, server: LiveServer
) -> None:
    ana, ana_name = person(new_context, "Ana")
    ben, ben_name = person(new_context, "Ben")
    for page in (ana, ben):
        awake_all_day(page)
    game_id, _ = duel(ana, ben, turn_days=1, on_timeout="substitute")
    sweep(server)
    late_seat = mover_of(ana, game_id)
    (late, late_name), (other, _) = (
        ((ana, ana_name), (ben, ben_name)) if late_seat == 0 else ((ben, ben_name), (ana, ana_name))
    )
    open_game(late, game_id)
    open_game(other, game_id)
    expect(row(other, late_seat).get_by_test_id("away-mark")).to_have_count(0)

    tick(server, DAY + 1)  # the late player's day passes: the Hard bot takes the seat

    told = f"Time ran out for {late_name}: a bot plays in their seat until they take it back."
    expect(other.locator("#move-log")).to_contain_text(told)
    expect(row(other, late_seat).get_by_test_id("away-mark")).to_have_text(
        "time ran out: a bot plays for them"
    )
    expect(late.locator("#move-log")).to_contain_text(
        "Your time ran out: a bot plays for you until you take your seat back."
    )
    expect(row(late, late_seat).get_by_test_id("away-mark")).to_have_text(
        "your time ran out: a bot plays for you"
    )
    expect(late.locator("#move-log")).not_to_contain_text("is away")
    expect(late.get_by_test_id("away-notice")).to_contain_text(
        "Your time ran out: a bot is playing for you."
    )

    # The bot's moves are the bot's: "The bot (for Ana) drew a tile", never "Ana drew".
    # (on a machine busy to its last cycle the Hard bot's worker may be starved: the move
    # then waits its grace before Medium plays it)
    expect(other.get_by_test_id("turn-indicator")).to_have_text("Your turn", timeout=30_000)
    bots = other.locator("#move-log li", has_text=f"The bot (for {late_name})")
    expect(bots.first).to_be_visible()
    moves = other.locator("#move-log li", has_text=re.compile(rf"^{re.escape(late_name)} "))
    expect(moves).to_have_count(0)

    # Opened afresh, the log is rebuilt from the moves: it still says why the bot plays.
    other.reload()
    expect(other.locator("#move-log")).to_contain_text(told)
    expect(other.locator("#move-log li").first).to_have_text(told)

    # My games: the last move was the bot's, for me / for them.
    bot_did = re.compile(r"The bot (played|drew|passed) for ")
    for page, whom in ((late, "you"), (other, late_name)):
        page.goto("/games")
        line = page.locator(f"[data-testid=my-game][data-game='{game_id}']")
        last = line.get_by_test_id("game-last")
        expect(last).to_contain_text(bot_did)
        expect(last).to_contain_text(f" for {whom} · ")
    late_line = late.locator(f"[data-testid=my-game][data-game='{game_id}']")
    expect(late_line.get_by_test_id("game-last")).not_to_contain_text("You ")

    # As the late player sees it, in three languages and three widths: the row's mark
    # stays inside the players' panel, the page never scrolls sideways.
    for language, mark in LANGUAGES.items():
        speak(late, language)
        for size in (PHONE, DESKTOP, WIDE):
            resize(late, size)
            open_game(late, game_id)
            away = row(late, late_seat).get_by_test_id("away-mark")
            expect(away).to_have_text(mark)
            inside(away, late.locator("#players"))
            shoot(late, f"game-{language}-{size['width']}")
            within_window(late.locator("#players"))
            late.goto("/games")
            expect(late.get_by_test_id("my-games-page")).to_have_attribute("data-loaded", "1")
            no_sideways_scroll(late)
            shoot(late, f"my-games-{language}-{size['width']}")
    speak(late, "en")
    resize(late, DESKTOP)
    open_game(late, game_id)
    assert_accessible(late, "the game page of a player whose time ran out")
