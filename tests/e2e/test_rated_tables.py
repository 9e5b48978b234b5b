"""Rated or casual in the browser: the create-table form asks (rated by default, each
choice saying what it means, no choice for a table of one seat, casual only with open
hands, saying why), and the table page and the lobby's open tables say which. At a
phone's width and a desktop's, axe-core clean."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from support.browser.axe import assert_accessible
from support.browser.chromium import ARTIFACTS
from support.browser.gameplay import DESKTOP, PHONE, ContextFactory
from support.browser.people import no_sideways_scroll, person, resize


def table_code(page: Page) -> str:
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    return page.url.rsplit("/t/", 1)[1]


def test_the_form_asks_rated_or_casual_and_the_pages_say_which(
    new_context: ContextFactory,
) -> None:
    host, _ = person(new_context, "Host")
    host.goto("/")
    form = host.locator("#create-form")
    choice = host.get_by_test_id("rated-choice")
    rated, casual = host.get_by_test_id("rated-rated"), host.get_by_test_id("rated-casual")
    expect(choice).to_be_visible()
    expect(choice).to_contain_text("Rated or casual")
    expect(rated).to_be_checked()
    expect(host.get_by_label("Rated", exact=False).first).to_be_visible()
    expect(choice).to_contain_text("The result changes the players' ratings.")
    expect(choice).to_contain_text("Just for fun: nobody's rating changes.")

    # A table of one seat is casual: no choice to make.
    form.locator("#seat-count").select_option("1")
    expect(choice).to_be_hidden()
    form.locator("#seat-count").select_option("2")
    expect(choice).to_be_visible()

    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        resize(host, size)
        choice.scroll_into_view_if_needed()
        no_sideways_scroll(host)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        form.screenshot(path=str(ARTIFACTS / f"rated-choice-{name}.png"))
        assert_accessible(host, f"the lobby's form with the rated choice ({name})")

    # Casual, through the form: the table says so, and so does the server.
    casual.check()
    form.get_by_role("button", name="Create the table").click()
    code = table_code(host)
    said = host.get_by_test_id("table-rated")
    expect(said).to_have_text("Casual · Just for fun: nobody's rating changes.")
    resize(host, PHONE)
    host.screenshot(path=str(ARTIFACTS / "rated-table-phone.png"), full_page=True)
    no_sideways_scroll(host)
    resize(host, DESKTOP)
    assert host.request.get(f"/api/tables/{code}").json()["rated"] is False

    # Rated (the default) and listed: the lobby's line says so to someone else.
    host.goto("/")
    form.locator("[name=public]").check()
    form.get_by_role("button", name="Create the table").click()
    listed_code = table_code(host)
    expect(host.get_by_test_id("table-rated")).to_contain_text("Rated")
    assert host.request.get(f"/api/tables/{listed_code}").json()["rated"] is True
    visitor, _ = person(new_context, "Visitor")
    visitor.goto("/")
    line = visitor.locator(f"#open-tables li:has(a[href='/t/{listed_code}'])")
    expect(line.get_by_test_id("table-rated")).to_have_text("Rated")

    # Open hands cannot be rated: the form says so and makes the table casual, until
    # they are off again (the creator's choice comes back).
    host.goto("/")
    why = host.get_by_test_id("rated-why")
    expect(why).to_be_hidden()
    form.locator("[name=open_hands]").check()
    expect(rated).to_be_disabled()
    expect(casual).to_be_checked()
    expect(why).to_have_text("These rules cannot be rated: the table is casual.")
    assert_accessible(host, "the lobby's form, open hands: casual only")
    form.locator("[name=open_hands]").uncheck()
    expect(rated).to_be_enabled()
    expect(rated).to_be_checked()
    expect(why).to_be_hidden()
    form.locator("[name=open_hands]").check()
    form.get_by_role("button", name="Create the table").click()
    open_code = table_code(host)
    table = host.request.get(f"/api/tables/{open_code}").json()
    assert (table["options"]["open_hands"], table["rated"]) == (True, False)
    expect(host.get_by_test_id("table-rated")).to_contain_text("Casual")
