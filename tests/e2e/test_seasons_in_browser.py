"""A season in a browser: the organiser creates it with the list's "New season" form
(a refusal shown at its field first), three people join from the season's page and
each sees their division, and the page, with its schedule and the division's
standings, passes axe and is reached by the Tab key at 360 and 1280 px, with no
sideways scroll; screenshots in test-artifacts/e2e/season-*.png (looked at by eye)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize, unique_name
from support.browser.play import tab_to

NAMES = ("Ana", "Bo", "Cy")
PASSWORD = "correct horse battery"
LATER = "2030-01-10T18:30"
"""The first arena's start, typed in the organiser's zone (UTC, the browser's)."""


def create_with_the_form(page: Page) -> str:
    """The organiser's season, made with the list's form: three arenas a week apart,
    divisions of four, one up and one down; its id."""
    page.goto("/tournaments")
    page.get_by_text("New season").click()
    form = page.get_by_test_id("season-form")
    form.get_by_test_id("season-name").fill("Autumn league")
    form.locator("input[name=game][value=chromino]").check()
    form.get_by_test_id("season-starts").fill(LATER)
    form.get_by_test_id("season-division-size").fill("4")
    form.get_by_test_id("season-movers").fill("1")
    form.get_by_test_id("season-legs").fill("0")
    form.get_by_test_id("season-submit").click()
    expect(page.locator("#season-error-legs")).to_be_visible()  # refused at its field
    expect(form.get_by_test_id("season-legs")).to_have_attribute("aria-invalid", "true")
    form.get_by_test_id("season-legs").fill("3")
    shot(page, "form-360" if page.viewport_size == PHONE else "form-1280")
    form.get_by_test_id("season-submit").click()
    page.wait_for_url("**/seasons/*")
    return page.url.rsplit("/", 1)[1]


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"season-{name}.png"), full_page=True)


def join(new_context: ContextFactory, public_id: str, name: str) -> Page:
    """Someone who opens the season's page, names themselves and joins with its button."""
    page = new_context().new_page()
    page.goto(f"/seasons/{public_id}")
    assert page.request.put("/api/me/name", data={"name": unique_name(name)}).ok
    page.get_by_test_id("season-join").click()
    expect(page.get_by_test_id("my-division")).to_have_text(
        "You play in division 1. Enter your division's arena when it opens: "
        "each game adds to your season."
    )
    return page


COLUMNS_GAP_JS = """() => { const row = document.querySelector('[data-testid=season-row]');
    const cells = row.querySelectorAll('td'); const arenas = cells[cells.length - 2];
    const range = document.createRange(); range.selectNodeContents(arenas);
    const move = row.querySelector('[data-testid=season-move]');
    const words = document.createRange(); words.selectNodeContents(move);
    return words.getBoundingClientRect().left - range.getBoundingClientRect().right; }"""
"""The room between the text of a standings row's arenas count and its move's words."""


def columns_apart(page: Page) -> None:
    """A row's arenas count and its move never run together, even on a phone."""
    gap = page.evaluate(COLUMNS_GAP_JS)
    assert gap >= 10, f"the arenas column and the move's words are {gap:.1f} px apart"


def test_a_season_created_joined_and_read_at_both_sizes(new_context: ContextFactory) -> None:
    organiser, _ = person(new_context, "Org")
    assert organiser.request.put("/api/me/password", data={"password": PASSWORD}).ok
    public_id = create_with_the_form(organiser)
    expect(organiser.get_by_role("heading", level=1)).to_have_text("Autumn league Season 1")
    expect(organiser.get_by_test_id("season-leg")).to_have_count(3)
    expect(organiser.get_by_test_id("season-empty")).to_be_visible()
    people = [join(new_context, public_id, name) for name in NAMES]
    ana = people[0]
    ana.reload()
    rows = ana.get_by_test_id("season-row")
    expect(rows).to_have_count(len(NAMES))
    expect(ana.locator("tr.me")).to_have_count(1)
    expect(ana.get_by_test_id("season-move").first).to_have_text("out")  # nobody played
    for size, label in ((PHONE, "360"), (DESKTOP, "1280")):
        resize(ana, size)
        no_sideways_scroll(ana)
        columns_apart(ana)
        assert_accessible(ana, f"a season's page at {label} px")
        ana.locator("body").focus()
        tab_to(ana, "[data-testid=season-leave]")
        tab_to(ana, "[data-testid=season-name] a")  # the standings' first profile link
        shot(ana, f"page-{label}")
    organiser.goto("/tournaments")
    line = organiser.get_by_test_id("season-line")
    expect(line).to_contain_text("Autumn league · Season 1")
    expect(line.get_by_test_id("season-members")).to_have_text(f"{len(NAMES)} members")
    resize(organiser, PHONE)
    no_sideways_scroll(organiser)
    shot(organiser, "list-360")
    ana.get_by_test_id("season-leave").click()
    expect(ana.get_by_test_id("season-join")).to_be_visible()
    expect(ana.get_by_test_id("season-row")).to_have_count(len(NAMES) - 1)
