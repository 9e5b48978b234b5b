"""A person's profile in the browser, at a phone's and a desktop's width: the chart
drawn and readable, nothing scrolling sideways, axe-core clean, every link reached by
the keyboard (a tournament's podium and a season's result among them); a hidden rating,
and a new guest's empty profile.

Each scene is saved to test-artifacts/e2e/profile-*.png, to be looked at by eye."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize
from support.live import LiveServer
from support.profile_seed import History, Seat, bot

from web.db import Database, utcnow
from web.models import Preference, Season, SeasonMember, User
from web.tournaments import TournamentSpec, create_tournament, record_result, register, start_round

FOCUSED_LINK_JS = """() => { const node = document.activeElement;
    return node && node.closest('main') ? node.getAttribute('href') : null; }"""
"""Where the focus is, as a link of the page's main part (null: elsewhere)."""
PLACES = [1, 2, 1, 1, 2, 1, 2, 1, 1, 1, 2, 1, 1, 2]
"""The places of the rated duels seeded for each profile, in order."""


@pytest.fixture
def database(server: LiveServer) -> Iterator[Database]:
    """The live server's own database, to write a history into."""
    opened = Database(server.settings.database_url)
    yield opened
    opened.dispose()


def user_id(page: Page) -> int:
    answer = page.request.get("/api/me")
    assert answer.ok, answer.text()
    return int(answer.json()["id"])


def seed(database: Database, player: tuple[int, str], opponent: tuple[int, str]) -> None:
    """Rated duels with the Medium bot (past the provisional ones), a casual game of
    Triominos of three, an expert-scored duel, a solo game and the coach's notes."""
    me, them = Seat(player[1], player[0]), Seat(opponent[1], opponent[0])
    with database.session() as session:
        history = History(session)
        history.arrived(player[0], opponent[0])
        rated = [
            history.game([me, bot("greedy")], winners=[0] if place == 1 else [1],
                         rated_pool="chromino")
            for place in PLACES
        ]  # fmt: skip
        history.game([them, me, bot("random")], kind="triominos", winners=[1], scores=[90, 180, 60])
        history.game([me, them], options={"scoring": "expert"}, scores=[41, 30], turns=[10, 12])
        history.game([me], solo=True, spectators=False, turns=[13], draws=[3])
        history.analysis(rated[-1], [(0, 0.0), (1, 0.0), (0, 0.2), (0, 0.0)])
    won_a_tournament(database, player[0], opponent[0])
    finished_a_season(database, player[0], opponent[0])


def finished_a_season(database: Database, winner: int, runner_up: int) -> None:
    """A season that has ended, as its end stores it: the winner of division 2 went up,
    the runner-up stayed (how a season gets there is the server tests' part)."""
    now = utcnow()
    with database.session() as session:
        season = Season(
            public_id=f"league-{winner}",
            name="Winter league",
            number=3,
            kind="chromino",
            options={},
            organiser_id=runner_up,
            starts_at=now - timedelta(days=21),
            legs=3,
            every_days=7,
            division_size=8,
            movers=2,
            status="finished",
            settings={"smallest": 2, "largest": 4, "rated": False, "window_minutes": 60},
            created_at=now - timedelta(days=22),
            finished_at=now,
        )
        session.add(season)
        session.flush()
        for user, place, move in ((winner, 1, "up"), (runner_up, 2, "stay")):
            session.add(
                SeasonMember(
                    season_id=season.id,
                    user_id=user,
                    division=2,
                    joined_at=season.created_at,
                    place=place,
                    points=6.0 - place,
                    move=move,
                )
            )
        session.commit()


def won_a_tournament(database: Database, winner: int, runner_up: int) -> None:
    """A public tournament of one duel, won by ``winner``: a trophy for each of them."""
    now = utcnow()
    with database.session() as session:
        spec = TournamentSpec(name="Spring open", kind="chromino", largest=2, rounds=1)
        made = create_tournament(session, session.get_one(User, runner_up), spec, now)
        for user in (winner, runner_up):
            register(session, made.public_id, session.get_one(User, user), now)
        seats = start_round(session, made.public_id, now).tables[0]
        ranks = [0 if entry == 1 else 1 for entry in seats]
        record_result(session, made.public_id, 1, 1, ranks=ranks, scores=[0, -2], now=now)


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"profile-{name}.png"), full_page=True)


def chart_is_drawn(page: Page, width: int) -> None:
    """The chart shows, wide enough to read, its labels inside the page."""
    chart = page.get_by_test_id("rating-chart").first
    expect(chart).to_be_visible()
    plot = page.get_by_test_id("chart-plot").first
    box = plot.bounding_box()
    assert box is not None
    # the page's width but for the labels and margins on a phone; wide, not all of it,
    # on a desktop (a line across a whole screen is hard to follow)
    assert box["width"] >= min(width - 120, 600), box
    assert box["height"] >= 120, box
    for label in page.get_by_test_id("rating-tick").all():
        tick = label.bounding_box()
        assert tick is not None and tick["x"] >= 0, tick
        font = label.evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)")
        assert font >= 12, font  # a label a person reads, not a shrunken picture


def test_a_profile_at_a_phones_and_a_desktops_width(
    new_context: ContextFactory, database: Database
) -> None:
    ana_page, ana_name = person(new_context, "Ana")
    ben_page, ben_name = person(new_context, "Ben")
    cleo, _ = person(new_context, "Cleo")
    ana, ben = user_id(ana_page), user_id(ben_page)
    seed(database, (ana, ana_name), (ben, ben_name))

    cleo.goto(f"/players/{ana}")
    expect(cleo.get_by_test_id("profile-name")).to_have_text(ana_name)
    expect(cleo.get_by_test_id("trophy")).to_have_attribute("data-place", "1")
    expect(cleo.get_by_test_id("season-result")).to_have_attribute("data-move", "up")
    expect(cleo.get_by_test_id("season-result")).to_contain_text("Winter league, season 3")
    rating = cleo.request.get(f"/api/players/{ana}/profile").json()["ratings"][0]["rating"]
    expect(cleo.get_by_test_id("rating-number")).to_have_text(str(rating))
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        resize(cleo, size)
        no_sideways_scroll(cleo)
        chart_is_drawn(cleo, size["width"])
        assert_accessible(cleo, f"a profile at {size['width']} px")
        shoot(cleo, f"rated-{name}")
        cleo.get_by_test_id("pool-rating").first.screenshot(
            path=str(ARTIFACTS / f"profile-chart-{name}.png")
        )

    # The table of the latest ratings, opened: the text beside the picture.
    cleo.get_by_test_id("rating-chart").first.locator(
        "xpath=following-sibling::details[1]/summary"
    ).click()
    expect(cleo.get_by_test_id("chart-row")).to_have_count(10)
    no_sideways_scroll(cleo)
    assert_accessible(cleo, "a profile at 360 px, the table of ratings open")
    shoot(cleo, "rated-phone-table")

    # Every link is reached with the Tab key: the replays, the other player's profile.
    resize(cleo, DESKTOP)
    links = cleo.locator("main a[href]")
    wanted = {link.get_attribute("href") for link in links.all()}
    assert any(href and href.startswith(f"/players/{ben}") for href in wanted), wanted
    assert sum(1 for href in wanted if href and href.endswith("/replay")) == len(
        cleo.get_by_test_id("recent-game").all()
    )
    cleo.locator("main").focus()
    reached: set[str | None] = set()
    for _ in range(80):
        cleo.keyboard.press("Tab")
        focused = cleo.evaluate(FOCUSED_LINK_JS)
        if focused is not None:
            reached.add(focused)
            outline = cleo.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
            assert outline == "solid", (focused, outline)
        if wanted <= reached:
            break
    assert wanted <= reached, wanted - reached

    # In Russian and Japanese on a phone (long words, other scripts): still no sideways
    # scroll, the chart's labels in place.
    for locale in ("ru-RU", "ja-JP"):
        reader = new_context(viewport=PHONE, locale=locale).new_page()
        reader.goto(f"/players/{ana}")
        expect(reader.locator("html")).to_have_attribute("lang", locale[:2])
        no_sideways_scroll(reader)
        chart_is_drawn(reader, PHONE["width"])
        assert_accessible(reader, f"a profile in {locale} at 360 px")
        shoot(reader, f"rated-phone-{locale[:2]}")

    # A link to another player's profile opens it.
    cleo.locator(f"main a[href='/players/{ben}']").first.click()
    expect(cleo.get_by_test_id("profile-name")).to_have_text(ben_name)


def test_a_hidden_rating_and_an_empty_profile(
    new_context: ContextFactory, database: Database
) -> None:
    dan_page, dan_name = person(new_context, "Dan")
    eve_page, eve_name = person(new_context, "Eve")
    dan, eve = user_id(dan_page), user_id(eve_page)
    seed(database, (dan, dan_name), (eve, eve_name))
    with database.session() as session:
        preference = session.get(Preference, dan)
        assert preference is not None
        preference.hide_rating = True

    eve_page.goto(f"/players/{dan}")
    expect(eve_page.get_by_test_id("rating-hidden")).to_be_visible()
    expect(eve_page.get_by_test_id("guest-mark")).to_have_text("guest")
    expect(eve_page.get_by_test_id("rating-chart")).to_have_count(0)
    resize(eve_page, PHONE)
    no_sideways_scroll(eve_page)
    assert_accessible(eve_page, "a hidden rating, seen by another")
    shoot(eve_page, "hidden-phone")

    dan_page.goto(f"/players/{dan}")
    expect(dan_page.get_by_test_id("rating-hidden-note")).to_be_visible()
    expect(dan_page.get_by_test_id("rating-chart")).to_be_visible()
    assert_accessible(dan_page, "a hidden rating, seen by its owner")
    shoot(dan_page, "hidden-own-desktop")

    # A guest who has played nothing: every part says so.
    newcomer = new_context(viewport=PHONE).new_page()
    newcomer.goto("/rules")
    guest = newcomer.request.post("/api/me")
    assert guest.ok, guest.text()
    newcomer.goto(f"/players/{guest.json()['id']}")
    for part in ("no-ratings", "no-games", "no-solo-best", "no-recent", "no-coach"):
        expect(newcomer.get_by_test_id(part)).to_be_visible()
    expect(newcomer.get_by_test_id("profile-name")).to_have_text(guest.json()["name"])
    expect(newcomer.get_by_test_id("guest-mark")).to_have_count(0)  # the name says it
    expect(newcomer.get_by_test_id("no-games").get_by_role("link")).to_have_attribute("href", "/")
    no_sideways_scroll(newcomer)
    assert_accessible(newcomer, "a new guest's own profile at 360 px")
    shoot(newcomer, "guest-phone")

    # An id that names nobody: the page says so, with the way back.
    newcomer.goto("/players/987654321")
    expect(newcomer.get_by_test_id("not-found")).to_be_visible()
    assert_accessible(newcomer, "no such player")
